//! Whole-process timings against cspuz: `puzzlec solve GENRE URL` (uniqueness check, the
//! default) and `$CSPUZ_URL URL` (cspuz-solver2's solver; see `../shared/peers/README.md`),
//! interleaved run by run, medians in milliseconds, and the two verdicts compared. Skips with a
//! message when `CSPUZ_URL` is unset; `BENCH_RUNS` sets the runs per cell (default 7).

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// One timed run: wall seconds and the verdict line.
fn timed(program: &str, args: &[&str]) -> (f64, String) {
    let start = Instant::now();
    let out = Command::new(program).args(args).output().expect("run");
    let seconds = start.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let verdict = stdout
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    // puzzlec says `no solution`, cspuz `none`.
    let verdict = if verdict.starts_with("no solution") {
        "none"
    } else {
        verdict.trim()
    };
    (seconds, verdict.to_string())
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

/// Times every instance (a model file holding a URL under `//` lines) with each formulation
/// spec (`""` is the genre's default) against cspuz, and prints a Markdown table.
pub fn run(genre: &str, instances: &[&str], specs: &[&str]) {
    let Some(peer) = std::env::var_os("CSPUZ_URL") else {
        println!("skipping the {genre} benchmark against cspuz: set CSPUZ_URL to cspuz-url's path");
        return;
    };
    let peer = peer.to_string_lossy().to_string();
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(7);
    let puzzlec = env!("CARGO_BIN_EXE_puzzlec");
    let root = env!("CARGO_MANIFEST_DIR");
    println!("| instance | formulation | puzzlec (ms) | cspuz (ms) | cspuz / puzzlec | verdict |");
    println!("|---|---|---:|---:|---:|---|");
    for file in instances {
        let text = std::fs::read_to_string(Path::new(root).join(file)).expect("model file");
        let url = text
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with("http"))
            .expect("a URL");
        for spec in specs {
            let mut args = vec!["solve", genre, url];
            if !spec.is_empty() {
                args.extend(["-f", spec]);
            }
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            let mut verdicts = std::collections::BTreeSet::new();
            for _ in 0..runs {
                let (s, v) = timed(puzzlec, &args);
                ours.push(s);
                verdicts.insert(format!("puzzlec {v}"));
                let (s, v) = timed(&peer, &[url]);
                theirs.push(s);
                verdicts.insert(format!("cspuz {v}"));
            }
            let (a, b) = (median(ours) * 1e3, median(theirs) * 1e3);
            let verdict: Vec<String> = verdicts.into_iter().collect();
            let name = Path::new(file).file_name().unwrap().to_string_lossy();
            let spec = if spec.is_empty() { "default" } else { spec };
            println!(
                "| {name} | {spec} | {a:.1} | {b:.1} | {:.2} | {} |",
                b / a,
                verdict.join(", ")
            );
        }
    }
}
