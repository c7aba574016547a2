//! The puzz.link (pzprjs) URL codec: small pieces that read and write the parts of a URL, so a
//! genre's URL format is a few lines that name its pieces in order, both ways.
//!
//! A URL is a frame `https://puzz.link/p?GENRE/W/H/BODY` ([`Frame`]) around a body that a
//! [`Reader`] takes apart piece by piece and a [`Writer`] puts together in the same order:
//! - [`Reader::borders`]: room walls, 5 bits per base-32 digit, vertical walls then horizontal;
//! - [`Reader::numbers`]: the hex number stream (`0`–`f`, `-hh`, `+hhh`, …, `.` for `?`,
//!   `g`–`z` for 1–20 empty items), used for room clues, cell clues and outside clues;
//! - [`Reader::numbers4`]: numbers 0–4 with up to two empty cells folded into the digit
//!   (slitherlink);
//! - [`Reader::circles`]: white/black circles, three cells per base-27 digit (masyu);
//! - [`Reader::decimal`]: a decimal number closed by `/` (star battle's star count);
//! - [`Reader::cell_numbers`]: one number per cell, base 36, `-hh` for 36–1295 (hitori);
//! - [`arrows::ArrowNumbers`]: an arrow and a number per clue cell (yajilin);
//! - [`Reader::expect_end`]: nothing may follow the last piece.
//!
//! Every writer emits the shortest form, the one pzprjs writes, so for a URL that pzprjs
//! wrote, `encode(decode(url)) == url`. Errors are `URL:1:COL` with COL the character column in
//! the whole URL.

pub mod arrows;
mod borders;
mod cell_numbers;
mod circles;
mod decimal;
pub mod dots;
pub mod edges;
pub mod format;
pub mod magnets;
pub mod marks;
mod numbers;
pub mod sums51;
pub mod vertices;

pub use cell_numbers::MAX_CELL_NUMBER;
pub use circles::Circle;

use crate::error::{Error, Result};
use crate::grid::Grid;

/// Sites whose URLs carry puzzles in another format than pzprjs's `p?GENRE/W/H/BODY`: a
/// part of their address and what to call them in the error.
const OTHER_SITES: [(&str, &str); 3] = [
    ("kanpen.net", "a Kanpen URL (kanpen.net)"),
    ("geocities", "a pencil-applet URL (geocities)"),
    ("xrea.com", "a PUZ-PRE applet URL (xrea.com)"),
];

/// The error for a URL of a site whose puzzles are in another format (Kanpen, the old
/// applets), at the column where the site is named; `None` for any other text.
pub fn other_format(url: &str) -> Option<Error> {
    let (byte, what) = OTHER_SITES
        .iter()
        .find_map(|&(host, what)| url.find(host).map(|at| (at, what)))?;
    Some(error_at(
        url[..byte].chars().count() + 1,
        format!(
            "{what} is not read here; open the puzzle in puzz.link (pzprjs reads it) and give \
             the URL it shows (…?GENRE/W/H/BODY)"
        ),
    ))
}

/// The digits of every radix puzz.link uses (base 16, 27, 32 and 36), lowercase.
const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// The value of a lowercase digit in a radix up to 36.
fn digit_value(ch: char, radix: u32) -> Option<u32> {
    let value = DIGITS.iter().position(|&d| char::from(d) == ch)? as u32;
    (value < radix).then_some(value)
}

/// The lowercase digit of a value below 36.
fn digit_char(value: u32) -> char {
    char::from(DIGITS[value as usize])
}

/// An error at a 1-based character column of a URL.
pub fn error_at(col: usize, message: impl Into<String>) -> Error {
    Error::input("URL", 1, col, message)
}

/// The parts of a puzz.link URL: genre, size and body, with the body's position for errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The genre as written, without an `_edit`/`_play`/`_test` suffix.
    pub genre: String,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// pzprjs's flag field: the token between the genre and the width when it is not a
    /// number (`lits/d/…`, `heyawake/v:/…`), empty when there is none. Most genres ignore it.
    pub flags: String,
    /// The 1-based character column of the flag field (of the width when there is none).
    pub flags_col: usize,
    /// Everything after `W/H/`, up to a `?`, `#` or `&` and without trailing `/`.
    pub body: String,
    /// The 1-based character column of the body's first character in the URL.
    pub body_col: usize,
}

impl Frame {
    /// Reads `…?GENRE[/FLAGS]/W/H/BODY` (puzz.link `p?`, pzv.jp `p.html?`, `_edit`/`_play`/`_test`
    /// suffixes, a flag field such as `v:`) for the expected genre, with sides in
    /// `1..=max_side`.
    pub fn parse(url: &str, genre: &str, max_side: usize) -> Result<Frame> {
        Frame::parse_named(url, &[genre], max_side)
    }

    /// Like [`Frame::parse`] for a genre pzprjs knows by several names (`mashu`, `masyu`,
    /// `pearl`); errors use the first.
    pub fn parse_named(url: &str, names: &[&str], max_side: usize) -> Result<Frame> {
        let genre = names[0];
        let url = url.trim();
        let usage = format!("expected …?{genre}/W/H/BODY");
        let col_of = |byte: usize| url[..byte].chars().count() + 1;
        if let Some(e) = other_format(url) {
            return Err(e);
        }
        // The query starts after the first `?` (the whole text when there is none) and ends at
        // a fragment or a further parameter.
        let query_start = url.find('?').map_or(0, |i| i + 1);
        let query_end = url[query_start..]
            .find(['?', '#', '&'])
            .map_or(url.len(), |i| query_start + i);
        let query = url[query_start..query_end].trim_end_matches('/');
        let mut tokens = Vec::new(); // (byte offset in url, token)
        let mut offset = query_start;
        for token in query.split('/') {
            tokens.push((offset, token));
            offset += token.len() + 1;
        }
        let mut tokens = tokens.into_iter().peekable();
        let (genre_at, genre_token) = tokens.next().unwrap_or((query_start, ""));
        let written = ["_edit", "_play", "_test"]
            .iter()
            .fold(genre_token, |g, suffix| g.strip_suffix(suffix).unwrap_or(g));
        if genre_token.is_empty() {
            return Err(error_at(col_of(genre_at), format!("empty URL; {usage}")));
        }
        if !names.contains(&written) {
            return Err(error_at(
                col_of(genre_at),
                format!("`{genre_token}` is not a {genre} URL; {usage}"),
            ));
        }
        // As in pzprjs, a first token that is not a number is the flag field (even empty).
        let end_col = url.chars().count() + 1;
        let (flags, flags_col) = match tokens.peek() {
            Some(&(at, t)) if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) => {
                tokens.next();
                (t.to_string(), col_of(at))
            }
            Some(&(at, _)) => (String::new(), col_of(at)),
            None => (String::new(), end_col),
        };
        let after_flags = if flags.is_empty() {
            String::new()
        } else {
            format!(" (after `{flags}`, read as pzprjs's flag field)")
        };
        let mut side = |what: &str| -> Result<(usize, usize, usize)> {
            let (at, token) = tokens
                .next()
                .ok_or_else(|| error_at(end_col, format!("URL ends before the {what}")))?;
            let n = token
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=max_side).contains(n))
                .ok_or_else(|| {
                    error_at(
                        col_of(at),
                        format!(
                            "expected the {what} (a number 1..={max_side}), found \
                             `{token}`{after_flags}"
                        ),
                    )
                })?;
            // The body starts after the token and its `/` (the token is ASCII digits).
            Ok((n, at + token.len() + 1, col_of(at) + token.len() + 1))
        };
        let (width, _, _) = side("width")?;
        let (height, body_at, body_col) = side("height")?;
        // The body keeps any inner `/` (some genres use them); an absent body is empty.
        let body = query.get(body_at - query_start..).unwrap_or("");
        Ok(Frame {
            genre: written.to_string(),
            width,
            height,
            flags,
            flags_col,
            body: body.to_string(),
            body_col: body_col.min(end_col),
        })
    }

    /// The grid of the URL's size.
    pub fn grid(&self) -> Grid {
        Grid::new(self.height, self.width)
    }

    /// A reader at the start of the body.
    pub fn reader(&self) -> Reader {
        Reader::new(&self.body, self.body_col)
    }

    /// The canonical URL `https://puzz.link/p?GENRE/W/H/BODY`.
    pub fn to_url(&self) -> String {
        url(&self.genre, self.width, self.height, &self.body)
    }
}

/// The URL a text holds: its first line that is not blank or a `//` comment, when that line is
/// a puzz.link / pzv.jp URL of the genre (files keep their source above it in comments).
pub fn in_text<'a>(text: &'a str, genre: &str) -> Option<&'a str> {
    in_text_at(text, genre).map(|(url, _)| url)
}

/// [`in_text`] with where the URL sits in the text: its 1-based line and the number of
/// characters before it on that line.
pub fn in_text_at<'a>(text: &'a str, genre: &str) -> Option<(&'a str, (usize, usize))> {
    let (index, raw) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty() && !l.trim().starts_with("//"))?;
    let first = raw.trim();
    let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
    let is_url = first.starts_with("http://") || first.starts_with("https://");
    (is_url || first.contains(&format!("?{genre}"))).then_some((first, (index + 1, lead)))
}

/// Moves an error of a URL read from a file (`URL:1:COL`) to where the URL is in that file
/// (`FILE:LINE:LEAD+COL`), so the message names the file the user gave.
pub fn in_file(e: Error, source: &str, (line, lead): (usize, usize)) -> Error {
    match e {
        Error::Input {
            source: s,
            line: 1,
            col,
            message,
        } if s == "URL" && source != "URL" => Error::input(source, line, lead + col, message),
        other => other,
    }
}

/// The genre a URL names (its first query token, without `_edit`/`_play`/`_test`).
pub fn genre_of(url: &str) -> Option<String> {
    let query = &url[url.find('?')? + 1..];
    let token = query.split(['/', '?', '#', '&']).next()?;
    let genre = ["_edit", "_play", "_test"]
        .iter()
        .fold(token, |g, suffix| g.strip_suffix(suffix).unwrap_or(g));
    (!genre.is_empty()).then(|| genre.to_string())
}

/// The canonical URL `https://puzz.link/p?GENRE/W/H/BODY`.
pub fn url(genre: &str, width: usize, height: usize, body: &str) -> String {
    format!("https://puzz.link/p?{genre}/{width}/{height}/{body}")
}

/// The canonical URL of a puzzle on `grid`, or an error when a side is above `max_side` (the
/// largest the genre's URLs allow here).
pub fn sized_url(genre: &str, grid: Grid, max_side: usize, body: &str) -> Result<String> {
    if grid.width.max(grid.height) > max_side {
        return Err(Error::Invalid(format!(
            "a {}x{} {genre} has no URL here: puzz.link sides are 1..={max_side}",
            grid.width, grid.height
        )));
    }
    Ok(url(genre, grid.width, grid.height, body))
}

/// Reads a URL body piece by piece, left to right; errors name the URL column.
#[derive(Clone, Debug)]
pub struct Reader {
    chars: Vec<char>,
    pos: usize,
    first_col: usize,
}

impl Reader {
    /// A reader of `body`, whose first character is at column `first_col` of the URL.
    pub fn new(body: &str, first_col: usize) -> Reader {
        Reader {
            chars: body.chars().collect(),
            pos: 0,
            first_col,
        }
    }

    /// Whether the whole body has been read.
    pub fn is_at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    /// The URL column of the next unread character (one past the body at its end).
    pub fn column(&self) -> usize {
        self.first_col + self.pos
    }

    /// How many characters are left.
    pub fn remaining(&self) -> usize {
        self.chars.len().saturating_sub(self.pos)
    }

    /// Fails if anything is left after the last piece.
    pub fn expect_end(&self) -> Result<()> {
        match self.peek() {
            None => Ok(()),
            Some(ch) => Err(error_at(
                self.column(),
                format!(
                    "unexpected `{ch}` after the end of the puzzle data ({} extra characters)",
                    self.remaining()
                ),
            )),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn next_char(&mut self) -> Option<char> {
        let ch = self.peek()?;
        self.pos += 1;
        Some(ch)
    }

    /// Reads a fixed-width field of `count` digits in `radix` (`what` names them in errors):
    /// all of it, or (at the end of the body, as pzprjs reads an empty body) none, which reads
    /// as zeros.
    fn fixed_digits(&mut self, count: usize, radix: u32, what: &str) -> Result<Vec<u32>> {
        if self.is_at_end() {
            return Ok(vec![0; count]);
        }
        let mut values = Vec::with_capacity(count);
        for _ in 0..count {
            let col = self.column();
            let Some(ch) = self.next_char() else {
                return Err(error_at(
                    col,
                    format!(
                        "the {what} digits stop after {} of their {count} characters (is the URL \
                         cut short?)",
                        values.len()
                    ),
                ));
            };
            let value = digit_value(ch, radix).ok_or_else(|| {
                error_at(
                    col,
                    format!(
                        "`{ch}` is not a {what} digit (0-9, a-{})",
                        digit_char(radix - 1)
                    ),
                )
            })?;
            values.push(value);
        }
        Ok(values)
    }
}

/// Writes a URL body piece by piece, in the order a [`Reader`] reads it.
#[derive(Clone, Debug, Default)]
pub struct Writer {
    body: String,
}

impl Writer {
    /// An empty body.
    pub fn new() -> Writer {
        Writer::default()
    }

    /// The body written so far.
    pub fn body(&self) -> &str {
        &self.body
    }

    /// The finished body.
    pub fn finish(self) -> String {
        self.body
    }

    /// Writes `values` (each below `radix`) as one digit each.
    fn fixed_digits(&mut self, values: impl IntoIterator<Item = u32>) {
        self.body.extend(values.into_iter().map(digit_char));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(e: Error) -> usize {
        match e {
            Error::Input { col, .. } => col,
            other => panic!("not an input error: {other}"),
        }
    }

    #[test]
    fn frame_reads_every_site_and_suffix_variant() {
        for url in [
            "https://puzz.link/p?heyawake/6/6/aa66",
            "http://pzv.jp/p.html?heyawake/6/6/aa66",
            "https://puzz.link/p?heyawake_edit/6/6/aa66",
            "https://puzz.link/p?heyawake_play/v:/6/6/aa66",
            "https://puzz.link/p?heyawake_test/6/6/aa66/",
            "https://puzz.link/p?heyawake/6/6/aa66#top",
            "https://puzz.link/p?heyawake/6/6/aa66&x=1",
            "https://puzz.link/p?heyawake/6/6/aa66?",
            "https://puzz.link/p?heyawake/c/6/6/aa66",
            "https://puzz.link/p?heyawake//6/6/aa66",
            "  heyawake/6/6/aa66\n",
        ] {
            let f = Frame::parse(url, "heyawake", 200).unwrap();
            assert_eq!(
                (f.genre.as_str(), f.width, f.height, f.body.as_str()),
                ("heyawake", 6, 6, "aa66"),
                "{url}"
            );
            assert_eq!(f.to_url(), "https://puzz.link/p?heyawake/6/6/aa66", "{url}");
            let at = url.trim().find("aa66").unwrap() + 1;
            assert_eq!(f.body_col, at, "{url}");
        }
    }

    #[test]
    fn the_flag_field_is_the_token_before_the_width_when_it_is_not_a_number() {
        let f = Frame::parse("p?lits/dc/4/4/0", "lits", 200).unwrap();
        assert_eq!((f.flags.as_str(), f.flags_col, f.width), ("dc", 8, 4));
        let f = Frame::parse("p?lits/4/4/0", "lits", 200).unwrap();
        assert_eq!((f.flags.as_str(), f.flags_col), ("", 8));
        // Only one flag field: a second token that is no number is a bad width.
        let e = Frame::parse("p?lits/d/x/4/0", "lits", 200).unwrap_err();
        assert_eq!(col(e.clone()), 10);
        assert!(
            e.to_string().contains("after `d`, read as pzprjs's flag"),
            "{e}"
        );
    }

    #[test]
    fn urls_of_other_formats_are_refused_where_their_site_is_named() {
        for (url, at) in [
            ("http://www.kanpen.net/hitori.html?problem=2/2/1_2/2_1/", 12),
            ("http://indi.s58.xrea.com/lits/sa/q.html?c/4/4/9q02jg", 17),
            (
                "http://www.geocities.jp/pencil_applet/lits.html?problem=x",
                12,
            ),
        ] {
            let e = Frame::parse(url, "lits", 200).unwrap_err();
            assert_eq!(col(e.clone()), at, "{url}");
            assert!(
                e.to_string().contains("open the puzzle in puzz.link"),
                "{e}"
            );
        }
    }

    #[test]
    fn a_genre_with_aliases_reads_each_name_and_refuses_others_by_its_first() {
        let names = ["mashu", "masyu", "pearl"];
        for g in names {
            let url = format!("https://puzz.link/p?{g}_edit/2/1/0");
            let f = Frame::parse_named(&url, &names, 200).unwrap();
            assert_eq!((f.genre.as_str(), f.body.as_str()), (g, "0"));
        }
        let e = Frame::parse_named("p?slither/2/1/0", &names, 200).unwrap_err();
        assert!(e.to_string().contains("not a mashu URL"), "{e}");
    }

    #[test]
    fn frame_without_body_has_an_empty_body_after_the_height() {
        for url in ["p?heyawake/3/4/", "p?heyawake/3/4"] {
            let f = Frame::parse(url, "heyawake", 200).unwrap();
            assert_eq!((f.width, f.height, f.body.as_str()), (3, 4, ""));
            assert_eq!(f.body_col, url.len() + 1);
        }
    }

    #[test]
    fn frame_errors_name_the_column() {
        let e = Frame::parse("https://puzz.link/p?heyawake/6/x/aa", "heyawake", 200).unwrap_err();
        assert_eq!(col(e.clone()), 32);
        assert!(e.to_string().contains("height"), "{e}");
        let e = Frame::parse("p?nurikabe/2/2/00", "heyawake", 200).unwrap_err();
        assert_eq!(
            e.to_string(),
            "URL:1:3: `nurikabe` is not a heyawake URL; expected …?heyawake/W/H/BODY"
        );
        let e = Frame::parse("p?heyawake/201/2/", "heyawake", 200).unwrap_err();
        assert_eq!(col(e), 12);
        assert!(Frame::parse("p?nonogram/1000/2/", "nonogram", 1000).is_ok());
        let e = Frame::parse("p?heyawake/0/2/", "heyawake", 200).unwrap_err();
        assert_eq!(col(e), 12);
        let e = Frame::parse("p?heyawake/2", "heyawake", 200).unwrap_err();
        assert_eq!(col(e.clone()), 13);
        assert!(e.to_string().contains("ends before the height"), "{e}");
        assert!(Frame::parse("", "heyawake", 200).is_err());
        assert!(Frame::parse("https://puzz.link/p?", "heyawake", 200).is_err());
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        // A non-ASCII character before the query moves byte offsets but not columns by two.
        let e = Frame::parse("https://puzz.link/é?heyawake/2/x/", "heyawake", 200).unwrap_err();
        assert_eq!(col(e), 32);
    }

    #[test]
    fn junk_after_the_last_piece_is_an_error_at_its_column() {
        let f = Frame::parse("p?heyawake/1/1/3x", "heyawake", 200).unwrap();
        let mut r = f.reader();
        assert_eq!(
            r.numbers(1).unwrap(),
            vec![Some(crate::grid::Clue::Number(3))]
        );
        let e = r.expect_end().unwrap_err();
        assert_eq!(col(e.clone()), 17);
        assert!(e.to_string().contains("`x`"), "{e}");
    }

    #[test]
    fn sized_urls_refuse_sides_above_the_limit() {
        assert_eq!(
            sized_url("example", Grid::new(2, 3), 3, "ab").unwrap(),
            "https://puzz.link/p?example/3/2/ab"
        );
        let e = sized_url("example", Grid::new(4, 3), 3, "").unwrap_err();
        assert!(
            e.to_string().contains("a 3x4 example has no URL here"),
            "{e}"
        );
    }

    #[test]
    fn one_alphabet_serves_every_radix() {
        assert_eq!(digit_value('v', 32), Some(31));
        assert_eq!(digit_value('w', 32), None);
        assert_eq!(digit_value('q', 27), Some(26));
        assert_eq!(digit_value('r', 27), None);
        assert_eq!(digit_value('A', 16), None);
        assert_eq!((0..36).map(digit_char).collect::<String>().len(), 36);
    }
}
