//! Listing speed of tetromino tilings: native exact cover (pruned and plain) and, where they
//! finish, SAT and MIP with blocking clauses. Target: all 8260 tilings of 4×10 under 0.5 s
//! with the native enumerator.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlec::puzzles::tetromino::dlx::Enumerator;
use puzzlec::puzzles::tetromino::field::Region;
use puzzlec::puzzles::tetromino::list::{list_native, Progress};
use puzzlec::puzzles::tetromino::Tetromino;
use std::hint::black_box;

fn native(c: &mut Criterion) {
    let p = Tetromino::with_bag_rule(Region::rectangle(4, 10));
    let mut group = c.benchmark_group("tetromino 4x10 two bags");
    group.sample_size(10);
    group.bench_function("native pruned list (8260, verified)", |b| {
        b.iter(|| {
            let listing = list_native(black_box(&p), false, &mut Progress::new(false)).unwrap();
            assert_eq!(listing.total(), 8260);
        })
    });
    group.bench_function("native pruned count", |b| {
        b.iter(|| list_native(black_box(&p), true, &mut Progress::new(false)).unwrap())
    });
    group.bench_function("native plain exact cover count", |b| {
        let e = Enumerator::new(&p.region);
        b.iter(|| assert_eq!(e.count(black_box(&p.bounds)), 8260))
    });
    group.finish();
}

criterion_group!(benches, native);
criterion_main!(benches);
