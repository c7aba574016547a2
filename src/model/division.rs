//! Dividing the nodes of a graph (a grid's cells) into regions, every node in exactly one. Three
//! forms, each for the genres whose regions it states best:
//! - [`add_exact_cover`]: candidate regions enumerated up front (placements: Shikaku's
//!   rectangles, Dominos' dominoes), each node covered by exactly one chosen candidate and each
//!   group (a clue, a domino) choosing exactly one;
//! - [`add_rooted_division`]: a region id per node among the regions that may hold it, each
//!   region connected to its root (Galaxies' centres);
//! - [`add_sized_classes`]: a size class per node, the connected areas of one class holding
//!   exactly (or at least) its size, with lazy cuts (Fillomino: the areas of equal numbers).

use super::active::{add_clause, add_exactly_one, clause_of};
use super::connectivity::{add_connected, edge_list, ConnectivityEncoding, NodeGraph};
use super::justify::{Justification, Meaning};
use super::{Active, Assignment, Cut, LazyConstraint, Model, NamedConstraint, Var};
use crate::graph::components;
use crate::grid::rooms::Rooms;
use crate::grid::Grid;
use std::collections::VecDeque;

/// A candidate region: its nodes and the group that chooses exactly one of its candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The group (e.g. the clue the region holds).
    pub group: usize,
    /// The nodes it covers.
    pub nodes: Vec<usize>,
}

/// Adds "every node is covered by exactly one chosen candidate, and every group chooses exactly
/// one candidate", one 0/1 answer key per candidate named `{name}[{i}]`. A node no candidate
/// covers, or a group without candidates, makes the model infeasible.
pub fn add_exact_cover(
    model: &mut Model,
    name: &str,
    nodes: usize,
    groups: usize,
    candidates: &[Candidate],
    node_name: impl Fn(usize) -> String,
) -> Vec<Var> {
    let vars: Vec<Var> = (0..candidates.len())
        .map(|i| model.new_answer_bool(format!("{name}[{i}]")))
        .collect();
    let mut covering = vec![Vec::new(); nodes];
    let mut of_group = vec![Vec::new(); groups];
    for (cand, &v) in candidates.iter().zip(&vars) {
        of_group[cand.group].push(Active::from(v));
        for &n in &cand.nodes {
            covering[n].push(Active::from(v));
        }
    }
    for (g, terms) in of_group.into_iter().enumerate() {
        add_exactly_one(model, format!("{name}: group {g} chooses one"), terms);
    }
    for (n, terms) in covering.into_iter().enumerate() {
        add_exactly_one(
            model,
            format!("{name}: {} covered once", node_name(n)),
            terms,
        );
    }
    vars
}

/// The group of the chosen candidate covering each node (`usize::MAX` where none is chosen).
/// Genres answer with [`first_appearance`] of these, so that one division reads one way.
pub fn cover_labels(
    a: &Assignment,
    nodes: usize,
    candidates: &[Candidate],
    vars: &[Var],
) -> Vec<usize> {
    let mut label = vec![usize::MAX; nodes];
    for (cand, &v) in candidates.iter().zip(vars) {
        if a.bool(v) {
            for &n in &cand.nodes {
                label[n] = cand.group;
            }
        }
    }
    label
}

/// Labels renumbered 1, 2, … in order of first appearance (how region answers are compared:
/// the labels themselves are arbitrary).
pub fn first_appearance(labels: &[usize]) -> Vec<usize> {
    let mut number: std::collections::HashMap<usize, usize> = Default::default();
    (labels.iter())
        .map(|&l| {
            let next = number.len() + 1;
            *number.entry(l).or_insert(next)
        })
        .collect()
}

/// A division's answer in janko's notation: the header, then each cell's region numbered in
/// order of first appearance.
pub fn division_answer_text(grid: Grid, labels: &[usize]) -> String {
    let numbers = first_appearance(labels);
    grid.answer_text("", |c| numbers[c])
}

/// A division's rows as printed: the grid lines of its answer text.
pub fn division_rows(grid: Grid, labels: &[usize]) -> Vec<String> {
    let text = division_answer_text(grid, labels);
    text.lines().skip(1).map(str::to_string).collect()
}

/// The regions of a division's answer, checked for its length; a label on two separate pieces
/// is an error naming both (`region`: what the genre calls a region).
pub fn division_rooms(grid: Grid, labels: &[usize], region: &str) -> Result<Rooms, String> {
    grid.check_answer_len(labels)?;
    Rooms::from_labels(grid, labels).map_err(|split| {
        let (a, b) = (grid.name(split.first), grid.name(split.second));
        format!("the {region} of {a} also has the separate piece at {b}")
    })
}

/// Adds "every node is in exactly one region, and each region is connected and holds its
/// root": `member[r][v]` says whether node v is in region r (`Never` where it cannot be).
pub fn add_rooted_division(
    model: &mut Model,
    name: &str,
    edges: &[(usize, usize)],
    member: &[Vec<Active>],
    roots: &[usize],
    node_name: impl Fn(usize) -> String + Copy,
    encoding: ConnectivityEncoding,
) {
    let nodes = member.first().map_or(0, Vec::len);
    for v in 0..nodes {
        let terms = member.iter().map(|m| m[v]);
        add_exactly_one(
            model,
            format!("{name}: {} in one region", node_name(v)),
            terms,
        );
    }
    for (r, (m, &root)) in member.iter().zip(roots).enumerate() {
        let graph = NodeGraph::new(m.iter().copied(), edges).with_names(node_name);
        // A member other than the root has a member neighbour: implied by connectivity, but
        // stated, it lets every encoding (the lazy one above all) see it without a round.
        for v in (0..nodes).filter(|&v| v != root && !m[v].is_never()) {
            let near = graph.neighbours(v).iter().map(|&u| m[u]);
            let terms = std::iter::once(!m[v]).chain(near);
            add_clause(
                model,
                format!("{name}: region {r} at {} grows", node_name(v)),
                terms,
            );
        }
        let what = format!("{name}: region {r} ({}) connected", node_name(root));
        add_connected(model, &what, graph, Some(root), encoding);
    }
}

/// A size class: the connected areas of its nodes have exactly `size` nodes, or at least
/// `size` when `at_least` (a class for "any size above the others").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeClass {
    /// The size of each of its areas.
    pub size: usize,
    /// Whether `size` is a lower bound only.
    pub at_least: bool,
}

/// Adds "every node is in exactly one class, and every connected area of one class's nodes
/// has that class's size": `member[k][v]` says whether node v is in class k. Eagerly: a node
/// of a class of size 1 has no neighbour of its class, of size 2 at most one, of a larger size
/// at least one; the areas' sizes are checked lazily ([`SizedClassCut`]).
pub fn add_sized_classes(
    model: &mut Model,
    name: &str,
    graph: &NodeGraph,
    classes: &[SizeClass],
    member: &[Vec<Active>],
) {
    let name_of = |v: usize| graph.name(v).to_string();
    for v in 0..graph.len() {
        let terms = member.iter().map(|m| m[v]);
        add_exactly_one(model, format!("{name}: {} in one class", name_of(v)), terms);
    }
    for (class, m) in classes.iter().zip(member) {
        let size = class.size;
        for v in 0..graph.len() {
            let at = format!("{name}: {} of size {size}", name_of(v));
            let near = graph.neighbours(v);
            match (size, class.at_least) {
                (0, false) => add_clause(model, at, [!m[v]]),
                (1, false) => {
                    for &u in near.iter().filter(|&&u| u > v) {
                        add_clause(model, format!("{at} alone"), [!m[v], !m[u]]);
                    }
                }
                _ if size >= 2 => {
                    let grows = std::iter::once(!m[v]).chain(near.iter().map(|&u| m[u]));
                    add_clause(model, format!("{at} grows"), grows);
                    if size == 2 && !class.at_least {
                        for (i, &u) in near.iter().enumerate() {
                            for &w in &near[i + 1..] {
                                add_clause(model, format!("{at} pair"), [!m[v], !m[u], !m[w]]);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    model.add_lazy(SizedClassCut {
        name: name.to_string(),
        graph: graph.clone(),
        classes: classes.to_vec(),
        member: member.to_vec(),
    });
}

/// The connected areas of each class's nodes under an assignment, with the class of each.
pub fn class_areas(
    adjacency: &[Vec<usize>],
    member: &[Vec<Active>],
    a: &Assignment,
) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    for (k, m) in member.iter().enumerate() {
        let areas = components(adjacency, |v| m[v].holds(a));
        out.extend(areas.into_iter().map(|area| (k, area)));
    }
    out
}

/// The lazy part of [`add_sized_classes`]. For an area C of class k on a candidate:
/// - larger than an exact size s: its first s + 1 nodes in breadth-first order (connected) are
///   not all of class k;
/// - smaller than the size: for each v ∈ C, `¬k(v) ∨ ⋁_{u∈N(C)} k(u)` (with no neighbour of C
///   in class k, v's area stays inside C).
///
/// Each cut is violated by the candidate and holds in every valid assignment.
#[derive(Clone, Debug)]
pub struct SizedClassCut {
    name: String,
    graph: NodeGraph,
    classes: Vec<SizeClass>,
    member: Vec<Vec<Active>>,
}

impl LazyConstraint for SizedClassCut {
    fn name(&self) -> &str {
        &self.name
    }
    fn meaning(&self) -> Option<Meaning> {
        let g = &self.graph;
        Some(Meaning::SizedClasses {
            member: self.member.clone(),
            classes: (self.classes.iter())
                .map(|c| (c.size, c.at_least))
                .collect(),
            edges: edge_list(g.adjacency()),
            names: (0..g.len()).map(|v| g.name(v).to_string()).collect(),
        })
    }
    fn justified_cuts(&self, a: &Assignment) -> Vec<Cut> {
        let g = &self.graph;
        let mut cuts = Vec::new();
        let mut push = |name: String, terms: Vec<Active>, why: Justification| {
            if let Some(c) = clause_of(terms) {
                let constraint = NamedConstraint::new(name, c);
                cuts.push(Cut {
                    constraint,
                    why: Some(why),
                });
            }
        };
        let mut in_area = vec![false; g.len()];
        for (k, area) in class_areas(g.adjacency(), &self.member, a) {
            let (class, m) = (self.classes[k], &self.member[k]);
            let size = class.size;
            let at = g.name(area[0]);
            if area.len() > size && !class.at_least {
                let first = breadth_first(g, &area, size + 1);
                let terms = first.iter().map(|&v| !m[v]).collect();
                let why = Justification::ClassAreaTooBig {
                    class: k,
                    nodes: first,
                };
                push(
                    format!("{} cut: area of {at} over {size}", self.name),
                    terms,
                    why,
                );
            } else if area.len() < size {
                area.iter().for_each(|&v| in_area[v] = true);
                let mut border: Vec<usize> = (area.iter())
                    .flat_map(|&v| g.neighbours(v).iter().copied())
                    .filter(|&u| !in_area[u])
                    .collect();
                border.sort_unstable();
                border.dedup();
                area.iter().for_each(|&v| in_area[v] = false);
                for &v in &area {
                    let terms = std::iter::once(!m[v]).chain(border.iter().map(|&u| m[u]));
                    let what = format!("{} cut: area of {} under {size}", self.name, g.name(v));
                    let why = Justification::ClassAreaTooSmall {
                        class: k,
                        node: v,
                        nodes: area.clone(),
                    };
                    push(what, terms.collect(), why);
                }
            }
        }
        cuts
    }
}

/// The first `count` nodes of a breadth-first search of `area` from its first node.
fn breadth_first(g: &NodeGraph, area: &[usize], count: usize) -> Vec<usize> {
    let mut inside = vec![false; g.len()];
    area.iter().for_each(|&v| inside[v] = true);
    let mut order = vec![area[0]];
    inside[area[0]] = false;
    let mut queue = VecDeque::from([area[0]]);
    while let Some(v) = queue.pop_front() {
        for &u in g.neighbours(v) {
            if inside[u] && order.len() < count {
                inside[u] = false;
                order.push(u);
                queue.push_back(u);
            }
        }
    }
    order
}

/// Every division of `n` nodes into labelled parts of at most `largest` nodes, each as its
/// labels numbered by first appearance (1, 2, …): the candidates of brute-force tests.
#[cfg(test)]
pub(crate) fn all_divisions(n: usize, largest: usize) -> Vec<Vec<usize>> {
    fn grow(
        labels: &mut Vec<usize>,
        sizes: &mut Vec<usize>,
        n: usize,
        largest: usize,
        out: &mut Vec<Vec<usize>>,
    ) {
        if labels.len() == n {
            out.push(labels.clone());
            return;
        }
        for part in 0..=sizes.len() {
            if part == sizes.len() {
                sizes.push(0);
            }
            if sizes[part] < largest {
                sizes[part] += 1;
                labels.push(part + 1);
                grow(labels, sizes, n, largest, out);
                labels.pop();
                sizes[part] -= 1;
            }
            if sizes.last() == Some(&0) {
                sizes.pop();
            }
        }
    }
    let mut out = Vec::new();
    grow(&mut Vec::new(), &mut Vec::new(), n, largest, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::model::testing::{satisfiable_projections, Rng};
    use std::collections::BTreeSet;

    #[test]
    fn all_divisions_are_the_set_partitions() {
        // Bell numbers, and perfect matchings of 6 nodes (5 · 3 · 1).
        let counts: Vec<usize> = (1..=6).map(|n| all_divisions(n, n).len()).collect();
        assert_eq!(counts, [1, 2, 5, 15, 52, 203]);
        assert_eq!(
            all_divisions(6, 2)
                .iter()
                .filter(|d| d.len() == 6 && d.iter().max() == Some(&3))
                .count(),
            15
        );
    }

    #[test]
    fn exact_cover_chooses_exactly_the_covers_of_random_candidates() {
        let mut rng = Rng::new(27);
        for _ in 0..40 {
            let (nodes, groups) = (1 + rng.below(6) as usize, 1 + rng.below(3) as usize);
            let candidates: Vec<Candidate> = (0..rng.below(9))
                .map(|_| Candidate {
                    group: rng.below(groups as u64) as usize,
                    nodes: (0..nodes).filter(|_| rng.below(3) == 0).collect(),
                })
                .collect();
            let mut m = Model::new();
            let vars = add_exact_cover(&mut m, "cover", nodes, groups, &candidates, |v| {
                format!("n{v}")
            });
            let found = satisfiable_projections(&m, &vars);
            // Brute force: the subsets of candidates covering each node once, one per group.
            let expected: BTreeSet<u64> = (0u64..1 << candidates.len())
                .filter(|&mask| {
                    let chosen = || (0..candidates.len()).filter(|&i| mask >> i & 1 == 1);
                    let per_node = (0..nodes).all(|v| {
                        chosen()
                            .filter(|&i| candidates[i].nodes.contains(&v))
                            .count()
                            == 1
                    });
                    let per_group = (0..groups)
                        .all(|g| chosen().filter(|&i| candidates[i].group == g).count() == 1);
                    per_node && per_group
                })
                .collect();
            assert_eq!(found, expected, "{candidates:?}");
        }
    }

    #[test]
    fn every_sized_class_cut_passes_the_independent_check() {
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for _ in 0..200 {
            let g = Grid::new(2 + rng.below(3) as usize, 2 + rng.below(3) as usize);
            let mut m = Model::new();
            let classes: Vec<SizeClass> = [(1, false), (2, false), (3, false), (3, true)]
                .map(|(size, at_least)| SizeClass { size, at_least })
                .to_vec();
            let member: Vec<Vec<Active>> = (0..classes.len())
                .map(|k| {
                    g.cells()
                        .map(|c| m.new_bool(format!("{k}/{c}")).into())
                        .collect()
                })
                .collect();
            let graph = NodeGraph::new(vec![Active::Always; g.len()], &g.edges());
            add_sized_classes(&mut m, "s", &graph, &classes, &member);
            // Each cell in one random class: the candidates the lazy part sees.
            let mut values = vec![0; classes.len() * g.len()];
            for c in g.cells() {
                values[rng.below(classes.len() as u64) as usize * g.len() + c] = 1;
            }
            let a = Assignment { values };
            let lazy = &m.lazy[0];
            let meaning = lazy.meaning().expect("sized classes have a meaning");
            for cut in lazy.justified_cuts(&a) {
                let why = cut.why.expect("a sized-class cut is justified");
                let verdict =
                    crate::certify::cuts::check_cut(&meaning, &cut.constraint.constraint, &why);
                assert_eq!(verdict, Ok(()), "{} ({why:?})", cut.constraint.name);
                assert!(!cut.constraint.constraint.holds(|v| a.value(v)));
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked} cuts checked");
    }

    #[test]
    fn rooted_division_matches_brute_force_on_small_grids() {
        let mut rng = Rng::new(7);
        for _ in 0..25 {
            let g = Grid::new(1 + rng.below(3) as usize, 1 + rng.below(3) as usize);
            let regions = 1 + rng.below(3.min(g.len() as u64)) as usize;
            let mut roots: Vec<usize> = Vec::new();
            while roots.len() < regions {
                let r = rng.below(g.len() as u64) as usize;
                if !roots.contains(&r) {
                    roots.push(r);
                }
            }
            let mut m = Model::new();
            let mut keys = Vec::new();
            let member: Vec<Vec<Active>> = (0..regions)
                .map(|r| {
                    (g.cells())
                        .map(|c| match rng.below(4) {
                            0 if c != roots[r] => Active::Never,
                            _ => {
                                let v = m.new_bool(format!("m{r}{c}"));
                                keys.push((r, c, v));
                                v.into()
                            }
                        })
                        .collect()
                })
                .collect();
            let name = |c: usize| g.name(c);
            let tree = ConnectivityEncoding::Tree;
            add_rooted_division(&mut m, "d", &g.edges(), &member, &roots, name, tree);
            let vars: Vec<Var> = keys.iter().map(|k| k.2).collect();
            let found = satisfiable_projections(&m, &vars);
            let expected: BTreeSet<u64> = (0u64..1 << keys.len())
                .filter(|&mask| {
                    let is = |r: usize, c: usize| {
                        keys.iter()
                            .position(|k| k.0 == r && k.1 == c)
                            .is_some_and(|i| mask >> i & 1 == 1)
                    };
                    let one_each = g
                        .cells()
                        .all(|c| (0..regions).filter(|&r| is(r, c)).count() == 1);
                    one_each
                        && (0..regions).all(|r| {
                            let parts = components(&g.adjacency(), |c| is(r, c));
                            parts.len() == 1 && parts[0].contains(&roots[r])
                        })
                })
                .collect();
            assert_eq!(found, expected, "{g:?} roots {roots:?}");
        }
    }
}
