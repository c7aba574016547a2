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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;
    use crate::solve::{Mode, SolveOptions};

    /// pzprjs's fillomino test board (`test/script/fillomino.js`) and its answer.
    const BOARD: &str = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h";
    const ANSWER: &str = "5 5 4 4 4 4 5 5 3 2 2 1 3 5 3 3 5 2 3 3 5 5 5 2 2 2 5 1 4 4 1 3 3 3 4 4";

    fn sizes(text: &str) -> Sizes {
        text.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn pzprjs_answer_passes_is_found_and_broken_boards_fail_for_their_reason() {
        let p = Fillomino::read("URL", BOARD).unwrap();
        assert_eq!(p.verify(&sizes(ANSWER)), Ok(()));
        let report = crate::solve::solve_puzzle(&p, &SolveOptions::new("batsat", "", Mode::Count(2))).unwrap();
        assert_eq!(report.solutions, vec![sizes(ANSWER)]);
        let mut changed = sizes(ANSWER);
        changed[2] = 5;
        assert!(p.verify(&changed).unwrap_err().contains("given 4 at r1c3"));
        let mut small = sizes(ANSWER);
        small[0] = 4;
        let err = p.verify(&small).unwrap_err();
        assert!(err.contains("region of r1c1 has 1 cells but shows 4"), "{err}");
    }

    /// Every assignment of sizes 1..=n to n cells.
    fn all_sizes(n: usize) -> Vec<Sizes> {
        let mut out = vec![vec![]];
        for _ in 0..n {
            out = (out.into_iter())
                .flat_map(|s: Sizes| (1..=n).map(move |v| [s.clone(), vec![v]].concat()))
                .collect();
        }
        out
    }

    #[test]
    fn every_backend_finds_exactly_the_sizes_the_rules_accept() {
        let mut rng = Rng::new(27);
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..40 {
            let grid = Grid::new(1 + rng.below(2) as usize, 1 + rng.below(3) as usize);
            let clues: Vec<Option<Clue>> = (grid.cells())
                .map(|_| (rng.below(3) == 0).then(|| Clue::Number(1 + rng.below(4) as u32)))
                .collect();
            let largest = clues.iter().flatten().filter_map(|c| c.value()).max().unwrap_or(1);
            // The model reads an area above every number as one region; splitting one into two
            // such regions needs 2·largest + 3 cells, more than these grids have.
            if 2 * largest as usize + 3 <= grid.len() {
                continue;
            }
            let p = Fillomino { grid, clues };
            let mut runs = vec![("varisat", ""), ("batsat", "")];
            if grid.len() <= 4 {
                runs.push(("microlp", ""));
            }
            let n = assert_finds_exactly_the_accepted(&p, all_sizes(grid.len()), &runs, "fillomino");
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
        assert!(solvable >= 10 && several >= 3, "{solvable} solvable, {several} with several");
    }
}
