//! Number streams: one item per cell, room or outside clue, each a number, `?` or empty.
//!
//! The hex stream (pzprjs `Number16`): `0`–`f` is 0–15, `-hh` 16–255, `+hhh` 256–4095,
//! `=hhh` 4096 + hhh, `%hhh` 8192 + hhh, `*hhhh` 12240 + hhhh, `$hhhhh` 77776 + hhhhh; `.` is
//! `?`; `g`–`z` skip 1–20 empty items. The stream may stop early (the rest is empty).
//!
//! The 0–4 stream (pzprjs `4Cell`, slitherlink): `0`–`4` is the number, `5`–`9` the number
//! followed by one empty cell, `a`–`e` by two; `.` is `?`; `g`–`z` skip 1–20 empty cells.

use super::{digit_char, digit_value, error_at, Reader, Writer};
use crate::error::{Error, Result};
use crate::grid::Clue;

/// The longest run of empty items one skip character holds (`z`).
const MAX_SKIP: usize = 20;

/// The skip character for 1..=20 empty items.
fn skip_char(count: usize) -> char {
    digit_char(15 + count as u32)
}

/// The number of empty items a skip character stands for.
fn skip_count(ch: char) -> Option<usize> {
    digit_value(ch, 36)
        .filter(|&v| v >= 16)
        .map(|v| v as usize - 15)
}

/// The long forms of the hex stream: prefix, hex digits, offset, and the first value written
/// with the next form (pzprjs's table; the single digit covers 0–15).
const LONG_FORMS: [(char, usize, u32, u32); 6] = [
    ('-', 2, 0, 256),
    ('+', 3, 0, 4096),
    ('=', 3, 4096, 8192),
    ('%', 3, 8192, 12240),
    ('*', 4, 12240, 77776),
    ('$', 5, 77776, 77776 + 0x10_0000),
];

/// The largest number the hex stream can hold.
pub const MAX_NUMBER: u32 = 77776 + 0xf_ffff;

/// The shortest hex-stream code of a number, if it has one.
fn hex_code(n: u32) -> Option<String> {
    if n < 16 {
        return Some(digit_char(n).to_string());
    }
    let &(prefix, width, offset, _) = LONG_FORMS.iter().find(|f| n < f.3)?;
    let mut code = prefix.to_string();
    let value = n - offset;
    for i in (0..width).rev() {
        code.push(digit_char(value >> (4 * i) & 0xf));
    }
    Some(code)
}

/// Appends items with runs of empty ones written as skip characters, `code` writing one
/// non-empty item and telling how many following empty items it absorbed.
fn write_with_skips<T>(
    items: &[Option<T>],
    body: &mut String,
    mut code: impl FnMut(usize, &T) -> Result<(String, usize)>,
) -> Result<()> {
    let mut empty = 0;
    let mut i = 0;
    while i < items.len() {
        match &items[i] {
            None => {
                empty += 1;
                if empty == MAX_SKIP {
                    body.push(skip_char(empty));
                    empty = 0;
                }
                i += 1;
            }
            Some(item) => {
                if empty > 0 {
                    body.push(skip_char(empty));
                    empty = 0;
                }
                let (text, absorbed) = code(i, item)?;
                body.push_str(&text);
                i += 1 + absorbed;
            }
        }
    }
    if empty > 0 {
        body.push(skip_char(empty));
    }
    Ok(())
}

impl Reader {
    /// Reads `len` items of the hex stream.
    pub fn numbers(&mut self, len: usize) -> Result<Vec<Option<Clue>>> {
        Ok(self
            .numbers_at(len)?
            .into_iter()
            .map(|item| item.map(|(clue, _)| clue))
            .collect())
    }

    /// Reads `len` items of the hex stream, each clue with the URL column of its code (for
    /// errors about its value).
    pub fn numbers_at(&mut self, len: usize) -> Result<Vec<Option<(Clue, usize)>>> {
        let mut items = vec![None; len];
        let mut i = 0;
        while i < len {
            let col = self.column();
            let Some(ch) = self.next_char() else { break };
            if let Some(n) = digit_value(ch, 16) {
                items[i] = Some((Clue::Number(n), col));
                i += 1;
            } else if ch == '.' {
                items[i] = Some((Clue::Unknown, col));
                i += 1;
            } else if let Some(&(_, width, offset, _)) = LONG_FORMS.iter().find(|f| f.0 == ch) {
                let value = self.hex_digits(ch, width)?;
                items[i] = Some((Clue::Number(offset + value), col));
                i += 1;
            } else if let Some(count) = skip_count(ch) {
                i = self.skip(i, count, len, col, ch)?;
            } else {
                return Err(unexpected(col, ch));
            }
        }
        Ok(items)
    }

    /// Reads `len` items of the 0–4 stream (slitherlink's cell numbers).
    pub fn numbers4(&mut self, len: usize) -> Result<Vec<Option<Clue>>> {
        let mut items = vec![None; len];
        let mut i = 0;
        while i < len {
            let col = self.column();
            let Some(ch) = self.next_char() else { break };
            match (digit_value(ch, 15), skip_count(ch)) {
                (Some(v), _) => {
                    // 0–4 alone, 5–9 with one empty cell after it, a–e with two; the empty
                    // cells may run past the end of the grid (pzprjs writes the last number so).
                    items[i] = Some(Clue::Number(v % 5));
                    i += 1 + v as usize / 5;
                }
                (None, Some(count)) => i = self.skip(i, count, len, col, ch)?,
                (None, None) if ch == '.' => {
                    items[i] = Some(Clue::Unknown);
                    i += 1;
                }
                (None, None) => return Err(unexpected(col, ch)),
            }
        }
        Ok(items)
    }

    /// Reads the `width` hex digits after a long-form prefix.
    fn hex_digits(&mut self, prefix: char, width: usize) -> Result<u32> {
        let start = self.column();
        let digits: String = (0..width).filter_map(|_| self.next_char()).collect();
        let value = digits
            .chars()
            .try_fold(0, |acc, c| Some(acc << 4 | digit_value(c, 16)?))
            .filter(|_| digits.chars().count() == width);
        value.ok_or_else(|| {
            error_at(
                start - 1,
                format!("`{prefix}` must be followed by {width} hex digits, found `{digits}`"),
            )
        })
    }

    /// Skips `count` empty items from item `i`; skipping past the last item is an error.
    fn skip(&self, i: usize, count: usize, len: usize, col: usize, ch: char) -> Result<usize> {
        if i + count > len {
            return Err(error_at(
                col,
                format!(
                    "`{ch}` skips {count} items but only {} are left (wrong size in the URL?)",
                    len - i
                ),
            ));
        }
        Ok(i + count)
    }
}

/// The error for a character that is no item code.
fn unexpected(col: usize, ch: char) -> Error {
    error_at(col, format!("unexpected character `{ch}` in the clue body"))
}

impl Writer {
    /// Writes items as the hex stream, in its shortest form. Fails for a number above
    /// `MAX_NUMBER`.
    pub fn numbers(&mut self, items: &[Option<Clue>]) -> Result<()> {
        write_with_skips(items, &mut self.body, |_, clue| match clue {
            Clue::Unknown => Ok((".".into(), 0)),
            &Clue::Number(n) => hex_code(n).map(|c| (c, 0)).ok_or_else(|| {
                Error::Invalid(format!(
                    "the number {n} is too large for a puzz.link URL (at most {MAX_NUMBER})"
                ))
            }),
        })
    }

    /// Writes items as the 0–4 stream, folding up to two following empty cells into each
    /// number as pzprjs does. Fails for a number above 4.
    pub fn numbers4(&mut self, items: &[Option<Clue>]) -> Result<()> {
        let filled = |i: usize| items.get(i).is_some_and(Option::is_some);
        write_with_skips(items, &mut self.body, |i, clue| match clue {
            Clue::Unknown => Ok((".".into(), 0)),
            &Clue::Number(n) if n <= 4 => {
                // The empty cells after it (none if the next is filled, at most two).
                let absorbed = if filled(i + 1) {
                    0
                } else if filled(i + 2) {
                    1
                } else {
                    2
                };
                let code = digit_char(n + 5 * absorbed as u32).to_string();
                Ok((code, absorbed.min(items.len() - i - 1)))
            }
            Clue::Number(n) => Err(Error::Invalid(format!(
                "the number {n} does not fit a 0–4 cell clue"
            ))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn n(v: u32) -> Option<Clue> {
        Some(Clue::Number(v))
    }
    const Q: Option<Clue> = Some(Clue::Unknown);

    fn read(body: &str, len: usize) -> Result<Vec<Option<Clue>>> {
        let mut r = Reader::new(body, 1);
        let items = r.numbers(len)?;
        r.expect_end()?;
        Ok(items)
    }

    fn write(items: &[Option<Clue>]) -> String {
        let mut w = Writer::new();
        w.numbers(items).unwrap();
        w.finish()
    }

    #[test]
    fn cspuz_example_room_clues_are_two_and_three_among_eleven_rooms() {
        let items = read("g2i3k", 11).unwrap();
        let mut expected = vec![None; 11];
        expected[1] = n(2);
        expected[5] = n(3);
        assert_eq!(items, expected);
        assert_eq!(write(&expected), "g2i3k");
    }

    #[test]
    fn every_long_form_reads_its_documented_value() {
        for (code, value) in [
            ("f", 15),
            ("-10", 16),
            ("-ff", 255),
            ("+100", 256),
            ("+fff", 4095),
            ("=000", 4096),
            ("=fff", 8191),
            ("%000", 8192),
            ("%fcf", 12239),
            ("*0000", 12240),
            ("*ffff", 77775),
            ("$00000", 77776),
            ("$fffff", MAX_NUMBER),
        ] {
            assert_eq!(read(code, 1).unwrap(), vec![n(value)], "{code}");
            assert_eq!(write(&[n(value)]), code, "{value}");
        }
        let mut w = Writer::new();
        assert!(w.numbers(&[n(MAX_NUMBER + 1)]).is_err());
    }

    #[test]
    fn unknowns_and_skips_of_up_to_twenty() {
        let mut items = vec![None; 45];
        items[0] = Q;
        items[22] = n(1);
        // 21 empty after the `?`: `z` (20) + `g` (1); 22 at the end: `z` + `h`.
        assert_eq!(write(&items), ".zg1zh");
        assert_eq!(read(".zg1zh", 45).unwrap(), items);
    }

    #[test]
    fn a_stream_that_stops_early_leaves_the_rest_empty() {
        assert_eq!(read("1", 3).unwrap(), vec![n(1), None, None]);
        assert_eq!(read("", 2).unwrap(), vec![None, None]);
    }

    #[test]
    fn bad_streams_name_the_column() {
        assert_eq!(
            read("1!", 4).unwrap_err().to_string(),
            "URL:1:2: unexpected character `!` in the clue body"
        );
        assert_eq!(
            read("1-1", 4).unwrap_err().to_string(),
            "URL:1:2: `-` must be followed by 2 hex digits, found `1`"
        );
        assert_eq!(
            read("+0g0", 4).unwrap_err().to_string(),
            "URL:1:1: `+` must be followed by 3 hex digits, found `0g0`"
        );
        let e = read("1k", 3).unwrap_err().to_string();
        assert!(
            e.starts_with("URL:1:2: `k` skips 5 items but only 2 are left"),
            "{e}"
        );
        assert!(read("12", 1)
            .unwrap_err()
            .to_string()
            .starts_with("URL:1:2:"));
    }

    #[test]
    fn numbers_at_gives_each_clue_its_column() {
        let mut r = Reader::new("h-1a.", 10);
        let items = r.numbers_at(4).unwrap();
        assert_eq!(
            items,
            vec![
                None,
                None,
                Some((Clue::Number(26), 11)),
                Some((Clue::Unknown, 14))
            ]
        );
    }

    fn read4(body: &str, len: usize) -> Result<Vec<Option<Clue>>> {
        let mut r = Reader::new(body, 1);
        let items = r.numbers4(len)?;
        r.expect_end()?;
        Ok(items)
    }

    fn write4(items: &[Option<Clue>]) -> String {
        let mut w = Writer::new();
        w.numbers4(items).unwrap();
        w.finish()
    }

    #[test]
    fn pzprjs_slitherlink_example_reads_as_its_grid() {
        // pzprjs's slither test puzzle `5/5/cbcbcddad`:
        //   2 . . 1 . / . 2 . . 1 / . . 2 . . / 3 . . 3 . / . 0 . . 3
        let grid = "2..1..2..1..2..3..3..0..3";
        let expected: Vec<Option<Clue>> = grid
            .chars()
            .map(|c| c.to_digit(10).map(Clue::Number))
            .collect();
        assert_eq!(read4("cbcbcddad", 25).unwrap(), expected);
        assert_eq!(write4(&expected), "cbcbcddad");
    }

    #[test]
    fn zero_to_four_stream_folds_one_or_two_gaps_and_skips_the_rest() {
        // 3 then one gap then 0: `8` (3 + 5) `0`… then `.` and a run of 22 empty cells.
        let mut items = vec![n(3), None, n(0), n(4), Q];
        items.extend(vec![None; 22]);
        items.push(n(1));
        // After 4 comes `?` (filled): plain `4`. After 1 at the end: `b` (1 + 10).
        assert_eq!(write4(&items), "804.zhb");
        assert_eq!(read4("804.zhb", items.len()).unwrap(), items);
        // A number whose two folded gaps run past the end still reads.
        assert_eq!(read4("1c", 3).unwrap(), vec![n(1), n(2), None]);
        assert!(read4("5", 1).is_ok());
        let mut w = Writer::new();
        assert!(w.numbers4(&[n(5)]).is_err());
        assert!(read4("f", 1).unwrap_err().to_string().contains("`f`"));
    }

    fn clue(max: u32) -> impl Strategy<Value = Option<Clue>> {
        prop_oneof![
            4 => Just(None),
            1 => Just(Some(Clue::Unknown)),
            2 => (0..=max).prop_map(|v| Some(Clue::Number(v))),
        ]
    }

    proptest! {
        #[test]
        fn hex_streams_round_trip(
            items in proptest::collection::vec(clue(MAX_NUMBER), 0..80),
            small in proptest::collection::vec(clue(300), 0..80),
        ) {
            for items in [items, small] {
                let body = write(&items);
                prop_assert_eq!(read(&body, items.len()).unwrap(), items.clone());
                let again = write(&read(&body, items.len()).unwrap());
                prop_assert_eq!(again, body);
            }
        }

        #[test]
        fn zero_to_four_streams_round_trip(items in proptest::collection::vec(clue(4), 0..80)) {
            let body = write4(&items);
            prop_assert_eq!(read4(&body, items.len()).unwrap(), items.clone());
            prop_assert_eq!(write4(&read4(&body, items.len()).unwrap()), body);
        }

        #[test]
        fn hex_stream_is_never_longer_than_one_code_per_item(
            items in proptest::collection::vec(clue(15), 0..80),
        ) {
            prop_assert!(write(&items).len() <= items.len());
        }
    }
}
