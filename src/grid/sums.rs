//! Sum grids (Kakuro and its kin): white cells for numbers, black cells with the sums of the
//! run below and the run to the right of them, and the runs those sums belong to.

use super::{runs, Cell, Grid};

/// A cell of a sum grid: white, or black with the sums of the runs below and to its right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Square {
    /// A white cell, for a number.
    #[default]
    White,
    /// A black cell and its clues.
    Black {
        /// The sum of the run below, if given.
        down: Option<u32>,
        /// The sum of the run to the right, if given.
        right: Option<u32>,
    },
}

/// A black cell without clues.
pub const BLACK: Square = Square::Black {
    down: None,
    right: None,
};

/// A grid of white cells and black sum cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SumGrid {
    /// The grid.
    pub grid: Grid,
    /// Each cell.
    pub squares: Vec<Square>,
}

/// A run of white cells and the sum its black cell gives (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumRun {
    /// Where it is, e.g. `r2c3 across`.
    pub name: String,
    /// Its cells in order.
    pub cells: Vec<Cell>,
    /// Its sum.
    pub sum: Option<u32>,
}

impl SumGrid {
    /// Whether a cell is white.
    pub fn is_white(&self, c: Cell) -> bool {
        self.squares[c] == Square::White
    }
    /// Every maximal run of white cells across, then down, with the clue of the black cell
    /// before it (none at the grid's edge).
    pub fn runs(&self) -> Vec<SumRun> {
        let g = self.grid;
        let mut out = Vec::new();
        for (across, lines) in [(true, g.rows()), (false, g.columns())] {
            for cells in lines.iter().flat_map(|l| runs(l, |c| self.is_white(c))) {
                let before = if across { (0, -1) } else { (-1, 0) };
                let sum = match g
                    .offset(cells[0], before.0, before.1)
                    .map(|b| self.squares[b])
                {
                    Some(Square::Black { right, down }) => [down, right][usize::from(across)],
                    _ => None,
                };
                let way = if across { "across" } else { "down" };
                let name = format!("{} {way}", g.name(cells[0]));
                out.push(SumRun { name, cells, sum });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_take_the_sum_of_the_black_cell_before_them() {
        let black = |down, right| Square::Black { down, right };
        let w = Square::White;
        let squares = vec![BLACK, black(Some(3), None), black(None, Some(4)), w, w, w];
        let sums = SumGrid {
            grid: Grid::new(2, 3),
            squares,
        };
        let runs = sums.runs();
        let got: Vec<(&str, Vec<Cell>, Option<u32>)> = (runs.iter())
            .map(|r| (r.name.as_str(), r.cells.clone(), r.sum))
            .collect();
        assert_eq!(
            got,
            vec![
                ("r2c1 across", vec![3, 4, 5], None),
                ("r2c1 down", vec![3], None),
                ("r2c2 down", vec![4], Some(3)),
                ("r2c3 down", vec![5], None),
            ]
        );
    }
}
