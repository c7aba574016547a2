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
