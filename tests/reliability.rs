//! Nothing false, nothing lost (issue 11), through the binary: a memory budget that refuses
//! with exit code 3 instead of dying by a signal, partial answers that say they are partial,
//! time limits that are read safely and exist on every long verb, and input errors with a
//! position. Inputs too large to ship are generated into a scratch directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

/// A fresh directory for one test's generated inputs.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlec-rel-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// What a run of the binary did.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    seconds: f64,
}

/// Runs the binary with an address-space limit of `limit_mb` (so that a regression shows as a
/// refused allocation here, never as the machine running out of memory) and fails the test on
/// a death by signal or an exit code outside 0–3.
fn run_limited(args: &[&str], limit_mb: u64) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzlec"));
    cmd.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let bytes = limit_mb << 20;
        // SAFETY: setrlimit is async-signal-safe and touches only the child.
        unsafe {
            cmd.pre_exec(move || {
                let rl = libc::rlimit {
                    rlim_cur: bytes as libc::rlim_t,
                    rlim_max: bytes as libc::rlim_t,
                };
                libc::setrlimit(libc::RLIMIT_AS, &rl);
                Ok(())
            });
        }
    }
    let start = Instant::now();
    let out: Output = cmd.output().unwrap();
    let seconds = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(
            out.status.signal(),
            None,
            "puzzlec {args:?} died by a signal: {stderr}"
        );
    }
    let code = out.status.code().unwrap();
    assert!((0..=3).contains(&code), "{args:?}: exit {code}: {stderr}");
    Run {
        code,
        stdout: String::from_utf8_lossy(&out.stdout).to_string(),
        stderr,
        seconds,
    }
}

/// [`run_limited`] under 6 GiB, well above the default budget.
fn run(args: &[&str]) -> Run {
    run_limited(args, 6 << 10)
}

/// A heyawake of `h`×`w` blank cells in 3×3 rooms, in the generic grid text.
fn heyawake_grid(h: usize, w: usize) -> String {
    let mut out = format!("{h} {w}\n");
    for _ in 0..h {
        out.push_str(&vec!["-"; w].join(" "));
        out.push('\n');
    }
    out.push('\n');
    let rooms_per_row = w.div_ceil(3);
    for r in 0..h {
        let row: Vec<String> = (0..w)
            .map(|c| ((r / 3) * rooms_per_row + c / 3).to_string())
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

/// A `.non` of the clues of a picture.
fn non_of_picture(rows: &[Vec<bool>]) -> String {
    let clue = |cells: &mut dyn Iterator<Item = bool>| {
        let mut blocks = Vec::new();
        let mut run = 0;
        for filled in cells {
            if filled {
                run += 1;
            } else if run > 0 {
                blocks.push(run.to_string());
                run = 0;
            }
        }
        if run > 0 {
            blocks.push(run.to_string());
        }
        if blocks.is_empty() {
            "0".to_string()
        } else {
            blocks.join(",")
        }
    };
    let (h, w) = (rows.len(), rows[0].len());
    let mut out = format!("width {w}\nheight {h}\n\nrows\n");
    for r in rows {
        out.push_str(&clue(&mut r.iter().copied()));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for c in 0..w {
        out.push_str(&clue(&mut rows.iter().map(|r| r[c])));
        out.push('\n');
    }
    out
}

/// A random picture (a fixed linear congruential sequence, so every run sees the same one).
fn random_picture(h: usize, w: usize) -> Vec<Vec<bool>> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    (0..h)
        .map(|_| {
            (0..w)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    state >> 63 == 1
                })
                .collect()
        })
        .collect()
}

fn assert_memory_refusal(r: &Run, what: &str) {
    assert_eq!(r.code, 3, "{what}: {}", r.stderr);
    let line = r.stderr.lines().next().unwrap_or("");
    assert!(line.starts_with("error: memory budget: "), "{what}: {line}");
    assert!(line.contains("--memory"), "{what}: {line}");
}

#[test]
fn complete_heyawake_models_of_huge_grids_are_refused_before_they_are_built() {
    let dir = scratch("heyawake-tree");
    let tall = write(&dir, "tall.txt", &heyawake_grid(1000, 10));
    let square = write(&dir, "square.txt", &heyawake_grid(200, 200));
    for args in [
        vec![
            "export",
            "heyawake",
            &tall,
            "--format",
            "dimacs",
            "-o",
            "/dev/null",
        ],
        vec!["solve", "heyawake", &square, "-f", "connectivity=tree"],
        vec![
            "solve",
            "heyawake",
            &square,
            "-f",
            "connectivity=flow",
            "-b",
            "batsat",
        ],
    ] {
        let r = run(&args);
        assert_memory_refusal(&r, &format!("{args:?}"));
        // Refused from an estimate, before anything large exists.
        assert!(r.seconds < 20.0, "{args:?} took {} s", r.seconds);
        assert!(
            r.stderr.contains("the CNF of this formulation"),
            "{}",
            r.stderr
        );
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn the_budget_is_raised_with_the_memory_option() {
    // The seed's 10×10 flow formulation as CNF (about 0.4M clauses with the solver's copy) is
    // over the smallest budget, 64M, and well under the default one; raised, it is solved or
    // runs into the time limit, but is no longer refused for memory.
    let args = [
        "solve",
        "heyawake",
        "models/heyawake/seed004.txt",
        "-f",
        "connectivity=flow",
        "-b",
        "batsat",
    ];
    let mut small = args.to_vec();
    small.extend(["--memory", "64M"]);
    assert_memory_refusal(&run(&small), "64M");
    let mut raised = args.to_vec();
    raised.extend(["--memory", "1G", "--timeout", "2"]);
    let r = run(&raised);
    let solved = r.code == 0 && r.stdout.trim_end().ends_with("unique");
    let timed_out = r.code == 3 && r.stderr.contains("time") && !r.stderr.contains("memory budget");
    assert!(solved || timed_out, "{}: {}", r.code, r.stderr);
    for bad in ["12M", "lots", "-1G"] {
        let r = run(&["genres", "--memory", bad]);
        assert_eq!(r.code, 2, "--memory {bad}: {}", r.stderr);
    }
}

#[test]
fn a_nonogram_model_past_the_budget_is_refused_while_it_is_built() {
    let dir = scratch("nonogram-model");
    let big = write(&dir, "big.non", &non_of_picture(&random_picture(200, 200)));
    // line=order on a random 200×200 takes gigabytes; the model stops growing at the budget.
    let r = run(&[
        "solve", "nonogram", &big, "--memory", "256M", "-f", "pre=none",
    ]);
    assert_memory_refusal(&r, "order model");
    assert!(
        r.stderr.contains("the model of formulation"),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn line_logic_and_pictures_are_bounded_before_the_line_solver_runs() {
    let dir = scratch("line-solver");
    // One row of 100,000 cells with 50,000 blocks: the line solver's table is gigabytes.
    let width = 100_000;
    let mut non = format!("width {width}\nheight 1\n\nrows\n");
    non.push_str(&vec!["1"; width / 2].join(","));
    non.push_str("\n\ncolumns\n");
    for c in 0..width {
        non.push_str(if c % 2 == 0 { "1\n" } else { "0\n" });
    }
    let wide = write(&dir, "wide.non", &non);
    for args in [
        vec!["solve", "nonogram", &wide],
        vec!["solve", "nonogram", &wide, "-b", "native"],
        vec!["nonogram", "logic", &wide],
    ] {
        let r = run(&args);
        assert_memory_refusal(&r, &format!("{args:?}"));
        assert!(
            r.stderr.contains("line logic on this 100000x1 nonogram"),
            "{}",
            r.stderr
        );
    }
    // A text picture is held to the largest nonogram side, with the column where it passes.
    let line = write(&dir, "line.txt", &"#.".repeat(50_000));
    let r = run(&["nonogram", "from-picture", &line, "-o", "/dev/null"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.starts_with(&format!(
            "error: {line}:1:1001: the picture is wider than 1000"
        )),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn generators_are_weighed_before_they_build() {
    // The n-Dom nonogram is (2n+1)×(2n+1): a billion is refused at once, not after 20 s of
    // building towards the budget.
    let r = run(&["nonogram", "dom", "1000000000", "-o", "/dev/null"]);
    assert_memory_refusal(&r, "dom");
    assert!(r.seconds < 5.0, "{} s", r.seconds);
    assert_eq!(run(&["nonogram", "dom", "20", "-o", "/dev/null"]).code, 0);
}

#[test]
fn an_allocation_nothing_estimated_ends_in_one_line_and_exit_3() {
    // A 40 MB file read under a 64M budget: no estimate covers reading a file, so the counting
    // allocator is what stops it.
    let dir = scratch("backstop");
    let mut text = String::from("width 1\nheight 1\nrows\n1\ncolumns\n1\n");
    while text.len() < 40 << 20 {
        text.push_str("// padding padding padding padding padding padding padding\n");
    }
    let padded = write(&dir, "padded.non", &text);
    let r = run(&["solve", "nonogram", &padded, "--memory", "64M"]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("error: the memory budget is spent"),
        "{}",
        r.stderr
    );
    // Under a ulimit below the budget the system refuses first: still one line and exit 3.
    let r = run_limited(&["solve", "nonogram", &padded, "--memory", "8G"], 100);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("error: the system refused"),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_count_cut_short_by_the_time_limit_says_at_least_and_exits_3() {
    // 4×10 from two bags has 8260 tilings (models/tetromino/SOURCE.md); a SAT solver with
    // blocking clauses finds a few hundred a second (the default one, named: without a backend
    // tetromino's own counter finds all of them within the second).
    let r = run(&[
        "count",
        "tetromino",
        "models/tetromino/4x10.txt",
        "-b",
        "batsat",
        "--timeout",
        "1",
    ]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    let line = r.stdout.trim();
    let n: usize = line
        .strip_prefix("at least ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(n < 8260, "{line}");
    assert!(line.ends_with("solution(s) (timeout after 1 s)"), "{line}");
    let r = run(&[
        "count",
        "tetromino",
        "models/tetromino/4x10.txt",
        "-b",
        "batsat",
        "--timeout",
        "1",
        "--json",
    ]);
    assert_eq!(r.code, 3);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["complete"], false);
    assert_eq!(v["stopped"], "timeout");
    assert!(v["solutions"].as_array().unwrap().len() < 8260);
}

#[test]
fn native_counts_and_facts_cut_short_are_partial_too() {
    // Permutation matrices: every row and column clue `1` on 10×10 has 10! solutions.
    let dir = scratch("native-partial");
    let mut non = String::from("width 10\nheight 10\nrows\n");
    non.push_str(&"1\n".repeat(10));
    non.push_str("columns\n");
    non.push_str(&"1\n".repeat(10));
    let perm = write(&dir, "perm10.non", &non);
    let r = run(&[
        "count",
        "nonogram",
        &perm,
        "-b",
        "native",
        "--max",
        "10000000",
        "--timeout",
        "1",
    ]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(r.stdout.starts_with("at least "), "{}", r.stdout);
    assert!(
        r.stdout.trim().ends_with("(timeout after 1 s)"),
        "{}",
        r.stdout
    );
    let r = run(&[
        "solve",
        "nonogram",
        &perm,
        "-b",
        "native",
        "--facts",
        "--timeout",
        "1",
    ]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(
        r.stdout.contains("incomplete (timeout after 1 s)"),
        "{}",
        r.stdout
    );
    // A complete count says so, and --max stops with "at least" and exit 0.
    let r = run(&[
        "count",
        "tetromino",
        "models/tetromino/4x4.txt",
        "-b",
        "native",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!((r.code, &v["complete"]), (0, &serde_json::json!(true)));
    assert_eq!(v["solutions"].as_array().unwrap().len(), 24);
    let r = run(&[
        "count",
        "tetromino",
        "models/tetromino/4x4.txt",
        "--max",
        "5",
    ]);
    assert_eq!(r.code, 0);
    assert_eq!(
        r.stdout.trim(),
        "at least 5 solution(s) (stopped at --max 5)"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_listing_cut_short_says_at_least_and_exits_3() {
    let dir = scratch("list-partial");
    let region = write(&dir, "r20.txt", &format!("{}\n", "X".repeat(20)).repeat(20));
    for count in [true, false] {
        let mut args = vec!["tetromino", "list", region.as_str(), "--timeout", "1"];
        if count {
            args.push("--count");
        }
        let r = run(&args);
        assert_eq!(r.code, 3, "{}", r.stderr);
        assert!(r.stdout.contains("total: at least "), "{}", r.stdout);
        assert!(
            r.stdout.trim_end().ends_with("(timeout after 1 s)"),
            "{}",
            r.stdout
        );
        assert!(r.seconds < 10.0, "{} s", r.seconds);
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn time_limits_are_read_safely_on_every_verb_that_takes_one() {
    let seed = "models/heyawake/seed004.txt";
    for limit in ["inf", "1e99", "1e30", "30"] {
        for verb in ["solve", "count"] {
            let r = run(&[verb, "heyawake", seed, "--timeout", limit]);
            assert_eq!(r.code, 0, "{verb} --timeout {limit}: {}", r.stderr);
        }
        let r = run(&[
            "compare",
            "heyawake",
            seed,
            "--backends",
            "batsat",
            "-f",
            "connectivity=lazy",
            "--timeout",
            limit,
        ]);
        assert_eq!(r.code, 0, "compare --timeout {limit}: {}", r.stderr);
        assert!(r.stdout.contains("| unique |"), "{}", r.stdout);
    }
    let every_verb: [&[&str]; 7] = [
        &["solve", "heyawake", seed],
        &["count", "heyawake", seed],
        &["compare", "heyawake", seed, "--backends", "batsat"],
        &["export", "heyawake", seed, "--format", "lp"],
        &["tetromino", "list", "models/tetromino/4x4.txt"],
        &["nonogram", "logic", "models/nonogram/webpbn-0001.non"],
        &["nonogram", "from-picture", "tests/data/nonogram/heart.png"],
    ];
    for verb in every_verb {
        for bad in ["-1", "0", "NaN", "soon"] {
            let mut args = verb.to_vec();
            let flag = format!("--timeout={bad}");
            args.push(&flag);
            let r = run(&args);
            assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
            assert!(r.stderr.contains("--timeout"), "{args:?}: {}", r.stderr);
        }
        let mut args = verb.to_vec();
        args.extend(["--timeout", "60"]);
        let r = run(&args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    }
}

#[test]
fn export_and_from_picture_stop_at_their_time_limit() {
    let dir = scratch("verb-timeouts");
    let picture: String = random_picture(1000, 1000)
        .iter()
        .map(|row| {
            row.iter()
                .map(|&f| if f { '#' } else { '.' })
                .collect::<String>()
                + "\n"
        })
        .collect();
    let art = write(&dir, "art.txt", &picture);
    let r = run(&[
        "nonogram",
        "from-picture",
        &art,
        "-o",
        "/dev/null",
        "--timeout",
        "1",
    ]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(r.stderr.contains("timeout"), "{}", r.stderr);
    assert!(r.seconds < 10.0, "{} s", r.seconds);
    // The CNF of a random 200×200 takes several seconds to build and write.
    let big = write(&dir, "big.non", &non_of_picture(&random_picture(200, 200)));
    let r = run(&[
        "export",
        "nonogram",
        &big,
        "--format",
        "dimacs",
        "-o",
        "/dev/null",
        "--timeout",
        "1",
    ]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert_eq!(r.stderr.trim(), "error: timeout: no answer within 1 s");
    assert!(r.seconds < 5.0, "{} s", r.seconds);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn nonogram_url_errors_name_their_column_in_the_url() {
    // Issue 11's examples, and the same mistakes as a `.non` file has them.
    let cases = [
        // 6×6: 18 column slots skipped (`x`), then row 1's slots 1, 2, 12 (outer to inner
        // reversed): the clue 12,2,1 starts at column 35.
        (
            "https://puzz.link/p?nonogram/6/6/x12c",
            35,
            "row 1 clue 12,2,1 needs 17 cells but the row has 6",
        ),
        (
            "https://puzz.link/p?nonogram/6/6/7",
            34,
            "column 1 clue 7 needs 7 cells but the column has 6",
        ),
        (
            "https://puzz.link/p?nonogram/6/6/11111",
            34,
            "the row clues fill 0 cells but the column clues fill 5",
        ),
    ];
    for (url, col, message) in cases {
        let r = run(&["solve", "nonogram", url]);
        assert_eq!(r.code, 2, "{url}: {}", r.stderr);
        assert_eq!(
            r.stderr.trim(),
            format!("error: URL:1:{col}: {message}"),
            "{url}"
        );
    }
}

#[test]
fn bytes_that_are_not_utf8_are_an_error_at_their_position_in_every_genre() {
    let dir = scratch("not-utf8");
    let cases = [
        ("heyawake", b"AAB\nA\xffB\nA=1\n".to_vec(), 2, 2, 5),
        (
            "nonogram",
            b"width 1\nheight 1\nrows\n1\ncolumns\n\xc3\n".to_vec(),
            6,
            1,
            32,
        ),
        ("skeleton", b"..\n\nab\nb\xe2\x82\n".to_vec(), 4, 2, 8),
        ("tetromino", b"XXXX\n\xfe".to_vec(), 2, 1, 5),
    ];
    for (genre, bytes, line, col, offset) in cases {
        let path = dir.join(format!("{genre}.txt"));
        std::fs::write(&path, &bytes).unwrap();
        let path = path.display().to_string();
        let r = run(&["solve", genre, &path]);
        assert_eq!(r.code, 2, "{genre}: {}", r.stderr);
        let expected = format!("error: {path}:{line}:{col}: byte 0x");
        assert!(r.stderr.starts_with(&expected), "{genre}: {}", r.stderr);
        assert!(
            r.stderr
                .contains(&format!("at byte offset {offset} is not UTF-8")),
            "{}",
            r.stderr
        );
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn facts_over_external_lp_solvers_end_with_a_row_they_can_read() {
    // Found by the campaign: a 1×2 heyawake of one unclued room has two solutions (`#.` and
    // `.#`: at least one shaded, never two touching), so the facts loop ends with an empty
    // clause, which cbc and glpsol refused as written (`0 >= 1`).
    let dir = scratch("lp-facts");
    let pair = write(&dir, "pair.txt", "AA\n");
    for solver in ["cbc", "glpsol"] {
        if !puzzlec::backend::process::on_path(solver) {
            println!("skipped lp:{solver}: not installed");
            continue;
        }
        let backend = format!("lp:{solver}");
        let r = run(&[
            "solve",
            "heyawake",
            &pair,
            "-b",
            &backend,
            "--facts",
            "--timeout",
            "60",
        ]);
        assert_eq!(r.code, 0, "{backend}: {}", r.stderr);
        assert!(
            r.stdout.starts_with("??\n\n2 solution(s) examined"),
            "{backend}: {}",
            r.stdout
        );
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn the_native_solver_on_a_colour_nonogram_says_why_it_cannot() {
    let r = run(&[
        "solve",
        "nonogram",
        "models/nonogram/webpbn-color-00047.g",
        "-b",
        "native",
    ]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(!r.stderr.contains("unknown backend"), "{}", r.stderr);
    assert!(
        r.stderr.contains("black-and-white nonograms only"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("colour nonogram"), "{}", r.stderr);
    // The same name on a black-and-white one works.
    assert_eq!(
        run(&[
            "solve",
            "nonogram",
            "models/nonogram/webpbn-0001.non",
            "-b",
            "native"
        ])
        .code,
        0
    );
}
