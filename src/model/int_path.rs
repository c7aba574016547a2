//! A consecutive path through a graph (Hidoku, Numbrix): the nodes hold the numbers `1..=n`
//! once each and each `k + 1` sits on a neighbour of `k`. Stated on "node = value" literals:
//! per value "exactly one node holds it", per node and value "the next value is on a
//! neighbour"; and the cheap part of the reasoning done before any solver: a node at distance
//! `d` from a given `k` can only hold values `k ± d` or further.

use super::int::IntVar;
use super::{Constraint, Lit, Model};
use crate::formulation::{Choice, Value};
use crate::graph::distances;

/// Which neighbour links of the path are stated as clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathLinks {
    /// "`k` here → `k + 1` on a neighbour": enough, since every value is held once.
    Forward,
    /// Also "`k` here → `k − 1` on a neighbour" (redundant, more propagation).
    Both,
}

impl Choice for PathLinks {
    const VALUES: &'static [Value] = &[
        Value::complete("forward", "k here → k+1 on a neighbour"),
        Value::complete("both", "also k here → k−1 on a neighbour (redundant)"),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "forward" => Some(PathLinks::Forward),
            "both" => Some(PathLinks::Both),
            _ => None,
        }
    }
}

/// Which values each node's integer may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathDomains {
    /// Those [`reachable_values`] leaves: far from every given, near none of their values.
    Reachable,
    /// Every value `1..=n` (a given node: its given).
    Full,
}

impl Choice for PathDomains {
    const VALUES: &'static [Value] = &[
        Value::complete("reachable", "only values the givens' distances allow"),
        Value::complete("full", "every value 1..n at every open node"),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "reachable" => Some(PathDomains::Reachable),
            "full" => Some(PathDomains::Full),
            _ => None,
        }
    }
}

/// The values `1..=n` (n = the number of nodes) each node can hold on a path that keeps the
/// givens: a node at distance `d` from a given `k` holds neither of `k − d + 1 ..= k + d − 1`,
/// and a given node holds its given. An empty list means no path keeps the givens.
pub fn reachable_values(adjacency: &[Vec<usize>], givens: &[Option<i64>]) -> Vec<Vec<i64>> {
    let n = adjacency.len() as i64;
    let mut allowed: Vec<Vec<bool>> = vec![vec![true; n as usize]; adjacency.len()];
    for (g, k) in givens.iter().enumerate() {
        let Some(k) = *k else { continue };
        for (node, d) in distances(adjacency, &[g], |_| true).into_iter().enumerate() {
            // Unreachable nodes can hold nothing at all once any value is given.
            let d = d.map_or(n, |d| d as i64);
            for v in (k - d + 1).max(1)..=(k + d - 1).min(n) {
                allowed[node][v as usize - 1] = false;
            }
            if node == g {
                allowed[node]
                    .iter_mut()
                    .enumerate()
                    .for_each(|(i, a)| *a &= i as i64 + 1 == k);
            }
        }
    }
    let values = |ok: &Vec<bool>| (1..=n).filter(|&v| ok[v as usize - 1]).collect();
    allowed.iter().map(values).collect()
}

/// Adds "the nodes hold `1..=n` (n = the number of nodes) once each, and each `k + 1` is on a
/// neighbour of `k`" over the nodes' integers (whose domains may already be narrowed).
pub fn add_consecutive_path(
    model: &mut Model,
    name: &str,
    nodes: &[IntVar],
    adjacency: &[Vec<usize>],
    links: PathLinks,
) {
    let n = nodes.len() as i64;
    let holds = |model: &mut Model, node: usize, v: i64| -> Option<Lit> {
        let x = &nodes[node];
        x.values().contains(&v).then(|| x.eq(model, v))
    };
    for v in 1..=n {
        let lits: Vec<Lit> = (0..nodes.len())
            .filter_map(|i| holds(model, i, v))
            .collect();
        model.add(format!("{name}: {v} once"), Constraint::exactly_one(lits));
    }
    let steps: &[i64] = match links {
        PathLinks::Forward => &[1],
        PathLinks::Both => &[1, -1],
    };
    for (i, x) in nodes.iter().enumerate() {
        for &v in x.values() {
            for &step in steps.iter().filter(|&&s| (1..=n).contains(&(v + s))) {
                let here = holds(model, i, v).expect("v is in the node's domain");
                let mut clause = vec![!here];
                clause.extend(
                    adjacency[i]
                        .iter()
                        .filter_map(|&j| holds(model, j, v + step)),
                );
                let at = format!("{name}: {} beside {v} at node {i}", v + step);
                model.add(at, Constraint::clause(clause));
            }
        }
    }
}

/// What breaks a numbering as a consecutive path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathBreak {
    /// A node holds a value outside `1..=n`.
    OutOfRange(usize),
    /// A value is held by two nodes.
    Twice(u32, usize, usize),
    /// `k` and `k + 1` are on nodes that are not neighbours: `k` and the two nodes.
    Apart(u32, usize, usize),
}

/// The first way `values` (one per node) fails to number a consecutive path `1..=n`.
pub fn first_path_break(values: &[u32], adjacency: &[Vec<usize>]) -> Option<PathBreak> {
    let n = values.len();
    let mut at: Vec<Option<usize>> = vec![None; n + 1];
    for (node, &v) in values.iter().enumerate() {
        if v == 0 || v as usize > n {
            return Some(PathBreak::OutOfRange(node));
        }
        if let Some(other) = at[v as usize].replace(node) {
            return Some(PathBreak::Twice(v, other, node));
        }
    }
    // n values on n nodes, none twice: each value is held once.
    (1..n).find_map(|k| {
        let (a, b) = (at[k]?, at[k + 1]?);
        (!adjacency[a].contains(&b)).then_some(PathBreak::Apart(k as u32, a, b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path graph 0 - 1 - 2 - 3.
    fn path4() -> Vec<Vec<usize>> {
        vec![vec![1], vec![0, 2], vec![1, 3], vec![2]]
    }

    #[test]
    fn givens_narrow_the_values_by_distance() {
        let domains = reachable_values(&path4(), &[None, Some(1), None, None]);
        assert_eq!(
            domains,
            vec![vec![2, 3, 4], vec![1], vec![2, 3, 4], vec![3, 4]]
        );
        let none = reachable_values(&path4(), &[Some(1), None, None, Some(2)]);
        assert!(none[0].is_empty());
    }

    #[test]
    fn breaks_are_named() {
        let adj = path4();
        assert_eq!(first_path_break(&[4, 3, 2, 1], &adj), None);
        assert_eq!(
            first_path_break(&[1, 2, 4, 3], &adj),
            Some(PathBreak::Apart(2, 1, 3))
        );
        assert_eq!(
            first_path_break(&[1, 2, 2, 3], &adj),
            Some(PathBreak::Twice(2, 1, 2))
        );
        assert_eq!(
            first_path_break(&[1, 2, 5, 3], &adj),
            Some(PathBreak::OutOfRange(2))
        );
    }
}
