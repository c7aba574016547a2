//! Shikaku: divide the grid into rectangles, each holding exactly one number, equal to its
//! area. Read top-down: the puzzle, its rules (`verify`), the model (`formulate.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::text::GridText;
use crate::grid::{Clue, Grid};
use crate::model::division::{division_answer_text, division_rooms, division_rows};
use crate::puzzles::{Formulated, Formulation, Puzzle};
use crate::render::{borders, Sketch};
use crate::url::format::{Format, NumbersWhere};

/// A shikaku instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shikaku {
    /// The grid.
    pub grid: Grid,
    /// The numbers (rectangle areas).
    pub clues: Vec<Option<Clue>>,
}

/// A solution: a rectangle label per cell.
pub type Labels = Vec<usize>;

impl Puzzle for Shikaku {
    type Solution = Labels;
    const GENRE: &'static str = "shikaku";
    const RULES: &'static str =
        "divide into rectangles, each holding exactly one number, equal to its area";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["shikaku"],
        |p| &mut p.grid,
        |p, body| body.piece(NumbersWhere(area_only), p.grid, &mut p.clues),
    ));
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let clues = t.clues_where(area_only)?;
        Ok(Shikaku {
            grid: t.grid,
            clues,
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
        let mut sketch = Sketch::of(self.grid).with_clues(&self.clues);
        if let Some(labels) = labels {
            sketch.answer_lines = borders(self.grid, |c| labels[c]);
        }
        sketch
    }

    /// Checks the division against the rules; the error says which rule and where.
    fn verify(&self, labels: &Labels) -> std::result::Result<(), String> {
        let g = self.grid;
        let rooms = division_rooms(g, labels, "region")?;
        for cells in &rooms.cells {
            let at = g.name(cells[0]);
            let (rows, cols): (Vec<usize>, Vec<usize>) = cells.iter().map(|&c| g.rc(c)).unzip();
            let height = rows.iter().max().unwrap_or(&0) - rows.iter().min().unwrap_or(&0) + 1;
            let width = cols.iter().max().unwrap_or(&0) - cols.iter().min().unwrap_or(&0) + 1;
            if height * width != cells.len() {
                return Err(format!("the region of {at} is no rectangle"));
            }
            let numbers: Vec<u32> = cells.iter().filter_map(|&c| self.clues[c]?.value()).collect();
            match numbers[..] {
                [n] if n as usize == cells.len() => {}
                [n] => return Err(format!("the rectangle of {at} has area {}, not {n}", cells.len())),
                [] => return Err(format!("the rectangle of {at} holds no number")),
                _ => return Err(format!("the rectangle of {at} holds several numbers")),
            }
        }
        Ok(())
    }
}

/// Refuses the clues that are no rectangle area.
pub fn area_only(clue: &Clue) -> Option<&'static str> {
    match clue {
        Clue::Number(0) => Some("0 is no rectangle area (a number is 1 or more)"),
        Clue::Unknown => Some("`?` is not read for shikaku (a number is 1 or more, `-` for none)"),
        Clue::Number(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::division::all_divisions;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;
    use crate::solve::{solve_puzzle, Mode, SolveOptions};

    #[test]
    fn pzprjs_board_has_one_answer_and_broken_ones_fail_for_their_reason() {
        // pzprjs's shikaku test board (`test/script/shikaku.js`).
        let p = Shikaku::read("URL", "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j").unwrap();
        let report = solve_puzzle(&p, &SolveOptions::new("batsat", "", Mode::Count(2))).unwrap();
        assert_eq!(report.solutions.len(), 1);
        let answer = &report.solutions[0];
        assert_eq!(p.verify(answer), Ok(()));
        let mut alone = answer.clone();
        alone[0] = 99; // r1c1 (no number) as a rectangle of its own
        assert!(p.verify(&alone).unwrap_err().contains("r1c1 holds no number"));
        let whole = vec![1; 36];
        assert!(p.verify(&whole).unwrap_err().contains("several numbers"));
        let mut bent = answer.clone();
        let other = (0..36).find(|&c| answer[c] != answer[0]).unwrap();
        bent[other] = answer[0];
        assert!(p.verify(&bent).is_err());
    }

    #[test]
    fn every_backend_finds_exactly_the_divisions_the_rules_accept() {
        let mut rng = Rng::new(4);
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..40 {
            let grid = Grid::new(1 + rng.below(3) as usize, 1 + rng.below(3) as usize);
            // A planted division into rectangles (one guillotine cut at most), its areas
            // written in random cells, then one clue changed at times.
            let (h, w) = (grid.height, grid.width);
            let cut = rng.below(2) == 0 && h > 1;
            let at = 1 + rng.below(if cut { h - 1 } else { w.max(2) - 1 } as u64) as usize;
            let part = |c: usize| if cut { grid.rc(c).0 < at } else { grid.rc(c).1 < at };
            let mut clues: Vec<Option<Clue>> = vec![None; grid.len()];
            for side in [true, false] {
                let cells: Vec<usize> = grid.cells().filter(|&c| part(c) == side).collect();
                if !cells.is_empty() {
                    let c = cells[rng.below(cells.len() as u64) as usize];
                    clues[c] = Some(Clue::Number(cells.len() as u32));
                }
            }
            if rng.below(3) == 0 {
                let c = rng.below(grid.len() as u64) as usize;
                clues[c] = Some(Clue::Number(1 + rng.below(4) as u32));
            }
            let p = Shikaku { grid, clues };
            let runs = [("varisat", ""), ("batsat", ""), ("microlp", "")];
            let all = all_divisions(grid.len(), grid.len());
            let n = assert_finds_exactly_the_accepted(&p, all, &runs, "shikaku");
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
        assert!(solvable >= 20 && several >= 1, "{solvable} solvable, {several} with several");
    }
}
