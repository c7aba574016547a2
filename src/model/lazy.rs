//! What a model carries besides its rows: lazy constraints, checked on full assignments, which
//! return cuts instead of being encoded up front (the seed's connectivity loop), and
//! constraints left to a propagator inside the solver's search (run by [`super::propagator`]).

use super::justify::{Justification, Meaning};
use super::node_graph::NodeGraph;
use super::{Assignment, NamedConstraint};

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

/// A constraint left to a propagator inside the solver's search.
#[derive(Clone, Debug)]
pub enum Propagated {
    /// The active nodes of the graph form one connected region (no active node at all is
    /// allowed too).
    Connected {
        /// The constraint's readable name, e.g. `unshaded connected`.
        name: String,
        /// The nodes, their activity and the edges.
        graph: NodeGraph,
    },
}

impl Propagated {
    /// The constraint's readable name.
    pub fn name(&self) -> &str {
        match self {
            Propagated::Connected { name, .. } => name,
        }
    }
}
