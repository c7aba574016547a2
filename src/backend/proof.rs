//! Proofs of unsatisfiability: one fresh, proof-logging solver call on a CNF, giving a text
//! DRAT proof for `certify` to check. varisat writes DRAT itself; batsat reports every learnt
//! and deleted clause through its callbacks, which are written down here as DRAT lines; the
//! external solvers that can (cadical, kissat) write one when given a proof file.

use super::process::{require_binary, run_capturing, ScratchDir};
use super::sat::SatResult;
use crate::error::{Error, Result};
use crate::format::dimacs;
use std::process::Command;
use std::time::Instant;

/// What a proof-logging solver call found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proved {
    /// Unsatisfiable, with the solver's text DRAT proof.
    Unsat(String),
    /// Unsatisfiable, but the solver left no proof (why, in words).
    NoProof(String),
    /// The solver found a model after all.
    Sat,
    /// No answer (time limit, resource limit), with the reason.
    Unknown(String),
}

/// The external DIMACS solvers that write a DRAT proof when given a second file name.
pub const PROOF_WRITING_SOLVERS: &[&str] = &["cadical", "kissat"];

/// Whether a backend can prove unsatisfiability for `--certify` (`None`), or why not.
pub fn cannot_prove(backend: &str) -> Option<String> {
    match backend {
        "varisat" | "batsat" => None,
        _ => match backend.strip_prefix("dimacs:") {
            Some(cmd) if PROOF_WRITING_SOLVERS.contains(&binary_name(cmd)) => None,
            Some(cmd) => Some(format!(
                "`{cmd}` cannot be asked for a DRAT proof by puzzlec (those that can: {}, \
                 and the embedded varisat and batsat)",
                PROOF_WRITING_SOLVERS.join(", ")
            )),
            None if backend == "cadical" => Some(
                "the embedded cadical writes no proof: use dimacs:cadical (the binary) for --certify".into(),
            ),
            None if super::is_sat(backend) => Some(format!("{backend} writes no proof")),
            None => Some(format!(
                "{backend} is a MIP backend: an infeasible answer from it comes with no proof \
                 that any checker could verify; use a SAT backend (varisat, batsat, \
                 dimacs:cadical)"
            )),
        },
    }
}

/// The file name of a command given as a name or a path.
fn binary_name(cmd: &str) -> &str {
    cmd.rsplit('/').next().unwrap_or(cmd)
}

/// Solves a CNF from scratch with proof logging on the named backend's solver.
pub fn prove_unsat(
    backend: &str,
    num_vars: u32,
    clauses: &[Vec<i32>],
    deadline: Option<Instant>,
) -> Result<Proved> {
    if let Some(why) = cannot_prove(backend) {
        return Err(Error::Usage(format!("--certify: {why}")));
    }
    match backend {
        "varisat" => Ok(varisat_proof(clauses)),
        "batsat" => Ok(batsat_proof(num_vars, clauses)),
        _ => {
            let cmd = backend.strip_prefix("dimacs:").unwrap_or(backend);
            external_proof(cmd, num_vars, clauses, deadline)
        }
    }
}

/// A `Write` into a buffer shared with its owner (varisat keeps its proof target).
#[derive(Clone, Default)]
struct SharedBuffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("proof buffer poisoned"))?
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn varisat_proof(clauses: &[Vec<i32>]) -> Proved {
    use varisat::ExtendFormula;
    let buffer = SharedBuffer::default();
    let mut solver = varisat::Solver::new();
    solver.write_proof(buffer.clone(), varisat::ProofFormat::Drat);
    let mut lits = Vec::new();
    for clause in clauses {
        lits.clear();
        lits.extend(
            clause
                .iter()
                .map(|&l| varisat::Lit::from_dimacs(l as isize)),
        );
        solver.add_clause(&lits);
    }
    let answer = solver.solve();
    let closed = solver.close_proof();
    drop(solver);
    let text = buffer
        .0
        .lock()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    match (answer, closed) {
        (Ok(false), Ok(())) => Proved::Unsat(text),
        (Ok(false), Err(e)) => Proved::NoProof(format!("varisat could not write its proof: {e}")),
        (Ok(true), _) => Proved::Sat,
        (Err(e), _) => Proved::Unknown(format!("varisat: {e}")),
    }
}

/// batsat callbacks that write each learnt and deleted clause as a DRAT line.
#[derive(Default)]
struct DratRecorder {
    text: String,
}

impl DratRecorder {
    fn line(&mut self, prefix: &str, lits: &[batsat::Lit]) {
        use std::fmt::Write;
        self.text.push_str(prefix);
        for l in lits {
            let v = l.var().idx() as i64 + 1;
            let _ = write!(self.text, "{} ", if l.sign() { v } else { -v });
        }
        self.text.push_str("0\n");
    }
}

impl batsat::Callbacks for DratRecorder {
    fn on_new_clause(&mut self, c: &[batsat::Lit], _kind: batsat::ClauseKind) {
        self.line("", c);
    }
    fn on_delete_clause(&mut self, c: &[batsat::Lit]) {
        self.line("d ", c);
    }
}

fn batsat_proof(num_vars: u32, clauses: &[Vec<i32>]) -> Proved {
    use batsat::SolverInterface;
    let mut solver = batsat::Solver::new(batsat::SolverOpts::default(), DratRecorder::default());
    while solver.num_vars() < num_vars {
        solver.new_var_default();
    }
    let mut lits = Vec::new();
    for clause in clauses {
        lits.clear();
        for &l in clause {
            let var = solver.var_of_int(l.unsigned_abs() - 1);
            lits.push(batsat::Lit::new(var, l > 0));
        }
        // A false return means the clauses are already contradictory at level 0: the proof
        // is the empty clause alone, which unit propagation on the CNF confirms.
        solver.add_clause_reuse(&mut lits);
    }
    let r = solver.solve_limited(&[]);
    if r == batsat::lbool::FALSE {
        // batsat stops at a conflict at level 0 without writing the empty clause.
        let mut text = std::mem::take(&mut solver.cb_mut().text);
        text.push_str("0\n");
        Proved::Unsat(text)
    } else if r == batsat::lbool::TRUE {
        Proved::Sat
    } else {
        Proved::Unknown("batsat gave up".into())
    }
}

fn external_proof(
    cmd: &str,
    num_vars: u32,
    clauses: &[Vec<i32>],
    deadline: Option<Instant>,
) -> Result<Proved> {
    let path = require_binary(cmd)?;
    let dir = ScratchDir::new("proof")?;
    let cnf_path = dir.path.join("final.cnf");
    let proof_path = dir.path.join("proof.drat");
    let mut f = std::fs::File::create(&cnf_path).map_err(|e| Error::Io(e.to_string()))?;
    dimacs::write_cnf(&mut f, num_vars, clauses, &[], &[]).map_err(|e| Error::Io(e.to_string()))?;
    drop(f);
    let mut command = Command::new(&path);
    command.arg("--no-binary").arg(&cnf_path).arg(&proof_path);
    let Some(done) = run_capturing(&mut command, deadline, cmd)? else {
        return Ok(Proved::Unknown(format!("{cmd} hit the time limit")));
    };
    let answer = dimacs::read_competition_output(&done.stdout, num_vars)
        .map_err(|e| Error::Solver(format!("{cmd} (exit code {}): {e}", done.code)))?;
    Ok(match answer {
        SatResult::Sat(_) => Proved::Sat,
        SatResult::Unknown(why) => Proved::Unknown(why),
        SatResult::Unsat => match std::fs::read(&proof_path) {
            Ok(bytes) => Proved::Unsat(String::from_utf8_lossy(&bytes).into_owned()),
            Err(_) => Proved::NoProof(format!(
                "{cmd} answered UNSATISFIABLE but wrote no proof file"
            )),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pigeonhole: `pigeons` pigeons in `holes` holes, no two in one; unsatisfiable when there
    /// are more pigeons than holes. Variable `p·holes + h + 1` puts pigeon p in hole h.
    fn pigeonhole(pigeons: i32, holes: i32) -> (u32, Vec<Vec<i32>>) {
        let var = |p: i32, h: i32| p * holes + h + 1;
        let mut clauses: Vec<Vec<i32>> = (0..pigeons)
            .map(|p| (0..holes).map(|h| var(p, h)).collect())
            .collect();
        for h in 0..holes {
            for p in 0..pigeons {
                for q in p + 1..pigeons {
                    clauses.push(vec![-var(p, h), -var(q, h)]);
                }
            }
        }
        ((pigeons * holes) as u32, clauses)
    }

    #[test]
    fn embedded_solvers_write_proofs_the_checker_accepts() {
        let (n, clauses) = pigeonhole(5, 4);
        for backend in ["varisat", "batsat"] {
            let Proved::Unsat(proof) = prove_unsat(backend, n, &clauses, None).unwrap() else {
                panic!("{backend}: pigeonhole 5/4 is unsatisfiable");
            };
            let checked = crate::certify::drat::check(n, &clauses, &proof)
                .unwrap_or_else(|e| panic!("{backend}: {e}"));
            assert!(checked.lemmas > 0, "{backend}");
            // The same proof does not refute a weaker CNF (one exclusion dropped).
            let weaker: Vec<Vec<i32>> = clauses[..clauses.len() - 1].to_vec();
            assert!(
                crate::certify::drat::check(n, &weaker, &proof).is_err(),
                "{backend}"
            );
        }
    }

    #[test]
    fn a_satisfiable_cnf_gets_no_proof() {
        let (n, clauses) = pigeonhole(4, 4);
        for backend in ["varisat", "batsat"] {
            assert_eq!(
                prove_unsat(backend, n, &clauses, None).unwrap(),
                Proved::Sat
            );
        }
    }

    #[test]
    fn only_proof_writing_backends_are_accepted() {
        assert_eq!(cannot_prove("varisat"), None);
        assert_eq!(cannot_prove("dimacs:/usr/bin/cadical"), None);
        assert_eq!(cannot_prove("dimacs:kissat"), None);
        assert!(cannot_prove("dimacs:minisat").is_some());
        assert!(cannot_prove("microlp").unwrap().contains("MIP"));
        assert!(cannot_prove("lp:cbc").unwrap().contains("MIP"));
    }
}
