//! Reading skeleton puzzles: the grid, the word list, the slots, and the checks that reject a
//! puzzle no word placement can satisfy.
//!
//! A puzzle file is the grid (`#` black, `.` white, any other character a given letter), one
//! blank line, then the words one per line. The words may instead come from a separate file.

use crate::error::{Error, Result};
use crate::grid::{runs, Cell, Grid};
use std::collections::BTreeMap;

/// What a cell of the puzzle grid holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// A black cell: no letter goes here.
    Black,
    /// A white cell to be filled.
    White,
    /// A white cell whose letter is given.
    Given(char),
}

impl Square {
    /// Whether a letter goes into this cell.
    pub fn is_white(self) -> bool {
        !matches!(self, Square::Black)
    }
}

/// The direction a slot runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Left to right along a row.
    Across,
    /// Top to bottom along a column.
    Down,
}

impl Direction {
    /// The (row, column) step from one letter to the next.
    pub fn step(self) -> (usize, usize) {
        match self {
            Direction::Across => (0, 1),
            Direction::Down => (1, 0),
        }
    }
    /// The other direction.
    pub fn other(self) -> Direction {
        match self {
            Direction::Across => Direction::Down,
            Direction::Down => Direction::Across,
        }
    }
    /// `across` or `down`.
    pub fn word(self) -> &'static str {
        match self {
            Direction::Across => "across",
            Direction::Down => "down",
        }
    }
}

/// A maximal run of at least two white cells, across or down.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    /// Its direction.
    pub dir: Direction,
    /// Its cells in reading order.
    pub cells: Vec<Cell>,
}

impl Slot {
    /// The position of a cell in the slot, if the slot covers it.
    pub fn position_of(&self, cell: Cell) -> Option<usize> {
        self.cells.iter().position(|&c| c == cell)
    }
}

/// The puzzle grid (a crossword's diagram): what each cell holds and where the grid sits in
/// its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The grid's shape.
    pub grid: Grid,
    /// What each cell holds, by cell.
    pub squares: Vec<Square>,
    /// The 1-based file line of the first row (for messages about cells).
    pub first_line: usize,
}

impl Diagram {
    /// What a cell holds.
    pub fn square(&self, cell: Cell) -> Square {
        self.squares[cell]
    }
    /// Every slot: across slots row by row, then down slots column by column.
    pub fn slots(&self) -> Vec<Slot> {
        let g = self.grid;
        // `lines` gives the rows, then the columns.
        let dirs = std::iter::repeat_n(Direction::Across, g.height)
            .chain(std::iter::repeat_n(Direction::Down, g.width));
        let white = |c: Cell| self.squares[c].is_white();
        (g.lines().iter().zip(dirs))
            .flat_map(|(line, dir)| {
                let runs = runs(line, white).into_iter().filter(|run| run.len() >= 2);
                runs.map(move |cells| Slot { dir, cells })
            })
            .collect()
    }
    /// The white cells split into orthogonally connected parts, in order of their first cells.
    pub fn white_parts(&self) -> Vec<Vec<Cell>> {
        self.grid.parts(|c| self.squares[c].is_white())
    }
    /// A message about a cell, shown at that cell in the grid's own lines.
    pub fn error_at(&self, source: &str, cell: Cell, message: impl Into<String>) -> Error {
        let (r, c) = self.grid.rc(cell);
        Error::input(source, self.first_line + r, c + 1, message)
    }
}

/// A word of the list and the file position it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedWord {
    /// The word as written (an entry of several words keeps its spaces).
    pub text: String,
    /// Its letters (Unicode scalar values; a space inside an entry is a letter of its own).
    pub letters: Vec<char>,
    /// The file it came from.
    pub source: String,
    /// Its 1-based line.
    pub line: usize,
}

/// Reads a puzzle file: the grid, and the words after the blank line (possibly none).
pub fn parse_puzzle_text(source: &str, text: &str) -> Result<(Diagram, Vec<ListedWord>)> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut i = 0;
    while i < lines.len() && lines[i].trim().is_empty() {
        i += 1;
    }
    if i == lines.len() {
        return Err(Error::input(
            source,
            1,
            1,
            "empty puzzle: expected grid rows",
        ));
    }
    let first_line = i + 1;
    let mut rows: Vec<Vec<Square>> = Vec::new();
    while i < lines.len() && !lines[i].trim().is_empty() {
        let line = lines[i].trim_end();
        let mut row = Vec::new();
        for (col, ch) in line.chars().enumerate() {
            let cell = match ch {
                '#' => Square::Black,
                '.' => Square::White,
                c if c.is_whitespace() => return Err(Error::input(
                    source,
                    i + 1,
                    col + 1,
                    "whitespace inside a grid row (use `.` for a white cell, `#` for a black one)",
                )),
                c => Square::Given(c),
            };
            row.push(cell);
        }
        if let Some(first) = rows.first() {
            if row.len() != first.len() {
                let col = row.len().min(first.len()) + 1;
                return Err(Error::input(
                    source,
                    i + 1,
                    col,
                    format!(
                        "grid row has {} cells but the first row has {}",
                        row.len(),
                        first.len()
                    ),
                ));
            }
        }
        rows.push(row);
        i += 1;
    }
    let words = parse_word_lines(source, &lines[i..], i + 1)?;
    let grid = Grid::new(rows.len(), rows[0].len());
    Ok((
        Diagram {
            grid,
            squares: rows.into_iter().flatten().collect(),
            first_line,
        },
        words,
    ))
}

/// Reads a word list file: one word per line, blank lines ignored.
pub fn parse_word_list(source: &str, text: &str) -> Result<Vec<ListedWord>> {
    let lines: Vec<&str> = text.lines().collect();
    parse_word_lines(source, &lines, 1)
}

fn parse_word_lines(source: &str, lines: &[&str], first_line: usize) -> Result<Vec<ListedWord>> {
    let mut words = Vec::new();
    for (k, raw) in lines.iter().enumerate() {
        let line = first_line + k;
        let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
        let word = raw.trim();
        if word.is_empty() {
            continue;
        }
        for (j, ch) in word.chars().enumerate() {
            if ch == '#' {
                return Err(Error::input(
                    source,
                    line,
                    lead + j + 1,
                    format!("word `{word}` contains `#`, which marks black cells"),
                ));
            }
        }
        // An entry of several words (a song title such as `シスタモン シエル`) keeps its inner
        // spaces as letters, each taking a cell: that is how the generator the seed describes
        // (MakePuzz) publishes them. The line is the entry, so only its ends are trimmed.
        let letters: Vec<char> = word.chars().collect();
        if letters.len() < 2 {
            return Err(Error::input(
                source,
                line,
                lead + 1,
                format!("word `{word}` has 1 letter; a slot has at least 2"),
            ));
        }
        words.push(ListedWord {
            text: word.to_string(),
            letters,
            source: source.to_string(),
            line,
        });
    }
    Ok(words)
}

/// Checks that a grid and word list can make a puzzle: white cells exist and are connected,
/// each length has as many slots as words, and every given letter fits some word.
pub fn validate(
    source: &str,
    diagram: &Diagram,
    slots: &[Slot],
    words: &[ListedWord],
) -> Result<()> {
    // Whole-grid problems are shown at the cell they are about, in the grid's own lines.
    let at_cell = |cell: Cell, message: String| diagram.error_at(source, cell, message);
    let g = diagram.grid;
    let parts = diagram.white_parts();
    match parts.len() {
        0 => {
            return Err(at_cell(
                0,
                "the grid has no white cells (`.` or a letter)".into(),
            ))
        }
        1 if parts[0].len() == 1 => {
            let (r, c) = g.rc(parts[0][0]);
            return Err(at_cell(
                parts[0][0],
                format!(
                    "the only white cell (row {}, col {}) makes no slot of 2 or more cells",
                    r + 1,
                    c + 1
                ),
            ));
        }
        1 => {}
        n => {
            let (a, b) = (g.rc(parts[0][0]), g.rc(parts[1][0]));
            return Err(at_cell(
                parts[1][0],
                format!(
                    "white cells are not connected: {n} separate parts (row {} col {} and row {} col {} are in different parts)",
                    a.0 + 1,
                    a.1 + 1,
                    b.0 + 1,
                    b.1 + 1
                ),
            ));
        }
    }
    if words.is_empty() {
        return Err(Error::input(
            source,
            diagram.first_line + g.height,
            1,
            "no words: put them after a blank line below the grid, or give --words FILE",
        ));
    }
    let mut counts: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for s in slots {
        counts.entry(s.cells.len()).or_default().0 += 1;
    }
    for w in words {
        counts.entry(w.letters.len()).or_default().1 += 1;
    }
    let mismatches: Vec<(usize, usize, usize)> = counts
        .iter()
        .filter(|(_, (s, w))| s != w)
        .map(|(&len, &(s, w))| (len, s, w))
        .collect();
    if let Some(&(len, slot_count, word_count)) = mismatches.first() {
        let described: Vec<String> = mismatches
            .iter()
            .map(|(len, s, w)| {
                format!(
                    "length {len}: {s} slot{} but {w} word{}",
                    if *s == 1 { "" } else { "s" },
                    if *w == 1 { "" } else { "s" }
                )
            })
            .collect();
        let message = format!(
            "slot and word lengths do not match: {}",
            described.join("; ")
        );
        // At the first word of that length without a slot, or the first slot without a word.
        return Err(if word_count > slot_count {
            let extra = words
                .iter()
                .filter(|w| w.letters.len() == len)
                .nth(slot_count)
                .expect("more words than slots");
            Error::input(&extra.source, extra.line, 1, message)
        } else {
            let slot = slots
                .iter()
                .filter(|s| s.cells.len() == len)
                .nth(word_count)
                .expect("more slots than words");
            at_cell(slot.cells[0], message)
        });
    }
    for cell in g.cells() {
        let Square::Given(letter) = diagram.square(cell) else {
            continue;
        };
        for slot in slots {
            let Some(pos) = slot.position_of(cell) else {
                continue;
            };
            let len = slot.cells.len();
            let fits = (words.iter()).any(|w| w.letters.len() == len && w.letters[pos] == letter);
            if !fits {
                return Err(at_cell(
                    cell,
                    format!(
                        "given letter `{letter}`: no {len}-letter word has it as letter {} (the {} slot through this cell)",
                        pos + 1,
                        slot.dir.word()
                    ),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        let (diagram, words) = match parse_puzzle_text("p.txt", text) {
            Ok(x) => x,
            Err(e) => return e.to_string(),
        };
        let slots = diagram.slots();
        validate("p.txt", &diagram, &slots, &words)
            .map(|_| "ok".to_string())
            .unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn small_instance_has_its_slots() {
        let (diagram, words) =
            parse_puzzle_text("p", "....\n...#\n....\n\nboat\nart\nneed\nban\nore\nate\n").unwrap();
        assert_eq!(diagram.grid, Grid::new(3, 4));
        assert_eq!(words.len(), 6);
        let slots = diagram.slots();
        let lens: Vec<(Direction, usize)> = slots.iter().map(|s| (s.dir, s.cells.len())).collect();
        assert_eq!(
            lens,
            vec![
                (Direction::Across, 4),
                (Direction::Across, 3),
                (Direction::Across, 4),
                (Direction::Down, 3),
                (Direction::Down, 3),
                (Direction::Down, 3),
            ]
        );
        assert_eq!(slots[1].cells, vec![4, 5, 6]);
        assert_eq!(slots[5].cells, vec![2, 6, 10]);
        assert_eq!(slots[5].position_of(10), Some(2));
        assert_eq!(slots[5].position_of(11), None);
    }

    #[test]
    fn unicode_words_count_scalar_values() {
        let (_, words) = parse_puzzle_text("p", "..\n\nすし\nLowe's\n").unwrap();
        assert_eq!(words[0].letters.len(), 2);
        assert_eq!(words[1].letters.len(), 6);
    }

    #[test]
    fn ragged_row_is_a_syntax_error_with_position() {
        assert_eq!(
            err("....\n..\n\nab\n"),
            "p.txt:2:3: grid row has 2 cells but the first row has 4"
        );
    }

    #[test]
    fn a_space_inside_an_entry_takes_a_cell() {
        let words = parse_word_list("w.txt", "  シスタモン シエル \nBlue Moon\n").unwrap();
        assert_eq!(words[0].letters.len(), 9);
        assert_eq!(words[0].letters[5], ' ');
        assert_eq!(words[0].text, "シスタモン シエル");
        assert_eq!(words[1].letters.iter().collect::<String>(), "Blue Moon");
    }

    #[test]
    fn whitespace_in_a_grid_row_and_one_letter_words_are_reported_where_they_are() {
        assert!(err(".. .\n\nab\n").starts_with("p.txt:1:3: whitespace"));
        assert!(err("..\n\nab\nn\n").starts_with("p.txt:4:1: word `n` has 1 letter"));
        assert!(err("..\n\na\n").starts_with("p.txt:3:1: word `a` has 1 letter"));
    }

    #[test]
    fn length_mismatch_names_both_counts() {
        assert_eq!(
            err("....\n...#\n....\n\nboat\nart\nneed\nban\nore\n"),
            // Four 3-cell slots (row 2 across, columns 1–3 down), three 3-letter words: shown
            // at the first slot left over, column 3 down.
            "p.txt:1:3: slot and word lengths do not match: length 3: 4 slots but 3 words"
        );
    }

    #[test]
    fn disconnected_white_cells_are_rejected() {
        assert_eq!(
            err("..#..\n\nab\ncd\n"),
            "p.txt:1:4: white cells are not connected: 2 separate parts (row 1 col 1 and row 1 col 4 are in different parts)"
        );
    }

    #[test]
    fn given_letter_no_word_takes_is_reported_at_its_cell() {
        assert_eq!(
            err("....\n..z#\n....\n\nboat\nart\nneed\nban\nore\nate\n"),
            "p.txt:2:3: given letter `z`: no 3-letter word has it as letter 3 (the across slot through this cell)"
        );
    }

    #[test]
    fn missing_words_and_empty_grid_are_clear() {
        assert!(err("").starts_with("p.txt:1:1: empty puzzle"));
        assert!(err("..\n").starts_with("p.txt:2:1: no words"));
        assert!(err("##\n\nab\n").starts_with("p.txt:1:1: the grid has no white cells"));
        assert!(err("#.\n\nab\n").starts_with("p.txt:1:2: the only white cell"));
        // More words of a length than slots: at the first word left over.
        assert!(err("...\n\nabc\nxyz\n").starts_with("p.txt:4:1: slot and word lengths"));
    }
}
