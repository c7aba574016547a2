//! Any LP-file MIP solver on PATH (cbc, glpsol, highs): write CPLEX LP, run it, read its
//! solution file.

use super::process::{require_binary, run_capturing, ScratchDir};
use super::{Backend, Outcome, ProblemSize};
use crate::error::{Error, Result};
use crate::format::lp::{self, LpAnswer};
use crate::lower::{linear, LinearRow};
use crate::model::{Assignment, Model, NamedConstraint};
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

/// An external LP solver; the LP file is rewritten for every solve.
pub struct LpBinaryBackend {
    binary: String,
    path: PathBuf,
    model: Model,
    rows: Vec<LinearRow>,
}

impl LpBinaryBackend {
    /// Finds the binary; a missing one is an error that says how to install it.
    pub fn new(binary: &str, model: &Model) -> Result<Self> {
        let path = require_binary(binary)?;
        let mut bare = model.clone();
        bare.constraints.clear();
        bare.lazy.clear();
        Ok(LpBinaryBackend {
            binary: binary.to_string(),
            path,
            model: bare,
            rows: Vec::new(),
        })
    }
}

impl Backend for LpBinaryBackend {
    fn name(&self) -> String {
        format!("lp:{}", self.binary)
    }
    fn add(&mut self, constraint: &NamedConstraint) -> Result<()> {
        self.rows.push(linear::row(constraint));
        Ok(())
    }
    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome> {
        let dir = ScratchDir::new("lp")?;
        let lp_path = dir.path.join("model.lp");
        let sol_path = dir.path.join("solution.txt");
        let (text, names) = lp::write_lp(&self.model, &self.rows, &[]);
        std::fs::write(&lp_path, text).map_err(|e| Error::Io(e.to_string()))?;
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let mut cmd = Command::new(&self.path);
        let glpk = name.starts_with("glpsol");
        let highs = name.starts_with("highs");
        if glpk {
            cmd.arg("--lp").arg(&lp_path).arg("-w").arg(&sol_path);
        } else if highs {
            cmd.arg("--model_file")
                .arg(&lp_path)
                .arg("--solution_file")
                .arg(&sol_path);
        } else {
            cmd.arg(&lp_path).arg("solve").arg("solu").arg(&sol_path);
        }
        if run_capturing(&mut cmd, deadline, &self.binary)?.is_none() {
            return Ok(Outcome::Unknown(format!(
                "{} hit the time limit",
                self.binary
            )));
        }
        let text = std::fs::read_to_string(&sol_path)
            .map_err(|e| Error::Solver(format!("{} wrote no solution file: {e}", self.binary)))?;
        let answer = if glpk {
            lp::read_glpk_solution(&text, &names)
        } else if highs {
            Err("reading HiGHS solution files is not supported yet; use lp:cbc or lp:glpsol".into())
        } else {
            lp::read_cbc_solution(&text)
        }
        .map_err(|e| Error::Solver(format!("{}: {e}", self.binary)))?;
        Ok(match answer {
            LpAnswer::Infeasible => Outcome::Unsat,
            LpAnswer::Unknown(s) => Outcome::Unknown(s),
            LpAnswer::Feasible(values) => Outcome::Sat(Assignment {
                values: names
                    .iter()
                    .map(|n| values.get(n).copied().unwrap_or(0.0).round() as i64)
                    .collect(),
            }),
        })
    }
    fn size(&self) -> ProblemSize {
        ProblemSize {
            vars: self.model.vars.len(),
            clauses: 0,
            rows: self.rows.len(),
        }
    }
    fn incremental(&self) -> bool {
        false
    }
}
