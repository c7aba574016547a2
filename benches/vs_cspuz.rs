//! Whole processes against cspuz-solver2: `puzzlec solve GENRE URL` (uniqueness check, the
//! default) and `cspuz-url URL` on every shipped URL of the named genres, runs interleaved,
//! medians printed as a Markdown table; the verdicts must agree.
//!
//! ```text
//! CSPUZ_URL=/path/to/cspuz-url cargo bench --bench vs_cspuz -- nurikabe hitori [--runs 5]
//!     [--backend batsat] [--formulation connectivity=propagator] [--cpu] [--text]
//! ```
//! Without `CSPUZ_URL` it says so and stops. A peer run over 20 s is not repeated, and one over
//! `--timeout` seconds (default 300) is stopped and shown as `>T`. `--backend` and
//! `--formulation` are passed to `puzzlec solve`; `--cpu` measures the processes' CPU time
//! (user + system, from the kernel) instead of wall time, which a busy machine disturbs less;
//! `--text` adds the shipped `.txt` inputs, written as URLs by `puzzlec export --format url`
//! (those not shipped as a URL already).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// CPU seconds (user + system) of the finished children so far.
fn children_cpu() -> f64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage only writes into the struct it is given.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// Whether `--cpu` was given: [`timed`] then reports CPU time instead of wall time.
static CPU: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Runs a command to completion or the time limit: (seconds, last line of its output), `None`
/// on timeout.
fn timed(program: &str, args: &[&str], limit: f64) -> Option<(f64, String)> {
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
            let mut seconds = start.elapsed().as_secs_f64();
            let out = child.wait_with_output().unwrap();
            if CPU.load(std::sync::atomic::Ordering::Relaxed) {
                seconds = children_cpu() - cpu_before;
            }
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            let last = text
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            return Some((seconds, last.trim().to_string()));
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

/// The shipped `.url` files of a genre (with `text`, also the `.txt` inputs written as URLs by
/// `puzzlec export`, unless that URL is shipped already), smallest grid first.
fn instances(genre: &str, text: bool) -> Vec<(PathBuf, String)> {
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
    if text {
        let ours = env!("CARGO_BIN_EXE_puzzlec");
        let texts: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        for p in texts {
            let args = ["export", genre, p.to_str().unwrap(), "--format", "url"];
            let Ok(done) = Command::new(ours).args(args).output() else {
                continue;
            };
            let url = String::from_utf8_lossy(&done.stdout).trim().to_string();
            if done.status.success() && !out.iter().any(|(_, u)| *u == url) {
                out.push((p, url));
            }
        }
    }
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
    let text_flag = |name: &str| -> Option<&String> {
        (args.iter().position(|a| a == name)).and_then(|i| args.get(i + 1))
    };
    let switches = ["--cpu", "--text"];
    let mut solve_args: Vec<&str> = Vec::new();
    for (flag, short) in [("--backend", "-b"), ("--formulation", "-f")] {
        if let Some(value) = text_flag(flag) {
            solve_args.extend([short, value.as_str()]);
        }
    }
    let cpu = args.iter().any(|a| a == "--cpu");
    CPU.store(cpu, std::sync::atomic::Ordering::Relaxed);
    let with_text = args.iter().any(|a| a == "--text");
    let genres: Vec<&String> = (args.iter().enumerate())
        .filter(|&(i, a)| {
            !a.starts_with("--")
                && (i == 0
                    || !args[i - 1].starts_with("--")
                    || switches.contains(&args[i - 1].as_str()))
        })
        .map(|(_, a)| a)
        .collect();
    let Some(peer) = std::env::var_os("CSPUZ_URL") else {
        eprintln!("skipping: set CSPUZ_URL to the cspuz-url binary to compare with cspuz");
        return;
    };
    let peer = peer.to_string_lossy().to_string();
    let ours = env!("CARGO_BIN_EXE_puzzlec");
    let what = if cpu { "CPU" } else { "wall" };
    let ours_label = match solve_args.is_empty() {
        true => "puzzlec".to_string(),
        false => format!("puzzlec {}", solve_args.join(" ")),
    };
    println!(
        "| genre | instance | verdict | {ours_label} ({what}, median of {runs}) | cspuz-url ({what}) | cspuz / puzzlec |"
    );
    println!("|---|---|---|---:|---:|---:|");
    for genre in genres {
        for (path, url) in instances(genre, with_text) {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let (mut mine, mut theirs) = (Vec::new(), Vec::new());
            let (mut verdict, mut peer_verdict) = (String::new(), None);
            for run in 0..runs {
                let mut solve = vec!["solve", genre.as_str(), url.as_str()];
                solve.extend(&solve_args);
                let (s, v) = timed(ours, &solve, limit).expect("puzzlec finishes");
                mine.push(s);
                // `no solution` may carry the precheck's reason after a colon.
                verdict = v.replace("no solution", "none");
                if verdict.starts_with("none:") {
                    verdict = "none".to_string();
                }
                if peer_verdict
                    .as_deref()
                    .is_some_and(|v| !VERDICTS.contains(&v))
                {
                    continue; // the peer cannot read this URL
                }
                if run == 0 || theirs.last().is_some_and(|&t| t < 20.0) {
                    match timed(&peer, &[&url], limit) {
                        Some((s, v)) => {
                            theirs.push(s);
                            peer_verdict = Some(v);
                        }
                        None => break,
                    }
                }
            }
            let m = median(mine);
            let (peer_cell, ratio) = match peer_verdict.as_deref() {
                Some(v) if VERDICTS.contains(&v) => {
                    assert_eq!(v, verdict, "{name}: cspuz says {v}, puzzlec {verdict}");
                    let t = median(theirs.clone());
                    let runs = theirs.len();
                    (format!("{t:.3} s ({runs} runs)"), format!("{:.1}×", t / m))
                }
                Some(_) => ("cannot read the URL".to_string(), "–".to_string()),
                None => (format!(">{limit:.0} s"), format!(">{:.0}×", limit / m)),
            };
            println!("| {genre} | {name} | {verdict} | {m:.3} s | {peer_cell} | {ratio} |");
        }
    }
}
