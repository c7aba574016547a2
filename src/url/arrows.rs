//! pzprjs's arrow-number stream (`ArrowNumber16`: yajilin and its relatives): one item per
//! cell, each a direction and a number, or empty.
//!
//! An item starts with its direction digit d (`0` none, `1` up, `2` down, `3` left, `4`
//! right): `d` then one hex digit is 0–15 or, with `.`, `?`; `d + 5` then two hex digits is
//! 16–255; `-`, d, then three hex digits is 256–4095. `a`–`z` skip 1–26 empty cells. The
//! stream may stop early (the rest is empty).

use super::format::Piece;
use super::{digit_char, digit_value, error_at, Reader, Writer};
use crate::error::{Error, Result};
use crate::grid::Grid;

/// A clue cell of the stream: an arrow (none in pzprjs's code 0) and a number (none for `?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrowClue {
    /// The arrow as a step `(dr, dc)`, if the clue has one.
    pub direction: Option<(isize, isize)>,
    /// The number, `None` for pzprjs's `?`.
    pub number: Option<u32>,
}

impl ArrowClue {
    /// The number and the arrow's step when the clue has both: what counts along a ray.
    pub fn counted(&self) -> Option<(u32, isize, isize)> {
        let (dr, dc) = self.direction?;
        Some((self.number?, dr, dc))
    }
}

impl From<Option<(u32, isize, isize)>> for ArrowClue {
    /// A clue counting `n` in direction `(dr, dc)`, or (for `None`) a clue cell with neither.
    fn from(counted: Option<(u32, isize, isize)>) -> Self {
        ArrowClue {
            direction: counted.map(|(_, dr, dc)| (dr, dc)),
            number: counted.map(|(n, _, _)| n),
        }
    }
}

/// pzprjs's direction codes 1–4 as steps, in code order.
const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The longest run of empty cells one skip letter holds (`z`).
const MAX_SKIP: u32 = 26;

/// The arrow-number stream, one item per cell.
pub struct ArrowNumbers;

/// Reads `count` hex digits as one number.
fn hex(body: &mut Reader, count: usize) -> Result<u32> {
    let mut value = 0;
    for _ in 0..count {
        let col = body.column();
        let ch = body.next_char();
        let digit = ch
            .and_then(|ch| digit_value(ch, 16))
            .ok_or_else(|| match ch {
                Some(ch) => error_at(
                    col,
                    format!("`{ch}` is not a hex digit of an arrow's number"),
                ),
                None => error_at(
                    col,
                    "the URL stops inside an arrow's number (is it cut short?)",
                ),
            })?;
        value = value * 16 + digit;
    }
    Ok(value)
}

/// Reads a direction digit 0–4.
fn direction(body: &mut Reader, code: Option<u32>) -> Result<Option<(isize, isize)>> {
    let col = body.column();
    let code = match code {
        Some(code) => code,
        None => hex(body, 1)?,
    };
    match code {
        0 => Ok(None),
        1..=4 => Ok(Some(STEPS[code as usize - 1])),
        _ => Err(error_at(
            col,
            format!("{code} is not an arrow direction (0-4)"),
        )),
    }
}

impl Piece for ArrowNumbers {
    type Value = Vec<Option<ArrowClue>>;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        let mut items = vec![None; grid.len()];
        let mut cell = 0;
        while cell < grid.len() {
            let col = body.column();
            let Some(ch) = body.next_char() else { break };
            let lead = digit_value(ch, 36);
            let (direction, number) = match (ch, lead) {
                ('-', _) => (direction(body, None)?, Some(hex(body, 3)?)),
                (_, Some(d @ 0..=4)) => match body.peek() {
                    Some('.') => {
                        body.next_char();
                        (direction(body, Some(d))?, None)
                    }
                    _ => (direction(body, Some(d))?, Some(hex(body, 1)?)),
                },
                (_, Some(d @ 5..=9)) => (direction(body, Some(d - 5))?, Some(hex(body, 2)?)),
                (_, Some(letter @ 10..)) => {
                    cell += letter as usize - 9;
                    if cell > grid.len() {
                        return Err(error_at(col, format!("`{ch}` skips past the last cell")));
                    }
                    continue;
                }
                _ => {
                    return Err(error_at(
                        col,
                        format!("`{ch}` does not start an arrow clue"),
                    ))
                }
            };
            items[cell] = Some(ArrowClue { direction, number });
            cell += 1;
        }
        Ok(items)
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &Self::Value) -> Result<()> {
        let mut empty: u32 = 0;
        for item in value {
            let Some(clue) = item else {
                empty += 1;
                if empty == MAX_SKIP {
                    body.body.push(digit_char(9 + empty));
                    empty = 0;
                }
                continue;
            };
            if empty > 0 {
                body.body.push(digit_char(9 + empty));
                empty = 0;
            }
            let code = clue.direction.map_or(0, |step| {
                1 + STEPS.iter().position(|&s| s == step).unwrap_or(0)
            });
            let code = code as u32;
            let digits = |n: u32, width: u32| {
                (0..width)
                    .rev()
                    .map(move |i| digit_char(n >> (4 * i) & 0xf))
            };
            match clue.number {
                None => body.body.extend([digit_char(code), '.']),
                Some(n @ 0..=15) => body.body.extend([digit_char(code), digit_char(n)]),
                Some(n @ 16..=255) => body
                    .body
                    .extend(std::iter::once(digit_char(code + 5)).chain(digits(n, 2))),
                Some(n @ 256..=4095) => body
                    .body
                    .extend(['-', digit_char(code)].into_iter().chain(digits(n, 3))),
                Some(n) => {
                    return Err(Error::Invalid(format!(
                        "an arrow's number {n} has no URL form (0 to 4095)"
                    )))
                }
            }
        }
        if empty > 0 {
            body.body.push(digit_char(9 + empty));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(body: &str, grid: Grid) -> Result<Vec<Option<ArrowClue>>> {
        ArrowNumbers.read(&mut Reader::new(body, 1), grid)
    }

    fn write(items: &[Option<ArrowClue>], grid: Grid) -> String {
        let mut w = Writer::new();
        ArrowNumbers.write(&mut w, grid, &items.to_vec()).unwrap();
        w.finish()
    }

    #[test]
    fn pzprjs_test_body_reads_as_its_two_clues() {
        let grid = Grid::new(5, 5);
        let items = read("m32j10", grid).unwrap();
        let clue = |dr, dc, n| {
            Some(ArrowClue {
                direction: Some((dr, dc)),
                number: Some(n),
            })
        };
        let mut expected = vec![None; 25];
        expected[13] = clue(0, -1, 2);
        expected[24] = clue(-1, 0, 0);
        assert_eq!(items, expected);
        assert_eq!(write(&items, grid), "m32j10");
    }

    #[test]
    fn every_form_round_trips_and_bad_bodies_are_errors_not_panics() {
        let grid = Grid::new(4, 10);
        let mut items = vec![None; 40];
        let clue = |direction, number| Some(ArrowClue { direction, number });
        items[0] = clue(None, None);
        items[1] = clue(Some((1, 0)), Some(15));
        items[2] = clue(Some((0, 1)), Some(16));
        items[3] = clue(Some((0, -1)), Some(255));
        items[4] = clue(None, Some(256));
        items[5] = clue(Some((-1, 0)), Some(4095));
        items[39] = clue(Some((1, 0)), None); // after a run longer than one letter holds
        let body = write(&items, grid);
        assert_eq!(body, "0.2f9108ff-0100-1fffzg2.");
        assert_eq!(read(&body, grid).unwrap(), items);
        for bad in ["5", "-5123", "0g", "zzz", "!", "3", "-1ff", "7x1"] {
            assert!(read(bad, grid).is_err(), "{bad}");
        }
        assert_eq!(read("z", grid).unwrap(), vec![None; 40]);
    }
}
