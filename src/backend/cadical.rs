//! CaDiCaL, embedded (the `cadical` crate compiles its C++ source): a stronger CDCL search
//! than batsat's on hard unsatisfiable questions, such as a Numberlink's proof that no other
//! answer exists.

use super::sat::{SatResult, SatSolver};
use crate::error::Result;
use std::time::Instant;

/// Stops CaDiCaL's search once the deadline has passed.
struct Deadline(Option<Instant>);

impl cadical::Callbacks for Deadline {
    fn terminate(&mut self) -> bool {
        self.0.is_some_and(|d| Instant::now() >= d)
    }
}

/// The embedded CaDiCaL solver.
pub struct CadicalSolver {
    solver: cadical::Solver<Deadline>,
}

impl CadicalSolver {
    /// A fresh solver.
    pub fn new() -> Self {
        CadicalSolver {
            solver: cadical::Solver::new(),
        }
    }

    fn solve_assuming(
        &mut self,
        num_vars: u32,
        assumptions: &[i32],
        deadline: Option<Instant>,
    ) -> SatResult {
        // Variables in no clause yet still get a value.
        self.solver.reserve(num_vars as i32);
        self.solver.set_callbacks(Some(Deadline(deadline)));
        match self.solver.solve_with(assumptions.iter().copied()) {
            Some(true) => {
                let mut values = vec![false; num_vars as usize + 1];
                for (v, value) in values.iter_mut().enumerate().skip(1) {
                    // `None`: the clauses hold either way.
                    *value = self.solver.value(v as i32).unwrap_or(false);
                }
                SatResult::Sat(values)
            }
            Some(false) => SatResult::Unsat,
            None => SatResult::Unknown("cadical gave up".into()),
        }
    }
}

impl Default for CadicalSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl SatSolver for CadicalSolver {
    fn add_clause(&mut self, clause: &[i32]) {
        self.solver.add_clause(clause.iter().copied());
    }
    fn solve(
        &mut self,
        num_vars: u32,
        _names: &[(i32, String)],
        deadline: Option<Instant>,
    ) -> Result<SatResult> {
        Ok(self.solve_assuming(num_vars, &[], deadline))
    }
    fn solve_under(
        &mut self,
        num_vars: u32,
        assumptions: &[i32],
        deadline: Option<Instant>,
    ) -> Option<SatResult> {
        Some(self.solve_assuming(num_vars, assumptions, deadline))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_satisfiable_unsatisfiable_under_assumptions_and_past_a_deadline() {
        let mut s = CadicalSolver::new();
        s.add_clause(&[1, 2]);
        s.add_clause(&[-1, 2]);
        match s.solve(3, &[], None).unwrap() {
            SatResult::Sat(values) => assert!(values[2] && values.len() == 4),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            s.solve_under(3, &[-2], None),
            Some(SatResult::Unsat)
        ));
        // The assumption held for that call only.
        assert!(matches!(s.solve(3, &[], None).unwrap(), SatResult::Sat(_)));
        // A pigeonhole too big to finish at once, stopped by a deadline already past.
        let mut hard = CadicalSolver::new();
        let (holes, var) = (9, |p: i32, h: i32| p * 9 + h + 1);
        for p in 0..=holes {
            hard.add_clause(&(0..holes).map(|h| var(p, h)).collect::<Vec<_>>());
        }
        for h in 0..holes {
            for p in 0..=holes {
                for q in p + 1..=holes {
                    hard.add_clause(&[-var(p, h), -var(q, h)]);
                }
            }
        }
        let past = Some(Instant::now());
        assert!(matches!(
            hard.solve(100, &[], past).unwrap(),
            SatResult::Unknown(_)
        ));
    }
}
