//! The command line as a newcomer meets it: inputs pasted in every usual spelling, the genre
//! read from a URL, one set of option names across verbs, JSON on every error with `--json`,
//! bounded `compare`, completions and a manual page.

mod common;
use common::*;

const URL: &str = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";

/// The published answer of the 6×6 (cspuz_core's example).
fn answer() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/models/heyawake/cspuz_6x6.answer"
    ))
    .unwrap()
}

#[test]
fn a_url_is_taken_in_every_spelling_users_paste_and_names_its_genre() {
    let pasted = [
        vec!["solve", "heyawake", URL],
        vec!["solve", URL],
        vec![
            "solve",
            "heyawake",
            "puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k",
        ],
        vec![
            "solve",
            "heyawake",
            " https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k\n",
        ],
        vec![
            "solve",
            "https://puzz.link/p%3Fheyawake%2F6%2F6%2Faa66aapv0fu0g2i3k",
        ],
        vec!["solve", "pzv.jp/p.html?heyawake/6/6/aa66aapv0fu0g2i3k"],
    ];
    for args in pasted {
        let out = puzzlec(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.starts_with(answer().trim_end()), "{args:?}: {text}");
        assert!(text.trim_end().ends_with("unique"), "{args:?}: {text}");
    }
    let out = puzzlec(&["export", URL, "--format", "url"]);
    assert_eq!(stdout(&out).trim(), URL);
}

#[test]
fn an_inline_fumen_is_a_puzzle_for_every_verb() {
    let fumen = "v115@9gD8FeD8FeD8FeD8PeAgH";
    for verb in ["solve", "count"] {
        let out = puzzlec(&[verb, "tetromino", fumen]);
        assert_eq!(out.status.code(), Some(0), "{verb}: {}", stderr(&out));
    }
    let out = puzzlec(&["export", "tetromino", fumen, "--format", "dimacs"]);
    assert!(stdout(&out).contains("p cnf"), "{}", stderr(&out));
}

#[test]
fn the_genre_is_checked_before_the_input_and_a_missing_genre_is_explained() {
    let out = puzzlec(&["solve", "tapa", "x.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown genre `tapa`"),
        "{}",
        stderr(&out)
    );
    let out = puzzlec(&["solve", "models/heyawake/seed004.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot tell the genre"),
        "{}",
        stderr(&out)
    );
    let out = puzzlec(&["solve", "heyawake"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("missing the puzzle"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_cut_short_or_overlong_url_body_is_an_error_at_its_column() {
    let out = puzzlec(&["solve", "https://puzz.link/p?heyawake/6/6/aa66"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("URL:1:38:"), "{}", stderr(&out));
    let out = puzzlec(&[
        "solve",
        "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3kzz",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("URL:1:51:"), "{}", stderr(&out));
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = std::env::temp_dir().join(format!("puzzlec-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bom.txt");
    let seed = include_str!("../models/heyawake/seed004.txt");
    std::fs::write(&file, format!("\u{feff}{seed}")).unwrap();
    let out = puzzlec(&["solve", "heyawake", file.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn with_json_every_error_is_a_json_object_on_stdout() {
    for args in [
        vec!["solve", "heyawake", "no-such-file.txt", "--json"],
        vec!["count", "tapa", "x", "--json"],
        vec!["solve", "heyawake", URL, "--json", "--no-such-option"],
        vec![
            "solve",
            "heyawake",
            URL,
            "--json",
            "-f",
            "connectivity=nope",
        ],
        vec!["tetromino", "list", "no-such-file.txt", "--json"],
        vec!["nonogram", "logic", "no-such-file.non", "--json"],
    ] {
        let out = puzzlec(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let v: serde_json::Value = serde_json::from_str(stdout(&out).trim())
            .unwrap_or_else(|e| panic!("{args:?}: stdout is not JSON ({e}): {}", stdout(&out)));
        assert_eq!(v["exit"], 2, "{args:?}");
        assert!(
            v["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{args:?}"
        );
    }
}

#[test]
fn option_names_are_the_same_on_every_verb() {
    let out = puzzlec(&[
        "tetromino",
        "list",
        "models/tetromino/4x4.txt",
        "-b",
        "batsat",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = puzzlec(&[
        "tetromino",
        "list",
        "models/tetromino/4x4.txt",
        "--solver",
        "native",
    ]);
    assert_eq!(out.status.code(), Some(0), "the old spelling still works");
    let out = puzzlec(&[
        "nonogram",
        "logic",
        "models/nonogram/webpbn-0006.non",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["verdict"], "solved");
    for verb in [
        vec!["nonogram", "from-picture", "--help"],
        vec!["skeleton", "generate", "--help"],
        vec!["export", "--help"],
    ] {
        let help = stdout(&puzzlec(&verb));
        assert!(help.contains("-b, --backend"), "{verb:?}: {help}");
        assert!(help.contains("[default: batsat]"), "{verb:?}: {help}");
    }
    let help = stdout(&puzzlec(&["skeleton", "generate", "--help"]));
    assert!(help.contains("-f, --formulation"), "{help}");
    let backends = stdout(&puzzlec(&["backends"]));
    assert_eq!(backends.matches("\n  native ").count(), 1, "{backends}");
    assert!(backends.contains("nonogram, tetromino only"), "{backends}");
}

#[test]
fn compare_states_its_plan_and_keeps_to_its_budget() {
    let out = puzzlec(&[
        "compare",
        "heyawake",
        "models/heyawake/cspuz_6x6.url",
        "--backends",
        "varisat,batsat",
        "-t",
        "30",
        "--budget",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let plan = stderr(&out);
    // connectivity lazy/tree/flow × two backends, and the propagator on batsat, 30 s each.
    assert!(
        plan.contains("7 runs (1 inputs) × up to 30s each = 3m 30s worst case"),
        "{plan}"
    );
    assert_eq!(stdout(&out).matches("skipped (budget spent)").count(), 7);
    let help = stdout(&puzzlec(&["compare", "--help"]));
    assert!(help.contains("`all` also varies `card`"), "{help}");
}

#[test]
fn completions_and_the_manual_page_come_from_the_command_line_definition() {
    let bash = stdout(&puzzlec(&["completions", "bash"]));
    assert!(bash.contains("complete -F _puzzlec"), "{bash}");
    assert!(bash.contains("formulations"), "every verb is completed");
    let man = stdout(&puzzlec(&["man"]));
    assert!(
        man.starts_with(".ie") || man.contains(".TH puzzlec 1"),
        "{man}"
    );
    assert!(man.contains("compare"), "{man}");
}

#[test]
fn a_native_solver_of_other_genres_is_named_and_count_json_has_a_count() {
    let out = puzzlec(&["solve", "heyawake", URL, "-b", "native"]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("own search of nonogram, tetromino only; heyawake has none"),
        "{e}"
    );
    let out = puzzlec(&[
        "count",
        "tetromino",
        "models/tetromino/4x10.txt",
        "--max",
        "3",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["complete"].as_bool()),
        (Some(3), Some(false))
    );
    assert_eq!(v["stopped"], "max");
}

#[test]
fn a_url_is_recognised_by_its_shape_and_its_errors_have_a_column() {
    for shaped in [
        "HTTPS://PUZZ.LINK/p?heyawake/6/6/aa66aapv0fu0g2i3k",
        "https:/puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k",
    ] {
        let o = puzzlec(&["solve", shaped]);
        assert_eq!(o.status.code(), Some(0), "{shaped}: {}", stderr(&o));
        assert_eq!(
            stdout(&o).trim(),
            answer().trim().to_string() + "\n\nunique"
        );
    }
    let o = puzzlec(&[
        "solve",
        "heyawake",
        "https://puzz.link/p?heyawake/6/6/aa%FF",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("error: URL:1:36: "),
        "{}",
        stderr(&o)
    );
    // A body longer than a file name may be is still read as a URL.
    let long = format!("https://puzz.link/p?heyawake/6/6/{}", "a".repeat(4000));
    let o = puzzlec(&["solve", "heyawake", &long]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: URL:1:"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("too long"), "{}", stderr(&o));
}

#[test]
fn facts_of_a_loop_genre_are_per_point_in_its_own_notation() {
    let o = puzzlec(&[
        "solve",
        "slitherlink",
        "models/slitherlink/blank_2x3.txt",
        "--facts",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let solutions = v["solutions"].as_array().unwrap();
    assert!(solutions.len() > 1, "{v}");
    for (r, fact) in v["facts"].as_array().unwrap().iter().enumerate() {
        let fact: Vec<&str> = fact.as_str().unwrap().split(' ').collect();
        for (i, token) in fact.iter().enumerate() {
            let all: Vec<String> = (solutions.iter())
                .map(|s| {
                    s[r].as_str()
                        .unwrap()
                        .split(' ')
                        .nth(i)
                        .unwrap()
                        .to_string()
                })
                .collect();
            match all.iter().all(|t| t == &all[0]) {
                true => assert_eq!(*token, all[0], "row {r} point {i}"),
                false => assert_eq!(*token, "?", "row {r} point {i}"),
            }
        }
    }
}

#[cfg(unix)]
#[test]
fn the_time_limit_covers_reading_the_input() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = std::env::temp_dir().join(format!("puzzlec-cli-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("puzzle");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let fifo = fifo.display().to_string();
    let bin = env!("CARGO_BIN_EXE_puzzlec");
    let cases: [&[&str]; 3] = [
        &["solve", "nonogram", &fifo, "--timeout", "1"],
        &["solve", "nonogram", "-", "--timeout", "1"],
        &[
            "solve",
            "nonogram",
            "--inputs-from",
            &fifo,
            "--timeout",
            "1",
        ],
    ];
    for args in cases {
        let start = Instant::now();
        // Standard input is a pipe nobody writes to (and nobody closes while the run lasts).
        let mut child = Command::new(bin)
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if start.elapsed() > Duration::from_secs(15) {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let seconds = start.elapsed().as_secs_f64();
        assert_eq!(
            status.and_then(|s| s.code()),
            Some(3),
            "{args:?} after {seconds} s"
        );
        assert!(seconds < 5.0, "{args:?} took {seconds} s");
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_url_flag_that_changes_the_rules_is_refused_not_dropped() {
    // pzprxs's `f` (masyu `loop_full`, slither `slither_full`): the loop passes every cell or
    // every vertex. puzzlec does not implement that rule, so it must refuse, naming the flag.
    for (url, col) in [
        ("https://pzprxs.vercel.app/p?masyu/f/4/4/0003i0", 35),
        ("https://pzprxs.vercel.app/p?slither/f/3/3/gdk", 37),
    ] {
        let o = puzzlec(&["solve", url]);
        assert_eq!(o.status.code(), Some(2), "{url}: {}", stdout(&o));
        let e = stderr(&o);
        assert!(
            e.starts_with(&format!("error: URL:1:{col}: ")),
            "{url}: {e}"
        );
        assert!(e.contains("flag `f`"), "{url}: {e}");
        assert!(!stdout(&o).contains("multiple"), "{url}");
    }
}

/// A scratch file holding `text`, named for the test.
fn scratch_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlec-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    file
}

/// URLs of four genres: each names its own (the nurikabe's clues 2 and 8 touch: no solution).
const MIXED: &[(&str, &str, &str)] = &[
    (URL, "heyawake", "unique"),
    (
        "https://puzz.link/p?masyu/6/6/1063000i3000",
        "masyu",
        "unique",
    ),
    (
        "https://puzz.link/p?slitherlink/5/5/cbcbcddad",
        "slitherlink",
        "unique",
    ),
    (
        "https://puzz.link/p?nurikabe/7/7/g2g6h5g8g",
        "nurikabe",
        "none",
    ),
];

#[test]
fn a_list_of_urls_of_several_genres_runs_without_a_genre() {
    let list: Vec<&str> = MIXED.iter().map(|(url, ..)| *url).collect();
    let file = scratch_file("mixed.txt", &(list.join("\n") + "\n"));
    let out = puzzlec(&["solve", "--inputs-from", file.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = (stdout(&out).lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), MIXED.len() + 1, "{}", stdout(&out));
    for ((url, genre, verdict), line) in MIXED.iter().zip(&lines) {
        assert_eq!(
            (line["input"].as_str(), line["genre"].as_str()),
            (Some(*url), Some(*genre))
        );
        assert_eq!(line["verdict"].as_str(), Some(*verdict), "{line}");
    }
    assert_eq!(lines[MIXED.len()]["summary"]["inputs"], MIXED.len());
    // Every usage line marks the genre optional where an input can name it.
    for verb in ["solve", "count", "export"] {
        let help = stdout(&puzzlec(&[verb, "--help"]));
        assert!(
            help.contains(&format!("puzzlec {verb} [OPTIONS] [GENRE]")),
            "{help}"
        );
    }
    let out = puzzlec(&["solve"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("missing the puzzle"),
        "{}",
        stderr(&out)
    );
}

/// One invocation of every verb with `--json`, with the exit code it gives.
fn every_verb_with_json() -> Vec<(Vec<&'static str>, i32)> {
    vec![
        (vec!["genres", "--json"], 0),
        (vec!["backends", "--json"], 0),
        (vec!["formulations", "heyawake", "--json"], 0),
        (vec!["solve", URL, "--json"], 0),
        (vec!["count", URL, "--json"], 0),
        (vec!["export", URL, "--format", "dimacs", "--json"], 0),
        (vec!["export", URL, "--format", "url", "--json"], 0),
        (vec!["export", URL, "--format", "json", "--json"], 0),
        (
            vec![
                "compare",
                "heyawake",
                URL,
                "--backends",
                "batsat",
                "-f",
                "connectivity=lazy",
                "--json",
            ],
            0,
        ),
        (vec!["completions", "bash", "--json"], 0),
        (vec!["man", "solve", "--json"], 0),
        (
            vec![
                "nonogram",
                "logic",
                "models/nonogram/webpbn-0001.non",
                "--json",
            ],
            0,
        ),
        (
            vec![
                "nonogram",
                "from-picture",
                "models/nonogram/art.txt",
                "--json",
            ],
            0,
        ),
        (vec!["nonogram", "dom", "2", "--json"], 0),
        (
            vec![
                "tetromino",
                "list",
                "models/tetromino/4x4.txt",
                "--count",
                "--json",
            ],
            0,
        ),
        (
            vec![
                "skeleton",
                "generate",
                "--words",
                "models/skeleton/words-en.txt",
                "--size",
                "5x5",
                "--time",
                "1",
                "--json",
            ],
            -1, // 0 with a puzzle, 1 without one in the time given: JSON either way
        ),
    ]
}

#[test]
fn every_verb_takes_json_and_prints_json() {
    for (args, code) in every_verb_with_json() {
        let out = puzzlec(&args);
        if code >= 0 {
            assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
        }
        let text = stdout(&out);
        let v: serde_json::Value = serde_json::from_str(text.trim())
            .unwrap_or_else(|e| panic!("{args:?}: stdout is not one JSON value ({e}): {text}"));
        assert!(v.is_object() || v.is_array(), "{args:?}: {v}");
    }
    // That every command of the tree has the flag, new genres' verbs included, is
    // `cli::tests::every_command_takes_json`.
}

#[test]
fn line_logic_json_calls_its_grid_grid_as_rows_means_lp_rows_in_stats() {
    let out = puzzlec(&[
        "nonogram",
        "logic",
        "models/nonogram/webpbn-0001.non",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert!(v["grid"].as_array().is_some_and(|g| !g.is_empty()), "{v}");
    assert!(v.get("rows").is_none(), "{v}");
    let out = puzzlec(&["solve", URL, "--json", "-b", "microlp"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert!(v["stats"]["rows"].as_u64().is_some_and(|r| r > 0), "{v}");
}

#[test]
fn a_mistyped_genre_is_suggested_by_every_verb_that_takes_one() {
    let list = scratch_file("typo.txt", &format!("{URL}\n"));
    let list = list.to_str().unwrap();
    for args in [
        vec!["solve", "nurikab", URL],
        vec!["solve", "nurikab"],
        vec!["count", "nurikab", URL],
        vec!["export", "nurikab", URL, "--format", "dimacs"],
        vec!["compare", "nurikab", "no-such-file.txt"],
        vec!["formulations", "nurikab"],
        vec!["solve", "nurikab", "--inputs-from", list],
        vec!["solve", "nurikab", URL, URL],
    ] {
        let out = puzzlec(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("did you mean `nurikabe`?"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn bash_completion_offers_genres_backends_formulations_and_files() {
    if !on_path("bash") {
        eprintln!("skipped: no bash");
        return;
    }
    let script = stdout(&puzzlec(&["completions", "bash"]));
    let file = scratch_file("puzzlec.bash", &script);
    // What bash offers for the words typed so far, as a user pressing TAB would get it.
    let offered = |words: &str| -> Vec<String> {
        let driver = format!(
            "source {}\nCOMP_WORDS=({words})\nCOMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))\n\
             _puzzlec puzzlec \"${{COMP_WORDS[-1]}}\" \"${{COMP_WORDS[-2]}}\" 2>/dev/null\n\
             printf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
            file.display()
        );
        let out = std::process::Command::new("bash")
            .args(["-c", &driver])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        stdout(&out).lines().map(String::from).collect()
    };
    assert_eq!(offered("puzzlec solve nuri"), ["nurikabe"]);
    assert!(offered("puzzlec formulations ''").contains(&"heyawake".to_string()));
    let backends = offered("puzzlec solve --backend ''");
    for b in ["batsat", "varisat", "microlp", "native"] {
        assert!(backends.contains(&b.to_string()), "{b}: {backends:?}");
    }
    assert_eq!(offered("puzzlec count -b nat"), ["native"]);
    let f = offered("puzzlec solve heyawake -f connectivity=");
    assert!(f.contains(&"connectivity=lazy".to_string()), "{f:?}");
    assert_eq!(
        offered("puzzlec solve --inputs-from models/tetromino/4x1"),
        ["models/tetromino/4x10.txt"]
    );
}

#[test]
fn man_gives_one_roff_page_per_command_and_memory_stays_off_man_and_completions() {
    let page = stdout(&puzzlec(&["man", "solve"]));
    assert!(page.contains(".TH puzzlec-solve 1"), "{page}");
    assert!(page.contains("\\-\\-inputs\\-from"), "{page}");
    let page = stdout(&puzzlec(&["man", "nonogram", "logic"]));
    assert!(page.contains(".TH puzzlec-nonogram-logic 1"), "{page}");
    let main = stdout(&puzzlec(&["man"]));
    assert!(
        main.contains("puzzlec\\-solve(1)"),
        "the main page refers to it"
    );
    let out = puzzlec(&["man", "sovle"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no command `sovle`"),
        "{}",
        stderr(&out)
    );
    for verb in ["man", "completions"] {
        let help = stdout(&puzzlec(&[verb, "--help"]));
        assert!(!help.contains("--memory"), "{verb}: {help}");
    }
    for verb in ["solve", "count", "export", "genres", "serve"] {
        let help = stdout(&puzzlec(&[verb, "--help"]));
        assert!(help.contains("--memory"), "{verb}: {help}");
    }
    // Before the command, as before, and after it.
    for args in [
        vec!["--memory", "1G", "solve", URL],
        vec!["solve", URL, "--memory", "1G"],
        vec![
            "nonogram",
            "logic",
            "models/nonogram/webpbn-0001.non",
            "--memory",
            "1G",
        ],
    ] {
        let out = puzzlec(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn count_uses_the_genres_own_counter_and_names_the_default_that_stopped_it() {
    let started = std::time::Instant::now();
    let out = puzzlec(&["count", "tetromino", "models/tetromino/4x10.txt", "--json"]);
    let seconds = started.elapsed().as_secs_f64();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["complete"].as_bool()),
        (Some(8260), Some(true))
    );
    assert_eq!(v["stats"]["backend"], "native");
    eprintln!("count tetromino 4x10: all 8260 in {seconds:.2} s");
    // A genre without a native counter keeps the default --max, and says that the default
    // stopped it; so does a backend asked for by name, even the default's.
    let perm = scratch_file(
        "perm7.non",
        "width 7\nheight 7\n\nrows\n1\n1\n1\n1\n1\n1\n1\n\ncolumns\n1\n1\n1\n1\n1\n1\n1\n",
    );
    let out = puzzlec(&["count", "nonogram", perm.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(
            "at least 1000 solution(s) (stopped at --max 1000, the default: give --max N"
        ),
        "{text}"
    );
    let out = puzzlec(&[
        "count",
        "nonogram",
        perm.to_str().unwrap(),
        "--max",
        "5",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["stopped_because"], "stopped at --max 5", "{v}");
    let out = puzzlec(&[
        "count",
        "tetromino",
        "models/tetromino/4x4.txt",
        "-b",
        "batsat",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["stats"]["backend"].as_str()),
        (Some(24), Some("batsat"))
    );
}

/// The program headers' types of an ELF64 little-endian executable.
fn elf_segment_types(bytes: &[u8]) -> Vec<u32> {
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]) as usize;
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let phoff = u64::from_le_bytes(bytes[0x20..0x28].try_into().unwrap()) as usize;
    let (size, count) = (u16_at(0x36), u16_at(0x38));
    (0..count).map(|i| u32_at(phoff + i * size)).collect()
}

/// On x86_64 glibc Linux the executable is linked statically (`link/static-cc`): a dynamic one
/// would start a third slower, and the wrapper falls back to it silently where it must.
#[test]
fn the_executable_starts_without_a_dynamic_loader_where_static_archives_exist() {
    if !cfg!(all(
        target_os = "linux",
        target_arch = "x86_64",
        target_env = "gnu"
    )) {
        println!("skipped: the static link is made on x86_64 glibc Linux only");
        return;
    }
    if std::env::var_os("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER").is_some() {
        println!("skipped: a linker of the caller's choice replaces link/static-cc");
        return;
    }
    let libc = std::process::Command::new("cc")
        .arg("-print-file-name=libc.a")
        .output();
    let libc = libc.map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    match libc {
        Ok(path) if std::path::Path::new(&path).is_absolute() => {}
        _ => {
            println!("skipped: no static C library (libc.a), so the link stays dynamic");
            return;
        }
    }
    let binary = std::fs::read(env!("CARGO_BIN_EXE_puzzlec")).unwrap();
    const PT_DYNAMIC: u32 = 2;
    const PT_INTERP: u32 = 3;
    let types = elf_segment_types(&binary);
    assert!(!types.is_empty(), "no program headers read");
    assert!(
        !types.contains(&PT_INTERP) && !types.contains(&PT_DYNAMIC),
        "the puzzlec executable is dynamically linked: {types:?}"
    );
}
