//! The generic grid text format every grid genre reads:
//!
//! ```text
//! // comment lines start with `//`; blank lines separate blocks
//! 5 5          <- optional header: height, width, then any genre extras (star battle's K)
//! 2 - - - 1    <- the clue grid: whitespace-separated tokens, `-` or `.` for an empty cell,
//! - - - - -       numbers for clues, letters where the genre defines them
//! ...
//! a a b b b    <- region genres: a room-id grid of the same size follows
//! ...
//! ```
//! Without a header, each grid is one block of consecutive non-blank lines. Errors carry
//! `file:line:col`.

use super::{Cell, Grid, Rooms};
use crate::error::{Error, Result};

/// One token of the text with its 1-based position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The token as written.
    pub text: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
}

/// A parsed grid text: the shape, the header's extra tokens, a token per cell, and the room-id
/// tokens when the genre asked for them.
#[derive(Clone, Debug)]
pub struct GridText {
    /// Where the text came from (file name, `-`).
    pub source: String,
    /// The grid's shape.
    pub grid: Grid,
    /// Header tokens after `H W`.
    pub extras: Vec<Token>,
    /// The clue grid, a token per cell.
    pub cells: Vec<Token>,
    /// The room-id grid, a token per cell (region genres).
    pub room_ids: Option<Vec<Token>>,
    /// Where the text ended (for "missing …" errors).
    end_line: usize,
}

/// What a clue-grid cell holds, read the usual way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellValue {
    /// `-` or `.`: nothing.
    Empty,
    /// A non-negative number.
    Number(u32),
    /// `?`: a clue of unknown value.
    Unknown,
    /// Anything else (a genre's letters).
    Other(String),
}

impl CellValue {
    /// The cell as a number clue: a number, `?`, or nothing; letters are an error.
    pub fn clue(self) -> std::result::Result<Option<super::Clue>, String> {
        match self {
            CellValue::Empty => Ok(None),
            CellValue::Unknown => Ok(Some(super::Clue::Unknown)),
            CellValue::Number(n) => Ok(Some(super::Clue::Number(n))),
            CellValue::Other(x) => Err(format!("`{x}` is not a clue (a number, `-` or `?`)")),
        }
    }
}

/// Whether a text looks like the generic grid format: its first content line is an `H W`
/// header or holds whitespace-separated tokens.
pub fn looks_generic(text: &str) -> bool {
    content_lines(text)
        .next()
        .is_some_and(|(_, l)| l.split_whitespace().nth(1).is_some())
}

/// Lines that are not comments, with their 1-based numbers; blank lines kept as separators.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .skip_while(|(_, l)| l.trim().is_empty())
}

/// Whether a first line of two or more numbers is a header `H W …` rather than the first row
/// of a grid of numbers (hitori): it is when the next row has another length, or when the rows
/// that follow are `H` rows of `W` — or a whole number of such grids, as when a room grid follows
/// the clue grid with no blank line between them.
fn header_fits(text: &str, first: &[Token]) -> bool {
    let block: Vec<usize> = content_lines(text)
        .skip(1)
        .skip_while(|(_, l)| l.trim().is_empty())
        .take_while(|(_, l)| !l.trim().is_empty())
        .map(|(no, l)| tokens(no, l).len())
        .collect();
    let Some(&next) = block.first() else {
        return false;
    };
    if next != first.len() {
        return true;
    }
    let (h, w) = (
        first[0].text.parse::<usize>(),
        first[1].text.parse::<usize>(),
    );
    matches!(h, Ok(h) if h > 0 && block.len().is_multiple_of(h)) && w == Ok(next)
}

/// The non-empty tokens of a clue line with their 1-based character columns; separators are
/// commas and any Unicode whitespace (Japanese files use the full-width space U+3000, three
/// bytes, so columns are counted in chars, never bytes).
pub fn clue_tokens(line: &str) -> Vec<(usize, &str)> {
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column)
    for (column, (i, c)) in line.char_indices().enumerate() {
        let separator = c.is_whitespace() || c == ',';
        match (separator, start) {
            (true, Some((s, col))) => {
                tokens.push((col, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some((i, column + 1)),
            _ => {}
        }
    }
    if let Some((s, col)) = start {
        tokens.push((col, &line[s..]));
    }
    tokens
}

fn tokens(line_no: usize, line: &str) -> Vec<Token> {
    clue_tokens(line)
        .into_iter()
        .map(|(col, t)| Token {
            text: t.to_string(),
            line: line_no,
            col,
        })
        .collect()
}

impl GridText {
    /// Parses the text; `with_rooms` asks for a room-id grid after the clue grid.
    pub fn parse(source: &str, text: &str, with_rooms: bool) -> Result<GridText> {
        let mut lines = content_lines(text).peekable();
        let end_line = text.lines().count() + 1;
        let err = |line, col, msg: String| Error::input(source, line, col, msg);
        let Some(&(first_no, first)) = lines.peek() else {
            return Err(err(1, 1, "no grid; expected rows of cells".into()));
        };
        let first_tokens = tokens(first_no, first);
        let is_header = first_tokens.len() >= 2
            && first_tokens[..2]
                .iter()
                .all(|t| t.text.chars().all(|c| c.is_ascii_digit()))
            && header_fits(text, &first_tokens);
        let (shape, extras) = if is_header {
            lines.next();
            let dim = |t: &Token, what: &str| -> Result<usize> {
                t.text
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| (1..=1000).contains(&n))
                    .ok_or_else(|| {
                        err(
                            t.line,
                            t.col,
                            format!("`{}` is not a {what} (1 to 1000)", t.text),
                        )
                    })
            };
            let h = dim(&first_tokens[0], "height")?;
            let w = dim(&first_tokens[1], "width")?;
            (Some((h, w)), first_tokens[2..].to_vec())
        } else {
            (None, Vec::new())
        };
        let mut read_block =
            |what: &str, shape: Option<(usize, usize)>| -> Result<Vec<Vec<Token>>> {
                while lines.peek().is_some_and(|(_, l)| l.trim().is_empty()) {
                    lines.next();
                }
                let mut rows: Vec<Vec<Token>> = Vec::new();
                while let Some(&(no, line)) = lines.peek() {
                    if line.trim().is_empty() {
                        if shape.is_none() && !rows.is_empty() {
                            break;
                        }
                        lines.next();
                        continue;
                    }
                    if shape.is_some_and(|(h, _)| rows.len() == h) {
                        break;
                    }
                    let row = tokens(no, line);
                    if row.is_empty() {
                        // Only separators (commas) on the line: no cell to point at but it.
                        let col = line.chars().take_while(|c| c.is_whitespace()).count() + 1;
                        return Err(err(no, col, format!("a {what} row with no cells")));
                    }
                    rows.push(row);
                    lines.next();
                }
                let Some(first) = rows.first() else {
                    return Err(err(end_line, 1, format!("missing the {what}")));
                };
                let width = shape.map_or(first.len(), |(_, w)| w);
                if let Some((h, _)) = shape {
                    if rows.len() < h {
                        return Err(err(
                            end_line,
                            1,
                            format!("the {what} has {} rows, the header says {h}", rows.len()),
                        ));
                    }
                }
                for row in &rows {
                    if row.len() != width {
                        let at = row.get(width).or(row.last()).expect("rows are non-empty");
                        let col = if row.len() > width {
                            at.col
                        } else {
                            at.col + at.text.chars().count()
                        };
                        return Err(err(
                            at.line,
                            col,
                            format!(
                                "ragged {what}: this row has {} cells, expected {width}",
                                row.len()
                            ),
                        ));
                    }
                }
                Ok(rows)
            };
        let cell_rows = read_block("grid", shape)?;
        let grid = Grid::new(cell_rows.len(), cell_rows[0].len());
        let room_ids = if with_rooms {
            let rows = read_block("room grid", Some((grid.height, grid.width)))?;
            Some(rows.into_iter().flatten().collect())
        } else {
            None
        };
        if let Some((no, line)) = lines.find(|(_, l)| !l.trim().is_empty()) {
            return Err(err(
                no,
                line.len() - line.trim_start().len() + 1,
                "unexpected line after the grid".into(),
            ));
        }
        Ok(GridText {
            source: source.to_string(),
            grid,
            extras,
            cells: cell_rows.into_iter().flatten().collect(),
            room_ids,
            end_line,
        })
    }

    /// Parses a puzzle made of rooms alone (LITS, star battle): the room-id grid by itself, or
    /// a clue grid with nothing in it (`-` or `.` everywhere) and then the room-id grid.
    pub fn parse_rooms_only(source: &str, text: &str) -> Result<GridText> {
        if let Ok(mut t) = GridText::parse(source, text, false) {
            let empty = t.cells.iter().map(|id| Token {
                text: "-".into(),
                ..id.clone()
            });
            let empty = empty.collect();
            t.room_ids = Some(std::mem::replace(&mut t.cells, empty));
            return Ok(t);
        }
        let t = GridText::parse(source, text, true)?;
        t.map_cells(|_, v| match v {
            CellValue::Empty => Ok(()),
            _ => Err("this genre has no clues: expected `-` or `.` in the clue grid".to_string()),
        })?;
        Ok(t)
    }

    /// An input error at a token.
    pub fn error(&self, at: &Token, message: impl Into<String>) -> Error {
        Error::input(&self.source, at.line, at.col, message)
    }

    /// The error for a puzzle that needs an extra header token (e.g. star battle's `K`).
    pub fn missing_extra(&self, what: &str) -> Error {
        Error::input(
            &self.source,
            1,
            1,
            format!("missing {what}: expected a header line `H W {what}`"),
        )
    }

    /// Reads every cell with `read`, which says what is wrong with a token it refuses.
    pub fn map_cells<T>(
        &self,
        mut read: impl FnMut(Cell, CellValue) -> std::result::Result<T, String>,
    ) -> Result<Vec<T>> {
        self.cells
            .iter()
            .enumerate()
            .map(|(c, t)| read(c, cell_value(&t.text)).map_err(|m| self.error(t, m)))
            .collect()
    }

    /// Reads every cell as a number clue (a number, `?` or nothing) that passes `check`, the
    /// same check a URL's [`crate::url::format::NumbersWhere`] applies.
    pub fn clues_where(
        &self,
        check: fn(&super::Clue) -> Option<&'static str>,
    ) -> Result<Vec<Option<super::Clue>>> {
        self.map_cells(|_, v| match v.clue()? {
            Some(c) => check(&c).map_or(Ok(Some(c)), |why| Err(why.to_string())),
            None => Ok(None),
        })
    }

    /// Reads every cell as one of a genre's symbols (letters matched in either case) or
    /// nothing (`-`, `.`); `what` names the symbols in the error for any other token.
    pub fn map_symbols<T: Copy>(
        &self,
        symbols: &[(&str, T)],
        what: &str,
    ) -> Result<Vec<Option<T>>> {
        self.map_cells(|_, value| {
            let token = match value {
                CellValue::Empty => return Ok(None),
                CellValue::Number(n) => n.to_string(),
                CellValue::Unknown => "?".into(),
                CellValue::Other(x) => x,
            };
            let found = symbols.iter().find(|(s, _)| s.eq_ignore_ascii_case(&token));
            let expected = symbols.iter().map(|(s, _)| format!("`{s}`, "));
            let expected: String = expected.collect();
            found
                .map(|&(_, v)| Some(v))
                .ok_or_else(|| format!("`{token}` is not {what}: expected {expected}`-` or `.`"))
        })
    }

    /// Fails at the header's extra fields when a genre's header is `H W` and nothing more.
    pub fn no_extras(&self, genre: &str) -> Result<()> {
        match self.extras.first() {
            Some(extra) => {
                Err(self.error(extra, format!("a {genre} header is `H W`, nothing more")))
            }
            None => Ok(()),
        }
    }

    /// The rooms of the room-id grid (each id one connected room).
    pub fn rooms(&self) -> Result<Rooms> {
        self.rooms_outside(&[])
    }

    /// The rooms of the room-id grid where the ids in `outside` (janko.at's `@`, `#`) mark
    /// cells outside every room, in as many pieces as they like; every other id is one
    /// connected room.
    pub fn rooms_outside(&self, outside: &[&str]) -> Result<Rooms> {
        let ids = self
            .room_ids
            .as_ref()
            .ok_or_else(|| Error::input(&self.source, self.end_line, 1, "missing the room grid"))?;
        let labels: Vec<&str> = ids.iter().map(|t| t.text.as_str()).collect();
        let is_outside = |label: &&str| outside.contains(label);
        Rooms::from_labels_outside(self.grid, &labels, is_outside).map_err(|split| {
            let (a, b) = (&ids[split.first], &ids[split.second]);
            self.error(
                b,
                format!(
                    "room `{}` is in two pieces (also at line {}, column {}); give each room \
                     its own id",
                    b.text, a.line, a.col
                ),
            )
        })
    }
}

/// A letter grid (one character per cell naming its room, no spaces) followed by lines of
/// `LABEL=VALUE` tokens: the seed's heyawake format, usable by any region genre.
#[derive(Clone, Debug)]
pub struct LetterGrid {
    /// Where the text came from (for errors).
    pub source: String,
    /// The grid's shape.
    pub grid: Grid,
    /// The label of each cell.
    pub labels: Vec<char>,
    /// The rooms (each label one connected room).
    pub rooms: Rooms,
    /// The `LABEL=VALUE` tokens: the room, the value text and the value's position.
    pub values: Vec<(usize, Token)>,
}

impl LetterGrid {
    /// Parses the text; every `LABEL=VALUE` must name a room of the grid.
    pub fn parse(source: &str, text: &str) -> Result<LetterGrid> {
        let err = |line, col, msg: String| Error::input(source, line, col, msg);
        let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
        let mut value_lines: Vec<(usize, &str)> = Vec::new();
        for (line_no, t) in content_lines(text).filter(|(_, l)| !l.trim().is_empty()) {
            if t.contains('=') {
                value_lines.push((line_no, t));
            } else if !value_lines.is_empty() {
                let msg = "grid row after the clue lines; expected clues like `A=2`";
                return Err(err(line_no, 1, msg.into()));
            } else if let Some(col) = t.find(char::is_whitespace) {
                let msg = "space inside a grid row; expected one room label per cell";
                return Err(err(line_no, t[..col].chars().count() + 1, msg.into()));
            } else {
                rows.push((line_no, t.chars().collect()));
            }
        }
        let Some((first_line, first)) = rows.first() else {
            return Err(err(
                1,
                1,
                "no grid rows; expected rows of room labels".into(),
            ));
        };
        let width = first.len();
        if let Some((line_no, row)) = rows.iter().find(|(_, row)| row.len() != width) {
            let msg = format!(
                "ragged grid: this row has {} cells, row at line {first_line} has {width}",
                row.len()
            );
            return Err(err(*line_no, row.len().min(width) + 1, msg));
        }
        let grid = Grid::new(rows.len(), width);
        let labels: Vec<char> = rows.iter().flat_map(|(_, r)| r.iter().copied()).collect();
        let at = |c: Cell| (rows[c / width].0, c % width + 1);
        let rooms = Rooms::from_labels(grid, &labels).map_err(|split| {
            let ((line, col), (other_line, other_col)) = (at(split.second), at(split.first));
            let label = labels[split.second];
            let msg = format!(
                "room `{label}` is in two pieces (also at line {other_line}, column \
                 {other_col}); give each room its own label"
            );
            err(line, col, msg)
        })?;
        let mut values = Vec::new();
        for (line_no, line) in value_lines {
            for (col, token) in clue_tokens(line) {
                let (label, value) = token
                    .split_once('=')
                    .ok_or_else(|| err(line_no, col, format!("`{token}`: expected ROOM=NUMBER")))?;
                let mut chars = label.chars();
                let (Some(l), None) = (chars.next(), chars.next()) else {
                    return Err(err(
                        line_no,
                        col,
                        format!("`{label}` is not a single room label"),
                    ));
                };
                let Some(cell) = labels.iter().position(|&x| x == l) else {
                    return Err(err(line_no, col, format!("no room `{l}` in the grid")));
                };
                if values.iter().any(|(r, _)| *r == rooms.room_of[cell]) {
                    return Err(err(line_no, col, format!("room `{l}` has two clues")));
                }
                let value = Token {
                    text: value.to_string(),
                    line: line_no,
                    col: col + label.chars().count() + 1,
                };
                values.push((rooms.room_of[cell], value));
            }
        }
        Ok(LetterGrid {
            source: source.to_string(),
            grid,
            labels,
            rooms,
            values,
        })
    }
    /// The label of a room.
    pub fn label(&self, room: usize) -> String {
        self.labels[self.rooms.cells[room][0]].to_string()
    }
}

/// Reads a cell token the usual way.
pub fn cell_value(token: &str) -> CellValue {
    match token {
        "-" | "." => CellValue::Empty,
        "?" => CellValue::Unknown,
        t => t
            .parse::<u32>()
            .map(CellValue::Number)
            .unwrap_or_else(|_| CellValue::Other(t.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_clues_and_rooms() {
        let t = "// a comment\n2 3 1\n1 - ?\n. 2 x\n\na a b\nc c b\n";
        let g = GridText::parse("f", t, true).unwrap();
        assert_eq!(g.grid, Grid::new(2, 3));
        assert_eq!(g.extras[0].text, "1");
        let values = g.map_cells(|_, v| Ok::<_, String>(v)).unwrap();
        assert_eq!(values[0], CellValue::Number(1));
        assert_eq!(values[1], CellValue::Empty);
        assert_eq!(values[2], CellValue::Unknown);
        assert_eq!(values[5], CellValue::Other("x".into()));
        assert_eq!(g.rooms().unwrap().len(), 3);
    }

    #[test]
    fn a_two_wide_header_is_a_header_before_clues_and_rooms_without_a_blank_line() {
        // `2 2` has as many numbers as each row after it: the four rows that follow, two grids
        // of two, tell it from a first row of clues.
        let g = GridText::parse("f", "2 2\n1 2\n- 1\na a\nb b\n", true).unwrap();
        assert_eq!(g.grid, Grid::new(2, 2));
        assert_eq!(g.rooms().unwrap().len(), 2);
        let values = g.map_cells(|_, v| Ok::<_, String>(v)).unwrap();
        assert_eq!(values[0], CellValue::Number(1));
    }

    #[test]
    fn without_a_header_blocks_are_separated_by_blank_lines() {
        let g = GridText::parse("f", "1 -\n- 2\n\n1 1\n2 2\n", true).unwrap();
        assert_eq!(g.grid, Grid::new(2, 2));
        assert_eq!(g.rooms().unwrap().room_of, vec![0, 0, 1, 1]);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = GridText::parse("f", "1 - -\n- 2\n", false).unwrap_err();
        assert_eq!(e.to_string().split(": ").next(), Some("f:2:4"), "{e}");
        let e = GridText::parse("f", "2 2\n1 -\n- 2\n\na b\nb a\n", true)
            .unwrap()
            .rooms()
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("f:6:1: room `b` is in two pieces"),
            "{e}"
        );
        let e = GridText::parse("f", "3 3\n1 - -\n- 2 -\n", false).unwrap_err();
        assert!(
            e.to_string().contains("has 2 rows, the header says 3"),
            "{e}"
        );
        let e = GridText::parse("f", "1 -\n- 2\n\n1 1\n", true).unwrap_err();
        assert!(e.to_string().contains("room grid has 1 rows"), "{e}");
        let e = GridText::parse("f", "1 -\n- 2\n\n\nextra\n", false).unwrap_err();
        assert!(e.to_string().starts_with("f:5:1: unexpected line"), "{e}");
        let e = GridText::parse("f", "1 -\nx 2\n", false)
            .unwrap()
            .map_cells(|_, v| match v {
                CellValue::Other(t) => Err(format!("`{t}` is not a clue")),
                _ => Ok(()),
            })
            .unwrap_err();
        assert!(e.to_string().starts_with("f:2:1: `x`"), "{e}");
    }

    #[test]
    fn letter_grids_with_label_values() {
        let g = LetterGrid::parse("f", "AAB\nCCB\nA=2 B=?\n").unwrap();
        assert_eq!(g.rooms.len(), 3);
        assert_eq!(g.label(1), "B");
        let values: Vec<(usize, &str)> = g
            .values
            .iter()
            .map(|(r, t)| (*r, t.text.as_str()))
            .collect();
        assert_eq!(values, vec![(0, "2"), (1, "?")]);
        assert_eq!((g.values[1].1.line, g.values[1].1.col), (3, 7));
        let e = LetterGrid::parse("f", "AB\nBA\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("f:2:1: room `B` is in two pieces"),
            "{e}"
        );
        let e = LetterGrid::parse("f", "AB\nAB\nA=1 A=2\n").unwrap_err();
        assert!(
            e.to_string().starts_with("f:3:5: room `A` has two clues"),
            "{e}"
        );
    }

    #[test]
    fn rooms_only_text_is_the_room_grid_alone_or_after_an_empty_clue_grid() {
        let alone = GridText::parse_rooms_only("f", "a a b\nc c b\n").unwrap();
        let after =
            GridText::parse_rooms_only("f", "2 3 1\n- - -\n. - -\n\na a b\nc c b\n").unwrap();
        assert_eq!(alone.rooms().unwrap(), after.rooms().unwrap());
        assert_eq!(after.extras[0].text, "1");
        assert!(alone
            .map_cells(|_, v| Ok::<_, String>(v == CellValue::Empty))
            .unwrap()
            .iter()
            .all(|&e| e));
        let with_header = GridText::parse_rooms_only("f", "2 3 1\na a b\nc c b\n").unwrap();
        assert_eq!(with_header.rooms().unwrap().len(), 3);
        let e = GridText::parse_rooms_only("f", "- 3\n- -\n\na b\na b\n").unwrap_err();
        assert!(
            e.to_string().starts_with("f:1:3: this genre has no clues"),
            "{e}"
        );
        let e = GridText::parse_rooms_only("f", "a a b\nc c\n").unwrap_err();
        assert!(e.to_string().starts_with("f:2:4: ragged grid"), "{e}");
    }

    #[test]
    fn outside_ids_mark_cells_in_no_room() {
        let t = GridText::parse_rooms_only("f", "2 3\n@ a @\n# a #\n").unwrap();
        let rooms = t.rooms_outside(&["@", "#"]).unwrap();
        assert_eq!(rooms.cells, vec![vec![1, 4]]);
        assert_eq!(rooms.outside().count(), 4);
        let e = t.rooms().unwrap_err();
        assert!(
            e.to_string()
                .starts_with("f:2:5: room `@` is in two pieces"),
            "{e}"
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let g = GridText::parse("f", "\u{feff}1 -\n- 2\n", false).unwrap();
        assert_eq!(g.cells[0].col, 1);
    }
}
