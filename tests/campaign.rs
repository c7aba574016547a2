//! The long mutation campaign (issue 11), kept out of the normal suite:
//!
//! ```text
//! CAMPAIGN_SECONDS=1800 cargo test --release --test campaign -- --ignored --nocapture
//! ```
//!
//! It mutates the shipped models (and the test pictures and URLs) and runs every verb of the
//! binary on them, each in its own process under an address-space limit (`CAMPAIGN_MEMORY_MB`,
//! default 3072, so the default budget is 3/4 of it) and a wall-clock limit, one at a time. It
//! records, and saves under `target/campaign/` with the input and the command line:
//! - `signal`: a death by a signal (an abort, a kill by the system);
//! - `exit`: an exit code outside 0–3;
//! - `hang`: a run past its wall-clock limit (every run has `--timeout` or `--time`);
//! - `panic`: a panic message on standard error, even one that ended in a clean exit code;
//! - `solver`: a solver failure (a solution that breaks the rules, a solver file that cannot be
//!   read or was not written), unless an external solver was killed by the campaign's limits
//!   or was one of the lying fakes, whose lies must end in exactly that;
//! - `believed-lie`: a lying fake solver (`tests/data/fake_solvers`: one that repeats its
//!   model, one that forgets the cuts and blocking clauses it was given) got a verdict that
//!   only a second solution backs (`multiple`, a count of two or more);
//! - `orphan`: a child the careless fake (`leaves-children`) started outlived the run;
//! - `position`: an `error:` line of exit code 2 without `SOURCE:LINE:COL:` — except the
//!   refusals that are about the command rather than the input text (an export format that
//!   cannot hold this puzzle, a formulation that refuses its size, an argument that names no
//!   file), counted apart as `exempt`.
//!
//! The test fails when any of the findings above occurs; the summary (runs per verb, exit codes,
//! findings) is printed and written to `target/campaign/summary.json`. `CAMPAIGN_SEED` repeats
//! a campaign.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// xorshift64*: a small reproducible generator (the campaign needs no more).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped inputs of a genre: (file name, bytes).
fn seeds(genre: &str) -> Vec<(String, Vec<u8>)> {
    let mut dirs = vec![root().join("models").join(genre)];
    if genre == "nonogram" {
        dirs.push(root().join("tests/data/nonogram"));
        dirs.push(root().join("tests/data/nonogram/color"));
    }
    let mut out = Vec::new();
    for dir in dirs {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        for p in files {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let skip = [".answer", ".md", ".tsv", ".png"];
            if skip.iter().any(|s| name.ends_with(s)) || name.starts_with("words-") {
                continue;
            }
            out.push((name, std::fs::read(&p).unwrap()));
        }
    }
    out
}

/// Inline inputs (the URL files under `models/` are mutated as files): cspuz_core's heyawake
/// example, the nonogram spec's example, the 4×4 block as a fumen, and one cspuz_rs_puzzles test
/// URL for each toolkit genre.
const URLS: [(&str, &str); 9] = [
    (
        "heyawake",
        "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k",
    ),
    (
        "nonogram",
        "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h",
    ),
    ("tetromino", "v115@9gD8FeD8FeD8FeD8PeAgH"),
    ("nurikabe", "https://puzz.link/p?nurikabe/6/6/m8n8i9u"),
    (
        "hitori",
        "https://puzz.link/p?hitori/6/5/111.45.2..453.3.1..2....3.3.1.",
    ),
    (
        "lits",
        "https://puzz.link/p?lits/10/10/08p0i3jbhmjg5j5ik048rgtr8q1e5g",
    ),
    ("starbattle", "https://puzz.link/p?starbattle/6/6/1/2u9"),
    ("slitherlink", "https://puzz.link/p?slither/4/4/dgdh2c7b"),
    (
        "masyu",
        "https://puzz.link/p?mashu/10/10/0600003i06b130060000",
    ),
];

/// Damages bytes the way files get damaged, and the ways that make inputs large.
fn mutate(rng: &mut Rng, input: &[u8], others: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut b = input.to_vec();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let at = rng.below(b.len() + 1);
        match rng.below(12) {
            0 if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] ^= 1 << rng.below(8);
            }
            1 => {
                let alphabet = b"0123456789#.X_?-/,= \n\tABCabcvxyz+";
                b.insert(at, *rng.pick(alphabet));
            }
            2 => {
                let end = (at + 1 + rng.below(16)).min(b.len());
                b.drain(at.min(end)..end);
            }
            3 => {
                // Repeat a line many times: taller grids, more clue lines.
                let lines: Vec<&[u8]> = b.split(|&c| c == b'\n').collect();
                let k = rng.below(lines.len());
                let times = *rng.pick(&[2, 10, 100, 1000, 5000]);
                let mut out = Vec::new();
                for (i, l) in lines.iter().enumerate() {
                    let n = if i == k { times } else { 1 };
                    for _ in 0..n {
                        out.extend_from_slice(l);
                        out.push(b'\n');
                    }
                }
                b = out;
            }
            4 => {
                // A long run of one character: wide rows, long words, long URLs.
                let c = *rng.pick(b"#.X_1a ");
                let n = *rng.pick(&[50, 1000, 20_000, 200_000]);
                b.splice(at..at, std::iter::repeat_n(c, n));
            }
            5 => {
                let n = *rng.pick(&[
                    "0",
                    "1",
                    "99",
                    "1000",
                    "4096",
                    "99999",
                    "4294967296",
                    "18446744073709551616",
                ]);
                let start = (at..b.len()).find(|&i| b[i].is_ascii_digit()).unwrap_or(at);
                let end = (start..b.len())
                    .find(|&i| !b[i].is_ascii_digit())
                    .unwrap_or(b.len());
                b.splice(start..end, n.bytes());
            }
            6 => b.truncate(at),
            7 => {
                let bad =
                    *rng.pick(&[&b"\xff"[..], b"\xc3", b"\xe2\x82", b"\x00", b"\xef\xbb\xbf"]);
                b.splice(at..at, bad.iter().copied());
            }
            8 if !others.is_empty() => {
                // Splice in part of another input of the genre.
                let (_, other) = rng.pick(others);
                let from = rng.below(other.len() + 1);
                let to = (from + rng.below(200)).min(other.len());
                b.splice(at..at, other[from..to].iter().copied());
            }
            9 => {
                let lines: Vec<Vec<u8>> = b.split(|&c| c == b'\n').map(<[u8]>::to_vec).collect();
                if lines.len() > 1 {
                    let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
                    let mut lines = lines;
                    lines.swap(i, j);
                    b = lines.join(&b'\n');
                }
            }
            10 if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] = *rng.pick(b"0123456789#._X?/-,");
            }
            _ => {
                let lines: Vec<&[u8]> = b.split(|&c| c == b'\n').collect();
                let k = rng.below(lines.len());
                let mut out = Vec::new();
                for (i, l) in lines.iter().enumerate() {
                    if i != k {
                        out.extend_from_slice(l);
                        out.push(b'\n');
                    }
                }
                b = out;
            }
        }
    }
    b
}

/// A verb to run on an input, as arguments (`{}` is the input).
fn verb(rng: &mut Rng, genre: &str) -> (String, Vec<String>) {
    let backends = [
        "varisat",
        "varisat",
        "varisat",
        "batsat",
        "batsat",
        "microlp",
        "dimacs:cadical",
        "dimacs:minisat",
        "lp:cbc",
        "lp:glpsol",
        // The lying and careless fakes of tests/data/fake_solvers (see `fake_backend`).
        "fake:repeat-model",
        "fake:forgets-clauses",
        "fake:leaves-children",
    ];
    let formulation = match genre {
        "heyawake" => rng
            .pick(&[
                "",
                "connectivity=lazy",
                "connectivity=tree",
                "connectivity=flow",
                "connectivity=propagator",
                "card=seq",
            ])
            .to_string(),
        "nonogram" => rng
            .pick(&[
                "",
                "line=order",
                "line=dfa",
                "line=blocks",
                "line=mip",
                "line=patterns",
                "pre=none",
                "line=dfa,pre=none",
            ])
            .to_string(),
        "skeleton" => rng
            .pick(&["", "letters=channel", "letters=support", "letters=crossing"])
            .to_string(),
        "nurikabe" => rng
            .pick(&[
                "",
                "islands=tree",
                "connectivity=tree",
                "islands=tree,connectivity=flow",
                "connectivity=propagator",
                "card=seq",
            ])
            .to_string(),
        "hitori" | "lits" => rng
            .pick(&[
                "",
                "connectivity=tree",
                "connectivity=flow",
                "connectivity=propagator",
                "card=seq",
            ])
            .to_string(),
        "slitherlink" | "masyu" => rng
            .pick(&["", "loop=tree", "loop=flow", "loop=propagator", "card=seq"])
            .to_string(),
        "starbattle" => rng.pick(&["", "touching=pairs", "card=seq"]).to_string(),
        _ => rng.pick(&["", "card=seq"]).to_string(),
    };
    let backend = if genre == "tetromino" || genre == "nonogram" {
        if rng.chance(20) {
            "native"
        } else {
            rng.pick(&backends)
        }
    } else {
        rng.pick(&backends)
    };
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let backend = fake_backend(backend);
    let mut common = vec![
        "-b".to_string(),
        backend.clone(),
        "--timeout".into(),
        "2".into(),
    ];
    if !formulation.is_empty() && backend != "native" {
        common.extend(["-f".to_string(), formulation]);
    }
    let (name, mut args) = match rng.below(14) {
        0..=2 => ("solve", s(&["solve", genre, "{}"])),
        3 => ("solve --first", s(&["solve", genre, "{}", "--first"])),
        4 => ("solve --facts", s(&["solve", genre, "{}", "--facts"])),
        5 => (
            "solve --json",
            s(&["solve", genre, "{}", "--json", "--stats"]),
        ),
        6 => ("count", s(&["count", genre, "{}", "--max", "50"])),
        7 => {
            let format = *rng.pick(&["dimacs", "lp", "json", "url"]);
            let mut a = s(&[
                "export",
                genre,
                "{}",
                "--format",
                format,
                "-o",
                "/dev/null",
                "--timeout",
                "2",
            ]);
            if genre == "heyawake" && rng.chance(30) {
                a.extend(s(&["-f", "connectivity=lazy", "--with-cuts-found"]));
            }
            return (format!("export {format}"), a);
        }
        8 => {
            // One formulation, two backends: two cells of at most 1 + 2 s each (every
            // combination of a nonogram's keys would be 40 cells, past the wall-clock limit).
            let mut a = s(&[
                "compare",
                genre,
                "{}",
                "--backends",
                "varisat,batsat",
                "--timeout",
                "1",
            ]);
            let one = match genre {
                "heyawake" => "connectivity=lazy",
                "nonogram" => "line=order",
                "skeleton" => "letters=channel",
                "nurikabe" => "islands=lazy,connectivity=lazy",
                "hitori" | "lits" => "connectivity=lazy",
                "slitherlink" | "masyu" => "loop=lazy",
                "starbattle" => "touching=windows",
                _ => "",
            };
            if !one.is_empty() {
                a.extend(s(&["-f", one]));
            }
            return ("compare".into(), a);
        }
        _ => match genre {
            "nonogram" => match rng.below(3) {
                0 => {
                    return (
                        "nonogram logic".into(),
                        s(&["nonogram", "logic", "{}", "--timeout", "2"]),
                    )
                }
                1 => {
                    return (
                        "nonogram from-picture".into(),
                        s(&[
                            "nonogram",
                            "from-picture",
                            "{}",
                            "-o",
                            "/dev/null",
                            "--timeout",
                            "2",
                        ]),
                    )
                }
                _ => ("solve", s(&["solve", genre, "{}"])),
            },
            "tetromino" => {
                let mut a = s(&["tetromino", "list", "{}", "--timeout", "2"]);
                if rng.chance(60) {
                    a.push("--count".into());
                }
                if rng.chance(20) {
                    a.extend(s(&["--solver", "batsat"]));
                }
                return ("tetromino list".into(), a);
            }
            "skeleton" => {
                let size = format!("{}x{}", 4 + rng.below(12), 4 + rng.below(12));
                return (
                    "skeleton generate".into(),
                    s(&[
                        "skeleton", "generate", "--words", "{}", "--size", &size, "--time", "1",
                    ]),
                );
            }
            _ => ("solve", s(&["solve", genre, "{}"])),
        },
    };
    args.extend(common);
    (name.to_string(), args)
}

/// A backend name of the campaign as puzzlec takes it: `fake:NAME` is the fake solver
/// `tests/data/fake_solvers/NAME`, run as a DIMACS solver.
fn fake_backend(name: &str) -> String {
    match name.strip_prefix("fake:") {
        Some(fake) => format!("dimacs:{}", fake_dir().join(fake).display()),
        None => name.to_string(),
    }
}

fn fake_dir() -> PathBuf {
    root().join("tests/data/fake_solvers")
}

/// Which fake solver a command line uses, if any.
fn fake_in(args: &[String]) -> Option<String> {
    let dir = fake_dir().display().to_string();
    args.iter()
        .find_map(|a| a.strip_prefix(&format!("dimacs:{dir}/")))
        .map(str::to_string)
}

/// Whether a run printed a verdict that only a second, different solution can back: what a
/// lying solver that repeats its model must never obtain.
fn claims_a_second_solution(stdout: &str) -> bool {
    let count = |line: &str| {
        let digits = line.trim_start_matches("at least ");
        let n: String = digits.chars().take_while(char::is_ascii_digit).collect();
        (line.contains("solution(s)") && n.parse::<usize>().is_ok_and(|n| n >= 2)).then_some(())
    };
    stdout.lines().any(|l| {
        l.trim() == "multiple" || l.contains("\"verdict\":\"multiple\"") || count(l).is_some()
    })
}

/// The children a fake solver left (pids it recorded) that still run, killed on the way.
#[cfg(unix)]
fn surviving_children(state: &Path) -> Vec<u32> {
    let pids = std::fs::read_to_string(state.join("children")).unwrap_or_default();
    let alive = |pid: u32| {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = stat.rsplit_once(") ").and_then(|(_, r)| r.chars().next());
        state.is_some_and(|s| s != 'Z')
    };
    let mut left = Vec::new();
    for pid in pids.lines().filter_map(|l| l.trim().parse::<u32>().ok()) {
        let start = Instant::now();
        while alive(pid) && start.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(20));
        }
        if alive(pid) {
            // SAFETY: kill only sends a signal.
            unsafe {
                libc::kill(pid as i32, libc::SIGKILL);
            }
            left.push(pid);
        }
    }
    left
}

#[cfg(not(unix))]
fn surviving_children(_state: &Path) -> Vec<u32> {
    Vec::new()
}

/// What one run did.
struct Outcome {
    code: Option<i32>,
    signal: Option<i32>,
    hung: bool,
    stderr: String,
    stdout: String,
}

fn run(bin: &Path, args: &[String], memory_mb: u64, wall: Duration, work: &Path) -> Outcome {
    let mut cmd = Command::new(bin);
    let state = work.join("fake-state");
    let _ = std::fs::remove_dir_all(&state);
    std::fs::create_dir_all(&state).unwrap();
    cmd.args(args)
        .env("PUZZLEC", bin)
        .env("FAKE_SOLVER_STATE", &state)
        .current_dir(work)
        .stdin(Stdio::null())
        .stdout(Stdio::from(
            std::fs::File::create(work.join("out")).unwrap(),
        ))
        .stderr(Stdio::from(
            std::fs::File::create(work.join("err")).unwrap(),
        ));
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let bytes = memory_mb << 20;
        // SAFETY: setrlimit and setpgid are async-signal-safe and touch only the child.
        unsafe {
            cmd.pre_exec(move || {
                let rl = libc::rlimit {
                    rlim_cur: bytes as libc::rlim_t,
                    rlim_max: bytes as libc::rlim_t,
                };
                libc::setrlimit(libc::RLIMIT_AS, &rl);
                libc::setpgid(0, 0);
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn().unwrap();
    let start = Instant::now();
    let mut hung = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > wall {
            hung = true;
            #[cfg(unix)]
            // SAFETY: the child leads its own group; killpg only sends a signal.
            unsafe {
                libc::killpg(child.id() as i32, libc::SIGKILL);
            }
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    #[cfg(unix)]
    let signal = std::os::unix::process::ExitStatusExt::signal(&status);
    #[cfg(not(unix))]
    let signal = None;
    let read = |name: &str| {
        let bytes = std::fs::read(work.join(name)).unwrap_or_default();
        String::from_utf8_lossy(&bytes[..bytes.len().min(100_000)]).to_string()
    };
    Outcome {
        code: status.code(),
        signal: if hung { None } else { signal },
        hung,
        stderr: read("err"),
        stdout: read("out"),
    }
}

/// The first `error:` line, when it is not `error: SOURCE:LINE:COL: …` and not one of the
/// refusals about the command rather than the input.
fn unpositioned(stderr: &str, sources: &[String]) -> Option<(String, bool)> {
    let line = stderr.lines().find(|l| l.starts_with("error: "))?;
    let rest = &line["error: ".len()..];
    let positioned = sources.iter().any(|s| {
        rest.strip_prefix(s.as_str())
            .and_then(|r| r.strip_prefix(':'))
            .and_then(|r| {
                let mut parts = r.splitn(3, ':');
                let l = parts.next()?.parse::<usize>().ok()?;
                let c = parts.next()?.parse::<usize>().ok()?;
                Some(l >= 1 && c >= 1)
            })
            .unwrap_or(false)
    });
    if positioned {
        return None;
    }
    let exempt = [
        "has no puzz.link URL",
        "has no URL here",
        "too large for a puzz.link URL",
        "has no URL form",
        "patterns (cap",
        // A mutated inline URL or fumen that no longer looks like one is taken as a file name.
        "cannot read ",
        // The campaign picks a formulation and backend by genre; a colour nonogram has other
        // keys and no native solver.
        "unknown formulation key",
        "for formulation key",
        "black-and-white nonograms only",
        // A propagator runs inside batsat only, and no file holds it.
        "only the batsat backend runs",
        "to a propagator inside batsat's search",
    ];
    Some((line.to_string(), exempt.iter().any(|e| line.contains(e))))
}

#[test]
#[ignore = "a long campaign: CAMPAIGN_SECONDS=1800 cargo test --release --test campaign -- --ignored"]
fn mutation_campaign_finds_no_crash_no_bad_exit_and_no_unpositioned_error() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let seconds = env("CAMPAIGN_SECONDS", 60);
    let memory_mb = env("CAMPAIGN_MEMORY_MB", 3072);
    let seed = env(
        "CAMPAIGN_SEED",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64,
    );
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_puzzlec"));
    let out_dir = root().join("target/campaign");
    let work = out_dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let mut rng = Rng(seed | 1);
    let genres = [
        "heyawake",
        "nonogram",
        "skeleton",
        "tetromino",
        "nurikabe",
        "hitori",
        "lits",
        "starbattle",
        "slitherlink",
        "masyu",
    ];
    let all_seeds: BTreeMap<&str, Vec<(String, Vec<u8>)>> =
        genres.iter().map(|g| (*g, seeds(g))).collect();
    let words: Vec<(String, Vec<u8>)> = ["words-en.txt", "words-mix.txt"]
        .iter()
        .map(|n| {
            (
                n.to_string(),
                std::fs::read(root().join("models/skeleton").join(n)).unwrap(),
            )
        })
        .collect();
    let mut runs = 0u64;
    let mut per_verb: BTreeMap<String, u64> = BTreeMap::new();
    let mut exit_codes: BTreeMap<String, u64> = BTreeMap::new();
    let mut findings: BTreeMap<&str, u64> = BTreeMap::new();
    let mut exempt: BTreeMap<String, u64> = BTreeMap::new();
    // What the exit-3 runs were: the kind of their error line, or a partial answer.
    let mut exit3: BTreeMap<String, u64> = BTreeMap::new();
    let mut saved = 0;
    let start = Instant::now();
    while start.elapsed().as_secs() < seconds {
        let genre = *rng.pick(&genres);
        let (verb_name, args) = verb(&mut rng, genre);
        // The input: a mutated file, or a mutated inline URL / fumen.
        let generate = verb_name == "skeleton generate";
        let inline = !generate && rng.chance(10);
        let (input_arg, input_bytes) = if inline {
            let urls: Vec<&str> = URLS.iter().filter(|u| u.0 == genre).map(|u| u.1).collect();
            let url = if urls.is_empty() {
                URLS[0].1
            } else {
                *rng.pick(&urls)
            };
            let mutated = mutate(&mut rng, url.as_bytes(), &[]);
            // One argument holds at most 128 KiB on Linux; one that starts with `-` would be
            // read as an option (a usage error about the command line, not the input).
            let text: String = String::from_utf8_lossy(&mutated)
                .replace(['\n', '\0'], "")
                .trim_start_matches('-')
                .chars()
                .take(30_000)
                .collect();
            (text.clone(), text.into_bytes())
        } else {
            let pool = if generate { &words } else { &all_seeds[genre] };
            let (name, bytes) = rng.pick(pool);
            let mutated = if rng.chance(90) {
                mutate(&mut rng, bytes, pool)
            } else {
                bytes.clone()
            };
            let file = work.join(format!("input-{name}"));
            std::fs::write(&file, &mutated).unwrap();
            (file.display().to_string(), mutated)
        };
        let args: Vec<String> = args
            .iter()
            .map(|a| {
                if a == "{}" {
                    input_arg.clone()
                } else {
                    a.clone()
                }
            })
            .collect();
        let outcome = run(&bin, &args, memory_mb, Duration::from_secs(20), &work);
        runs += 1;
        *per_verb.entry(format!("{genre} {verb_name}")).or_default() += 1;
        let code = match (outcome.code, outcome.signal, outcome.hung) {
            (_, _, true) => "hang".to_string(),
            (_, Some(s), _) => format!("signal {s}"),
            (Some(c), _, _) => c.to_string(),
            _ => "?".into(),
        };
        *exit_codes.entry(code).or_default() += 1;
        if outcome.code == Some(3) {
            let kind = match outcome.stderr.lines().find(|l| l.starts_with("error: ")) {
                Some(line) => {
                    let rest = &line["error: ".len()..];
                    let cut = rest.find([':', '(', ';']).unwrap_or(rest.len()).min(40);
                    rest[..cut].trim().to_string()
                }
                None if outcome.stdout.contains("at least")
                    || outcome.stdout.contains("incomplete") =>
                {
                    "partial answer (at least N / incomplete)".to_string()
                }
                None => outcome
                    .stdout
                    .lines()
                    .last()
                    .unwrap_or("")
                    .chars()
                    .take(40)
                    .collect(),
            };
            *exit3.entry(kind).or_default() += 1;
        }
        let sources = vec![input_arg.clone(), "URL".to_string(), "-".to_string()];
        let mut classes = Vec::new();
        if outcome.hung {
            classes.push("hang");
        }
        if outcome.signal.is_some() {
            classes.push("signal");
        }
        if outcome.code.is_some_and(|c| !(0..=3).contains(&c)) {
            classes.push("exit");
        }
        if outcome.stderr.contains("panicked at") {
            classes.push("panic");
        }
        // An external solver killed by the campaign's own limits is the environment; any
        // other solver failure (a solution that breaks the rules, a file a solver cannot read
        // or did not write) is a finding.
        let fake = fake_in(&args);
        let lying = fake
            .as_deref()
            .is_some_and(|f| f == "repeat-model" || f == "forgets-clauses");
        // A lying fake must be caught as a solver failure (that is no finding), never believed.
        if outcome.stderr.contains("error: solver failure")
            && !outcome.stderr.contains("killed by signal")
            && !lying
        {
            classes.push("solver");
        }
        if lying && claims_a_second_solution(&outcome.stdout) {
            classes.push("believed-lie");
        }
        // A run the campaign itself killed (a hang) had no chance to end its solver.
        if fake.is_some()
            && !outcome.hung
            && !surviving_children(&work.join("fake-state")).is_empty()
        {
            classes.push("orphan");
        }
        if outcome.code == Some(2) {
            if let Some((line, is_exempt)) = unpositioned(&outcome.stderr, &sources) {
                if is_exempt {
                    *exempt.entry(line.chars().take(90).collect()).or_default() += 1;
                } else {
                    classes.push("position");
                }
            }
        }
        for class in classes {
            *findings.entry(class).or_default() += 1;
            if saved < 200 {
                saved += 1;
                let dir = out_dir.join(format!("{class}-{saved:03}"));
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(dir.join("input"), &input_bytes).unwrap();
                std::fs::write(dir.join("command.txt"), format!("{args:?}\n")).unwrap();
                std::fs::write(dir.join("stderr.txt"), &outcome.stderr).unwrap();
                std::fs::write(dir.join("stdout.txt"), &outcome.stdout).unwrap();
                eprintln!(
                    "finding {class}: {args:?} -> {}",
                    outcome.stderr.lines().next().unwrap_or("")
                );
            }
        }
    }
    let summary = serde_json::json!({
        "seed": seed,
        "seconds": start.elapsed().as_secs(),
        "memory_limit_mb": memory_mb,
        "runs": runs,
        "per_verb": per_verb,
        "exit_codes": exit_codes,
        "exit_3_kinds": exit3,
        "findings": findings,
        "exempt_refusals": exempt,
    });
    std::fs::write(
        out_dir.join("summary.json"),
        serde_json::to_string_pretty(&summary).unwrap(),
    )
    .unwrap();
    println!("{}", serde_json::to_string_pretty(&summary).unwrap());
    assert!(
        findings.is_empty(),
        "findings: {findings:?} (saved under {})",
        out_dir.display()
    );
}
