//! Dots on a grid's inner points (pzprjs `Dot`: Galaxies' centres): every cell centre, edge
//! midpoint and corner off the frame, (2H − 1) × (2W − 1) points in reading order. A hex digit
//! v places a dot (white for even v, black for odd) and skips v / 2 empty points after it; `g`–`z`
//! skip 1–20 points. Then, only when some cell is taken out of the grid, one bit per cell
//! in base-32 digits of five (pzprjs's empty cells, which no genre here reads).

use super::format::Piece;
use super::{digit_char, digit_value, error_at, Reader, Writer};
use crate::error::Result;
use crate::grid::Grid;

/// The most empty points one code skips after a dot (`e`, `f`), and without one (`z`).
const AFTER_DOT: usize = 7;
const ALONE: usize = 20;

/// The inner points of a grid, in half-cell units: cell (r, c)'s centre is (2r + 1, 2c + 1).
fn point_count(grid: Grid) -> (usize, usize) {
    (2 * grid.height.max(1) - 1, 2 * grid.width.max(1) - 1)
}

impl Reader {
    /// Reads the dots of a grid as points in half-cell units, in reading order.
    pub fn dots(&mut self, grid: Grid) -> Result<Vec<(usize, usize)>> {
        let (rows, cols) = point_count(grid);
        let mut dots = Vec::new();
        let mut s = 0;
        while s < rows * cols {
            let col = self.column();
            let Some(ch) = self.next_char() else { break };
            s += match digit_value(ch, 36).map(|v| v as usize) {
                Some(v) if v < 16 => {
                    dots.push((s / cols + 1, s % cols + 1));
                    v / 2 + 1
                }
                Some(v) => v - 15,
                None => {
                    return Err(error_at(
                        col,
                        format!("`{ch}` is not a dot code (0-9, a-z)"),
                    ))
                }
            };
        }
        // The empty cells' bits: accepted when none is set.
        if !self.is_at_end() {
            for _ in 0..grid.len().div_ceil(5) {
                let col = self.column();
                match self.next_char().and_then(|ch| digit_value(ch, 32)) {
                    Some(0) | None => {}
                    Some(_) => {
                        return Err(error_at(col, "cells taken out of the grid are not read"))
                    }
                }
            }
        }
        Ok(dots)
    }
}

impl Writer {
    /// Writes dots (points in half-cell units, in reading order) as white ones, in pzprjs's form.
    pub fn dots(&mut self, grid: Grid, dots: &[(usize, usize)]) {
        let (rows, cols) = point_count(grid);
        let mut marked = vec![false; rows * cols];
        for &(y, x) in dots {
            marked[(y - 1) * cols + (x - 1)] = true;
        }
        let mut s = 0;
        while s < marked.len() {
            let gap = |from: usize, most: usize| {
                let rest = marked[from.min(marked.len())..].iter().take(most);
                rest.take_while(|&&m| !m).count()
            };
            if marked[s] {
                let skip = gap(s + 1, AFTER_DOT);
                let end = s + 1 + skip;
                // A dot right after the skip: the short code; none within reach: the longest.
                let code = if end < marked.len() && skip < AFTER_DOT {
                    2 * skip
                } else {
                    14
                };
                self.body.push(digit_char(code as u32));
                s = if code == 14 { s + 1 + AFTER_DOT } else { end };
            } else {
                let skip = gap(s, ALONE);
                self.body.push(digit_char((skip + 15) as u32));
                s += skip;
            }
        }
    }
}

/// The dots of a grid (Galaxies' centres), in half-cell units.
pub struct Dots;

impl Piece for Dots {
    type Value = Vec<(usize, usize)>;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        body.dots(grid)
    }
    fn write(&self, body: &mut Writer, grid: Grid, value: &Self::Value) -> Result<()> {
        body.dots(grid, value);
        Ok(())
    }
}
