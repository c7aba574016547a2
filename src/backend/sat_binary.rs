//! Any DIMACS SAT solver on PATH: write the CNF, run it, read its answer.
//! Exit codes 10 (SAT) and 20 (UNSAT) are the convention; the status line decides, and an
//! exit code that contradicts it is a solver failure.

use super::process::{require_binary, run_capturing, ScratchDir};
use super::sat::{SatResult, SatSolver};
use crate::error::{Error, Result};
use crate::format::dimacs;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

/// Refuses an answer whose exit code says otherwise: every DIMACS solver we call exits 10
/// after SATISFIABLE and 20 after UNSATISFIABLE, so a status line and an exit code that
/// disagree mean a solver (or a wrapper) that cannot be believed either way.
fn check_exit_code(binary: &str, answer: &SatResult, code: i32) -> Result<()> {
    let (said, want) = match answer {
        SatResult::Sat(_) => ("SATISFIABLE", 10),
        SatResult::Unsat => ("UNSATISFIABLE", 20),
        SatResult::Unknown(_) => return Ok(()),
    };
    if code == want {
        return Ok(());
    }
    Err(Error::Solver(format!(
        "{binary} answered {said} but exited with code {code} (a solver that answers \
         {said} exits with {want}): its answer is not believed"
    )))
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
        let path = require_binary(binary)?;
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
        let Some(done) = run_capturing(&mut cmd, deadline, &self.binary)? else {
            return Ok(SatResult::Unknown(format!(
                "{} hit the time limit",
                self.binary
            )));
        };
        let parsed = if name.starts_with("minisat") {
            let text = std::fs::read_to_string(&result_path).unwrap_or_default();
            dimacs::read_minisat_result(&text, num_vars)
        } else {
            dimacs::read_competition_output(&done.stdout, num_vars)
        };
        let parsed = parsed.map_err(|e| {
            Error::Solver(format!("{} (exit code {}): {e}", self.binary, done.code))
        })?;
        check_exit_code(&self.binary, &parsed, done.code)?;
        Ok(parsed)
    }
    fn incremental(&self) -> bool {
        false
    }
}
