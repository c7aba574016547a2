//! Numbers 0–4 on the vertices of the grid, `(H+1)·(W+1)` items in raster order, in the 0–4
//! stream with up to two empty items folded into a digit (pzprjs's `decode4Cross`: creek).

use super::format::Piece;
use super::{Reader, Writer};
use crate::error::Result;
use crate::grid::{Clue, Grid};

/// One 0–4 number (or `?`) per vertex of the grid.
pub struct VertexNumbers4;

impl Piece for VertexNumbers4 {
    type Value = Vec<Option<Clue>>;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        body.numbers4(grid.vertices().len())
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &Self::Value) -> Result<()> {
        body.numbers4(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pzprjs_creek_body_reads_every_vertex_and_writes_back() {
        // pzprjs's test/script/creek.js board: 6×6 cells, 7×7 vertices.
        let grid = Grid::new(6, 6);
        let mut r = Reader::new("gagaich2cgb6769dt", 1);
        let clues = VertexNumbers4.read(&mut r, grid).unwrap();
        r.expect_end().unwrap();
        assert_eq!(clues.len(), 49);
        let n = |v| Some(Clue::Number(v));
        assert_eq!(&clues[..7], &[None, n(0), None, None, None, n(0), None]);
        let mut w = Writer::new();
        VertexNumbers4.write(&mut w, grid, &clues).unwrap();
        assert_eq!(w.finish(), "gagaich2cgb6769dt");
    }
}
