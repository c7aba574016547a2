//! Graph constraints that a SAT solver carries as propagators inside its search (the
//! `=propagator` formulations) instead of as clauses or lazy cuts. The model keeps the graph;
//! the reasoning here works on what is known of each node during the search (active, inactive,
//! open) and knows no solver: a backend that can run propagators (batsat, see
//! `backend::theory`) maps the nodes to its literals and the facts back to clauses.

/// What this module runs, declared with the model; re-exported for the backends that run it.
pub use super::lazy::Propagated;
use super::node_graph::NodeGraph;

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

/// A node state that the constraint forces, with the facts that force it (see
/// [`ConnectedPropagator::reason`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inference {
    /// What must hold.
    pub fact: NodeFact,
    /// Where its reason lies in the reasons buffer.
    pub reason: std::ops::Range<usize>,
}

const NONE: usize = usize::MAX;

/// The next stamp of a set of marks (a node is marked when its mark equals the stamp), clearing
/// the marks when the stamps wrap around.
fn next_stamp(stamp: u32, marks: &mut [u32]) -> u32 {
    match stamp.wrapping_add(1) {
        0 => {
            marks.fill(0);
            1
        }
        next => next,
    }
}

/// The search tree of the last full check that [`ConnectedPropagator::check_changes`] builds
/// on: its root (an active node), whether articulation points are inferred, the region's
/// nodes that turned inactive since, and which full check it came from.
#[derive(Clone, Debug)]
struct Tree {
    root: usize,
    articulation: bool,
    removed: Vec<usize>,
    stamp: u64,
}

/// Where the checks stood at some moment ([`ConnectedPropagator::mark`]): the full check
/// their tree came from and how many removals had been applied to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    stamp: u64,
    removed: usize,
}

/// "The active nodes are connected" on a partial state. [`ConnectedPropagator::check`] finds
/// - a conflict: two active nodes that no path of non-inactive nodes joins; the facts are the
///   two and the inactive nodes of a minimal separator between them;
/// - inactive nodes: once a node is active, every open node that no path of non-inactive nodes
///   joins to it, because of the inactive border of its own region;
/// - active nodes: an open node whose removal (an articulation point, Tarjan's lowlink on the
///   non-inactive nodes) separates two active nodes, because of the inactive border of the
///   smaller side.
///
/// A full check takes time linear in the graph; [`ConnectedPropagator::check_changes`] builds
/// on the last one with local searches around the nodes that changed.
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
    /// The reached nodes in preorder (a subtree is a contiguous slice of it), and each one's
    /// parent in the search tree.
    order: Vec<usize>,
    parent: Vec<usize>,
    /// What [`ConnectedPropagator::check_changes`] reuses of the last check, if it found no
    /// conflict and had an active node.
    tree: Option<Tree>,
    /// Full checks and checks that built on the last one, so far (for statistics).
    full_checks: u64,
    incremental_checks: u64,
    stack: Vec<(usize, usize, usize)>,
    /// Marks for "already collected" in the current pass (`mark[v] == epoch`).
    mark: Vec<u32>,
    epoch: u32,
    /// Marks for "in the side whose border is a reason" (`side[v] == side_epoch`).
    side: Vec<u32>,
    side_epoch: u32,
    /// Marks for "in the cluster being checked" (`cluster[v] == cluster_epoch`).
    cluster: Vec<u32>,
    cluster_epoch: u32,
    /// Marks for "on the wall" of a region (`wall[v] == wall_epoch`).
    wall: Vec<u32>,
    wall_epoch: u32,
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
            parent: vec![NONE; n],
            tree: None,
            full_checks: 0,
            incremental_checks: 0,
            stack: Vec::new(),
            mark: vec![0; n],
            epoch: 0,
            side: vec![0; n],
            side_epoch: 0,
            cluster: vec![0; n],
            cluster_epoch: 0,
            wall: vec![0; n],
            wall_epoch: 0,
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

    /// How many checks searched the whole graph, and how many built on the previous one.
    pub fn check_counts(&self) -> (u64, u64) {
        (self.full_checks, self.incremental_checks)
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
        self.tree = None;
        self.full_checks += 1;
        let Some(s) = state.iter().position(|&x| x == NodeState::Active) else {
            return true; // no active node: any connected set may still come
        };
        let cuts = self.search(s, state, articulation);
        if let Some(t) = (0..self.len()).find(|&v| state[v] == NodeState::Active && !self.seen(v)) {
            self.conflict.push(NodeFact::on(s));
            self.conflict.push(NodeFact::on(t));
            self.separator_from(s, t, state);
            return false;
        }
        self.force_unreachable_inactive(s, state);
        for (v, child) in cuts {
            self.force_articulation_active(s, v, child, state);
        }
        self.tree = Some(Tree {
            root: s,
            articulation,
            removed: Vec::new(),
            stamp: self.full_checks,
        });
        true
    }

    /// Where the checks stand now, for [`Self::restore`] (`None` when the next check must
    /// search the whole graph anyway).
    pub fn mark(&self) -> Option<Mark> {
        (self.tree.as_ref()).map(|t| Mark {
            stamp: t.stamp,
            removed: t.removed.len(),
        })
    }

    /// Goes back to the checks as they stood at `mark`, for a state that is again the one
    /// checked then (the solver backtracked to it): true when the tree of that moment is still
    /// at hand (no full check since), so the next check can build on it instead of searching
    /// the whole graph; false (and the next check is a full one) otherwise.
    pub fn restore(&mut self, mark: Option<Mark>) -> bool {
        match (&mut self.tree, mark) {
            (Some(tree), Some(m)) if tree.stamp == m.stamp && tree.removed.len() >= m.removed => {
                tree.removed.truncate(m.removed);
                true
            }
            _ => {
                self.tree = None;
                false
            }
        }
    }

    /// Checks a state that extends the one of the last call (which found no conflict) by the
    /// `changed` nodes, reusing that call's search where it can: short local searches around
    /// the nodes that turned inactive inside the region show that it is still connected, or
    /// find the small regions they cut off (a conflict, or inactive nodes); each node that
    /// turned active makes the articulation points above it in the old search tree active.
    /// That misses articulation points that the new inactive nodes create (the next full
    /// check finds them) but never a conflict. Falls back to [`Self::check`] when the local
    /// searches cannot tell.
    pub fn check_changes(&mut self, state: &[NodeState], changed: &[usize]) -> bool {
        let Some(mut tree) = self.tree.take() else {
            return self.check(state, true);
        };
        self.conflict.clear();
        self.inferences.clear();
        self.reasons.clear();
        let first_removed = tree.removed.len();
        for &v in changed {
            match state[v] {
                NodeState::Inactive if self.seen(v) => tree.removed.push(v),
                NodeState::Inactive => {}
                NodeState::Active if self.seen(v) => {}
                // Active outside the region (or a node undone): start afresh.
                _ => return self.check(state, tree.articulation),
            }
        }
        if tree.removed.len() > first_removed {
            let fresh = tree.removed[first_removed..].to_vec();
            match self.split_locally(tree.root, &fresh, state) {
                None => return self.check(state, tree.articulation),
                Some(false) => {
                    // Kept: the solver backtracks next, and [`Self::restore`] trims it back.
                    self.tree = Some(tree);
                    return false;
                }
                Some(true) => {}
            }
        }
        self.incremental_checks += 1;
        if tree.articulation {
            for &v in changed {
                if state[v] == NodeState::Active {
                    self.force_ancestors_active(tree.root, v, state);
                }
            }
        }
        self.tree = Some(tree);
        true
    }

    /// Checks, cluster by cluster, the nodes of the old region that turned inactive (with
    /// `fresh` among them): see [`Self::split_around`]. `None` when a cluster's searches
    /// cannot tell; else false on a conflict.
    fn split_locally(&mut self, root: usize, fresh: &[usize], state: &[NodeState]) -> Option<bool> {
        self.cluster_epoch = next_stamp(self.cluster_epoch, &mut self.cluster);
        let epoch = self.cluster_epoch;
        let mut cluster = Vec::new();
        for &r in fresh {
            if self.cluster[r] == epoch {
                continue;
            }
            // The cluster of `r`: the old region's inactive nodes joined to it.
            cluster.clear();
            cluster.push(r);
            self.cluster[r] = epoch;
            let mut i = 0;
            while i < cluster.len() {
                let v = cluster[i];
                i += 1;
                for k in self.start[v]..self.start[v + 1] {
                    let u = self.nbr[k];
                    if state[u] == NodeState::Inactive && self.seen(u) && self.cluster[u] != epoch {
                        self.cluster[u] = epoch;
                        cluster.push(u);
                    }
                }
            }
            if !self.split_around(root, &cluster, state)? {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Whether a cluster of the old region's nodes that turned inactive keeps the region in one
    /// piece, found by bounded breadth-first searches from its non-inactive neighbours (a path
    /// of the old region through the cluster can go around it when they stay joined). A
    /// search that finishes within its budget has found a whole region: without the root it
    /// is cut off, a conflict if it holds an active node, else its open nodes are inferred
    /// inactive. `None`: the searches cannot tell (two ran out, or one ran out while the
    /// root's region finished); else false on a conflict.
    fn split_around(
        &mut self,
        root: usize,
        removed: &[usize],
        state: &[NodeState],
    ) -> Option<bool> {
        self.wall_epoch = next_stamp(self.wall_epoch, &mut self.wall);
        let target = self.wall_epoch; // marks the neighbours to join, in `wall`
        let mut targets = Vec::new();
        for &v in removed {
            for k in self.start[v]..self.start[v + 1] {
                let u = self.nbr[k];
                if state[u] != NodeState::Inactive && self.wall[u] != target {
                    self.wall[u] = target;
                    targets.push(u);
                }
            }
        }
        let budget = 64 + 16 * targets.len();
        let mut cut_off: Vec<Vec<usize>> = Vec::new();
        let (mut open_ended, mut root_cut_off) = (0, false);
        let mut joined = 0;
        for &t in &targets {
            if self.wall[t] != target {
                continue; // reached from an earlier target
            }
            self.next_epoch();
            let epoch = self.epoch;
            self.queue.clear();
            self.queue.push(t);
            self.mark[t] = epoch;
            let mut i = 0;
            while i < self.queue.len() && self.queue.len() < budget {
                let v = self.queue[i];
                i += 1;
                for k in self.start[v]..self.start[v + 1] {
                    let u = self.nbr[k];
                    if state[u] != NodeState::Inactive && self.mark[u] != epoch {
                        self.mark[u] = epoch;
                        self.queue.push(u);
                    }
                }
            }
            joined += 1;
            for &v in &self.queue {
                if self.wall[v] == target {
                    self.wall[v] = 0; // reached
                }
            }
            if i < self.queue.len() {
                open_ended += 1;
            } else if self.queue.contains(&root) {
                root_cut_off = true;
            } else {
                cut_off.push(self.queue.clone());
            }
        }
        if joined <= 1 {
            return Some(true);
        }
        if open_ended > 1 || (open_ended == 1 && root_cut_off) {
            return None;
        }
        for region in cut_off {
            let active = region
                .iter()
                .copied()
                .find(|&v| state[v] == NodeState::Active);
            let from = self.reasons.len();
            self.mark_border(region.iter().copied(), state);
            if let Some(a) = active {
                self.inferences.clear();
                self.reasons.clear();
                self.conflict.push(NodeFact::on(root));
                self.conflict.push(NodeFact::on(a));
                self.push_wall_seen_from(root, state, true);
                return Some(false);
            }
            self.reasons.push(NodeFact::on(root));
            self.push_side_border(&region, state);
            let reason = from..self.reasons.len();
            for &v in &region {
                self.inferences.push(Inference {
                    fact: NodeFact::off(v),
                    reason: reason.clone(),
                });
            }
        }
        Some(true)
    }

    /// A node `a` turned active: going up the old search tree from it until a subtree that
    /// already held an active node, every open parent that cuts the subtree off from the root
    /// must be active (the subtree's border, as in the full check, is the reason).
    fn force_ancestors_active(&mut self, root: usize, a: usize, state: &[NodeState]) {
        let mut x = a;
        while x != root && self.witness[x] == NONE {
            self.witness[x] = a;
            let p = self.parent[x];
            if self.low[x] >= self.disc[p] && p != root && state[p] == NodeState::Open {
                self.force_articulation_active(root, p, x, state);
            }
            x = p;
        }
    }

    fn seen(&self, v: usize) -> bool {
        // Nodes outside the region are marked with `disc` past the region's preorder indices.
        self.disc[v] < self.order.len()
    }

    fn next_epoch(&mut self) {
        self.epoch = next_stamp(self.epoch, &mut self.mark);
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
                    self.parent[u] = v;
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

    /// Marks as the wall the inactive neighbours of `nodes` (a region of non-inactive nodes;
    /// its other neighbours, if any, are marked by the caller).
    fn mark_border(&mut self, nodes: impl Iterator<Item = usize>, state: &[NodeState]) {
        self.wall_epoch = next_stamp(self.wall_epoch, &mut self.wall);
        let epoch = self.wall_epoch;
        for v in nodes {
            for k in self.start[v]..self.start[v + 1] {
                let u = self.nbr[k];
                if state[u] == NodeState::Inactive {
                    self.wall[u] = epoch;
                }
            }
        }
    }

    /// The wall nodes that `from` reaches without crossing the wall first, as inactive facts
    /// (to the conflict, or else to the reasons; an open wall node is left out). When the wall
    /// encloses a region, every path from `from` into it enters through one of these, so
    /// they are a minimal separator: holes inside the region and walls elsewhere stay out of
    /// the clause, which makes it stronger.
    fn push_wall_seen_from(&mut self, from: usize, state: &[NodeState], to_conflict: bool) {
        self.next_epoch();
        let (epoch, wall) = (self.epoch, self.wall_epoch);
        self.queue.clear();
        self.queue.push(from);
        self.mark[from] = epoch;
        let mut i = 0;
        while i < self.queue.len() {
            let v = self.queue[i];
            i += 1;
            if self.wall[v] == wall {
                if state[v] == NodeState::Inactive {
                    let fact = NodeFact::off(v);
                    if to_conflict {
                        self.conflict.push(fact);
                    } else {
                        self.reasons.push(fact);
                    }
                }
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

    /// Pushes onto the reasons the inactive nodes around a side (a set of nodes whose other
    /// neighbours are all inactive, but for open nodes the caller names), leaving out the holes:
    /// nodes whose every neighbour lies in the side. Any path from outside into the side
    /// enters through one of the others, so they separate it, found in time linear in the
    /// side rather than the graph (a shaded cell inside an unshaded region is such a hole).
    fn push_side_border(&mut self, side: &[usize], state: &[NodeState]) {
        self.side_epoch = next_stamp(self.side_epoch, &mut self.side);
        let epoch = self.side_epoch;
        for &v in side {
            self.side[v] = epoch;
        }
        self.next_epoch(); // marks the border nodes looked at
        let looked = self.epoch;
        for &v in side {
            for k in self.start[v]..self.start[v + 1] {
                let b = self.nbr[k];
                if state[b] != NodeState::Inactive
                    || self.side[b] == epoch
                    || self.mark[b] == looked
                {
                    continue;
                }
                self.mark[b] = looked;
                let around = &self.nbr[self.start[b]..self.start[b + 1]];
                if around.iter().any(|&u| self.side[u] != epoch) {
                    self.reasons.push(NodeFact::off(b));
                }
            }
        }
    }

    /// Adds to the conflict the smaller of two minimal separators between the reached region
    /// (of `s`) and `t`: the part of the region's inactive border that `t` sees, or the part of
    /// the border of `t`'s own region that `s` sees. A shorter clause prunes more.
    fn separator_from(&mut self, s: usize, t: usize, state: &[NodeState]) {
        let order = std::mem::take(&mut self.order);
        self.mark_border(order.iter().copied(), state);
        self.order = order;
        let from = self.conflict.len();
        self.push_wall_seen_from(t, state, true);
        let seen_from_t = self.conflict.split_off(from);
        // The region of `t`: its non-inactive nodes (in `queue` after the search).
        self.next_epoch();
        let epoch = self.epoch;
        let mut region = vec![t];
        self.mark[t] = epoch;
        let mut i = 0;
        while i < region.len() {
            let v = region[i];
            i += 1;
            for k in self.start[v]..self.start[v + 1] {
                let u = self.nbr[k];
                if state[u] != NodeState::Inactive && self.mark[u] != epoch {
                    self.mark[u] = epoch;
                    region.push(u);
                }
            }
        }
        self.mark_border(region.iter().copied(), state);
        self.push_wall_seen_from(s, state, true);
        if self.conflict.len() - from >= seen_from_t.len() {
            self.conflict.truncate(from);
            self.conflict.extend(seen_from_t);
        }
    }

    /// Every open node outside the region of `s` is inactive: its own region of non-inactive
    /// nodes (which holds no active node, or the check would have found a conflict) is walled
    /// off from `s` by inactive nodes.
    fn force_unreachable_inactive(&mut self, s: usize, state: &[NodeState]) {
        let n = self.len();
        let mut region = Vec::new();
        // Reuse `disc` to mark the regions already handled (any value but NONE).
        for start in 0..n {
            if self.disc[start] != NONE || state[start] != NodeState::Open {
                continue; // in the region of `s`, or handled already
            }
            region.clear();
            region.push(start);
            self.disc[start] = n;
            let mut i = 0;
            while i < region.len() {
                let v = region[i];
                i += 1;
                for k in self.start[v]..self.start[v + 1] {
                    let u = self.nbr[k];
                    if state[u] != NodeState::Inactive && self.disc[u] == NONE {
                        self.disc[u] = n;
                        region.push(u);
                    }
                }
            }
            let from = self.reasons.len();
            self.reasons.push(NodeFact::on(s));
            self.push_side_border(&region, state);
            let reason = from..self.reasons.len();
            for &v in &region {
                self.inferences.push(Inference {
                    fact: NodeFact::off(v),
                    reason: reason.clone(),
                });
            }
        }
    }

    /// `v` must be active: without it, the subtree of `child` (which holds an active node) is
    /// cut off from `s`. The reason names the two active nodes and the inactive border of the
    /// smaller side, the subtree or the rest of the region (its holes left out): with `v`
    /// inactive too, that side would be walled in.
    fn force_articulation_active(&mut self, s: usize, v: usize, child: usize, state: &[NodeState]) {
        let from = self.reasons.len();
        self.reasons.push(NodeFact::on(s));
        let a = self.witness[child];
        if a != s {
            self.reasons.push(NodeFact::on(a));
        }
        let (lo, hi) = (self.disc[child], self.disc[child] + self.size[child]);
        let order = std::mem::take(&mut self.order);
        if 2 * (hi - lo) <= order.len() {
            self.push_side_border(&order[lo..hi], state);
        } else {
            let mut rest: Vec<usize> = order[..lo].to_vec();
            rest.extend_from_slice(&order[hi..]);
            rest.retain(|&u| u != v);
            self.push_side_border(&rest, state);
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
                let ok = p.check(&state, true);
                if assert_sound(&c, &p, &state, ok).0 {
                    conflicts += 1;
                    continue;
                }
                if !state.contains(&NodeState::Open) {
                    let completions = (c.masks(&facts_of(&state)))
                        .filter(|&m| c.connected[m as usize])
                        .count();
                    assert_eq!(completions, 1, "a full connected state passes");
                }
                for inf in p.inferences() {
                    if inf.fact.active {
                        inferred_on += 1;
                    } else {
                        inferred_off += 1;
                    }
                }
            }
        }
        // The random states reach every kind of outcome.
        assert!(conflicts > 50 && inferred_on > 50 && inferred_off > 50);
    }

    /// Checks one outcome of a check against brute force: a conflict only when no connected
    /// completion exists, inferences that every completion has, and conflicts and reasons that
    /// are valid clauses (no assignment with their facts is connected). Returns (conflict,
    /// inferences).
    fn assert_sound(
        c: &Case,
        p: &ConnectedPropagator,
        state: &[NodeState],
        ok: bool,
    ) -> (bool, usize) {
        let completions: Vec<u32> = c
            .masks(&facts_of(state))
            .filter(|&m| c.connected[m as usize])
            .collect();
        if !ok {
            assert!(completions.is_empty(), "conflict on {state:?}");
            assert!(p.conflict().iter().all(|&f| holds(state, f)));
            assert!(c.masks(p.conflict()).all(|m| !c.connected[m as usize]));
            return (true, 0);
        }
        for inf in p.inferences() {
            assert_eq!(state[inf.fact.node], NodeState::Open);
            let reason = p.reason(inf);
            assert!(reason.iter().all(|&f| holds(state, f)));
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
        (false, p.inferences().len())
    }

    #[test]
    fn checks_that_build_on_the_last_one_are_sound_too() {
        // Random runs of growing states, as a solver's trail grows: a full check, then checks
        // of the nodes assigned since (the inferences applied first, as the solver does, or
        // not), until a conflict or a full state.
        let mut rng = Rng::new(9);
        let (mut conflicts, mut inferred, mut full, mut incremental) = (0, 0, 0, 0);
        for case in 0..16 {
            let (h, w) = [(3, 3), (3, 4), (2, 5), (4, 3)][case % 4];
            let c = Case::new(&mut rng, h, w);
            let mut p = ConnectedPropagator::new(&c.graph);
            for _ in 0..40 {
                let mut state: Vec<NodeState> = (c.never.iter())
                    .map(|&never| {
                        if never {
                            NodeState::Inactive
                        } else {
                            NodeState::Open
                        }
                    })
                    .collect();
                let mut ok = p.check(&state, true);
                loop {
                    let (conflict, n) = assert_sound(&c, &p, &state, ok);
                    conflicts += conflict as usize;
                    inferred += n;
                    if conflict {
                        break;
                    }
                    let mut changed = Vec::new();
                    if rng.below(2) == 0 {
                        for inf in p.inferences() {
                            if state[inf.fact.node] == NodeState::Open {
                                state[inf.fact.node] = if inf.fact.active {
                                    NodeState::Active
                                } else {
                                    NodeState::Inactive
                                };
                                changed.push(inf.fact.node);
                            }
                        }
                    }
                    let open: Vec<usize> = (0..state.len())
                        .filter(|&v| state[v] == NodeState::Open)
                        .collect();
                    if open.is_empty() && changed.is_empty() {
                        break;
                    }
                    for _ in 0..=rng.below(3) {
                        if open.is_empty() {
                            break;
                        }
                        let v = open[rng.below(open.len() as u64) as usize];
                        if state[v] == NodeState::Open {
                            state[v] = if rng.below(3) == 0 {
                                NodeState::Active
                            } else {
                                NodeState::Inactive
                            };
                            changed.push(v);
                        }
                    }
                    ok = p.check_changes(&state, &changed);
                }
            }
            full += p.check_counts().0;
            incremental += p.check_counts().1;
        }
        eprintln!(
            "{conflicts} conflicts, {inferred} inferred, {full} full, {incremental} incremental"
        );
        assert!(conflicts > 100 && inferred > 100 && incremental > 100);
    }

    #[test]
    fn checks_after_a_backtrack_build_on_the_restored_tree_and_miss_no_conflict() {
        // As a solver does: states grow level by level, each level's mark kept; now and then
        // the state goes back to an earlier level's and the propagator is restored to its mark.
        // Every later check stays sound, and finds every conflict a full check finds.
        let mut rng = Rng::new(17);
        let (mut restored, mut conflicts) = (0, 0);
        for case in 0..16 {
            let (h, w) = [(3, 3), (3, 4), (2, 5), (4, 3)][case % 4];
            let c = Case::new(&mut rng, h, w);
            let mut p = ConnectedPropagator::new(&c.graph);
            let start: Vec<NodeState> = (c.never.iter())
                .map(|&never| match never {
                    true => NodeState::Inactive,
                    false => NodeState::Open,
                })
                .collect();
            for _ in 0..30 {
                let mut state = start.clone();
                let mut ok = p.check(&state, true);
                let mut levels: Vec<(Vec<NodeState>, Option<Mark>)> = Vec::new();
                loop {
                    let mut fresh = ConnectedPropagator::new(&c.graph);
                    assert_eq!(ok, fresh.check(&state, true), "{state:?}");
                    let (conflict, _) = assert_sound(&c, &p, &state, ok);
                    let open: Vec<usize> = (0..state.len())
                        .filter(|&v| state[v] == NodeState::Open)
                        .collect();
                    let changed = if conflict || open.is_empty() {
                        conflicts += usize::from(conflict);
                        // Back to an earlier level, as after a conflict.
                        if levels.is_empty() || rng.below(4) == 0 {
                            break;
                        }
                        let back = rng.below(levels.len() as u64) as usize;
                        let (old, mark) = levels[back].clone();
                        levels.truncate(back);
                        state = old;
                        if !p.restore(mark) {
                            ok = p.check(&state, true);
                            continue;
                        }
                        restored += 1;
                        Vec::new()
                    } else {
                        // The inferences first, as the solver applies them, then a decision.
                        let mut changed = Vec::new();
                        for inf in p.inferences() {
                            if state[inf.fact.node] == NodeState::Open {
                                state[inf.fact.node] = match inf.fact.active {
                                    true => NodeState::Active,
                                    false => NodeState::Inactive,
                                };
                                changed.push(inf.fact.node);
                            }
                        }
                        if changed.is_empty() {
                            levels.push((state.clone(), p.mark()));
                            let v = open[rng.below(open.len() as u64) as usize];
                            state[v] = match rng.below(3) {
                                0 => NodeState::Active,
                                _ => NodeState::Inactive,
                            };
                            changed.push(v);
                        }
                        changed
                    };
                    ok = p.check_changes(&state, &changed);
                }
            }
        }
        assert!(
            restored > 100 && conflicts > 100,
            "{restored} restored, {conflicts} conflicts"
        );
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
        // Nodes 2 and 3 are both inactive, but either alone separates 0 from 4 (on a tie the
        // part of the border of 0's region that 4 sees is kept).
        assert_eq!(
            facts,
            [NodeFact::on(0), NodeFact::off(2), NodeFact::on(4)].to_vec()
        );
    }

    #[test]
    fn a_reason_leaves_out_the_holes_of_the_walled_in_region() {
        // A # . . .      the open region right of the wall is cut off from A, so inactive;
        // A # . # .      its reason names A and the wall, not the hole in its middle (r2c4),
        // A # . . .      which no path from A can reach first.
        let graph = NodeGraph::new(
            vec![crate::model::Active::Always; 15],
            &crate::grid::Grid::new(3, 5).edges(),
        );
        let mut p = ConnectedPropagator::new(&graph);
        use NodeState::*;
        let wall = [1, 6, 11, 8];
        let state: Vec<NodeState> = (0..15)
            .map(|v| match v % 5 {
                0 => Active,
                _ if wall.contains(&v) => Inactive,
                _ => Open,
            })
            .collect();
        assert!(p.check(&state, true));
        let inf = &p.inferences()[0];
        assert!(!inf.fact.active);
        let mut reason = p.reason(inf).to_vec();
        reason.sort_by_key(|f| f.node);
        let expected = [
            NodeFact::on(0),
            NodeFact::off(1),
            NodeFact::off(6),
            NodeFact::off(11),
        ];
        assert_eq!(reason, expected.to_vec());
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
