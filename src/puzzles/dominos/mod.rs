//! Dominos: a grid of (N+1)×(N+2) pips holds a full set of dominoes `[i|j]`, 0 ≤ i ≤ j ≤ N;
//! divide it into dominoes so that every one of the set is used exactly once. Read top-down:
//! the puzzle, its rules (`verify`), the model (`formulate.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::{Error, Result};
use crate::grid::rooms::Rooms;
use crate::grid::text::{CellValue, GridText};
use crate::grid::Grid;
use crate::model::division::first_appearance;
use crate::puzzles::{Formulated, Formulation, Puzzle};
use crate::render::{borders, Sketch};
use std::collections::BTreeSet;

/// A dominos instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dominos {
    /// The grid.
    pub grid: Grid,
    /// The pips of each cell, 0..=N.
    pub pips: Vec<usize>,
    /// The largest pip N of the set.
    pub largest: usize,
}

/// A solution: a domino label per cell.
pub type Labels = Vec<usize>;

impl Dominos {
    /// The index of domino `[i|j]` in the set (either way round).
    pub fn domino(&self, a: usize, b: usize) -> usize {
        let (i, j) = (a.min(b), a.max(b));
        // Dominoes [0|0..N], then [1|1..N], …: i rows of N + 1, N, … before row i.
        i * (2 * self.largest + 3 - i) / 2 + (j - i)
    }
    /// How many dominoes the set has.
    pub fn set_size(&self) -> usize {
        (self.largest + 1) * (self.largest + 2) / 2
    }
}

impl Puzzle for Dominos {
    type Solution = Labels;
    const GENRE: &'static str = "dominos";
    const RULES: &'static str = "divide the pips into dominoes, each of the full set used once";
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let g = t.grid;
        // (N + 1)(N + 2) cells hold the set of N.
        let largest = (0..=g.len()).find(|n| (n + 1) * (n + 2) >= g.len());
        let Some(largest) = largest.filter(|n| (n + 1) * (n + 2) == g.len()) else {
            let why = format!("{}×{} cells hold no full set of dominoes", g.height, g.width);
            return Err(Error::input(source, 1, 1, why));
        };
        let pips = t.map_cells(|_, v| match v {
            CellValue::Number(n) if n as usize <= largest => Ok(n as usize),
            _ => Err(format!("a cell holds pips 0 to {largest}")),
        })?;
        Ok(Dominos {
            grid: g,
            pips,
            largest,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Labels>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, labels: &Labels) -> Vec<String> {
        let text = self.answer_text(labels).unwrap_or_default();
        text.lines().skip(1).map(str::to_string).collect()
    }
    fn answer_text(&self, labels: &Labels) -> Option<String> {
        let numbers = first_appearance(labels);
        Some(self.grid.answer_text("", |c| numbers[c]))
    }
    fn sketch(&self, labels: Option<&Labels>) -> Sketch {
        let mut sketch = Sketch::of(self.grid);
        for c in self.grid.cells() {
            sketch.given[c].text = Some(self.pips[c].to_string());
        }
        if let Some(labels) = labels {
            sketch.answer_lines = borders(self.grid, |c| labels[c]);
        }
        sketch
    }

    /// Checks the division against the rules; the error says which rule and where.
    fn verify(&self, labels: &Labels) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(labels)?;
        let rooms = Rooms::from_labels(g, labels).map_err(|split| {
            let (a, b) = (g.name(split.first), g.name(split.second));
            format!("the piece of {a} also has the separate piece at {b}")
        })?;
        let mut used = BTreeSet::new();
        for cells in &rooms.cells {
            let at = g.name(cells[0]);
            let &[a, b] = &cells[..] else {
                return Err(format!("the piece of {at} has {} cells, not 2", cells.len()));
            };
            let (i, j) = (self.pips[a].min(self.pips[b]), self.pips[a].max(self.pips[b]));
            if !used.insert((i, j)) {
                return Err(format!("the domino [{i}|{j}] at {at} is used twice"));
            }
        }
        Ok(())
    }
}
