//! Number grids (Kakuro, KenKen, Skyscrapers, Str8ts): one integer variable per cell that
//! holds a number, read back as a value per cell (0 where there is none), shown as rows, and
//! the rules check "no value twice in a line".

use super::text::Token;
use super::token_lines::TokenLines;
use super::{Cell, Grid};
use crate::error::Result;
use crate::model::int::{IntOptions, IntVar};
use crate::model::{Assignment, Model};

/// A value per cell, 0 where the cell holds none (a black or empty cell).
pub type Digits = Vec<i64>;

/// An integer answer variable `{name}[r1c1]` for each cell that `values` gives a domain,
/// `None` for the others; their encoding's bits are answer keys.
pub fn digit_vars(
    model: &mut Model,
    grid: Grid,
    name: &str,
    options: &IntOptions,
    values: impl Fn(Cell) -> Option<Vec<i64>>,
) -> Vec<Option<IntVar>> {
    let vars: Vec<Option<IntVar>> = (grid.cells())
        .map(|c| {
            let domain = values(c)?;
            let x = IntVar::new(
                model,
                &format!("{name}[{}]", grid.name(c)),
                &domain,
                options,
            );
            Some(x)
        })
        .collect();
    for x in vars.iter().flatten() {
        model.answer_keys.extend(x.key_vars());
    }
    vars
}

/// The value of each cell in an assignment, 0 where the cell has no variable.
pub fn read_digits(vars: &[Option<IntVar>], assignment: &Assignment) -> Digits {
    let value = |x: &Option<IntVar>| x.as_ref().map_or(0, |x| x.value(assignment));
    vars.iter().map(value).collect()
}

/// Digits as text rows: the digit (a letter from 10 on), `blank` where `is_blank`.
pub fn digit_rows(grid: Grid, digits: &[i64], is_blank: impl Fn(Cell) -> bool) -> Vec<String> {
    grid.char_rows(|c| match digits[c] {
        _ if is_blank(c) => '.',
        d => char::from_digit(d as u32, 36).unwrap_or('?'),
    })
}

/// Reads the next `grid.height` lines of given values in `range`, `-` or `.` for none
/// (`what` names a row in errors).
pub fn read_givens(
    lines: &mut TokenLines,
    grid: Grid,
    range: std::ops::RangeInclusive<i64>,
    what: &str,
) -> Result<Vec<Option<i64>>> {
    let tokens = lines.grid(grid.height, grid.width, what)?;
    let given = |t: &Token| match t.text.as_str() {
        "-" | "." => Ok(None),
        x => (x.parse().ok().filter(|v| range.contains(v)).map(Some)).ok_or_else(|| {
            let (lo, hi) = (range.start(), range.end());
            lines.error(t, format!("`{x}` is not a value {lo} to {hi}, `-` or `.`"))
        }),
    };
    tokens.iter().map(given).collect()
}

/// The first value that appears twice among `cells` (values of 0 do not count), with the
/// two cells.
pub fn repeated(cells: &[Cell], digits: &[i64]) -> Option<(i64, Cell, Cell)> {
    for (i, &a) in cells.iter().enumerate() {
        let twin = cells[i + 1..].iter().find(|&&b| digits[b] == digits[a]);
        if let Some(&b) = twin.filter(|_| digits[a] != 0) {
            return Some((digits[a], a, b));
        }
    }
    None
}

/// An error naming the first value twice in a row or column of `grid`, if any.
pub fn check_lines_distinct(grid: Grid, digits: &[i64]) -> std::result::Result<(), String> {
    for line in grid.lines() {
        if let Some((d, a, b)) = repeated(&line, digits) {
            return Err(format!(
                "{d} is twice in a line, at {} and {}",
                grid.name(a),
                grid.name(b)
            ));
        }
    }
    Ok(())
}

/// Formulation specs that set each value of each key once, the other keys at their defaults
/// (for brute-force tests of every value).
#[cfg(test)]
pub(crate) fn each_value_specs(keys: &[crate::formulation::FormulationKey]) -> Vec<String> {
    let each = |k: &crate::formulation::FormulationKey| {
        (k.values.iter().map(|v| format!("{}={}", k.key, v.name))).collect::<Vec<_>>()
    };
    keys.iter().flat_map(each).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_are_found_and_zeros_ignored() {
        let g = Grid::new(2, 3);
        assert_eq!(repeated(&[0, 1, 2], &[1, 2, 1, 0, 0, 0]), Some((1, 0, 2)));
        assert_eq!(check_lines_distinct(g, &[1, 0, 0, 2, 3, 0]), Ok(()));
        let e = check_lines_distinct(g, &[1, 0, 2, 1, 3, 0]).unwrap_err();
        assert!(e.contains("1 is twice in a line, at r1c1 and r2c1"), "{e}");
        assert_eq!(
            digit_rows(g, &[1, 0, 12, 3, 4, 5], |c| c == 1),
            ["1.c", "345"]
        );
    }
}
