//! Str8ts: write 1–N in the white cells of an N×N grid so that no digit is twice in a row or
//! column (the digits in black cells count too) and every run of white cells across or down is
//! a straight: consecutive digits in any order. Read top-down: the puzzle, its rules (`verify`),
//! the formulations (`formulate.rs`), the inputs (`inputs.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;
#[cfg(test)]
mod tests;

use crate::error::Result;
use crate::grid::digits::{check_lines_distinct, digit_rows, Digits};
use crate::grid::text::GridText;
use crate::grid::{runs, Cell, Grid};
use crate::model::int::IntOptions;
use crate::model::int_rules::{is_straight, StraightEncoding};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Colour, Sketch};

/// A str8ts cell: white or black, either with a given digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// A white cell, for a digit (given or not).
    White(Option<i64>),
    /// A black cell, holding a digit or nothing.
    Black(Option<i64>),
}

/// A str8ts instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Str8t {
    /// The grid (square; digits 1 to its side).
    pub grid: Grid,
    /// Each cell.
    pub squares: Vec<Square>,
}

impl Str8t {
    /// Whether a cell is white.
    pub fn is_white(&self, c: Cell) -> bool {
        matches!(self.squares[c], Square::White(_))
    }
    /// Every maximal run of white cells across and down.
    pub fn straights(&self) -> Vec<Vec<Cell>> {
        let lines = self.grid.lines();
        lines.iter().flat_map(|l| runs(l, |c| self.is_white(c))).collect()
    }
    /// The digits a white cell may hold: 1..=N but those in black cells of its row or column.
    pub fn candidates(&self, c: Cell) -> Vec<i64> {
        let g = self.grid;
        let (r, col) = g.rc(c);
        let in_black = |d: i64| {
            let row = (0..g.width).map(|x| g.cell(r, x));
            let mut seen = row.chain((0..g.height).map(|y| g.cell(y, col)));
            seen.any(|x| self.squares[x] == Square::Black(Some(d)))
        };
        (1..=g.width as i64).filter(|&d| !in_black(d)).collect()
    }
}

impl Puzzle for Str8t {
    type Solution = Digits;
    const GENRE: &'static str = "str8t";
    const ALIASES: &'static [&'static str] = &["str8ts", "straights"];
    const RULES: &'static str =
        "1-N in white cells, none twice in a line; every white run is a set of consecutive digits";
    fn keys() -> Vec<FormulationKey> {
        let mut keys = IntOptions::keys();
        let doc = "how a run of white cells is made a straight";
        keys.push(FormulationKey::of::<StraightEncoding>("straight", doc, "start"));
        keys
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        t.no_extras(Self::GENRE)?;
        let n = t.grid.width as i64;
        if t.grid.height != t.grid.width || n > 30 {
            let msg = "a str8ts grid is square, at most 30x30";
            return Err(crate::error::Error::input(source, 1, 1, msg));
        }
        let squares = t.map_cells(|c, _| {
            let token = t.cells[c].text.as_str();
            let digits = token.strip_suffix(['x', 'X']).unwrap_or(token);
            let black = digits.len() < token.len();
            let digit = digits.parse().ok().filter(|d| (1..=n).contains(d));
            match (digits, digit) {
                ("-" | ".", _) if !black => Ok(Square::White(None)),
                ("", _) if black => Ok(Square::Black(None)),
                (_, Some(d)) if black => Ok(Square::Black(Some(d))),
                (_, Some(d)) => Ok(Square::White(Some(d))),
                _ => Err(format!("`{token}` is not a str8ts cell (`-`, 1-{n}, `x`, `Nx`)")),
            }
        })?;
        Ok(Str8t { grid: t.grid, squares })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Digits>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, digits: &Digits) -> Vec<String> {
        digit_rows(self.grid, digits, |c| digits[c] == 0)
    }
    fn answer_text(&self, digits: &Digits) -> Option<String> {
        let token = |c: Cell| match digits[c] {
            0 => "-".to_string(),
            d => d.to_string(),
        };
        Some(self.grid.answer_text("", token))
    }
    fn sketch(&self, digits: Option<&Digits>) -> Sketch {
        let mut s = Sketch::of(self.grid);
        for c in self.grid.cells() {
            match self.squares[c] {
                Square::Black(d) => {
                    s.given[c].fill = Some(Colour::INK);
                    s.given[c].text = d.map(|d| d.to_string());
                }
                Square::White(Some(d)) => s.given[c].text = Some(d.to_string()),
                Square::White(None) => s.answer[c].text = digits.map(|d| d[c].to_string()),
            }
        }
        s
    }

    /// Checks digits against the rules; the error says which rule and where.
    fn verify(&self, digits: &Digits) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(digits)?;
        for c in g.cells() {
            let ok = match self.squares[c] {
                Square::Black(d) => digits[c] == d.unwrap_or(0),
                Square::White(given) => {
                    let digit = (1..=g.width as i64).contains(&digits[c]);
                    digit && given.is_none_or(|d| d == digits[c])
                }
            };
            if !ok {
                let (at, d, n) = (g.name(c), digits[c], g.width);
                return Err(format!("{at} holds {d}, not its given or a digit 1-{n}"));
            }
        }
        check_lines_distinct(g, digits)?;
        for run in self.straights() {
            let values: Vec<i64> = run.iter().map(|&c| digits[c]).collect();
            if !is_straight(&values) {
                let at = g.name(run[0]);
                return Err(format!("the run from {at} ({values:?}) is not a straight"));
            }
        }
        Ok(())
    }
}
