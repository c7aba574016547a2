//! Rules of integer cells along a line (a row, a column, any sequence of cells), stated once
//! for the model and once for the rules check:
//! - "each of these values once" with other cells free to hold a filler (ABC End View's
//!   letters among blanks);
//! - "first seen from the edge": the first cell that is not blank holds a given value (ABC End
//!   View's clues; any "what you see first" genre);
//! - "equal values keep their distance": two cells holding `v` have at least `v` cells between
//!   them (Hakyuu / Ripple Effect).

use super::Cell;
use crate::formulation::{Choice, Value};
use crate::model::int::IntVar;
use crate::model::{Constraint, Lit, Model};

/// Adds "each of `values` is held by exactly one cell of `line`" (the other cells hold values
/// outside the list).
pub fn add_each_once(model: &mut Model, name: &str, line: &[&IntVar], values: &[i64]) {
    for &v in values {
        let holders: Vec<Lit> = line.iter().map(|x| x.eq(model, v)).collect();
        model.add(
            format!("{name}: {v} once"),
            Constraint::exactly_one(holders),
        );
    }
}

/// The first of `values` that `line` does not hold exactly once, with how often it holds it.
pub fn first_not_once(
    line: &[Cell],
    values: impl IntoIterator<Item = u32>,
    value: impl Fn(Cell) -> u32,
) -> Option<(u32, usize)> {
    values.into_iter().find_map(|v| {
        let found = line.iter().filter(|&&c| value(c) == v).count();
        (found != 1).then_some((v, found))
    })
}

/// Adds "the first cell of `line` (in its order, from the edge looked from) that does not hold
/// `blank` holds `seen`": for each cell, its value is `blank` or `seen` or some earlier cell is
/// not blank.
pub fn add_first_seen(model: &mut Model, name: &str, line: &[&IntVar], blank: i64, seen: i64) {
    let blanks: Vec<Lit> = line.iter().map(|x| x.eq(model, blank)).collect();
    for (i, x) in line.iter().enumerate() {
        let mut clause: Vec<Lit> = blanks[..i].iter().map(|&b| !b).collect();
        clause.push(blanks[i]);
        clause.push(x.eq(model, seen));
        model.add(
            format!("{name} (cell {})", i + 1),
            Constraint::clause(clause),
        );
    }
}

/// The first cell of `line` with a value, and that value (`None`: every cell is blank).
pub fn first_seen<T>(line: &[Cell], value: impl Fn(Cell) -> Option<T>) -> Option<(Cell, T)> {
    line.iter().find_map(|&c| value(c).map(|v| (c, v)))
}

/// How "two equal values `v` have at least `v` cells between them" is stated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// A binary clause per pair of cells too close for a value they can both hold.
    Pairs,
    /// Per value `v`, at most one `v` in every window of `v + 1` consecutive cells.
    Windows,
}

impl Choice for Spacing {
    const VALUES: &'static [Value] = &[
        Value::complete("pairs", "a clause per pair of cells too close for a value"),
        Value::complete("windows", "at most one v in each window of v+1 cells"),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "pairs" => Some(Spacing::Pairs),
            "windows" => Some(Spacing::Windows),
            _ => None,
        }
    }
}

/// Adds "two cells of `line` holding the same value `v` have at least `v` cells between them"
/// (values below 1 are not spaced).
pub fn add_spacing(model: &mut Model, name: &str, line: &[&IntVar], encoding: Spacing) {
    let top = line.iter().filter_map(|x| x.values().last()).max();
    for v in 1..=top.copied().unwrap_or(0) {
        let holds: Vec<Option<Lit>> = (line.iter())
            .map(|x| x.values().contains(&v).then(|| x.eq(model, v)))
            .collect();
        let span = (v as usize).min(line.len() - 1);
        match encoding {
            Spacing::Pairs => {
                for i in 0..line.len() {
                    for j in i + 1..=(i + span).min(line.len() - 1) {
                        if let (Some(a), Some(b)) = (holds[i], holds[j]) {
                            let at = format!("{name}: {v}s at {} and {} too close", i + 1, j + 1);
                            model.add(at, Constraint::clause([!a, !b]));
                        }
                    }
                }
            }
            Spacing::Windows => {
                for (i, window) in holds.windows(span + 1).enumerate() {
                    let lits: Vec<Lit> = window.iter().flatten().copied().collect();
                    if lits.len() > 1 {
                        let at = format!("{name}: one {v} in cells {}..{}", i + 1, i + span + 1);
                        model.add(at, Constraint::at_most_one(lits));
                    }
                }
            }
        }
    }
}

/// The first two cells of `line` with the same value `v` and fewer than `v` cells between
/// them, with `v`.
pub fn first_too_close(line: &[Cell], value: impl Fn(Cell) -> u32) -> Option<(Cell, Cell, u32)> {
    line.iter().enumerate().find_map(|(i, &a)| {
        let v = value(a);
        let near = line[i + 1..].iter().take(v as usize);
        near.copied().find(|&b| value(b) == v).map(|b| (a, b, v))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_value_along_a_line_skips_blanks() {
        let line = [4, 5, 6, 7];
        let letters = [None, None, None, None, None, None, Some('b'), Some('a')];
        assert_eq!(first_seen(&line, |c| letters[c]), Some((6, 'b')));
        let rev: Vec<Cell> = line.iter().rev().copied().collect();
        assert_eq!(first_seen(&rev, |c| letters[c]), Some((7, 'a')));
        assert_eq!(first_seen(&line[..2], |c| letters[c]), None);
    }

    #[test]
    fn values_held_other_than_once_are_found() {
        let values = [1, 0, 2, 2];
        let line: Vec<Cell> = (0..4).collect();
        assert_eq!(first_not_once(&line, 1..=2, |c| values[c]), Some((2, 2)));
        assert_eq!(
            first_not_once(&line, 1..=3, |c| values[c].min(1)),
            Some((1, 3))
        );
        assert_eq!(first_not_once(&line[..3], 1..=2, |c| values[c]), None);
    }

    #[test]
    fn equal_values_closer_than_their_value_are_found() {
        let values = [1, 2, 1, 2, 3, 1];
        let line: Vec<Cell> = (0..6).collect();
        assert_eq!(first_too_close(&line, |c| values[c]), Some((1, 3, 2)));
        let ok = [1, 2, 1, 3, 2, 1];
        assert_eq!(first_too_close(&line, |c| ok[c]), None);
        let ones = [1, 1];
        assert_eq!(first_too_close(&line[..2], |c| ones[c]), Some((0, 1, 1)));
    }
}
