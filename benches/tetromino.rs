//! Listing speed of tetromino tilings on the spec's regions: the native pruned exact cover
//! against SAT (varisat, batsat) and MIP (microlp) with blocking clauses, where those finish
//! in seconds. Target: all 8260 tilings of 4×10 (two bags) under 0.5 s natively.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlec::puzzles::tetromino::bags::Bounds;
use puzzlec::puzzles::tetromino::cli::list_with_backend;
use puzzlec::puzzles::tetromino::dlx::Enumerator;
use puzzlec::puzzles::tetromino::field::{parse_text, Region};
use puzzlec::puzzles::tetromino::list::{list_native, Progress};
use puzzlec::puzzles::tetromino::shapes::Kind;
use puzzlec::puzzles::tetromino::Tetromino;
use std::hint::black_box;

fn four_by_ten(c: &mut Criterion) {
    let p = Tetromino::with_bag_rule(Region::rectangle(4, 10));
    let mut group = c.benchmark_group("tetromino 4x10 two bags");
    group.sample_size(10);
    group.bench_function("native pruned list (8260, verified)", |b| {
        b.iter(|| {
            let listing =
                list_native(black_box(&p), false, &mut Progress::new(false), None).unwrap();
            assert_eq!(listing.total(), 8260);
        })
    });
    group.bench_function("native pruned count", |b| {
        b.iter(|| list_native(black_box(&p), true, &mut Progress::new(false), None).unwrap())
    });
    group.bench_function("native plain exact cover count", |b| {
        let e = Enumerator::new(&p.region);
        b.iter(|| assert_eq!(e.count(black_box(&p.bounds)), 8260))
    });
    group.finish();
}

fn spec_regions(c: &mut Criterion) {
    let minus_t = {
        let region = parse_text(
            "spec",
            "__________/XXXX______/XXXX__X__X/XXX___XXXX/XXX_XXXXXX/XXX__XXXXX/XXX_XXXXXX/XXXX_XXXXX",
        )
        .unwrap();
        let mut minus = [0; 7];
        minus[Kind::T.index()] = 1;
        Tetromino {
            bounds: Bounds::bag_rule(region.size() / 4, [0; 7], minus),
            region,
        }
    };
    let cases: Vec<(&str, Tetromino, u128, &[&str])> = vec![
        (
            "4x4 one bag",
            Tetromino::with_bag_rule(Region::rectangle(4, 4)),
            24,
            &["varisat", "batsat", "microlp"],
        ),
        (
            "4x5 unlimited",
            Tetromino {
                region: Region::rectangle(4, 5),
                bounds: Bounds::unlimited(5),
            },
            454,
            &["varisat", "batsat"],
        ),
        ("minus-T1 region", minus_t, 17, &["varisat", "batsat"]),
    ];
    for (name, p, want, backends) in cases {
        let mut group = c.benchmark_group(format!("tetromino {name}"));
        group.sample_size(10);
        group.bench_function("native", |b| {
            b.iter(|| {
                let l = list_native(black_box(&p), false, &mut Progress::new(false), None).unwrap();
                assert_eq!(l.total(), want);
            })
        });
        for &backend in backends {
            group.bench_function(backend, |b| {
                b.iter(|| {
                    let l = list_with_backend(black_box(&p), backend, "", None).unwrap();
                    assert_eq!(l.total(), want);
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, four_by_ten, spec_regions);
criterion_main!(benches);
