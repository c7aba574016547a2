//! The IR every genre produces and every backend consumes: named 0/1 and bounded integer
//! variables, named constraints, an optional objective, the answer keys and lazy constraints.

pub mod active;
pub mod connectivity;
pub mod expr;
pub mod lazy;
pub mod loops;
pub mod region;
pub mod regular;
#[cfg(test)]
pub(crate) mod testing;

pub use active::Active;
pub use expr::{Cmp, Constraint, LinExpr, Lit, Var};
pub use lazy::{Assignment, LazyConstraint};

use serde::Serialize;
use std::sync::Arc;

/// The domain of a model variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Domain {
    /// A 0/1 variable.
    Bool,
    /// An integer in `lo..=hi`.
    Int {
        /// Lowest value.
        lo: i64,
        /// Highest value.
        hi: i64,
    },
}

/// A variable's readable name and domain.
#[derive(Clone, Debug, Serialize)]
pub struct VarInfo {
    /// The readable name, e.g. `black[r3c4]`.
    pub name: String,
    /// Its domain.
    pub domain: Domain,
}

/// A constraint with its readable name, e.g. `room A count`.
#[derive(Clone, Debug, Serialize)]
pub struct NamedConstraint {
    /// The readable name.
    pub name: String,
    /// The constraint.
    #[serde(flatten)]
    pub constraint: Constraint,
}

impl NamedConstraint {
    /// Names a constraint.
    pub fn new(name: impl Into<String>, constraint: Constraint) -> Self {
        NamedConstraint {
            name: name.into(),
            constraint,
        }
    }
}

/// The direction of an objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Sense {
    /// Minimise.
    Minimize,
    /// Maximise.
    Maximize,
}

/// A constraint model: variables, constraints, answer keys, lazy constraints and an objective.
#[derive(Clone, Default, Serialize)]
pub struct Model {
    /// Every variable, indexed by [`Var`].
    pub vars: Vec<VarInfo>,
    /// Every (eager) constraint.
    pub constraints: Vec<NamedConstraint>,
    /// An optional objective; puzzles are feasibility problems and mostly leave it empty.
    pub objective: Option<(Sense, LinExpr)>,
    /// The 0/1 variables that make up the user-visible answer: solutions are distinct when
    /// these differ, and blocking clauses range over them.
    pub answer_keys: Vec<Var>,
    /// Constraints checked on full assignments that return cuts when violated.
    #[serde(skip)]
    pub lazy: Vec<Arc<dyn LazyConstraint>>,
    /// Set when no solution's true answer keys are a subset of another's (e.g. exact covers):
    /// a blocking clause then needs only the negations of the true keys, which is much
    /// shorter and stronger than one over every key.
    #[serde(skip)]
    pub block_on_true_keys: bool,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("vars", &self.vars.len())
            .field("constraints", &self.constraints.len())
            .field("answer_keys", &self.answer_keys.len())
            .field(
                "lazy",
                &self.lazy.iter().map(|l| l.name()).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Model {
    /// An empty model.
    pub fn new() -> Self {
        Self::default()
    }
    /// A new 0/1 variable.
    pub fn new_bool(&mut self, name: impl Into<String>) -> Var {
        self.vars.push(VarInfo {
            name: name.into(),
            domain: Domain::Bool,
        });
        Var(self.vars.len() as u32 - 1)
    }
    /// A new integer variable in `lo..=hi`.
    pub fn new_int(&mut self, name: impl Into<String>, lo: i64, hi: i64) -> Var {
        assert!(lo <= hi, "empty integer domain");
        self.vars.push(VarInfo {
            name: name.into(),
            domain: Domain::Int { lo, hi },
        });
        Var(self.vars.len() as u32 - 1)
    }
    /// A new 0/1 variable that is also an answer key.
    pub fn new_answer_bool(&mut self, name: impl Into<String>) -> Var {
        let v = self.new_bool(name);
        self.answer_keys.push(v);
        v
    }
    /// Adds a named constraint.
    pub fn add(&mut self, name: impl Into<String>, constraint: Constraint) {
        self.constraints
            .push(NamedConstraint::new(name, constraint));
    }
    /// Adds `when → high ≥ low + gap` for two integer variables.
    pub fn add_greater_if(
        &mut self,
        name: impl Into<String>,
        when: Lit,
        high: Var,
        low: Var,
        gap: i64,
    ) {
        let bounds = |v: Var| match self.domain(v) {
            Domain::Bool => (0, 1),
            Domain::Int { lo, hi } => (lo, hi),
        };
        let big_m = (gap + bounds(low).1 - bounds(high).0).max(0);
        self.add(
            name,
            Constraint::GreaterIf {
                when,
                high,
                low,
                gap,
                big_m,
            },
        );
    }
    /// Adds a lazy constraint.
    pub fn add_lazy(&mut self, lazy: impl LazyConstraint + 'static) {
        self.lazy.push(Arc::new(lazy));
    }
    /// The name of a variable.
    pub fn name(&self, v: Var) -> &str {
        &self.vars[v.index()].name
    }
    /// The domain of a variable.
    pub fn domain(&self, v: Var) -> Domain {
        self.vars[v.index()].domain
    }
    /// Whether the model is complete (no lazy constraints), so a solver file of it is exact.
    pub fn is_complete(&self) -> bool {
        self.lazy.is_empty()
    }
    /// How many variables of each kind: (booleans, integers).
    pub fn var_counts(&self) -> (usize, usize) {
        let bools = self
            .vars
            .iter()
            .filter(|v| v.domain == Domain::Bool)
            .count();
        (bools, self.vars.len() - bools)
    }
    /// The first eager constraint an assignment violates, if any.
    pub fn first_violation(&self, a: &Assignment) -> Option<&NamedConstraint> {
        self.constraints
            .iter()
            .find(|c| !c.constraint.holds(|v| a.value(v)))
    }
    /// The blocking clause that excludes an assignment's values of the answer keys (over the
    /// true keys only when [`Model::block_on_true_keys`] is set).
    pub fn blocking_clause(&self, a: &Assignment) -> Constraint {
        if self.block_on_true_keys {
            return Constraint::clause(
                self.answer_keys.iter().filter(|&&v| a.bool(v)).map(|&v| !v),
            );
        }
        Constraint::clause(
            self.answer_keys
                .iter()
                .map(|&v| if a.bool(v) { !v } else { v.lit() }),
        )
    }
}

#[cfg(test)]
mod blocking_tests {
    use super::*;

    #[test]
    fn blocking_on_true_keys_negates_only_the_true_ones() {
        let mut m = Model::new();
        let a = m.new_answer_bool("a");
        let b = m.new_answer_bool("b");
        let sol = Assignment { values: vec![1, 0] };
        assert_eq!(m.blocking_clause(&sol), Constraint::clause([!a, b.lit()]));
        m.block_on_true_keys = true;
        assert_eq!(m.blocking_clause(&sol), Constraint::clause([!a]));
    }
}
