//! The model's propagated constraints ([`crate::model::propagator`]) inside batsat's search,
//! through its theory interface: at every propagation fixpoint the theory reads the node
//! literals, and each constraint's propagator raises a conflict clause or infers literals whose
//! reasons batsat asks for during conflict analysis. Reasons are kept per decision level and
//! dropped when the solver backtracks past it.

use crate::model::propagator::{ConnectedPropagator, Mark, NodeFact, NodeState, Propagated};
use batsat::{lbool, Lit, Theory, TheoryArg};

/// How a node of a propagated constraint appears to the solver.
#[derive(Clone, Copy, Debug)]
pub enum NodeLit {
    /// Never active.
    Never,
    /// Always active.
    Always,
    /// Active when the literal is true.
    When(Lit),
}

/// One propagated constraint with its nodes as solver literals.
struct Constraint {
    propagator: ConnectedPropagator,
    nodes: Vec<NodeLit>,
    state: Vec<NodeState>,
    /// Nodes assigned since the last check (which the propagator may build on, unless the
    /// solver has backtracked past its tree).
    changed: Vec<usize>,
    /// The next check searches the whole graph (at the start, and after a backtrack past the
    /// last full check).
    full: bool,
    /// The states must be read again before the next check (after a backtrack).
    reread: bool,
}

/// Counts of what the propagators did, for statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TheoryCounts {
    /// Checks that looked at the graphs (a check with no new node literal is skipped).
    pub checks: u64,
    /// Checks that searched a graph from scratch.
    pub full_checks: u64,
    /// Conflicts raised.
    pub conflicts: u64,
    /// Literals inferred.
    pub inferences: u64,
}

/// Every propagated constraint of a model as one batsat theory.
pub struct PropagatorTheory {
    constraints: Vec<Constraint>,
    /// The (constraint, node) pairs of each variable (by index).
    occurs: Vec<Vec<(usize, usize)>>,
    /// Trail literals already seen by a check: a check with nothing new is skipped.
    checked: usize,
    /// At each level's creation: the reasons' length and `checked`.
    levels: Vec<(usize, usize)>,
    /// At each level's creation, one per constraint: where its checks stood (a backtrack to
    /// the level builds on that instead of searching the whole graph again).
    marks: Vec<Option<Mark>>,
    /// The reasons of inferred literals, back to back; `reason_of[lit]` is a range of it.
    reasons: Vec<Lit>,
    reason_of: Vec<(u32, u32)>,
    clause: Vec<Lit>,
    counts: TheoryCounts,
}

/// Conflict clauses are also kept as clauses of the problem (batsat's "costly" lemmas), like
/// lazy cuts: heyawake bigroom_1 went from 0.25 s to 0.05 s.
const KEEP_CONFLICTS: bool = true;

impl PropagatorTheory {
    /// A theory for the propagated constraints; `node_lit` gives, per constraint, the solver
    /// literal of each node.
    pub fn new(constraints: &[Propagated], node_lit: impl Fn(usize, usize) -> NodeLit) -> Self {
        let mut occurs: Vec<Vec<(usize, usize)>> = Vec::new();
        let constraints: Vec<Constraint> = constraints
            .iter()
            .enumerate()
            .map(|(i, p)| match p {
                Propagated::Connected { graph, .. } => {
                    let nodes: Vec<NodeLit> = (0..graph.len()).map(|v| node_lit(i, v)).collect();
                    for (node, n) in nodes.iter().enumerate() {
                        if let NodeLit::When(l) = n {
                            let v = l.var().idx() as usize;
                            if occurs.len() <= v {
                                occurs.resize(v + 1, Vec::new());
                            }
                            occurs[v].push((i, node));
                        }
                    }
                    Constraint {
                        propagator: ConnectedPropagator::new(graph),
                        state: vec![NodeState::Open; nodes.len()],
                        changed: Vec::new(),
                        full: true,
                        reread: true,
                        nodes,
                    }
                }
            })
            .collect();
        PropagatorTheory {
            constraints,
            occurs,
            marks: Vec::new(),
            checked: 0,
            levels: Vec::new(),
            reasons: Vec::new(),
            reason_of: Vec::new(),
            clause: Vec::new(),
            counts: TheoryCounts::default(),
        }
    }

    /// What the propagators did so far.
    pub fn counts(&self) -> TheoryCounts {
        let full = (self.constraints.iter())
            .map(|c| c.propagator.check_counts().0)
            .sum();
        TheoryCounts {
            full_checks: full,
            ..self.counts
        }
    }

    /// Runs every constraint's propagator on the current trail (all of it in a final check;
    /// a partial check returns at once when no node literal is new since the last one).
    fn run(&mut self, acts: &mut TheoryArg, full: bool) {
        let trail = acts.model();
        let mut fresh = false;
        for l in &trail[self.checked.min(trail.len())..] {
            for &(c, node) in self
                .occurs
                .get(l.var().idx() as usize)
                .map_or(&[][..], |o| o)
            {
                self.constraints[c].changed.push(node);
                fresh = true;
            }
        }
        self.checked = trail.len();
        // (`trail` is not used past this point: `acts` is needed mutably below.)
        if !fresh && !full {
            return;
        }
        self.counts.checks += 1;
        for c in &mut self.constraints {
            if c.reread || full || c.full {
                for (state, &node) in c.state.iter_mut().zip(&c.nodes) {
                    *state = node_state(acts, node);
                }
            } else {
                for &v in &c.changed {
                    c.state[v] = node_state(acts, c.nodes[v]);
                }
            }
            c.reread = false;
            let consistent = if full || c.full {
                c.full = false;
                c.propagator.check(&c.state, true)
            } else if c.changed.is_empty() {
                continue;
            } else {
                c.propagator.check_changes(&c.state, &c.changed)
            };
            c.changed.clear();
            if !consistent {
                self.counts.conflicts += 1;
                self.clause.clear();
                let facts = c.propagator.conflict().iter();
                self.clause
                    .extend(facts.filter_map(|&f| fact_lit(&c.nodes, f)).map(|l| !l));
                debug_assert!(
                    !self.clause.is_empty(),
                    "a constant conflict is a model clause"
                );
                if self.clause.is_empty() {
                    // Cannot happen (the model states it as an empty clause); any literal
                    // serves at level 0, where batsat answers unsatisfiable without analysis.
                    self.clause.push(trail_or_any(acts, &c.nodes));
                }
                acts.raise_conflict(&self.clause, KEEP_CONFLICTS);
                return;
            }
            for inference in c.propagator.inferences() {
                let lit = fact_lit(&c.nodes, inference.fact).expect("an open node has a literal");
                if value(acts, lit) == lbool::TRUE {
                    continue; // inferred already (by another constraint): keep its reason
                }
                let start = self.reasons.len();
                let reason = c.propagator.reason(inference).iter();
                self.reasons
                    .extend(reason.filter_map(|&f| fact_lit(&c.nodes, f)));
                let slot = lit.idx() as usize;
                if self.reason_of.len() <= slot {
                    self.reason_of.resize(slot + 1, (0, 0));
                }
                self.reason_of[slot] = (start as u32, self.reasons.len() as u32);
                self.counts.inferences += 1;
                if !acts.propagate(lit) {
                    return; // it was false: batsat analyses the conflict with this reason
                }
            }
        }
    }
}

/// What the trail says of a node.
fn node_state(acts: &TheoryArg, node: NodeLit) -> NodeState {
    match node {
        NodeLit::Never => NodeState::Inactive,
        NodeLit::Always => NodeState::Active,
        NodeLit::When(l) => match value(acts, l) {
            v if v == lbool::TRUE => NodeState::Active,
            v if v == lbool::FALSE => NodeState::Inactive,
            _ => NodeState::Open,
        },
    }
}

/// The value of a literal on the trail.
fn value(acts: &TheoryArg, l: Lit) -> lbool {
    acts.value(l.var()) ^ !l.sign()
}

/// The literal that states a fact, or `None` for a constant node (no literal needed).
fn fact_lit(nodes: &[NodeLit], f: NodeFact) -> Option<Lit> {
    match nodes[f.node] {
        NodeLit::When(l) => Some(if f.active { l } else { !l }),
        _ => None,
    }
}

/// Some literal of a constraint (for the conflict batsat only looks at the level of).
fn trail_or_any(acts: &TheoryArg, nodes: &[NodeLit]) -> Lit {
    let lit = nodes.iter().find_map(|n| match n {
        NodeLit::When(l) => Some(*l),
        _ => None,
    });
    lit.or_else(|| acts.model().first().copied())
        .expect("a model with a propagated constraint has a variable")
}

impl Theory for PropagatorTheory {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        self.run(acts, true);
    }
    fn partial_check(&mut self, acts: &mut TheoryArg) {
        self.run(acts, false);
    }
    fn create_level(&mut self) {
        self.levels.push((self.reasons.len(), self.checked));
        (self.marks).extend(self.constraints.iter().map(|c| c.propagator.mark()));
    }
    fn pop_levels(&mut self, n: usize) {
        let keep = self.levels.len() - n;
        let (reasons, checked) = self.levels[keep];
        self.reasons.truncate(reasons);
        self.checked = checked;
        self.levels.truncate(keep);
        let marks = self.marks.split_off(keep * self.constraints.len());
        for (c, &mark) in self.constraints.iter_mut().zip(&marks) {
            c.changed.clear();
            c.reread = true;
            // The state is again the one checked when the level was created: build on that
            // check's tree if no full check has replaced it since.
            c.full |= !c.propagator.restore(mark);
        }
    }
    fn n_levels(&self) -> usize {
        self.levels.len()
    }
    fn explain_propagation(&mut self, p: Lit) -> &[Lit] {
        let (start, end) = self.reason_of[p.idx() as usize];
        &self.reasons[start as usize..end as usize]
    }
}
