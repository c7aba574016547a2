//! Masyu end to end: the shipped instances against their published answers on every
//! formulation × backend that runs here, the bigger published instances, and the command line
//! (answers, verdicts, bad input, export).

use puzzlec::backend::{available_backends, is_sat};
use puzzlec::puzzles::masyu::Masyu;
use puzzlec::puzzles::Puzzle;
use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn model_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models/masyu")
        .join(name)
}

fn model(name: &str) -> Masyu {
    let text = std::fs::read_to_string(model_path(name)).unwrap();
    Masyu::read(name, &text).unwrap()
}

fn answer(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(model_path(name)).unwrap();
    text.lines().map(str::to_string).collect()
}

fn puzzlec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// Solves, checks every solution against the rules, and returns the verdict and the rows.
fn solve_checked(p: &Masyu, backend: &str, spec: &str, mode: Mode) -> (Verdict, Vec<Vec<String>>) {
    let report = solve_puzzle(p, &SolveOptions::new(backend, spec, mode))
        .unwrap_or_else(|e| panic!("{backend} {spec}: {e}"));
    for s in &report.solutions {
        p.verify(s)
            .unwrap_or_else(|e| panic!("{backend} {spec}: invalid solution: {e}"));
    }
    let rows = report
        .solutions
        .iter()
        .map(|s| p.grid.line_rows(s))
        .collect();
    (report.verdict, rows)
}

#[test]
fn published_answer_on_every_backend_and_loop_encoding() {
    let p = model("pzprjs_6x6.url");
    let expected = answer("pzprjs_6x6.answer");
    let mut ran = 0;
    for backend in available_backends().iter().filter(|b| *b != "native") {
        for encoding in ["lazy", "tree", "flow"] {
            if encoding == "flow" && is_sat(backend) {
                eprintln!(
                    "skipping {backend} loop=flow: integer flows as CNF take over 30 s on 6×6"
                );
                continue;
            }
            let spec = format!("loop={encoding}");
            let (verdict, rows) = solve_checked(&p, backend, &spec, Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{backend} {spec}");
            assert_eq!(rows[0], expected, "{backend} {spec}");
            ran += 1;
        }
    }
    // varisat and batsat × 2 encodings, microlp × 3.
    assert!(ran >= 7, "only {ran} cells ran");
    // The same puzzle in the generic text.
    let (verdict, rows) = solve_checked(&model("pzprjs_6x6.txt"), "varisat", "", Mode::Unique);
    assert_eq!((verdict, &rows[0]), (Verdict::Unique, &expected));
}

#[test]
fn cspuz_10x10_is_unique_with_the_two_links_its_test_asserts() {
    let p = model("cspuz_10x10.url");
    for backend in ["varisat", "batsat"] {
        for spec in ["loop=lazy", "loop=tree"] {
            let (verdict, rows) = solve_checked(&p, backend, spec, Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{backend} {spec}");
            // cspuz: horizontal[4][0] is a line, horizontal[0][4] is not (0-based).
            let entry = |r: usize, c: usize| rows[0][r].split(' ').nth(c).unwrap().to_string();
            assert!(entry(4, 0).contains('e'), "{backend} {spec}");
            assert!(!entry(0, 4).contains('e'), "{backend} {spec}");
        }
    }
}

#[test]
fn bigger_published_instances_are_unique() {
    for instance in ["penpa_13x9.url", "penpa_15x10.url", "noqx_21x15.url"] {
        let p = model(instance);
        for backend in ["varisat", "batsat"] {
            let (verdict, _) = solve_checked(&p, backend, "loop=lazy", Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{instance} {backend}");
        }
    }
}

#[test]
fn planted_instances_are_unique_and_their_loop_keeps_the_rules() {
    // Made by tools/plant_masyu.py and called unique by cspuz; solve_checked checks the loop
    // against the rules.
    for instance in ["gen_30x30_s1.url", "gen_40x40_s2.url"] {
        let (verdict, _) = solve_checked(&model(instance), "batsat", "loop=lazy", Mode::Unique);
        assert_eq!(verdict, Verdict::Unique, "{instance}");
    }
}

#[test]
fn cli_prints_the_published_answer_and_unique() {
    let out = puzzlec(&["solve", "masyu", "models/masyu/pzprjs_6x6.url"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut expected = answer("pzprjs_6x6.answer").join("\n");
    expected.push_str("\n\nunique\n");
    assert_eq!(stdout(&out), expected);
    let url = "https://puzz.link/p?masyu/6/6/1063000i3000";
    let out = puzzlec(&["solve", "masyu", url, "-b", "batsat", "-f", "loop=tree"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).starts_with(&answer("pzprjs_6x6.answer").join("\n")));
}

#[test]
fn no_pearls_gives_every_loop_and_a_contradiction_gives_exit_1() {
    let file = "models/masyu/blank_3x4.txt";
    let out = puzzlec(&["solve", "masyu", file, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["verdict"], "multiple");
    let solutions = json["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 2);
    assert_ne!(solutions[0], solutions[1]);
    // The 3×4 grid graph has 40 simple cycles (a brute force over all 2^17 edge sets, degree
    // 0 or 2 and connected); `count` finds every one.
    let out = puzzlec(&["count", "masyu", file, "--max", "100"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).ends_with("40 solution(s)\n"),
        "{}",
        stdout(&out)
    );
    for backend in ["varisat", "microlp"] {
        let out = puzzlec(&["solve", "masyu", "models/masyu/none_2x2.txt", "-b", backend]);
        assert_eq!(out.status.code(), Some(1), "{backend}: {}", stderr(&out));
        assert!(stdout(&out).contains("no solution"), "{}", stdout(&out));
    }
}

#[test]
fn bad_input_is_exit_2_with_its_position() {
    let dir = std::env::temp_dir().join(format!("puzzlec-masyu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "2 2\nw -\n- x\n").unwrap();
    let out = puzzlec(&["solve", "masyu", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("bad.txt:3:3: `x` is not a pearl"), "{err}");
    let out = puzzlec(&["solve", "masyu", "https://puzz.link/p?mashu/3/2/0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("URL:1:32:"), "{}", stderr(&out));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn export_writes_the_url_and_only_complete_models() {
    let file = "models/masyu/pzprjs_6x6.txt";
    let out = puzzlec(&["export", "masyu", file, "--format", "url"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).trim(),
        "https://puzz.link/p?mashu/6/6/1063000i3000"
    );
    let out = puzzlec(&["export", "masyu", file, "--format", "lp", "-f", "loop=lazy"]);
    assert_eq!(out.status.code(), Some(2), "a lazy model is refused");
    assert!(stderr(&out).contains("tree"), "{}", stderr(&out));
    let out = puzzlec(&["export", "masyu", file, "--format", "lp"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("line_r1c1_r1c2"), "readable names");
}
