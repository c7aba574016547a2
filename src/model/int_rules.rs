//! Integer rules of number puzzles over [`IntVar`]s, each with its rules check beside it:
//! sums of distinct digits (Kakuro runs, Killer cages), cage arithmetic (KenKen: sum,
//! difference, product, quotient, or an unknown one of them), each value once in a line
//! (Latin squares with empty cells), "seen from the edge" counts (Skyscrapers) and straights
//! (Str8ts). The checks (`cage_holds`, `seen_count`, `is_straight`) are plain arithmetic for a
//! genre's `verify`; the builders state the same rules as constraints.

use super::int::{all_different, allowed, linear, IntOptions, IntVar};
use super::{Cmp, Constraint, LinExpr, Lit, Model};
use crate::formulation::{Choice, Value};
use std::collections::BTreeSet;

/// How "distinct digits with a given sum" is stated (beside the all-different itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DistinctSum {
    /// One linear sum over the values.
    Linear,
    /// Exactly one of the digit sets with that sum is chosen (a 0/1 per set); a cell takes
    /// only digits of the chosen set, and each of its digits is somewhere in the run.
    Sets,
}

impl Choice for DistinctSum {
    const VALUES: &'static [Value] = &[
        Value::complete("linear", "one linear sum over the values"),
        Value::complete(
            "sets",
            "choose one of the digit sets with that sum; cells take its digits",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "linear" => Some(DistinctSum::Linear),
            "sets" => Some(DistinctSum::Sets),
            _ => None,
        }
    }
}

/// The sets of `len` distinct values taken from `values` (sorted) that sum to `sum`, each
/// sorted, in lexicographic order.
pub fn distinct_sets(values: &[i64], len: usize, sum: i64) -> Vec<Vec<i64>> {
    fn grow(values: &[i64], len: usize, sum: i64, set: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
        if len == 0 {
            if sum == 0 {
                out.push(set.clone());
            }
            return;
        }
        for (i, &v) in values.iter().enumerate() {
            let rest = &values[i + 1..];
            // The smallest and largest sums the remaining places can still make.
            let least: i64 = rest.iter().take(len - 1).sum();
            let most: i64 = rest.iter().rev().take(len - 1).sum();
            if rest.len() + 1 < len || v + least > sum {
                break;
            }
            if v + most < sum {
                continue;
            }
            set.push(v);
            grow(rest, len - 1, sum - v, set, out);
            set.pop();
        }
    }
    let mut out = Vec::new();
    grow(values, len, sum, &mut Vec::new(), &mut out);
    out
}

/// The values of all `vars` together, sorted.
fn union_of_values(vars: &[IntVar]) -> Vec<i64> {
    let all: BTreeSet<i64> = vars.iter().flat_map(|x| x.values().to_vec()).collect();
    all.into_iter().collect()
}

/// The vars take pairwise different values that sum to `sum` (any sum when `None`).
pub fn distinct_sum(
    model: &mut Model,
    name: &str,
    vars: &[IntVar],
    sum: Option<i64>,
    encoding: DistinctSum,
    options: &IntOptions,
) {
    all_different(model, &format!("{name} all different"), vars, options);
    let Some(sum) = sum else { return };
    if encoding == DistinctSum::Linear {
        let terms: Vec<(i64, &IntVar)> = vars.iter().map(|x| (1, x)).collect();
        linear(model, &format!("{name} sum"), &terms, Cmp::Eq, sum, options);
        return;
    }
    let sets = distinct_sets(&union_of_values(vars), vars.len(), sum);
    let chosen: Vec<Lit> = (0..sets.len())
        .map(|k| model.new_bool(format!("{name} set {k}")).lit())
        .collect();
    model.add(
        format!("{name} one set"),
        Constraint::exactly_one(chosen.clone()),
    );
    for d in union_of_values(vars) {
        let with_d: Vec<Lit> = (0..sets.len())
            .filter(|&k| sets[k].contains(&d))
            .map(|k| chosen[k])
            .collect();
        let cells_d: Vec<Lit> = vars.iter().map(|x| x.eq(model, d)).collect();
        for &is_d in &cells_d {
            let clause = std::iter::once(!is_d).chain(with_d.iter().copied());
            model.add(
                format!("{name} {d} from its set"),
                Constraint::clause(clause),
            );
        }
        for &k in &with_d {
            let clause = std::iter::once(!k).chain(cells_d.iter().copied());
            model.add(format!("{name} {d} placed"), Constraint::clause(clause));
        }
    }
}

/// The arithmetic of a KenKen cage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CageOp {
    /// The values add up to the target.
    Sum,
    /// The largest value minus the others is the target (two cells: their difference).
    Difference,
    /// The values multiply to the target.
    Product,
    /// The largest value divided by the others is the target (two cells: their quotient).
    Quotient,
    /// Any one of the four (a bare number on a cage of two or more cells).
    Any,
}

/// Whether cage values meet the operation and target; a one-cell cage holds its target, and
/// a difference or quotient needs exactly two cells.
pub fn cage_holds(op: CageOp, target: i64, values: &[i64]) -> bool {
    let (max, min) = match values {
        [a, b] => (*a.max(b), *a.min(b)),
        _ => (0, 0),
    };
    match op {
        _ if values.len() == 1 => values[0] == target,
        CageOp::Sum => values.iter().sum::<i64>() == target,
        CageOp::Product => values.iter().try_fold(1i64, |p, &v| p.checked_mul(v)) == Some(target),
        CageOp::Difference => values.len() == 2 && max - min == target,
        CageOp::Quotient => values.len() == 2 && min != 0 && max == target * min,
        CageOp::Any => CageOp::KNOWN
            .iter()
            .any(|&op| cage_holds(op, target, values)),
    }
}

impl CageOp {
    /// The four operations a clue can name.
    pub const KNOWN: [CageOp; 4] = [
        CageOp::Sum,
        CageOp::Difference,
        CageOp::Product,
        CageOp::Quotient,
    ];
}

/// How many partial tuples [`cage_tuples`] may visit before it gives up on a cage (a table
/// that large would be a poor formulation anyway).
pub const MOST_CAGE_STEPS: usize = 2_000_000;

/// Every tuple of values (one per cage cell, from `domains`) that meets the cage, where the
/// positions of each pair in `differ` (cells sharing a row or column) take different values;
/// `None` when the search passes [`MOST_CAGE_STEPS`].
pub fn cage_tuples(
    domains: &[Vec<i64>],
    differ: &[(usize, usize)],
    op: CageOp,
    target: i64,
) -> Option<Vec<Vec<i64>>> {
    if op == CageOp::Any {
        // Each operation searched with its own pruning, then merged.
        let mut all = BTreeSet::new();
        for op in CageOp::KNOWN {
            all.extend(cage_tuples(domains, differ, op, target)?);
        }
        return Some(all.into_iter().collect());
    }
    if matches!(op, CageOp::Difference | CageOp::Quotient) && domains.len() > 2 {
        return Some(Vec::new());
    }
    let mut search = CageSearch {
        domains,
        differ,
        op,
        target,
        steps: MOST_CAGE_STEPS,
        tuple: Vec::with_capacity(domains.len()),
        out: Vec::new(),
    };
    search.grow().then_some(search.out)
}

/// A depth-first search over cage tuples, with its step budget.
struct CageSearch<'a> {
    domains: &'a [Vec<i64>],
    differ: &'a [(usize, usize)],
    op: CageOp,
    target: i64,
    steps: usize,
    tuple: Vec<i64>,
    out: Vec<Vec<i64>>,
}

impl CageSearch<'_> {
    /// Extends the tuple in every way; false when the step budget ran out.
    fn grow(&mut self) -> bool {
        let i = self.tuple.len();
        if i == self.domains.len() {
            if cage_holds(self.op, self.target, &self.tuple) {
                self.out.push(self.tuple.clone());
            }
            return true;
        }
        for &v in &self.domains[i] {
            if self.steps == 0 {
                return false;
            }
            self.steps -= 1;
            if (self.differ.iter()).any(|&(a, b)| b == i && self.tuple[a] == v) {
                continue;
            }
            // Prune what can no longer reach the target (values are positive).
            let dead = match self.op {
                CageOp::Sum => self.tuple.iter().sum::<i64>() + v > self.target,
                CageOp::Product => {
                    let partial = self.tuple.iter().try_fold(v, |p, &x| p.checked_mul(x));
                    partial.is_none_or(|p| p == 0 || self.target % p != 0)
                }
                _ => false,
            };
            if dead {
                continue;
            }
            self.tuple.push(v);
            let finished = self.grow();
            self.tuple.pop();
            if !finished {
                return false;
            }
        }
        true
    }
}

/// Each of `values` is taken by exactly one of the vars (the others take other values, e.g.
/// the empty cells of a Skyscraper line).
pub fn each_value_once(model: &mut Model, name: &str, vars: &[IntVar], values: &[i64]) {
    for &v in values {
        let lits: Vec<Lit> = vars.iter().map(|x| x.eq(model, v)).collect();
        model.add(format!("{name} has one {v}"), Constraint::exactly_one(lits));
    }
}

/// How many values of a line are seen from its start: those higher than every value before
/// them (0 is an empty place: never seen, hides nothing).
pub fn seen_count(line: &[i64]) -> usize {
    let mut highest = 0;
    let mut seen = 0;
    for &v in line {
        if v > highest {
            highest = v;
            seen += 1;
        }
    }
    seen
}

/// How "seen from the start of a line" is stated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SightEncoding {
    /// A 0/1 per place and height "everything before is lower", carried along the line.
    Prefix,
    /// A place is seen exactly when every place before it is lower, pair by pair.
    Pairwise,
}

impl Choice for SightEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete(
            "prefix",
            "carry 'all before are lower than h' along the line, a 0/1 per place and height",
        ),
        Value::complete(
            "pairwise",
            "seen when every earlier place is lower, pair by pair",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "prefix" => Some(SightEncoding::Prefix),
            "pairwise" => Some(SightEncoding::Pairwise),
            _ => None,
        }
    }
}

/// Exactly `count` places of `line` (heights, 0 = empty) are seen from its start.
pub fn seen_from_start(
    model: &mut Model,
    name: &str,
    line: &[IntVar],
    count: i64,
    encoding: SightEncoding,
) {
    let mut seen = Vec::with_capacity(line.len());
    // lower[h]: every place so far is lower than h (None: trivially, at the start).
    let top = line
        .iter()
        .flat_map(|x| x.values().to_vec())
        .max()
        .unwrap_or(0);
    let mut lower: Vec<Option<Lit>> = vec![None; top as usize + 1];
    for (i, x) in line.iter().enumerate() {
        let s = model.new_bool(format!("{name} seen {}", i + 1)).lit();
        seen.push(s);
        let heights: Vec<i64> = x.values().iter().copied().filter(|&h| h > 0).collect();
        let mut cases = vec![!s];
        for &h in &heights {
            let is_h = x.eq(model, h);
            let why = format!("{name} seen {} at {h}", i + 1);
            match encoding {
                SightEncoding::Prefix => {
                    // s ⇔ ∨_h (x = h ∧ lower[h]); the x = h are exclusive.
                    match lower[h as usize] {
                        None => model.add(why.clone(), Constraint::clause([!is_h, s])),
                        Some(l) => {
                            model.add(why.clone(), Constraint::clause([!is_h, !l, s]));
                            model.add(why.clone(), Constraint::clause([!is_h, l, !s]));
                        }
                    }
                    cases.push(is_h);
                }
                SightEncoding::Pairwise => {
                    let mut higher_before = vec![!is_h, s];
                    for y in &line[..i] {
                        let y_high = y.ge(model, h);
                        model.add(why.clone(), Constraint::clause([!s, !is_h, !y_high]));
                        higher_before.push(y_high);
                    }
                    model.add(why, Constraint::clause(higher_before));
                    cases.push(is_h);
                }
            }
        }
        model.add(
            format!("{name} seen {} is a height", i + 1),
            Constraint::clause(cases),
        );
        if encoding == SightEncoding::Prefix && i + 1 < line.len() {
            for h in 1..=top {
                let x_high = x.ge(model, h);
                // At the start "all lower than h" is just "the first is lower".
                let next = match lower[h as usize] {
                    None => !x_high,
                    Some(l) => {
                        let next = model.new_bool(format!("{name} below {h} to {}", i + 1));
                        let (next, why) = (next.lit(), format!("{name} below {h} to {}", i + 1));
                        model.add(why.clone(), Constraint::clause([!next, !x_high]));
                        model.add(why.clone(), Constraint::clause([!next, l]));
                        model.add(why, Constraint::clause([next, !l, x_high]));
                        next
                    }
                };
                lower[h as usize] = Some(next);
            }
        }
    }
    model.add(
        format!("{name} sees {count}"),
        LinExpr::sum_lits(seen).eq(count),
    );
}

/// Whether values are a straight: distinct and consecutive, in any order.
pub fn is_straight(values: &[i64]) -> bool {
    let distinct: BTreeSet<i64> = values.iter().copied().collect();
    match (distinct.first(), distinct.last()) {
        (Some(lo), Some(hi)) => {
            distinct.len() == values.len() && hi - lo + 1 == values.len() as i64
        }
        _ => true,
    }
}

/// How a straight is stated over values already pairwise different.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StraightEncoding {
    /// Any two values lie less than the straight's length apart.
    Span,
    /// Exactly one lowest value is chosen (a 0/1 per start); every value lies in its range.
    Start,
}

impl Choice for StraightEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete("span", "any two values lie less than the length apart"),
        Value::complete(
            "start",
            "choose the straight's lowest value; every value lies in its range",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "span" => Some(StraightEncoding::Span),
            "start" => Some(StraightEncoding::Start),
            _ => None,
        }
    }
}

/// The vars, which the caller keeps pairwise different, form a straight (consecutive values).
pub fn straight(model: &mut Model, name: &str, vars: &[IntVar], encoding: StraightEncoding) {
    let len = vars.len() as i64;
    if len < 2 {
        return;
    }
    let values = union_of_values(vars);
    match encoding {
        StraightEncoding::Span => {
            for (i, x) in vars.iter().enumerate() {
                for (j, y) in vars.iter().enumerate().filter(|&(j, _)| j != i) {
                    for &v in x.values() {
                        let is_v = x.eq(model, v);
                        let why = format!("{name} places {} and {} close", i + 1, j + 1);
                        let too_high = y.ge(model, v + len);
                        model.add(why.clone(), Constraint::clause([!is_v, !too_high]));
                        let high_enough = y.ge(model, v - len + 1);
                        model.add(why, Constraint::clause([!is_v, high_enough]));
                    }
                }
            }
        }
        StraightEncoding::Start => {
            let (lo, hi) = (values[0], values[values.len() - 1]);
            let starts: Vec<(i64, Lit)> = (lo..=hi - len + 1)
                .map(|a| (a, model.new_bool(format!("{name} from {a}")).lit()))
                .collect();
            let one = starts.iter().map(|&(_, s)| s);
            model.add(format!("{name} one start"), Constraint::exactly_one(one));
            for &(a, s) in &starts {
                for x in vars {
                    let (from, below) = (x.ge(model, a), x.ge(model, a + len));
                    let why = format!("{name} from {a}");
                    model.add(why.clone(), Constraint::clause([!s, from]));
                    model.add(why, Constraint::clause([!s, !below]));
                }
            }
        }
    }
}

/// The vars take one of the tuples (a table), or nothing when there is none.
pub fn one_of(model: &mut Model, name: &str, vars: &[IntVar], tuples: &[Vec<i64>], o: &IntOptions) {
    if tuples.is_empty() {
        model.add(format!("{name} has no way"), Constraint::clause([]));
    } else {
        allowed(model, name, vars, tuples, o);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sets_and_cage_tuples_are_enumerated_with_their_limits() {
        let digits: Vec<i64> = (1..=9).collect();
        assert_eq!(distinct_sets(&digits, 2, 4), [vec![1, 3]]);
        assert_eq!(distinct_sets(&digits, 3, 23), [vec![6, 8, 9]]);
        assert_eq!(distinct_sets(&digits, 9, 45).len(), 1);
        assert!(distinct_sets(&digits, 10, 50).is_empty());
        assert_eq!(distinct_sets(&digits, 4, 20).len(), 12);
        let three = vec![vec![1, 2, 3]; 2];
        let tuples = |op, t| cage_tuples(&three, &[(0, 1)], op, t).unwrap();
        assert_eq!(tuples(CageOp::Sum, 4), [vec![1, 3], vec![3, 1]]);
        assert_eq!(tuples(CageOp::Quotient, 3), [vec![1, 3], vec![3, 1]]);
        assert_eq!(tuples(CageOp::Difference, 1).len(), 4);
        assert_eq!(
            tuples(CageOp::Any, 2).len(),
            4,
            "1 and 2 (product, quotient) and 1 and 3 (difference), each way round"
        );
        let wide = vec![digits.clone(); 12];
        assert_eq!(
            cage_tuples(&wide, &[], CageOp::Sum, 60),
            None,
            "too many to list"
        );
        assert_eq!(
            cage_tuples(&wide, &[], CageOp::Product, 1).unwrap().len(),
            1
        );
        assert!(is_straight(&[4, 2, 3]) && !is_straight(&[4, 2]) && !is_straight(&[2, 2]));
    }
}
