//! `connectivity=propagator` and `loop=propagator` (batsat's theory interface) end to end:
//! every shipped model of a genre with a connectivity or loop key that has a published answer
//! solves to it, the large generated ones are unique with the same solution as the lazy cuts, and
//! every other backend, and export, refuse it with a message.

mod common;
use common::*;
use puzzlec::backend::sat::{BatsatSolver, SatResult, SatSolver};
use puzzlec::lower::{CardEncoding, CnfEncoder};
use puzzlec::puzzles::heyawake::Heyawake;
use puzzlec::puzzles::{Formulation, Puzzle};

use std::path::Path;

/// The genres whose formulations have the core's `connectivity` or `loop` key, with the key.
const GENRES: [(&str, &str); 6] = [
    ("heyawake", "connectivity"),
    ("hitori", "connectivity"),
    ("lits", "connectivity"),
    ("nurikabe", "connectivity"),
    ("slitherlink", "loop"),
    ("masyu", "loop"),
];

/// The shipped inputs (`.url` or `.txt` beside a `.answer` of the same stem) of a genre.
fn answered(genre: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models")
        .join(genre);
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "answer") {
            let stem = path.file_stem().unwrap().to_string_lossy().to_string();
            let input = ["url", "txt"]
                .iter()
                .map(|ext| format!("models/{genre}/{stem}.{ext}"))
                .find(|p| Path::new(env!("CARGO_MANIFEST_DIR")).join(p).exists())
                .unwrap_or_else(|| panic!("no input for {}", path.display()));
            let answer = std::fs::read_to_string(&path).unwrap();
            out.push((input, answer));
        }
    }
    out.sort();
    out
}

fn solve(genre: &str, input: &str, spec: &str) -> (Option<i32>, String) {
    let out = puzzlec(&["solve", genre, input, "-b", "batsat", "-f", spec]);
    (out.status.code(), stdout(&out))
}

#[test]
fn every_published_answer_of_a_connectivity_or_loop_genre_comes_out_of_the_propagator() {
    let mut checked = 0;
    for (genre, key) in GENRES {
        for (input, answer) in answered(genre) {
            let (code, out) = solve(genre, &input, &format!("{key}=propagator"));
            let rows: Vec<&str> = answer.lines().filter(|l| !l.trim().is_empty()).collect();
            assert_eq!(code, Some(0), "{input}: {out}");
            assert_eq!(out, format!("{}\n\nunique\n", rows.join("\n")), "{input}");
            checked += 1;
        }
    }
    // heyawake 4, hitori 3, lits 2, nurikabe 3, slitherlink 2, masyu 1.
    assert!(checked >= 15, "only {checked} answers");
}

#[test]
fn large_puzzles_are_unique_with_the_solution_of_the_lazy_cuts() {
    for (genre, key, input) in [
        ("hitori", "connectivity", "models/hitori/gen_30x30_s1.url"),
        (
            "nurikabe",
            "connectivity",
            "models/nurikabe/gen_30x30_s1_max9.url",
        ),
        (
            "slitherlink",
            "loop",
            "models/slitherlink/puzsq_15330_17x17.url",
        ),
    ] {
        let (code, prop) = solve(genre, input, &format!("{key}=propagator"));
        assert_eq!(code, Some(0), "{input}: {prop}");
        assert!(prop.ends_with("\nunique\n"), "{input}: {prop}");
        assert_eq!(
            prop,
            solve(genre, input, &format!("{key}=lazy")).1,
            "{input}"
        );
    }
}

#[test]
fn other_backends_and_export_refuse_the_propagator_with_a_message() {
    for backend in ["varisat", "microlp"] {
        let out = puzzlec(&[
            "solve",
            "heyawake",
            "models/heyawake/seed004.txt",
            "-b",
            backend,
            "-f",
            "connectivity=propagator",
        ]);
        assert_eq!(out.status.code(), Some(2), "{backend}");
        assert!(
            stderr(&out).contains("--backend batsat"),
            "{}",
            stderr(&out)
        );
    }
    for extra in [&[][..], &["--with-cuts-found", "-b", "batsat"][..]] {
        let mut args = vec![
            "export",
            "hitori",
            "models/hitori/noqx_10x10.url",
            "--format",
            "dimacs",
            "-f",
            "connectivity=propagator",
        ];
        args.extend(extra);
        let out = puzzlec(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("connectivity=tree"),
            "{}",
            stderr(&out)
        );
    }
    let out = puzzlec(&["formulations", "nurikabe"]);
    assert!(stdout(&out).contains("connectivity=propagator"));
}

#[test]
fn certify_refuses_the_propagator_instead_of_failing_its_proof() {
    // The propagator's conflicts are not clauses of the model, so a DRAT proof of the CNF
    // cannot back a verdict that rests on them: a usage error that names the certifiable values.
    let out = puzzlec(&[
        "solve",
        "heyawake",
        "models/heyawake/seed004.txt",
        "-b",
        "batsat",
        "-f",
        "connectivity=propagator",
        "--certify",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("connectivity=propagator")
            && stderr(&out).contains("connectivity=lazy"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_propagators_raise_conflicts_and_mostly_build_on_the_last_check() {
    let text = include_str!("../models/heyawake/bigroom_unique_28.txt");
    let p = Heyawake::read_text("bigroom", text).unwrap();
    let f = Formulation::parse("connectivity=propagator", &Heyawake::keys()).unwrap();
    let model = p.formulate(&f).unwrap().model;
    let cnf = CnfEncoder::encode_model(&model, CardEncoding::Totalizer);
    let mut solver = BatsatSolver::new();
    assert!(solver.attach_propagators(&model.propagated, &|l| cnf.lit(l)));
    for clause in cnf.clauses() {
        solver.add_clause(clause);
    }
    let result = solver.solve(cnf.num_vars(), &[], None).unwrap();
    let SatResult::Sat(values) = result else {
        panic!("{result:?}")
    };
    let a = cnf.decode(|v| values[v as usize]);
    let solution = (p.formulate(&f).unwrap().decode)(&a);
    assert_eq!(p.verify(&solution), Ok(()));
    let counts = solver.theory_counts().unwrap();
    assert!(counts.conflicts > 0, "{counts:?}");
    // A backtrack goes back to the tree its level was checked with (`restore`), so full
    // searches of the graph are rare: a handful against thousands of checks.
    assert!(10 * counts.full_checks < counts.checks, "{counts:?}");
}
