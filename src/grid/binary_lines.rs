//! Lines of two symbols with binairo's line rules: no three equal symbols follow each other,
//! and the line holds as many of one as of the other (binairo/Takuzu, Unruly, 0h h1). Two
//! complete encodings as a formulation [`Choice`], over one 0/1 literal per cell.

use super::counts::{add_counts, first_cell};
use super::{runs, Cell, Grid};
use crate::formulation::{Choice, Value};
use crate::model::regular::{add_regular, BinaryDfa};
use crate::model::{Constraint, Lit, Model};

/// How a line's rules (no three alike, as many of each digit) are encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRules {
    /// Two clauses per three consecutive cells, and a cardinality row per line.
    Clauses,
    /// One automaton per line (the count of `2`s so far, the last digit and its run):
    /// unit propagation then sees everything one line implies.
    Automaton,
}

impl Choice for LineRules {
    const VALUES: &'static [Value] = &[
        Value::complete(
            "clauses",
            "two clauses per three cells and a count per line",
        ),
        Value::complete(
            "automaton",
            "one automaton per line (count, last digit, its run)",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "clauses" => Some(LineRules::Clauses),
            "automaton" => Some(LineRules::Automaton),
            _ => None,
        }
    }
}

/// The automaton of a line of `len` cells: words with no three equal letters in a row and
/// `len / 2` trues. State `1 + 4·twos + 2·last + (run − 1)` after the start state 0.
pub fn line_automaton(len: usize) -> BinaryDfa {
    let half = len / 2;
    let state =
        |twos: usize, last: bool, run: usize| 1 + 4 * twos + 2 * usize::from(last) + run - 1;
    let states = 1 + 4 * (half + 1);
    let mut next = vec![[None, None]; states];
    let mut accepting = vec![len == 0; states];
    for (q, out) in next.iter_mut().enumerate() {
        let (twos, last, run) = match q {
            0 => (0, None, 0),
            q => ((q - 1) / 4, Some((q - 1) / 2 % 2 == 1), (q - 1) % 2 + 1),
        };
        accepting[q] |= q > 0 && twos == half && len.is_multiple_of(2);
        for letter in [false, true] {
            let twos = twos + usize::from(letter);
            let run = if last == Some(letter) { run + 1 } else { 1 };
            out[usize::from(letter)] = (twos <= half && run <= 2).then(|| state(twos, letter, run));
        }
    }
    BinaryDfa {
        start: 0,
        accepting,
        next,
    }
}

/// Adds "no three alike in a row, and as many trues as falses" for every line, over the
/// literal `value[cell]` of each cell.
pub fn add_line_rules(
    model: &mut Model,
    grid: Grid,
    lines: &[Vec<Cell>],
    value: &[Lit],
    encoding: LineRules,
) {
    match encoding {
        LineRules::Clauses => {
            for line in lines {
                for w in line.windows(3) {
                    let at = format!("no three alike at {}", grid.name(w[0]));
                    model.add(at.clone(), Constraint::clause(w.iter().map(|&c| value[c])));
                    model.add(at, Constraint::clause(w.iter().map(|&c| !value[c])));
                }
            }
            let half = |i: usize| Some(lines[i].len() / 2);
            let at = first_cell(grid, lines);
            add_counts(model, "balanced line", lines, |c| value[c], half, at);
        }
        LineRules::Automaton => {
            for line in lines {
                let dfa = line_automaton(line.len());
                let word: Vec<Lit> = line.iter().map(|&c| value[c]).collect();
                let name = format!("line rules from {}", grid.name(line[0]));
                add_regular(model, &name, &dfa, &word, |_, _| true);
            }
        }
    }
}

/// The first run of three or more equal values in a line: its first cell and its value.
pub fn first_triple(lines: &[Vec<Cell>], value: impl Fn(Cell) -> bool) -> Option<(Cell, bool)> {
    lines.iter().find_map(|line| {
        [false, true].into_iter().find_map(|v| {
            let long = runs(line, |c| value(c) == v)
                .into_iter()
                .find(|r| r.len() > 2);
            long.map(|r| (r[0], v))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::satisfiable_projections;

    #[test]
    fn the_line_automaton_accepts_exactly_the_balanced_words_without_three_alike() {
        for len in 0..=8 {
            let dfa = line_automaton(len);
            for bits in 0u32..1 << len {
                let word: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
                let balanced = len % 2 == 0 && word.iter().filter(|&&b| b).count() == len / 2;
                let no_three = word.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]));
                assert_eq!(dfa.accepts(&word), balanced && no_three, "{word:?}");
            }
        }
    }

    #[test]
    fn both_encodings_allow_exactly_the_grids_whose_lines_follow_the_rules() {
        let g = Grid::new(2, 4);
        let lines = g.lines();
        let expected = (0u64..1 << 8)
            .filter(|m| {
                let v = |c: Cell| m >> c & 1 == 1;
                let balanced = lines
                    .iter()
                    .all(|l| 2 * l.iter().filter(|&&c| v(c)).count() == l.len());
                balanced && first_triple(&lines, v).is_none()
            })
            .collect();
        for encoding in [LineRules::Clauses, LineRules::Automaton] {
            let mut m = Model::new();
            let x = g.answer_bools(&mut m, "x");
            let lits: Vec<Lit> = x.iter().map(|v| v.lit()).collect();
            add_line_rules(&mut m, g, &lines, &lits, encoding);
            assert_eq!(satisfiable_projections(&m, &x), expected, "{encoding:?}");
        }
    }
}
