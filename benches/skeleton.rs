//! Skeleton speed: solve + uniqueness of shipped 15×15 puzzles per formulation and backend, and
//! the generator's time to a unique 15×15 puzzle of at least 30 words.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlec::puzzles::skeleton::generate::{generate, solver_oracle, GenerateOptions};
use puzzlec::puzzles::skeleton::{load_texts, Skeleton};
use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
use std::time::Duration;

fn model(name: &str) -> Skeleton {
    let path = format!("{}/models/skeleton/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("shipped model");
    load_texts(name, &text, None).expect("valid model")
}

fn solve_unique(c: &mut Criterion) {
    let mut group = c.benchmark_group("skeleton solve+unique");
    group.sample_size(20);
    for name in ["states15.txt", "generated-15x15-50.txt"] {
        let p = model(name);
        let backends = puzzlec::backend::available_backends();
        let formulations = ["letters=channel", "letters=support", "letters=crossing"];
        for (backend, f) in backends
            .iter()
            .flat_map(|b| formulations.iter().map(move |f| (b.as_str(), *f)))
        {
            let opts = SolveOptions::new(backend, f, Mode::Unique);
            group.bench_function(format!("{name} {backend} {f}"), |b| {
                b.iter(|| {
                    let r = solve_puzzle(&p, &opts).expect("solves");
                    assert_eq!(r.verdict, Verdict::Unique);
                })
            });
        }
    }
    group.finish();
}

fn generator(c: &mut Criterion) {
    let path = format!(
        "{}/models/skeleton/words-en.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let words: Vec<String> = std::fs::read_to_string(path)
        .expect("word list")
        .lines()
        .map(str::to_string)
        .collect();
    let mut group = c.benchmark_group("skeleton generate");
    group.sample_size(10);
    for seed in [1, 2, 3] {
        group.bench_function(format!("15x15 >=30 words seed {seed}"), |b| {
            b.iter(|| {
                let opts = GenerateOptions {
                    height: 15,
                    width: 15,
                    mask: None,
                    seed,
                    time: Duration::from_secs(10),
                    target_words: Some(30),
                };
                let mut oracle = solver_oracle("varisat", "letters=support", None);
                let g = generate(&words, &opts, &mut oracle).expect("runs");
                assert!(g.is_some_and(|g| g.puzzle.words.len() >= 30));
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve_unique, generator);
criterion_main!(benches);
