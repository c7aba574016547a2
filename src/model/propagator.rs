//! Graph constraints that a SAT solver carries as propagators inside its search (the
//! `=propagator` formulations) instead of as clauses or lazy cuts. The model keeps the graph;
//! the reasoning here works on what is known of each node during the search (active, inactive,
//! open) and knows no solver: a backend that can run propagators (batsat, see
//! `backend::theory`) maps the nodes to its literals and the facts back to clauses.

use super::connectivity::NodeGraph;

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

/// What the search knows of a node so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeState {
    /// Not active (whatever comes later).
    Inactive,
    /// Active.
    Active,
    /// Not decided yet.
    Open,
}

/// A node's state that holds now: `node` is active (`active`) or inactive. Conflicts and the
/// reasons of inferences are sets of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeFact {
    /// The node.
    pub node: usize,
    /// Active (true) or inactive (false).
    pub active: bool,
}

impl NodeFact {
    fn on(node: usize) -> Self {
        NodeFact { node, active: true }
    }
    fn off(node: usize) -> Self {
        NodeFact {
            node,
            active: false,
        }
    }
}

/// A node state that the constraint forces, with the facts that force it (a range of
/// [`ConnectedPropagator::reasons`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inference {
    /// What must hold.
    pub fact: NodeFact,
    /// Where its reason lies in the reasons buffer.
    pub reason: std::ops::Range<usize>,
}

const NONE: usize = usize::MAX;

/// "The active nodes are connected" on a partial state. [`ConnectedPropagator::check`] finds
/// - a conflict: two active nodes that no path of non-inactive nodes joins; the facts are the
///   two and the inactive nodes of a minimal separator between them;
/// - inactive nodes: once a node is active, every open node that no path of non-inactive nodes
///   joins to it, because of the inactive border of its own region;
/// - active nodes: an open node whose removal (an articulation point, Tarjan's lowlink on the
///   non-inactive nodes) separates two active nodes, because of the inactive border of the
///   smaller side.
///
/// Each check recomputes from scratch in time linear in the graph (plus the reasons).
#[derive(Clone, Debug)]
pub struct ConnectedPropagator {
    /// Neighbours of node v: `nbr[start[v]..start[v + 1]]` (compressed rows).
    start: Vec<usize>,
    nbr: Vec<usize>,
    /// Preorder index of each node in the search from the first active node (`NONE`: not
    /// reached), the lowest preorder index its subtree reaches, its subtree's size, and an
    /// active node of its subtree (`NONE` if there is none).
    disc: Vec<usize>,
    low: Vec<usize>,
    size: Vec<usize>,
    witness: Vec<usize>,
    /// The reached nodes in preorder (a subtree is a contiguous slice of it).
    order: Vec<usize>,
    stack: Vec<(usize, usize, usize)>,
    /// Marks for "already collected" in the current pass (`mark[v] == epoch`).
    mark: Vec<u32>,
    epoch: u32,
    queue: Vec<usize>,
    /// The conflict found by the last check (empty when it found none).
    conflict: Vec<NodeFact>,
    inferences: Vec<Inference>,
    reasons: Vec<NodeFact>,
}

impl ConnectedPropagator {
    /// A propagator over a graph's nodes and edges (activity is the caller's business: it
    /// passes the state of every node to [`ConnectedPropagator::check`]).
    pub fn new(graph: &NodeGraph) -> Self {
        let n = graph.len();
        let mut start = Vec::with_capacity(n + 1);
        let mut nbr = Vec::new();
        start.push(0);
        for v in 0..n {
            nbr.extend_from_slice(graph.neighbours(v));
            start.push(nbr.len());
        }
        ConnectedPropagator {
            start,
            nbr,
            disc: vec![NONE; n],
            low: vec![0; n],
            size: vec![0; n],
            witness: vec![NONE; n],
            order: Vec::with_capacity(n),
            stack: Vec::new(),
            mark: vec![0; n],
            epoch: 0,
            queue: Vec::new(),
            conflict: Vec::new(),
            inferences: Vec::new(),
            reasons: Vec::new(),
        }
    }

    /// How many nodes.
    pub fn len(&self) -> usize {
        self.disc.len()
    }

    /// Whether there are no nodes.
    pub fn is_empty(&self) -> bool {
        self.disc.is_empty()
    }

    fn neighbours(&self, v: usize) -> &[usize] {
        &self.nbr[self.start[v]..self.start[v + 1]]
    }

    /// The facts of the conflict the last check found: they hold now and cannot all hold in
    /// any solution.
    pub fn conflict(&self) -> &[NodeFact] {
        &self.conflict
    }

    /// The node states the last check inferred (none after a conflict).
    pub fn inferences(&self) -> &[Inference] {
        &self.inferences
    }

    /// The facts that force an inference.
    pub fn reason(&self, inference: &Inference) -> &[NodeFact] {
        &self.reasons[inference.reason.clone()]
    }

    /// Checks a state (one entry per node): false on a conflict ([`Self::conflict`]), else
    /// true with the states it forces ([`Self::inferences`]); `articulation` also looks for
    /// open nodes that must be active (inactive ones are always looked for).
    pub fn check(&mut self, state: &[NodeState], articulation: bool) -> bool {
        debug_assert_eq!(state.len(), self.len());
        self.conflict.clear();
        self.inferences.clear();
        self.reasons.clear();
        let Some(s) = state.iter().position(|&x| x == NodeState::Active) else {
            return true; // no active node: any connected set may still come
        };
        let cuts = self.search(s, state, articulation);
        if let Some(t) = (0..self.len()).find(|&v| state[v] == NodeState::Active && !self.seen(v)) {
            self.conflict.push(NodeFact::on(s));
            self.conflict.push(NodeFact::on(t));
            self.separator_from(t, state);
            return false;
        }
        self.force_unreachable_inactive(s, state);
        for (v, child) in cuts {
            self.force_articulation_active(s, v, child, state);
        }
        true
    }

    fn seen(&self, v: usize) -> bool {
        self.disc[v] != NONE
    }

    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark.fill(0);
            self.epoch = 1;
        }
    }

    /// Depth-first search over the non-inactive nodes from `s` (lowlink, subtree sizes,
    /// witnesses); returns the open articulation points that separate an active node from
    /// `s`, each with the child whose subtree it cuts off.
    fn search(&mut self, s: usize, state: &[NodeState], articulation: bool) -> Vec<(usize, usize)> {
        self.disc.fill(NONE);
        self.order.clear();
        let mut cuts = Vec::new();
        self.next_epoch(); // marks the nodes recorded in `cuts`, to record each once
        let epoch = self.epoch;
        self.disc[s] = 0;
        self.low[s] = 0;
        self.witness[s] = s;
        self.order.push(s);
        self.stack.clear();
        self.stack.push((s, NONE, self.start[s]));
        while let Some(&(v, parent, next)) = self.stack.last() {
            if next < self.start[v + 1] {
                self.stack.last_mut().expect("non-empty").2 += 1;
                let u = self.nbr[next];
                if state[u] == NodeState::Inactive || u == parent {
                    continue;
                }
                if self.disc[u] == NONE {
                    let t = self.order.len();
                    self.disc[u] = t;
                    self.low[u] = t;
                    self.witness[u] = if state[u] == NodeState::Active {
                        u
                    } else {
                        NONE
                    };
                    self.order.push(u);
                    self.stack.push((u, v, self.start[u]));
                } else {
                    self.low[v] = self.low[v].min(self.disc[u]);
                }
                continue;
            }
            self.stack.pop();
            self.size[v] = self.order.len() - self.disc[v];
            if let Some(&(p, _, _)) = self.stack.last() {
                self.low[p] = self.low[p].min(self.low[v]);
                if self.witness[p] == NONE {
                    self.witness[p] = self.witness[v];
                }
                let cuts_off = self.low[v] >= self.disc[p] && self.witness[v] != NONE;
                if articulation && cuts_off && state[p] == NodeState::Open && self.mark[p] != epoch
                {
                    // `p` is not the root (the root is active), so the rest holds `s`.
                    cuts.push((p, v));
                    self.mark[p] = epoch;
                }
            }
        }
        cuts
    }

    /// Adds to the conflict the inactive border nodes of the reached region that `t` reaches
    /// without crossing the border first: every path from `t` into the region enters it
    /// through one of them, so they are a minimal separator.
    fn separator_from(&mut self, t: usize, state: &[NodeState]) {
        self.next_epoch();
        let epoch = self.epoch;
        self.queue.clear();
        self.queue.push(t);
        self.mark[t] = epoch;
        let mut i = 0;
        while i < self.queue.len() {
            let v = self.queue[i];
            i += 1;
            let border =
                state[v] == NodeState::Inactive && self.neighbours(v).iter().any(|&u| self.seen(u));
            if border {
                self.conflict.push(NodeFact::off(v));
                continue;
            }
            for k in self.start[v]..self.start[v + 1] {
                let u = self.nbr[k];
                if self.mark[u] != epoch {
                    self.mark[u] = epoch;
                    self.queue.push(u);
                }
            }
        }
    }

    /// Pushes the inactive neighbours of `nodes` (each once) onto the reasons.
    fn push_border(&mut self, nodes: impl Iterator<Item = usize>, state: &[NodeState]) {
        self.next_epoch();
        let epoch = self.epoch;
        for v in nodes {
            for k in self.start[v]..self.start[v + 1] {
                let u = self.nbr[k];
                if state[u] == NodeState::Inactive && self.mark[u] != epoch {
                    self.mark[u] = epoch;
                    self.reasons.push(NodeFact::off(u));
                }
            }
        }
    }

    /// Every open node outside the region of `s` is inactive: its own region of non-inactive
    /// nodes (which holds no active node, or the check would have found a conflict) is walled
    /// off from `s` by inactive nodes.
    fn force_unreachable_inactive(&mut self, s: usize, state: &[NodeState]) {
        let n = self.len();
        // Reuse `disc` to mark the regions already handled (any value but NONE).
        for start in 0..n {
            if self.seen(start) || state[start] != NodeState::Open {
                continue;
            }
            self.queue.clear();
            self.queue.push(start);
            self.disc[start] = n;
            let mut i = 0;
            while i < self.queue.len() {
                let v = self.queue[i];
                i += 1;
                for k in self.start[v]..self.start[v + 1] {
                    let u = self.nbr[k];
                    if state[u] != NodeState::Inactive && self.disc[u] == NONE {
                        self.disc[u] = n;
                        self.queue.push(u);
                    }
                }
            }
            let from = self.reasons.len();
            self.reasons.push(NodeFact::on(s));
            let region = std::mem::take(&mut self.queue);
            self.push_border(region.iter().copied(), state);
            let reason = from..self.reasons.len();
            for &v in &region {
                self.inferences.push(Inference {
                    fact: NodeFact::off(v),
                    reason: reason.clone(),
                });
            }
            self.queue = region;
        }
    }

    /// `v` must be active: without it, the subtree of `child` (which holds an active node) is
    /// cut off from `s`. The reason names the two active nodes and the inactive border of
    /// the smaller side: with `v` inactive too, that side would be walled in.
    fn force_articulation_active(&mut self, s: usize, v: usize, child: usize, state: &[NodeState]) {
        let from = self.reasons.len();
        self.reasons.push(NodeFact::on(s));
        let a = self.witness[child];
        if a != s {
            self.reasons.push(NodeFact::on(a));
        }
        let (lo, hi) = (self.disc[child], self.disc[child] + self.size[child]);
        let order = std::mem::take(&mut self.order);
        if hi - lo <= order.len() / 2 {
            self.push_border(order[lo..hi].iter().copied(), state);
        } else {
            let rest = order[..lo].iter().chain(&order[hi..]);
            self.push_border(rest.copied().filter(|&u| u != v), state);
        }
        self.order = order;
        self.inferences.push(Inference {
            fact: NodeFact::on(v),
            reason: from..self.reasons.len(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{adjacency, components};
    use crate::model::testing::Rng;
    use crate::model::Active;

    /// A random grid graph (some nodes never active) with, per mask of its nodes, whether the
    /// mask's active nodes are connected.
    struct Case {
        graph: NodeGraph,
        never: Vec<bool>,
        connected: Vec<bool>,
    }

    impl Case {
        fn new(rng: &mut Rng, h: usize, w: usize) -> Self {
            let never: Vec<bool> = (0..h * w).map(|_| rng.below(7) == 0).collect();
            let edges = crate::grid::Grid::new(h, w).edges();
            let active = never.iter().map(|&x| Active::from(!x));
            let graph = NodeGraph::new(active, &edges);
            let adj = adjacency(h * w, &edges);
            let connected = (0u32..1 << (h * w))
                .map(|m| {
                    let on = |v: usize| m >> v & 1 == 1;
                    (0..h * w).all(|v| !(on(v) && never[v])) && components(&adj, on).len() <= 1
                })
                .collect();
            Case {
                graph,
                never,
                connected,
            }
        }
        /// The masks (over every node) that agree with some facts.
        fn masks<'a>(&'a self, facts: &'a [NodeFact]) -> impl Iterator<Item = u32> + 'a {
            let n = self.never.len();
            (0u32..1 << n).filter(move |&m| {
                (0..n).all(|v| !(self.never[v] && m >> v & 1 == 1))
                    && facts.iter().all(|f| (m >> f.node & 1 == 1) == f.active)
            })
        }
        /// A random partial state: never nodes inactive, others active, inactive or open.
        fn state(&self, rng: &mut Rng) -> Vec<NodeState> {
            let open = rng.below(4); // how often a node stays open, out of 6
            (self.never.iter())
                .map(|&never| match rng.below(6) {
                    _ if never => NodeState::Inactive,
                    k if k < open => NodeState::Open,
                    k if k % 2 == 0 => NodeState::Active,
                    _ => NodeState::Inactive,
                })
                .collect()
        }
    }

    /// The state's decided nodes as facts.
    fn facts_of(state: &[NodeState]) -> Vec<NodeFact> {
        (state.iter().enumerate())
            .filter(|(_, &s)| s != NodeState::Open)
            .map(|(node, &s)| NodeFact {
                node,
                active: s == NodeState::Active,
            })
            .collect()
    }

    fn holds(state: &[NodeState], f: NodeFact) -> bool {
        state[f.node]
            == if f.active {
                NodeState::Active
            } else {
                NodeState::Inactive
            }
    }

    #[test]
    fn conflicts_and_inferences_are_sound_and_their_reasons_are_valid_clauses() {
        let mut rng = Rng::new(3);
        let (mut conflicts, mut inferred_on, mut inferred_off) = (0, 0, 0);
        for case in 0..12 {
            let (h, w) = [(2, 3), (3, 3), (3, 4), (2, 5)][case % 4];
            let c = Case::new(&mut rng, h, w);
            let mut p = ConnectedPropagator::new(&c.graph);
            for _ in 0..150 {
                let state = c.state(&mut rng);
                let now = facts_of(&state);
                let completions: Vec<u32> =
                    c.masks(&now).filter(|&m| c.connected[m as usize]).collect();
                if !p.check(&state, true) {
                    conflicts += 1;
                    assert!(completions.is_empty(), "conflict on {state:?}");
                    assert!(p.conflict().iter().all(|&f| holds(&state, f)));
                    // As a clause: no assignment with all these facts is connected.
                    assert!(c.masks(p.conflict()).all(|m| !c.connected[m as usize]));
                    continue;
                }
                if !state.contains(&NodeState::Open) {
                    assert_eq!(completions.len(), 1, "a full connected state passes");
                }
                for inf in p.inferences() {
                    if inf.fact.active {
                        inferred_on += 1;
                    } else {
                        inferred_off += 1;
                    }
                    assert_eq!(state[inf.fact.node], NodeState::Open);
                    let reason = p.reason(inf);
                    assert!(reason.iter().all(|&f| holds(&state, f)));
                    for &m in &completions {
                        assert_eq!(m >> inf.fact.node & 1 == 1, inf.fact.active, "{state:?}");
                    }
                    let mut against = reason.to_vec();
                    against.push(NodeFact {
                        active: !inf.fact.active,
                        ..inf.fact
                    });
                    assert!(
                        c.masks(&against).all(|m| !c.connected[m as usize]),
                        "reason of {inf:?} is not a valid clause on {state:?}"
                    );
                }
            }
        }
        // The random states reach every kind of outcome.
        assert!(conflicts > 50 && inferred_on > 50 && inferred_off > 50);
    }

    #[test]
    fn a_conflict_names_a_minimal_separator() {
        // 1×5 path: active at both ends, the middle inactive, the others open.
        let graph = NodeGraph::new(
            vec![crate::model::Active::Always; 5],
            &crate::grid::Grid::new(1, 5).edges(),
        );
        let mut p = ConnectedPropagator::new(&graph);
        use NodeState::*;
        assert!(!p.check(&[Active, Open, Inactive, Inactive, Active], true));
        let mut facts = p.conflict().to_vec();
        facts.sort_by_key(|f| f.node);
        // Node 3 is inactive too but not needed: node 2 alone separates 0 from 4.
        assert_eq!(
            facts,
            [NodeFact::on(0), NodeFact::off(2), NodeFact::on(4)]
                .iter()
                .copied()
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn an_open_cell_between_two_active_ones_is_inferred_active() {
        let graph = NodeGraph::new(
            vec![crate::model::Active::Always; 6],
            &crate::grid::Grid::new(2, 3).edges(),
        );
        let mut p = ConnectedPropagator::new(&graph);
        use NodeState::*;
        // A . B      the only way from A (0) to B (2) is through 1 once 3 and 5 are out.
        // x ? x
        assert!(p.check(&[Active, Open, Active, Inactive, Open, Inactive], true));
        let inferred: Vec<NodeFact> = p.inferences().iter().map(|i| i.fact).collect();
        assert_eq!(inferred, vec![NodeFact::on(1)]);
        // Without articulation points nothing is inferred here.
        assert!(p.check(&[Active, Open, Active, Inactive, Open, Inactive], false));
        assert!(p.inferences().is_empty());
    }
}
