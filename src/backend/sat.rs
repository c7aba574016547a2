//! The SAT backend: the core's CNF lowering feeding any [`SatSolver`], incrementally.

use super::theory::{NodeLit, PropagatorTheory};
use super::{Backend, Outcome, ProblemSize};
use crate::error::{Error, Result};
use crate::lower::cnf::{estimate_model, CnfSize};
use crate::lower::{CardEncoding, CnfEncoder};
use crate::model::propagator::Propagated;
use crate::model::{Active, Lit, Model, NamedConstraint};
use std::time::Instant;

/// What a SAT solver call found: a model indexed by DIMACS variable (index 0 unused).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatResult {
    /// Satisfiable, with the value of each variable.
    Sat(Vec<bool>),
    /// Unsatisfiable.
    Unsat,
    /// No answer, with the reason.
    Unknown(String),
}

/// A SAT solver that takes clauses of DIMACS literals and may be called repeatedly.
pub trait SatSolver {
    /// Adds a clause (every variable is at most `num_vars` of the next `solve`).
    fn add_clause(&mut self, clause: &[i32]);
    /// Solves the clauses so far; `names` label variables for solvers fed through files.
    fn solve(
        &mut self,
        num_vars: u32,
        names: &[(i32, String)],
        deadline: Option<Instant>,
    ) -> Result<SatResult>;
    /// Solves the clauses so far with the assumptions (DIMACS literals) true for this call
    /// only, stopping at the deadline; `None` when this solver cannot take assumptions.
    fn solve_under(
        &mut self,
        _num_vars: u32,
        _assumptions: &[i32],
        _deadline: Option<Instant>,
    ) -> Option<SatResult> {
        None
    }
    /// Decisions made so far, where the solver reports them.
    fn decisions(&self) -> Option<u64> {
        None
    }
    /// Whether clauses go into a live solver (false when a file is rewritten per solve).
    fn incremental(&self) -> bool {
        true
    }
    /// Takes the model's propagated constraints into the search (`dimacs` maps the model's
    /// literals to the solver's); false when this solver has no propagators.
    fn attach_propagators(
        &mut self,
        _constraints: &[Propagated],
        _dimacs: &dyn Fn(crate::model::Lit) -> i32,
    ) -> bool {
        false
    }
}

/// Refuses a model whose CNF would take the process past the memory budget, before any clause
/// is built; `with_solver` counts a solver's copy of the clauses too (for solving; not for
/// export). Returns the estimate.
pub fn check_cnf_budget(model: &Model, with_solver: bool) -> Result<CnfSize> {
    let budget = crate::budget::limit();
    let in_use = crate::budget::in_use();
    let bytes = |size: &CnfSize| {
        if with_solver {
            size.solver_bytes()
        } else {
            size.encoder_bytes()
        }
    };
    let passed_at = |name: &str, total: &CnfSize| {
        if in_use.saturating_add(bytes(total)) > budget {
            Err(name.to_string())
        } else {
            Ok(())
        }
    };
    estimate_model(model, passed_at).map_err(|at| {
        let full = estimate_model(model, |_, _| Ok::<(), ()>(())).unwrap_or_default();
        let has_ints = model
            .vars
            .iter()
            .any(|v| matches!(v.domain, crate::model::Domain::Int { .. }));
        let hint = if has_ints {
            "; integers are order-encoded in CNF (one variable per value), while a MIP backend \
             (microlp, lp:cbc) keeps each as one column"
        } else {
            ""
        };
        Error::Memory {
            what: format!(
                "the CNF of this formulation ({}; it passes the budget at `{at}`{hint})",
                full.describe()
            ),
            needed: in_use.saturating_add(bytes(&full)),
            at_least: false,
            budget,
        }
    })
}

/// A [`Backend`] that lowers constraints to CNF and hands the clauses to a [`SatSolver`].
pub struct SatBackend {
    name: String,
    encoder: CnfEncoder,
    solver: Box<dyn SatSolver>,
    sent: usize,
}

impl SatBackend {
    /// A backend for the model's variables over a solver; the model's propagated constraints
    /// go into the solver's search (refused when the solver has no propagators).
    pub fn new(
        name: &str,
        model: &Model,
        card: CardEncoding,
        mut solver: Box<dyn SatSolver>,
    ) -> Result<Self> {
        let encoder = CnfEncoder::new(model, card);
        let attached = model.propagated.is_empty()
            || solver.attach_propagators(&model.propagated, &|l| encoder.lit(l));
        if !attached {
            return Err(Error::Usage(format!(
                "backend `{name}` runs no propagators (`{}`): use --backend batsat",
                model.propagated[0].name()
            )));
        }
        Ok(SatBackend {
            name: name.to_string(),
            encoder,
            solver,
            sent: 0,
        })
    }
    /// Hands the solver the clauses it has not seen yet.
    fn send_clauses(&mut self) {
        for clause in &self.encoder.clauses()[self.sent..] {
            self.solver.add_clause(clause);
        }
        self.sent = self.encoder.clauses().len();
    }
    /// A solver's result as the model's assignment.
    fn outcome(&self, result: SatResult) -> Outcome {
        match result {
            SatResult::Sat(model) => Outcome::Sat(
                self.encoder
                    .decode(|v| model.get(v as usize).copied().unwrap_or(false)),
            ),
            SatResult::Unsat => Outcome::Unsat,
            SatResult::Unknown(r) => Outcome::Unknown(r),
        }
    }
}

impl Backend for SatBackend {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn add(&mut self, constraint: &NamedConstraint) -> Result<()> {
        // The base model was weighed as a whole by `check_cnf_budget`; this catches a single
        // huge constraint, a cut or the growth of blocking clauses.
        let estimate = self.encoder.estimate(&constraint.constraint);
        crate::budget::check(estimate.solver_bytes(), || {
            format!(
                "the CNF of constraint `{}` ({})",
                constraint.name,
                estimate.describe()
            )
        })?;
        self.encoder.encode(&constraint.constraint);
        Ok(())
    }
    fn solve(&mut self, deadline: Option<Instant>) -> Result<Outcome> {
        self.send_clauses();
        let result = self
            .solver
            .solve(self.encoder.num_vars(), self.encoder.names(), deadline)?;
        Ok(self.outcome(result))
    }
    fn size(&self) -> ProblemSize {
        ProblemSize {
            vars: self.encoder.num_vars() as usize,
            clauses: self.encoder.clauses().len(),
            rows: 0,
        }
    }
    fn decisions(&self) -> Option<u64> {
        self.solver.decisions()
    }
    fn incremental(&self) -> bool {
        self.solver.incremental()
    }
    fn solve_under(&mut self, assumptions: &[Lit], deadline: Option<Instant>) -> Result<Outcome> {
        self.send_clauses();
        let dimacs: Vec<i32> = assumptions.iter().map(|&l| self.encoder.lit(l)).collect();
        match self
            .solver
            .solve_under(self.encoder.num_vars(), &dimacs, deadline)
        {
            Some(result) => Ok(self.outcome(result)),
            None => Err(Error::Solver(format!(
                "{} cannot solve under assumptions",
                self.name
            ))),
        }
    }
    fn cnf(&self) -> Option<&CnfEncoder> {
        Some(&self.encoder)
    }
}

/// The design card's embedded solver, varisat.
pub struct VarisatSolver {
    solver: varisat::Solver<'static>,
}

impl VarisatSolver {
    /// A fresh solver.
    pub fn new() -> Self {
        VarisatSolver {
            solver: varisat::Solver::new(),
        }
    }
}

impl Default for VarisatSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl SatSolver for VarisatSolver {
    fn add_clause(&mut self, clause: &[i32]) {
        use varisat::ExtendFormula;
        let lits: Vec<varisat::Lit> = clause
            .iter()
            .map(|&l| varisat::Lit::from_dimacs(l as isize))
            .collect();
        self.solver.add_clause(&lits);
    }
    fn solve(
        &mut self,
        num_vars: u32,
        _names: &[(i32, String)],
        _deadline: Option<Instant>,
    ) -> Result<SatResult> {
        match self.solver.solve() {
            Ok(true) => {
                let mut values = vec![false; num_vars as usize + 1];
                for lit in self.solver.model().unwrap_or_default() {
                    let v = lit.var().to_dimacs() as usize;
                    if v < values.len() {
                        values[v] = lit.is_positive();
                    }
                }
                Ok(SatResult::Sat(values))
            }
            Ok(false) => Ok(SatResult::Unsat),
            Err(e) => Ok(SatResult::Unknown(format!("varisat: {e}"))),
        }
    }
}

/// The pure-Rust MiniSat port, batsat; the only solver here that runs propagators.
pub struct BatsatSolver {
    solver: batsat::BasicSolver,
    clause: Vec<batsat::Lit>,
    theory: Option<PropagatorTheory>,
}

impl BatsatSolver {
    /// A fresh solver.
    pub fn new() -> Self {
        BatsatSolver {
            solver: batsat::BasicSolver::default(),
            clause: Vec::new(),
            theory: None,
        }
    }
    /// What the propagators did so far, when propagators are attached.
    pub fn theory_counts(&self) -> Option<super::theory::TheoryCounts> {
        self.theory.as_ref().map(PropagatorTheory::counts)
    }
    /// Makes later solves give up (batsat answers "unknown") once the deadline has passed.
    fn stop_at(&mut self, deadline: Option<Instant>) {
        self.solver
            .cb_mut()
            .set_stop(move || deadline.is_some_and(|d| Instant::now() >= d));
    }
    /// The solver literal of a DIMACS literal (creating variables up to it).
    fn lit(&mut self, dimacs: i32) -> batsat::Lit {
        use batsat::SolverInterface;
        self.ensure_vars(dimacs.unsigned_abs());
        let var = self.solver.var_of_int(dimacs.unsigned_abs() - 1);
        batsat::Lit::new(var, dimacs > 0)
    }
    /// Solves with the assumptions (DIMACS literals) taken as true for this call only; when
    /// unsatisfiable, also the assumptions the refutation rests on (the failed ones), which
    /// is what `--explain` shrinks to a minimal set.
    pub fn solve_assuming(&mut self, num_vars: u32, assumptions: &[i32]) -> (SatResult, Vec<i32>) {
        use batsat::SolverInterface;
        self.ensure_vars(num_vars);
        let lits: Vec<batsat::Lit> = assumptions.iter().map(|&a| self.lit(a)).collect();
        let r = match &mut self.theory {
            Some(theory) => self.solver.solve_limited_th(theory, &lits),
            None => self.solver.solve_limited(&lits),
        };
        if r == batsat::lbool::FALSE {
            let failed = (assumptions.iter().zip(&lits))
                .filter(|(_, &l)| self.solver.unsat_core_contains_var(l.var()))
                .map(|(&a, _)| a)
                .collect();
            return (SatResult::Unsat, failed);
        }
        if r == batsat::lbool::TRUE {
            let model = self.solver.get_model();
            let mut values = vec![false; num_vars as usize + 1];
            for (i, v) in model.iter().enumerate().take(num_vars as usize) {
                values[i + 1] = *v == batsat::lbool::TRUE;
            }
            return (SatResult::Sat(values), Vec::new());
        }
        (SatResult::Unknown("batsat gave up".into()), Vec::new())
    }
    fn ensure_vars(&mut self, n: u32) {
        use batsat::SolverInterface;
        while self.solver.num_vars() < n {
            self.solver.new_var_default();
        }
    }
}

impl Default for BatsatSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl SatSolver for BatsatSolver {
    fn add_clause(&mut self, clause: &[i32]) {
        use batsat::SolverInterface;
        let max = clause.iter().map(|l| l.unsigned_abs()).max().unwrap_or(0);
        self.ensure_vars(max);
        self.clause.clear();
        for &l in clause {
            let var = self.solver.var_of_int(l.unsigned_abs() - 1);
            self.clause.push(batsat::Lit::new(var, l > 0));
        }
        self.solver.add_clause_reuse(&mut self.clause);
    }
    fn solve(
        &mut self,
        num_vars: u32,
        _names: &[(i32, String)],
        deadline: Option<Instant>,
    ) -> Result<SatResult> {
        self.stop_at(deadline);
        Ok(self.solve_assuming(num_vars, &[]).0)
    }
    fn solve_under(
        &mut self,
        num_vars: u32,
        assumptions: &[i32],
        deadline: Option<Instant>,
    ) -> Option<SatResult> {
        self.stop_at(deadline);
        Some(self.solve_assuming(num_vars, assumptions).0)
    }
    fn decisions(&self) -> Option<u64> {
        use batsat::SolverInterface;
        Some(self.solver.num_decisions())
    }
    fn attach_propagators(
        &mut self,
        constraints: &[Propagated],
        dimacs: &dyn Fn(crate::model::Lit) -> i32,
    ) -> bool {
        let mut lits = Vec::new();
        for p in constraints {
            let Propagated::Connected { graph, .. } = p;
            let nodes: Vec<NodeLit> = (graph.active().iter())
                .map(|&a| match a {
                    Active::Never => NodeLit::Never,
                    Active::Always => NodeLit::Always,
                    Active::When(l) => NodeLit::When(self.lit(dimacs(l))),
                })
                .collect();
            lits.push(nodes);
        }
        self.theory = Some(PropagatorTheory::new(constraints, |c, v| lits[c][v]));
        true
    }
}
