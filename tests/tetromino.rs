//! Tetromino packing against the spec's published counts (models/tetromino/counts.tsv).

use puzzlec::puzzles::tetromino::cli::{instance, list_with_backend, ListArgs};
use puzzlec::puzzles::tetromino::list::{list_native, Progress};
use puzzlec::puzzles::tetromino::Tetromino;
use std::collections::HashSet;

/// (file, options, tilings) rows of the shipped counts table.
fn spec_cases() -> Vec<(String, Vec<String>, u128)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/models/tetromino");
    let table = std::fs::read_to_string(format!("{dir}/counts.tsv")).unwrap();
    table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (
                format!("{dir}/{}", cols[0]),
                cols[1].split_whitespace().map(String::from).collect(),
                cols[2].trim().parse().unwrap(),
            )
        })
        .collect()
}

fn args(file: &str, options: &[String]) -> ListArgs {
    let mut a = ListArgs {
        input: file.to_string(),
        count: false,
        fumen: false,
        json: false,
        plus: vec![],
        minus: vec![],
        kinds: vec![],
        unlimited: false,
        solver: "native".into(),
        formulation: String::new(),
        timeout: None,
    };
    let mut it = options.iter();
    while let Some(o) = it.next() {
        match o.as_str() {
            "--unlimited" => a.unlimited = true,
            "--minus" => a.minus.push(it.next().unwrap().clone()),
            "--plus" => a.plus.push(it.next().unwrap().clone()),
            other => panic!("option {other} not handled by the test"),
        }
    }
    a
}

fn load(file: &str, options: &[String]) -> Tetromino {
    instance(&args(file, options)).unwrap()
}

#[test]
fn native_listing_matches_every_spec_count_with_verified_distinct_tilings() {
    let cases = spec_cases();
    assert_eq!(cases.len(), 6);
    for (file, options, want) in cases {
        let p = load(&file, &options);
        let listing = list_native(&p, false, &mut Progress::new(false), None).unwrap();
        assert_eq!(listing.total(), want, "{file} {options:?}");
        let mut seen = HashSet::new();
        for t in listing.tilings.values().flatten() {
            assert_eq!(p.check(t), Ok(()), "{file}");
            assert!(seen.insert(t.clone()), "{file}: a tiling listed twice");
        }
        assert_eq!(seen.len() as u128, want);
        let counted = list_native(&p, true, &mut Progress::new(false), None).unwrap();
        assert_eq!(counted.counts, listing.counts, "{file}");
    }
}

#[test]
fn a_region_not_a_multiple_of_four_is_a_clear_error() {
    let dir = std::env::temp_dir().join("puzzlec-tetromino-test-size");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("odd.txt");
    std::fs::write(&f, "XXX\nXX_\n").unwrap();
    let err = instance(&args(f.to_str().unwrap(), &[])).unwrap_err();
    assert_eq!(err.exit_code(), 2);
    assert!(err.to_string().contains("not a multiple of 4"), "{err}");
}

#[test]
fn fumen_input_is_read_inline() {
    let p = load("v115@9gD8FeD8FeD8FeD8PeAgH", &[]);
    assert_eq!(p.region.size(), 16);
    let listing = list_native(&p, true, &mut Progress::new(false), None).unwrap();
    // the same 4×4 block as the spec's "4×4 full, one bag" case
    assert_eq!(listing.total(), 24);
}

/// The spec cases a backend enumerates fast enough for the test suite (SAT: all but 4×10,
/// which takes about a minute with blocking clauses; MIP (microlp): the two smallest lists).
fn fast_cases(backend: &str) -> Vec<(String, Vec<String>, u128)> {
    spec_cases()
        .into_iter()
        .filter(|(file, _, n)| match backend {
            "microlp" => *n <= 24,
            _ => !file.ends_with("4x10.txt"),
        })
        .collect()
}

#[test]
fn sat_and_mip_listings_match_the_spec_counts_where_they_finish_fast() {
    for backend in ["varisat", "batsat", "microlp"] {
        let cases = fast_cases(backend);
        assert!(!cases.is_empty());
        for (file, options, want) in cases {
            let p = load(&file, &options);
            let formulations: &[&str] = if backend == "microlp" {
                &[""]
            } else {
                &["card=totalizer", "card=seq"]
            };
            for f in formulations {
                // from_tilings verifies every tiling and rejects duplicates
                let listing = list_with_backend(&p, backend, f, None).unwrap();
                assert_eq!(listing.total(), want, "{backend} {f} {file} {options:?}");
            }
        }
    }
}

#[test]
fn unknown_solver_is_a_usage_error() {
    let p = load(&spec_cases()[0].0, &[]);
    let err = list_with_backend(&p, "no-such-solver", "", None).unwrap_err();
    assert_eq!(err.exit_code(), 2, "{err}");
}

/// Slow (about a minute per SAT backend in release): run with
/// `cargo test --release --test tetromino -- --ignored --nocapture`.
#[test]
#[ignore]
fn sat_lists_all_8260_tilings_of_four_by_ten() {
    let (file, options, want) = spec_cases()
        .into_iter()
        .find(|(f, _, _)| f.ends_with("4x10.txt"))
        .unwrap();
    let p = load(&file, &options);
    for backend in ["varisat", "batsat"] {
        let start = std::time::Instant::now();
        let listing = list_with_backend(&p, backend, "", None).unwrap();
        assert_eq!(listing.total(), want, "{backend}");
        eprintln!(
            "{backend}: {} tilings of 4x10 in {:.1} s",
            listing.total(),
            start.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn native_search_is_a_solver_name_for_solve_count_and_compare() {
    let exe = env!("CARGO_BIN_EXE_puzzlec");
    let dir = env!("CARGO_MANIFEST_DIR");
    let run = |args: &[&str]| {
        std::process::Command::new(exe)
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap()
    };
    // One bag on 4×4: 24 tilings (spec), counted by the native search through the core driver.
    let out = run(&[
        "count",
        "tetromino",
        "models/tetromino/4x4.txt",
        "-b",
        "native",
        "--max",
        "1000",
        "--stats",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "24 solution(s)"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("backend native"));
    let out = run(&[
        "solve",
        "tetromino",
        "models/tetromino/4x6.txt",
        "-b",
        "native",
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("multiple"));
    // compare puts the native search beside a SAT and a MIP backend, once per input.
    let out = run(&[
        "compare",
        "tetromino",
        "models/tetromino/4x6.txt",
        "--backends",
        "native,varisat,microlp",
        "--count",
        "100",
        "--json",
    ]);
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3, "{rows:?}");
    for row in rows {
        assert_eq!(row["solutions"], 2, "{row}");
    }
}
