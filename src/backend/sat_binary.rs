//! Any DIMACS SAT solver on PATH: write the CNF, run it, read its answer.
//! Exit codes 10 (SAT) and 20 (UNSAT) are the convention; the status line decides.

use super::sat::{SatResult, SatSolver};
use crate::error::{Error, Result};
use crate::format::dimacs;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Solvers we know how to call, with the way to install each.
pub const KNOWN: &[(&str, &str)] = &[
    ("cadical", "apt-get install -y cadical"),
    ("minisat", "apt-get install -y minisat"),
    (
        "kissat",
        "build kissat from source (not packaged in Debian 12)",
    ),
    ("cryptominisat5", "apt-get install -y cryptominisat"),
    ("picosat", "apt-get install -y picosat"),
];

/// The install hint for a solver binary.
pub fn install_hint(binary: &str) -> String {
    super::lp_binary::KNOWN
        .iter()
        .chain(KNOWN)
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

/// Whether a binary can be found.
pub fn on_path(binary: &str) -> bool {
    find_binary(binary).is_some()
}

/// A scratch directory for solver files, removed on drop.
pub struct ScratchDir {
    /// Its path.
    pub path: PathBuf,
}

impl ScratchDir {
    /// Creates a fresh scratch directory under the system temp dir.
    pub fn new(prefix: &str) -> Result<Self> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("puzzlec-{prefix}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&path)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", path.display())))?;
        Ok(ScratchDir { path })
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Runs a command to completion or until the deadline (then kills it): (stdout, exit code).
pub fn run_with_deadline(
    cmd: &mut Command,
    deadline: Option<Instant>,
    what: &str,
) -> Result<Option<(String, Option<i32>)>> {
    let stdout_path = ScratchDir::new("out")?;
    let out_file = stdout_path.path.join("stdout");
    let file = std::fs::File::create(&out_file).map_err(|e| Error::Io(e.to_string()))?;
    let mut child = cmd
        .stdout(Stdio::from(file))
        .stderr(Stdio::null())
        .stdin(Stdio::null())
        .spawn()
        .map_err(|e| Error::Solver(format!("cannot start {what}: {e}")))?;
    loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| Error::Solver(format!("{what}: {e}")))?
        {
            let out = std::fs::read_to_string(&out_file).unwrap_or_default();
            return Ok(Some((out, status.code())));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// An external DIMACS solver; the whole CNF is rewritten for every solve.
pub struct DimacsBinary {
    binary: String,
    path: PathBuf,
    clauses: Vec<Vec<i32>>,
}

impl DimacsBinary {
    /// Finds the binary; a missing one is an error that says how to install it.
    pub fn new(binary: &str) -> Result<Self> {
        let path = find_binary(binary).ok_or_else(|| Error::MissingBinary {
            binary: binary.to_string(),
            install: install_hint(binary),
        })?;
        Ok(DimacsBinary {
            binary: binary.to_string(),
            path,
            clauses: Vec::new(),
        })
    }
}

impl SatSolver for DimacsBinary {
    fn add_clause(&mut self, clause: &[i32]) {
        self.clauses.push(clause.to_vec());
    }
    fn solve(
        &mut self,
        num_vars: u32,
        names: &[(i32, String)],
        deadline: Option<Instant>,
    ) -> Result<SatResult> {
        let dir = ScratchDir::new("sat")?;
        let cnf_path = dir.path.join("model.cnf");
        let mut f = std::fs::File::create(&cnf_path).map_err(|e| Error::Io(e.to_string()))?;
        dimacs::write_cnf(&mut f, num_vars, &self.clauses, names, &[])
            .map_err(|e| Error::Io(e.to_string()))?;
        drop(f);
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let result_path = dir.path.join("result");
        let mut cmd = Command::new(&self.path);
        if name.starts_with("minisat") {
            cmd.arg("-verb=0").arg(&cnf_path).arg(&result_path);
        } else {
            cmd.arg(&cnf_path);
        }
        let Some((stdout, code)) = run_with_deadline(&mut cmd, deadline, &self.binary)? else {
            return Ok(SatResult::Unknown(format!(
                "{} hit the time limit",
                self.binary
            )));
        };
        let parsed = if name.starts_with("minisat") {
            let text = std::fs::read_to_string(&result_path).unwrap_or_default();
            dimacs::read_minisat_result(&text, num_vars)
        } else {
            dimacs::read_competition_output(&stdout, num_vars)
        };
        parsed.map_err(|e| {
            Error::Solver(format!(
                "{} (exit code {}): {e}",
                self.binary,
                code.map_or("none".into(), |c| c.to_string())
            ))
        })
    }
    fn incremental(&self) -> bool {
        false
    }
}
