//! Fillomino: divide the grid into regions and write each region's size in its cells; a given
//! number lies in a region of that size, regions without a given number are allowed, and two
//! regions of the same size never share an edge. So the regions are exactly the connected areas
//! of equal numbers, each as large as its number. Read top-down: the puzzle, its rules
//! (`verify`), the model (`formulate.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::graph::components;
use crate::grid::text::GridText;
use crate::grid::{Cell, Clue, Grid};
use crate::puzzles::{Formulated, Formulation, Puzzle};
use crate::render::{borders, Sketch};
use crate::url::format::{Format, NumbersWhere};

/// A fillomino instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fillomino {
    /// The grid.
    pub grid: Grid,
    /// The given numbers (region sizes).
    pub clues: Vec<Option<Clue>>,
}

/// A solution: the size of each cell's region.
pub type Sizes = Vec<usize>;

impl Puzzle for Fillomino {
    type Solution = Sizes;
    const GENRE: &'static str = "fillomino";
    const RULES: &'static str = "divide into regions, each cell showing its region's size; \
        givens keep their number; regions of equal size never touch";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["fillomino"],
        |p| &mut p.grid,
        |p, body| body.piece(NumbersWhere(size_only), p.grid, &mut p.clues),
    ));
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let clues = t.clues_where(size_only)?;
        Ok(Fillomino {
            grid: t.grid,
            clues,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Sizes>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, sizes: &Sizes) -> Vec<String> {
        (self.grid.rows().iter())
            .map(|row| row.iter().map(|&c| sizes[c].to_string()).collect::<Vec<_>>())
            .map(|tokens| tokens.join(" "))
            .collect()
    }
    fn answer_text(&self, sizes: &Sizes) -> Option<String> {
        Some(self.grid.answer_text("", |c| sizes[c]))
    }
    fn sketch(&self, sizes: Option<&Sizes>) -> Sketch {
        let mut sketch = Sketch::of(self.grid).with_clues(&self.clues);
        if let Some(sizes) = sizes {
            for c in self.grid.cells().filter(|&c| self.clues[c].is_none()) {
                sketch.answer[c].text = Some(sizes[c].to_string());
            }
            sketch.answer_lines = borders(self.grid, |c| sizes[c]);
        }
        sketch
    }

    /// Checks the sizes against the rules; the error says which rule and where.
    fn verify(&self, sizes: &Sizes) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(sizes)?;
        for c in g.cells() {
            if let Some(n) = self.clues[c].and_then(Clue::value) {
                if n as usize != sizes[c] {
                    return Err(format!("the given {n} at {} is changed", g.name(c)));
                }
            }
        }
        // Equal numbers side by side are one region (two of one size never touch), so each
        // connected area of equal numbers is a region and must have its number of cells.
        let adjacency = equal_neighbours(g, sizes);
        for area in components(&adjacency, |_| true) {
            let (at, n) = (g.name(area[0]), sizes[area[0]]);
            if area.len() != n {
                let cells = area.len();
                return Err(format!("the region of {at} has {cells} cells but shows {n}"));
            }
        }
        Ok(())
    }
}

/// Each cell's neighbours showing the same number.
fn equal_neighbours(g: Grid, sizes: &[usize]) -> Vec<Vec<Cell>> {
    let same = |c: Cell| g.neighbours4(c).filter(|&d| sizes[d] == sizes[c]).collect();
    g.cells().map(same).collect()
}

/// Refuses the clues that are no region size.
pub fn size_only(clue: &Clue) -> Option<&'static str> {
    match clue {
        Clue::Number(0) => Some("0 is no region size (a number is 1 or more)"),
        Clue::Unknown => Some("`?` is no region size (a number is 1 or more, `-` for none)"),
        Clue::Number(_) => None,
    }
}
