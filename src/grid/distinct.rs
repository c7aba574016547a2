//! "No two lines are equal": rows (or columns) read as words over one 0/1 literal per cell
//! must all differ (binairo's classic rule, Takuzu). For every pair of lines of one length, a
//! difference literal per position that implies the two cells differ, and one clause that
//! some position differs.

use super::{Cell, Grid};
use crate::model::{Constraint, Lit, Model};

/// Adds "no two of `lines` spell the same word", over the literal `value[cell]` of each cell;
/// named `{name} LINE-LINE` by the lines' first cells.
pub fn add_distinct_lines(
    model: &mut Model,
    name: &str,
    grid: Grid,
    lines: &[Vec<Cell>],
    value: &[Lit],
) {
    for (i, a) in lines.iter().enumerate() {
        for b in lines[i + 1..].iter().filter(|b| b.len() == a.len()) {
            let at = format!("{name} {}-{}", grid.name(a[0]), grid.name(b[0]));
            let mut some = Vec::with_capacity(a.len());
            for (&x, &y) in a.iter().zip(b) {
                let d = model
                    .new_bool(format!("{at} differ at {}", grid.name(x)))
                    .lit();
                let (x, y) = (value[x], value[y]);
                model.add(at.clone(), Constraint::clause([!d, x, y]));
                model.add(at.clone(), Constraint::clause([!d, !x, !y]));
                some.push(d);
            }
            model.add(at, Constraint::clause(some));
        }
    }
}

/// The first two lines (their indices) that spell the same word.
pub fn first_equal_lines(
    lines: &[Vec<Cell>],
    value: impl Fn(Cell) -> bool,
) -> Option<(usize, usize)> {
    let word = |l: &[Cell]| l.iter().map(|&c| value(c)).collect::<Vec<bool>>();
    let words: Vec<Vec<bool>> = lines.iter().map(|l| word(l)).collect();
    (0..words.len()).find_map(|i| {
        (i + 1..words.len())
            .find(|&j| words[i] == words[j])
            .map(|j| (i, j))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::satisfiable_projections;

    #[test]
    fn the_model_allows_exactly_the_grids_whose_rows_differ() {
        let g = Grid::new(3, 2);
        let rows = g.rows();
        let mut m = Model::new();
        let x = g.answer_bools(&mut m, "x");
        let lits: Vec<Lit> = x.iter().map(|v| v.lit()).collect();
        add_distinct_lines(&mut m, "rows differ", g, &rows, &lits);
        let expected = (0u64..1 << 6)
            .filter(|m| first_equal_lines(&rows, |c| m >> c & 1 == 1).is_none())
            .collect();
        assert_eq!(satisfiable_projections(&m, &x), expected);
        assert_eq!(first_equal_lines(&rows, |c| c % 2 == 0), Some((0, 1)));
    }
}
