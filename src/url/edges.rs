//! Clues on all four sides of a grid (pzprjs's `hasexcell: 2`: ABC End View, Skyscrapers), as
//! one hex number stream over the outside cells in pzprjs's order: above the columns (left to
//! right), below them, left of the rows (top to bottom), right of them (the order of
//! [`crate::grid::edges::edge_lines`]).

use super::format::Piece;
use super::{error_at, Reader, Writer};
use crate::error::Result;
use crate::grid::{Clue, Grid};

/// The positive numbers around a grid, `2·(W + H)` of them in pzprjs's order (`None`: no clue).
pub struct EdgeNumbers;

impl Piece for EdgeNumbers {
    type Value = Vec<Option<u32>>;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        let items = body.numbers_at(2 * (grid.width + grid.height))?;
        let number = |item: Option<(Clue, usize)>| match item {
            None => Ok(None),
            Some((Clue::Number(n), _)) if n > 0 => Ok(Some(n)),
            Some((_, col)) => Err(error_at(col, "a clue outside the grid is 1 or more")),
        };
        items.into_iter().map(number).collect()
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &Self::Value) -> Result<()> {
        let items: Vec<Option<Clue>> = value.iter().map(|n| n.map(Clue::Number)).collect();
        body.numbers(&items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_numbers_round_trip_in_pzprjs_order() {
        let grid = Grid::new(2, 3);
        let clues = vec![
            Some(1),
            None,
            None,
            None,
            Some(3),
            None,
            None,
            Some(2),
            None,
            None,
        ];
        let mut w = Writer::new();
        EdgeNumbers.write(&mut w, grid, &clues).unwrap();
        let body = w.finish();
        assert_eq!(body, "1i3h2h");
        let back = EdgeNumbers.read(&mut Reader::new(&body, 1), grid).unwrap();
        assert_eq!(back, clues);
        let zero = EdgeNumbers.read(&mut Reader::new("0", 7), grid);
        assert!(zero.unwrap_err().to_string().contains(":7:"));
    }
}
