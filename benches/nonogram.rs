//! Nonogram benchmarks: criterion timings of the line solvers and line logic, then a table of
//! the validator task (find a second solution or prove there is none) on the survey puzzles
//! and on n-Dom, per formulation and backend, with the peer `nonogrid` side by side when it
//! is on PATH (`cargo install nonogrid`; set `NONOGRID_SAT` to a second binary built with its
//! `sat` feature; `PEER_LIMIT` seconds per peer run, default 20). Run it with
//! `cargo bench --bench nonogram` (add `-- table` to print only the table). Our times are
//! in-process (formulate + lower + two solver calls); a peer's include its process start.

use criterion::{black_box, Criterion};
use puzzlec::puzzles::nonogram::line::{overlap, solve_line, Cell};
use puzzlec::puzzles::nonogram::logic::line_logic;
use puzzlec::puzzles::nonogram::parse::parse_non;
use puzzlec::puzzles::nonogram::{dom, Nonogram};
use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nonogram");
const SURVEY: &[&str] = &[
    "webpbn-0001.non",
    "webpbn-0006.non",
    "webpbn-0016.non",
    "webpbn-0021.non",
    "webpbn-0023.non",
    "webpbn-0027.non",
    "webpbn-0065.non",
    "webpbn-0436.non",
    "webpbn-0529.non",
    "webpbn-0803.non",
    "webpbn-1611.non",
    "webpbn-6574.non",
    "webpbn-8098.non",
];
const CONFIGS: &[(&str, &str)] = &[
    ("batsat", "line=dfa"),
    ("batsat", "line=blocks"),
    ("batsat", "line=order"),
    ("batsat", "line=order,pre=line"),
    ("varisat", "line=order"),
];

fn load(name: &str) -> Nonogram {
    let path = format!("{DATA}/{name}");
    parse_non(&path, &std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn line_benches(c: &mut Criterion) {
    let mut line = vec![Cell::Unknown; 60];
    for i in (0..60).step_by(7) {
        line[i] = Cell::Empty;
    }
    let clue = [3, 1, 2, 4, 1, 3, 2];
    c.bench_function("solve_line 60 cells 7 blocks", |b| {
        b.iter(|| solve_line(black_box(&clue), black_box(&line)))
    });
    c.bench_function("overlap 60 cells 7 blocks", |b| {
        b.iter(|| overlap(black_box(&clue), black_box(&line)))
    });
    let merka = load("webpbn-1611.non");
    c.bench_function("line_logic Merka 55x60", |b| {
        b.iter(|| line_logic(black_box(&merka)))
    });
}

/// Seconds for the validator task, or `None` on a wrong verdict.
fn validate(p: &Nonogram, backend: &str, formulation: &str) -> Option<f64> {
    let start = Instant::now();
    let r = solve_puzzle(p, &SolveOptions::new(backend, formulation, Mode::Unique)).ok()?;
    (r.verdict == Verdict::Unique).then(|| start.elapsed().as_secs_f64())
}

/// Runs a peer binary on a `.non` file with a time limit; seconds, or `None`.
fn peer(binary: &str, path: &str, limit: Duration) -> Option<f64> {
    let start = Instant::now();
    let mut child = Command::new(binary)
        .args(["--max-solutions", "2", path])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return status.success().then(|| start.elapsed().as_secs_f64());
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn on_path(binary: &str) -> bool {
    Command::new(binary)
        .arg("--help")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

fn table() {
    let peers: Vec<(String, String)> = [
        (
            "nonogrid",
            std::env::var("NONOGRID").unwrap_or_else(|_| "nonogrid".into()),
        ),
        (
            "nonogrid-sat",
            std::env::var("NONOGRID_SAT").unwrap_or_default(),
        ),
    ]
    .into_iter()
    .filter(|(_, bin)| !bin.is_empty() && on_path(bin))
    .map(|(n, b)| (n.to_string(), b))
    .collect();
    let mut header = format!("| {:<16} |", "puzzle");
    for (b, f) in CONFIGS {
        header.push_str(&format!(" {b} {f} |"));
    }
    for (name, _) in &peers {
        header.push_str(&format!(" {name} |"));
    }
    println!("{header}");
    println!("|{}", "---|".repeat(1 + CONFIGS.len() + peers.len()));
    let limit: f64 = std::env::var("PEER_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20.0);
    let tmp = std::env::temp_dir();
    let mut instances: Vec<(String, Nonogram, String)> = SURVEY
        .iter()
        .map(|n| (n.to_string(), load(n), format!("{DATA}/{n}")))
        .collect();
    for n in 5..=14 {
        let p = dom(n).unwrap();
        let path = tmp.join(format!("puzzlec-bench-{n}-dom.non"));
        std::fs::write(&path, p.to_non()).unwrap();
        instances.push((format!("{n}-Dom"), p, path.display().to_string()));
    }
    for (name, p, path) in &instances {
        let mut row = format!("| {name:<16} |");
        for (b, f) in CONFIGS {
            row.push_str(&match validate(p, b, f) {
                Some(s) => format!(" {s:.3} |"),
                None => " wrong |".into(),
            });
        }
        for (_, bin) in &peers {
            row.push_str(&match peer(bin, path, Duration::from_secs_f64(limit)) {
                Some(s) => format!(" {s:.3} |"),
                None => format!(" >{limit} |"),
            });
        }
        println!("{row}");
    }
}

fn main() {
    let table_only = std::env::args().any(|a| a == "table");
    if !table_only {
        let mut c = Criterion::default()
            .sample_size(20)
            .measurement_time(Duration::from_secs(2))
            .configure_from_args();
        line_benches(&mut c);
        c.final_summary();
    }
    table();
}
