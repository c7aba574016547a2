//! KenKen: fill an N×N grid with 1–N, each once per row and column, so that the digits of each
//! cage make its clue with its operation (`+`, `-`, `*`/`x`, `/`; a bare number on a larger
//! cage: any of the four). Read top-down: the puzzle, its rules (`verify`), the formulations
//! (`formulate.rs`), the inputs (`inputs.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;
#[cfg(test)]
mod tests;

use crate::error::Result;
use crate::grid::cages::CageClue;
use crate::grid::digits::{check_lines_distinct, digit_rows, Digits};
use crate::grid::text::GridText;
use crate::grid::{Cell, Grid, Rooms};
use crate::model::int::IntOptions;
use crate::model::int_rules::cage_holds;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;

/// A kenken instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KenKen {
    /// The grid (square; digits 1 to its side).
    pub grid: Grid,
    /// The cages.
    pub cages: Rooms,
    /// The clue written in each cell (at most one per cage).
    pub clues: Vec<Option<CageClue>>,
}

impl KenKen {
    /// The clue of each cage, if it has one.
    pub fn cage_clues(&self) -> Vec<Option<CageClue>> {
        let clue = |cells: &Vec<Cell>| cells.iter().find_map(|&c| self.clues[c]);
        self.cages.cells.iter().map(clue).collect()
    }
    /// The digits a cell may hold.
    pub fn digits(&self) -> Vec<i64> {
        (1..=self.grid.width as i64).collect()
    }
}

impl Puzzle for KenKen {
    type Solution = Digits;
    const GENRE: &'static str = "kenken";
    const ALIASES: &'static [&'static str] = &["kendoku", "calcudoku"];
    const RULES: &'static str =
        "1-N once per row and column; each cage's digits make its clue with its operation";
    fn keys() -> Vec<FormulationKey> {
        let mut keys = IntOptions::keys();
        let doc = "how a cage's arithmetic is stated";
        keys.push(FormulationKey::of::<formulate::CageEncoding>("cage", doc, "table"));
        keys
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, true)?;
        t.no_extras(Self::GENRE)?;
        if t.grid.height != t.grid.width || t.grid.width > 30 {
            let msg = "a kenken grid is square, at most 30x30";
            return Err(crate::error::Error::input(source, 1, 1, msg));
        }
        let clues = t.map_cells(|_, _| Ok(None))?;
        let mut p = KenKen { grid: t.grid, cages: t.rooms()?, clues };
        for (c, token) in t.cells.iter().enumerate() {
            if token.text == "-" || token.text == "." {
                continue;
            }
            let clue = CageClue::parse(&token.text).ok_or_else(|| {
                let ops = "`+` `-` `*` `x` `/` or nothing";
                let msg = format!("`{}` is not a cage clue (a number, then {ops})", token.text);
                t.error(token, msg)
            })?;
            if p.cage_clues()[p.cages.room_of[c]].is_some() {
                return Err(t.error(token, "a second clue in one cage"));
            }
            p.clues[c] = Some(clue);
        }
        Ok(p)
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Digits>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, digits: &Digits) -> Vec<String> {
        digit_rows(self.grid, digits, |_| false)
    }
    fn answer_text(&self, digits: &Digits) -> Option<String> {
        Some(self.grid.answer_text("", |c| digits[c]))
    }
    fn sketch(&self, digits: Option<&Digits>) -> Sketch {
        let mut s = Sketch::of(self.grid).with_rooms(&self.cages);
        for c in self.grid.cells() {
            s.given[c].text = self.clues[c].map(|clue| clue.to_string());
            s.answer[c].text = digits.map(|d| d[c].to_string());
        }
        s
    }

    /// Checks digits against the rules; the error says which rule and where.
    fn verify(&self, digits: &Digits) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(digits)?;
        if let Some(c) = g.cells().find(|&c| !self.digits().contains(&digits[c])) {
            return Err(format!("{} holds {}, not a digit 1-{}", g.name(c), digits[c], g.width));
        }
        check_lines_distinct(g, digits)?;
        for (cells, clue) in self.cages.cells.iter().zip(self.cage_clues()) {
            let values: Vec<i64> = cells.iter().map(|&c| digits[c]).collect();
            if let Some(clue) = clue.filter(|k| !cage_holds(k.op, k.target, &values)) {
                let at = g.name(cells[0]);
                return Err(format!("the cage at {at} ({values:?}) does not make {clue}"));
            }
        }
        Ok(())
    }
}
