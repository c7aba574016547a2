//! Regions to tile: the text format (`X`/`#` fill, `_`/`.` not) and fumen v115 fields
//! (decode page 1, encode a plain field).

use super::shapes::Kind;
use crate::error::{Error, Result};
use crate::grid::{polyomino, Grid};

/// The largest region side accepted.
pub const MAX_SIDE: usize = 30;

/// A set of cells inside a `height × width` box, the cells to be covered by tetrominoes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// Row-major membership flags, `height × width` long.
    pub cells: Vec<bool>,
}

impl Region {
    /// A region from row strings of `X` (member) and anything else (not a member); for tests.
    pub fn from_rows(rows: &[&str]) -> Region {
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        let mut cells = vec![false; width * rows.len()];
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                cells[r * width + c] = ch == 'X' || ch == '#';
            }
        }
        Region {
            width,
            height: rows.len(),
            cells,
        }
    }
    /// A full `height × width` rectangle.
    pub fn rectangle(height: usize, width: usize) -> Region {
        Region {
            width,
            height,
            cells: vec![true; width * height],
        }
    }
    /// Number of cells to cover.
    pub fn size(&self) -> usize {
        self.cells.iter().filter(|&&b| b).count()
    }
    /// The region's bounding box as a core grid (raster cell ids).
    pub fn grid(&self) -> Grid {
        Grid::new(self.height, self.width)
    }
    /// Every placement of a kind inside the region, in the core's order (orientation, then
    /// top-left corner in reading order).
    pub fn placements(&self, kind: Kind) -> Vec<polyomino::Placement> {
        polyomino::placements(&self.grid(), kind.shape(), |cell| self.cells[cell])
    }
    /// Whether (row, column) is a cell of the region (false outside the box).
    pub fn contains(&self, row: i64, col: i64) -> bool {
        row >= 0
            && col >= 0
            && (row as usize) < self.height
            && (col as usize) < self.width
            && self.cells[row as usize * self.width + col as usize]
    }
    /// The region's cells as (row, column) in reading order.
    pub fn cell_list(&self) -> Vec<(usize, usize)> {
        (0..self.height)
            .flat_map(|r| (0..self.width).map(move |c| (r, c)))
            .filter(|&(r, c)| self.cells[r * self.width + c])
            .collect()
    }
    /// The region as rows of `X` and `_`.
    pub fn rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| {
                        if self.cells[r * self.width + c] {
                            'X'
                        } else {
                            '_'
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// Whether an input looks like a fumen string or URL rather than a text region.
pub fn is_fumen(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    ["v115@", "m115@", "d115@"]
        .iter()
        .any(|p| lower.contains(p))
}

/// Reads a region from text or fumen (detected by [`is_fumen`]); `source` names the input in
/// errors. The region must be non-empty and fit in 30×30.
pub fn parse_region(source: &str, text: &str) -> Result<Region> {
    if is_fumen(text) {
        let field = decode_fumen(source, text)?;
        // Whole-field problems are shown at the fumen's data.
        let lower = text.to_ascii_lowercase();
        let at = ["v115@", "m115@", "d115@"]
            .iter()
            .filter_map(|p| lower.find(p))
            .min()
            .unwrap_or(0);
        let (line, col) = line_col(text, at);
        let region = region_of_field(&field).ok_or_else(|| {
            Error::input(
                source,
                line,
                col,
                "the fumen's first page has an empty field",
            )
        })?;
        return sized(region).map_err(|m| Error::input(source, line, col, m));
    }
    parse_text(source, text)
}

/// The region, or why its size allows no tiling: no cell, or a count not a multiple of 4.
fn sized(region: Region) -> std::result::Result<Region, String> {
    let size = region.size();
    if size == 0 {
        return Err("the region has no cell to fill".into());
    }
    if !size.is_multiple_of(4) {
        return Err(format!(
            "the region has {size} cells, not a multiple of 4: no tetromino tiling exists \
             ({} cells too many)",
            size % 4
        ));
    }
    Ok(region)
}

/// Reads a text region: rows top to bottom (newlines or `/` separate rows), `X`/`#` = a cell
/// to fill, `_`/`.` = not part of the region. Rows must all have the same width.
pub fn parse_text(source: &str, text: &str) -> Result<Region> {
    let mut rows: Vec<(usize, usize, Vec<bool>)> = Vec::new(); // (line, col of row start, cells)
    for (line_no, line) in text.lines().enumerate() {
        let line_no = line_no + 1;
        if line.trim().is_empty() {
            continue;
        }
        let mut current: Vec<bool> = Vec::new();
        let mut start_col = 0;
        let mut started = false;
        for (i, ch) in line.chars().enumerate() {
            let col = i + 1;
            match ch {
                'X' | 'x' | '#' => current.push(true),
                '_' | '.' => current.push(false),
                '/' => {
                    // A row with no cell before its `/` is shown at the `/`.
                    let at = if started { start_col } else { col };
                    rows.push((line_no, at, std::mem::take(&mut current)));
                    started = false;
                    continue;
                }
                c if c.is_whitespace() => continue,
                other => {
                    return Err(Error::input(
                        source,
                        line_no,
                        col,
                        format!(
                            "unexpected `{other}` in a region (use `X` or `#` for a cell to \
                             fill, `_` or `.` for no cell)"
                        ),
                    ))
                }
            }
            if !started {
                start_col = col;
                started = true;
            }
        }
        if !current.is_empty() || started {
            rows.push((line_no, start_col, current));
        }
    }
    let (first_line, first_col, first) = rows
        .first()
        .ok_or_else(|| Error::input(source, 1, 1, "empty input: expected rows of `X` and `_`"))?;
    let width = first.len();
    if width == 0 {
        return Err(Error::input(source, *first_line, *first_col, "empty row"));
    }
    for (line, col, row) in &rows {
        if row.len() != width {
            return Err(Error::input(
                source,
                *line,
                *col,
                format!(
                    "row has {} cells but the first row has {width}; pad rows with `_`",
                    row.len()
                ),
            ));
        }
    }
    if width > MAX_SIDE || rows.len() > MAX_SIDE {
        return Err(Error::input(
            source,
            *first_line,
            *first_col,
            format!(
                "region is {}×{width}; at most {MAX_SIDE}×{MAX_SIDE} is supported",
                rows.len()
            ),
        ));
    }
    let (line, col) = (*first_line, *first_col);
    let region = Region {
        width,
        height: rows.len(),
        cells: rows.into_iter().flat_map(|(_, _, r)| r).collect(),
    };
    // Whole-region problems are shown at its first row.
    sized(region).map_err(|m| Error::input(source, line, col, m))
}

/// Number of cells of a fumen field: 24 rows × 10 columns (23 rows y = 22..0, then the
/// garbage row).
pub const FIELD_CELLS: usize = 240;
/// Width of a fumen field.
pub const FIELD_WIDTH: usize = 10;

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// A fumen field: cell values 0 empty, 1 I, 2 L, 3 O, 4 Z, 5 T, 6 J, 7 S, 8 gray, index
/// `i` at column `i % 10`, height `22 - i / 10` (top row first).
pub type Field = [u8; FIELD_CELLS];

/// The fumen colour of a kind.
pub fn fumen_colour(kind: Kind) -> u8 {
    match kind {
        Kind::I => 1,
        Kind::L => 2,
        Kind::O => 3,
        Kind::Z => 4,
        Kind::T => 5,
        Kind::J => 6,
        Kind::S => 7,
    }
}

/// The letter shown for a fumen cell value (`_` empty, `X` gray).
pub fn fumen_letter(value: u8) -> char {
    match value {
        1 => 'I',
        2 => 'L',
        3 => 'O',
        4 => 'Z',
        5 => 'T',
        6 => 'J',
        7 => 'S',
        8 => 'X',
        _ => '_',
    }
}

/// A reader of base-64 fumen numbers that remembers where each character came from.
struct Poller<'a> {
    source: &'a str,
    data: Vec<(u8, usize)>, // (value, 1-based column in the input)
    pos: usize,
    end_col: usize,
}

impl Poller<'_> {
    fn poll(&mut self, n: usize, what: &str) -> Result<usize> {
        let mut value = 0usize;
        let mut scale = 1usize;
        for _ in 0..n {
            let &(v, _) = self.data.get(self.pos).ok_or_else(|| {
                Error::input(
                    self.source,
                    1,
                    self.end_col,
                    format!("fumen data ends inside the {what} (truncated string?)"),
                )
            })?;
            value += v as usize * scale;
            scale *= 64;
            self.pos += 1;
        }
        Ok(value)
    }
    fn col(&self) -> usize {
        self.data
            .get(self.pos.saturating_sub(1))
            .map(|d| d.1)
            .unwrap_or(1)
    }
}

/// Decodes the field of page 1 of a fumen v115 string or URL (`v115@`, `m115@`, `d115@`, any
/// case; the URL is cut at the first `&`; `?` and whitespace are ignored). The page's action
/// and comment are read (so a truncated page is an error) and then ignored.
pub fn decode_fumen(source: &str, text: &str) -> Result<Field> {
    // Errors are found at character columns of the trimmed text; report them where that
    // character is in the whole text (a file may hold the fumen below other lines).
    let base = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    decode_trimmed_fumen(source, trimmed).map_err(|e| match e {
        Error::Input {
            source,
            line: 1,
            col,
            message,
        } => {
            let byte = trimmed
                .char_indices()
                .nth(col.saturating_sub(1))
                .map_or(trimmed.len(), |(i, _)| i);
            let (line, col) = line_col(text, base + byte);
            Error::input(&source, line, col, message)
        }
        other => other,
    })
}

/// The 1-based line and character column of a byte offset in a text.
pub fn line_col(text: &str, byte: usize) -> (usize, usize) {
    let before = &text[..byte];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// [`decode_fumen`] on the trimmed text, with errors at line 1 and the column in it.
fn decode_trimmed_fumen(source: &str, line_text: &str) -> Result<Field> {
    let cut = line_text.find('&').unwrap_or(line_text.len());
    let head = &line_text[..cut];
    let lower = head.to_ascii_lowercase();
    let at = ["v115@", "m115@", "d115@"]
        .iter()
        .filter_map(|p| lower.find(p))
        .min()
        .ok_or_else(|| Error::input(source, 1, 1, "no `v115@` fumen data found"))?;
    let start = at + 5;
    let mut data = Vec::new();
    for (i, ch) in head.char_indices().skip_while(|(i, _)| *i < start) {
        let col = head[..i].chars().count() + 1;
        if ch == '?' || ch.is_whitespace() {
            continue;
        }
        let value = ALPHABET
            .iter()
            .position(|&a| a as char == ch)
            .ok_or_else(|| {
                Error::input(
                    source,
                    1,
                    col,
                    format!("`{ch}` is not a fumen character (A-Z a-z 0-9 + /)"),
                )
            })?;
        data.push((value as u8, col));
    }
    let mut p = Poller {
        source,
        data,
        pos: 0,
        end_col: head.chars().count() + 1,
    };
    let mut field: [i32; FIELD_CELLS] = [0; FIELD_CELLS];
    let mut i = 0;
    let mut first = true;
    while i < FIELD_CELLS {
        let v = p.poll(2, "field")?;
        let (d, run) = (v / 240, v % 240 + 1);
        if first && d == 8 && run == FIELD_CELLS {
            p.poll(1, "field repeat count")?;
        }
        first = false;
        if i + run > FIELD_CELLS {
            return Err(Error::input(
                source,
                1,
                p.col(),
                format!("fumen field run of {run} cells overflows the 240-cell field at cell {i}"),
            ));
        }
        for cell in &mut field[i..i + run] {
            *cell += d as i32 - 8;
            if !(0..=8).contains(cell) {
                return Err(Error::input(
                    source,
                    1,
                    p.col(),
                    format!("fumen field value {cell} outside 0..=8"),
                ));
            }
        }
        i += run;
    }
    let action = p.poll(3, "page action")?;
    if (action / 61440) % 2 == 1 {
        let len = p.poll(2, "comment length")?;
        for _ in 0..len.div_ceil(4) {
            p.poll(5, "comment")?;
        }
    }
    Ok(field.map(|c| c as u8))
}

/// The non-empty rows of a field, top to bottom, as letters (`_` empty, `X` gray), every row
/// from the first to the last non-empty one.
pub fn field_rows(field: &Field) -> Vec<String> {
    let rows: Vec<String> = field
        .chunks(FIELD_WIDTH)
        .map(|row| row.iter().map(|&v| fumen_letter(v)).collect())
        .collect();
    let nonempty = |r: &String| r.chars().any(|c| c != '_');
    match (
        rows.iter().position(nonempty),
        rows.iter().rposition(nonempty),
    ) {
        (Some(a), Some(b)) => rows[a..=b].to_vec(),
        _ => Vec::new(),
    }
}

/// The region of a field's non-empty cells, 10 wide, from the first to the last non-empty
/// row; `None` for an empty field.
pub fn region_of_field(field: &Field) -> Option<Region> {
    let rows = field_rows(field);
    if rows.is_empty() {
        return None;
    }
    Some(Region {
        width: FIELD_WIDTH,
        height: rows.len(),
        cells: rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c != '_'))
            .collect(),
    })
}

/// Encodes a plain field as a one-page fumen v115 string (`v115@…AgH`, with `?` after the
/// first 42 data characters and then every 47).
pub fn encode_fumen(field: &Field) -> String {
    let mut data = String::new();
    let push = |data: &mut String, mut value: usize, n: usize| {
        for _ in 0..n {
            data.push(ALPHABET[value % 64] as char);
            value /= 64;
        }
    };
    let mut i = 0;
    while i < FIELD_CELLS {
        let d = field[i] as usize + 8;
        let mut run = 1;
        while i + run < FIELD_CELLS && field[i + run] == field[i] {
            run += 1;
        }
        push(&mut data, d * 240 + run - 1, 2);
        if i == 0 && run == FIELD_CELLS {
            push(&mut data, 0, 1);
        }
        i += run;
    }
    data.push_str("AgH");
    let mut out = String::from("v115@");
    for (n, ch) in data.chars().enumerate() {
        if n == 42 || (n > 42 && (n - 42) % 47 == 0) {
            out.push('?');
        }
        out.push(ch);
    }
    out
}

/// A field holding letter rows (`I O T S Z J L` coloured, `X` gray, anything else empty) with
/// the last row on the floor; `None` when the rows are not 10 wide or more than 23 high.
pub fn field_of_rows(rows: &[String]) -> Option<Field> {
    if rows.len() > 23 || rows.iter().any(|r| r.chars().count() != FIELD_WIDTH) {
        return None;
    }
    let mut field = [0u8; FIELD_CELLS];
    let top = 23 - rows.len();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            field[(top + r) * FIELD_WIDTH + c] = match Kind::from_letter(ch) {
                Some(k) => fumen_colour(k),
                None if ch == 'X' || ch == '#' => 8,
                None => 0,
            };
        }
    }
    Some(field)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(s: &str) -> Vec<String> {
        field_rows(&decode_fumen("t", s).expect("decodes"))
    }

    #[test]
    fn spec_fumen_vectors_decode_as_stated() {
        assert!(decoded("v115@vhAAgH").is_empty());
        assert_eq!(decoded("v115@bhH8LeAgH"), vec!["XXXXXXXX__"]);
        assert_eq!(decoded("v115@9gI8AeI8AeI8AeI8KeAgH"), vec!["XXXXXXXXX_"; 4]);
        assert_eq!(
            decoded("v115@9gF8DeG8CeH8BeG8MeAgH"),
            vec!["XXXXXX____", "XXXXXXX___", "XXXXXXXX__", "XXXXXXX___"]
        );
        assert_eq!(decoded("m115@9gD8FeD8FeD8FeD8PeAgH"), vec!["XXXX______"; 4]);
        assert_eq!(
            decoded("v115@RhzhywRpAei0glR4BtLeAgH"),
            vec!["IIIITTTOO_", "JJJLSSZZ__"]
        );
    }

    #[test]
    fn truncated_fumen_is_a_clear_error() {
        let err = decode_fumen("in.txt", "v115@vhAyO").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("in.txt:1:"), "{msg}");
        assert!(msg.contains("truncated"), "{msg}");
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn field_only_vectors_re_encode_to_the_same_string() {
        for s in [
            "v115@vhAAgH",
            "v115@bhH8LeAgH",
            "v115@9gI8AeI8AeI8AeI8KeAgH",
            "v115@9gF8DeG8CeH8BeG8MeAgH",
            "v115@RhzhywRpAei0glR4BtLeAgH",
        ] {
            assert_eq!(encode_fumen(&decode_fumen("t", s).unwrap()), s);
        }
        let m = decode_fumen("t", "m115@9gD8FeD8FeD8FeD8PeAgH").unwrap();
        assert_eq!(encode_fumen(&m), "v115@9gD8FeD8FeD8FeD8PeAgH");
    }

    #[test]
    fn urls_question_marks_and_case_are_accepted() {
        let url = "https://fumen.zui.jp/?V115@9gI8AeI8A?eI8AeI8KeAgH&foo=bar";
        assert_eq!(decoded(url), vec!["XXXXXXXXX_"; 4]);
    }

    #[test]
    fn bad_fumen_characters_are_reported_with_their_column() {
        let err = decode_fumen("f", "v115@bh!8LeAgH").unwrap_err();
        assert_eq!(err, Error::input("f", 1, 8, err_message(&err)));
    }

    fn err_message(e: &Error) -> String {
        match e {
            Error::Input { message, .. } => message.clone(),
            _ => String::new(),
        }
    }

    #[test]
    fn long_fields_get_question_marks_every_47_characters() {
        let mut field = [0u8; FIELD_CELLS];
        for (i, v) in field.iter_mut().enumerate().take(230) {
            *v = (i % 8) as u8 + 1;
        }
        let s = encode_fumen(&field);
        let parts: Vec<&str> = s["v115@".len()..].split('?').collect();
        assert_eq!(parts[0].len(), 42);
        assert!(parts[1..parts.len() - 1].iter().all(|p| p.len() == 47));
        assert_eq!(decode_fumen("t", &s).unwrap(), field);
    }

    #[test]
    fn tiling_rows_become_a_fumen_field_on_the_floor() {
        let rows = vec!["IIIITTTOO_".to_string(), "JJJLSSZZ__".to_string()];
        let field = field_of_rows(&rows).unwrap();
        assert_eq!(encode_fumen(&field), "v115@RhzhywRpAei0glR4BtLeAgH");
    }

    #[test]
    fn text_regions_parse_with_both_alphabets_and_slashes() {
        let r = parse_text("t", "XX..\n##__\n").unwrap();
        assert_eq!(r.rows(), vec!["XX__", "XX__"]);
        let r = parse_text("t", "XXXX/XXXX").unwrap();
        assert_eq!((r.height, r.width, r.size()), (2, 4, 8));
    }

    #[test]
    fn text_region_errors_name_line_and_column() {
        let e = parse_text("r.txt", "XXXX\nXXQX\n").unwrap_err();
        assert!(
            e.to_string().starts_with("r.txt:2:3: unexpected `Q`"),
            "{e}"
        );
        let e = parse_text("r.txt", "XXXX\nXXX\n").unwrap_err();
        assert!(
            e.to_string().starts_with("r.txt:2:1: row has 3 cells"),
            "{e}"
        );
        let e = parse_text("r.txt", "\n\n").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        let e = parse_text("r.txt", "XXXX\n  /XXXX").unwrap_err();
        assert!(
            e.to_string().starts_with("r.txt:2:3: row has 0 cells"),
            "{e}"
        );
        let e = parse_text("r.txt", "____").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("r.txt:1:1: the region has no cell"),
            "{e}"
        );
        let e = parse_text("r.txt", "\n  XXX_\n XX__").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("r.txt:2:3: the region has 5 cells, not a multiple of 4"),
            "{e}"
        );
        let big = vec!["X".repeat(31); 2].join("\n");
        assert!(parse_text("r.txt", &big)
            .unwrap_err()
            .to_string()
            .contains("at most 30"));
    }

    #[test]
    fn parse_region_detects_fumen() {
        let r = parse_region("u", "https://fumen.zui.jp/?v115@bhH8LeAgH").unwrap();
        assert_eq!(r.rows(), vec!["XXXXXXXX__"]);
        let e = parse_region("u", "// empty\nv115@vhAAgH").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("u:2:1: the fumen's first page has an empty field"),
            "{e}"
        );
        let e = parse_region("u", "  v115@vhAAg?Q").unwrap_err();
        assert!(e.to_string().starts_with("u:1:"), "{e}");
    }
}
