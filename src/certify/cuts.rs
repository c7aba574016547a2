//! The independent check of lazy cuts: given what a lazy constraint means for every solution
//! and the graph fact a cut was read from, is the cut's clause true in every solution?
//!
//! Written apart from the generators in `model::connectivity`, `model::loops` and
//! `model::region` on purpose: it builds its own adjacency and runs its own searches, and
//! shares no function with them, so a generator that cuts off a real solution cannot also
//! wave its own cut through. Each kind of justification has one small check:
//!
//! - a separator: no path from one node to the other avoids it;
//! - a loop crossing: the set holds one end and not the other, and the clause names every
//!   usable edge leaving the set but at most one;
//! - two roots joined: the path is a path of the graph between two roots;
//! - a region too big: a connected set around the root with more nodes than the size;
//! - a region too small: a set around the root with fewer nodes, its border named;
//! - no root reachable: no path from the node to any root avoids the separator.
//!
//! In every case the check then demands that the clause contains each literal the argument
//! needs (a clause with more literals is weaker, so still true).

use crate::model::{Active, Constraint, Justification, Lit, Meaning};
use std::collections::{BTreeSet, VecDeque};

/// Checks that a cut holds in every solution of a lazy constraint with this meaning, for the
/// reason given; the error says what does not hold.
pub fn check_cut(meaning: &Meaning, cut: &Constraint, why: &Justification) -> Result<(), String> {
    CutChecker::new(meaning)?.check(cut, why)
}

/// The checker of one lazy constraint's cuts, its graph built once.
pub struct CutChecker<'a> {
    meaning: &'a Meaning,
    graph: Graph,
}

impl<'a> CutChecker<'a> {
    /// A checker for cuts of a constraint with this meaning; fails on a malformed graph.
    pub fn new(meaning: &'a Meaning) -> Result<Self, String> {
        let graph = match meaning {
            Meaning::Connected { active, edges, .. }
            | Meaning::SizedRegions { active, edges, .. } => Graph::new(
                active.len(),
                edges,
                active.iter().map(|a| !a.is_never()).collect(),
            )?,
            Meaning::SingleLoop { on, edges, .. } => {
                Graph::new(on.len(), edges, vec![true; on.len()])?
            }
            Meaning::SizedClasses {
                member,
                classes,
                names,
                edges,
            } => {
                let n = names.len();
                if member.len() != classes.len() || member.iter().any(|m| m.len() != n) {
                    return Err("the classes' members, sizes and nodes differ in number".into());
                }
                Graph::new(n, edges, vec![true; n])?
            }
        };
        Ok(CutChecker { meaning, graph })
    }

    /// Checks one cut (see [`check_cut`]).
    pub fn check(&self, cut: &Constraint, why: &Justification) -> Result<(), String> {
        check_with(self.meaning, &self.graph, cut, why)
    }
}

fn check_with(
    meaning: &Meaning,
    graph: &Graph,
    cut: &Constraint,
    why: &Justification,
) -> Result<(), String> {
    let Constraint::Clause { lits } = cut else {
        return Err("the cut is not a clause".into());
    };
    let clause: BTreeSet<Lit> = lits.iter().copied().collect();
    let needed = needed_terms(meaning, graph, why)?;
    for term in needed {
        match term {
            Active::Never => {}
            Active::Always => {
                return Err(
                    "the argument needs a term that is always true, so it says nothing \
                            about this clause"
                        .into(),
                )
            }
            Active::When(l) if clause.contains(&l) => {}
            Active::When(_) => {
                return Err("the clause lacks a literal the argument needs".into());
            }
        }
    }
    Ok(())
}

/// A graph as this module sees it: adjacency lists over nodes that can be active.
struct Graph {
    adj: Vec<Vec<usize>>,
    passable: Vec<bool>,
}

impl Graph {
    fn new(n: usize, edges: &[(usize, usize)], passable: Vec<bool>) -> Result<Self, String> {
        let mut adj = vec![Vec::new(); n];
        for &(a, b) in edges {
            if a >= n || b >= n {
                return Err(format!("edge ({a}, {b}) names a node outside 0..{n}"));
            }
            adj[a].push(b);
            adj[b].push(a);
        }
        Ok(Graph { adj, passable })
    }

    /// The nodes reachable from `start` through passable nodes outside `blocked` (`start`
    /// included when it is passable and not blocked).
    fn reach(&self, start: usize, blocked: &[bool]) -> Vec<bool> {
        let mut seen = vec![false; self.adj.len()];
        if !self.passable[start] || blocked[start] {
            return seen;
        }
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
        while let Some(v) = queue.pop_front() {
            for &u in &self.adj[v] {
                if !seen[u] && self.passable[u] && !blocked[u] {
                    seen[u] = true;
                    queue.push_back(u);
                }
            }
        }
        seen
    }
}

/// A membership mask of `n` nodes; an id out of range is an error.
fn mask(n: usize, nodes: &[usize]) -> Result<Vec<bool>, String> {
    let mut m = vec![false; n];
    for &v in nodes {
        *m.get_mut(v)
            .ok_or_else(|| format!("node {v} is outside 0..{n}"))? = true;
    }
    Ok(m)
}

fn in_range(n: usize, v: usize) -> Result<(), String> {
    if v < n {
        Ok(())
    } else {
        Err(format!("node {v} is outside 0..{n}"))
    }
}

/// The terms the clause must contain for the justification to prove it valid.
fn needed_terms(
    meaning: &Meaning,
    graph: &Graph,
    why: &Justification,
) -> Result<Vec<Active>, String> {
    match (meaning, why) {
        (
            Meaning::Connected {
                active,
                root,
                names,
                ..
            },
            Justification::Separator {
                from,
                to,
                separator,
            },
        ) => {
            let n = active.len();
            let (from, to) = (*from, *to);
            in_range(n, from)?;
            in_range(n, to)?;
            if from == to {
                return Err("a separator between a node and itself".into());
            }
            let blocked = mask(n, separator)?;
            if blocked[from] || blocked[to] {
                return Err("the separator holds one of the nodes it separates".into());
            }
            if graph.reach(from, &blocked)[to] {
                return Err(format!(
                    "a path from {} to {} avoids the separator",
                    names[from], names[to]
                ));
            }
            let mut terms = vec![!active[from]];
            if *root != Some(to) {
                terms.push(!active[to]);
            }
            terms.extend(separator.iter().map(|&u| active[u]));
            Ok(terms)
        }
        (
            Meaning::SingleLoop {
                on,
                edges,
                used,
                root,
                ..
            },
            Justification::LoopCrossing {
                from,
                to,
                inside,
                spared,
            },
        ) => {
            let n = on.len();
            let (from, to) = (*from, *to);
            in_range(n, from)?;
            in_range(n, to)?;
            if used.len() != edges.len() {
                return Err("the loop's edges and their uses differ in number".into());
            }
            let inside = mask(n, inside)?;
            if !inside[to] || inside[from] {
                return Err("the set must hold the loop's node and not the cycle's".into());
            }
            let mut terms = vec![!on[from]];
            if *root != Some(to) {
                terms.push(!on[to]);
            }
            for (e, &(a, b)) in edges.iter().enumerate() {
                if a >= n || b >= n {
                    return Err(format!("edge ({a}, {b}) names a node outside 0..{n}"));
                }
                if inside[a] != inside[b] && Some(e) != *spared {
                    terms.push(used[e]);
                }
            }
            Ok(terms)
        }
        (
            Meaning::SizedRegions {
                active,
                regions,
                all_in_regions,
                names,
                ..
            },
            why,
        ) => {
            let n = active.len();
            let size_of = |root: usize| -> Result<Option<usize>, String> {
                regions
                    .iter()
                    .find(|r| r.0 == root)
                    .map(|r| r.1)
                    .ok_or_else(|| format!("{} is not a region's root", name(names, root)))
            };
            match why {
                Justification::RootsJoined { path } => {
                    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
                        return Err("an empty path".into());
                    };
                    in_range(n, first)?;
                    in_range(n, last)?;
                    size_of(first)?;
                    size_of(last)?;
                    if first == last {
                        return Err("the path joins a root to itself".into());
                    }
                    for w in path.windows(2) {
                        in_range(n, w[1])?;
                        if !graph.adj[w[0]].contains(&w[1]) {
                            return Err(format!(
                                "{} and {} are not neighbours",
                                names[w[0]], names[w[1]]
                            ));
                        }
                    }
                    Ok(path.iter().map(|&v| !active[v]).collect())
                }
                Justification::RegionTooBig { root, nodes } => {
                    in_range(n, *root)?;
                    let Some(size) = size_of(*root)? else {
                        return Err("the region has no size".into());
                    };
                    let set = mask(n, nodes)?;
                    let count = set.iter().filter(|&&x| x).count();
                    if !set[*root] || count <= size {
                        return Err(format!(
                            "the set must hold the root and more than {size} nodes"
                        ));
                    }
                    // Connected within itself: all of it active is one component.
                    let outside: Vec<bool> = set.iter().map(|&x| !x).collect();
                    let reached = graph.reach(*root, &outside);
                    if (0..n).any(|v| set[v] && !reached[v]) {
                        return Err("the set is not connected".into());
                    }
                    Ok(nodes.iter().map(|&v| !active[v]).collect())
                }
                Justification::RegionTooSmall { root, nodes } => {
                    in_range(n, *root)?;
                    let Some(size) = size_of(*root)? else {
                        return Err("the region has no size".into());
                    };
                    let set = mask(n, nodes)?;
                    let count = set.iter().filter(|&&x| x).count();
                    if !set[*root] || count >= size {
                        return Err(format!(
                            "the set must hold the root and fewer than {size} nodes"
                        ));
                    }
                    let mut terms = vec![!active[*root]];
                    let border: BTreeSet<usize> = (0..n)
                        .filter(|&v| set[v])
                        .flat_map(|v| graph.adj[v].iter().copied())
                        .filter(|&u| !set[u])
                        .collect();
                    terms.extend(border.iter().map(|&u| active[u]));
                    Ok(terms)
                }
                Justification::NoRootReachable { from, separator } => {
                    in_range(n, *from)?;
                    if !all_in_regions {
                        return Err("active nodes outside every region are allowed here".into());
                    }
                    let blocked = mask(n, separator)?;
                    if blocked[*from] {
                        return Err("the separator holds the node it cuts off".into());
                    }
                    let reached = graph.reach(*from, &blocked);
                    if let Some(&(r, _)) = regions.iter().find(|&&(r, _)| r < n && reached[r]) {
                        return Err(format!(
                            "{} reaches the root {} around the separator",
                            names[*from], names[r]
                        ));
                    }
                    let mut terms = vec![!active[*from]];
                    terms.extend(separator.iter().map(|&u| active[u]));
                    Ok(terms)
                }
                other => Err(format!("{} does not justify a region cut", kind(other))),
            }
        }
        (
            Meaning::SizedClasses {
                member, classes, ..
            },
            why,
        ) => {
            let n = graph.adj.len();
            let class = |k: usize| match (member.get(k), classes.get(k)) {
                (Some(m), Some(&(size, at_least))) => Ok((m, size, at_least)),
                _ => Err(format!("there is no class {k}")),
            };
            match why {
                Justification::ClassAreaTooBig { class: k, nodes } => {
                    let (m, size, at_least) = class(*k)?;
                    let set = mask(n, nodes)?;
                    let count = set.iter().filter(|&&x| x).count();
                    if at_least || count <= size {
                        return Err(format!(
                            "the set must hold more nodes than the exact size {size}"
                        ));
                    }
                    // Connected within itself: all of it in the class is one area.
                    let outside: Vec<bool> = set.iter().map(|&x| !x).collect();
                    let reached = graph.reach(nodes[0], &outside);
                    if (0..n).any(|v| set[v] && !reached[v]) {
                        return Err("the set is not connected".into());
                    }
                    Ok(nodes.iter().map(|&v| !m[v]).collect())
                }
                Justification::ClassAreaTooSmall {
                    class: k,
                    node,
                    nodes,
                } => {
                    let (m, size, _) = class(*k)?;
                    in_range(n, *node)?;
                    let set = mask(n, nodes)?;
                    let count = set.iter().filter(|&&x| x).count();
                    if !set[*node] || count >= size {
                        return Err(format!(
                            "the set must hold the node and fewer than {size} nodes"
                        ));
                    }
                    let border: BTreeSet<usize> = (0..n)
                        .filter(|&v| set[v])
                        .flat_map(|v| graph.adj[v].iter().copied())
                        .filter(|&u| !set[u])
                        .collect();
                    let mut terms = vec![!m[*node]];
                    terms.extend(border.iter().map(|&u| m[u]));
                    Ok(terms)
                }
                other => Err(format!("{} does not justify a size-class cut", kind(other))),
            }
        }
        (_, other) => Err(format!(
            "{} does not justify a cut of this constraint",
            kind(other)
        )),
    }
}

fn name(names: &[String], v: usize) -> &str {
    names.get(v).map_or("?", String::as_str)
}

/// The kind of a justification, for messages.
fn kind(why: &Justification) -> &'static str {
    match why {
        Justification::Separator { .. } => "a separator",
        Justification::LoopCrossing { .. } => "a loop crossing",
        Justification::RootsJoined { .. } => "a path between roots",
        Justification::RegionTooBig { .. } => "a region too big",
        Justification::RegionTooSmall { .. } => "a region too small",
        Justification::NoRootReachable { .. } => "a component without a root",
        Justification::ClassAreaTooBig { .. } => "an area too big for its class",
        Justification::ClassAreaTooSmall { .. } => "an area too small for its class",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::model::Var;

    /// A 3×3 grid whose nodes are never, sometimes (one variable each) or always active.
    fn random_nodes(rng: &mut Rng) -> (Vec<Active>, usize, Vec<(usize, usize)>) {
        let mut vars = 0;
        let active = (0..9)
            .map(|_| match rng.below(8) {
                0 => Active::Never,
                1 => Active::Always,
                _ => {
                    vars += 1;
                    Active::When(Var(vars as u32 - 1).lit())
                }
            })
            .collect();
        (active, vars, crate::grid::Grid::new(3, 3).edges())
    }

    fn holds(a: Active, bits: u64) -> bool {
        match a {
            Active::Never => false,
            Active::Always => true,
            Active::When(l) => (bits >> l.var.index() & 1 == 1) != l.negated,
        }
    }

    /// The components of the nodes in `on`, by a union-find of the test's own.
    fn parts(n: usize, edges: &[(usize, usize)], on: &[bool]) -> Vec<usize> {
        let mut rep: Vec<usize> = (0..n).collect();
        fn find(rep: &mut [usize], x: usize) -> usize {
            if rep[x] != x {
                let r = find(rep, rep[x]);
                rep[x] = r;
            }
            rep[x]
        }
        for &(a, b) in edges {
            if on[a] && on[b] {
                let (ra, rb) = (find(&mut rep, a), find(&mut rep, b));
                rep[ra] = rb;
            }
        }
        (0..n).map(|v| find(&mut rep, v)).collect()
    }

    /// Brute force of a node meaning on one assignment of the variables.
    fn satisfies(meaning: &Meaning, bits: u64) -> bool {
        match meaning {
            Meaning::Connected {
                active,
                edges,
                root,
                ..
            } => {
                let on: Vec<bool> = active.iter().map(|&a| holds(a, bits)).collect();
                let part = parts(on.len(), edges, &on);
                let mut reps: Vec<usize> =
                    (0..on.len()).filter(|&v| on[v]).map(|v| part[v]).collect();
                reps.dedup();
                reps.sort_unstable();
                reps.dedup();
                match root {
                    Some(r) => on[*r] && reps.len() == 1,
                    None => reps.len() <= 1,
                }
            }
            Meaning::SizedRegions {
                active,
                edges,
                regions,
                all_in_regions,
                ..
            } => {
                let on: Vec<bool> = active.iter().map(|&a| holds(a, bits)).collect();
                let part = parts(on.len(), edges, &on);
                let is_root = |v: usize| regions.iter().any(|r| r.0 == v);
                let regions_ok = regions.iter().all(|&(r, size)| {
                    let members: Vec<usize> = (0..on.len())
                        .filter(|&v| on[v] && part[v] == part[r])
                        .collect();
                    on[r]
                        && size.is_none_or(|s| members.len() == s)
                        && members.iter().filter(|&&v| is_root(v)).count() == 1
                });
                let outside_ok = !all_in_regions
                    || (0..on.len())
                        .filter(|&v| on[v])
                        .all(|v| (0..on.len()).any(|r| is_root(r) && on[r] && part[r] == part[v]));
                regions_ok && outside_ok
            }
            Meaning::SizedClasses {
                member,
                classes,
                edges,
                ..
            } => {
                // Each class's areas alone: the node-in-one-class rule is eager, not the cut's.
                (member.iter().zip(classes)).all(|(m, &(size, at_least))| {
                    let on: Vec<bool> = m.iter().map(|&a| holds(a, bits)).collect();
                    let part = parts(on.len(), edges, &on);
                    (0..on.len()).filter(|&v| on[v]).all(|v| {
                        let area = (0..on.len())
                            .filter(|&u| on[u] && part[u] == part[v])
                            .count();
                        area == size || (at_least && area > size)
                    })
                })
            }
            Meaning::SingleLoop { .. } => unreachable!("loops are enumerated by edges"),
        }
    }

    /// The clause a justification asks for, when the checker accepts it.
    fn accepted_clause(meaning: &Meaning, why: &Justification) -> Option<Vec<Lit>> {
        let checker = CutChecker::new(meaning).ok()?;
        let terms = needed_terms(meaning, &checker.graph, why).ok()?;
        let lits: Vec<Lit> = terms.iter().filter_map(|t| t.lit()).collect();
        let cut = Constraint::clause(lits.clone());
        check_cut(meaning, &cut, why).ok().map(|_| lits)
    }

    fn random_set(rng: &mut Rng, n: usize) -> Vec<usize> {
        (0..n).filter(|_| rng.below(3) == 0).collect()
    }

    /// A candidate separator around `from`: its grid neighbours, now and then one short, plus
    /// a few random nodes (sometimes `from` itself, which must be refused).
    fn random_separator(rng: &mut Rng, edges: &[(usize, usize)], from: usize) -> Vec<usize> {
        let mut set: Vec<usize> = (edges.iter())
            .filter_map(|&(a, b)| (a == from).then_some(b).or((b == from).then_some(a)))
            .collect();
        if rng.below(3) == 0 && !set.is_empty() {
            set.remove(rng.below(set.len() as u64) as usize);
        }
        for _ in 0..rng.below(3) {
            set.push(rng.below(9) as usize);
        }
        set
    }

    /// Checks that an accepted justification's clause holds in every valid assignment;
    /// returns whether it was accepted.
    fn sound(meaning: &Meaning, why: &Justification, vars: usize) -> bool {
        let Some(lits) = accepted_clause(meaning, why) else {
            return false;
        };
        for bits in 0u64..1 << vars {
            if satisfies(meaning, bits) {
                let true_somewhere = lits.iter().any(|&l| holds(Active::When(l), bits));
                assert!(
                    true_somewhere,
                    "{why:?} accepted but {bits:b} is valid and breaks it"
                );
            }
        }
        true
    }

    #[test]
    fn accepted_separators_hold_in_every_connected_assignment() {
        let mut rng = Rng::new(3);
        let mut accepted = 0;
        for case in 0..400 {
            let (active, vars, edges) = random_nodes(&mut rng);
            let root = (case % 2 == 0).then(|| rng.below(9) as usize);
            let meaning = Meaning::Connected {
                active,
                edges: edges.clone(),
                root,
                names: (0..9).map(|v| v.to_string()).collect(),
            };
            let from = rng.below(9) as usize;
            let why = Justification::Separator {
                from,
                to: root.unwrap_or(rng.below(9) as usize),
                separator: random_separator(&mut rng, &edges, from),
            };
            accepted += usize::from(sound(&meaning, &why, vars));
        }
        assert!(
            accepted > 40,
            "only {accepted} accepted: the test says little"
        );
    }

    #[test]
    fn accepted_region_cuts_hold_in_every_valid_assignment() {
        let mut rng = Rng::new(9);
        let mut accepted = [0; 4];
        for case in 0..2000 {
            let (active, vars, edges) = random_nodes(&mut rng);
            let mut roots: Vec<usize> = random_set(&mut rng, 9);
            roots.truncate(3);
            let regions: Vec<(usize, Option<usize>)> = (roots.iter())
                .map(|&r| (r, (rng.below(4) > 0).then(|| 1 + rng.below(4) as usize)))
                .collect();
            let meaning = Meaning::SizedRegions {
                active,
                edges: edges.clone(),
                regions: regions.clone(),
                all_in_regions: (case / 4) % 2 == 0,
                names: (0..9).map(|v| v.to_string()).collect(),
            };
            let root = regions.first().map_or(0, |r| r.0);
            let (kind, why) = match case % 4 {
                0 => {
                    let mut path = vec![root];
                    for _ in 0..rng.below(4) {
                        path.push(rng.below(9) as usize);
                    }
                    path.push(regions.last().map_or(0, |r| r.0));
                    (0, Justification::RootsJoined { path })
                }
                1 => {
                    let mut nodes = random_set(&mut rng, 9);
                    nodes.push(root);
                    (1, Justification::RegionTooBig { root, nodes })
                }
                2 => {
                    let mut nodes = random_set(&mut rng, 9);
                    nodes.truncate(2);
                    nodes.push(root);
                    (2, Justification::RegionTooSmall { root, nodes })
                }
                _ => {
                    let from = rng.below(9) as usize;
                    let separator = random_separator(&mut rng, &edges, from);
                    (3, Justification::NoRootReachable { from, separator })
                }
            };
            accepted[kind] += usize::from(sound(&meaning, &why, vars));
        }
        assert!(
            accepted.iter().all(|&a| a > 10),
            "accepted per kind: {accepted:?}"
        );
    }

    #[test]
    fn accepted_size_class_cuts_hold_in_every_valid_assignment() {
        let mut rng = Rng::new(17);
        let mut accepted = [0; 2];
        for case in 0..2000 {
            // Two classes over the 3×3 grid: each node is in the second exactly when it is not
            // in the first, as the model's eager part says.
            let (first, vars, edges) = random_nodes(&mut rng);
            let second = first.iter().map(|&a| !a).collect();
            let member = vec![first, second];
            let classes = vec![
                (1 + rng.below(3) as usize, false),
                (2 + rng.below(3) as usize, rng.below(2) == 0),
            ];
            let meaning = Meaning::SizedClasses {
                member,
                classes,
                edges: edges.clone(),
                names: (0..9).map(|v| v.to_string()).collect(),
            };
            let class = rng.below(2) as usize;
            // A connected set grown from a random node, now and then with a stray node.
            let mut nodes = vec![rng.below(9) as usize];
            for _ in 0..1 + rng.below(4) {
                let at = nodes[rng.below(nodes.len() as u64) as usize];
                let next: Vec<usize> = (edges.iter())
                    .filter_map(|&(a, b)| (a == at).then_some(b).or((b == at).then_some(a)))
                    .collect();
                nodes.push(next[rng.below(next.len() as u64) as usize]);
            }
            if rng.below(5) == 0 {
                nodes.push(rng.below(9) as usize);
            }
            let (kind, why) = match case % 2 {
                0 => (0, Justification::ClassAreaTooBig { class, nodes }),
                _ => {
                    nodes.truncate(1 + rng.below(3) as usize);
                    let node = nodes[rng.below(nodes.len() as u64) as usize];
                    (1, Justification::ClassAreaTooSmall { class, node, nodes })
                }
            };
            accepted[kind] += usize::from(sound(&meaning, &why, vars));
        }
        assert!(
            accepted.iter().all(|&a| a > 10),
            "accepted per kind: {accepted:?}"
        );
    }

    #[test]
    fn accepted_loop_crossings_hold_in_every_single_loop() {
        // The points of a 3×3 grid: 12 unit segments, each used when its variable is true;
        // `on` is true exactly at the points of degree 2, as the loop's eager part says.
        let edges = crate::grid::Grid::new(3, 3).edges();
        let used: Vec<Active> = (0..edges.len())
            .map(|e| Var(e as u32).lit().into())
            .collect();
        let on: Vec<Active> = (0..9).map(|v| Var((12 + v) as u32).lit().into()).collect();
        let loops: Vec<u64> = (0u64..1 << 12)
            .filter_map(|mask| {
                let used: Vec<bool> = (0..12).map(|e| mask >> e & 1 == 1).collect();
                let mut degree = [0; 9];
                for (e, &(a, b)) in edges.iter().enumerate().filter(|(e, _)| used[*e]) {
                    let _ = e;
                    degree[a] += 1;
                    degree[b] += 1;
                }
                let onv: Vec<bool> = degree.iter().map(|&d| d > 0).collect();
                let used_edges: Vec<(usize, usize)> =
                    (0..12).filter(|&e| used[e]).map(|e| edges[e]).collect();
                let part = parts(9, &used_edges, &onv);
                let mut reps: Vec<usize> = (0..9).filter(|&v| onv[v]).map(|v| part[v]).collect();
                reps.sort_unstable();
                reps.dedup();
                let single = degree.iter().all(|&d| d == 0 || d == 2) && reps.len() <= 1;
                let on_bits = (0..9).fold(0u64, |acc, v| acc | u64::from(onv[v]) << (12 + v));
                single.then_some(mask | on_bits)
            })
            .collect();
        assert!(
            loops.len() > 2,
            "the 3×3 points hold the empty loop and four squares and more"
        );
        let mut rng = Rng::new(21);
        let mut accepted = 0;
        for case in 0..600 {
            let root = (case % 3 == 0).then(|| rng.below(9) as usize);
            let meaning = Meaning::SingleLoop {
                on: on.clone(),
                edges: edges.clone(),
                used: used.clone(),
                root,
                names: (0..9).map(|v| v.to_string()).collect(),
            };
            let to = root.unwrap_or(rng.below(9) as usize);
            let mut inside = random_set(&mut rng, 9);
            inside.push(to);
            let why = Justification::LoopCrossing {
                from: rng.below(9) as usize,
                to,
                inside,
                spared: (rng.below(2) == 0).then(|| rng.below(12) as usize),
            };
            let Some(lits) = accepted_clause(&meaning, &why) else {
                continue;
            };
            accepted += 1;
            let valid = loops
                .iter()
                .filter(|&&bits| root.is_none_or(|r| bits >> (12 + r) & 1 == 1));
            for &bits in valid {
                assert!(
                    lits.iter().any(|&l| holds(Active::When(l), bits)),
                    "{why:?} accepted but loop {bits:b} breaks it"
                );
            }
        }
        assert!(accepted > 40, "only {accepted} accepted");
    }

    #[test]
    fn a_clause_missing_a_separator_literal_is_rejected() {
        let a: Vec<Active> = (0..3).map(|v| Var(v).lit().into()).collect();
        let meaning = Meaning::Connected {
            active: a.clone(),
            edges: vec![(0, 1), (1, 2)],
            root: None,
            names: vec!["a".into(), "b".into(), "c".into()],
        };
        let why = Justification::Separator {
            from: 0,
            to: 2,
            separator: vec![1],
        };
        let lit = |x: Active| x.lit().unwrap();
        let full = Constraint::clause([lit(!a[0]), lit(!a[2]), lit(a[1])]);
        assert_eq!(check_cut(&meaning, &full, &why), Ok(()));
        let short = Constraint::clause([lit(!a[0]), lit(!a[2])]);
        assert!(check_cut(&meaning, &short, &why).is_err());
        let not_separating = Justification::Separator {
            from: 0,
            to: 2,
            separator: vec![],
        };
        let e = check_cut(&meaning, &short, &not_separating).unwrap_err();
        assert!(e.contains("avoids the separator"), "{e}");
    }
}
