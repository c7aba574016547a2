//! Heyawake end to end: the shipped instances against their published answers with every
//! formulation × backend that runs here, exports solved by external solvers from the shell, the
//! spec's edge-case URLs, and bad input through the command line.
//!
//! External solvers (cadical, minisat, cbc, glpsol) are used when on PATH; otherwise the test
//! prints why it skips that part (`apt-get install -y cadical minisat coinor-cbc glpk-utils`).

mod common;
use common::*;

use puzzlec::backend::{available_backends, is_sat, runs_propagators};
use puzzlec::puzzles::heyawake::Heyawake;
use puzzlec::puzzles::Puzzle;
use puzzlec::puzzles::{core_formulation_keys, Formulation};
use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn model_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models/heyawake")
        .join(name)
}

fn model(name: &str) -> Heyawake {
    let text = std::fs::read_to_string(model_path(name)).unwrap();
    Heyawake::read(name, &text).unwrap()
}

/// The published (or hand-checked) answer rows of a shipped instance.
fn answer(name: &str) -> Vec<String> {
    std::fs::read_to_string(model_path(name))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// Every formulation spec of the genre; the `card` key only matters to SAT backends, so MIP
/// backends get one spec per connectivity value.
fn formulations_for(backend: &str) -> Vec<String> {
    let mut keys = Heyawake::keys();
    keys.extend(core_formulation_keys());
    let mut specs: Vec<String> = Formulation::all_combinations(&keys)
        .iter()
        .filter(|f| is_sat(backend) || f.get("card") == "totalizer")
        .map(Formulation::spec)
        .collect();
    specs.dedup();
    specs
}

/// Why a (backend, formulation) pair is left out of a 10×10 matrix, if it is.
fn known_gap_on_10x10(backend: &str, spec: &str) -> Option<&'static str> {
    let connectivity = spec
        .split(',')
        .find_map(|kv| kv.strip_prefix("connectivity="))
        .unwrap_or("lazy");
    match connectivity {
        "tree" if backend == "microlp" || backend == "lp:glpsol" => {
            Some("tree labels are big-M rows: no answer on 10×10 within 120 s (cbc takes ~12 s)")
        }
        "flow" if backend == "lp:glpsol" => {
            Some("glpsol does not finish the 10×10 flow model within 300 s")
        }
        _ => None,
    }
}

/// Solves, checks every solution against the rules independently of the driver, returns rows.
fn solve_checked(
    p: &Heyawake,
    backend: &str,
    spec: &str,
    mode: Mode,
) -> (Verdict, Vec<Vec<String>>) {
    let report = solve_puzzle(p, &SolveOptions::new(backend, spec, mode))
        .unwrap_or_else(|e| panic!("{backend} {spec}: {e}"));
    for s in &report.solutions {
        p.verify(s)
            .unwrap_or_else(|e| panic!("{backend} {spec}: invalid solution: {e}"));
    }
    let rows = report
        .solutions
        .iter()
        .map(|s| p.grid.shading_rows(s))
        .collect();
    (report.verdict, rows)
}

fn matrix_agrees_with_answer(instance: &str, answer_file: &str, skip_gaps: bool) {
    let p = model(instance);
    let expected = answer(answer_file);
    let mut ran = 0;
    for backend in available_backends() {
        for spec in formulations_for(&backend) {
            if spec.contains("connectivity=propagator") && !runs_propagators(&backend) {
                let err = solve_puzzle(&p, &SolveOptions::new(&backend, &spec, Mode::Unique))
                    .expect_err("only batsat runs the propagator");
                assert!(
                    err.to_string().contains("--backend batsat"),
                    "{backend}: {err}"
                );
                continue;
            }
            if spec.contains("connectivity=flow") && is_sat(&backend) && skip_gaps {
                // Since sums of integers became adder trees the 10×10 flow CNF is 292k clauses
                // and solves (docs/encodings.md), but in 20 s of a debug build: the 4×6 cell
                // below shows flow on SAT, and the memory tests its refusal under a budget.
                continue;
            }
            if spec.contains("connectivity=flow")
                && is_sat(&backend)
                && !(backend == "varisat" && spec.contains("card=totalizer"))
            {
                // Flow as CNF is ~930k clauses even on 4×6 (3-6 s a run): one SAT cell shows it
                // works; running it on every SAT backend would only slow the suite.
                continue;
            }
            if skip_gaps {
                if let Some(why) = known_gap_on_10x10(&backend, &spec) {
                    eprintln!("skipping {instance} {backend} {spec}: {why}");
                    continue;
                }
            }
            let (verdict, rows) = solve_checked(&p, &backend, &spec, Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{instance} {backend} {spec}");
            assert_eq!(rows[0], expected, "{instance} {backend} {spec}");
            ran += 1;
        }
    }
    eprintln!("{instance}: {ran} backend × formulation cells agree with {answer_file}");
    // varisat and batsat × 2 card encodings × 2-3 connectivity values, microlp × 2-3.
    assert!(ran >= 10, "only {ran} cells ran");
}

#[test]
fn seed_instance_every_backend_and_formulation_gives_the_published_answer() {
    matrix_agrees_with_answer("seed004.txt", "seed004.answer", true);
}

#[test]
fn lshape_instance_full_matrix_gives_the_hand_checked_answer() {
    // Small enough that every formulation runs on every backend, including the cells that are
    // left out on 10×10 (tree on MIP, flow on SAT).
    matrix_agrees_with_answer("lshape_4x6.txt", "lshape_4x6.answer", false);
}

#[test]
fn public_url_examples_give_their_published_answers() {
    for (url_file, answer_file) in [
        ("cspuz_6x6.url", "cspuz_6x6.answer"),
        ("pzprjs_6x6.url", "pzprjs_6x6.answer"),
    ] {
        let p = model(url_file);
        for backend in ["varisat", "microlp"] {
            let (verdict, rows) = solve_checked(&p, backend, "", Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{url_file} {backend}");
            assert_eq!(rows[0], answer(answer_file), "{url_file} {backend}");
        }
    }
}

#[test]
fn cli_prints_exactly_the_seed_answer_and_unique() {
    let out = puzzlec(&["solve", "heyawake", "models/heyawake/seed004.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut expected = answer("seed004.answer").join("\n");
    expected.push_str("\n\nunique\n");
    assert_eq!(stdout(&out), expected);
}

#[test]
fn cli_reads_a_url_argument_and_standard_input() {
    let url = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";
    let out = puzzlec(&["solve", "heyawake", url]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).starts_with(&answer("cspuz_6x6.answer").join("\n")));

    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(["solve", "heyawake", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let text = std::fs::read_to_string(model_path("lshape_4x6.txt")).unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with(&answer("lshape_4x6.answer").join("\n")));
}

#[test]
fn edge_url_without_solution_says_so_with_exit_code_1() {
    for backend in ["varisat", "microlp"] {
        let out = puzzlec(&[
            "solve",
            "heyawake",
            "models/heyawake/edge_none_10x10.url",
            "-b",
            backend,
        ]);
        assert_eq!(out.status.code(), Some(1), "{backend}: {}", stderr(&out));
        assert!(stdout(&out).contains("no solution"), "{}", stdout(&out));
    }
    // The same verdict when the solver has to find it (no precheck shortcut): SAT says UNSAT.
    let p = model("edge_none_10x10.url");
    let (verdict, rows) = solve_checked(&p, "varisat", "connectivity=tree", Mode::Unique);
    assert_eq!(verdict, Verdict::None);
    assert!(rows.is_empty());
}

#[test]
fn edge_url_with_two_solutions_shows_both_verified_and_different() {
    let out = puzzlec(&[
        "solve",
        "heyawake",
        "models/heyawake/edge_multiple_17x17.url",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["genre"], "heyawake");
    assert_eq!(json["verdict"], "multiple");
    let solutions = json["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 2);
    assert_ne!(solutions[0], solutions[1]);
    let p = model("edge_multiple_17x17.url");
    for s in solutions {
        let rows: Vec<&str> = s
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        let shading = p.grid.parse_shading(&rows).unwrap();
        p.verify(&shading).unwrap();
    }
    assert!(json["stats"]["solver_calls"].as_u64().unwrap() >= 2);
}

#[test]
fn facts_and_count_on_the_multiple_edge_case() {
    let p = model("edge_multiple_17x17.url");
    let (verdict, rows) = solve_checked(&p, "varisat", "", Mode::Count(10));
    assert_eq!(verdict, Verdict::Multiple);
    let mut distinct = rows.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), rows.len(), "no solution listed twice");
    let report = solve_puzzle(&p, &SolveOptions::new("varisat", "", Mode::Facts)).unwrap();
    let facts = report.facts.expect("facts");
    // A `?` exactly where the enumerated solutions differ, the common value elsewhere.
    for (r, fact_row) in facts.iter().enumerate() {
        for (c, ch) in fact_row.chars().enumerate() {
            let values: Vec<char> = rows.iter().map(|s| s[r].chars().nth(c).unwrap()).collect();
            let same = values.iter().all(|&v| v == values[0]);
            assert_eq!(ch == '?', !same, "row {r} col {c}");
            if same {
                assert_eq!(ch, values[0]);
            }
        }
    }
}

#[test]
fn non_rectangular_rooms_on_a_non_square_grid() {
    let p = model("lshape_4x6.txt");
    assert_eq!((p.grid.width, p.grid.height), (6, 4));
    let (verdict, rows) = solve_checked(&p, "varisat", "connectivity=lazy", Mode::Unique);
    assert_eq!(verdict, Verdict::Unique);
    assert_eq!(rows[0], answer("lshape_4x6.answer"));
}

/// Reads `c var N NAME` lines of an exported DIMACS file.
fn dimacs_names(text: &str) -> HashMap<u32, String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("c var "))
        .filter_map(|rest| {
            let (n, name) = rest.split_once(' ')?;
            Some((n.parse().ok()?, name.to_string()))
        })
        .collect()
}

/// The names of the variables that DIMACS literals (as text) set true.
fn true_names<'a>(
    literals: impl Iterator<Item = &'a str>,
    names: &HashMap<u32, String>,
) -> Vec<String> {
    literals
        .filter_map(|lit| lit.parse::<i64>().ok())
        .filter(|&lit| lit > 0)
        .filter_map(|lit| names.get(&(lit as u32)).cloned())
        .collect()
}

/// Builds the shading rows from true variable names `shaded[rRcC]`.
fn rows_from_true_names(p: &Heyawake, names: &[String]) -> Vec<String> {
    let mut shaded = vec![false; p.grid.len()];
    for name in names {
        let cell = name
            .strip_prefix("shaded[r")
            .or_else(|| name.strip_prefix("shaded_r"))
            .map(|s| s.trim_end_matches(']'));
        if let Some(rc) = cell {
            let (r, c) = rc.split_once('c').unwrap();
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            shaded[(r - 1) * p.grid.width + (c - 1)] = true;
        }
    }
    p.verify(&shaded)
        .expect("the external solver's answer keeps the rules");
    p.grid.shading_rows(&shaded)
}

fn export(instance: &str, format: &str, spec: &str, dir: &Path) -> PathBuf {
    let file = dir.join(format!("{instance}.{spec}.{format}"));
    let out = puzzlec(&[
        "export",
        "heyawake",
        &format!("models/heyawake/{instance}"),
        "--format",
        format,
        "-f",
        spec,
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    file
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlec-heyawake-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn exported_dimacs_solved_from_the_shell_decodes_to_the_answer() {
    let dir = scratch("dimacs");
    let cnf = export("seed004.txt", "dimacs", "connectivity=tree", &dir);
    let text = std::fs::read_to_string(&cnf).unwrap();
    let names = dimacs_names(&text);
    assert!(text.lines().any(|l| l.starts_with("p cnf ")));
    let expected = answer("seed004.answer");
    let mut ran = 0;
    if on_path("cadical") {
        let out = Command::new("cadical").arg(&cnf).output().unwrap();
        assert_eq!(out.status.code(), Some(10), "cadical says SATISFIABLE");
        let text = stdout(&out);
        let literals = text.lines().filter_map(|l| l.strip_prefix("v "));
        let trues = true_names(literals.flat_map(str::split_whitespace), &names);
        assert_eq!(
            rows_from_true_names(&model("seed004.txt"), &trues),
            expected
        );
        ran += 1;
    } else {
        eprintln!("skipping cadical: not on PATH (apt-get install -y cadical)");
    }
    if on_path("minisat") {
        let result = dir.join("minisat.out");
        let out = Command::new("minisat")
            .arg(&cnf)
            .arg(&result)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(10), "minisat says SATISFIABLE");
        let text = std::fs::read_to_string(&result).unwrap();
        assert!(text.starts_with("SAT"));
        let trues = true_names(text.split_whitespace().skip(1), &names);
        assert_eq!(
            rows_from_true_names(&model("seed004.txt"), &trues),
            expected
        );
        ran += 1;
    } else {
        eprintln!("skipping minisat: not on PATH (apt-get install -y minisat)");
    }
    eprintln!("{ran} external SAT solvers decoded the exported CNF to the seed's answer");
    std::fs::remove_dir_all(dir).ok();
}

/// Column names of an exported LP file in order of first appearance (glpsol numbers columns so;
/// the export lists every column in the objective).
fn lp_columns(text: &str) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut cols = Vec::new();
    for line in text
        .lines()
        .skip_while(|l| !l.starts_with("Minimize"))
        .skip(1)
    {
        if line.starts_with("Subject To") {
            break;
        }
        for token in line.split_whitespace() {
            let is_name = token
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic())
                && !token.ends_with(':');
            if is_name && seen.insert(token.to_string()) {
                cols.push(token.to_string());
            }
        }
    }
    cols
}

#[test]
fn exported_lp_solved_from_the_shell_decodes_to_the_answer() {
    let dir = scratch("lp");
    let mut ran = 0;
    if on_path("cbc") {
        let lp = export("seed004.txt", "lp", "connectivity=flow", &dir);
        let solution = dir.join("cbc.sol");
        let out = Command::new("cbc")
            .arg(&lp)
            .args(["solve", "solu"])
            .arg(&solution)
            .output()
            .unwrap();
        assert!(out.status.success(), "cbc: {}", stderr(&out));
        let text = std::fs::read_to_string(&solution).unwrap();
        assert!(text.starts_with("Optimal"), "{text}");
        // Lines: index, name, value, reduced cost; only nonzero columns are listed.
        let trues: Vec<String> = text
            .lines()
            .skip(1)
            .filter_map(|l| {
                let t: Vec<&str> = l.split_whitespace().collect();
                let value: f64 = t.get(2)?.parse().ok()?;
                (value > 0.5).then(|| t[1].to_string())
            })
            .collect();
        assert_eq!(
            rows_from_true_names(&model("seed004.txt"), &trues),
            answer("seed004.answer")
        );
        ran += 1;
    } else {
        eprintln!("skipping cbc: not on PATH (apt-get install -y coinor-cbc)");
    }
    if on_path("glpsol") {
        // glpsol does not finish the 10×10 flow model in 300 s; the L-shape instance keeps it short.
        let lp = export("lshape_4x6.txt", "lp", "connectivity=tree", &dir);
        let columns = lp_columns(&std::fs::read_to_string(&lp).unwrap());
        let solution = dir.join("glpk.sol");
        let out = Command::new("glpsol")
            .arg("--lp")
            .arg(&lp)
            .arg("-w")
            .arg(&solution)
            .output()
            .unwrap();
        assert!(out.status.success(), "glpsol: {}", stdout(&out));
        // Raw MIP solution: `s mip ROWS COLS STATUS OBJ`, then `i ROW VALUE`, `j COL VALUE`.
        let text = std::fs::read_to_string(&solution).unwrap();
        let status = text.lines().find(|l| l.starts_with("s ")).unwrap();
        assert!(
            status.starts_with("s mip") && status.contains(" o "),
            "{status}"
        );
        let trues: Vec<String> = text
            .lines()
            .filter_map(|l| {
                let t: Vec<&str> = l.split_whitespace().collect();
                (t.first() == Some(&"j")).then_some(())?;
                let col: usize = t.get(1)?.parse().ok()?;
                let value: f64 = t.get(2)?.parse().ok()?;
                (value > 0.5).then(|| columns[col - 1].clone())
            })
            .collect();
        assert_eq!(
            rows_from_true_names(&model("lshape_4x6.txt"), &trues),
            answer("lshape_4x6.answer")
        );
        ran += 1;
    } else {
        eprintln!("skipping glpsol: not on PATH (apt-get install -y glpk-utils)");
    }
    eprintln!("{ran} external MIP solvers decoded the exported LP to the answer");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn lazy_export_is_refused_unless_cuts_found_so_far_are_asked_for() {
    let out = puzzlec(&[
        "export",
        "heyawake",
        "models/heyawake/seed004.txt",
        "--format",
        "dimacs",
        "-f",
        "connectivity=lazy",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("tree") && err.contains("flow"), "{err}");
    assert!(out.stdout.is_empty());

    let out = puzzlec(&[
        "export",
        "heyawake",
        "models/heyawake/seed004.txt",
        "--format",
        "lp",
        "-f",
        "connectivity=lazy",
        "--with-cuts-found",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("Subject To"));
}

#[test]
fn json_export_describes_the_model() {
    let out = puzzlec(&[
        "export",
        "heyawake",
        "models/heyawake/lshape_4x6.txt",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(json.is_object());
}

/// Runs the CLI on bad input: exit code 2, one line on stderr containing every `needle`.
fn rejects(args: &[&str], needles: &[&str]) {
    let out = puzzlec(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: one line, got {err}"
    );
    for needle in needles {
        assert!(
            err.contains(needle),
            "{args:?}: `{needle}` missing in {err}"
        );
    }
}

#[test]
fn bad_input_gives_one_clear_line_and_exit_code_2() {
    let dir = scratch("bad");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    // (file, content, what the one error line must contain: position and reason)
    let files: [(&str, &str, &[&str]); 5] = [
        (
            "ragged.txt",
            "AAB\nAB\nA=1\n",
            &["ragged.txt:2:3", "ragged"],
        ),
        (
            "big.txt",
            "AAB\nAAB\nB=3\n",
            &["big.txt:3:3", "larger than the room"],
        ),
        ("split.txt", "ABA\nBBB\n", &["split.txt:", "two pieces"]),
        ("clue.txt", "AB\nAB\nA=x\n", &["clue.txt:3:3", "number"]),
        (
            "fw.txt",
            "AB\nAB\nA=1\u{3000}C=0\n",
            &["fw.txt:3:5", "no room"],
        ),
    ];
    for (name, text, needles) in files {
        rejects(&["solve", "heyawake", &write(name, text)], needles);
    }
    let ragged = write("ragged.txt", "AAB\nAB\nA=1\n");
    rejects(
        &["solve", "heyawake", "https://puzz.link/p?heyawake/6/x/aa66"],
        &["URL"],
    );
    rejects(
        &["solve", "heyawake", "https://puzz.link/p?heyawake/2/2/!!"],
        &["URL"],
    );
    rejects(&["solve", "tapa", &ragged], &["tapa"]);
    rejects(
        &[
            "solve",
            "heyawake",
            "models/heyawake/seed004.txt",
            "-b",
            "gurobi",
        ],
        &["gurobi"],
    );
    rejects(
        &[
            "solve",
            "heyawake",
            "models/heyawake/seed004.txt",
            "-f",
            "wiring=magic",
        ],
        &["wiring"],
    );
    rejects(
        &[
            "solve",
            "heyawake",
            "models/heyawake/seed004.txt",
            "-f",
            "connectivity=psychic",
        ],
        &["psychic", "lazy"],
    );
    rejects(
        &["solve", "heyawake", "no/such/file.txt"],
        &["no/such/file.txt"],
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_missing_external_solver_is_named_with_its_package() {
    let out = puzzlec(&[
        "solve",
        "heyawake",
        "models/heyawake/lshape_4x6.txt",
        "-b",
        "dimacs:kissat-not-installed",
    ]);
    assert_ne!(out.status.code(), Some(0));
    let err = stderr(&out);
    assert!(err.contains("kissat-not-installed"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_timeout_is_reported_as_such_in_text_and_json() {
    // microlp needs ~13 s on the 10×10 flow model: 0.2 s is sure to run out.
    let slow = [
        "solve",
        "heyawake",
        "models/heyawake/seed004.txt",
        "-b",
        "microlp",
        "-f",
        "connectivity=flow",
        "--timeout",
        "0.2",
    ];
    let out = puzzlec(&[&slow[..], &["--json"]].concat());
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["verdict"], "timeout");
    let out = puzzlec(&slow);
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("time"), "{}", stderr(&out));
}

#[test]
fn compare_prints_one_row_per_formulation_and_backend() {
    let out = puzzlec(&[
        "compare",
        "heyawake",
        "models/heyawake/lshape_4x6.txt",
        "--backends",
        "varisat,microlp",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let rows = json.as_array().expect("an array of rows");
    // By default the genre's own keys on each backend (3 connectivity values; the propagator
    // runs in batsat only, so it is planned there alone); `-f all` would add the core's `card`.
    assert_eq!(rows.len(), 6, "{json}");
    for row in rows {
        assert_eq!(row["verdict"], "unique", "{row}");
    }
    let table = puzzlec(&[
        "compare",
        "heyawake",
        "models/heyawake/lshape_4x6.txt",
        "--backends",
        "varisat",
        "-f",
        "connectivity=lazy",
        "-f",
        "connectivity=tree",
    ]);
    assert_eq!(table.status.code(), Some(0), "{}", stderr(&table));
    let text = stdout(&table);
    for column in ["formulation", "backend", "vars", "cuts", "verdict"] {
        assert!(text.contains(column), "{column} missing in {text}");
    }
    assert_eq!(text.matches("unique").count(), 2, "{text}");
}

#[test]
fn big_room_with_a_big_clue_is_unique_by_three_independent_formulations() {
    // No published answer: the lazy cuts, the tree encoding and the propagator share nothing
    // but the rules' clauses, so their agreement (and `verify`) is the check.
    for (name, size, clue) in [
        ("bigroom_unique_28.txt", 82, 28),
        ("bigroom_unique_29.txt", 84, 29),
    ] {
        let p = model(name);
        let (lazy, lazy_rows) = solve_checked(&p, "varisat", "connectivity=lazy", Mode::Unique);
        let (tree, tree_rows) = solve_checked(&p, "batsat", "connectivity=tree", Mode::Unique);
        let (prop, prop_rows) =
            solve_checked(&p, "batsat", "connectivity=propagator", Mode::Unique);
        assert_eq!(
            (lazy, tree, prop),
            (Verdict::Unique, Verdict::Unique, Verdict::Unique)
        );
        assert_eq!(lazy_rows[0], tree_rows[0], "{name}");
        assert_eq!(lazy_rows[0], prop_rows[0], "{name}");
        let (_, cells, room_clue) = p.rooms.iter().find(|r| r.0 == "A").unwrap();
        assert_eq!((cells.len(), room_clue), (size, Some(clue)));
    }
}

#[test]
fn the_generic_grid_text_of_the_seed_solves_to_its_published_answer() {
    let out = puzzlec(&["solve", "heyawake", "models/heyawake/seed004.grid.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows: Vec<String> = stdout(&out)
        .lines()
        .filter(|l| !l.is_empty() && l.chars().all(|c| c == '#' || c == '.'))
        .map(str::to_string)
        .collect();
    assert_eq!(rows, answer("seed004.answer"));
}
