//! External solver processes, shared by the DIMACS and LP backends: finding a binary (and
//! saying how to install a missing one), scratch directories for solver files, and running a
//! child with a deadline.
//!
//! Every child starts in its own process group, and the whole group is killed when the child
//! ends or its time limit comes: a solver behind a wrapper script must not leave its real work
//! (or anything it started) running. What leaves the group on purpose (`setsid`, a daemon)
//! is out of reach. A child that dies of a signal is a solver failure that names the signal.

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// DIMACS SAT solvers we know how to call, with the way to install each.
pub const KNOWN_SAT: &[(&str, &str)] = &[
    ("cadical", "apt-get install -y cadical"),
    ("minisat", "apt-get install -y minisat"),
    (
        "kissat",
        "build kissat from source (not packaged in Debian 12)",
    ),
    ("cryptominisat5", "apt-get install -y cryptominisat"),
    ("picosat", "apt-get install -y picosat"),
];

/// LP-file MIP solvers we know how to call, with the way to install each.
pub const KNOWN_LP: &[(&str, &str)] = &[
    ("cbc", "apt-get install -y coinor-cbc"),
    ("glpsol", "apt-get install -y glpk-utils"),
    (
        "highs",
        "install the HiGHS command-line binary (not packaged in Debian 12)",
    ),
];

/// The install hint for a solver binary.
pub fn install_hint(binary: &str) -> String {
    KNOWN_SAT
        .iter()
        .chain(KNOWN_LP)
        .find(|(b, _)| *b == binary)
        .map(|(_, hint)| hint.to_string())
        .unwrap_or_else(|| format!("install a package that provides `{binary}`"))
}

/// The full path of a binary on PATH (or a path given directly), if it exists.
pub fn find_binary(binary: &str) -> Option<PathBuf> {
    if binary.contains('/') {
        let p = PathBuf::from(binary);
        return p.is_file().then_some(p);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(binary))
            .find(|p| p.is_file())
    })
}

/// The full path of a solver binary, or an error that says how to install it.
pub fn require_binary(binary: &str) -> Result<PathBuf> {
    find_binary(binary).ok_or_else(|| Error::MissingBinary {
        binary: binary.to_string(),
        install: install_hint(binary),
    })
}

/// Whether a binary can be found.
pub fn on_path(binary: &str) -> bool {
    find_binary(binary).is_some()
}

/// A scratch directory for solver files, removed on drop, and on an interrupt or a memory
/// budget exit while it exists (see [`crate::process_groups`]).
pub struct ScratchDir {
    /// Its path.
    pub path: PathBuf,
    _listed: crate::process_groups::ListedScratch,
}

impl ScratchDir {
    /// Creates a fresh scratch directory under the system temp dir.
    pub fn new(prefix: &str) -> Result<Self> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("puzzlec-{prefix}-{}-{n}", std::process::id()));
        // Listed before it exists, so that no moment passes in which an interrupt would leave
        // it behind.
        let listed = crate::process_groups::ListedScratch::register(path_bytes(&path));
        std::fs::create_dir_all(&path)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", path.display())))?;
        Ok(ScratchDir {
            path,
            _listed: listed,
        })
    }
}

/// A path's bytes as the operating system takes them.
#[cfg(unix)]
fn path_bytes(path: &Path) -> &[u8] {
    std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str())
}

/// A path's bytes (only listed on unix; elsewhere the destructor alone removes it).
#[cfg(not(unix))]
fn path_bytes(_path: &Path) -> &[u8] {
    &[]
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// The running `puzzlec` binary, for running a piece of work in a child that can be killed
/// (`compare`'s cells, the web server's solves). On Linux `/proc/self/exe` names the running
/// binary's inode, so this keeps working when `cargo build` replaces the file meanwhile.
pub fn this_executable() -> Result<PathBuf> {
    let proc_self = Path::new("/proc/self/exe");
    if proc_self.exists() {
        return Ok(proc_self.to_path_buf());
    }
    std::env::current_exe()
        .map_err(|e| Error::Io(format!("cannot find the puzzlec executable: {e}")))
}

/// What a finished child process printed, and its exit code.
pub struct Captured {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit code.
    pub code: i32,
}

/// Runs a command in its own process group to completion (then kills what is left of the
/// group), or until the deadline (then kills the group, giving `None`). A child killed by a signal is an `Error::Solver` naming it.
pub fn run_capturing(
    cmd: &mut Command,
    deadline: Option<Instant>,
    what: &str,
) -> Result<Option<Captured>> {
    run_capturing_unless(cmd, deadline, what, &AtomicBool::new(false))
}

/// Like [`run_capturing`], and also ends the child as at its deadline once `cancelled` is set
/// (by another thread: the web server's, when the client that asked for the work has gone).
pub fn run_capturing_unless(
    cmd: &mut Command,
    deadline: Option<Instant>,
    what: &str,
    cancelled: &AtomicBool,
) -> Result<Option<Captured>> {
    // Files, not pipes: a chatty solver cannot block on a full pipe while we poll.
    let scratch = ScratchDir::new("out")?;
    let out_file = scratch.path.join("stdout");
    let err_file = scratch.path.join("stderr");
    let create = |p: &Path| std::fs::File::create(p).map_err(|e| Error::Io(e.to_string()));
    cmd.stdout(Stdio::from(create(&out_file)?))
        .stderr(Stdio::from(create(&err_file)?))
        .stdin(Stdio::null());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(cmd, 0);
    let mut child = cmd
        .spawn()
        .map_err(|e| Error::Solver(format!("cannot start {what}: {e}")))?;
    let group = crate::process_groups::Running::register(child.id());
    loop {
        let ended = match ended_unreaped(&mut child) {
            Ok(ended) => ended,
            Err(e) => {
                group.kill();
                let _ = child.kill();
                let _ = child.wait();
                return Err(Error::Solver(format!("{what}: {e}")));
            }
        };
        if ended {
            // The solver has answered, but what it started may still run (a wrapper's
            // `sleep &`, a helper it forked): the group goes down with it after every call,
            // not only at a deadline. The child is not reaped yet, so its pid still names
            // the group. A descendant that left the group (`setsid`, a daemon) cannot be
            // reached this way; nothing short of a container can.
            group.kill();
            let status = child
                .wait()
                .map_err(|e| Error::Solver(format!("{what}: {e}")))?;
            let code = exit_code(status, what)?;
            return Ok(Some(Captured {
                stdout: read_lossy(&out_file),
                stderr: read_lossy(&err_file),
                code,
            }));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) || cancelled.load(Ordering::SeqCst) {
            // The child is not reaped yet, so its pid still names its group: safe to signal.
            group.kill();
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Whether a child has ended, leaving it unreaped (a zombie keeps its pid, and so its
/// process group's id, from being reused while the group is killed).
#[cfg(unix)]
fn ended_unreaped(child: &mut std::process::Child) -> std::io::Result<bool> {
    // SAFETY: an all-zero siginfo_t is a valid value; waitid only writes into it.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
    // SAFETY: waitid on our own child's pid, with a valid siginfo_t to fill.
    let r = unsafe { libc::waitid(libc::P_PID, child.id() as libc::id_t, &mut info, flags) };
    if r != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: waitid filled `info`; with WNOHANG si_pid is 0 when no child has changed state.
    Ok(unsafe { info.si_pid() } != 0)
}

/// Whether a child has ended (reaping it: without process groups there is nothing to keep).
#[cfg(not(unix))]
fn ended_unreaped(child: &mut std::process::Child) -> std::io::Result<bool> {
    child.try_wait().map(|s| s.is_some())
}

/// A file as text, with any bytes that are not UTF-8 replaced (a solver's output is read for
/// its status lines; a stray byte elsewhere must not hide them).
fn read_lossy(path: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()).into_owned()
}

/// The exit code of a finished child, or a solver failure naming the signal that killed it.
fn exit_code(status: ExitStatus, what: &str) -> Result<i32> {
    if let Some(code) = status.code() {
        return Ok(code);
    }
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return Err(Error::Solver(format!(
            "{what} was killed by signal {signal} ({})",
            signal_name(signal)
        )));
    }
    Err(Error::Solver(format!("{what} ended without an exit code")))
}

/// The conventional name of a signal number (Linux numbering for the ones that differ).
pub fn signal_name(signal: i32) -> &'static str {
    #[cfg(unix)]
    let names: &[(i32, &str)] = &[
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGILL, "SIGILL"),
        (libc::SIGABRT, "SIGABRT"),
        (libc::SIGBUS, "SIGBUS"),
        (libc::SIGFPE, "SIGFPE"),
        (libc::SIGKILL, "SIGKILL"),
        (libc::SIGSEGV, "SIGSEGV"),
        (libc::SIGPIPE, "SIGPIPE"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
    ];
    #[cfg(not(unix))]
    let names: &[(i32, &str)] = &[];
    names
        .iter()
        .find(|(n, _)| *n == signal)
        .map_or("unknown signal", |(_, name)| name)
}

pub use crate::process_groups::{forward_interrupts_to_solvers, kill_running_solvers};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_solver_has_its_own_install_hint() {
        for (binary, hint) in KNOWN_SAT.iter().chain(KNOWN_LP) {
            assert_eq!(install_hint(binary), *hint);
        }
        assert!(install_hint("no-such-solver").contains("`no-such-solver`"));
    }

    #[test]
    fn a_missing_binary_error_carries_its_install_hint() {
        match require_binary("cbc-surely-not-installed-here") {
            Err(Error::MissingBinary { binary, install }) => {
                assert_eq!(binary, "cbc-surely-not-installed-here");
                assert!(install.contains("cbc-surely-not-installed-here"));
            }
            other => panic!("expected MissingBinary, got {:?}", other.map(|_| ())),
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_cancelled_child_is_ended_before_its_deadline() {
        let cancelled = std::sync::Arc::new(AtomicBool::new(false));
        let setter = cancelled.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            setter.store(true, Ordering::SeqCst);
        });
        let started = Instant::now();
        let mut sleep = Command::new("sleep");
        sleep.arg("30");
        let deadline = Some(started + Duration::from_secs(30));
        let ran = run_capturing_unless(&mut sleep, deadline, "sleep", &cancelled).unwrap();
        assert!(ran.is_none(), "killed, as at a deadline");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
    }

    #[cfg(unix)]
    #[test]
    fn signal_names_follow_the_unix_convention() {
        assert_eq!(signal_name(9), "SIGKILL");
        assert_eq!(signal_name(15), "SIGTERM");
        assert_eq!(signal_name(11), "SIGSEGV");
        assert_eq!(signal_name(1000), "unknown signal");
    }
}
