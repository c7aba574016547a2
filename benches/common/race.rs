//! Times `puzzlec solve GENRE URL` (solve + uniqueness, the CLI default) against the cspuz peer
//! `$CSPUZ_URL URL` on the same instances, as whole processes, interleaved run by run so that
//! load on the shared machine hits both alike; prints a markdown table of medians.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One timed variant of puzzlec: a label and the extra `solve` arguments.
pub type Variant = (&'static str, &'static [&'static str]);

/// Runs a command with a time limit; returns the seconds and the last line of its output
/// (the verdict), or `None` on timeout.
fn timed(cmd: &mut Command, limit: Duration) -> Option<(f64, String)> {
    let start = Instant::now();
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawns");
    loop {
        if child.try_wait().expect("waits").is_some() {
            let secs = start.elapsed().as_secs_f64();
            let out = child.wait_with_output().expect("output");
            let text = String::from_utf8_lossy(&out.stdout);
            let verdict = text.lines().last().unwrap_or("").trim().to_string();
            return Some((secs, verdict));
        }
        if start.elapsed() > limit {
            child.kill().ok();
            child.wait().ok();
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Races puzzlec's variants against cspuz on each `(name, url)`, `runs` times each, and prints
/// the table. Skips with a message when `CSPUZ_URL` is not set.
pub fn race(genre: &str, instances: &[(&str, String)], variants: &[Variant], runs: usize) {
    let Some(peer) = std::env::var_os("CSPUZ_URL") else {
        eprintln!("skipping the cspuz comparison: set CSPUZ_URL to the cspuz-url binary");
        return;
    };
    let limit = Duration::from_secs(60);
    let puzzlec = env!("CARGO_BIN_EXE_puzzlec");
    println!("| instance | solver | median s | runs | verdict |");
    println!("|---|---|---:|---:|---|");
    for (name, url) in instances {
        // Per column: times, verdict, and whether a run timed out (then later runs are skipped).
        let mut columns: Vec<(Vec<f64>, String, bool)> =
            vec![(Vec::new(), String::new(), false); variants.len() + 1];
        for _ in 0..runs {
            for (i, col) in columns.iter_mut().enumerate() {
                if col.2 {
                    continue;
                }
                let mut cmd = if i < variants.len() {
                    let mut c = Command::new(puzzlec);
                    c.args(["solve", genre, url]).args(variants[i].1);
                    c
                } else {
                    let mut c = Command::new(&peer);
                    c.arg(url);
                    c
                };
                match timed(&mut cmd, limit) {
                    Some((secs, verdict)) => {
                        col.0.push(secs);
                        col.1 = verdict;
                    }
                    None => col.2 = true,
                }
            }
        }
        for (i, (times, verdict, timed_out)) in columns.into_iter().enumerate() {
            let label = variants.get(i).map_or("cspuz", |v| v.0);
            if timed_out {
                println!("| {name} | {label} | > {} | – | timeout |", limit.as_secs());
            } else {
                let n = times.len();
                println!(
                    "| {name} | {label} | {:.3} | {n} | {verdict} |",
                    median(times)
                );
            }
        }
    }
}
