//! "The used edges form one simple loop": every node has degree 0 or 2 (eager clauses), and the
//! used edges are connected, in three formulations: lazy subtour cuts, a spanning tree of
//! increasing labels over used edges (complete, every backend) and single-commodity flow over
//! used edges (complete, MIP). Slitherlink uses grid vertices and unit segments; masyu uses
//! cells and pairs of adjacent cells: both are an [`EdgeGraph`] on the caller's ids.

use super::active::{add_clause, clause_of};
use super::connectivity::{
    add_connected, add_flow, add_tree, root_choice, ConnectivityEncoding, Link, Net, NodeGraph,
};
use super::{
    Active, Assignment, Cut, Justification, LazyConstraint, LinExpr, Meaning, Model,
    NamedConstraint,
};
use crate::formulation::Value;
use crate::graph::UnionFind;
use itertools::Itertools;

/// Which single-loop formulation to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopEncoding {
    /// Subtour cuts added while a candidate has more than one cycle.
    Lazy,
    /// Root = the known node or the first node on the loop; every other node on the loop has a
    /// parent across a used edge with a smaller label.
    Tree,
    /// The root sends one unit of flow to every node on the loop along used edges.
    Flow,
    /// Degree 0 or 2 up front; "the used edges are connected" left to a propagator inside the
    /// SAT solver's search (batsat only), over the line graph (edges meeting at a node).
    Propagator,
}

impl crate::formulation::Choice for LoopEncoding {
    const VALUES: &'static [Value] = &[
        Value::lazy(
            "lazy",
            "degree 0 or 2 up front, subtour cuts in a loop: solve, find the cycles, cut, solve again",
        ),
        Value::complete(
            "tree",
            "complete: degree 0 or 2 and a spanning tree of increasing labels over used edges (every backend, export)",
        ),
        Value::complete(
            "flow",
            "complete: degree 0 or 2 and single-commodity flow over used edges (MIP only)",
        ),
        Value::lazy(
            "propagator",
            "degree 0 or 2 up front, connectivity by a propagator inside batsat's search (batsat only)",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "lazy" => Some(LoopEncoding::Lazy),
            "tree" => Some(LoopEncoding::Tree),
            "flow" => Some(LoopEncoding::Flow),
            "propagator" => Some(LoopEncoding::Propagator),
            _ => None,
        }
    }
}

/// Whether the loop may be empty, or must pass through a known node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopGuard {
    /// No edge used is a valid (empty) loop.
    AllowEmpty,
    /// At least one edge is used.
    NonEmpty,
    /// The loop passes through this node (so it is not empty, and the node roots the complete
    /// formulations without a first-node chain).
    Through(usize),
}

/// An undirected graph over the caller's node ids `0..nodes` whose edges are used never, when
/// a literal is true, or always.
#[derive(Clone, Debug)]
pub struct EdgeGraph {
    nodes: usize,
    edges: Vec<(usize, usize)>,
    used: Vec<Active>,
    names: Vec<String>,
}

impl EdgeGraph {
    /// Nodes `0..nodes` and edges with their use, in the same order. Panics when the lengths
    /// differ or an edge names a node that does not exist.
    pub fn new(
        nodes: usize,
        edges: &[(usize, usize)],
        used: impl IntoIterator<Item = Active>,
    ) -> Self {
        let used: Vec<Active> = used.into_iter().collect();
        assert_eq!(edges.len(), used.len(), "one use per edge");
        for &(a, b) in edges {
            assert!(
                a < nodes && b < nodes,
                "edge ({a}, {b}) outside nodes 0..{nodes}"
            );
        }
        EdgeGraph {
            nodes,
            edges: edges.to_vec(),
            used,
            names: (0..nodes).map(|v| v.to_string()).collect(),
        }
    }
    /// Names the nodes in variable and cut names (by default a node is named by its id).
    pub fn with_names(mut self, name: impl Fn(usize) -> String) -> Self {
        self.names = (0..self.nodes).map(name).collect();
        self
    }
    /// How many nodes.
    pub fn len(&self) -> usize {
        self.nodes
    }
    /// Whether it has no nodes.
    pub fn is_empty(&self) -> bool {
        self.nodes == 0
    }
    /// The edges.
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }
    /// The use of every edge.
    pub fn used(&self) -> &[Active] {
        &self.used
    }
    /// The components of the edges an assignment uses, each as its nodes in increasing order,
    /// ordered by their representative (nodes no used edge touches are left out).
    pub fn used_components(&self, a: &Assignment) -> Vec<Vec<usize>> {
        let n = self.nodes;
        let mut uf = UnionFind::new(n);
        let mut touched = vec![false; n];
        for (e, &(x, y)) in self.edges.iter().enumerate() {
            if self.used[e].holds(a) {
                uf.union(x, y);
                touched[x] = true;
                touched[y] = true;
            }
        }
        let mut by_rep: Vec<Vec<usize>> = vec![Vec::new(); n];
        for v in (0..n).filter(|&v| touched[v]) {
            by_rep[uf.find(v)].push(v);
        }
        by_rep.into_iter().filter(|c| !c.is_empty()).collect()
    }
    /// A node's name, as variable and cut names show it.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }
    /// The node at the other end of edge `e` from `v`.
    pub(super) fn other_end(&self, e: usize, v: usize) -> usize {
        let (a, b) = self.edges[e];
        if a == v {
            b
        } else {
            a
        }
    }
    /// The edges that can be used, by index, at each node (self-loops left out).
    pub(super) fn incidence(&self) -> Vec<Vec<usize>> {
        let mut inc = vec![Vec::new(); self.nodes];
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            if a != b && !self.used[e].is_never() {
                inc[a].push(e);
                inc[b].push(e);
            }
        }
        inc
    }
}

/// Adds "the used edges form one simple loop" to the model (degree 0 or 2 at every node, the
/// used edges connected; empty only when the guard allows) and returns, per node, whether the
/// loop passes through it (`Never` where it cannot).
pub fn add_single_loop(
    model: &mut Model,
    name: &str,
    graph: &EdgeGraph,
    guard: LoopGuard,
    encoding: LoopEncoding,
) -> Vec<Active> {
    let inc = graph.incidence();
    for (e, &(a, b)) in graph.edges.iter().enumerate() {
        if a == b {
            add_clause(
                model,
                format!("{name} no self-loop at {}", graph.names[a]),
                [!graph.used[e]],
            );
        }
    }
    let on: Vec<Active> = (0..graph.nodes)
        .map(|v| degree_constraints(model, name, graph, v, &inc[v]))
        .collect();
    let mut root = None;
    match guard {
        LoopGuard::AllowEmpty => {}
        LoopGuard::NonEmpty => add_clause(model, format!("{name} not empty"), graph.used.clone()),
        LoopGuard::Through(r) => {
            add_clause(model, format!("{name} through {}", graph.names[r]), [on[r]]);
            root = Some(r);
        }
    }
    // An always-used edge puts its ends on the loop: either roots it as well.
    root = root.or_else(|| {
        graph
            .used
            .iter()
            .position(|&u| u == Active::Always)
            .map(|e| graph.edges[e].0)
    });
    match encoding {
        LoopEncoding::Lazy => model.add_lazy(SubtourCut {
            name: name.to_string(),
            graph: graph.clone(),
            inc,
            on: on.clone(),
            root,
        }),
        LoopEncoding::Propagator => {
            // With degree 0 or 2 everywhere, the used edges form one loop exactly when they are
            // connected, that is when they are connected nodes of the line graph (two edges
            // adjacent when they meet at a node).
            let mut meet = Vec::new();
            for edges in &inc {
                for (i, &e) in edges.iter().enumerate() {
                    meet.extend(edges[i + 1..].iter().map(|&f| (e, f)));
                }
            }
            let edge_name = |e: usize| {
                let (a, b) = graph.edges[e];
                format!("{}-{}", graph.names[a], graph.names[b])
            };
            let line_graph =
                NodeGraph::new(graph.used.iter().copied(), &meet).with_names(edge_name);
            add_connected(
                model,
                name,
                line_graph,
                None,
                ConnectivityEncoding::Propagator,
            );
        }
        LoopEncoding::Tree | LoopEncoding::Flow => {
            let is_root = root_choice(model, name, &graph.names, &on, root);
            let links: Vec<Link> = inc
                .iter()
                .enumerate()
                .flat_map(|(v, edges)| {
                    edges.iter().map(move |&e| Link {
                        from: graph.other_end(e, v),
                        to: v,
                        gates: vec![graph.used[e]],
                    })
                })
                .collect();
            let net = Net {
                prefix: name,
                names: &graph.names,
                active: &on,
                is_root: &is_root,
                links: &links,
            };
            if encoding == LoopEncoding::Tree {
                add_tree(model, &net);
            } else {
                add_flow(model, &net);
            }
        }
    }
    on
}

/// Node v is on the loop exactly when two of its edges are used, and never one or three:
/// `e ⇒ on` for each edge, `on ⇒ ⋁(δ − e)` for each edge (at least two), and no three at once.
/// Returns the node's literal (`Never` with fewer than two usable edges, which are then unused).
pub(super) fn degree_constraints(
    model: &mut Model,
    name: &str,
    graph: &EdgeGraph,
    v: usize,
    inc: &[usize],
) -> Active {
    let vname = &graph.names[v];
    let used = |e: usize| graph.used[e];
    if inc.len() < 2 {
        for &e in inc {
            add_clause(model, format!("{name} dead end at {vname}"), [!used(e)]);
        }
        return Active::Never;
    }
    let on = Active::from(model.new_bool(format!("{name} on[{vname}]")));
    let degree = format!("{name} degree[{vname}]");
    for (i, &e) in inc.iter().enumerate() {
        add_clause(model, degree.clone(), [!used(e), on]);
        let others = inc
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &f)| used(f));
        add_clause(model, degree.clone(), std::iter::once(!on).chain(others));
    }
    if inc.len() <= 5 {
        for (&a, &b, &c) in inc.iter().tuple_combinations() {
            add_clause(model, degree.clone(), [!used(a), !used(b), !used(c)]);
        }
    } else {
        let mut sum = LinExpr::new();
        for &e in inc {
            sum.add_active(1, used(e));
        }
        model.add(degree, sum.leq(2));
    }
    on
}

/// The lazy subtour constraint. On a candidate whose used edges form several cycles, for a cycle
/// C with s on it, and t the loop's known node (or a node of another cycle): with D the nodes t
/// reaches without entering C and f any one edge of δ(D), the cut
/// `¬on(s) [∨ ¬on(t)] ∨ ⋁_{e ∈ δ(D) − f} used(e)`. Every edge of δ(D) ends in C and is unused,
/// so the candidate violates it; a single loop through s and t crosses δ(D) at least twice
/// (a cycle crosses any cut an even number of times), so no valid loop does. The cut never
/// says "C alone is wrong" (C alone may be the answer), only "C and t together need a
/// crossing", which is why it names s and t rather than the edges of C.
#[derive(Clone, Debug)]
pub struct SubtourCut {
    name: String,
    graph: EdgeGraph,
    inc: Vec<Vec<usize>>,
    on: Vec<Active>,
    root: Option<usize>,
}

impl SubtourCut {
    /// The cycles of the used edges, each as its sorted node list, by smallest node.
    fn cycles(&self, a: &Assignment) -> Vec<Vec<usize>> {
        let mut cycles = self.graph.used_components(a);
        cycles.sort();
        cycles
    }

    /// What `t` reaches without entering `cycle`, and the usable edges leaving it but one
    /// (returned apart): a loop crosses this edge set an even number of times, so one that
    /// crosses it at all uses two of its edges, and naming all but one is enough (a stronger
    /// clause).
    fn boundary(&self, cycle: &[usize], t: usize) -> (Vec<usize>, Vec<usize>, Option<usize>) {
        let n = self.graph.nodes;
        let mut blocked = vec![false; n];
        for &v in cycle {
            blocked[v] = true;
        }
        let inc = &self.inc;
        let mut reached = vec![false; n];
        reached[t] = true;
        let mut stack = vec![t];
        while let Some(v) = stack.pop() {
            for &e in &inc[v] {
                let u = self.graph.other_end(e, v);
                if !reached[u] && !blocked[u] {
                    reached[u] = true;
                    stack.push(u);
                }
            }
        }
        let mut crossing: Vec<usize> = (0..n)
            .filter(|&v| reached[v])
            .flat_map(|v| inc[v].iter().copied())
            .filter(|&e| {
                let (x, y) = self.graph.edges[e];
                reached[x] != reached[y]
            })
            .collect();
        crossing.sort_unstable();
        let spared = crossing.pop();
        let inside = (0..n).filter(|&v| reached[v]).collect();
        (inside, crossing, spared)
    }
}

impl LazyConstraint for SubtourCut {
    fn name(&self) -> &str {
        &self.name
    }
    fn meaning(&self) -> Option<Meaning> {
        Some(Meaning::SingleLoop {
            on: self.on.clone(),
            edges: self.graph.edges.clone(),
            used: self.graph.used.clone(),
            root: self.root,
            names: self.graph.names.clone(),
        })
    }
    fn justified_cuts(&self, a: &Assignment) -> Vec<Cut> {
        let cycles = self.cycles(a);
        let mut cuts = Vec::new();
        for (i, cycle) in cycles.iter().enumerate() {
            let s = cycle[0];
            let (t, t_term) = match self.root {
                Some(r) if cycle.binary_search(&r).is_ok() => continue,
                Some(r) => (r, Active::Never),
                None if cycles.len() == 1 => break,
                None => {
                    let t = cycles[if i == 0 { 1 } else { 0 }][0];
                    (t, !self.on[t])
                }
            };
            let (inside, crossing, spared) = self.boundary(cycle, t);
            let terms = [!self.on[s], t_term]
                .into_iter()
                .chain(crossing.iter().map(|&e| self.graph.used[e]));
            if let Some(clause) = clause_of(terms) {
                let name = format!(
                    "{} cut: cycle through {} ({} nodes)",
                    self.name,
                    self.graph.names[s],
                    cycle.len()
                );
                cuts.push(Cut {
                    constraint: NamedConstraint::new(name, clause),
                    why: Some(Justification::LoopCrossing {
                        from: s,
                        to: t,
                        inside,
                        spared,
                    }),
                });
            }
        }
        cuts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::connectivity::tests::check_lazy;
    use crate::model::testing::{satisfiable_projections, Rng};
    use crate::model::Var;
    use std::collections::BTreeSet;

    /// Brute force: whether the used edges form one simple loop (or none).
    fn is_single_loop(nodes: usize, edges: &[(usize, usize)], used: &[bool]) -> bool {
        let mut degree = vec![0; nodes];
        let mut uf = UnionFind::new(nodes);
        for (&(a, b), _) in edges.iter().zip(used).filter(|(_, &u)| u) {
            degree[a] += 1;
            degree[b] += 1;
            uf.union(a, b);
        }
        let mut loops: Vec<usize> = (0..nodes)
            .filter(|&v| degree[v] > 0)
            .map(|v| uf.find(v))
            .collect();
        loops.sort_unstable();
        loops.dedup();
        degree.iter().all(|&d| d == 0 || d == 2) && loops.len() <= 1
    }

    /// A random loop problem: an `h × w` grid of nodes whose edges are never, sometimes or
    /// always used.
    struct RandomEdges {
        model: Model,
        vars: Vec<Var>,
        nodes: usize,
        edges: Vec<(usize, usize)>,
        used: Vec<Active>,
    }

    impl RandomEdges {
        fn grid(rng: &mut Rng, h: usize, w: usize, always: bool) -> Self {
            let mut model = Model::new();
            let mut vars = Vec::new();
            let edges = crate::grid::Grid::new(h, w).edges();
            let mut used: Vec<Active> = edges
                .iter()
                .enumerate()
                .map(|(e, _)| {
                    if rng.below(8) == 0 {
                        Active::Never
                    } else {
                        let v = model.new_bool(format!("e{e}"));
                        vars.push(v);
                        v.into()
                    }
                })
                .collect();
            if always {
                // Fix one free edge as always used (its variable stays, unconstrained).
                let e = rng.below(edges.len() as u64) as usize;
                if let Active::When(l) = used[e] {
                    vars.retain(|&v| v != l.var);
                    used[e] = Active::Always;
                }
            }
            RandomEdges {
                model,
                vars,
                nodes: h * w,
                edges,
                used,
            }
        }
        fn graph(&self) -> EdgeGraph {
            EdgeGraph::new(self.nodes, &self.edges, self.used.iter().copied())
        }
        fn masks(&self) -> std::ops::Range<u64> {
            0..1 << self.vars.len()
        }
        fn used_of(&self, mask: u64) -> Vec<bool> {
            self.used
                .iter()
                .map(|&u| match u {
                    Active::Never => false,
                    Active::Always => true,
                    Active::When(l) => {
                        let i = self.vars.iter().position(|&v| v == l.var).unwrap();
                        mask >> i & 1 == 1
                    }
                })
                .collect()
        }
        /// The free edges from the mask and each node's `on` from its degree.
        fn assignment(&self, model: &Model, on: &[Active], mask: u64) -> Assignment {
            let mut values = vec![0; model.vars.len()];
            for (i, v) in self.vars.iter().enumerate() {
                values[v.index()] = (mask >> i & 1) as i64;
            }
            let used = self.used_of(mask);
            for (v, o) in on.iter().enumerate() {
                if let Active::When(l) = o {
                    let touched = self
                        .edges
                        .iter()
                        .zip(&used)
                        .any(|(&(a, b), &u)| u && (a == v || b == v));
                    values[l.var.index()] = i64::from(touched);
                }
            }
            Assignment { values }
        }
        fn brute(&self, guard: LoopGuard) -> BTreeSet<u64> {
            self.masks()
                .filter(|&mask| {
                    let used = self.used_of(mask);
                    let guard_ok = match guard {
                        LoopGuard::AllowEmpty => true,
                        LoopGuard::NonEmpty => used.contains(&true),
                        LoopGuard::Through(r) => self
                            .edges
                            .iter()
                            .zip(&used)
                            .any(|(&(a, b), &u)| u && (a == r || b == r)),
                    };
                    guard_ok && is_single_loop(self.nodes, &self.edges, &used)
                })
                .collect()
        }
    }

    #[test]
    fn single_loop_encodings_match_brute_force() {
        let mut rng = Rng::new(3);
        let mut loops_seen = 0;
        for case in 0..24 {
            // Slitherlink on 1×2..2×3 cells is a 2×3..3×4 vertex grid; masyu on 3×3 cells is
            // the 3×3 grid graph.
            let (h, w) = [(2, 3), (3, 3), (2, 4), (3, 3), (2, 5), (3, 4)][case % 6];
            let p = RandomEdges::grid(&mut rng, h, w, case % 4 == 1);
            let guard = match case % 3 {
                0 => LoopGuard::AllowEmpty,
                1 => LoopGuard::NonEmpty,
                _ => LoopGuard::Through(rng.below((h * w) as u64) as usize),
            };
            let valid = p.brute(guard);
            loops_seen += valid.len();
            let what = format!("case {case}: {h}x{w} {guard:?}");
            let encodings = [
                LoopEncoding::Lazy,
                LoopEncoding::Tree,
                LoopEncoding::Flow,
                LoopEncoding::Propagator,
            ];
            for enc in encodings {
                if enc == LoopEncoding::Flow && h * w > 9 {
                    continue; // integer flows as CNF: bigger graphs take minutes to enumerate
                }
                let mut m = p.model.clone();
                let on = add_single_loop(&mut m, "loop", &p.graph(), guard, enc);
                if enc == LoopEncoding::Lazy {
                    check_lazy(&m, p.masks(), |mask| p.assignment(&m, &on, mask), &valid);
                } else {
                    assert_eq!(m.is_complete(), enc != LoopEncoding::Propagator);
                    assert_eq!(
                        satisfiable_projections(&m, &p.vars),
                        valid,
                        "{what} {enc:?}"
                    );
                }
            }
        }
        assert!(loops_seen >= 100, "only {loops_seen} loops in all cases");
    }

    #[test]
    fn two_separate_squares_get_a_cut_that_keeps_either_alone() {
        // 2×4 grid graph: the squares 0-1-5-4 and 2-3-7-6 side by side.
        let edges = crate::grid::Grid::new(2, 4).edges();
        let mut m = Model::new();
        let vars: Vec<Var> = (0..edges.len())
            .map(|e| m.new_bool(format!("e{e}")))
            .collect();
        let graph = EdgeGraph::new(8, &edges, vars.iter().map(|&v| v.into()));
        let on = add_single_loop(
            &mut m,
            "loop",
            &graph,
            LoopGuard::NonEmpty,
            LoopEncoding::Lazy,
        );
        let square = |cells: [(usize, usize); 4]| -> Vec<bool> {
            edges.iter().map(|e| cells.contains(e)).collect()
        };
        let left = square([(0, 1), (0, 4), (1, 5), (4, 5)]);
        let right = square([(2, 3), (2, 6), (3, 7), (6, 7)]);
        let both: Vec<bool> = left.iter().zip(&right).map(|(a, b)| a | b).collect();
        let assign = |used: &[bool]| {
            let mut values = vec![0; m.vars.len()];
            for (e, &u) in used.iter().enumerate() {
                values[vars[e].index()] = i64::from(u);
            }
            for (v, o) in on.iter().enumerate() {
                let touched = edges
                    .iter()
                    .zip(used)
                    .any(|(&(a, b), &u)| u && (a == v || b == v));
                values[o.lit().unwrap().var.index()] = i64::from(touched);
            }
            Assignment { values }
        };
        let cuts = m.lazy[0].cuts(&assign(&both));
        assert_eq!(cuts.len(), 2);
        for cut in &cuts {
            assert!(!cut.constraint.holds(|v| assign(&both).value(v)));
            assert!(cut.constraint.holds(|v| assign(&left).value(v)));
            assert!(cut.constraint.holds(|v| assign(&right).value(v)));
        }
        assert!(m.lazy[0].cuts(&assign(&left)).is_empty());
    }

    /// A random single loop around an `h × w` grid of cells, as the used unit segments of
    /// `Grid::new(h + 1, w + 1).edges()`: the border of a polyomino of half the cells grown cell by
    /// cell, keeping a cell only when the border stays one loop.
    fn random_loop(rng: &mut Rng, h: usize, w: usize) -> Vec<bool> {
        let vertices = crate::grid::Grid::new(h + 1, w + 1).edges();
        let segment = |a: usize, b: usize| vertices.iter().position(|&e| e == (a, b)).unwrap();
        let v = |r: usize, c: usize| r * (w + 1) + c;
        // The four sides of each cell.
        let sides: Vec<[usize; 4]> = (0..h * w)
            .map(|cell| {
                let (r, c) = (cell / w, cell % w);
                [
                    segment(v(r, c), v(r, c + 1)),
                    segment(v(r + 1, c), v(r + 1, c + 1)),
                    segment(v(r, c), v(r + 1, c)),
                    segment(v(r, c + 1), v(r + 1, c + 1)),
                ]
            })
            .collect();
        let border = |inside: &[bool]| {
            let mut used = vec![false; vertices.len()];
            for cell in (0..h * w).filter(|&c| inside[c]) {
                for &e in &sides[cell] {
                    used[e] = !used[e];
                }
            }
            used
        };
        let mut inside = vec![false; h * w];
        inside[rng.below((h * w) as u64) as usize] = true;
        let mut size = 1;
        for _ in 0..40 * h * w {
            if size == h * w / 2 {
                break;
            }
            let cell = rng.below((h * w) as u64) as usize;
            let (r, c) = (cell / w, cell % w);
            let touches = (r > 0 && inside[cell - w])
                || (r + 1 < h && inside[cell + w])
                || (c > 0 && inside[cell - 1])
                || (c + 1 < w && inside[cell + 1]);
            if inside[cell] || !touches {
                continue;
            }
            inside[cell] = true;
            if is_single_loop((h + 1) * (w + 1), &vertices, &border(&inside)) {
                size += 1;
            } else {
                inside[cell] = false;
            }
        }
        border(&inside)
    }

    /// A slitherlink-like model, its segment variables and its clues (four sides, count).
    type Slitherlink = (Model, Vec<Var>, Vec<(Vec<usize>, i64)>);

    /// A slitherlink-like model on `h × w` cells: one answer variable per unit segment, the
    /// cell counts of a random loop as clues on a third of the cells.
    fn slitherlink_like(rng: &mut Rng, h: usize, w: usize) -> Slitherlink {
        let vertices = crate::grid::Grid::new(h + 1, w + 1).edges();
        let answer = random_loop(rng, h, w);
        let mut m = Model::new();
        let used: Vec<Var> = (0..vertices.len())
            .map(|e| m.new_answer_bool(format!("segment{e}")))
            .collect();
        let v = |r: usize, c: usize| r * (w + 1) + c;
        let mut clues = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if rng.below(3) != 0 {
                    continue;
                }
                let sides: Vec<usize> = [
                    (v(r, c), v(r, c + 1)),
                    (v(r + 1, c), v(r + 1, c + 1)),
                    (v(r, c), v(r + 1, c)),
                    (v(r, c + 1), v(r + 1, c + 1)),
                ]
                .iter()
                .map(|s| vertices.iter().position(|e| e == s).unwrap())
                .collect();
                let count = sides.iter().filter(|&&e| answer[e]).count() as i64;
                m.add(
                    format!("clue r{}c{}", r + 1, c + 1),
                    LinExpr::sum_vars(sides.iter().map(|&e| used[e])).eq(count),
                );
                clues.push((sides, count));
            }
        }
        (m, used, clues)
    }

    /// Solves a slitherlink-like instance with one formulation and backend, checks the answer
    /// is one loop that keeps the clues, and returns the cut rounds it took.
    fn solve_slitherlink_like(
        (h, w): (usize, usize),
        (m, used, clues): &Slitherlink,
        enc: LoopEncoding,
        backend: &str,
    ) -> usize {
        use crate::lower::CardEncoding;
        use crate::solve::{Driver, Next};
        let vertices = crate::grid::Grid::new(h + 1, w + 1).edges();
        let graph = EdgeGraph::new((h + 1) * (w + 1), &vertices, used.iter().map(|&v| v.into()));
        let mut model = m.clone();
        add_single_loop(&mut model, "loop", &graph, LoopGuard::NonEmpty, enc);
        let start = std::time::Instant::now();
        let mut driver = Driver::new(model, backend, CardEncoding::Totalizer, None).unwrap();
        let Next::Solution(a) = driver.next_solution().unwrap() else {
            panic!("{enc:?} on {backend}: the generated loop was missed");
        };
        let got: Vec<bool> = used.iter().map(|&v| a.bool(v)).collect();
        assert!(is_single_loop((h + 1) * (w + 1), &vertices, &got));
        for (sides, count) in clues {
            assert_eq!(sides.iter().filter(|&&e| got[e]).count() as i64, *count);
        }
        eprintln!(
            "slitherlink-like {h}x{w} {enc:?} on {backend}: {} cut rounds, {} cuts, {:.3} s",
            driver.stats.cut_rounds,
            driver.stats.cuts,
            start.elapsed().as_secs_f64()
        );
        driver.stats.cut_rounds
    }

    #[test]
    fn slitherlink_like_instances_solve_with_few_cut_rounds() {
        // 10×10 cells, a random loop, a third of its cell counts given as clues: every
        // formulation finds a loop that keeps the clues (not necessarily the generated one).
        let mut rng = Rng::new(17);
        for _ in 0..6 {
            let instance = slitherlink_like(&mut rng, 10, 10);
            for enc in [
                LoopEncoding::Lazy,
                LoopEncoding::Tree,
                LoopEncoding::Propagator,
            ] {
                let rounds = solve_slitherlink_like((10, 10), &instance, enc, "batsat");
                assert!(rounds <= 50, "{enc:?}: {rounds} cut rounds");
            }
        }
    }

    #[test]
    fn slitherlink_like_instances_solve_on_mip_too() {
        // Small: microlp's big-M tree takes seconds from 6×6 on.
        let mut rng = Rng::new(23);
        for _ in 0..4 {
            let instance = slitherlink_like(&mut rng, 4, 4);
            for enc in [LoopEncoding::Lazy, LoopEncoding::Tree, LoopEncoding::Flow] {
                let rounds = solve_slitherlink_like((4, 4), &instance, enc, "microlp");
                assert!(rounds <= 50, "{enc:?}: {rounds} cut rounds");
            }
        }
    }

    #[test]
    fn a_loop_through_two_far_corners_comes_out_whole_on_every_backend() {
        // 4×4 cells, no clues; the loop must pass both r1c1 and r5c5 corners of the vertex grid:
        // two small squares, one per corner, are what a solver tends to return first.
        use crate::lower::CardEncoding;
        use crate::solve::{Driver, Next};
        let (h, w) = (5, 5);
        let edges = crate::grid::Grid::new(h, w).edges();
        for backend in ["batsat", "varisat", "microlp"] {
            for enc in [LoopEncoding::Lazy, LoopEncoding::Tree] {
                let mut m = Model::new();
                let used: Vec<Var> = (0..edges.len())
                    .map(|e| m.new_answer_bool(format!("segment{e}")))
                    .collect();
                let graph = EdgeGraph::new(h * w, &edges, used.iter().map(|&v| v.into()));
                let on = add_single_loop(&mut m, "loop", &graph, LoopGuard::Through(0), enc);
                add_clause(&mut m, "far corner", [on[h * w - 1]]);
                let mut driver = Driver::new(m, backend, CardEncoding::Totalizer, None).unwrap();
                let Next::Solution(a) = driver.next_solution().unwrap() else {
                    panic!("{enc:?} on {backend}: no loop");
                };
                let got: Vec<bool> = used.iter().map(|&v| a.bool(v)).collect();
                assert!(is_single_loop(h * w, &edges, &got), "{enc:?} on {backend}");
                let touches = |v: usize| {
                    edges
                        .iter()
                        .zip(&got)
                        .any(|(&(x, y), &u)| u && (x == v || y == v))
                };
                assert!(touches(0) && touches(h * w - 1), "{enc:?} on {backend}");
                eprintln!(
                    "two corners {enc:?} on {backend}: {} cut rounds, {} cuts",
                    driver.stats.cut_rounds, driver.stats.cuts
                );
            }
        }
    }
}
