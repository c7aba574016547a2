//! Circles (masyu's pearls): each cell 0 (none), 1 (white) or 2 (black), three cells per
//! base-27 digit, the first cell the most significant (×9), the last digit padded with empty
//! cells.

use super::{Reader, Writer};
use crate::error::Result;

/// A circle in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Circle {
    /// A white (hollow) circle, code 1.
    White,
    /// A black (filled) circle, code 2.
    Black,
}

/// Cells per base-27 digit.
const CELLS: usize = 3;

impl Reader {
    /// Reads `len` cells of circles. An empty rest of the body means no circles; a partial one
    /// is an error.
    pub fn circles(&mut self, len: usize) -> Result<Vec<Option<Circle>>> {
        let digits = self.fixed_digits(len.div_ceil(CELLS), 27, "circle")?;
        let mut cells: Vec<Option<Circle>> = digits
            .iter()
            .flat_map(|&d| [d / 9, d / 3 % 3, d % 3])
            .map(|trit| match trit {
                1 => Some(Circle::White),
                2 => Some(Circle::Black),
                _ => None,
            })
            .collect();
        cells.truncate(len);
        Ok(cells)
    }
}

impl Writer {
    /// Writes cells of circles.
    pub fn circles(&mut self, cells: &[Option<Circle>]) {
        let trit = |cell: Option<&Option<Circle>>| match cell {
            Some(Some(Circle::White)) => 1,
            Some(Some(Circle::Black)) => 2,
            _ => 0,
        };
        let digits: Vec<u32> = cells
            .chunks(CELLS)
            .map(|chunk| trit(chunk.first()) * 9 + trit(chunk.get(1)) * 3 + trit(chunk.get(2)))
            .collect();
        self.fixed_digits(digits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const W: Option<Circle> = Some(Circle::White);
    const B: Option<Circle> = Some(Circle::Black);

    fn read(body: &str, len: usize) -> Result<Vec<Option<Circle>>> {
        let mut r = Reader::new(body, 1);
        let cells = r.circles(len)?;
        r.expect_end()?;
        Ok(cells)
    }

    fn write(cells: &[Option<Circle>]) -> String {
        let mut w = Writer::new();
        w.circles(cells);
        w.finish()
    }

    #[test]
    fn pzprjs_masyu_example_reads_as_its_grid() {
        // pzprjs's mashu test puzzle `6/6/1063000i3000` (1 = white, 2 = black):
        //   . . 1 . . . / . 2 . . 1 . / . . . . . . / . . . 2 . . / . 1 . . . . / . . . . . .
        let grid = concat!("..1...", ".2..1.", "......", "...2..", ".1....", "......");
        let expected: Vec<Option<Circle>> = grid
            .chars()
            .map(|c| match c {
                '1' => W,
                '2' => B,
                _ => None,
            })
            .collect();
        assert_eq!(read("1063000i3000", 36).unwrap(), expected);
        assert_eq!(write(&expected), "1063000i3000");
    }

    #[test]
    fn the_last_digit_is_padded_and_partial_streams_are_errors() {
        // 4 cells: two digits, the second holding one cell (×9).
        assert_eq!(write(&[None, None, W, B]), "1i");
        assert_eq!(read("1i", 4).unwrap(), vec![None, None, W, B]);
        assert_eq!(read("", 4).unwrap(), vec![None; 4]);
        let e = read("1", 4).unwrap_err().to_string();
        assert!(
            e.starts_with("URL:1:2: the circle digits stop after 1 of their 2"),
            "{e}"
        );
        let e = read("r0", 4).unwrap_err().to_string();
        assert_eq!(e, "URL:1:1: `r` is not a circle digit (0-9, a-q)");
    }

    fn circle() -> impl Strategy<Value = Option<Circle>> {
        prop_oneof![Just(None), Just(W), Just(B)]
    }

    proptest! {
        #[test]
        fn circles_round_trip(cells in proptest::collection::vec(circle(), 0..60)) {
            let body = write(&cells);
            prop_assert_eq!(body.len(), cells.len().div_ceil(3));
            prop_assert_eq!(read(&body, cells.len()).unwrap(), cells.clone());
            prop_assert_eq!(write(&read(&body, cells.len()).unwrap()), body);
        }
    }
}
