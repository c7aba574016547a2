//! "The active nodes of a graph form one connected region" (optionally around a known root) and
//! "every active node reaches an active root", in three formulations: lazy cuts with a minimal
//! separator, distance labels on a spanning tree (complete, every backend) and single-commodity
//! flow (complete, MIP). Nodes are the caller's own ids (e.g. every cell of a grid); a node that
//! can never be active costs nothing. The tree and flow builders here also serve the single
//! loop ([`super::loops`]), where the arcs are gated by edge literals instead of nodes.

use super::active::{add_at_most_one, add_clause, add_exactly_one};
use super::{
    Active, Assignment, Constraint, Cut, Justification, LazyConstraint, LinExpr, Lit, Meaning,
    Model, NamedConstraint, Var,
};
use crate::graph::components;

/// Where the connectivity constraints are stated, re-exported for their callers.
pub use super::node_graph::NodeGraph;

/// Which connectivity formulation to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectivityEncoding {
    /// Cuts added when a candidate's active nodes fall apart.
    Lazy,
    /// Root = the known root or the first active node; every other active node has an active
    /// parent with a smaller integer label (order-encoded clauses in CNF, a big-M row in MIP).
    Tree,
    /// The root supplies one unit of flow to every active node along active nodes.
    Flow,
    /// No clauses: a propagator inside the SAT solver's search (batsat only) raises conflicts
    /// and infers nodes as the search goes ([`super::propagator::ConnectedPropagator`]).
    Propagator,
}

impl crate::formulation::Choice for ConnectivityEncoding {
    const VALUES: &'static [crate::formulation::Value] = &[
        crate::formulation::Value::lazy(
            "lazy",
            "cuts in a loop: solve, find the components, cut, solve again",
        ),
        crate::formulation::Value::complete(
            "tree",
            "complete: spanning tree with increasing labels (every backend, export)",
        ),
        crate::formulation::Value::complete(
            "flow",
            "complete: single-commodity flow with integer arc flows (MIP only: as CNF it would run to gigabytes)",
        ),
        crate::formulation::Value::in_solver(
            "propagator",
            "a propagator inside batsat's search: conflicts at walled-off regions, articulation points inferred (batsat only)",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "lazy" => Some(ConnectivityEncoding::Lazy),
            "tree" => Some(ConnectivityEncoding::Tree),
            "flow" => Some(ConnectivityEncoding::Flow),
            "propagator" => Some(ConnectivityEncoding::Propagator),
            _ => None,
        }
    }
}

/// Adds "the active nodes form one connected region" to the model. With `root: Some(r)`, node r
/// is active and every active node is connected to it; with `None` no active node at all is
/// allowed too (and an always-active node, if any, serves as the root).
pub fn add_connected(
    model: &mut Model,
    name: &str,
    graph: NodeGraph,
    root: Option<usize>,
    encoding: ConnectivityEncoding,
) {
    if let Some(r) = root {
        add_clause(
            model,
            format!("{name} root {} active", graph.name(r)),
            [graph.active[r]],
        );
    }
    let root = root.or_else(|| graph.first_always());
    let candidates = graph.active.iter().filter(|a| !a.is_never()).count();
    if candidates <= 1 {
        return;
    }
    add_connectivity(model, name, graph, root, encoding);
}

/// Adds "every active node is connected through active nodes to an active root" to the model:
/// each root is active when its node is (it may be always active); with no active root no
/// node is active.
pub fn add_reaches_root(
    model: &mut Model,
    name: &str,
    graph: &NodeGraph,
    roots: &[usize],
    encoding: ConnectivityEncoding,
) {
    // One virtual node, always active, adjacent to every root: an active node reaches an active
    // root exactly when it is connected to the virtual node.
    let n = graph.len();
    let mut extended = graph.clone();
    extended.active.push(Active::Always);
    extended.names.push("roots".to_string());
    extended.adj.push(Vec::new());
    for &r in roots {
        if !graph.active[r].is_never() && !extended.adj[n].contains(&r) {
            extended.adj[n].push(r);
            extended.adj[r].push(n);
        }
    }
    add_connectivity(model, name, extended, Some(n), encoding);
}

/// Adds the cuts any connected set of three or more active nodes keeps: no active node, and
/// no active pair of neighbours, has all its other neighbours inactive. Sound only when the
/// caller knows at least three nodes end up active; the lazy loop would otherwise find these
/// small cuts one by one, round after round.
pub fn add_no_small_islands(model: &mut Model, name: &str, graph: &NodeGraph) {
    let active = |v: usize| graph.active[v];
    for v in 0..graph.len() {
        let around = graph.adj[v].iter().map(|&u| active(u));
        let clause = std::iter::once(!active(v)).chain(around);
        // (`concat`, not `format!`: on a small puzzle these names are a tenth of the run.)
        add_clause(model, [name, " no lone ", graph.name(v)].concat(), clause);
        for &u in graph.adj[v].iter().filter(|&&u| u > v) {
            let around = graph.adj[v].iter().chain(&graph.adj[u]);
            let others = around.filter(|&&x| x != u && x != v).map(|&x| active(x));
            let clause = [!active(v), !active(u)].into_iter().chain(others);
            let pair = [name, " no lone pair ", graph.name(v), "-", graph.name(u)].concat();
            add_clause(model, pair, clause);
        }
    }
}

fn add_connectivity(
    model: &mut Model,
    name: &str,
    graph: NodeGraph,
    root: Option<usize>,
    encoding: ConnectivityEncoding,
) {
    if encoding == ConnectivityEncoding::Lazy {
        model.add_lazy(ConnectedCut {
            name: name.to_string(),
            graph,
            root,
        });
        return;
    }
    if encoding == ConnectivityEncoding::Propagator {
        // The propagator's conflicts name at least one literal; two always-active nodes that no
        // path joins are a conflict without one, so it is stated here.
        let always = |v: usize| graph.active[v] == Active::Always;
        let comps = components(&graph.adj, |v| !graph.active[v].is_never());
        if comps
            .iter()
            .filter(|c| c.iter().any(|&v| always(v)))
            .count()
            > 1
        {
            model.add(
                format!("{name} always-active nodes apart"),
                Constraint::clause([]),
            );
        }
        model.add_propagated(super::Propagated::Connected {
            name: name.to_string(),
            graph,
        });
        return;
    }
    let graph = &graph;
    let is_root = root_choice(model, name, &graph.names, &graph.active, root);
    let links: Vec<Link> = (0..graph.len())
        .flat_map(|v| {
            graph.adj[v].iter().map(move |&u| Link {
                from: u,
                to: v,
                gates: vec![graph.active[u], graph.active[v]],
            })
        })
        .collect();
    let net = Net {
        prefix: name,
        names: &graph.names,
        active: &graph.active,
        is_root: &is_root,
        links: &links,
    };
    match encoding {
        ConnectivityEncoding::Tree => add_tree(model, &net),
        _ => add_flow(model, &net),
    }
}

/// A directed arc a parent or a flow may use, only when every gate holds.
#[derive(Clone, Debug)]
pub(super) struct Link {
    pub from: usize,
    pub to: usize,
    pub gates: Vec<Active>,
}

/// What the complete formulations connect: node activity, which node may be the root, and the
/// arcs between nodes.
pub(super) struct Net<'a> {
    pub prefix: &'a str,
    pub names: &'a [String],
    pub active: &'a [Active],
    /// `Always` at a known root, a literal per node for "first active node", `Never` elsewhere.
    pub is_root: &'a [Active],
    pub links: &'a [Link],
}

impl Net<'_> {
    /// The nodes that can be active.
    fn candidates(&self) -> usize {
        self.active.iter().filter(|a| !a.is_never()).count()
    }
    /// Whether an arc can ever carry a parent or flow.
    fn usable(&self, link: &Link) -> bool {
        !self.active[link.from].is_never()
            && !self.active[link.to].is_never()
            && self.is_root[link.to] != Active::Always
            && !link.gates.contains(&Active::Never)
    }
}

/// Which node is the root: the known one (or the first always-active node), else the first
/// active node in id order, through a prefix chain "no active node before v".
pub(super) fn root_choice(
    model: &mut Model,
    name: &str,
    names: &[String],
    active: &[Active],
    fixed: Option<usize>,
) -> Vec<Active> {
    let fixed = fixed.or_else(|| active.iter().position(|&a| a == Active::Always));
    if let Some(r) = fixed {
        return (0..active.len()).map(|v| Active::from(v == r)).collect();
    }
    let mut roots = vec![Active::Never; active.len()];
    let candidates: Vec<(usize, Lit)> = active
        .iter()
        .enumerate()
        .filter_map(|(v, a)| a.lit().map(|l| (v, l)))
        .collect();
    let mut none_before: Option<Lit> = None; // None: nothing before the first candidate
    for (i, &(v, a)) in candidates.iter().enumerate() {
        let root = model.new_bool(format!("{name} root[{}]", names[v])).lit();
        let def = format!("{name} root[{}] def", names[v]);
        // root ⇔ a ∧ none_before
        model.add(def.clone(), Constraint::implies(root, a));
        match none_before {
            None => model.add(def, Constraint::implies(a, root)),
            Some(p) => {
                model.add(def.clone(), Constraint::implies(root, p));
                model.add(def, Constraint::clause([!p, !a, root]));
            }
        }
        if i + 1 < candidates.len() {
            let next_name = names[candidates[i + 1].0].as_str();
            let next = model
                .new_bool(format!("{name} none_active_before[{next_name}]"))
                .lit();
            let def = format!("{name} prefix[{next_name}]");
            // next ⇔ none_before ∧ ¬a
            model.add(def.clone(), Constraint::implies(next, !a));
            match none_before {
                None => model.add(def, Constraint::clause([a, next])),
                Some(p) => {
                    model.add(def.clone(), Constraint::implies(next, p));
                    model.add(def, Constraint::clause([!p, a, next]));
                }
            }
            none_before = Some(next);
        }
        roots[v] = Active::When(root);
    }
    roots
}

/// Spanning tree with increasing labels: every active node but the root has exactly one parent
/// over a usable arc, with a strictly smaller label. Following parents never cycles and must end
/// at the only node allowed to lack a parent, the root; a BFS tree shows every connected
/// assignment extends. Labels stay below the number of candidate nodes.
pub(super) fn add_tree(model: &mut Model, net: &Net) {
    let n = net.active.len();
    let name = net.prefix;
    let hi = net.candidates() as i64 - 1;
    // With a known root (label 0, no variable) every other label is at least 1, so arcs out
    // of the root need no label constraint.
    let known_root = net.is_root.contains(&Active::Always);
    let lo = i64::from(known_root);
    let labels: Vec<Option<Var>> = (0..n)
        .map(|v| {
            (!net.active[v].is_never() && net.is_root[v] != Active::Always)
                .then(|| model.new_int(format!("{name} label[{}]", net.names[v]), lo, hi.max(lo)))
        })
        .collect();
    let mut into: Vec<Vec<(usize, Var)>> = vec![Vec::new(); n];
    for link in net.links.iter().filter(|l| net.usable(l)) {
        let (u, v) = (link.from, link.to);
        let arc = format!("{name} parent[{}->{}]", net.names[u], net.names[v]);
        let p = model.new_bool(arc.clone());
        for &gate in &link.gates {
            add_clause(model, arc.clone(), [!Active::from(p), gate]);
        }
        let high = labels[v].expect("a usable arc ends at a labelled node");
        if let Some(low) = labels[u] {
            model.add_greater_if(arc, p.lit(), high, low, 1);
        }
        into[v].push((u, p));
    }
    for v in (0..n).filter(|&v| !net.active[v].is_never()) {
        // Exactly one of: inactive, the root, one parent. "At least one" alone is complete;
        // "exactly" makes the arcs a tree, which removes symmetric choices for SAT and gives
        // MIP the row (1 − active) + root + Σ parent = 1 instead of a weak covering row.
        let mut choices = vec![!net.active[v], net.is_root[v]];
        choices.extend(into[v].iter().map(|&(_, p)| Active::from(p)));
        add_exactly_one(model, format!("{name} reach[{}]", net.names[v]), choices);
        for &(u, p) in into[v].iter().filter(|&&(u, _)| u < v) {
            if let Some(&(_, q)) = into[u].iter().find(|&&(w, _)| w == v) {
                // Implied by the labels, but big-M rows do not show it to an LP relaxation.
                add_at_most_one(
                    model,
                    format!("{name} one direction[{}-{}]", net.names[u], net.names[v]),
                    [p.into(), q.into()],
                );
            }
        }
    }
}

/// Single-commodity flow: the root supplies one unit to every active node, flow runs only over
/// usable arcs whose gates hold. Integer flows; meant for MIP.
pub(super) fn add_flow(model: &mut Model, net: &Net) {
    let n = net.active.len();
    let name = net.prefix;
    let m = net.candidates() as i64;
    let mut balance: Vec<LinExpr> = vec![LinExpr::new(); n];
    for v in (0..n).filter(|&v| !net.active[v].is_never() && !net.is_root[v].is_never()) {
        let supply = model.new_int(format!("{name} supply[{}]", net.names[v]), 0, m);
        if let Active::When(root) = net.is_root[v] {
            // Only the root supplies.
            let mut cap = LinExpr::from(supply);
            cap.add_lit(-m, root);
            model.add(
                format!("{name} supply[{}] root only", net.names[v]),
                cap.leq(0),
            );
        }
        balance[v].add_term(1, supply);
    }
    if m > 1 {
        for link in net.links.iter().filter(|l| net.usable(l)) {
            let (u, v) = (link.from, link.to);
            let arc = format!("{name} flow[{}->{}]", net.names[u], net.names[v]);
            let f = model.new_int(arc.clone(), 0, m - 1);
            for gate in link.gates.iter().filter_map(|g| g.lit()) {
                let mut cap = LinExpr::from(f);
                cap.add_lit(-(m - 1), gate);
                model.add(format!("{arc} cap"), cap.leq(0));
            }
            balance[v].add_term(1, f);
            balance[u].add_term(-1, f);
        }
    }
    for (v, mut bal) in balance.into_iter().enumerate() {
        if net.active[v].is_never() {
            continue;
        }
        // Supply + inflow − outflow = 1 at an active node, 0 elsewhere.
        bal.add_active(-1, net.active[v]);
        model.add(format!("{name} balance[{}]", net.names[v]), bal.eq(0));
    }
}

/// The nodes a cut must name to separate `comp` from `target`: of the inactive neighbours N(C)
/// of the component, those the target reaches without crossing N(C) first (the target itself
/// if it lies in N(C)). Every path from the target into C enters N(C) at one of them, so the
/// set is a minimal separator and gives the strongest cut of this shape.
pub(super) fn separator(
    adj: &[Vec<usize>],
    comp: &[usize],
    target: usize,
    in_comp: &mut [bool],
) -> Vec<usize> {
    for &v in comp {
        in_comp[v] = true;
    }
    let mut border = vec![false; adj.len()];
    for &v in comp {
        for &u in &adj[v] {
            border[u] = !in_comp[u];
        }
    }
    let mut reached = vec![false; adj.len()];
    let mut stack = vec![target];
    reached[target] = true;
    while let Some(v) = stack.pop() {
        if border[v] {
            continue;
        }
        for &u in &adj[v] {
            if !reached[u] {
                reached[u] = true;
                stack.push(u);
            }
        }
    }
    for &v in comp {
        in_comp[v] = false;
    }
    (0..adj.len())
        .filter(|&u| border[u] && reached[u])
        .collect()
}

/// Each undirected edge of adjacency lists once, as `(smaller, larger)`.
pub(super) fn edge_list(adj: &[Vec<usize>]) -> Vec<(usize, usize)> {
    (adj.iter().enumerate())
        .flat_map(|(v, list)| list.iter().filter(move |&&u| u > v).map(move |&u| (v, u)))
        .collect()
}

/// The lazy connectivity constraint. For each component C of the candidate's active nodes that
/// misses the root (or, without a root, each component when there are several), with s ∈ C and
/// t the root (or an active node of another component), the cut
/// `¬active(s) [∨ ¬active(t)] ∨ ⋁_{u ∈ S} active(u)` over a minimal separator S between C and t.
#[derive(Clone, Debug)]
pub struct ConnectedCut {
    name: String,
    graph: NodeGraph,
    root: Option<usize>,
}

impl LazyConstraint for ConnectedCut {
    fn name(&self) -> &str {
        &self.name
    }
    fn meaning(&self) -> Option<Meaning> {
        let g = &self.graph;
        Some(Meaning::Connected {
            active: g.active.clone(),
            edges: edge_list(&g.adj),
            root: self.root,
            names: g.names.clone(),
        })
    }
    fn justified_cuts(&self, a: &Assignment) -> Vec<Cut> {
        let g = &self.graph;
        let comps = components(&g.adj, |v| g.active[v].holds(a));
        let mut in_comp = vec![false; g.len()];
        let mut cuts = Vec::new();
        for (i, comp) in comps.iter().enumerate() {
            let s = comp[0];
            let (target, target_lit) = match self.root {
                Some(r) if comp.binary_search(&r).is_ok() => continue,
                Some(r) => (r, Active::Never),
                None if comps.len() == 1 => break,
                None => {
                    let t = comps[if i == 0 { 1 } else { 0 }][0];
                    (t, !g.active[t])
                }
            };
            let cut = separator(&g.adj, comp, target, &mut in_comp);
            let clause = [!g.active[s], target_lit]
                .into_iter()
                .chain(cut.iter().map(|&u| g.active[u]));
            if let Some(clause) = super::active::clause_of(clause) {
                let name = format!(
                    "{} cut: component of {} (size {})",
                    self.name,
                    g.name(s),
                    comp.len()
                );
                cuts.push(Cut {
                    constraint: NamedConstraint::new(name, clause),
                    why: Some(Justification::Separator {
                        from: s,
                        to: target,
                        separator: cut,
                    }),
                });
            }
        }
        cuts
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::graph::adjacency;
    use crate::model::testing::{satisfiable_projections, Rng};
    use std::collections::BTreeSet;

    /// Brute force: the subsets of a small grid whose active cells are connected (or empty).
    fn connected_subsets(h: usize, w: usize) -> BTreeSet<u64> {
        let adj = adjacency(h * w, &crate::grid::Grid::new(h, w).edges());
        (0u64..1 << (h * w))
            .filter(|&m| components(&adj, |v| m >> v & 1 == 1).len() <= 1)
            .collect()
    }

    /// Every value of the node literals for which a complete encoding is satisfiable.
    fn satisfiable_subsets(h: usize, w: usize, enc: ConnectivityEncoding) -> BTreeSet<u64> {
        let mut m = Model::new();
        let nodes: Vec<Var> = (0..h * w).map(|i| m.new_bool(format!("n{i}"))).collect();
        let graph = NodeGraph::new(
            nodes.iter().map(|&v| v.into()),
            &crate::grid::Grid::new(h, w).edges(),
        );
        add_connected(&mut m, "conn", graph.clone(), None, enc);
        satisfiable_projections(&m, &nodes)
    }

    #[test]
    fn tree_encoding_accepts_exactly_the_connected_subsets() {
        for (h, w) in [(1, 4), (2, 3), (3, 3)] {
            assert_eq!(
                satisfiable_subsets(h, w, ConnectivityEncoding::Tree),
                connected_subsets(h, w),
                "{h}x{w}"
            );
        }
    }

    #[test]
    fn propagator_accepts_exactly_the_connected_subsets() {
        for (h, w) in [(1, 4), (2, 3), (3, 3), (3, 4)] {
            assert_eq!(
                satisfiable_subsets(h, w, ConnectivityEncoding::Propagator),
                connected_subsets(h, w),
                "{h}x{w}"
            );
        }
    }

    #[test]
    fn flow_encoding_accepts_exactly_the_connected_subsets() {
        for (h, w) in [(1, 3), (2, 2), (2, 3)] {
            assert_eq!(
                satisfiable_subsets(h, w, ConnectivityEncoding::Flow),
                connected_subsets(h, w),
                "{h}x{w}"
            );
        }
    }

    #[test]
    fn lazy_cuts_never_remove_a_connected_subset() {
        // For every disconnected candidate, each cut is violated by it and satisfied by every
        // connected subset.
        let (h, w) = (3, 3);
        let mut m = Model::new();
        let nodes: Vec<Var> = (0..h * w).map(|i| m.new_bool(format!("n{i}"))).collect();
        let graph = NodeGraph::new(
            nodes.iter().map(|&v| v.into()),
            &crate::grid::Grid::new(h, w).edges(),
        );
        add_connected(
            &mut m,
            "conn",
            graph.clone(),
            None,
            ConnectivityEncoding::Lazy,
        );
        let connected = connected_subsets(h, w);
        let value = |mask: u64| Assignment {
            values: (0..h * w).map(|i| (mask >> i & 1) as i64).collect(),
        };
        for mask in 0u64..1 << (h * w) {
            let cuts = m.lazy[0].cuts(&value(mask));
            assert_eq!(
                cuts.is_empty(),
                connected.contains(&mask),
                "mask {mask:09b}"
            );
            for cut in &cuts {
                assert!(!cut.constraint.holds(|v| value(mask).value(v)));
                for &ok in &connected {
                    assert!(cut.constraint.holds(|v| value(ok).value(v)), "{}", cut.name);
                }
            }
        }
    }

    /// A random small graph problem: a grid whose nodes are never, sometimes or always active.
    pub(crate) struct RandomNodes {
        pub model: Model,
        /// The free node variables, in node order.
        pub vars: Vec<Var>,
        pub active: Vec<Active>,
        pub edges: Vec<(usize, usize)>,
    }

    impl RandomNodes {
        /// An `h × w` grid where each node is never active with probability 1/6, always active
        /// with probability `always`/6, and free otherwise.
        pub fn grid(rng: &mut Rng, h: usize, w: usize, always: u64) -> Self {
            let mut model = Model::new();
            let mut vars = Vec::new();
            let active = (0..h * w)
                .map(|i| match rng.below(6) {
                    0 => Active::Never,
                    k if k <= always => Active::Always,
                    _ => {
                        let v = model.new_bool(format!("n{i}"));
                        vars.push(v);
                        v.into()
                    }
                })
                .collect();
            RandomNodes {
                model,
                vars,
                active,
                edges: crate::grid::Grid::new(h, w).edges(),
            }
        }
        /// The activity as one character per node: `.` never, `?` free, `#` always.
        pub fn sketch(&self) -> String {
            self.active
                .iter()
                .map(|a| match a {
                    Active::Never => '.',
                    Active::When(_) => '?',
                    Active::Always => '#',
                })
                .collect()
        }
        pub fn graph(&self) -> NodeGraph {
            NodeGraph::new(self.active.iter().copied(), &self.edges)
        }
        /// Which nodes are active when the free variables take the bits of `mask`.
        pub fn nodes_of(&self, mask: u64) -> Vec<bool> {
            let mut free = 0;
            self.active
                .iter()
                .map(|&a| match a {
                    Active::Never => false,
                    Active::Always => true,
                    Active::When(_) => {
                        free += 1;
                        mask >> (free - 1) & 1 == 1
                    }
                })
                .collect()
        }
        /// The model's assignment of the free variables for a mask (auxiliaries left at 0).
        pub fn assignment(&self, mask: u64) -> Assignment {
            let mut values = vec![0; self.model.vars.len()];
            for (i, v) in self.vars.iter().enumerate() {
                values[v.index()] = (mask >> i & 1) as i64;
            }
            Assignment { values }
        }
        pub fn masks(&self) -> std::ops::Range<u64> {
            0..1 << self.vars.len()
        }
    }

    /// Checks a lazy constraint against brute force on every candidate the eager part allows:
    /// no cut exactly on the valid masks, and each cut violated by its candidate and satisfied
    /// by every valid mask.
    pub(crate) fn check_lazy(
        model: &Model,
        masks: impl Iterator<Item = u64>,
        assignment: impl Fn(u64) -> Assignment,
        valid: &BTreeSet<u64>,
    ) {
        let valid_assignments: Vec<Assignment> = valid.iter().map(|&m| assignment(m)).collect();
        for mask in masks {
            let a = assignment(mask);
            if model.first_violation(&a).is_some() {
                continue;
            }
            let cuts: Vec<NamedConstraint> = model.lazy.iter().flat_map(|l| l.cuts(&a)).collect();
            assert_eq!(cuts.is_empty(), valid.contains(&mask), "mask {mask:b}");
            // Every cut's justification passes the independent check.
            for lazy in &model.lazy {
                let meaning = lazy
                    .meaning()
                    .expect("a core lazy constraint has a meaning");
                for cut in lazy.justified_cuts(&a) {
                    let why = cut.why.expect("a core cut is justified");
                    let checked =
                        crate::certify::cuts::check_cut(&meaning, &cut.constraint.constraint, &why);
                    assert_eq!(checked, Ok(()), "{} ({why:?})", cut.constraint.name);
                }
            }
            for cut in &cuts {
                assert!(!cut.constraint.holds(|v| a.value(v)), "{}", cut.name);
                for ok in &valid_assignments {
                    assert!(cut.constraint.holds(|v| ok.value(v)), "{}", cut.name);
                }
            }
        }
    }

    /// Brute force of `add_connected`: the masks whose active nodes are connected and contain
    /// the root (when given; any set, the empty one included, otherwise).
    fn brute_connected(p: &RandomNodes, root: Option<usize>) -> BTreeSet<u64> {
        let adj = adjacency(p.active.len(), &p.edges);
        p.masks()
            .filter(|&mask| {
                let on = p.nodes_of(mask);
                let comps = components(&adj, |v| on[v]);
                match root {
                    Some(r) => on[r] && comps.len() == 1,
                    None => comps.len() <= 1,
                }
            })
            .collect()
    }

    /// Brute force of `add_reaches_root`: every active node's component holds an active root.
    fn brute_reaches(p: &RandomNodes, roots: &[usize]) -> BTreeSet<u64> {
        let adj = adjacency(p.active.len(), &p.edges);
        p.masks()
            .filter(|&mask| {
                let on = p.nodes_of(mask);
                components(&adj, |v| on[v])
                    .iter()
                    .all(|c| c.iter().any(|v| roots.contains(v)))
            })
            .collect()
    }

    const ENCODINGS: [ConnectivityEncoding; 4] = [
        ConnectivityEncoding::Lazy,
        ConnectivityEncoding::Tree,
        ConnectivityEncoding::Flow,
        ConnectivityEncoding::Propagator,
    ];

    /// Builds one instance with each encoding and compares it with brute force: complete
    /// encodings and the propagator (inside batsat) by their satisfiable projections, the lazy
    /// one by its cuts.
    fn check_all_encodings(
        p: &RandomNodes,
        build: impl Fn(&mut Model, &NodeGraph, ConnectivityEncoding),
        valid: &BTreeSet<u64>,
        what: &str,
    ) {
        for enc in ENCODINGS {
            if enc == ConnectivityEncoding::Flow && p.active.len() > 9 {
                continue; // integer flows as CNF: enumerating bigger graphs takes minutes
            }
            let mut m = p.model.clone();
            build(&mut m, &p.graph(), enc);
            if enc == ConnectivityEncoding::Lazy {
                assert!(!m.is_complete());
                check_lazy(&m, p.masks(), |mask| p.assignment(mask), valid);
            } else {
                let propagated = enc == ConnectivityEncoding::Propagator;
                assert_eq!(m.is_complete(), !propagated || m.propagated.is_empty());
                let got = satisfiable_projections(&m, &p.vars);
                assert_eq!(&got, valid, "{what} {enc:?}");
            }
        }
    }

    #[test]
    fn connected_with_optional_root_matches_brute_force() {
        let mut rng = Rng::new(7);
        for case in 0..24 {
            let (h, w) = [(2, 3), (3, 3), (1, 5), (3, 4)][case % 4];
            let p = RandomNodes::grid(&mut rng, h, w, if case % 3 == 0 { 1 } else { 0 });
            let root = (case % 2 == 0).then(|| rng.below((h * w) as u64) as usize);
            let valid = brute_connected(&p, root);
            let what = format!("case {case}: {h}x{w} {} root {root:?}", p.sketch());
            check_all_encodings(
                &p,
                |m, g, enc| add_connected(m, "conn", g.clone(), root, enc),
                &valid,
                &what,
            );
        }
    }

    #[test]
    fn every_active_node_reaching_a_root_matches_brute_force() {
        let mut rng = Rng::new(11);
        for case in 0..24 {
            let (h, w) = [(2, 3), (3, 3), (1, 5), (3, 4)][case % 4];
            let p = RandomNodes::grid(&mut rng, h, w, 1);
            let roots: Vec<usize> = (0..case % 4)
                .map(|_| rng.below((h * w) as u64) as usize)
                .collect();
            let valid = brute_reaches(&p, &roots);
            let what = format!("case {case}: {h}x{w} {} roots {roots:?}", p.sketch());
            check_all_encodings(
                &p,
                |m, g, enc| add_reaches_root(m, "reach", g, &roots, enc),
                &valid,
                &what,
            );
        }
    }

    #[test]
    fn small_island_cuts_keep_every_big_connected_set_and_drop_lone_nodes_and_pairs() {
        let mut rng = Rng::new(5);
        for case in 0..12 {
            let (h, w) = [(2, 3), (3, 3), (3, 4)][case % 3];
            let p = RandomNodes::grid(&mut rng, h, w, 1);
            let mut m = p.model.clone();
            add_no_small_islands(&mut m, "islands", &p.graph());
            let adj = adjacency(p.active.len(), &p.edges);
            for mask in p.masks() {
                let on = p.nodes_of(mask);
                let parts = components(&adj, |v| on[v]);
                let count = on.iter().filter(|&&x| x).count();
                let holds = m.first_violation(&p.assignment(mask)).is_none();
                if parts.len() == 1 && count >= 3 {
                    assert!(holds, "case {case}: {} mask {mask:b}", p.sketch());
                }
                if parts.iter().any(|part| part.len() <= 2) && count >= 3 {
                    assert!(!holds, "case {case}: {} mask {mask:b}", p.sketch());
                }
            }
        }
    }

    #[test]
    fn a_known_root_needs_no_first_active_chain() {
        let mut m = Model::new();
        let nodes: Vec<Var> = (0..9).map(|i| m.new_bool(format!("n{i}"))).collect();
        let graph = NodeGraph::new(
            nodes.iter().map(|&v| v.into()),
            &crate::grid::Grid::new(3, 3).edges(),
        );
        let mut rooted = m.clone();
        add_connected(
            &mut rooted,
            "c",
            graph.clone(),
            Some(4),
            ConnectivityEncoding::Tree,
        );
        add_connected(&mut m, "c", graph, None, ConnectivityEncoding::Tree);
        let chain = |m: &Model| m.vars.iter().filter(|v| v.name.contains("root[")).count();
        assert_eq!(chain(&rooted), 0);
        assert_eq!(chain(&m), 9);
        assert!(rooted.vars.len() < m.vars.len());
    }

    #[test]
    fn names_follow_the_callers_node_names() {
        let mut m = Model::new();
        let nodes: Vec<Var> = (0..4).map(|i| m.new_bool(format!("n{i}"))).collect();
        let grid = crate::grid::Grid::new(2, 2);
        let graph = NodeGraph::new(nodes.iter().map(|&v| v.into()), &grid.edges())
            .with_names(|c| grid.name(c));
        add_connected(
            &mut m,
            "c",
            graph.clone(),
            Some(0),
            ConnectivityEncoding::Tree,
        );
        assert!(m.vars.iter().any(|v| v.name == "c label[r2c2]"));
    }
}
