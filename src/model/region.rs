//! Regions grown from roots: "the active nodes connected to root r number exactly N, and the
//! region of r holds no other root" (nurikabe islands around their clues), optionally with
//! "every active node lies in some region". Formulations: lazy cuts (an island too big, too
//! small, joining two roots, or stranded without a root); a complete one with per-root
//! membership, closure and a distance-labelled tree bounded by N − 1; the membership with each
//! region's members kept connected by a propagator in the solver; and a hybrid of the last for
//! big regions with the cuts for all.

use super::active::{add_at_most_one, add_clause, add_exactly_one, clause_of};
use super::connectivity::{add_connected, edge_list, separator, ConnectivityEncoding, NodeGraph};
use super::{
    Active, Assignment, Constraint, Cut, Justification, LazyConstraint, LinExpr, Meaning, Model,
    NamedConstraint, Var,
};
use crate::formulation::{Thrashing, Value};
use crate::graph::{components, distances};
use std::collections::{BTreeSet, VecDeque};

/// Which formulation of sized regions to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionEncoding {
    /// Cuts added when a candidate's region is too big, too small, joins two roots or (when
    /// forbidden) some active nodes reach no root.
    Lazy,
    /// Per-root membership closed under active neighbours, a tree of increasing distance labels
    /// from the root, and a membership count.
    Tree,
    /// The tree's membership, closure and count without its labels, each region's members
    /// kept connected by a propagator inside the solver's search (batsat).
    Propagator,
    /// The propagator's membership for the regions of [`BIG_REGION`] nodes or more that reach
    /// at most [`TIGHT_REACH`] nodes per node, the lazy cuts for every region.
    Hybrid,
    /// `Hybrid` first, and `Propagator` once its cut loop thrashes ([`STAGED_THRASHING`]):
    /// the model is `Propagator`'s, the first try is the solve's ([`Value::staged`]).
    Staged,
}

/// When `islands=staged` leaves the hybrid for the propagator: 500 cut rounds after 1.5 s of
/// the solving thread's CPU time. On janko's 1,110 nurikabes the hybrid's slowest answers that
/// converge took up to 2,661 rounds in 1.5 s (1091_15x15, which sat on the line; 0.47 s since
/// a cut round no longer rechecks every cut) or 1.9 s in 141 rounds (690_50x50), while the
/// ones it cannot finish in 20 s run thousands of rounds (687_17x17 15,360, 755_10x10 10,812)
/// that the propagator's membership answers in under a second.
pub const STAGED_THRASHING: Thrashing = Thrashing {
    rounds: 500,
    after: std::time::Duration::from_millis(1500),
};

impl crate::formulation::Choice for RegionEncoding {
    const VALUES: &'static [Value] = &[
        Value::lazy(
            "lazy",
            "cuts in a loop: an island too big, too small, joining two clues, or without a clue",
        ),
        Value::complete(
            "tree",
            "complete: per-clue membership closed under active neighbours, distance labels below the size (every backend, export)",
        ),
        Value::in_solver(
            "propagator",
            "per-clue membership closed under active neighbours and counted, as in tree, each clue's members kept connected by a propagator inside batsat's search (batsat only)",
        ),
        Value::in_solver(
            "hybrid",
            "the propagator's membership for islands of 30 cells or more that can reach at most 10 cells per cell, lazy cuts for every island (batsat only)",
        ),
        Value::staged(
            "staged",
            "hybrid first; propagator when its cut loop thrashes (500 cut rounds after 1.5 s of CPU time) (batsat only)",
            "hybrid",
            STAGED_THRASHING,
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "lazy" => Some(RegionEncoding::Lazy),
            "tree" => Some(RegionEncoding::Tree),
            "hybrid" => Some(RegionEncoding::Hybrid),
            "propagator" => Some(RegionEncoding::Propagator),
            "staged" => Some(RegionEncoding::Staged),
            _ => None,
        }
    }
}

/// A region to grow: the active nodes connected to `root`, `size` of them when it is known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SizedRegion {
    /// The root node (e.g. a clue cell); it is active.
    pub root: usize,
    /// How many nodes the region has, root included (`None`: any number, e.g. a `?` clue).
    pub size: Option<usize>,
    /// Nodes the region never holds in a valid assignment, as the genre has proved (nurikabe:
    /// the border, for an island the wall must close in). A promise, not a rule: it prunes
    /// the region's reach, which every formulation but the lazy cuts builds on.
    pub excluded: Vec<usize>,
}

/// Whether active nodes may lie outside every region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutsideRegions {
    /// Active nodes connected to no root are allowed.
    Allowed,
    /// Every active node belongs to some region (nurikabe: every unshaded cell is in an island).
    Forbidden,
}

/// Adds, for each region: its root is active, and the component of active nodes containing the
/// root has `size` nodes and contains no other region's root. With
/// [`OutsideRegions::Forbidden`] every active node is in some region too.
pub fn add_sized_regions(
    model: &mut Model,
    name: &str,
    graph: &NodeGraph,
    regions: &[SizedRegion],
    outside: OutsideRegions,
    encoding: RegionEncoding,
) {
    add_sized_regions_from(model, name, graph, regions, outside, encoding, BIG_REGION);
}

/// [`add_sized_regions`] with the hybrid's membership from regions of `big_region` nodes
/// (tests lower it to reach their small regions).
fn add_sized_regions_from(
    model: &mut Model,
    name: &str,
    graph: &NodeGraph,
    regions: &[SizedRegion],
    outside: OutsideRegions,
    encoding: RegionEncoding,
    big_region: usize,
) {
    let n = graph.len();
    let active = graph.active();
    let mut root_of = vec![None; n];
    for (i, reg) in regions.iter().enumerate() {
        let r = reg.root;
        if root_of[r].replace(i).is_some() {
            model.add(
                format!("{name}: {} is the root of two regions", graph.name(r)),
                Constraint::clause([]),
            );
        }
        add_clause(
            model,
            format!("{name} root {} active", graph.name(r)),
            [active[r]],
        );
        if reg.size == Some(0) {
            model.add(
                format!(
                    "{name}: region of {} has no room for its root",
                    graph.name(r)
                ),
                Constraint::clause([]),
            );
        }
    }
    // Two roots side by side are one component: no region can hold just one of them.
    for reg in regions {
        let later_root = |u: &&usize| root_of[**u].is_some() && **u > reg.root;
        if let Some(&other) = graph.neighbours(reg.root).iter().find(later_root) {
            model.add(
                format!(
                    "{name}: roots {} and {} are neighbours",
                    graph.name(reg.root),
                    graph.name(other)
                ),
                Constraint::clause([]),
            );
        }
    }
    // Where each region can reach: within size − 1 steps of its root, never through another
    // root nor a node beside one (roots are active, so such a node, active, is in that root's
    // region). A region's nodes are all there, so this prunes every formulation.
    let reach: Vec<Vec<Option<usize>>> = (regions.iter().enumerate())
        .map(|(i, reg)| {
            let limit = reg.size.map_or(usize::MAX, |s| s.saturating_sub(1));
            let other_root = |v: usize| root_of[v].is_some_and(|j| j != i);
            let passable = |v: usize| {
                !other_root(v)
                    && !graph.neighbours(v).iter().any(|&u| other_root(u))
                    && !reg.excluded.contains(&v)
            };
            distances(graph.adjacency(), &[reg.root], passable)
                .into_iter()
                .map(|d| d.filter(|&d| d <= limit))
                .collect()
        })
        .collect();
    for (reg, dist) in regions.iter().zip(&reach) {
        let reachable = dist.iter().flatten().count();
        if reg.size.is_some_and(|s| s > reachable) {
            model.add(
                format!(
                    "{name}: region of {} cannot reach {} nodes",
                    graph.name(reg.root),
                    reg.size.unwrap_or(0)
                ),
                Constraint::clause([]),
            );
        }
    }
    if outside == OutsideRegions::Forbidden {
        for v in (0..n).filter(|&v| reach.iter().all(|d| d[v].is_none())) {
            add_clause(
                model,
                format!("{name}: {} is out of every region's reach", graph.name(v)),
                [!active[v]],
            );
        }
    }
    match encoding {
        RegionEncoding::Lazy => model.add_lazy(RegionCut::new(name, graph, regions, outside)),
        RegionEncoding::Tree => add_region_tree(model, name, graph, regions, &reach, outside),
        RegionEncoding::Propagator | RegionEncoding::Hybrid | RegionEncoding::Staged => {
            let hybrid = encoding == RegionEncoding::Hybrid;
            // A region with excluded nodes gets membership too: only membership makes the
            // exclusion bite, the lazy cuts do not know it (a 9×9 nurikabe whose island of 25
            // the wall must close in: 47 s → 0.9 s).
            let big = |reg: &SizedRegion, dist: &Vec<Option<usize>>| {
                !hybrid
                    || !reg.excluded.is_empty()
                    || reg.size.is_some_and(|s| {
                        s >= big_region && dist.iter().flatten().count() <= TIGHT_REACH * s
                    })
            };
            let (chosen, chosen_reach): (Vec<SizedRegion>, Vec<Vec<Option<usize>>>) =
                (regions.iter().zip(&reach))
                    .filter(|(reg, dist)| big(reg, dist))
                    .map(|(reg, dist)| (reg.clone(), dist.clone()))
                    .unzip();
            // A node only one region reaches can belong to no other: its activity is its
            // membership (and, in the hybrid, outside the chosen regions it is no member).
            let forbidden = outside == OutsideRegions::Forbidden;
            let alias: Vec<bool> = (0..n)
                .map(|v| forbidden && reach.iter().filter(|d| d[v].is_some()).count() == 1)
                .collect();
            let cover = forbidden && !hybrid;
            let members =
                add_region_members(model, name, graph, &chosen, &chosen_reach, &alias, cover);
            add_members_connected(model, name, graph, &chosen, &chosen_reach, members);
            if hybrid {
                model.add_lazy(RegionCut::new(name, graph, regions, outside));
            }
        }
    }
}

/// The size from which the hybrid gives a region membership variables. A lazy "too big" cut
/// names size + 1 nodes, so it weakens as regions grow: a 14×24 nurikabe with islands of 32
/// and 64 took over 90 s of cuts, 0.2 s with membership for those two. Smaller islands were
/// as fast or faster with the cuts alone, and some much slower with membership (the 30×20
/// hunt's 16 and 18: 0.4 → 1.6 s; a published 20×36 with one of 26: 0.08 → 1.5 s, its
/// count and propagator spanning most of the grid); docs/genres/nurikabe.md.
pub const BIG_REGION: usize = 30;

/// How many nodes per node of its size a big region may reach and still get the hybrid's
/// membership. Over a tight reach the count decides what the "too small" cuts learn one
/// enclosure at a time (janko's 1102_15x21: an island of 61 that reaches 61 cells, no answer
/// in 20 s from the cuts alone, 0.01 s with membership); over a wide one it costs reach × size
/// clauses and seldom bites (1055_40x57: 31 s with membership for its four islands of 50 that
/// reach 950–1,050 cells each, 0.95 s without). On the collection's 22 nurikabes with an
/// island of 30 or more, every bound from 8 to 11 gave the same answers within 2.3 s of each
/// other; 5 or less sent 690_50x50 (ratios 5.6–9.9) to the propagator, 1.6 s → 13 s.
pub const TIGHT_REACH: usize = 10;

/// Each region's members connected, by a propagator: with the membership of
/// [`add_region_members`] this makes the members exactly the root's component.
fn add_members_connected(
    model: &mut Model,
    name: &str,
    graph: &NodeGraph,
    regions: &[SizedRegion],
    reach: &[Vec<Option<usize>>],
    members: Vec<Vec<Active>>,
) {
    let edges = edge_list(graph.adjacency());
    for ((reg, dist), member) in regions.iter().zip(reach).zip(members) {
        // Members next to the root are connected through it; only farther ones can be cut off.
        if dist.iter().flatten().all(|&d| d <= 1) {
            continue;
        }
        let rname = graph.name(reg.root).to_string();
        let members = NodeGraph::new(member, &edges).with_names(|v| graph.name(v).into());
        add_connected(
            model,
            &format!("{name} {rname} connected"),
            members,
            Some(reg.root),
            ConnectivityEncoding::Propagator,
        );
    }
}

/// Per-region membership: `member[v]` for the nodes region i can reach (`Always` at its root,
/// `Never` beyond), member ⇒ active, closure "member v ∧ active u adjacent ⇒ member u",
/// Σ member = size, at most one region per node and, with `cover`, every active node in one.
/// A node marked in `alias` (one that, active, can belong to no other region) uses its own
/// activity as its region's membership.
///
/// Every valid assignment satisfies these with member = "in the root's component". What they
/// leave open is a component of members cut off from its root; the caller closes it.
fn add_region_members(
    model: &mut Model,
    name: &str,
    graph: &NodeGraph,
    regions: &[SizedRegion],
    reach: &[Vec<Option<usize>>],
    alias: &[bool],
    cover: bool,
) -> Vec<Vec<Active>> {
    let n = graph.len();
    let active = graph.active();
    let mut members: Vec<Vec<Active>> = Vec::with_capacity(regions.len());
    for (reg, dist) in regions.iter().zip(reach) {
        let r = reg.root;
        let rname = graph.name(r);
        let member: Vec<Active> = (0..n)
            .map(|v| match dist[v] {
                Some(0) => Active::Always,
                Some(_) if alias[v] => active[v],
                Some(_) => model
                    .new_bool(format!("{name} {rname} has {}", graph.name(v)))
                    .into(),
                None => Active::Never,
            })
            .collect();
        let candidates: Vec<usize> = (0..n).filter(|&v| dist[v].is_some()).collect();
        for &v in &candidates {
            let vname = graph.name(v);
            if member[v] != active[v] {
                add_clause(
                    model,
                    format!("{name} {rname} has {vname}: active"),
                    [!member[v], active[v]],
                );
            }
            for &u in graph.neighbours(v) {
                if member[u] == active[u] {
                    continue; // active u is a member already
                }
                add_clause(
                    model,
                    format!("{name} {rname} closed at {vname}-{}", graph.name(u)),
                    [!member[v], !active[u], member[u]],
                );
            }
        }
        if let Some(size) = reg.size {
            let mut count = LinExpr::new();
            for &v in &candidates {
                count.add_active(1, member[v]);
            }
            model.add(format!("{name} {rname} size"), count.eq(size as i64));
        }
        members.push(member);
    }
    for v in (0..n).filter(|&v| !active[v].is_never()) {
        let vname = graph.name(v);
        // Implied (two regions sharing a node would be one component holding two roots), but
        // stating it helps propagation.
        add_at_most_one(
            model,
            format!("{name} one region at {vname}"),
            members.iter().map(|m| m[v]),
        );
        if cover && members.iter().all(|m| m[v] != active[v]) {
            add_clause(
                model,
                format!("{name} {vname} in a region"),
                std::iter::once(!active[v]).chain(members.iter().map(|m| m[v])),
            );
        }
    }
    members
}

/// The complete formulation: the membership of [`add_region_members`] and a tree: every
/// member but the root r has exactly one member parent with a smaller depth label (depth ≥ the
/// static distance, ≤ size − 1).
///
/// Exact: the members are connected to r through members (parents), so they lie in r's
/// component; closure makes them the whole component; the count fixes its size, and other
/// roots are never members. Conversely the component of a valid assignment, with its BFS tree,
/// satisfies every constraint.
fn add_region_tree(
    model: &mut Model,
    name: &str,
    graph: &NodeGraph,
    regions: &[SizedRegion],
    reach: &[Vec<Option<usize>>],
    outside: OutsideRegions,
) {
    let n = graph.len();
    let cover = outside == OutsideRegions::Forbidden;
    let no_alias = vec![false; n];
    let members = add_region_members(model, name, graph, regions, reach, &no_alias, cover);
    for ((reg, dist), member) in regions.iter().zip(reach).zip(&members) {
        let rname = graph.name(reg.root);
        let candidates: Vec<usize> = (0..n).filter(|&v| dist[v].is_some()).collect();
        let deepest = reg
            .size
            .map_or(candidates.len().saturating_sub(1), |s| s.saturating_sub(1));
        let depth: Vec<Option<Var>> = (0..n)
            .map(|v| match dist[v] {
                Some(d) if d > 0 => Some(model.new_int(
                    format!("{name} {rname} depth[{}]", graph.name(v)),
                    d as i64,
                    deepest as i64,
                )),
                _ => None,
            })
            .collect();
        for &v in &candidates {
            let vname = graph.name(v);
            let Some(high) = depth[v] else { continue };
            let mut parents = vec![!member[v]];
            for &u in graph.neighbours(v) {
                // A parent's depth is below this node's, so at most `deepest − 1`.
                if dist[u].is_none_or(|d| d >= deepest) {
                    continue;
                }
                let arc = format!("{name} {rname} parent[{}->{vname}]", graph.name(u));
                let p = model.new_bool(arc.clone());
                add_clause(model, arc.clone(), [!Active::from(p), member[u]]);
                if let Some(low) = depth[u] {
                    model.add_greater_if(arc, p.lit(), high, low, 1);
                }
                parents.push(p.into());
            }
            add_exactly_one(model, format!("{name} {rname} reach[{vname}]"), parents);
        }
    }
}

/// The lazy form. On a candidate (whose roots are active), for the component C of each root r:
/// - C holds another root: a shortest path P in C between them gives `⋁_{v∈P} ¬active(v)`;
/// - |C| > size: the first size + 1 nodes of a BFS of C from r (connected, holding r) give
///   `⋁ ¬active(v)` over them;
/// - |C| < size: `¬active(r) ∨ ⋁_{u∈N(C)} active(u)` (with its border inactive, r's component
///   stays inside C);
/// - with outside nodes forbidden, a component without a root, s ∈ C: `¬active(s) ∨ ⋁ S` with S
///   a minimal separator between C and the roots.
///
/// Each cut is violated by the candidate and holds in every valid assignment.
#[derive(Clone, Debug)]
pub struct RegionCut {
    name: String,
    graph: NodeGraph,
    regions: Vec<SizedRegion>,
    root_of: Vec<Option<usize>>,
    outside: OutsideRegions,
    /// The adjacency plus one virtual node adjacent to every root, for stranded components.
    with_roots: Vec<Vec<usize>>,
}

impl RegionCut {
    fn new(
        name: &str,
        graph: &NodeGraph,
        regions: &[SizedRegion],
        outside: OutsideRegions,
    ) -> Self {
        let n = graph.len();
        let mut root_of = vec![None; n];
        let mut with_roots = graph.adjacency().to_vec();
        with_roots.push(Vec::new());
        for (i, reg) in regions.iter().enumerate() {
            root_of[reg.root] = Some(i);
            with_roots[reg.root].push(n);
            with_roots[n].push(reg.root);
        }
        RegionCut {
            name: name.to_string(),
            graph: graph.clone(),
            regions: regions.to_vec(),
            root_of,
            outside,
            with_roots,
        }
    }

    /// Breadth-first order of `comp` from `start`, with each node's predecessor.
    fn bfs(&self, start: usize, in_comp: &[bool]) -> (Vec<usize>, Vec<usize>) {
        let mut order = vec![start];
        let mut pred = vec![usize::MAX; self.graph.len()];
        pred[start] = start;
        let mut queue = VecDeque::from([start]);
        while let Some(v) = queue.pop_front() {
            for &u in self.graph.neighbours(v) {
                if in_comp[u] && pred[u] == usize::MAX {
                    pred[u] = v;
                    order.push(u);
                    queue.push_back(u);
                }
            }
        }
        (order, pred)
    }
}

impl LazyConstraint for RegionCut {
    fn name(&self) -> &str {
        &self.name
    }
    fn meaning(&self) -> Option<Meaning> {
        let g = &self.graph;
        Some(Meaning::SizedRegions {
            active: g.active().to_vec(),
            edges: edge_list(g.adjacency()),
            regions: self.regions.iter().map(|r| (r.root, r.size)).collect(),
            all_in_regions: self.outside == OutsideRegions::Forbidden,
            names: (0..g.len()).map(|v| g.name(v).to_string()).collect(),
        })
    }
    fn justified_cuts(&self, a: &Assignment) -> Vec<Cut> {
        let g = &self.graph;
        let act = g.active();
        let comps = components(g.adjacency(), |v| act[v].holds(a));
        let mut comp_of = vec![usize::MAX; g.len()];
        for (i, c) in comps.iter().enumerate() {
            for &v in c {
                comp_of[v] = i;
            }
        }
        let mut cuts = Vec::new();
        let mut seen: BTreeSet<Vec<crate::model::Lit>> = BTreeSet::new();
        let mut push = |name: String, terms: Vec<Active>, why: Justification| {
            if let Some(c) = clause_of(terms) {
                if let Constraint::Clause { lits } = &c {
                    let mut key = lits.clone();
                    key.sort();
                    if !seen.insert(key) {
                        return;
                    }
                }
                cuts.push(Cut {
                    constraint: NamedConstraint::new(name, c),
                    why: Some(why),
                });
            }
        };
        let mut in_comp = vec![false; g.len()];
        for reg in &self.regions {
            let r = reg.root;
            if comp_of[r] == usize::MAX {
                continue; // an inactive root breaks the eager part, not this constraint
            }
            let comp = &comps[comp_of[r]];
            let rname = g.name(r);
            for &v in comp {
                in_comp[v] = true;
            }
            let (order, pred) = self.bfs(r, &in_comp);
            if let Some(&other) = order.iter().find(|&&v| v != r && self.root_of[v].is_some()) {
                let mut path = vec![other];
                while *path.last().unwrap() != r {
                    path.push(pred[*path.last().unwrap()]);
                }
                push(
                    format!("{} cut: {rname} joins {}", self.name, g.name(other)),
                    path.iter().map(|&v| !act[v]).collect(),
                    Justification::RootsJoined { path },
                );
            }
            match reg.size {
                Some(size) if comp.len() > size => push(
                    format!("{} cut: region of {rname} over {size}", self.name),
                    order[..=size].iter().map(|&v| !act[v]).collect(),
                    Justification::RegionTooBig {
                        root: r,
                        nodes: order[..=size].to_vec(),
                    },
                ),
                Some(size) if comp.len() < size => {
                    // With N(C) inactive, r's component cannot leave C, so it stays too small.
                    let mut border: Vec<usize> = comp
                        .iter()
                        .flat_map(|&v| g.neighbours(v).iter().copied())
                        .filter(|&u| !in_comp[u])
                        .collect();
                    border.sort_unstable();
                    border.dedup();
                    push(
                        format!("{} cut: region of {rname} under {size}", self.name),
                        std::iter::once(!act[r])
                            .chain(border.iter().map(|&u| act[u]))
                            .collect(),
                        Justification::RegionTooSmall {
                            root: r,
                            nodes: comp.clone(),
                        },
                    );
                }
                _ => {}
            }
            for &v in comp {
                in_comp[v] = false;
            }
        }
        if self.outside == OutsideRegions::Forbidden {
            let virtual_root = g.len();
            for comp in comps
                .iter()
                .filter(|c| c.iter().all(|&v| self.root_of[v].is_none()))
            {
                let s = comp[0];
                let cut = separator(&self.with_roots, comp, virtual_root, &mut in_comp);
                push(
                    format!(
                        "{} cut: {} reaches no root (component of {})",
                        self.name,
                        g.name(s),
                        comp.len()
                    ),
                    std::iter::once(!act[s])
                        .chain(cut.iter().map(|&u| act[u]))
                        .collect(),
                    Justification::NoRootReachable {
                        from: s,
                        separator: cut,
                    },
                );
            }
        }
        cuts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::adjacency;
    use crate::model::connectivity::tests::{check_lazy, RandomNodes};
    use crate::model::testing::{satisfiable_projections, Rng};

    /// Brute force: the masks where every root is active, each root's component has its size
    /// and no other root, and (when forbidden) every component holds a root.
    fn brute_regions(
        p: &RandomNodes,
        regions: &[SizedRegion],
        outside: OutsideRegions,
    ) -> BTreeSet<u64> {
        let adj = adjacency(p.active.len(), &p.edges);
        let is_root = |v: usize| regions.iter().any(|r| r.root == v);
        p.masks()
            .filter(|&mask| {
                let on = p.nodes_of(mask);
                let comps = components(&adj, |v| on[v]);
                let regions_ok = regions.iter().all(|reg| {
                    comps.iter().any(|c| {
                        c.contains(&reg.root)
                            && reg.size.is_none_or(|s| c.len() == s)
                            && c.iter().filter(|&&v| is_root(v)).count() == 1
                    })
                });
                let outside_ok = outside == OutsideRegions::Allowed
                    || comps.iter().all(|c| c.iter().any(|&v| is_root(v)));
                regions_ok && outside_ok
            })
            .collect()
    }

    /// Up to `count` distinct random roots with random sizes (sometimes unknown); adjacent
    /// roots, which can never be separated, only when `touching`.
    fn random_regions(
        rng: &mut Rng,
        edges: &[(usize, usize)],
        nodes: usize,
        count: usize,
        touching: bool,
    ) -> Vec<SizedRegion> {
        let mut regions: Vec<SizedRegion> = Vec::new();
        for _attempt in 0..100 {
            if regions.len() == count {
                break;
            }
            let root = rng.below(nodes as u64) as usize;
            let near = |r: &SizedRegion| {
                r.root == root
                    || (!touching && edges.contains(&(r.root.min(root), r.root.max(root))))
            };
            if regions.iter().any(near) {
                continue;
            }
            let size = match rng.below(5) {
                0 => None,
                k => Some(k as usize),
            };
            regions.push(SizedRegion {
                root,
                size,
                ..SizedRegion::default()
            });
        }
        regions
    }

    #[test]
    fn sized_regions_match_brute_force() {
        let mut rng = Rng::new(5);
        let mut nonempty = 0;
        for case in 0..80 {
            let (h, w) = [(2, 3), (3, 3), (1, 6), (3, 4)][case % 4];
            let outside = if case % 3 == 0 {
                OutsideRegions::Allowed
            } else {
                OutsideRegions::Forbidden
            };
            // Always-active nodes far from every root make most forbidden cases unsatisfiable.
            let always = u64::from(outside == OutsideRegions::Allowed);
            let mut p = RandomNodes::grid(&mut rng, h, w, always);
            let regions = random_regions(&mut rng, &p.edges, h * w, 1 + case % 3, case % 4 == 3);
            // A never-active root only makes the case unsatisfiable; keep a few of those.
            for reg in regions.iter().filter(|_| case % 5 != 0) {
                if p.active[reg.root].is_never() {
                    p.active[reg.root] = Active::Always;
                }
            }
            let valid = brute_regions(&p, &regions, outside);
            nonempty += usize::from(!valid.is_empty());
            let what = format!(
                "case {case}: {h}x{w} {} {regions:?} {outside:?}",
                p.sketch()
            );
            for enc in [
                RegionEncoding::Lazy,
                RegionEncoding::Tree,
                RegionEncoding::Propagator,
                RegionEncoding::Hybrid,
            ] {
                let mut m = p.model.clone();
                // From 3 nodes the hybrid has both kinds of regions in these cases.
                add_sized_regions_from(&mut m, "isl", &p.graph(), &regions, outside, enc, 3);
                if enc == RegionEncoding::Lazy {
                    check_lazy(&m, p.masks(), |mask| p.assignment(mask), &valid);
                } else if enc == RegionEncoding::Hybrid {
                    // The eager part keeps every valid layout; the lazy cut (exact on its own,
                    // checked above) removes the rest.
                    m.lazy.clear();
                    let kept = satisfiable_projections(&m, &p.vars);
                    assert!(kept.is_superset(&valid), "{what}");
                } else {
                    // Tree is complete; Propagator leaves only batsat's propagators.
                    assert!(m.lazy.is_empty() && (enc != RegionEncoding::Tree || m.is_complete()));
                    assert_eq!(satisfiable_projections(&m, &p.vars), valid, "{what}");
                }
            }
        }
        // The cases must not be vacuous.
        assert!(nonempty >= 30, "only {nonempty} cases have a solution");
    }

    #[test]
    fn nurikabe_like_islands_count_as_by_hand() {
        // 3×4, clues 3 at r1c1 and 2 at r3c4, every unshaded cell in an island.
        let grid = crate::grid::Grid::new(3, 4);
        let mut m = Model::new();
        let vars: Vec<Var> = grid
            .cells()
            .map(|c| m.new_bool(format!("white[{}]", grid.name(c))))
            .collect();
        let graph = NodeGraph::new(vars.iter().map(|&v| v.into()), &grid.edges())
            .with_names(|c| grid.name(c));
        let regions = [
            SizedRegion {
                root: 0,
                size: Some(3),
                ..SizedRegion::default()
            },
            SizedRegion {
                root: 11,
                size: Some(2),
                ..SizedRegion::default()
            },
        ];
        let mut tree = m.clone();
        add_sized_regions(
            &mut tree,
            "islands",
            &graph,
            &regions,
            OutsideRegions::Forbidden,
            RegionEncoding::Tree,
        );
        let layouts = satisfiable_projections(&tree, &vars);
        // By hand: the island of r1c1 is one of the 5 trominoes holding it ({0,1,2}, {0,1,4},
        // {0,1,5}, {0,4,5}, {0,4,8}), that of r3c4 one of 2 dominoes ({10,11}, {7,11}), and no
        // such pair touches: 10 layouts. The brute force over all shadings agrees.
        let adj = adjacency(12, &grid.edges());
        let brute = (0u64..1 << 12)
            .filter(|&mask| {
                let comps = components(&adj, |v| mask >> v & 1 == 1);
                comps.len() == 2
                    && comps.iter().any(|c| c.len() == 3 && c.contains(&0))
                    && comps.iter().any(|c| c.len() == 2 && c.contains(&11))
            })
            .count();
        assert_eq!(layouts.len(), brute);
        assert_eq!(brute, 10);
    }

    /// Up to `count` random islands on an `h × w` grid, pairwise apart, as root and size.
    fn random_islands(rng: &mut Rng, h: usize, w: usize, count: usize) -> Vec<SizedRegion> {
        let grid = crate::grid::Grid::new(h, w);
        let mut owner: Vec<Option<usize>> = vec![None; h * w];
        let free_for = |owner: &[Option<usize>], c: usize, island: usize| {
            owner[c].is_none()
                && grid
                    .neighbours4(c)
                    .all(|u| owner[u].is_none_or(|o| o == island))
        };
        let mut regions = Vec::new();
        for island in 0..count {
            let Some(root) = (0..50)
                .map(|_| rng.below((h * w) as u64) as usize)
                .find(|&c| free_for(&owner, c, island))
            else {
                break;
            };
            owner[root] = Some(island);
            let mut cells = vec![root];
            let target = 1 + rng.below(6) as usize;
            for _ in 0..50 {
                if cells.len() == target {
                    break;
                }
                let from = cells[rng.below(cells.len() as u64) as usize];
                let next: Vec<usize> = grid.neighbours4(from).collect();
                let c = next[rng.below(next.len() as u64) as usize];
                if free_for(&owner, c, island) {
                    owner[c] = Some(island);
                    cells.push(c);
                }
            }
            regions.push(SizedRegion {
                root,
                size: Some(cells.len()),
                ..SizedRegion::default()
            });
        }
        regions
    }

    #[test]
    fn island_layouts_solve_with_few_cut_rounds() {
        // 10×10, a dozen random islands given by root and size, every active cell in one:
        // both formulations find a layout the brute-force rules accept.
        use crate::lower::CardEncoding;
        use crate::solve::{Driver, Next};
        let grid = crate::grid::Grid::new(10, 10);
        let mut rng = Rng::new(29);
        for _ in 0..4 {
            let regions = random_islands(&mut rng, 10, 10, 12);
            for enc in [
                RegionEncoding::Lazy,
                RegionEncoding::Tree,
                RegionEncoding::Propagator,
                RegionEncoding::Hybrid,
            ] {
                let mut m = Model::new();
                let white: Vec<Var> = grid
                    .cells()
                    .map(|c| m.new_answer_bool(grid.name(c)))
                    .collect();
                let graph = NodeGraph::new(white.iter().map(|&v| v.into()), &grid.edges());
                add_sized_regions_from(
                    &mut m,
                    "islands",
                    &graph,
                    &regions,
                    OutsideRegions::Forbidden,
                    enc,
                    4,
                );
                let start = std::time::Instant::now();
                let mut driver = Driver::new(m, "batsat", CardEncoding::Totalizer, None).unwrap();
                let Next::Solution(a) = driver.next_solution().unwrap() else {
                    panic!("{enc:?}: the generated layout was missed");
                };
                let on: Vec<bool> = white.iter().map(|&v| a.bool(v)).collect();
                for comp in components(&grid.adjacency(), |c| on[c]) {
                    let roots: Vec<&SizedRegion> =
                        regions.iter().filter(|r| comp.contains(&r.root)).collect();
                    assert_eq!(roots.len(), 1, "{enc:?}: island without exactly one root");
                    assert_eq!(roots[0].size, Some(comp.len()), "{enc:?}: wrong size");
                }
                eprintln!(
                    "islands 10x10 ({} clues) {enc:?}: {} cut rounds, {} cuts, {:.3} s",
                    regions.len(),
                    driver.stats.cut_rounds,
                    driver.stats.cuts,
                    start.elapsed().as_secs_f64()
                );
                assert!(driver.stats.cut_rounds <= 50, "{enc:?}: too many rounds");
            }
        }
    }
}
