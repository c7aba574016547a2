//! External solver processes, with fake solvers written as shell scripts: a time limit or an
//! interrupt takes down a wrapper script's children too, and a solver killed by a signal is
//! reported as such. Process groups and signals are unix-only; elsewhere each test prints why it
//! skips.

#[cfg(unix)]
mod unix {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::ExitStatusExt;
    use std::path::{Path, PathBuf};
    use std::process::{Command, Output, Stdio};
    use std::time::{Duration, Instant};

    /// A fresh directory for one test's fake solver and the files it writes.
    pub fn scratch(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("puzzlec-test-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Writes an executable `/bin/sh` script and returns its path.
    pub fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// A wrapper "solver" that starts a long-running child, writes the child's pid to a file and
    /// waits for it, as a script around a real solver would.
    pub fn wrapper_with_a_long_child(dir: &Path) -> (PathBuf, PathBuf) {
        let pid_file = dir.join("grandchild.pid");
        let body = format!(
            "sleep 300 &\necho $! > '{0}.tmp'\nmv '{0}.tmp' '{0}'\nwait",
            pid_file.display()
        );
        (script(dir, "wrapper-solver", &body), pid_file)
    }

    pub fn puzzlec(args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzlec"));
        cmd.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
        cmd
    }

    pub fn run(args: &[&str]) -> Output {
        puzzlec(args).output().unwrap()
    }

    pub fn stderr(o: &Output) -> String {
        String::from_utf8_lossy(&o.stderr).to_string()
    }

    /// The pid a script wrote, waiting up to `within` for the file to appear.
    pub fn read_pid(file: &Path, within: Duration) -> u32 {
        let start = Instant::now();
        loop {
            if let Ok(text) = std::fs::read_to_string(file) {
                return text.trim().parse().unwrap();
            }
            assert!(
                start.elapsed() < within,
                "{} never appeared",
                file.display()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether a process still runs: `kill -0` reaches it and it is not a zombie waiting for
    /// its reaper (an orphan is reaped by init a moment after it dies).
    fn alive(pid: u32) -> bool {
        let reachable = Command::new("kill")
            .args(["-0", &pid.to_string()])
            .stderr(Stdio::null())
            .status()
            .unwrap()
            .success();
        let zombie = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|stat| {
                let state = stat.rsplit_once(") ")?.1.chars().next()?;
                Some(state == 'Z')
            })
            .unwrap_or(false);
        reachable && !zombie
    }

    /// Asserts the process is gone within two seconds, and kills it if not (no stray `sleep`).
    pub fn assert_gone(pid: u32) {
        let start = Instant::now();
        while alive(pid) {
            if start.elapsed() > Duration::from_secs(2) {
                let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
                panic!("the solver's child {pid} outlived puzzlec");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn signal_of(o: &Output) -> Option<i32> {
        o.status.signal()
    }

    /// The backend name of a fake solver of `tests/data/fake_solvers` (see its README).
    pub fn fake(name: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/fake_solvers")
            .join(name);
        format!("dimacs:{}", path.display())
    }

    /// puzzlec with the variables the fake solvers need, their state kept in `state`, and the
    /// temporary directory in `state` too (so that scratch files left behind would show).
    pub fn with_fakes(args: &[&str], state: &Path) -> Command {
        let mut cmd = puzzlec(args);
        cmd.env("PUZZLEC", env!("CARGO_BIN_EXE_puzzlec"))
            .env("FAKE_SOLVER_STATE", state)
            .env("TMPDIR", state);
        cmd
    }

    /// Runs puzzlec with a fake solver, bounded: a run past `limit` is killed and fails.
    pub fn run_fake(args: &[&str], state: &Path, limit: Duration) -> (Output, f64) {
        let start = Instant::now();
        let child = with_fakes(args, state)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let watchdog = std::thread::spawn(move || {
            std::thread::sleep(limit);
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        });
        let out = child.wait_with_output().unwrap();
        let seconds = start.elapsed().as_secs_f64();
        drop(watchdog);
        assert!(seconds < limit.as_secs_f64(), "{args:?} ran past {limit:?}");
        (out, seconds)
    }

    /// The `puzzlec-*` scratch entries left in a temporary directory.
    pub fn scratch_left(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("puzzlec-"))
            .collect()
    }
}

#[cfg(not(unix))]
const SKIP: &str = "skipped: process groups and signals are unix-only";

#[test]
fn a_timed_out_wrapper_script_takes_its_children_with_it() {
    #[cfg(not(unix))]
    println!("{SKIP}");
    #[cfg(unix)]
    {
        let dir = unix::scratch("timeout-wrapper");
        let (solver, pid_file) = unix::wrapper_with_a_long_child(&dir);
        let start = std::time::Instant::now();
        let out = unix::run(&[
            "solve",
            "heyawake",
            "models/heyawake/lshape_4x6.txt",
            "-b",
            &format!("dimacs:{}", solver.display()),
            "--timeout",
            "1",
        ]);
        let seconds = start.elapsed().as_secs_f64();
        assert_eq!(out.status.code(), Some(3), "{}", unix::stderr(&out));
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "timeout");
        assert!(seconds < 10.0, "puzzlec waited {seconds} s for the wrapper");
        let grandchild = unix::read_pid(&pid_file, std::time::Duration::ZERO);
        unix::assert_gone(grandchild);
        std::fs::remove_dir_all(dir).ok();
    }
}

#[test]
fn an_interrupted_puzzlec_takes_its_solver_children_with_it() {
    #[cfg(not(unix))]
    println!("{SKIP}");
    #[cfg(unix)]
    {
        let dir = unix::scratch("interrupt-wrapper");
        let (solver, pid_file) = unix::wrapper_with_a_long_child(&dir);
        let backend = format!("lp:{}", solver.display());
        let mut child = unix::puzzlec(&[
            "solve",
            "heyawake",
            "models/heyawake/lshape_4x6.txt",
            "-b",
            &backend,
        ])
        // Killed by a signal, puzzlec cannot remove its scratch files: keep them in `dir`.
        .env("TMPDIR", &dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
        let grandchild = unix::read_pid(&pid_file, std::time::Duration::from_secs(20));
        let interrupted = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(interrupted.success());
        let status = child.wait().unwrap();
        assert_eq!(
            std::os::unix::process::ExitStatusExt::signal(&status),
            Some(2),
            "puzzlec should die of the SIGINT it got: {status:?}"
        );
        unix::assert_gone(grandchild);
        std::fs::remove_dir_all(dir).ok();
    }
}

#[test]
fn a_solver_killed_by_a_signal_is_reported_with_the_signal() {
    #[cfg(not(unix))]
    println!("{SKIP}");
    #[cfg(unix)]
    {
        let dir = unix::scratch("killed-solver");
        let solver = unix::script(&dir, "self-killing-solver", "kill -9 $$");
        for kind in ["dimacs", "lp"] {
            let out = unix::run(&[
                "solve",
                "heyawake",
                "models/heyawake/lshape_4x6.txt",
                "-b",
                &format!("{kind}:{}", solver.display()),
            ]);
            let err = unix::stderr(&out);
            assert_eq!(out.status.code(), Some(3), "{kind}: {err}");
            assert_eq!(unix::signal_of(&out), None, "{kind}: puzzlec itself died");
            assert!(err.contains("signal 9 (SIGKILL)"), "{kind}: {err}");
            assert!(!err.contains("no `s` status line"), "{kind}: {err}");
            assert!(!err.contains("no solution file"), "{kind}: {err}");
        }
        std::fs::remove_dir_all(dir).ok();
    }
}

const SEED: &str = "models/heyawake/seed004.txt";

#[test]
fn a_solver_that_repeats_its_model_gives_a_failure_not_a_second_solution() {
    #[cfg(not(unix))]
    println!("{SKIP}");
    #[cfg(unix)]
    {
        use std::time::Duration;
        let fake = unix::fake("repeat-model");
        let runs: [&[&str]; 4] = [
            &["solve", "heyawake", SEED, "-f", "connectivity=tree"],
            &[
                "count",
                "heyawake",
                SEED,
                "-f",
                "connectivity=tree",
                "--max",
                "5",
            ],
            // Star battle's and nonograms' logic answers these before any solver: `pre=none`
            // sends them to the (fake) backend.
            &[
                "solve",
                "starbattle",
                "models/starbattle/cspuz_6x6.txt",
                "-f",
                "pre=none",
            ],
            &[
                "solve",
                "nonogram",
                "models/nonogram/webpbn-0001.non",
                "-f",
                "pre=none",
            ],
        ];
        for run in runs {
            let dir = unix::scratch("repeat");
            let mut args = run.to_vec();
            args.extend(["-b", &fake]);
            let (out, _) = unix::run_fake(&args, &dir, Duration::from_secs(60));
            let err = unix::stderr(&out);
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            assert_eq!(out.status.code(), Some(3), "{run:?}: {err}\n{text}");
            assert!(err.contains("returned solution 1 again"), "{run:?}: {err}");
            assert!(!text.contains("multiple"), "{run:?}: {text}");
            assert!(!text.contains("at least"), "{run:?}: {text}");
            std::fs::remove_dir_all(dir).ok();
        }
    }
}

#[test]
fn a_repeated_model_is_not_certified_as_multiple() {
    #[cfg(not(unix))]
    println!("{SKIP}");
    #[cfg(unix)]
    {
        // As the issue found it: the fake answers to the name `cadical`, which --certify takes.
        let dir = unix::scratch("repeat-certify");
        let state = dir.join("state");
        std::fs::create_dir_all(&state).unwrap();
        let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/fake_solvers/repeat-model");
        std::fs::copy(&source, dir.join("cadical")).unwrap();
        let path = format!(
            "{}:{}",
            dir.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let out = unix::with_fakes(
            &[
                "solve",
                "heyawake",
                SEED,
                "-b",
                "dimacs:cadical",
                "-f",
                "connectivity=tree",
                "--certify",
                "--json",
            ],
            &state,
        )
        .env("PATH", path)
        .output()
        .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert_eq!(out.status.code(), Some(3), "{text}");
        let v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
        assert!(v["error"].as_str().unwrap().contains("again"), "{v}");
        assert!(v.get("certificate").is_none(), "{v}");
        std::fs::remove_dir_all(dir).ok();
    }
}

#[test]
fn a_solver_that_breaks_a_cut_it_was_given_is_stopped_at_once() {
    #[cfg(not(unix))]
    println!("{SKIP}");
    #[cfg(unix)]
    {
        use std::time::Duration;
        for fake in ["forgets-clauses", "repeat-model", "forgets-old-cuts"] {
            let dir = unix::scratch("breaks-cuts");
            let backend = unix::fake(fake);
            let args = [
                "solve",
                "heyawake",
                SEED,
                "-f",
                "connectivity=lazy",
                "-b",
                &backend,
                "--stats",
            ];
            let (out, seconds) = unix::run_fake(&args, &dir, Duration::from_secs(60));
            let err = unix::stderr(&out);
            assert_eq!(out.status.code(), Some(3), "{fake}: {err}");
            assert!(err.contains("breaks the cut"), "{fake}: {err}");
            assert!(err.contains("already given"), "{fake}: {err}");
            // Two calls: the first model draws cuts, the second breaks them; forgets-old-cuts
            // keeps the last round's cuts, and is caught when every cut is checked (at rounds
            // 1, 2, 4, 8… and before an answer).
            assert!(seconds < 30.0, "{fake}: {seconds} s");
            std::fs::remove_dir_all(dir).ok();
        }
    }
}

#[test]
fn a_solvers_children_are_killed_after_every_call() {
    #[cfg(not(unix))]
    println!("{SKIP}");
    #[cfg(unix)]
    {
        use std::time::Duration;
        let dir = unix::scratch("children");
        let backend = unix::fake("leaves-children");
        let args = [
            "solve",
            "heyawake",
            "models/heyawake/lshape_4x6.txt",
            "-b",
            &backend,
        ];
        let (out, _) = unix::run_fake(&args, &dir, Duration::from_secs(60));
        assert_eq!(out.status.code(), Some(0), "{}", unix::stderr(&out));
        assert!(String::from_utf8_lossy(&out.stdout).contains("unique"));
        let pids = std::fs::read_to_string(dir.join("children")).unwrap();
        let pids: Vec<u32> = pids.lines().map(|l| l.trim().parse().unwrap()).collect();
        assert!(pids.len() >= 2, "one child per call: {pids:?}");
        for pid in pids {
            unix::assert_gone(pid);
        }
        assert_eq!(unix::scratch_left(&dir), Vec::<String>::new());
        std::fs::remove_dir_all(dir).ok();
    }
}

#[test]
fn a_satisfiable_answer_with_unsats_exit_code_is_not_believed() {
    #[cfg(not(unix))]
    println!("{SKIP}");
    #[cfg(unix)]
    {
        use std::time::Duration;
        let dir = unix::scratch("exit-20");
        let backend = unix::fake("sat-exits-20");
        let args = [
            "solve",
            "heyawake",
            "models/heyawake/lshape_4x6.txt",
            "-b",
            &backend,
        ];
        let (out, _) = unix::run_fake(&args, &dir, Duration::from_secs(60));
        let err = unix::stderr(&out);
        assert_eq!(out.status.code(), Some(3), "{err}");
        assert!(
            err.contains("answered SATISFIABLE but exited with code 20"),
            "{err}"
        );
        std::fs::remove_dir_all(dir).ok();
    }
}

#[test]
fn an_interrupted_run_leaves_no_scratch_directory() {
    #[cfg(not(unix))]
    println!("{SKIP}");
    #[cfg(unix)]
    {
        for signal in ["-TERM", "-INT"] {
            let dir = unix::scratch("scratch-on-signal");
            let (solver, pid_file) = unix::wrapper_with_a_long_child(&dir);
            let tmp = dir.join("tmp");
            std::fs::create_dir_all(&tmp).unwrap();
            let backend = format!("dimacs:{}", solver.display());
            let mut child = unix::puzzlec(&[
                "solve",
                "heyawake",
                "models/heyawake/lshape_4x6.txt",
                "-b",
                &backend,
            ])
            .env("TMPDIR", &tmp)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
            let grandchild = unix::read_pid(&pid_file, std::time::Duration::from_secs(20));
            assert!(
                !unix::scratch_left(&tmp).is_empty(),
                "the run has its scratch directories"
            );
            let sent = std::process::Command::new("kill")
                .args([signal, &child.id().to_string()])
                .status()
                .unwrap();
            assert!(sent.success());
            child.wait().unwrap();
            unix::assert_gone(grandchild);
            assert_eq!(unix::scratch_left(&tmp), Vec::<String>::new(), "{signal}");
            std::fs::remove_dir_all(dir).ok();
        }
    }
}

#[test]
fn a_timed_out_run_names_its_genre_and_formulation_in_json() {
    #[cfg(not(unix))]
    println!("{SKIP}");
    #[cfg(unix)]
    {
        let dir = unix::scratch("timeout-json");
        let (solver, _) = unix::wrapper_with_a_long_child(&dir);
        let backend = format!("dimacs:{}", solver.display());
        let url = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";
        let single: &[&str] = &["solve", url, "--timeout", "1", "--json", "-b", &backend];
        let batch: &[&str] = &[
            "solve",
            "heyawake",
            url,
            "models/heyawake/lshape_4x6.txt",
            "--timeout",
            "1",
            "--json",
            "-b",
            &backend,
        ];
        for args in [single, batch] {
            let out = unix::run(args);
            assert_eq!(out.status.code(), Some(3), "{}", unix::stderr(&out));
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            let lines: Vec<serde_json::Value> = (text.lines())
                .map(|l| serde_json::from_str(l).unwrap())
                .filter(|v: &serde_json::Value| v.get("verdict").is_some())
                .collect();
            assert!(!lines.is_empty(), "{text}");
            for v in lines {
                assert_eq!(v["genre"], "heyawake", "{v}");
                let formulation = v["stats"]["formulation"].as_str().unwrap();
                assert!(formulation.contains("connectivity="), "{v}");
            }
        }
        std::fs::remove_dir_all(dir).ok();
    }
}
