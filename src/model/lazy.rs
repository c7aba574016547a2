//! Lazy constraints: checked on full assignments, they return cuts instead of being encoded
//! up front (the seed's connectivity loop).

use super::justify::{Justification, Meaning};
use super::{NamedConstraint, Var};

/// Values of every model variable (0/1 for booleans) as returned by a backend.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Assignment {
    /// The value of each variable, indexed by [`Var`].
    pub values: Vec<i64>,
}

impl Assignment {
    /// The value of a variable.
    pub fn value(&self, v: Var) -> i64 {
        self.values[v.index()]
    }
    /// The value of a 0/1 variable.
    pub fn bool(&self, v: Var) -> bool {
        self.values[v.index()] != 0
    }
    /// The value of a literal.
    pub fn lit(&self, l: super::Lit) -> bool {
        l.eval(self.bool(l.var))
    }
}

/// A cut with the graph fact it was read from.
#[derive(Clone, Debug)]
pub struct Cut {
    /// The cut.
    pub constraint: NamedConstraint,
    /// Why no solution violates it (`None` from a constraint without a [`Meaning`]).
    pub why: Option<Justification>,
}

/// A constraint that is checked on candidate solutions and, when violated, returns cuts: IR
/// constraints that the candidate violates and that no real solution violates.
pub trait LazyConstraint: Send + Sync {
    /// A readable name, for statistics and messages.
    fn name(&self) -> &str;
    /// The cuts that exclude this assignment, each with its justification, or nothing when the
    /// assignment satisfies the constraint.
    fn justified_cuts(&self, assignment: &Assignment) -> Vec<Cut>;
    /// The cuts alone.
    fn cuts(&self, assignment: &Assignment) -> Vec<NamedConstraint> {
        (self.justified_cuts(assignment).into_iter())
            .map(|c| c.constraint)
            .collect()
    }
    /// What the constraint demands of every solution, for checking the justifications; `None`
    /// when its cuts cannot be justified (`--certify` then refuses the formulation).
    fn meaning(&self) -> Option<Meaning> {
        None
    }
}
