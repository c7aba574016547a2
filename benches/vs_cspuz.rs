//! Whole processes against cspuz-solver2: `puzzlec solve GENRE URL` (uniqueness check, the
//! default) and `cspuz-url URL` on every shipped URL of the named genres, runs interleaved,
//! medians printed as a Markdown table; the verdicts must agree.
//!
//! ```text
//! CSPUZ_URL=/path/to/cspuz-url cargo bench --bench vs_cspuz -- nurikabe hitori [--runs 5]
//! ```
//! Without `CSPUZ_URL` it says so and stops. A peer run over 20 s is not repeated, and one over
//! `--timeout` seconds (default 300) is stopped and shown as `>T`. Besides the wall clock it
//! prints the processor time each process used (user + system, from `getrusage`), which a
//! machine shared with other jobs disturbs far less.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The processor seconds (user + system) used so far by this process's waited-for children.
#[cfg(unix)]
fn children_cpu() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// Processor time is not measured here.
#[cfg(not(unix))]
fn children_cpu() -> f64 {
    0.0
}

/// One finished run: wall-clock seconds, processor seconds and the last line of its output.
struct Run {
    wall: f64,
    cpu: f64,
    last: String,
}

/// Runs a command to completion or the time limit; `None` on timeout.
fn timed(program: &str, args: &[&str], limit: f64) -> Option<Run> {
    let cpu_before = children_cpu();
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    loop {
        if child.try_wait().unwrap().is_some() {
            let wall = start.elapsed().as_secs_f64();
            let cpu = children_cpu() - cpu_before;
            let out = child.wait_with_output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            let last = text
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            return Some(Run {
                wall,
                cpu,
                last: last.trim().to_string(),
            });
        }
        if start.elapsed().as_secs_f64() > limit {
            child.kill().ok();
            child.wait().ok();
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// What `puzzlec solve` and `cspuz-url` print last.
const VERDICTS: [&str; 3] = ["unique", "multiple", "none"];

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// The shipped `.url` files of a genre, smallest grid first.
fn instances(genre: &str) -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models")
        .join(genre);
    let mut out: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "url"))
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let url = text.lines().find(|l| l.starts_with("http"))?.to_string();
            Some((p, url))
        })
        .collect();
    let cells = |url: &str| -> usize {
        let parts: Vec<&str> = url.split('/').collect();
        (parts.iter().rev().skip(1))
            .filter_map(|t| t.parse::<usize>().ok())
            .take(2)
            .product()
    };
    out.sort_by_key(|(p, url)| (cells(url), p.clone()));
    out
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let flag = |name: &str, default: f64| -> f64 {
        (args.iter().position(|a| a == name))
            .and_then(|i| args.get(i + 1)?.parse().ok())
            .unwrap_or(default)
    };
    let (runs, limit) = (flag("--runs", 5.0) as usize, flag("--timeout", 300.0));
    let genres: Vec<&String> = (args.iter().enumerate())
        .filter(|&(i, a)| !a.starts_with("--") && (i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a)
        .collect();
    let Some(peer) = std::env::var_os("CSPUZ_URL") else {
        eprintln!("skipping: set CSPUZ_URL to the cspuz-url binary to compare with cspuz");
        return;
    };
    let peer = peer.to_string_lossy().to_string();
    let ours = env!("CARGO_BIN_EXE_puzzlec");
    println!(
        "| genre | instance | verdict | puzzlec (median of {runs}) | cspuz-url | cspuz / puzzlec \
         | puzzlec cpu | cspuz cpu | cpu ratio |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|");
    for genre in genres {
        for (path, url) in instances(genre) {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let (mut mine, mut theirs) = (Vec::new(), Vec::new());
            let (mut mine_cpu, mut theirs_cpu) = (Vec::new(), Vec::new());
            let (mut verdict, mut peer_verdict) = (String::new(), None);
            for run in 0..runs {
                let r = timed(ours, &["solve", genre, &url], limit).expect("puzzlec finishes");
                mine.push(r.wall);
                mine_cpu.push(r.cpu);
                verdict = r.last.replace("no solution", "none");
                if peer_verdict
                    .as_deref()
                    .is_some_and(|v| !VERDICTS.contains(&v))
                {
                    continue; // the peer cannot read this URL
                }
                if run == 0 || theirs.last().is_some_and(|&t| t < 20.0) {
                    match timed(&peer, &[&url], limit) {
                        Some(r) => {
                            theirs.push(r.wall);
                            theirs_cpu.push(r.cpu);
                            peer_verdict = Some(r.last);
                        }
                        None => break,
                    }
                }
            }
            let (m, m_cpu) = (median(mine), median(mine_cpu));
            let (peer_cell, ratio, cpu_cells) = match peer_verdict.as_deref() {
                Some(v) if VERDICTS.contains(&v) => {
                    assert_eq!(v, verdict, "{name}: cspuz says {v}, puzzlec {verdict}");
                    let (t, t_cpu) = (median(theirs.clone()), median(theirs_cpu.clone()));
                    let runs = theirs.len();
                    (
                        format!("{t:.3} s ({runs} runs)"),
                        format!("{:.1}×", t / m),
                        format!("{t_cpu:.3} s | {:.1}×", t_cpu / m_cpu.max(1e-3)),
                    )
                }
                Some(_) => (
                    "cannot read the URL".to_string(),
                    "–".to_string(),
                    "– | –".to_string(),
                ),
                None => (
                    format!(">{limit:.0} s"),
                    format!(">{:.0}×", limit / m),
                    "– | –".to_string(),
                ),
            };
            println!(
                "| {genre} | {name} | {verdict} | {m:.3} s | {peer_cell} | {ratio} | {m_cpu:.3} s \
                 | {cpu_cells} |"
            );
        }
    }
}
