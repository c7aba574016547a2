//! Embedded MIP through good_lp (microlp by default; HiGHS and CBC behind cargo features).
//! good_lp's `solve` consumes the problem, so the rows are kept here and the problem is rebuilt
//! for every solve (counted in the statistics as a non-incremental backend).

use super::{Backend, Outcome, ProblemSize};
use crate::error::{Error, Result};
use crate::lower::{linear, LinearRow};
use crate::model::{Assignment, Cmp, Domain, LinExpr, Model, NamedConstraint, Sense};
use std::time::Instant;

/// A good_lp solver chosen by name, holding the rows to rebuild from.
pub struct GoodLpBackend {
    name: String,
    domains: Vec<Domain>,
    objective: Option<(Sense, LinExpr)>,
    rows: Vec<LinearRow>,
}

impl GoodLpBackend {
    /// A backend for the model's variables; errors if the solver is not compiled in.
    pub fn new(name: &str, model: &Model) -> Result<Self> {
        let compiled = match name {
            "microlp" => cfg!(feature = "microlp"),
            "highs" => cfg!(feature = "highs"),
            "cbc" => cfg!(feature = "coin_cbc"),
            _ => false,
        };
        if !compiled {
            let feature = if name == "cbc" { "coin_cbc" } else { name };
            return Err(Error::Usage(format!(
                "backend `{name}` is not compiled in: rebuild with `cargo build --release \
                 --features {feature}`"
            )));
        }
        Ok(GoodLpBackend {
            name: name.to_string(),
            domains: model.vars.iter().map(|v| v.domain).collect(),
            objective: model.objective.clone(),
            rows: Vec::new(),
        })
    }

    #[allow(unused_variables)]
    fn run(&self) -> Result<Outcome> {
        match self.name.as_str() {
            #[cfg(feature = "microlp")]
            "microlp" => self.solve_with(good_lp::microlp),
            #[cfg(feature = "highs")]
            "highs" => self.solve_with(good_lp::highs),
            #[cfg(feature = "coin_cbc")]
            "cbc" => self.solve_with(good_lp::coin_cbc),
            other => Err(Error::Usage(format!(
                "backend `{other}` is not compiled in"
            ))),
        }
    }

    #[allow(dead_code)]
    fn solve_with<S: good_lp::SolverModel<Error = good_lp::ResolutionError>>(
        &self,
        solver: impl good_lp::Solver<Model = S>,
    ) -> Result<Outcome> {
        use good_lp::{variable, Expression, ProblemVariables, Solution};
        let mut pv = ProblemVariables::new();
        let cols: Vec<good_lp::Variable> = self
            .domains
            .iter()
            .map(|d| match *d {
                Domain::Bool => pv.add(variable().binary()),
                Domain::Int { lo, hi } => {
                    pv.add(variable().integer().min(lo as f64).max(hi as f64))
                }
            })
            .collect();
        let expr = |e: &LinExpr| -> Expression {
            let mut out = Expression::from(e.constant as f64);
            for &(c, v) in &e.terms {
                out += (c as f64) * cols[v.index()];
            }
            out
        };
        let mut problem = match &self.objective {
            Some((Sense::Maximize, e)) => pv.maximise(expr(e)),
            Some((Sense::Minimize, e)) => pv.minimise(expr(e)),
            None => pv.minimise(Expression::from(0.0)),
        }
        .using(solver);
        for row in &self.rows {
            let lhs = expr(&row.expr);
            let rhs = row.rhs as f64;
            problem.add_constraint(match row.sense {
                Cmp::Le => good_lp::constraint::leq(lhs, rhs),
                Cmp::Ge => good_lp::constraint::geq(lhs, rhs),
                Cmp::Eq => good_lp::constraint::eq(lhs, rhs),
            });
        }
        match problem.solve() {
            Ok(sol) => Ok(Outcome::Sat(Assignment {
                values: cols.iter().map(|&c| sol.value(c).round() as i64).collect(),
            })),
            Err(good_lp::ResolutionError::Infeasible) => Ok(Outcome::Unsat),
            Err(e) => Err(Error::Solver(format!("{}: {e}", self.name))),
        }
    }
}

impl Backend for GoodLpBackend {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn add(&mut self, constraint: &NamedConstraint) -> Result<()> {
        self.rows.push(linear::row(constraint));
        Ok(())
    }
    fn solve(&mut self, _deadline: Option<Instant>) -> Result<Outcome> {
        self.run()
    }
    fn size(&self) -> ProblemSize {
        ProblemSize {
            vars: self.domains.len(),
            clauses: 0,
            rows: self.rows.len(),
        }
    }
    fn incremental(&self) -> bool {
        false
    }
}
