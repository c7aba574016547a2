//! Kakuro: write a digit 1–9 in every white cell so that each run of white cells (across or
//! down) holds different digits adding up to the sum in the black cell before it. Read
//! top-down: the puzzle, its rules (`verify`), the formulations (`formulate.rs`), the inputs
//! (`inputs.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::{Error, Result};
use crate::grid::digits::{digit_rows, repeated, Digits};
use crate::grid::sums::{Square, SumGrid, BLACK};
use crate::grid::word_grid::WordGrid;
use crate::grid::{Cell, Grid};
use crate::model::int::IntOptions;
use crate::model::int_rules::DistinctSum;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Colour, Sketch};
use crate::url::format::Format;
use crate::url::sums51::Sums51;

/// A kakuro instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kakuro {
    /// pzprjs's board: the grid without its first row and column (always black), which
    /// pzprjs keeps outside the board for the sums of the first runs.
    pub board: Grid,
    /// The grid's white and black cells with their sums.
    pub sums: SumGrid,
}

impl Kakuro {
    /// A kakuro of these cells.
    pub fn new(sums: SumGrid) -> Kakuro {
        let g = sums.grid;
        let board = Grid::new(g.height.saturating_sub(1), g.width.saturating_sub(1));
        Kakuro { board, sums }
    }
}

impl Puzzle for Kakuro {
    type Solution = Digits;
    const GENRE: &'static str = "kakuro";
    const RULES: &'static str =
        "digits 1-9 in white cells: each run has different digits adding up to its clue";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["kakuro"],
        |p| &mut p.board,
        |p, body| body.piece(Sums51, p.board, &mut p.sums),
    ));
    fn keys() -> Vec<FormulationKey> {
        let mut keys = IntOptions::keys();
        let doc = "how a run's sum of different digits is stated";
        keys.push(FormulationKey::of::<DistinctSum>("run", doc, "sets"));
        keys
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = WordGrid::parse(source, text)?;
        if let Some(extra) = t.extras.first() {
            let msg = "a kakuro header is `H W`, nothing more";
            return Err(Error::input(source, extra.line, extra.col, msg));
        }
        let squares = (t.cells.iter()).map(|token| {
            let sum = |s: &str| s.parse().ok().filter(|n| (1..=45).contains(n));
            let square = match token.text.split_once(',') {
                _ if token.text == "0" => Some(Square::White),
                _ if token.text == "-" => Some(BLACK),
                Some((a, b)) => match (a, b, sum(a), sum(b)) {
                    ("", "", ..) => None,
                    ("", _, _, Some(r)) => Some(Square::Black { down: None, right: Some(r) }),
                    (_, "", Some(d), _) => Some(Square::Black { down: Some(d), right: None }),
                    (_, _, Some(d), Some(r)) => {
                        Some(Square::Black { down: Some(d), right: Some(r) })
                    }
                    _ => None,
                },
                None => None,
            };
            square.ok_or_else(|| {
                let msg = format!(
                    "`{}` is not a kakuro cell (`0` white, `-` black, `a,b` sums 1-45 down,right)",
                    token.text
                );
                Error::input(source, token.line, token.col, msg)
            })
        });
        let squares = squares.collect::<Result<_>>()?;
        Ok(Kakuro::new(SumGrid { grid: t.grid, squares }))
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Digits>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, digits: &Digits) -> Vec<String> {
        digit_rows(self.sums.grid, digits, |c| !self.sums.is_white(c))
    }
    fn answer_text(&self, digits: &Digits) -> Option<String> {
        let token = |c: Cell| match self.sums.squares[c] {
            Square::White => digits[c].to_string(),
            Square::Black { .. } => "-".into(),
        };
        Some(self.sums.grid.answer_text("", token))
    }
    fn sketch(&self, digits: Option<&Digits>) -> Sketch {
        let mut s = Sketch::of(self.sums.grid);
        for c in self.sums.grid.cells() {
            match self.sums.squares[c] {
                Square::Black { down, right } => {
                    s.given[c].fill = Some(Colour::INK);
                    let side = |n: Option<u32>| n.map_or(String::new(), |n| n.to_string());
                    if down.is_some() || right.is_some() {
                        s.given[c].text = Some(format!("{}\\{}", side(down), side(right)));
                    }
                }
                Square::White => s.answer[c].text = digits.map(|d| d[c].to_string()),
            }
        }
        s
    }

    /// Checks digits against the rules; the error says which rule and where.
    fn verify(&self, digits: &Digits) -> std::result::Result<(), String> {
        let g = self.sums.grid;
        g.check_answer_len(digits)?;
        for c in g.cells() {
            let white = self.sums.is_white(c);
            if white && !(1..=9).contains(&digits[c]) || !white && digits[c] != 0 {
                let (at, d) = (g.name(c), digits[c]);
                return Err(format!("{at} holds {d}, not a digit 1-9 of a white cell"));
            }
        }
        for run in self.sums.runs() {
            if let Some((d, a, b)) = repeated(&run.cells, digits) {
                let (a, b) = (g.name(a), g.name(b));
                return Err(format!("the run {} has {d} twice, at {a} and {b}", run.name));
            }
            let total: i64 = run.cells.iter().map(|&c| digits[c]).sum();
            if let Some(sum) = run.sum.filter(|&s| s as i64 != total) {
                return Err(format!("the run {} adds up to {total}, not {sum}", run.name));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
