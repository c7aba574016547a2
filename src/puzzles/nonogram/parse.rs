//! Inputs: Simpson's `.non` format, puzz.link `nonogram` URLs and text pictures.

use super::{format_clue, min_length, Clue, Grid, LineKind, LineRef, Nonogram};
use crate::error::{Error, Result};
use crate::grid;
use crate::url::{self, Frame, Writer};

/// Reads a puzzle from text: a puzz.link URL when the text is one, a `.g` file whose colour table
/// has one colour (webpbn's black-and-white export), janko.at's layout when it starts with a
/// header `H W`, `.non` otherwise.
pub fn parse_any(source: &str, text: &str) -> Result<Nonogram> {
    if super::colour::is_colour_g(text) {
        // A colour table with one colour is how webpbn exports a black-and-white puzzle.
        if let Some(black_and_white) = super::colour::parse_g(source, text)?.as_black_and_white() {
            return Ok(black_and_white);
        }
    }
    let trimmed = text.trim();
    if source == "URL" || (trimmed.contains("nonogram/") && !trimmed.contains('\n')) {
        let at = url::in_text_at(text, "nonogram").map_or((1, 0), |(_, at)| at);
        parse_url(trimmed).map_err(|e| url::in_file(e, source, at))
    } else if is_janko(text) {
        parse_janko(source, text)
    } else {
        parse_non(source, text)
    }
}

/// A clue section being read: its header line and its clue lines (line number, text).
#[derive(Default)]
struct Section {
    header_line: usize,
    lines: Vec<(usize, String)>,
}

/// Parses Simpson's `.non` format (and black-and-white Olšák `.g`, whose `: rows` / `: columns`
/// headers open the same sections): `width`, `height`, a `rows` and a `columns` section of
/// comma-separated clues (`0` or an empty line = empty line), other keys kept as metadata
/// (`title`, `by`, `copyright`, …) or ignored (`goal`, `color`, …).
pub fn parse_non(source: &str, text: &str) -> Result<Nonogram> {
    let mut width: Option<(usize, usize)> = None; // (value, line)
    let mut height: Option<(usize, usize)> = None;
    let mut rows: Option<Section> = None;
    let mut columns: Option<Section> = None;
    let mut current: Option<&str> = None;
    let mut meta = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let raw = raw.trim_end_matches('\r');
        let mut line = raw.trim();
        // Olšák's `.g` format (the survey's source files) opens its sections with `: rows` and
        // `: columns`; its black-and-white files are otherwise `.non`-compatible.
        if let Some(rest) = line.strip_prefix(':') {
            if matches!(rest.trim(), "rows" | "columns") {
                line = rest.trim();
            }
        }
        if current.is_none() && line == "#d" {
            return Err(Error::input(
                source,
                line_no,
                1,
                "a colour table (`#d`, Olšák's colour `.g` format): colour nonograms are \
                 solved by `puzzlec solve|count|compare nonogram`; this reads black-and-white \
                 puzzles only",
            ));
        }
        if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
            let (key, value) = match line.split_once(char::is_whitespace) {
                Some((k, v)) => (k, v.trim()),
                None => (line, ""),
            };
            current = None;
            match key {
                "width" | "height" => {
                    let col = raw.find(value).map_or(1, |p| p + 1);
                    let n: usize = value.parse().map_err(|_| {
                        Error::input(
                            source,
                            line_no,
                            col,
                            format!("`{key}` needs a number, found `{value}`"),
                        )
                    })?;
                    if key == "width" {
                        width = Some((n, line_no));
                    } else {
                        height = Some((n, line_no));
                    }
                }
                "rows" | "columns" => {
                    let section = Section {
                        header_line: line_no,
                        lines: Vec::new(),
                    };
                    let slot = if key == "rows" {
                        &mut rows
                    } else {
                        &mut columns
                    };
                    if slot.is_some() {
                        return Err(Error::input(
                            source,
                            line_no,
                            1,
                            format!("a second `{key}` section"),
                        ));
                    }
                    *slot = Some(section);
                    current = Some(if key == "rows" { "rows" } else { "columns" });
                }
                "catalogue" | "title" | "by" | "copyright" | "license" => {
                    meta.push((key.to_string(), value.to_string()));
                }
                _ => {} // unknown keys (goal, color, …) are ignored
            }
            continue;
        }
        match current {
            Some("rows") => rows
                .as_mut()
                .expect("open section")
                .lines
                .push((line_no, raw.to_string())),
            Some(_) => columns
                .as_mut()
                .expect("open section")
                .lines
                .push((line_no, raw.to_string())),
            None if line.is_empty() || line.starts_with('#') => {}
            None => {
                let col = raw.find(line).map_or(1, |p| p + 1);
                return Err(Error::input(
                    source,
                    line_no,
                    col,
                    "clue line outside a `rows` or `columns` section",
                ));
            }
        }
    }
    let last_line = text.lines().count().max(1);
    let rows = rows.ok_or_else(|| Error::input(source, last_line, 1, "no `rows` section"))?;
    let columns =
        columns.ok_or_else(|| Error::input(source, last_line, 1, "no `columns` section"))?;
    let height = height.map(|h| h.0);
    let width = width.map(|w| w.0);
    let row_lines = section_lines(source, "rows", "height", rows, height)?;
    let column_lines = section_lines(source, "columns", "width", columns, width)?;
    from_clue_lines(source, &row_lines, &column_lines, meta, last_line)
}

/// Whether a text is janko.at's nonogram layout (puzzlekit's dataset): its first line is a
/// header `H W` of two numbers, which no `.non` file starts with.
pub fn is_janko(text: &str) -> bool {
    let mut lines = text.lines().map(str::trim);
    let first = lines.find(|l| !l.is_empty() && !l.starts_with("//"));
    first.is_some_and(|l| {
        let tokens: Vec<&str> = l.split_whitespace().collect();
        tokens.len() == 2 && tokens.iter().all(|t| t.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Parses janko.at's layout as puzzlekit's dataset keeps it: a header `H W`, then W lines of
/// column clues (left to right, each top to bottom), then H lines of row clues (top to
/// bottom, each left to right), `0` for an empty line; blank and `//` lines are skipped.
pub fn parse_janko(source: &str, text: &str) -> Result<Nonogram> {
    let mut lines = (text.lines().enumerate())
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r').to_string()))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with("//"));
    let last_line = text.lines().count().max(1);
    let (header_no, header) = lines
        .next()
        .ok_or_else(|| Error::input(source, 1, 1, "no header `H W`"))?;
    let mut sides = crate::puzzles::clue_tokens(&header)
        .into_iter()
        .map(|(col, t)| {
            t.parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_SIDE).contains(n))
                .ok_or_else(|| {
                    let why = format!("`{t}` is not a side of the grid (1 to {MAX_SIDE})");
                    Error::input(source, header_no, col, why)
                })
        });
    let (height, width) = match (sides.next(), sides.next(), sides.next()) {
        (Some(h), Some(w), None) => (h?, w?),
        _ => {
            return Err(Error::input(
                source,
                header_no,
                1,
                "expected a header `H W`",
            ))
        }
    };
    let clue_lines: Vec<(usize, String)> = lines.collect();
    if clue_lines.len() != width + height {
        let (line, what) = match clue_lines.get(width + height) {
            Some((line, _)) => (*line, "more"),
            None => (last_line, "fewer"),
        };
        let why = format!(
            "{what} clue lines ({}) than the header's {width} columns and {height} rows",
            clue_lines.len()
        );
        return Err(Error::input(source, line, 1, why));
    }
    let (column_lines, row_lines) = clue_lines.split_at(width);
    from_clue_lines(source, row_lines, column_lines, Vec::new(), last_line)
}

/// The puzzle of its clue lines (line number and text), each checked against the other side;
/// `last_line` is where an error about the whole puzzle points without a better place.
fn from_clue_lines(
    source: &str,
    row_lines: &[(usize, String)],
    column_lines: &[(usize, String)],
    meta: Vec<(String, String)>,
    last_line: usize,
) -> Result<Nonogram> {
    let (width, height) = (column_lines.len(), row_lines.len());
    let mut row_clues = Vec::with_capacity(height);
    for (line_no, text) in row_lines {
        row_clues.push(parse_clue(source, *line_no, text, width, "row", "wide")?);
    }
    let mut column_clues = Vec::with_capacity(width);
    for (line_no, text) in column_lines {
        column_clues.push(parse_clue(
            source, *line_no, text, height, "column", "high",
        )?);
    }
    let row_total: usize = row_clues.iter().flatten().sum();
    let column_total: usize = column_clues.iter().flatten().sum();
    if row_total != column_total {
        let line = column_lines.first().map_or(last_line, |l| l.0);
        return Err(Error::input(
            source,
            line,
            1,
            format!(
                "the row clues fill {row_total} cells but the column clues fill {column_total}"
            ),
        ));
    }
    Ok(Nonogram {
        width,
        height,
        rows: row_clues,
        columns: column_clues,
        meta,
        logic: Default::default(),
    })
}

/// The clue lines of a section, checked against the declared count. Extra trailing empty
/// lines are separators; without a declared count all trailing empty lines are dropped.
fn section_lines(
    source: &str,
    name: &str,
    count_key: &str,
    section: Section,
    expected: Option<usize>,
) -> Result<Vec<(usize, String)>> {
    let mut lines = section.lines;
    let keep = expected.unwrap_or(0);
    while lines.len() > keep && lines.last().is_some_and(|l| l.1.trim().is_empty()) {
        lines.pop();
    }
    if let Some(expected) = expected {
        if lines.len() != expected {
            let (line, what) = if lines.len() > expected {
                (lines[expected].0, "more")
            } else {
                (section.header_line, "fewer")
            };
            return Err(Error::input(
                source,
                line,
                1,
                format!(
                    "`{name}` has {what} clue lines ({}) than `{count_key} {expected}`",
                    lines.len()
                ),
            ));
        }
    }
    Ok(lines)
}

/// Parses one clue line (`2,1`, `2 1`, `0` or empty) and checks it fits its line.
fn parse_clue(
    source: &str,
    line_no: usize,
    text: &str,
    length: usize,
    kind: &str,
    unit: &str,
) -> Result<Clue> {
    let mut clue = Vec::new();
    let mut zero_at = None;
    for (col, token) in crate::puzzles::clue_tokens(text) {
        let value: usize = token
            .parse()
            .ok()
            .filter(|_| token.bytes().all(|c| c.is_ascii_digit()))
            .ok_or_else(|| {
                Error::input(
                    source,
                    line_no,
                    col,
                    format!("expected a block length, found `{token}`"),
                )
            })?;
        if value == 0 {
            zero_at = Some(col);
        } else {
            clue.push(value);
        }
    }
    if let Some(col) = zero_at {
        if !clue.is_empty() {
            return Err(Error::input(
                source,
                line_no,
                col,
                "a block of length 0 (write `0` alone for an empty line)",
            ));
        }
    }
    if min_length(&clue) > length {
        let col = text.find(|c: char| !c.is_whitespace()).map_or(1, |p| p + 1);
        return Err(Error::input(
            source,
            line_no,
            col,
            format!(
                "{kind} clue {} needs {} cells but the puzzle is {length} {unit}",
                format_clue(&clue),
                min_length(&clue)
            ),
        ));
    }
    Ok(clue)
}

/// The largest width and height a nonogram URL may give.
pub const MAX_SIDE: usize = 1000;

/// The clue slots of a URL: every column's `ceil(H/2)` slots, then every row's `ceil(W/2)`;
/// slot 0 of a line is the one next to the grid, so it holds the line's last block.
fn slot_counts(width: usize, height: usize) -> (usize, usize) {
    (height.div_ceil(2), width.div_ceil(2))
}

/// Decodes a puzz.link URL `…?nonogram/W/H/BODY` (see the spec): the hex number stream over
/// the column clue slots, then the row clue slots.
pub fn parse_url(url: &str) -> Result<Nonogram> {
    let frame = Frame::parse(url, "nonogram", MAX_SIDE)?;
    let (width, height) = (frame.width, frame.height);
    let (column_slots, row_slots) = slot_counts(width, height);
    let mut body = frame.reader();
    let slots = body.numbers_at(width * column_slots + height * row_slots)?;
    body.expect_end()?;
    let mut values = Vec::with_capacity(slots.len());
    let columns_of: Vec<Option<usize>> = slots.iter().map(|s| s.map(|(_, col)| col)).collect();
    for slot in slots {
        values.push(match slot {
            None => None,
            Some((grid::Clue::Number(n), _)) => Some(n as usize),
            Some((grid::Clue::Unknown, col)) => {
                return Err(Error::input(
                    "URL",
                    1,
                    col,
                    "clues of unknown length (`.`) are not supported",
                ))
            }
        });
    }
    // A line's blocks are its slots from the outside in; a 0 is no block.
    let clue = |first: usize, count: usize| -> Clue {
        (0..count)
            .rev()
            .filter_map(|k| values[first + k])
            .filter(|&v| v > 0)
            .collect()
    };
    let columns: Vec<Clue> = (0..width)
        .map(|x| clue(x * column_slots, column_slots))
        .collect();
    let base = width * column_slots;
    let rows: Vec<Clue> = (0..height)
        .map(|y| clue(base + y * row_slots, row_slots))
        .collect();
    let puzzle = Nonogram {
        width,
        height,
        rows,
        columns,
        meta: Vec::new(),
        logic: Default::default(),
    };
    // A problem is shown at the first clue of its line in the URL (the totals at the first
    // row clue); a line without clues has no character of its own, so the body start stands
    // in for it.
    let first_col = |first: usize, count: usize| {
        columns_of[first..first + count]
            .iter()
            .flatten()
            .next()
            .copied()
            .unwrap_or(frame.body_col)
    };
    if let Some((line, message)) = puzzle.located_clue_problem() {
        let col = match line {
            Some(LineRef {
                kind: LineKind::Column,
                index,
            }) => first_col(index * column_slots, column_slots),
            Some(LineRef {
                kind: LineKind::Row,
                index,
            }) => first_col(base + index * row_slots, row_slots),
            None => first_col(base, height * row_slots),
        };
        return Err(Error::input("URL", 1, col, message));
    }
    Ok(puzzle)
}

impl Nonogram {
    /// The puzzle as its canonical puzz.link URL (clues pushed next to the grid, as pzprjs
    /// writes them). Fails for sides above [`MAX_SIDE`] or a clue that does not fit its line.
    pub fn to_url(&self) -> Result<String> {
        let (width, height) = (self.width, self.height);
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(Error::Invalid(format!(
                "a {width}x{height} nonogram has no URL here: puzz.link sides are 1..={MAX_SIDE}"
            )));
        }
        let (column_slots, row_slots) = slot_counts(width, height);
        let mut slots = Vec::with_capacity(width * column_slots + height * row_slots);
        let lines = self
            .columns
            .iter()
            .map(|c| (c, column_slots, height, "column"));
        let lines = lines.chain(self.rows.iter().map(|r| (r, row_slots, width, "row")));
        for (clue, count, length, kind) in lines {
            // A clue that fits its line has at most `count` blocks, each at most `length`.
            if min_length(clue) > length {
                return Err(Error::Invalid(format!(
                    "{kind} clue {} needs {} cells but its line has {length}",
                    format_clue(clue),
                    min_length(clue)
                )));
            }
            let mut line: Vec<Option<grid::Clue>> = clue
                .iter()
                .rev()
                .filter(|&&n| n > 0)
                .map(|&n| Some(grid::Clue::Number(n as u32)))
                .collect();
            line.resize(count, None);
            slots.extend(line);
        }
        let mut body = Writer::new();
        body.numbers(&slots)?;
        Ok(url::url("nonogram", width, height, &body.finish()))
    }
}

/// Reads a text picture: `#` (or `X`, `x`, `1`) filled, `.` (or ` `, `0`, `-`, `_`) empty;
/// lines starting with `;` are comments; short rows are padded with empty cells.
pub fn parse_picture(source: &str, text: &str) -> Result<Grid> {
    let mut grid: Grid = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let raw = raw.trim_end();
        if raw.starts_with(';') || (raw.is_empty() && grid.is_empty()) {
            continue;
        }
        if grid.len() == MAX_SIDE {
            return Err(Error::input(
                source,
                index + 1,
                1,
                format!(
                    "the picture has more than {MAX_SIDE} rows (the largest nonogram read here)"
                ),
            ));
        }
        let mut row = Vec::new();
        for (col, c) in raw.chars().enumerate() {
            if col == MAX_SIDE {
                return Err(Error::input(
                    source,
                    index + 1,
                    col + 1,
                    format!(
                        "the picture is wider than {MAX_SIDE} cells (the largest nonogram read here)"
                    ),
                ));
            }
            row.push(match c {
                '#' | 'X' | 'x' | '1' => true,
                '.' | ' ' | '0' | '-' | '_' => false,
                _ => {
                    return Err(Error::input(
                        source,
                        index + 1,
                        col + 1,
                        format!("expected `#` (filled) or `.` (empty), found `{c}`"),
                    ))
                }
            });
        }
        grid.push(row);
    }
    while grid.last().is_some_and(|r| r.is_empty()) {
        grid.pop();
    }
    let width = grid.iter().map(Vec::len).max().unwrap_or(0);
    if width == 0 {
        return Err(Error::input(source, 1, 1, "the picture has no cells"));
    }
    for row in &mut grid {
        row.resize(width, false);
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn olsak_g_black_and_white_reads_like_non_and_colour_is_refused_clearly() {
        let g = "webpbn.org #1: Demo\nCopyright 2004 by Jan Wolter\n: rows\n2\n1 1\n0\n: columns\n2\n1\n1\n";
        let p = parse_non("demo.g", g).unwrap();
        assert_eq!(p.rows, vec![vec![2], vec![1, 1], vec![]]);
        assert_eq!(p.columns, vec![vec![2], vec![1], vec![1]]);
        let colour = "webpbn.org #47: Not To Scale\n#d\n   0:   #FFFFFF   white\n: rows\n1r\n";
        let e = parse_non("c.g", colour).unwrap_err().to_string();
        assert!(
            e.contains("c.g:2:1") && e.contains("black-and-white puzzles only"),
            "{e}"
        );
    }

    const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nonogram");

    fn message(e: Error) -> String {
        e.to_string()
    }

    #[test]
    fn spec_url_example_decodes_to_the_stated_clues() {
        let p = parse_url("https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h").unwrap();
        assert_eq!(
            p.columns,
            vec![
                vec![2, 1],
                vec![1, 1, 1],
                vec![1],
                vec![1, 1, 1],
                vec![2, 1],
                vec![]
            ]
        );
        assert_eq!(
            p.rows,
            vec![
                vec![2, 1],
                vec![1, 1],
                vec![1, 2],
                vec![],
                vec![1, 1],
                vec![3]
            ]
        );
    }

    #[test]
    fn spec_url_published_answer_satisfies_the_decoded_clues() {
        let p = parse_url("https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h").unwrap();
        let answer = "##.#..\n#...#.\n.#.##.\n......\n#...#.\n.###..";
        let grid: Grid = answer
            .lines()
            .map(|l| l.chars().map(|c| c == '#').collect())
            .collect();
        assert_eq!(p.check_grid(&grid), Ok(()));
    }

    #[test]
    fn url_two_digit_values_and_truncated_bodies_decode() {
        // 17x1: one column slot each, nine row slots. `-11` is 17; the body stops early,
        // so the remaining slots are empty: every column is [1], the row is [17].
        let body = format!("{}-11", "1".repeat(17));
        let p = parse_url(&format!("https://puzz.link/p?nonogram/17/1/{body}")).unwrap();
        assert_eq!(p.rows, vec![vec![17]]);
        assert!(p.columns.iter().all(|c| c == &vec![1]));
    }

    #[test]
    fn url_errors_point_at_the_character() {
        let e = message(parse_url("p?nonogram/2/2/1!").unwrap_err());
        assert_eq!(e, "URL:1:17: unexpected character `!` in the clue body");
        // A word before the size is pzprjs's flag field, so the height is the one to spoil.
        let e = message(parse_url("p?nonogram/2/x/1").unwrap_err());
        assert!(e.starts_with("URL:1:14:"), "{e}");
    }

    #[test]
    fn every_shipped_non_file_parses_with_its_declared_size() {
        for entry in std::fs::read_dir(DATA).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "non") {
                let text = std::fs::read_to_string(&path).unwrap();
                let p = parse_non(&path.display().to_string(), &text).unwrap();
                let w: usize = text
                    .lines()
                    .find_map(|l| l.strip_prefix("width "))
                    .unwrap()
                    .trim()
                    .parse()
                    .unwrap();
                assert_eq!(p.width, w, "{}", path.display());
                assert!(
                    p.meta.iter().any(|(k, _)| k == "copyright"),
                    "{}",
                    path.display()
                );
            }
        }
    }

    #[test]
    fn empty_lines_zero_lines_and_unknown_keys_are_accepted() {
        let text = "title \"t\"\ngoal \"x\"\nwidth 3\nheight 3\nrows\n1,1\n\n0\ncolumns\n1\n0\n1\n";
        let p = parse_non("t.non", text).unwrap();
        assert_eq!(p.rows, vec![vec![1, 1], vec![], vec![]]);
        assert_eq!(p.columns, vec![vec![1], vec![], vec![1]]);
    }

    #[test]
    fn crlf_and_space_separated_clues_are_accepted() {
        let text = "width 2\r\nheight 1\r\nrows\r\n1 1\r\n\r\ncolumns\r\n1\r\n1\r\n";
        assert!(text.contains("1 1"));
        assert!(parse_non("t.non", text).is_err(), "1 1 needs three cells");
        let text = "width 3\r\nheight 1\r\nrows\r\n1 1\r\n\r\ncolumns\r\n1\r\n0\r\n1\r\n";
        assert_eq!(parse_non("t.non", text).unwrap().rows, vec![vec![1, 1]]);
    }

    #[test]
    fn a_bad_block_length_names_file_line_and_column() {
        let text = "width 3\nheight 1\nrows\n1,x\ncolumns\n1\n0\n1\n";
        assert_eq!(
            message(parse_non("p.non", text).unwrap_err()),
            "p.non:4:3: expected a block length, found `x`"
        );
    }

    #[test]
    fn a_clue_too_long_for_its_line_is_an_error() {
        let text = "width 3\nheight 1\nrows\n2,2\ncolumns\n1\n1\n1\n";
        let e = message(parse_non("p.non", text).unwrap_err());
        assert_eq!(
            e,
            "p.non:4:1: row clue 2,2 needs 5 cells but the puzzle is 3 wide"
        );
    }

    #[test]
    fn row_and_column_totals_must_agree() {
        let text = "width 2\nheight 1\nrows\n1\ncolumns\n1\n1\n";
        let e = message(parse_non("p.non", text).unwrap_err());
        assert!(
            e.starts_with("p.non:6:1: the row clues fill 1 cells but the column clues fill 2"),
            "{e}"
        );
    }

    #[test]
    fn wrong_numbers_of_clue_lines_are_errors() {
        let too_few = "width 2\nheight 2\nrows\n1\ncolumns\n1\n0\n";
        let e = message(parse_non("p.non", too_few).unwrap_err());
        assert_eq!(
            e,
            "p.non:3:1: `rows` has fewer clue lines (1) than `height 2`"
        );
        let too_many = "width 1\nheight 1\nrows\n1\ncolumns\n1\n1\n";
        let e = message(parse_non("p.non", too_many).unwrap_err());
        assert_eq!(
            e,
            "p.non:7:1: `columns` has more clue lines (2) than `width 1`"
        );
    }

    /// The spec's example, janko.at's nonogram 861 as puzzlekit's dataset gives it.
    const JANKO_861: &str =
        "10 5\n2 1\n2 1 3\n7\n1 3\n2 1\n2\n2 1\n1 1\n3\n1 1\n1 1\n2\n1 1\n1 2\n2\n";

    #[test]
    fn janko_layout_is_columns_then_rows_and_the_answer_is_written_in_its_notation() {
        use crate::puzzles::Puzzle;
        let p = parse_any("861_10x5", JANKO_861).unwrap();
        assert_eq!((p.height, p.width), (10, 5));
        assert_eq!(p.columns[1], vec![2, 1, 3]);
        assert_eq!((&p.rows[0], &p.rows[9]), (&vec![2], &vec![2]));
        let answer = "10 5\n- x x - -\n- x x - x\n- - x - x\n- x x x -\nx - x - -\n\
                      x - x - -\n- - x x -\n- x - x -\n- x - x x\nx x - - -\n";
        let grid: Grid = (answer.lines().skip(1))
            .map(|l| l.split(' ').map(|t| t == "x").collect())
            .collect();
        assert_eq!(p.verify(&grid), Ok(()));
        assert_eq!(p.answer_text(&grid).unwrap(), answer);
        // `0` is an empty line; blank lines are skipped.
        let p = parse_any("t", "2 2\n\n0\n2\n\n0\n2\n").unwrap();
        assert_eq!(
            (p.columns, p.rows),
            (vec![vec![], vec![2]], vec![vec![], vec![2]])
        );
    }

    #[test]
    fn janko_layout_errors_name_line_and_column() {
        let e = message(parse_any("j", "2 2\n1\n1\n1\n").unwrap_err());
        assert_eq!(
            e,
            "j:4:1: fewer clue lines (3) than the header's 2 columns and 2 rows"
        );
        let e = message(parse_any("j", "1 1\n1\n1\n0\n").unwrap_err());
        assert!(e.starts_with("j:4:1: more clue lines (3)"), "{e}");
        let e = message(parse_any("j", "2 0\n1\n1\n").unwrap_err());
        assert!(e.starts_with("j:1:3: `0` is not a side"), "{e}");
        let e = message(parse_any("j", "1 2\n1 x\n1\n1\n").unwrap_err());
        assert!(
            e.starts_with("j:2:3: expected a block length, found `x`"),
            "{e}"
        );
        let e = message(parse_any("j", "1 2\n1\n0\n2\n").unwrap_err());
        assert!(
            e.contains("the row clues fill 2 cells but the column clues fill 1"),
            "{e}"
        );
    }

    #[test]
    fn a_zero_inside_a_clue_is_an_error() {
        let text = "width 3\nheight 1\nrows\n1,0\ncolumns\n1\n0\n0\n";
        let e = message(parse_non("p.non", text).unwrap_err());
        assert!(e.starts_with("p.non:4:3:"), "{e}");
    }

    #[test]
    fn pictures_become_grids() {
        let g = parse_picture("p.txt", "#.#\n.#\n").unwrap();
        assert_eq!(g, vec![vec![true, false, true], vec![false, true, false]]);
        let e = message(parse_picture("p.txt", "#.\n#?\n").unwrap_err());
        assert_eq!(
            e,
            "p.txt:2:2: expected `#` (filled) or `.` (empty), found `?`"
        );
    }

    const SPEC_URL: &str = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";

    #[test]
    fn spec_url_is_written_back_byte_for_byte() {
        assert_eq!(parse_url(SPEC_URL).unwrap().to_url().unwrap(), SPEC_URL);
    }

    #[test]
    fn every_shipped_non_file_round_trips_through_a_url() {
        let models = concat!(env!("CARGO_MANIFEST_DIR"), "/models/nonogram");
        let mut checked = 0;
        for dir in [DATA, models] {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "non") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    let p = parse_non(&path.display().to_string(), &text).unwrap();
                    let url = p.to_url().unwrap();
                    let back = parse_url(&url).unwrap();
                    assert_eq!((&back.rows, &back.columns), (&p.rows, &p.columns), "{url}");
                    assert_eq!(back.to_url().unwrap(), url);
                    checked += 1;
                }
            }
        }
        assert!(checked >= 20, "{checked} files");
    }

    #[test]
    fn a_question_mark_clue_is_refused_at_its_column() {
        let e = message(parse_url("p?nonogram/2/2/1.").unwrap_err());
        assert_eq!(
            e,
            "URL:1:17: clues of unknown length (`.`) are not supported"
        );
    }

    #[test]
    fn blocks_past_255_use_the_three_digit_form() {
        // One row of 300 filled cells: 300 columns of [1], then the row clue [300] = `+12c`
        // and its 149 empty slots (7 × `z` = 140, `o` = 9).
        let p = Nonogram::new(vec![vec![300]], vec![vec![1]; 300]).unwrap();
        let url = p.to_url().unwrap();
        assert!(
            url.ends_with(&format!("/{}+12czzzzzzzo", "1".repeat(300))),
            "{url}"
        );
        assert_eq!(parse_url(&url).unwrap(), p);
    }

    #[test]
    fn oversized_puzzles_have_no_url() {
        let p = Nonogram::new(vec![vec![]; 2], vec![vec![]; 1001]).unwrap();
        assert!(message(p.to_url().unwrap_err()).contains("1..=1000"));
    }

    mod round_trip {
        use super::*;
        use proptest::prelude::*;

        /// The clues of a random picture.
        fn puzzle() -> impl Strategy<Value = Nonogram> {
            (1usize..12, 1usize..12)
                .prop_flat_map(|(h, w)| {
                    proptest::collection::vec(proptest::collection::vec(any::<bool>(), w), h)
                })
                .prop_map(|grid| Nonogram::from_grid(&grid))
        }

        proptest! {
            #[test]
            fn decode_of_encode_is_the_puzzle(p in puzzle()) {
                let url = p.to_url().unwrap();
                let back = parse_url(&url).unwrap();
                prop_assert_eq!(&back, &p);
                prop_assert_eq!(back.to_url().unwrap(), url);
            }
        }
    }
}
