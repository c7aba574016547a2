//! Helpers the shading genres' integration tests share: running the binary, reading shipped
//! models and answers, and the formulation × backend matrix against a published answer.

#![allow(dead_code)]

use puzzlec::backend::{available_backends, is_sat, runs_propagators};
use puzzlec::puzzles::{core_formulation_keys, Formulation, FormulationKey, Puzzle};
use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
use std::path::Path;
use std::process::{Command, Output};

/// Runs `puzzlec ARGS` in the crate root.
pub fn puzzlec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// A shipped file of `models/GENRE/`.
pub fn model_text(genre: &str, name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models")
        .join(genre)
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The rows of a shipped answer file (blank lines dropped).
pub fn answer(genre: &str, name: &str) -> Vec<String> {
    let text = model_text(genre, name);
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// Every formulation spec of the genre's keys; MIP backends ignore `card`, so they get one spec
/// per value of the genre's own keys.
pub fn specs_for(keys: &[FormulationKey], backend: &str) -> Vec<String> {
    let mut all = keys.to_vec();
    all.extend(core_formulation_keys());
    let mut specs: Vec<String> = Formulation::all_combinations(&all)
        .iter()
        .filter(|f| is_sat(backend) || f.get("card") == "totalizer")
        .map(Formulation::spec)
        .collect();
    specs.dedup();
    specs
}

/// Whether a backend refuses a spec because only batsat runs propagators; asserts that the
/// refusal says so.
pub fn refuses_propagator<P: Puzzle>(p: &P, backend: &str, spec: &str) -> bool {
    // `=staged` values are a propagator's model tried second (nurikabe's `islands=staged`).
    let propagator = spec.contains("=propagator") || spec.contains("=staged");
    if !propagator || runs_propagators(backend) {
        return false;
    }
    let Err(err) = solve_puzzle(p, &SolveOptions::new(backend, spec, Mode::Unique)) else {
        panic!("{backend} {spec}: a propagator on a backend without them is refused");
    };
    assert!(
        err.to_string().contains("--backend batsat"),
        "{backend} {spec}: {err}"
    );
    assert_eq!(err.exit_code(), 2, "{backend} {spec}: {err}");
    true
}

/// Solves with every available backend and formulation that `gap` does not rule out (it says
/// why, and the reason is printed) and asserts `unique` with the expected rows; a propagator
/// on a backend other than batsat must be refused with a message. Returns how many cells ran.
pub fn matrix_gives_answer<P: Puzzle<Solution = Vec<bool>>>(
    p: &P,
    keys: &[FormulationKey],
    expected: &[String],
    gap: impl Fn(&str, &str) -> Option<&'static str>,
) -> usize {
    let mut ran = 0;
    for backend in available_backends().into_iter().filter(|b| b != "native") {
        for spec in specs_for(keys, &backend) {
            if refuses_propagator(p, &backend, &spec) {
                continue;
            }
            if let Some(why) = gap(&backend, &spec) {
                eprintln!("skipping {backend} {spec}: {why}");
                continue;
            }
            let opts = SolveOptions::new(&backend, &spec, Mode::Unique);
            let report = solve_puzzle(p, &opts).unwrap_or_else(|e| panic!("{backend} {spec}: {e}"));
            assert_eq!(report.verdict, Verdict::Unique, "{backend} {spec}");
            assert_eq!(p.rows(&report.solutions[0]), expected, "{backend} {spec}");
            ran += 1;
        }
    }
    ran
}
