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
    let out = puzzlec(&["solve", "sudoku", "x.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown genre `sudoku`"),
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
        vec!["count", "sudoku", "x", "--json"],
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
