//! Sparse marks, one bit per cell (pzprjs `1Cell`, tents' trees): a base-36 digit `0`–`h`
//! (0–17) marks the current cell and skips that many unmarked cells after it; `i`–`z` (18–35)
//! skips 1–18 unmarked cells. And the clues outside a grid (pzprjs `Number16ExCell`): the hex
//! number stream over the W column clues, then the H row clues.

use super::format::Piece;
use super::{digit_char, digit_value, error_at, Reader, Writer};
use crate::error::Result;
use crate::grid::margins::LineCounts;
use crate::grid::{Clue, Grid};

/// The most unmarked cells one code skips after a mark (`h`), and without one (`z`).
const AFTER_MARK: usize = 17;
const ALONE: usize = 18;

impl Reader {
    /// Reads `len` cells of sparse marks.
    pub fn marks(&mut self, len: usize) -> Result<Vec<bool>> {
        let mut marked = vec![false; len];
        let mut c = 0;
        while c < len {
            let col = self.column();
            let Some(ch) = self.next_char() else { break };
            let Some(v) = digit_value(ch, 36).map(|v| v as usize) else {
                return Err(error_at(
                    col,
                    format!("`{ch}` is not a mark code (0-9, a-z)"),
                ));
            };
            let next = match v < ALONE {
                true => {
                    marked[c] = true;
                    c + 1 + v
                }
                false => c + v - AFTER_MARK,
            };
            if next > len {
                let msg = format!("`{ch}` goes past the last cell (wrong size in the URL?)");
                return Err(error_at(col, msg));
            }
            c = next;
        }
        Ok(marked)
    }
}

impl Writer {
    /// Writes marks in pzprjs's shortest form.
    pub fn marks(&mut self, marked: &[bool]) {
        let mut c = 0;
        while c < marked.len() {
            let run = |from: usize, most: usize| {
                let rest = marked[from..].iter().take(most);
                rest.take_while(|&&m| !m).count()
            };
            if marked[c] {
                let gap = run(c + 1, AFTER_MARK);
                self.body.push(digit_char(gap as u32));
                c += 1 + gap;
            } else {
                let gap = run(c, ALONE);
                self.body.push(digit_char((gap + AFTER_MARK) as u32));
                c += gap;
            }
        }
    }
}

/// The marked cells (tents' trees).
pub struct Marks;

impl Piece for Marks {
    type Value = Vec<bool>;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Vec<bool>> {
        body.marks(grid.len())
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &Vec<bool>) -> Result<()> {
        body.marks(value);
        Ok(())
    }
}

/// The clues outside the grid: one per column (above it), then one per row (left of it).
pub struct MarginNumbers;

impl Piece for MarginNumbers {
    type Value = LineCounts;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<LineCounts> {
        let items = body.numbers(grid.width + grid.height)?;
        // pzprjs's `?` outside a grid counts nothing: no clue.
        let mut counts = items.into_iter().map(|c| c.and_then(Clue::value));
        let columns = counts.by_ref().take(grid.width).collect();
        let rows = counts.collect();
        Ok(LineCounts { columns, rows })
    }
    fn write(&self, body: &mut Writer, _: Grid, counts: &LineCounts) -> Result<()> {
        let items: Vec<Option<Clue>> = (counts.columns.iter().chain(&counts.rows))
            .map(|n| n.map(Clue::Number))
            .collect();
        body.numbers(&items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(marked: &[bool]) -> String {
        let mut w = Writer::new();
        w.marks(marked);
        let body = w.finish();
        let back = Reader::new(&body, 1).marks(marked.len()).unwrap();
        assert_eq!(back, marked, "{body}");
        body
    }

    #[test]
    fn marks_round_trip_in_the_shortest_form() {
        let bits = |s: &str| s.chars().map(|c| c == '#').collect::<Vec<bool>>();
        assert_eq!(round_trip(&bits("#..#")), "20");
        assert_eq!(round_trip(&bits("..#.")), "j1");
        assert_eq!(round_trip(&bits("....")), "l");
        assert_eq!(round_trip(&bits("##")), "00");
        for n in [17, 18, 19, 36, 40] {
            let mut v = vec![false; n];
            round_trip(&v);
            v[0] = true;
            round_trip(&v);
            v[n - 1] = true;
            round_trip(&v);
        }
    }

    #[test]
    fn bad_mark_codes_are_refused_at_their_column() {
        let e = Reader::new("0?", 5).marks(4).unwrap_err().to_string();
        assert!(e.starts_with("URL:1:6: `?` is not a mark code"), "{e}");
        let e = Reader::new("z", 5).marks(4).unwrap_err().to_string();
        assert!(e.contains("past the last cell"), "{e}");
    }
}
