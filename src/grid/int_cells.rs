//! The answer of a number genre: one integer per cell (named by its cell, `r1c1`), its
//! encoding's 0/1 variables the answer keys; the givens fixed; read back as numbers.

use super::{Cell, Grid};
use crate::model::int::{fix, IntOptions, IntVar};
use crate::model::{Assignment, Model};

/// One answer integer per cell, over the values `domain` gives the cell (sorted, distinct,
/// not empty); its bits become answer keys.
pub fn answer_ints(
    model: &mut Model,
    grid: Grid,
    options: &IntOptions,
    domain: impl Fn(Cell) -> Vec<i64>,
) -> Vec<IntVar> {
    let cells: Vec<IntVar> = (grid.cells())
        .map(|c| IntVar::new(model, &grid.name(c), &domain(c), options))
        .collect();
    model
        .answer_keys
        .extend(cells.iter().flat_map(IntVar::key_vars));
    cells
}

/// Fixes every cell with a given value (constraints `given r1c1`).
pub fn fix_givens(
    model: &mut Model,
    grid: Grid,
    cells: &[IntVar],
    given: impl Fn(Cell) -> Option<i64>,
) {
    for c in grid.cells() {
        if let Some(v) = given(c) {
            fix(model, &format!("given {}", grid.name(c)), &cells[c], v);
        }
    }
}

/// The integers of a line's cells, in its order.
pub fn on_line<'a>(cells: &'a [IntVar], line: &[Cell]) -> Vec<&'a IntVar> {
    line.iter().map(|&c| &cells[c]).collect()
}

/// The cells' values in an assignment, as the (non-negative) numbers of an answer.
pub fn values(cells: &[IntVar], assignment: &Assignment) -> Vec<u32> {
    cells.iter().map(|x| x.value(assignment) as u32).collect()
}
