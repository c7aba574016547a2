//! "Paths join given pairs of endpoints without touching each other" (Numberlink): over an
//! [`EdgeGraph`], each endpoint has exactly one used edge, every other node none or two, a
//! "which pair" label per node carried along used edges (so no path joins the ends of two
//! different pairs), and no cycle away from the endpoints, in three formulations: a spanning
//! tree rooted at the endpoints (complete), lazy cycle cuts, or lazy cycle cuts with each pair's
//! nodes kept connected by a propagator in the search. Nodes may stay unused.
//!
//! Two moves turn an answer into another: a path that *touches itself* (two of its nodes joined
//! by an edge it does not use) can be cut short across that edge, the nodes in between left
//! unused; a used edge with a *detour* (its two ends border one connected set of unused nodes)
//! can be replaced by a path through them. [`PathReduction`] searches first the answers where
//! one of the moves does not apply, and [`touch`] and [`detour`] tell when such an answer
//! stands for the rules alone.

use super::active::{add_at_most_one, add_clause, add_contradiction, add_exactly_one};
use super::connectivity::{add_connected, ConnectivityEncoding, NodeGraph};
use super::gated::{add_reaches_roots_over_gates, GatedArc};
use super::loops::{degree_constraints, EdgeGraph};
use super::{Active, Assignment, Cut, LazyConstraint, Model, NamedConstraint};
use crate::formulation::Value;
use crate::graph::UnionFind;

/// Which formulation keeps the paths free of cycles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathEncoding {
    /// Cycle cuts added while a candidate has a cycle through no endpoint.
    Lazy,
    /// Every used node has a parent across a used edge with a smaller label, the endpoints
    /// being the roots.
    Tree,
    /// The nodes of each pair's label are connected (a propagator inside batsat's search:
    /// a pair walled off by other paths is a conflict at once), cycle cuts as in `Lazy`.
    Propagator,
    /// `Propagator` on graphs of fewer than [`TREE_FROM_NODES`] nodes, `Tree` from there on.
    BySize,
}

/// From this many nodes `paths=auto` is the tree: on janko's 20×20s and larger the tree on
/// CaDiCaL decided 2–4× sooner than the propagator on batsat (548_20x20 107 s against 350,
/// 530 140 against 563, 576_18x26 9 against 18), while below it the propagator was far ahead
/// (420_14x24 6.8 s against over 120, 309_15x20 34 against over 120).
pub const TREE_FROM_NODES: usize = 400;

impl PathEncoding {
    /// The encoding this one means on a graph of `nodes` nodes (`BySize` resolved).
    pub fn for_nodes(self, nodes: usize) -> PathEncoding {
        match self {
            PathEncoding::BySize if nodes >= TREE_FROM_NODES => PathEncoding::Tree,
            PathEncoding::BySize => PathEncoding::Propagator,
            encoding => encoding,
        }
    }
}

impl crate::formulation::Choice for PathEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete(
            "tree",
            "complete: degrees, pair labels and a spanning tree rooted at the endpoints over used edges",
        ),
        Value::lazy(
            "lazy",
            "degrees and pair labels up front, cycle cuts in a loop: solve, find the cycles, cut, solve again",
        ),
        Value::in_solver(
            "propagator",
            "as `lazy`, and each pair's cells connected by a propagator inside batsat's search (batsat only)",
        ),
        Value::in_solver(
            "auto",
            "`propagator` on grids of fewer than 400 cells, `tree` from 400 on (where CaDiCaL with the tree was 2-4x faster)",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "lazy" => Some(PathEncoding::Lazy),
            "tree" => Some(PathEncoding::Tree),
            "propagator" => Some(PathEncoding::Propagator),
            "auto" => Some(PathEncoding::BySize),
            _ => None,
        }
    }
}

/// Which answers are searched: all, or first those that one move (shortening a path that
/// touches itself, or detouring a used edge) cannot change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathReduction {
    /// The rules alone.
    Rules,
    /// Only answers where no path touches itself (every answer shortens to one).
    NoTouch,
    /// Only answers that no local move makes use fewer nodes, or the same number with a lower
    /// sum of node indices: no touch, no shortcut through one or two unused nodes (an answer
    /// using the fewest nodes, and of those the lowest sum, is one).
    Fewest,
    /// Only answers where no used edge has two unused nodes beside it (every answer lengthens
    /// to one).
    NoDetour,
    /// `NoTouch` first; its unique answer stands when it has no [`detour`].
    Shortened,
    /// `NoDetour` first; its unique answer stands when no path in it [`touch`]es itself.
    Lengthened,
    /// Only answers that leave no node unused but those the ends' colours force (on a
    /// bipartite graph a path's nodes alternate colours) and where no path touches itself:
    /// not the rules (a puzzle whose answers all leave more nodes unused has none here).
    Filled,
    /// `Filled` first; its unique answer stands when it is the only answer of `Fewest`.
    FilledFirst,
}

impl crate::formulation::Choice for PathReduction {
    const VALUES: &'static [Value] = &[
        Value::complete("rules", "the rules alone"),
        Value::complete(
            "no-touch",
            "only answers where no path runs beside itself (every answer shortens to one): exact for none and multiple",
        ),
        Value::complete(
            "fewest",
            "only answers no local move shortens: no path beside itself, none that could pass through one or two empty cells instead of a longer way round: exact for none and multiple",
        ),
        Value::complete(
            "no-detour",
            "only answers where no used edge has two unused cells beside it (every answer lengthens to one): exact for none and multiple",
        ),
        Value::complete(
            "shortened",
            "exact: solve with `no-touch` (batsat); its unique answer stands when no used edge can detour through unused cells, else solve by the rules",
        ),
        Value::complete(
            "lengthened",
            "exact: solve with `no-detour` (batsat); its unique answer stands when no path runs beside itself, else solve by the rules",
        ),
        Value::complete(
            "filled",
            "only answers that use every cell (but those the ends' chessboard colours leave empty), no path beside itself: NOT the rules (a puzzle whose answers leave more cells empty has none here)",
        ),
        Value::complete(
            "filled-first",
            "exact: solve with `filled` (batsat); its unique answer stands when no answer without touches differs from it (one search over the regions where one could); else the rules decide",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "rules" => Some(PathReduction::Rules),
            "no-touch" => Some(PathReduction::NoTouch),
            "fewest" => Some(PathReduction::Fewest),
            "no-detour" => Some(PathReduction::NoDetour),
            "shortened" => Some(PathReduction::Shortened),
            "lengthened" => Some(PathReduction::Lengthened),
            "filled" => Some(PathReduction::Filled),
            "filled-first" => Some(PathReduction::FilledFirst),
            _ => None,
        }
    }
}

impl PathReduction {
    /// The restricted search that `Shortened`, `Lengthened` or `FilledFirst` runs first, with
    /// what its unique answer must pass to stand, or `None` for the others.
    pub fn first_search(self) -> Option<(&'static str, Stands)> {
        match self {
            PathReduction::Shortened => Some(("no-touch", Stands::Unless(detour))),
            PathReduction::Lengthened => Some(("no-detour", Stands::Unless(touch))),
            PathReduction::FilledFirst => Some(("filled", Stands::OnlyAnswerOf("fewest"))),
            _ => None,
        }
    }
}

/// What the unique answer of a restricted search must pass to be the only answer.
#[derive(Clone, Copy, Debug)]
pub enum Stands {
    /// The move must not apply to it.
    Unless(DecisiveMove),
    /// It must be the only answer of this reduction, shown by one search for another (as the
    /// answer changed along the border of a non-empty set of faces). No answer uses more nodes
    /// than a filled one, so any other answer uses fewer, or shortens across a touch to one
    /// that does; the answer that uses the fewest is then another answer of `Fewest`.
    OnlyAnswerOf(&'static str),
}

/// A move that would turn an answer into another, found in `(nodes, edges, used)` as an edge.
pub type DecisiveMove = fn(usize, &[(usize, usize)], &[bool]) -> Option<(usize, usize)>;

/// A used edge whose two ends both border one connected set of unused nodes, as that edge:
/// its path could detour through them. Every answer shortens, touch by touch, to one without
/// touches, the last step undoing a detour; so an answer without touches and without a
/// detour is the only answer when no other answer is without touches.
pub fn detour(n: usize, edges: &[(usize, usize)], used: &[bool]) -> Option<(usize, usize)> {
    let mut empty = vec![true; n];
    for (&(a, b), _) in edges.iter().zip(used).filter(|(_, &u)| u) {
        (empty[a], empty[b]) = (false, false);
    }
    let mut parts = UnionFind::new(n);
    for &(a, b) in edges.iter().filter(|&&(a, b)| empty[a] && empty[b]) {
        parts.union(a, b);
    }
    // The empty parts each node borders.
    let mut borders: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in edges {
        for (x, y) in [(a, b), (b, a)] {
            if empty[y] && !empty[x] {
                borders[x].push(parts.find(y));
            }
        }
    }
    let mut used_edges = edges.iter().zip(used).filter(|(_, &u)| u);
    used_edges
        .find(|(&(a, b), _)| borders[a].iter().any(|p| borders[b].contains(p)))
        .map(|(&e, _)| e)
}

/// An unused edge between two nodes of one path, as that edge: the path could be cut short
/// across it. Every answer lengthens, detour by detour, to one without detours, the last step
/// undoing a touch; so an answer without detours and without touches is the only answer when
/// no other answer is without detours.
pub fn touch(n: usize, edges: &[(usize, usize)], used: &[bool]) -> Option<(usize, usize)> {
    let mut paths = UnionFind::new(n);
    let mut on = vec![false; n];
    for (&(a, b), _) in edges.iter().zip(used).filter(|(_, &u)| u) {
        paths.union(a, b);
        (on[a], on[b]) = (true, true);
    }
    let mut unused_edges = edges.iter().zip(used).filter(|(_, &u)| !u);
    unused_edges
        .find(|(&(a, b), _)| on[a] && on[b] && paths.find(a) == paths.find(b))
        .map(|(&e, _)| e)
}

/// Adds "the used edges are paths, one between the two ends of each pair, and nothing else"
/// (nodes off every path allowed; `reduction` may leave out answers one move changes) and returns,
/// per node, whether a path passes through it. An endpoint in two pairs, or a pair joining a
/// node to itself, is a contradiction.
pub fn add_paths(
    model: &mut Model,
    name: &str,
    graph: &EdgeGraph,
    pairs: &[(usize, usize)],
    encoding: PathEncoding,
    reduction: PathReduction,
) -> Vec<Active> {
    let n = graph.len();
    let encoding = encoding.for_nodes(n);
    let inc = graph.incidence();
    let mut pair_of = vec![None; n];
    for (i, &(a, b)) in pairs.iter().enumerate() {
        for v in [a, b] {
            if pair_of[v].replace(i).is_some() {
                let why = format!("{name}: {} ends two paths", graph.name(v));
                add_contradiction(model, &why);
            }
        }
    }
    let used = |e: usize| graph.used()[e];
    let mut on = Vec::with_capacity(n);
    for v in 0..n {
        if pair_of[v].is_some() {
            let ends = format!("{name} end {}", graph.name(v));
            add_exactly_one(model, ends, inc[v].iter().map(|&e| used(e)));
            on.push(Active::Always);
        } else {
            on.push(degree_constraints(model, name, graph, v, &inc[v]));
        }
    }
    // label[v][i]: v lies on the path of pair i; an endpoint's is fixed.
    let label: Vec<Vec<Active>> = (0..n)
        .map(|v| match pair_of[v] {
            Some(p) => (0..pairs.len()).map(|i| Active::from(i == p)).collect(),
            None if on[v].is_never() => vec![Active::Never; pairs.len()],
            None => (0..pairs.len())
                .map(|i| {
                    model
                        .new_bool(format!("{name} pair{i}[{}]", graph.name(v)))
                        .into()
                })
                .collect(),
        })
        .collect();
    for v in (0..n).filter(|&v| pair_of[v].is_none() && !on[v].is_never()) {
        let vname = graph.name(v);
        add_at_most_one(
            model,
            format!("{name} one pair at {vname}"),
            label[v].clone(),
        );
        let some = std::iter::once(!on[v]).chain(label[v].iter().copied());
        add_clause(model, format!("{name} labelled {vname}"), some);
        // An unused node has no label, so that the edges decide every label.
        for &l in &label[v] {
            add_clause(model, format!("{name} unlabelled {vname}"), [on[v], !l]);
        }
    }
    for (e, &(a, b)) in graph.edges().iter().enumerate() {
        for (x, y) in [(a, b), (b, a)] {
            for (&lx, &ly) in label[x].iter().zip(&label[y]) {
                let same = format!("{name} same pair {}-{}", graph.name(x), graph.name(y));
                add_clause(model, same, [!used(e), !lx, ly]);
            }
        }
        if matches!(
            reduction,
            PathReduction::NoTouch | PathReduction::Filled | PathReduction::Fewest
        ) {
            for (&la, &lb) in label[a].iter().zip(&label[b]) {
                let apart = format!("{name} no touch {}-{}", graph.name(a), graph.name(b));
                add_clause(model, apart, [!la, !lb, used(e)]);
            }
        }
    }
    if reduction == PathReduction::Filled {
        match forced_unused(graph, pairs) {
            0 => {
                for (v, &used) in on.iter().enumerate() {
                    add_clause(model, format!("{name} filled {}", graph.name(v)), [used]);
                }
            }
            d => {
                let mut unused = super::LinExpr::new();
                for &used in &on {
                    unused.add_active(1, !used);
                }
                model.add(format!("{name} filled but {d}"), unused.leq(d as i64));
            }
        }
    }
    if reduction == PathReduction::NoDetour {
        add_no_short_detour(model, name, graph, &on);
    }
    if reduction == PathReduction::Fewest {
        add_no_shortcut(model, name, graph, &on, &label);
    }
    let ends: Vec<bool> = pair_of.iter().map(Option::is_some).collect();
    if encoding == PathEncoding::Propagator {
        for (i, &(a, _)) in pairs.iter().enumerate() {
            let cells = NodeGraph::new(label.iter().map(|l| l[i]), graph.edges())
                .with_names(|v| graph.name(v).to_string());
            let what = format!("{name} pair{i} connected");
            add_connected(
                model,
                &what,
                cells,
                Some(a),
                ConnectivityEncoding::Propagator,
            );
        }
    }
    match encoding {
        PathEncoding::Lazy | PathEncoding::Propagator => model.add_lazy(PathCycleCut {
            name: name.to_string(),
            graph: graph.clone(),
            on: on.clone(),
            ends,
        }),
        // `BySize` was resolved to one of the others above.
        PathEncoding::Tree | PathEncoding::BySize => {
            add_rooted_tree(model, name, graph, &on, &ends)
        }
    }
    on
}

/// How many nodes every answer leaves unused at least, as the colours of a bipartite graph
/// tell (0 for a graph that is not bipartite): a path between ends of one colour has one node
/// more of that colour than of the other, between ends of two colours as many of each, so the
/// unused nodes make up the difference in each connected part.
fn forced_unused(graph: &EdgeGraph, pairs: &[(usize, usize)]) -> usize {
    let inc = graph.incidence();
    let n = graph.len();
    let mut colour: Vec<Option<(usize, bool)>> = vec![None; n];
    let mut parts = 0;
    for start in 0..n {
        if colour[start].is_some() {
            continue;
        }
        colour[start] = Some((parts, false));
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            let (part, c) = colour[v].expect("coloured before it is stacked");
            for &e in &inc[v] {
                let u = graph.other_end(e, v);
                match colour[u] {
                    None => {
                        colour[u] = Some((part, !c));
                        stack.push(u);
                    }
                    Some((_, cu)) if cu == c => return 0,
                    Some(_) => {}
                }
            }
        }
        parts += 1;
    }
    // Per part: (nodes of colour false) − (nodes of colour true) − (what the paths take).
    let mut surplus = vec![0i64; parts];
    for (part, c) in colour.iter().flatten() {
        surplus[*part] += if *c { -1 } else { 1 };
    }
    for &(a, b) in pairs {
        let ((part, ca), (_, cb)) = (colour[a].expect("coloured"), colour[b].expect("coloured"));
        if ca == cb {
            surplus[part] -= if ca { -1 } else { 1 };
        }
    }
    surplus.iter().map(|s| s.unsigned_abs() as usize).sum()
}

/// Adds "no used edge (a, b) has unused nodes a' next to a and b' next to b with a' and b'
/// adjacent" (the detours of two nodes: on a grid, two empty cells beside a used edge).
fn add_no_short_detour(model: &mut Model, name: &str, graph: &EdgeGraph, on: &[Active]) {
    let inc = graph.incidence();
    let other = |e: usize, v: usize| graph.other_end(e, v);
    for (e, &(a, b)) in graph.edges().iter().enumerate() {
        for &ea in &inc[a] {
            let a2 = other(ea, a);
            for &eb in &inc[b] {
                let b2 = other(eb, b);
                let beside = a2 != b && b2 != a && inc[a2].iter().any(|&f| other(f, a2) == b2);
                if beside {
                    let why = format!(
                        "{name} no detour beside {}-{}",
                        graph.name(a),
                        graph.name(b)
                    );
                    add_clause(model, why, [!graph.used()[e], on[a2], on[b2]]);
                }
            }
        }
    }
}

/// The largest set of unused nodes that [`add_no_shortcut`] lets a path pass through.
const SHORTCUT_NODES: usize = 2;

/// Adds "no path could pass through a small connected set S of unused nodes instead of a
/// longer way": two nodes x and y next to S, on one path, whose shortest way through S passes
/// all of S, are joined by a way outside S no longer than that, and when as long, with no
/// higher sum of node indices than S's (else the path would swap it for S and use fewer nodes,
/// or as many with a lower sum: an answer using the fewest nodes, and of those with the lowest
/// sum, has no such way).
fn add_no_shortcut(
    model: &mut Model,
    name: &str,
    graph: &EdgeGraph,
    on: &[Active],
    label: &[Vec<Active>],
) {
    let inc = graph.incidence();
    let other = |e: usize, v: usize| graph.other_end(e, v);
    let neighbours = |v: usize| inc[v].iter().map(move |&e| other(e, v));
    let mut sets: Vec<Vec<usize>> = (0..graph.len()).map(|v| vec![v]).collect();
    let mut last = sets.clone();
    for _ in 1..SHORTCUT_NODES {
        let mut grown = std::collections::BTreeSet::new();
        for set in &last {
            for v in set
                .iter()
                .flat_map(|&v| neighbours(v))
                .filter(|v| !set.contains(v))
            {
                let mut bigger = set.clone();
                bigger.push(v);
                bigger.sort_unstable();
                grown.insert(bigger);
            }
        }
        last = grown.into_iter().collect();
        sets.extend(last.iter().cloned());
    }
    for set in sets {
        let len = set.len() + 1;
        let border: Vec<usize> = {
            let mut b: Vec<usize> = set
                .iter()
                .flat_map(|&v| neighbours(v))
                .filter(|v| !set.contains(v))
                .collect();
            b.sort_unstable();
            b.dedup();
            b
        };
        for (i, &x) in border.iter().enumerate() {
            for &y in &border[i + 1..] {
                if neighbours(x).any(|v| v == y)
                    || distance_through(&set, x, y, &neighbours) != Some(len)
                {
                    continue;
                }
                // The ways from x to y outside the set that the path may take instead.
                let mut ways: Vec<Vec<usize>> = Vec::new();
                let mut way = vec![x];
                ways_outside(&set, y, len, &mut way, &mut ways, &neighbours);
                let index_sum: usize = set.iter().sum();
                ways.retain(|w| {
                    w.len() - 1 < len || w[1..w.len() - 1].iter().sum::<usize>() <= index_sum
                });
                let edges_of = |w: &Vec<usize>| -> Vec<Active> {
                    w.windows(2)
                        .map(|p| {
                            graph.used()[inc[p[0]]
                                .iter()
                                .copied()
                                .find(|&e| other(e, p[0]) == p[1])
                                .expect("adjacent")]
                        })
                        .collect()
                };
                let ways: Vec<Vec<Active>> = ways.iter().map(edges_of).collect();
                // "Some way has all its edges used", as clauses: one edge from each way (left
                // out where that makes many clauses).
                if ways.iter().map(Vec::len).product::<usize>() > 9 {
                    continue;
                }
                let mut picks: Vec<Vec<Active>> = vec![vec![]];
                for w in &ways {
                    picks = (picks.iter())
                        .flat_map(|p| w.iter().map(move |&e| [p.as_slice(), &[e]].concat()))
                        .collect();
                }
                let why = format!("{name} no shortcut through {}", graph.name(set[0]));
                for (&lx, &ly) in label[x].iter().zip(&label[y]) {
                    for pick in &picks {
                        let clause = set
                            .iter()
                            .map(|&v| on[v])
                            .chain([!lx, !ly])
                            .chain(pick.iter().copied());
                        add_clause(model, why.clone(), clause);
                    }
                }
            }
        }
    }
}

/// The number of edges of a shortest way from x to y whose inner nodes are all in `set`.
fn distance_through<I: Iterator<Item = usize>>(
    set: &[usize],
    x: usize,
    y: usize,
    neighbours: &impl Fn(usize) -> I,
) -> Option<usize> {
    let mut seen = vec![x];
    let mut front = vec![x];
    for d in 1..=set.len() + 1 {
        let mut next = Vec::new();
        for &v in &front {
            for u in neighbours(v) {
                if u == y {
                    return Some(d);
                }
                if set.contains(&u) && !seen.contains(&u) {
                    seen.push(u);
                    next.push(u);
                }
            }
        }
        front = next;
    }
    None
}

/// Collects into `ways` every simple way from the end of `way` to y of at most `len` edges
/// that avoids `set`.
fn ways_outside<I: Iterator<Item = usize>>(
    set: &[usize],
    y: usize,
    len: usize,
    way: &mut Vec<usize>,
    ways: &mut Vec<Vec<usize>>,
    neighbours: &impl Fn(usize) -> I,
) {
    let v = *way.last().expect("a way starts at x");
    if v == y {
        ways.push(way.clone());
        return;
    }
    if way.len() > len {
        return;
    }
    for u in neighbours(v) {
        if !set.contains(&u) && !way.contains(&u) {
            way.push(u);
            ways_outside(set, y, len, way, ways, neighbours);
            way.pop();
        }
    }
}

/// Every used node reaches an endpoint along used edges.
fn add_rooted_tree(model: &mut Model, name: &str, graph: &EdgeGraph, on: &[Active], ends: &[bool]) {
    let names: Vec<String> = (0..graph.len())
        .map(|v| graph.name(v).to_string())
        .collect();
    let roots: Vec<usize> = (0..graph.len()).filter(|&v| ends[v]).collect();
    let arcs = graph
        .edges()
        .iter()
        .zip(graph.used())
        .flat_map(|(&(a, b), &gate)| GatedArc::both_ways(a, b, gate));
    let arcs: Vec<GatedArc> = arcs.collect();
    add_reaches_roots_over_gates(model, name, &names, on, &roots, &arcs);
}

/// The lazy cycle constraint. On a candidate with a cycle C through no endpoint, with s on C
/// and Z the nodes that no endpoint reaches without crossing C (C among them), the cut
/// `¬on(s) ∨ ⋁_{e ∈ δ(Z)} used(e)`: every edge of δ(Z) ends in C and is unused, so the
/// candidate violates it, and a path through s runs to an endpoint outside Z, so it crosses δ(Z).
#[derive(Clone, Debug)]
pub struct PathCycleCut {
    name: String,
    graph: EdgeGraph,
    on: Vec<Active>,
    ends: Vec<bool>,
}

impl PathCycleCut {
    /// The components of the used edges that hold no endpoint (cycles, with degrees kept).
    fn cycles(&self, a: &Assignment) -> Vec<Vec<usize>> {
        (self.graph.used_components(a).into_iter())
            .filter(|c| c.iter().all(|&v| !self.ends[v]))
            .collect()
    }
}

impl LazyConstraint for PathCycleCut {
    fn name(&self) -> &str {
        &self.name
    }
    fn justified_cuts(&self, a: &Assignment) -> Vec<Cut> {
        let n = self.graph.len();
        let inc = self.graph.incidence();
        let mut cuts = Vec::new();
        for cycle in self.cycles(a) {
            let mut reached = vec![false; n];
            for &v in &cycle {
                reached[v] = true; // blocked: the search below never enters the cycle
            }
            let mut stack: Vec<usize> = (0..n).filter(|&v| self.ends[v]).collect();
            let starts = stack.clone();
            for &v in &starts {
                reached[v] = true;
            }
            while let Some(v) = stack.pop() {
                for &e in &inc[v] {
                    let u = self.graph.other_end(e, v);
                    if !reached[u] {
                        reached[u] = true;
                        stack.push(u);
                    }
                }
            }
            let in_z = |v: usize| !reached[v] || cycle.binary_search(&v).is_ok();
            let crossing = (0..n)
                .filter(|&v| in_z(v))
                .flat_map(|v| inc[v].iter().copied());
            let crossing = crossing.filter(|&e| {
                let (x, y) = self.graph.edges()[e];
                in_z(x) != in_z(y)
            });
            let s = cycle[0];
            let terms = std::iter::once(!self.on[s])
                .chain(crossing.map(|e| self.graph.used()[e]))
                .collect::<Vec<_>>();
            if let Some(clause) = super::active::clause_of(terms) {
                let what = format!("{} cut: cycle through {}", self.name, self.graph.name(s));
                cuts.push(Cut {
                    constraint: NamedConstraint::new(what, clause),
                    why: None,
                });
            }
        }
        cuts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::model::testing::satisfiable_projections;
    use crate::model::Var;

    /// Whether the used edges are exactly one path per pair and nothing else.
    fn valid(g: Grid, used: &[bool], pairs: &[(usize, usize)]) -> bool {
        let edges = g.edges();
        let mut degree = vec![0; g.len()];
        let mut uf = UnionFind::new(g.len());
        for (&(a, b), _) in edges.iter().zip(used).filter(|(_, &u)| u) {
            degree[a] += 1;
            degree[b] += 1;
            uf.union(a, b);
        }
        let is_end = |v: usize| pairs.iter().any(|&(a, b)| a == v || b == v);
        let degrees_ok = g
            .cells()
            .all(|v| degree[v] == if is_end(v) { 1 } else { degree[v] & 2 });
        let joined = pairs.iter().all(|&(a, b)| uf.find(a) == uf.find(b));
        // Every used node's component holds an endpoint (no cycle on its own).
        let rooted = g
            .cells()
            .all(|v| degree[v] == 0 || g.cells().any(|u| is_end(u) && uf.find(u) == uf.find(v)));
        degrees_ok && joined && rooted
    }

    fn model(g: Grid, pairs: &[(usize, usize)], encoding: PathEncoding) -> Built {
        reduced_model(g, pairs, encoding, PathReduction::Rules)
    }

    fn reduced_model(
        g: Grid,
        pairs: &[(usize, usize)],
        encoding: PathEncoding,
        reduction: PathReduction,
    ) -> Built {
        let mut m = Model::new();
        let vars: Vec<Var> = (0..g.edges().len())
            .map(|e| m.new_bool(format!("e{e}")))
            .collect();
        let graph = EdgeGraph::new(g.len(), &g.edges(), vars.iter().map(|&v| v.into()));
        let on = add_paths(&mut m, "paths", &graph, pairs, encoding, reduction);
        (m, vars, on)
    }

    type Built = (Model, Vec<Var>, Vec<Active>);

    fn used_of(g: Grid, mask: u64) -> Vec<bool> {
        (0..g.edges().len()).map(|i| mask >> i & 1 == 1).collect()
    }

    /// The cells some used edge of the mask touches, in increasing order.
    fn cells_on(g: Grid, mask: u64) -> Vec<usize> {
        let used = used_of(g, mask);
        let mut on: Vec<usize> = (g.edges().iter().zip(&used))
            .filter(|(_, &u)| u)
            .flat_map(|(&(a, b), _)| [a, b])
            .collect();
        on.sort_unstable();
        on.dedup();
        on
    }

    fn brute_force(g: Grid, pairs: &[(usize, usize)]) -> Vec<u64> {
        (0u64..1 << g.edges().len())
            .filter(|&mask| valid(g, &used_of(g, mask), pairs))
            .collect()
    }

    /// Grid height, width and the pairs of ends.
    type Case = (usize, usize, &'static [(usize, usize)]);

    const CASES: [Case; 6] = [
        (3, 3, &[(0, 8)]),
        (3, 3, &[(0, 2), (6, 8)]),
        (3, 4, &[(0, 11), (3, 8)]),
        (3, 4, &[(1, 9), (2, 10)]),
        (2, 4, &[(0, 7), (4, 3)]),
        (3, 4, &[(0, 3)]),
    ];

    #[test]
    fn auto_is_the_propagator_below_400_nodes_and_the_tree_from_there() {
        let auto = PathEncoding::BySize;
        assert_eq!(auto.for_nodes(399), PathEncoding::Propagator);
        assert_eq!(auto.for_nodes(400), PathEncoding::Tree);
        assert_eq!(PathEncoding::Lazy.for_nodes(400), PathEncoding::Lazy);
        assert_eq!(
            PathEncoding::Propagator.for_nodes(10_000),
            PathEncoding::Propagator
        );
    }

    #[test]
    fn the_tree_encoding_allows_exactly_the_brute_force_paths() {
        for (h, w, pairs) in CASES {
            let g = Grid::new(h, w);
            let (m, vars, _) = model(g, pairs, PathEncoding::Tree);
            let found: Vec<u64> = satisfiable_projections(&m, &vars).into_iter().collect();
            assert_eq!(found, brute_force(g, pairs), "{h}x{w} {pairs:?}");
        }
    }

    #[test]
    fn no_touch_keeps_exactly_the_answers_without_touches_and_no_detour_every_one_without_detours()
    {
        const MORE: [Case; 3] = [
            (3, 4, &[(0, 2), (9, 11)]),
            (4, 4, &[(0, 12)]),
            (2, 3, &[(0, 2), (3, 5)]),
        ];
        let cases = CASES.iter().chain(&MORE);
        let mut shown = [0; 2];
        for &(h, w, pairs) in cases {
            let g = Grid::new(h, w);
            let all = brute_force(g, pairs);
            let without = |check: DecisiveMove| -> Vec<u64> {
                let kept = all
                    .iter()
                    .filter(|&&m| check(g.len(), &g.edges(), &used_of(g, m)).is_none());
                kept.copied().collect()
            };
            let found = |r| {
                let (m, vars, _) = reduced_model(g, pairs, PathEncoding::Tree, r);
                satisfiable_projections(&m, &vars)
                    .into_iter()
                    .collect::<Vec<u64>>()
            };
            assert_eq!(
                found(PathReduction::NoTouch),
                without(touch),
                "{h}x{w} {pairs:?}"
            );
            let no_detour = found(PathReduction::NoDetour);
            assert!(
                without(detour).iter().all(|m| no_detour.contains(m)),
                "{h}x{w} {pairs:?}"
            );
            assert!(
                no_detour.iter().all(|m| all.contains(m)),
                "{h}x{w} {pairs:?}"
            );
            // The reductions' claims: a unique reduced answer that no move reaches is the only one.
            for (i, (kept, decisive)) in
                [(without(touch), detour as DecisiveMove), (no_detour, touch)]
                    .into_iter()
                    .enumerate()
            {
                assert_eq!(kept.is_empty(), all.is_empty(), "{h}x{w} {pairs:?}");
                if let [only] = kept[..] {
                    let stands = decisive(g.len(), &g.edges(), &used_of(g, only)).is_none();
                    assert_eq!(stands, all.len() == 1, "{h}x{w} {pairs:?} {i}");
                    shown[i] += usize::from(stands);
                }
            }
        }
        assert!(shown.iter().all(|&n| n >= 1), "{shown:?}");
    }

    #[test]
    fn fewest_keeps_only_answers_and_always_the_one_with_fewest_nodes_and_lowest_index_sum() {
        const MORE: [Case; 4] = [
            (3, 4, &[(0, 2), (9, 11)]),
            (3, 4, &[(4, 7)]),
            (3, 4, &[(0, 8), (3, 11)]),
            (3, 4, &[(0, 7)]),
        ];
        let (mut several, mut pruned) = (0, 0);
        for &(h, w, pairs) in CASES.iter().chain(&MORE) {
            let g = Grid::new(h, w);
            let all = brute_force(g, pairs);
            let nodes = |mask: u64| {
                let on = cells_on(g, mask);
                (on.len(), on.iter().sum::<usize>())
            };
            let (m, vars, _) = reduced_model(g, pairs, PathEncoding::Tree, PathReduction::Fewest);
            let found: Vec<u64> = satisfiable_projections(&m, &vars).into_iter().collect();
            assert!(found.iter().all(|m| all.contains(m)), "{h}x{w} {pairs:?}");
            if let Some(&best) = all.iter().min_by_key(|&&m| nodes(m)) {
                assert!(found.contains(&best), "{h}x{w} {pairs:?}");
            }
            several += usize::from(all.len() > 1);
            pruned += all.len() - found.len();
        }
        // The cases have several answers, and the rule leaves some of them out.
        assert!(several >= 3 && pruned >= 10, "{several} {pruned}");
    }

    #[test]
    fn filled_keeps_the_answers_without_touches_that_leave_only_the_forced_cells_empty() {
        const MORE: [Case; 4] = [
            (3, 3, &[(0, 1)]),
            (3, 3, &[(1, 3)]),
            (3, 4, &[(0, 5)]),
            (3, 3, &[(0, 1), (6, 8)]),
        ];
        let mut forced = 0;
        for &(h, w, pairs) in CASES.iter().chain(&MORE) {
            let g = Grid::new(h, w);
            let graph = EdgeGraph::new(g.len(), &g.edges(), vec![Active::Always; g.edges().len()]);
            let d = forced_unused(&graph, pairs);
            let empty = |mask: u64| g.len() - cells_on(g, mask).len();
            let all = brute_force(g, pairs);
            assert!(all.iter().all(|&m| empty(m) >= d), "{h}x{w} {pairs:?}");
            let kept: Vec<u64> = all
                .iter()
                .copied()
                .filter(|&m| empty(m) <= d && touch(g.len(), &g.edges(), &used_of(g, m)).is_none())
                .collect();
            let (m, vars, _) = reduced_model(g, pairs, PathEncoding::Tree, PathReduction::Filled);
            let found: Vec<u64> = satisfiable_projections(&m, &vars).into_iter().collect();
            assert_eq!(found, kept, "{h}x{w} {pairs:?}");
            forced += usize::from(d > 0 && !kept.is_empty());
        }
        assert!(forced >= 2, "{forced}");
    }

    #[test]
    fn lazy_cuts_hit_every_cycle_and_keep_every_valid_answer() {
        let mut cut_candidates = 0;
        for (h, w, pairs) in CASES {
            let g = Grid::new(h, w);
            let (m, vars, on) = model(g, pairs, PathEncoding::Lazy);
            // The edges, and each node's `on` from its degree (pair labels do not matter here).
            let assignment = |mask: u64| {
                let mut values = vec![0; m.vars.len()];
                let used = used_of(g, mask);
                for (i, v) in vars.iter().enumerate() {
                    values[v.index()] = used[i] as i64;
                }
                for (v, a) in on.iter().enumerate() {
                    if let Some(l) = a.lit() {
                        let passes = g
                            .cells()
                            .any(|u| g.edge_index(u, v).is_some_and(|e| used[e]));
                        values[l.var.index()] = (passes != l.negated) as i64;
                    }
                }
                Assignment { values }
            };
            let valid_masks = brute_force(g, pairs);
            let lazy = &m.lazy[0];
            for mask in 0u64..1 << g.edges().len() {
                let a = assignment(mask);
                let degrees_ok = g.cells().all(|v| {
                    let d = (g
                        .cells()
                        .filter(|&u| g.edge_index(u, v).is_some_and(|e| used_of(g, mask)[e])))
                    .count();
                    d == if pairs.iter().any(|&(x, y)| x == v || y == v) {
                        1
                    } else {
                        d & 2
                    }
                });
                let joined = pairs.iter().all(|&(x, y)| {
                    let used = used_of(g, mask);
                    let mut uf = UnionFind::new(g.len());
                    for (e, &(p, q)) in g.edges().iter().enumerate() {
                        if used[e] {
                            uf.union(p, q);
                        }
                    }
                    uf.find(x) == uf.find(y)
                });
                if !degrees_ok || !joined {
                    continue;
                }
                let cuts = lazy.cuts(&a);
                assert_eq!(cuts.is_empty(), valid_masks.contains(&mask), "{mask:b}");
                cut_candidates += usize::from(!cuts.is_empty());
                for cut in &cuts {
                    assert!(!cut.constraint.holds(|v| a.value(v)), "{}", cut.name);
                    for &ok in &valid_masks {
                        let b = assignment(ok);
                        assert!(cut.constraint.holds(|v| b.value(v)), "{}", cut.name);
                    }
                }
            }
        }
        assert!(cut_candidates >= 2, "{cut_candidates}");
    }
}
