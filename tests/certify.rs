//! `--certify`: lying solvers are caught, every shipped model's certified verdict agrees with
//! the plain one, and an exported certificate checks with checkers outside the project.

mod common;

use common::{on_path, puzzlec, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::Output;

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlec-certify-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs puzzlec with `dir` first on PATH, so that scripts there stand in for solvers.
#[cfg(unix)]
fn with_fakes(dir: &Path, args: &[&str]) -> Output {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs = vec![dir.to_path_buf()];
    dirs.extend(std::env::split_paths(&path));
    std::process::Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", std::env::join_paths(dirs).unwrap())
        .output()
        .unwrap()
}

/// Writes an executable `/bin/sh` script named `name` into `dir`.
#[cfg(unix)]
fn fake(dir: &Path, name: &str, body: &str) {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

const SEED: &str = "models/heyawake/seed004.txt";

#[cfg(unix)]
#[test]
fn a_cadical_that_claims_unsat_without_a_proof_is_caught() {
    let dir = scratch("liar");
    fake(&dir, "cadical", "echo 's UNSATISFIABLE'\nexit 20");
    let plain = with_fakes(&dir, &["solve", "heyawake", SEED, "-b", "dimacs:cadical"]);
    // Without --certify the lie is believed: this is what the issue is about.
    assert_eq!(plain.status.code(), Some(1), "{}", stderr(&plain));
    let certified = with_fakes(
        &dir,
        &[
            "solve",
            "heyawake",
            SEED,
            "-b",
            "dimacs:cadical",
            "--certify",
        ],
    );
    assert_eq!(certified.status.code(), Some(3), "{}", stdout(&certified));
    let e = stderr(&certified);
    assert!(e.contains("not certified: no proof"), "{e}");
    assert!(
        !stdout(&certified).contains("no solution"),
        "the lie must not be printed"
    );
}

#[cfg(unix)]
#[test]
fn a_cadical_with_a_bogus_proof_is_caught() {
    let dir = scratch("bogus");
    // Called as `cadical --no-binary CNF PROOF`: claims the empty clause outright.
    fake(
        &dir,
        "cadical",
        "printf '0\\n' > \"$3\"\necho 's UNSATISFIABLE'\nexit 20",
    );
    let o = with_fakes(
        &dir,
        &[
            "solve",
            "heyawake",
            SEED,
            "-b",
            "dimacs:cadical",
            "--certify",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let e = v["error"].as_str().unwrap();
    assert!(e.contains("proof rejected"), "{e}");
    assert_eq!(v["exit"], 3);
}

#[cfg(unix)]
#[test]
fn a_cbc_that_claims_infeasible_cannot_be_certified() {
    let dir = scratch("cbc");
    // Called as `cbc MODEL.lp solve solu SOLUTION`.
    fake(
        &dir,
        "cbc",
        "echo 'Infeasible - objective value 0' > \"$4\"",
    );
    let plain = with_fakes(&dir, &["solve", "heyawake", SEED, "-b", "lp:cbc"]);
    assert_eq!(plain.status.code(), Some(1), "{}", stderr(&plain));
    let o = with_fakes(
        &dir,
        &["solve", "heyawake", SEED, "-b", "lp:cbc", "--certify"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("MIP backend"), "{}", stderr(&o));
}

#[test]
fn backends_without_proofs_are_refused_before_solving() {
    for backend in ["microlp", "dimacs:minisat"] {
        let o = puzzlec(&["solve", "heyawake", SEED, "-b", backend, "--certify"]);
        assert_eq!(o.status.code(), Some(2), "{backend}");
        assert!(stderr(&o).contains("--certify"), "{}", stderr(&o));
    }
    let o = puzzlec(&[
        "solve",
        "nonogram",
        "models/nonogram/webpbn-0001.non",
        "-b",
        "native",
        "--certify",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("gives no proof"), "{}", stderr(&o));
}

#[test]
fn nonogram_line_logic_is_replaced_and_refused_when_asked_for() {
    let file = "models/nonogram/webpbn-0023.non";
    let o = puzzlec(&["solve", "nonogram", file, "--certify"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("unique\ncertified: DRAT proof"), "{text}");
    assert!(
        text.contains("pre=none instead of the default pre=probe"),
        "{text}"
    );
    for pre in ["pre=line", "pre=probe"] {
        let o = puzzlec(&["solve", "nonogram", file, "--certify", "-f", pre]);
        assert_eq!(o.status.code(), Some(2), "{pre}");
    }
}

/// Every shipped instance (puzzle files and URLs under `models/`).
fn shipped_models() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
    let mut out = Vec::new();
    let mut genres: Vec<_> = std::fs::read_dir(&root).unwrap().flatten().collect();
    genres.sort_by_key(|e| e.file_name());
    for g in genres {
        let genre = g.file_name().to_string_lossy().to_string();
        let mut files: Vec<_> = std::fs::read_dir(g.path()).unwrap().flatten().collect();
        files.sort_by_key(|e| e.file_name());
        for f in files {
            let name = f.file_name().to_string_lossy().to_string();
            let skip = [".md", ".answer", ".facts", ".tsv"]
                .iter()
                .any(|s| name.ends_with(s))
                || name.starts_with("words-")
                || (genre == "nonogram" && name == "art.txt");
            if !skip {
                out.push((genre.clone(), format!("models/{genre}/{name}")));
            }
        }
    }
    out
}

fn verdict(args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let o = puzzlec(args);
    let v = serde_json::from_str(stdout(&o).trim())
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stderr(&o)));
    (o.status.code(), v)
}

/// Solves a model plainly and with `--certify`; returns whether the verdict needed a proof.
fn certify_agrees(genre: &str, file: &str) -> bool {
    let (plain_code, plain) = verdict(&["solve", genre, file, "--json"]);
    let (code, certified) = verdict(&["solve", genre, file, "--json", "--certify"]);
    assert_eq!(code, plain_code, "{file}: {certified}");
    assert_eq!(certified["verdict"], plain["verdict"], "{file}");
    let c = &certified["certificate"];
    assert_eq!(c["checked"], true, "{file}: {certified}");
    let rests_on_unsat = matches!(plain["verdict"].as_str(), Some("unique" | "none"));
    assert_eq!(c["proof"] == "drat", rests_on_unsat, "{file}: {c}");
    rests_on_unsat
}

/// The generated speed instances (`planted_`, `gen_`, `bigroom_`) and the published ones that
/// take seconds in a debug build: certified by the ignored sweep, so that the normal suite stays
/// within its time (a debug build under `--certify` checks every proof step).
fn slow_to_certify(file: &str) -> bool {
    let name = file.rsplit('/').next().unwrap_or(file);
    ["planted_", "gen_", "bigroom_"]
        .iter()
        .any(|p| name.starts_with(p))
        || [
            "galaxies/janko_17_14x24.txt",
            "nurikabe/hunt_30x20.url",
            "slitherlink/puzsq_31x45_a.url",
            "slitherlink/puzsq_31x45_b.url",
        ]
        .iter()
        .any(|slow| file.ends_with(slow))
}

/// Certifies the models on two workers (one per core: the models run as child processes) and
/// returns how many verdicts rested on a proof.
fn certify_all(models: &[(String, String)]) -> usize {
    let (evens, odds): (Vec<_>, Vec<_>) = models.iter().enumerate().partition(|(i, _)| i % 2 == 0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = [evens, odds]
            .into_iter()
            .map(|part| {
                scope.spawn(move || {
                    (part.iter())
                        .filter(|(_, (genre, file))| certify_agrees(genre, file))
                        .count()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    })
}

#[test]
fn every_shipped_model_certifies_with_the_plain_verdict() {
    let (slow, quick): (Vec<_>, Vec<_>) = shipped_models()
        .into_iter()
        .partition(|(_, f)| slow_to_certify(f));
    assert!(
        quick.len() > 80 && !slow.is_empty(),
        "{} models",
        quick.len()
    );
    let proofs = certify_all(&quick);
    assert!(proofs > 60, "{proofs} proofs");
}

#[test]
#[ignore = "the large generated models: minutes in a debug build (cargo test --release --test certify -- --ignored)"]
fn every_large_shipped_model_certifies_with_the_plain_verdict() {
    let slow: Vec<_> = shipped_models()
        .into_iter()
        .filter(|(_, f)| slow_to_certify(f))
        .collect();
    assert!(!slow.is_empty());
    certify_all(&slow);
}

#[test]
fn every_sat_backend_here_certifies_the_seed_and_a_loop_and_a_region_genre() {
    let mut backends = vec!["varisat", "batsat"];
    if on_path("cadical") {
        backends.push("dimacs:cadical");
    } else {
        eprintln!("skipping dimacs:cadical: cadical is not on PATH (apt-get install -y cadical)");
    }
    let cases = [
        ("heyawake", SEED, "unique", 0),
        (
            "slitherlink",
            "models/slitherlink/pzprjs_5x5.url",
            "unique",
            0,
        ),
        ("nurikabe", "models/nurikabe/pzprjs_5x5.url", "unique", 0),
        ("masyu", "models/masyu/none_2x2.txt", "none", 1),
        (
            "starbattle",
            "models/starbattle/edge_none_3_rooms.txt",
            "none",
            1,
        ),
    ];
    for backend in backends {
        for (genre, file, want, exit) in cases {
            let args = ["solve", genre, file, "--json", "--certify", "-b", backend];
            let (code, v) = verdict(&args);
            assert_eq!(code, Some(exit), "{args:?}: {v}");
            assert_eq!(v["verdict"], want, "{args:?}");
            assert_eq!(v["certificate"]["proof"], "drat", "{args:?}: {v}");
            assert_eq!(v["certificate"]["prover"], backend, "{args:?}");
        }
    }
}

#[test]
fn a_complete_count_and_facts_are_certified_too() {
    let file = "models/nonogram/edge-multiple-2x2.non";
    let o = puzzlec(&["count", "nonogram", file, "--certify"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.starts_with("2 solution(s)\ncertified: DRAT proof"),
        "{text}"
    );
    let o = puzzlec(&["solve", "nonogram", file, "--facts", "--certify"]);
    assert!(
        stdout(&o).contains("certified: DRAT proof"),
        "{}",
        stdout(&o)
    );
    // A count stopped by --max rests on its solutions alone.
    let (code, v) = verdict(&[
        "count",
        "nonogram",
        file,
        "--max",
        "1",
        "--json",
        "--certify",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(v["certificate"]["proof"], "none", "{v}");
}

/// Runs the outside checkers on an exported certificate: `tests/check_certificate.py` (the
/// PyPI `dratify` checker on the proof, and its own search on the separator cuts) and `rate`
/// (a DRAT checker in Rust, `cargo install rate`). Returns how many ran.
fn check_outside(dir: &Path) -> usize {
    let mut ran = 0;
    let python_has_dratify = std::process::Command::new("python3")
        .args(["-c", "import dratify"])
        .output()
        .is_ok_and(|o| o.status.success());
    if python_has_dratify {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/check_certificate.py");
        let o = std::process::Command::new("python3")
            .arg(script)
            .arg(dir)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
        assert!(stdout(&o).contains("proof: accepted"), "{}", stdout(&o));
        ran += 1;
    } else {
        eprintln!("skipping the Python check: no `dratify` module (pip install dratify)");
    }
    if on_path("rate") {
        let o = std::process::Command::new("rate")
            .arg(dir.join("model.cnf"))
            .arg(dir.join("proof.drat"))
            .output()
            .unwrap();
        assert!(
            stdout(&o).contains("s VERIFIED"),
            "{}{}",
            stdout(&o),
            stderr(&o)
        );
        ran += 1;
    } else {
        eprintln!("skipping rate: not on PATH (cargo install rate)");
    }
    ran
}

#[test]
fn exported_certificates_check_outside_the_project() {
    for (test, genre, file) in [
        ("seed", "heyawake", SEED),
        ("nonogram", "nonogram", "models/nonogram/webpbn-6574.non"),
        (
            "slitherlink",
            "slitherlink",
            "models/slitherlink/pzprjs_5x5.url",
        ),
    ] {
        let dir = scratch(test);
        let out = dir.join("cert");
        let o = puzzlec(&[
            "export",
            genre,
            file,
            "--certificate",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        for f in ["model.cnf", "proof.drat", "cuts.json", "verdict.txt"] {
            assert!(out.join(f).is_file(), "{test}: {f} missing");
        }
        let summary = std::fs::read_to_string(out.join("verdict.txt")).unwrap();
        assert!(summary.contains("verdict: unique"), "{summary}");
        if check_outside(&out) == 0 {
            eprintln!("{test}: no checker outside the project ran");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn export_needs_a_format_or_a_certificate() {
    let o = puzzlec(&["export", "heyawake", SEED]);
    assert_eq!(o.status.code(), Some(2));
}
