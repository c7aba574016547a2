//! The IR every genre produces and every backend consumes: named 0/1 and bounded integer
//! variables, named constraints, an optional objective, the answer keys and lazy constraints.

pub mod active;
pub mod connectivity;
pub mod division;
pub mod expr;
pub mod gated;
pub mod int;
pub mod int_keys;
pub mod int_path;
pub mod int_rules;
pub mod justify;
pub mod lazy;
pub mod loops;
pub mod name;
pub mod node_graph;
pub mod paths;
pub mod propagator;
pub mod region;
pub mod regular;
pub mod sight;
#[cfg(test)]
pub(crate) mod testing;

pub use active::Active;
pub use expr::{Assignment, Cmp, Constraint, LinExpr, Lit, Var};
pub use justify::{Justification, Meaning};
pub use lazy::{Cut, LazyConstraint, Propagated};

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
    /// Constraints left to a propagator inside the solver's search (`=propagator`
    /// formulations); only a backend that runs propagators (batsat) accepts such a model.
    #[serde(skip)]
    pub propagated: Vec<Propagated>,
    /// Set when no solution's true answer keys are a subset of another's (e.g. exact covers):
    /// a blocking clause then needs only the negations of the true keys, which is much
    /// shorter and stronger than one over every key.
    #[serde(skip)]
    pub block_on_true_keys: bool,
    /// Bytes held by the variables and constraints added through [`Model::add`] and the
    /// `new_*` methods (an estimate of the model's size in memory).
    #[serde(skip)]
    bytes: u64,
    /// Set when the model passed the memory budget while being built: the constraint at which
    /// it did, and the bytes it would have needed. Later constraints are dropped (so building
    /// stays cheap) and [`Model::check_budget`] refuses the model.
    #[serde(skip)]
    over_budget: Option<(String, u64)>,
    /// Variables handed out after the model passed the budget: they get indices but no
    /// entry, so a formulation that keeps going costs nothing more.
    #[serde(skip)]
    unstored_vars: u32,
}

/// How often (in additions) a growing model compares the whole process with the budget.
const BUDGET_CHECK_EVERY: usize = 4096;

/// What a heap block of `bytes` costs the allocator: nothing for none, else at least 32 bytes
/// (the smallest glibc chunk) with a 16-byte header.
fn heap_block(bytes: usize) -> u64 {
    if bytes == 0 {
        0
    } else {
        (bytes as u64 + 16).max(32)
    }
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
            .field(
                "propagated",
                &self.propagated.iter().map(|p| p.name()).collect::<Vec<_>>(),
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
        self.push_var(name.into(), Domain::Bool)
    }
    /// A new integer variable in `lo..=hi`.
    pub fn new_int(&mut self, name: impl Into<String>, lo: i64, hi: i64) -> Var {
        assert!(lo <= hi, "empty integer domain");
        self.push_var(name.into(), Domain::Int { lo, hi })
    }
    /// Adds a variable; past the budget it gets an index but no entry.
    fn push_var(&mut self, name: String, domain: Domain) -> Var {
        let entry = std::mem::size_of::<VarInfo>() as u64;
        let full = self.vars.len() == self.vars.capacity();
        let regrow = if full {
            self.vars.capacity() as u64 * entry * 2
        } else {
            0
        };
        self.grow(entry + heap_block(name.capacity()), regrow, || {
            format!("variable `{name}`")
        });
        if self.over_budget.is_some() {
            self.unstored_vars += 1;
            return Var(self.vars.len() as u32 + self.unstored_vars - 1);
        }
        self.vars.push(VarInfo { name, domain });
        Var(self.vars.len() as u32 - 1)
    }
    /// Counts `bytes` more and notes the first addition that passes the memory budget;
    /// `regrow` is what a list about to double needs at once (old and new buffer together).
    fn grow(&mut self, bytes: u64, regrow: u64, what: impl FnOnce() -> String) {
        if self.over_budget.is_some() {
            return;
        }
        self.bytes += bytes;
        let additions = self.vars.len() + self.constraints.len();
        let limit = crate::budget::limit();
        let in_use = crate::budget::in_use();
        let over = self.bytes > limit
            || (regrow > 0 && in_use.saturating_add(regrow) > limit / 10 * 9)
            || (additions.is_multiple_of(BUDGET_CHECK_EVERY) && crate::budget::nearly_spent(90));
        if over {
            let needed = self.bytes.max(in_use.saturating_add(regrow));
            self.over_budget = Some((what(), needed));
        }
    }
    /// Whether the model passed the memory budget while being built: a long formulation can
    /// stop adding to it, since [`Model::check_budget`] will refuse it anyway.
    pub fn over_budget(&self) -> bool {
        self.over_budget.is_some()
    }
    /// Bytes the model's variables and constraints hold (an estimate).
    pub fn memory_bytes(&self) -> u64 {
        self.bytes
    }
    /// Fails with [`crate::Error::Memory`] when the model passed the memory budget while it
    /// was built (`what` names the model in the message).
    pub fn check_budget(&self, what: impl FnOnce() -> String) -> crate::Result<()> {
        match &self.over_budget {
            None => Ok(()),
            Some((at, needed)) => Err(crate::Error::Memory {
                what: format!("{} (it passed the budget at {at})", what()),
                needed: *needed,
                at_least: true,
                budget: crate::budget::limit(),
            }),
        }
    }
    /// A new 0/1 variable that is also an answer key.
    pub fn new_answer_bool(&mut self, name: impl Into<String>) -> Var {
        let v = self.new_bool(name);
        self.answer_keys.push(v);
        v
    }
    /// Adds a named constraint. Past the memory budget it is dropped instead, and
    /// [`Model::check_budget`] refuses the model.
    pub fn add(&mut self, name: impl Into<String>, constraint: Constraint) {
        if self.over_budget.is_some() {
            return;
        }
        let c = NamedConstraint::new(name, constraint);
        let entry = std::mem::size_of::<NamedConstraint>() as u64;
        let bytes =
            entry + heap_block(c.name.capacity()) + heap_block(c.constraint.heap_bytes() as usize);
        let full = self.constraints.len() == self.constraints.capacity();
        let regrow = if full {
            self.constraints.capacity() as u64 * entry * 2
        } else {
            0
        };
        self.grow(bytes, regrow, || format!("constraint `{}`", c.name));
        if self.over_budget.is_none() {
            self.constraints.push(c);
        }
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
        // Unstored variables (past the budget) have no name; the model is refused anyway.
        self.vars.get(v.index()).map_or("", |info| &info.name)
    }
    /// The domain of a variable.
    pub fn domain(&self, v: Var) -> Domain {
        self.vars
            .get(v.index())
            .map_or(Domain::Bool, |info| info.domain)
    }
    /// Adds a constraint for a solver's propagator.
    pub fn add_propagated(&mut self, constraint: Propagated) {
        self.propagated.push(constraint);
    }
    /// Whether the model is complete (no lazy constraints, no propagators), so a solver file
    /// of it is exact.
    pub fn is_complete(&self) -> bool {
        self.lazy.is_empty() && self.propagated.is_empty()
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
