//! Dominos: a grid of (N+1)×(N+2) pips holds a full set of dominoes `[i|j]`, 0 ≤ i ≤ j ≤ N;
//! divide it into dominoes so that every one of the set is used exactly once. Read top-down:
//! the puzzle, its rules (`verify`), the model (`formulate.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::{Error, Result};
use crate::grid::text::{CellValue, GridText};
use crate::grid::Grid;
use crate::model::division::{division_answer_text, division_rooms, division_rows};
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
        division_rows(self.grid, labels)
    }
    fn answer_text(&self, labels: &Labels) -> Option<String> {
        Some(division_answer_text(self.grid, labels))
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
        let rooms = division_rooms(g, labels, "piece")?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::division::all_divisions;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;

    #[test]
    fn the_example_answer_passes_and_broken_ones_fail_for_their_reason() {
        // The spec's example 401_4x5 (a set up to 3 on 4×5) and its published answer.
        let text = "4 5\n1 1 0 3 0\n3 3 0 1 1\n1 2 3 2 0\n2 2 3 2 0\n";
        let p = Dominos::read("t.txt", text).unwrap();
        let answer: Labels = "0 0 1 2 2 3 4 1 5 6 3 4 7 5 6 8 8 7 9 9"
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(p.verify(&answer), Ok(()));
        assert_eq!(p.answer_text(&answer).unwrap().lines().nth(1), Some("1 1 2 3 3"));
        let mut triple = answer.clone();
        triple[2] = 0;
        assert!(p.verify(&triple).unwrap_err().contains("3 cells, not 2"));
        let mut twice = answer.clone();
        // r1c1-r1c2 is [1|1]; r2c4-r2c5 [1|1] too once they pair up instead of r1c4 with r2c4.
        (twice[3], twice[4], twice[8], twice[9]) = (10, 11, 11, 11);
        twice[13] = 10;
        let err = p.verify(&twice).unwrap_err();
        assert!(err.contains("cells, not 2") || err.contains("used twice") || err.contains("separate"), "{err}");
    }

    #[test]
    fn every_backend_finds_exactly_the_divisions_the_rules_accept() {
        let mut rng = Rng::new(11);
        let (mut solvable, mut several) = (0, 0);
        for round in 0..30 {
            let (grid, largest) = match round % 3 {
                0 => (Grid::new(2, 3), 1),
                1 => (Grid::new(3, 2), 1),
                _ => (Grid::new(3, 4), 2),
            };
            let pips = grid.cells().map(|_| rng.below(largest as u64 + 1) as usize).collect();
            let p = Dominos { grid, pips, largest };
            let all = all_divisions(grid.len(), 2);
            let mut runs = vec![("varisat", ""), ("batsat", "")];
            if grid.len() <= 6 {
                runs.push(("microlp", ""));
            }
            let n = assert_finds_exactly_the_accepted(&p, all, &runs, "dominos");
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
        assert!(solvable >= 5 && several >= 1, "{solvable} solvable, {several} with several");
    }
}
