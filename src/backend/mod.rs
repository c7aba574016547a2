//! Solvers behind one trait, chosen by name at run time: embedded SAT (varisat, batsat, cadical),
//! embedded MIP (good_lp: microlp, highs, cbc), and external binaries fed DIMACS or LP files.

pub mod cadical;
pub mod good_lp;
pub mod lp_binary;
pub mod process;
pub mod proof;
pub mod sat;
pub mod sat_binary;
pub mod theory;

use crate::error::{Error, Result};
use crate::lower::CardEncoding;
use crate::model::{Assignment, Lit, Model, NamedConstraint};
use std::time::Instant;

/// What a solver call found.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A model of the constraints so far.
    Sat(Assignment),
    /// The constraints so far have no model.
    Unsat,
    /// The solver stopped without an answer (time limit, resource limit), with its reason.
    Unknown(String),
}

/// The size of what the backend was given, for statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ProblemSize {
    /// Solver variables (SAT variables or MIP columns).
    pub vars: usize,
    /// CNF clauses (SAT backends).
    pub clauses: usize,
    /// Linear rows (MIP backends).
    pub rows: usize,
}

/// A solver the driver can feed constraints to and ask for a model, again and again.
pub trait Backend {
    /// The backend's name as chosen on the command line.
    fn name(&self) -> String;
    /// Adds a constraint: one of the base model, a lazy cut or a blocking clause.
    fn add(&mut self, constraint: &NamedConstraint) -> Result<()>;
    /// Solves the constraints added so far.
    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome>;
    /// Solves the constraints added so far with the assumptions true for this call only.
    fn solve_under(&mut self, _assumptions: &[Lit], _deadline: Option<Instant>) -> Result<Outcome> {
        Err(Error::Solver(format!(
            "{} cannot solve under assumptions",
            self.name()
        )))
    }
    /// The size of the problem as the solver sees it.
    fn size(&self) -> ProblemSize;
    /// Search decisions made so far, when the solver reports them.
    fn decisions(&self) -> Option<u64> {
        None
    }
    /// Whether added constraints go into the live solver (true) or the problem is rebuilt for
    /// every solve (false).
    fn incremental(&self) -> bool;
    /// The CNF given so far (SAT backends), for certificates.
    fn cnf(&self) -> Option<&crate::lower::CnfEncoder> {
        None
    }
}

/// A backend name with a one-line description and whether it can run on this machine.
#[derive(Clone, Debug)]
pub struct BackendInfo {
    /// The name to pass to `--backend`.
    pub name: String,
    /// What it is.
    pub description: String,
    /// Whether it can run here (compiled in, binary on PATH).
    pub available: bool,
}

/// The backend every verb uses unless told otherwise: batsat, measured the faster of the two
/// embedded SAT solvers on published heyawake and nonograms and on every toolkit genre's models.
pub const DEFAULT: &str = "batsat";

/// Every backend this build knows, and whether each can run here.
pub fn backends() -> Vec<BackendInfo> {
    let mut out = vec![
        info(
            "varisat",
            "embedded CDCL SAT solver (varisat), incremental",
            true,
        ),
        info(
            "batsat",
            "embedded MiniSat-style SAT solver (batsat), incremental",
            true,
        ),
        info(
            "cadical",
            "embedded CaDiCaL SAT solver (C++, built by the `cadical` crate), incremental",
            true,
        ),
    ];
    out.push(info(
        "microlp",
        "embedded MIP (good_lp + microlp), rebuilt per solve",
        cfg!(feature = "microlp"),
    ));
    out.push(info(
        "highs",
        "embedded MIP (good_lp + HiGHS, cargo feature `highs`), rebuilt per solve",
        cfg!(feature = "highs"),
    ));
    out.push(info(
        "cbc",
        "embedded MIP (good_lp + COIN-OR CBC, cargo feature `coin_cbc`), rebuilt per solve",
        cfg!(feature = "coin_cbc"),
    ));
    for (bin, _) in process::KNOWN_SAT {
        out.push(info(
            &format!("dimacs:{bin}"),
            &format!("external SAT solver `{bin}` on a DIMACS file"),
            process::on_path(bin),
        ));
    }
    for (bin, _) in process::KNOWN_LP {
        out.push(info(
            &format!("lp:{bin}"),
            &format!("external MIP solver `{bin}` on a CPLEX-LP file"),
            process::on_path(bin),
        ));
    }
    out
}

fn info(name: &str, description: &str, available: bool) -> BackendInfo {
    BackendInfo {
        name: name.to_string(),
        description: description.to_string(),
        available,
    }
}

/// The names of the backends that can run on this machine.
pub fn available_backends() -> Vec<String> {
    backends()
        .into_iter()
        .filter(|b| b.available)
        .map(|b| b.name)
        .collect()
}

/// The embedded SAT backends, by name.
const EMBEDDED_SAT: [&str; 3] = ["varisat", "batsat", "cadical"];

/// A fresh embedded SAT solver of one of [`EMBEDDED_SAT`].
fn embedded_sat_solver(name: &str) -> Option<Box<dyn sat::SatSolver>> {
    match name {
        "varisat" => Some(Box::new(sat::VarisatSolver::new())),
        "batsat" => Some(Box::new(sat::BatsatSolver::new())),
        "cadical" => Some(Box::new(cadical::CadicalSolver::new())),
        _ => None,
    }
}

/// Whether a backend works on CNF (true) or on linear rows (false).
pub fn is_sat(name: &str) -> bool {
    EMBEDDED_SAT.contains(&name) || name.starts_with("dimacs:")
}

/// The embedded SAT backend to give a hard question (one expected unsatisfiable, such as
/// "another answer"): CaDiCaL, or batsat when the model leaves constraints to propagators,
/// which only batsat runs.
pub fn strongest_for(model: &Model) -> &'static str {
    if model.propagated.is_empty() {
        "cadical"
    } else {
        "batsat"
    }
}

/// Whether a backend runs propagators inside its search (the `=propagator` formulations).
pub fn runs_propagators(name: &str) -> bool {
    name == "batsat"
}

/// Creates a backend by name for a model's variables (constraints are added by the caller).
pub fn create(name: &str, model: &Model, card: CardEncoding) -> Result<Box<dyn Backend>> {
    if let (Some(p), false) = (model.propagated.first(), runs_propagators(name)) {
        return Err(Error::Usage(format!(
            "`{}` is left to a propagator inside the SAT solver's search (a `=propagator` \
             formulation), which only the batsat backend runs: use --backend batsat, or \
             another value of the key (lazy, tree) with backend `{name}`",
            p.name()
        )));
    }
    if is_sat(name) {
        sat::check_cnf_budget(model, true)?;
    }
    match name {
        "microlp" | "highs" | "cbc" => Ok(Box::new(good_lp::GoodLpBackend::new(name, model)?)),
        _ => {
            if let Some(solver) = embedded_sat_solver(name) {
                Ok(Box::new(sat::SatBackend::new(name, model, card, solver)?))
            } else if let Some(cmd) = name.strip_prefix("dimacs:") {
                let solver = sat_binary::DimacsBinary::new(cmd)?;
                Ok(Box::new(sat::SatBackend::new(
                    name,
                    model,
                    card,
                    Box::new(solver),
                )?))
            } else if let Some(cmd) = name.strip_prefix("lp:") {
                Ok(Box::new(lp_binary::LpBinaryBackend::new(cmd, model)?))
            } else {
                Err(unknown_backend(name))
            }
        }
    }
}

/// Checks a backend name as [`create`] would (an external solver's binary must be found, an
/// LP solver compiled in) without building a solver: a batsat solver alone reserves 4 MiB,
/// which a run that never gets to the solver (a puzzle line logic answers) should not pay.
pub fn check_name(name: &str) -> Result<()> {
    match name {
        n if EMBEDDED_SAT.contains(&n) => Ok(()),
        "microlp" | "highs" | "cbc" => good_lp::GoodLpBackend::new(name, &Model::new()).map(drop),
        _ => match (name.strip_prefix("dimacs:"), name.strip_prefix("lp:")) {
            (Some(cmd), _) | (_, Some(cmd)) => process::require_binary(cmd).map(drop),
            _ => Err(unknown_backend(name)),
        },
    }
}

fn unknown_backend(name: &str) -> Error {
    Error::Usage(format!(
        "unknown backend `{name}` (known: varisat, batsat, microlp, highs, cbc, dimacs:CMD, \
         lp:CMD; `puzzlec backends` lists what runs here)"
    ))
}
