//! pzprjs's sum cells (Kakuro): the URL's board is the grid without its first row and column,
//! which pzprjs keeps as clue cells outside the board. The body: the board's cells in raster
//! order, a run of 1–16 white cells as one letter `k`–`z`, a black cell as `.` (no sums) or
//! two sum characters (down, then right); then the down sum above each column whose first
//! cell is white, then the right sum before each row whose first cell is white. A sum
//! character: `0` none, `1`–`j` 1–19, `A`–`Z` 20–45. A body cut short reads as pzprjs reads
//! it: the remaining cells white, the remaining sums none.

use super::format::Piece;
use super::{digit_char, digit_value, error_at, Reader, Writer};
use crate::error::{Error, Result};
use crate::grid::sums::{Square, SumGrid, BLACK};
use crate::grid::Grid;

/// The sum cells of a Kakuro board (the piece's grid is the URL's board; the value is the
/// whole grid, one row and one column larger).
pub struct Sums51;

/// The longest run of white cells one letter skips.
const MOST_SKIPPED: usize = 16;

/// Reads one sum; at the end of the body there is none (pzprjs reads a body cut short so).
fn read_sum(body: &mut Reader) -> Result<Option<u32>> {
    let col = body.column();
    let Some(ch) = body.next_char() else {
        return Ok(None);
    };
    let value = match ch {
        'A'..='Z' => digit_value(ch.to_ascii_lowercase(), 36).map(|v| v + 10),
        _ => digit_value(ch, 20),
    };
    let value =
        value.ok_or_else(|| error_at(col, format!("`{ch}` is not a sum (0-9, a-j, A-Z)")))?;
    Ok((value > 0).then_some(value))
}

fn write_sum(body: &mut Writer, sum: Option<u32>) -> Result<()> {
    match sum.unwrap_or(0) {
        v @ 0..=19 => body.body.push(digit_char(v)),
        v @ 20..=45 => body.body.push(digit_char(v - 10).to_ascii_uppercase()),
        v => {
            return Err(Error::Invalid(format!(
                "a sum of {v} has no URL form (1 to 45)"
            )))
        }
    }
    Ok(())
}

/// The whole grid's cell of a board cell.
fn outer(board: Grid, cell: usize) -> usize {
    let (r, c) = board.rc(cell);
    (r + 1) * (board.width + 1) + c + 1
}

impl Piece for Sums51 {
    type Value = SumGrid;
    fn read(&self, body: &mut Reader, board: Grid) -> Result<SumGrid> {
        let grid = Grid::new(board.height + 1, board.width + 1);
        let mut squares = vec![BLACK; grid.len()];
        let mut cell = 0;
        while cell < board.len() {
            let col = body.column();
            // pzprjs leaves the cells after a body cut short white.
            let Some(ch) = body.peek() else {
                for c in cell..board.len() {
                    squares[outer(board, c)] = Square::White;
                }
                break;
            };
            if let Some(skip) = digit_value(ch, 36).filter(|&v| v >= 20) {
                body.next_char();
                let skip = (skip - 19) as usize;
                if cell + skip > board.len() {
                    return Err(error_at(col, format!("`{ch}` skips past the last cell")));
                }
                for c in cell..cell + skip {
                    squares[outer(board, c)] = Square::White;
                }
                cell += skip;
                continue;
            }
            if ch == '.' {
                body.next_char();
            } else {
                let (down, right) = (read_sum(body)?, read_sum(body)?);
                squares[outer(board, cell)] = Square::Black { down, right };
            }
            cell += 1;
        }
        for x in 0..board.width {
            if squares[grid.cell(1, x + 1)] == Square::White {
                squares[x + 1] = Square::Black {
                    down: read_sum(body)?,
                    right: None,
                };
            }
        }
        for y in 0..board.height {
            if squares[grid.cell(y + 1, 1)] == Square::White {
                let down = None;
                squares[grid.cell(y + 1, 0)] = Square::Black {
                    down,
                    right: read_sum(body)?,
                };
            }
        }
        Ok(SumGrid { grid, squares })
    }
    fn write(&self, body: &mut Writer, board: Grid, sums: &SumGrid) -> Result<()> {
        let g = sums.grid;
        let edge = (g.cells()).find(|&c| (g.rc(c).0 == 0 || g.rc(c).1 == 0) && sums.is_white(c));
        if let Some(c) = edge {
            let msg = format!(
                "the white cell {} is on the first row or column: no URL form",
                g.name(c)
            );
            return Err(Error::Invalid(msg));
        }
        let mut whites = 0;
        let flush = |body: &mut Writer, whites: &mut usize| {
            if *whites > 0 {
                body.body.push(digit_char(*whites as u32 + 19));
                *whites = 0;
            }
        };
        for cell in board.cells() {
            match sums.squares[outer(board, cell)] {
                Square::White => {
                    whites += 1;
                    if whites == MOST_SKIPPED {
                        flush(body, &mut whites);
                    }
                }
                Square::Black { down, right } => {
                    flush(body, &mut whites);
                    if down.is_none() && right.is_none() {
                        body.body.push('.');
                    } else {
                        write_sum(body, down)?;
                        write_sum(body, right)?;
                    }
                }
            }
        }
        flush(body, &mut whites);
        for x in 1..g.width {
            if let (Square::White, Square::Black { down, .. }) =
                (sums.squares[g.cell(1, x)], sums.squares[x])
            {
                write_sum(body, down)?;
            }
        }
        for y in 1..g.height {
            if let (Square::White, Square::Black { right, .. }) =
                (sums.squares[g.cell(y, 1)], sums.squares[g.cell(y, 0)])
            {
                write_sum(body, right)?;
            }
        }
        Ok(())
    }
}
