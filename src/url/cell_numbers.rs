//! One number per cell (pzprjs `decodeHitori`): a base-36 digit `0`–`z` is 0–35, `-` and two
//! base-36 digits 36–1295, `@` (or `%` when reading) is `?`, `.` an empty cell. There is no
//! skip character; the stream may stop early (the rest is empty).

use super::{digit_char, digit_value, error_at, Reader, Writer};
use crate::error::{Error, Result};
use crate::grid::Clue;

/// The largest number one cell can hold (`-zz`).
pub const MAX_CELL_NUMBER: u32 = 36 * 36 - 1;

impl Reader {
    /// Reads `len` cells of the one-number-per-cell stream.
    pub fn cell_numbers(&mut self, len: usize) -> Result<Vec<Option<Clue>>> {
        let mut items = vec![None; len];
        for item in items.iter_mut() {
            let col = self.column();
            let Some(ch) = self.next_char() else { break };
            *item = match ch {
                '.' => None,
                '@' | '%' => Some(Clue::Unknown),
                '-' => {
                    let digits: String = (0..2).filter_map(|_| self.next_char()).collect();
                    let value = (digits.chars().count() == 2)
                        .then(|| {
                            digits
                                .chars()
                                .try_fold(0, |acc, c| Some(acc * 36 + digit_value(c, 36)?))
                        })
                        .flatten();
                    let msg =
                        format!("`-` must be followed by two base-36 digits, found `{digits}`");
                    Some(Clue::Number(value.ok_or_else(|| error_at(col, msg))?))
                }
                ch => match digit_value(ch, 36) {
                    Some(n) => Some(Clue::Number(n)),
                    None => {
                        return Err(error_at(
                            col,
                            format!("unexpected character `{ch}` in the cell numbers"),
                        ))
                    }
                },
            };
        }
        Ok(items)
    }
}

impl Writer {
    /// Writes one code per cell as pzprjs does. Fails for a number above [`MAX_CELL_NUMBER`].
    pub fn cell_numbers(&mut self, items: &[Option<Clue>]) -> Result<()> {
        for item in items {
            match *item {
                None => self.body.push('.'),
                Some(Clue::Unknown) => self.body.push('@'),
                Some(Clue::Number(n)) if n < 36 => self.body.push(digit_char(n)),
                Some(Clue::Number(n)) if n <= MAX_CELL_NUMBER => {
                    self.body.push('-');
                    self.body.extend([digit_char(n / 36), digit_char(n % 36)]);
                }
                Some(Clue::Number(n)) => {
                    return Err(Error::Invalid(format!(
                    "the number {n} is too large for a puzz.link cell (at most {MAX_CELL_NUMBER})"
                )))
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn read(body: &str, len: usize) -> Result<Vec<Option<Clue>>> {
        let mut r = Reader::new(body, 1);
        let items = r.cell_numbers(len)?;
        r.expect_end()?;
        Ok(items)
    }

    fn write(items: &[Option<Clue>]) -> String {
        let mut w = Writer::new();
        w.cell_numbers(items).unwrap();
        w.finish()
    }

    #[test]
    fn digits_long_forms_unknowns_and_blanks() {
        let n = |v| Some(Clue::Number(v));
        let items = read("1a.z-10@-zz%", 8).unwrap();
        let q = Some(Clue::Unknown);
        assert_eq!(items, vec![n(1), n(10), None, n(35), n(36), q, n(1295), q]);
        assert_eq!(write(&items), "1a.z-10@-zz@");
        assert_eq!(read("12", 4).unwrap(), vec![n(1), n(2), None, None]);
        assert!(Writer::new().cell_numbers(&[n(1296)]).is_err());
    }

    #[test]
    fn bad_codes_name_their_column() {
        let e = read("1!", 3).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("URL:1:2: unexpected character `!`"),
            "{e}"
        );
        let e = read("-1", 1).unwrap_err();
        assert!(
            e.to_string().starts_with("URL:1:1: `-` must be followed"),
            "{e}"
        );
        let e = read("123", 2).unwrap_err();
        assert!(e.to_string().starts_with("URL:1:3: unexpected `3`"), "{e}");
    }

    proptest! {
        #[test]
        fn read_of_write_is_the_items(items in proptest::collection::vec(
            prop_oneof![
                Just(None),
                Just(Some(Clue::Unknown)),
                (0u32..=MAX_CELL_NUMBER).prop_map(|n| Some(Clue::Number(n))),
            ],
            0..40,
        )) {
            let body = write(&items);
            prop_assert_eq!(read(&body, items.len()).unwrap(), items);
        }
    }
}
