//! Lazy constraints: checked on full assignments, they return cuts instead of being encoded
//! up front (the seed's connectivity loop).

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

/// A constraint that is checked on candidate solutions and, when violated, returns cuts: IR
/// constraints that the candidate violates and that no real solution violates.
pub trait LazyConstraint: Send + Sync {
    /// A readable name, for statistics and messages.
    fn name(&self) -> &str;
    /// The cuts that exclude this assignment, or nothing when it satisfies the constraint.
    fn cuts(&self, assignment: &Assignment) -> Vec<NamedConstraint>;
}
