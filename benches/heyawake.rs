//! Heyawake speed: solve + uniqueness (`Mode::Unique`, in-process) of the shipped instances per
//! connectivity formulation and in-process backend. External backends (`dimacs:…`, `lp:…`) are
//! left out: they pay a process start per solver call and are timed as whole processes by
//! `tools/heyawake_table.sh` (which also runs `puzzlec compare` and the PuLP+CBC peer).
//!
//! Run with `cargo bench --bench heyawake` (a few minutes; `-- --test` runs each case once).

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use puzzlec::backend::{available_backends, is_sat};
use puzzlec::puzzles::heyawake::Heyawake;
use puzzlec::puzzles::Puzzle;
use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
use std::time::Duration;

fn model(name: &str) -> Heyawake {
    let path = format!("{}/models/heyawake/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("shipped model");
    Heyawake::read(name, &text).expect("valid model")
}

/// Backends that run inside this process (no `dimacs:` / `lp:` child processes).
fn in_process_backends() -> Vec<String> {
    available_backends()
        .into_iter()
        .filter(|b| !b.starts_with("dimacs:") && !b.starts_with("lp:"))
        .collect()
}

/// Whether a backend × formulation is worth timing on the 10×10 seed.
fn usable_on_seed(backend: &str, formulation: &str) -> bool {
    match formulation {
        // As CNF the flow's integers would need more than 20M clauses: refused by a size guard.
        "connectivity=flow" if is_sat(backend) => false,
        // microlp proves the 10×10 with flow, but in ~13 s per solve: too slow for criterion's
        // repeated samples. The one-shot timing is in `puzzlec compare` (heyawake_table.sh).
        "connectivity=flow" if backend == "microlp" => false,
        // The tree's big-M rows are weak for MIP: microlp does not prove the 10×10 within 20 s
        // (cbc, the best of the MIP solvers here, needs ~12 s).
        "connectivity=tree" if !is_sat(backend) => false,
        _ => true,
    }
}

/// Times `solve_puzzle` in `Mode::Unique` and checks the verdict on every iteration.
fn bench_case(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    label: String,
    p: &Heyawake,
    backend: &str,
    formulation: &str,
    expected: Verdict,
) {
    let opts = SolveOptions::new(backend, formulation, Mode::Unique);
    group.bench_function(label, |b| {
        b.iter(|| {
            let r = solve_puzzle(p, &opts).expect("solves");
            assert_eq!(r.verdict, expected, "{backend} {formulation}");
        })
    });
}

fn seed004(c: &mut Criterion) {
    let p = model("seed004.txt");
    let mut group = c.benchmark_group("heyawake seed004 solve+unique");
    // Flat sampling: the same iteration count per sample, so the slow cases (microlp lazy,
    // ~0.15 s per solve) stay within a few seconds instead of criterion's 1+2+…+n iterations.
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    let formulations = [
        "connectivity=lazy",
        "connectivity=tree",
        "connectivity=flow",
    ];
    for backend in in_process_backends() {
        for f in formulations {
            if usable_on_seed(&backend, f) {
                let label = format!("{backend} {f}");
                bench_case(&mut group, label, &p, &backend, f, Verdict::Unique);
            }
        }
    }
    group.finish();
}

fn bigroom(c: &mut Criterion) {
    let mut group = c.benchmark_group("heyawake bigroom");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    for name in ["bigroom_1.txt", "bigroom_2.txt", "bigroom_3.txt"] {
        let p = model(name);
        for backend in in_process_backends().iter().filter(|b| is_sat(b)) {
            let f = "connectivity=lazy";
            let label = format!("{name} {backend} {f}");
            // More than one solution: Mode::Unique stops at the second.
            bench_case(&mut group, label, &p, backend, f, Verdict::Multiple);
        }
    }
    // One solution: the uniqueness proof is the hard part.
    for name in ["bigroom_unique_29.txt", "bigroom_unique_28.txt"] {
        let p = model(name);
        for backend in in_process_backends().iter().filter(|b| is_sat(b)) {
            for f in ["connectivity=lazy", "connectivity=tree"] {
                let label = format!("{name} {backend} {f}");
                bench_case(&mut group, label, &p, backend, f, Verdict::Unique);
            }
        }
    }
    group.finish();
}

fn lshape(c: &mut Criterion) {
    let p = model("lshape_4x6.txt");
    let mut group = c.benchmark_group("heyawake lshape");
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(2));
    for backend in in_process_backends().iter().filter(|b| is_sat(b)) {
        for f in ["connectivity=lazy", "connectivity=tree"] {
            let label = format!("lshape_4x6.txt {backend} {f}");
            bench_case(&mut group, label, &p, backend, f, Verdict::Unique);
        }
    }
    group.finish();
}

criterion_group!(benches, seed004, bigroom, lshape);
criterion_main!(benches);
