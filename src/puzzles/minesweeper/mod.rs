//! Minesweeper: place mines so that every number counts the mines among its eight neighbours;
//! a numbered cell holds no mine, and when the puzzle gives the number of mines, there are
//! that many. A `#` (a cell that is no part of the board) holds no mine either. Read
//! top-down: the puzzle, its rules (`verify`), the model (`formulate`), the inputs' tests.

#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::text::{CellValue, GridText};
use crate::grid::{Clue, Grid};
use crate::model::{Constraint, LinExpr, Model};
use crate::puzzles::{Formulated, Formulation, Puzzle};
use crate::render::{Sketch, Symbol};
use crate::url::format::{Format, Numbers};

/// A minesweeper instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Minesweeper {
    /// The grid.
    pub grid: Grid,
    /// Each cell's number; `?` for a cell that holds no mine and counts nothing (a clue
    /// without a value, or janko.at's `#`, a cell outside the board).
    pub clues: Vec<Option<Clue>>,
    /// The number of mines, when given.
    pub mines: Option<u32>,
}

/// A solution: whether each cell holds a mine.
pub type Mines = Vec<bool>;

impl Puzzle for Minesweeper {
    type Solution = Mines;
    const GENRE: &'static str = "minesweeper";
    const ALIASES: &'static [&'static str] = &["mines"];
    const RULES: &'static str =
        "place mines: each number counts the mines around it (diagonals too); numbers hold none";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["mines"],
        |p| &mut p.grid,
        |p, body| body.piece(Numbers, p.grid, &mut p.clues),
    ));
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let mines = match &t.extras[..] {
            [] => None,
            [m] => Some(
                m.text
                    .parse()
                    .map_err(|_| t.error(m, "the mine count is a number"))?,
            ),
            [_, extra, ..] => {
                return Err(t.error(extra, "a minesweeper header is `H W` or `H W MINES`"))
            }
        };
        let clues = t.map_cells(|_, v| match v {
            CellValue::Number(n) if n > 8 => Err(format!("{n} mines cannot fit around a cell")),
            CellValue::Other(x) if x == "#" => Ok(Some(Clue::Unknown)),
            v => v.clue(),
        })?;
        Ok(Minesweeper {
            grid: t.grid,
            clues,
            mines,
        })
    }
    fn formulate(&self, _: &Formulation) -> Result<Formulated<Mines>> {
        let g = self.grid;
        let mut m = Model::new();
        let mine = g.answer_bools(&mut m, "mine");
        for c in g.cells() {
            let Some(clue) = self.clues[c] else { continue };
            m.add(
                format!("no mine on {}", g.name(c)),
                Constraint::clause([!mine[c]]),
            );
            if let Some(n) = clue.value() {
                let around = LinExpr::sum_vars(g.neighbours8(c).map(|d| mine[d]));
                m.add(
                    format!("{n} mines around {}", g.name(c)),
                    around.eq(n as i64),
                );
            }
        }
        if let Some(n) = self.mines {
            m.add(
                format!("{n} mines"),
                LinExpr::sum_vars(mine.iter().copied()).eq(n as i64),
            );
        }
        Ok(Formulated::shading(m, mine))
    }
    fn rows(&self, mines: &Mines) -> Vec<String> {
        self.grid.char_rows(|c| match (mines[c], self.clues[c]) {
            (true, _) => '*',
            (false, Some(Clue::Number(n))) => char::from_digit(n, 10).unwrap_or('?'),
            (false, Some(Clue::Unknown)) => '?',
            (false, None) => '.',
        })
    }
    fn answer_text(&self, mines: &Mines) -> Option<String> {
        Some(self.grid.shading_answer("", mines))
    }
    fn sketch(&self, mines: Option<&Mines>) -> Sketch {
        let mut sketch = Sketch::of(self.grid).with_clues(&self.clues);
        for (content, &mine) in sketch.answer.iter_mut().zip(mines.into_iter().flatten()) {
            content.symbol = mine.then_some(Symbol::BlackCircle);
        }
        sketch.note = self.mines.map(|n| format!("{n} mines"));
        sketch
    }

    /// Checks mines against the rules; the error says which rule and where.
    fn verify(&self, mines: &Mines) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(mines)?;
        for c in g.cells() {
            let Some(clue) = self.clues[c] else { continue };
            if mines[c] {
                return Err(format!("a mine lies on the clue at {}", g.name(c)));
            }
            let around = g.neighbours8(c).filter(|&d| mines[d]).count();
            if clue.value().is_some_and(|n| n as usize != around) {
                let n = clue.value().unwrap_or_default();
                return Err(format!(
                    "the {n} at {} has {around} mines around it",
                    g.name(c)
                ));
            }
        }
        let total = mines.iter().filter(|&&m| m).count();
        match self.mines {
            Some(n) if n as usize != total => Err(format!("{total} mines, the puzzle says {n}")),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    /// The spec's worked example `1_4x4` and its published answer.
    pub(super) const JANKO: &str = "4 4 3\n2 - - -\n- - 1 -\n- 2 - -\n- - - 1\n";
    const ANSWER: &str = "4 4\n- x - -\nx - - -\n- - - -\n- - x -\n";

    #[test]
    fn the_published_answer_passes_and_broken_boards_fail_for_their_reason() {
        let p = Minesweeper::read_text("t", JANKO).unwrap();
        let good: Mines = ANSWER
            .split_whitespace()
            .skip(2)
            .map(|t| t == "x")
            .collect();
        assert_eq!(p.verify(&good), Ok(()));
        assert_eq!(p.answer_text(&good).unwrap(), ANSWER);
        let mut on_clue = good.clone();
        on_clue[0] = true;
        assert!(p
            .verify(&on_clue)
            .unwrap_err()
            .contains("on the clue at r1c1"));
        let mut moved = good.clone();
        moved[1] = false;
        moved[2] = true;
        assert!(p
            .verify(&moved)
            .unwrap_err()
            .contains("the 2 at r1c1 has 1 mines"));
        let lone = Minesweeper::read_text("t", "1 3 1\n- - -\n").unwrap();
        let e = lone.verify(&vec![true, true, false]).unwrap_err();
        assert!(e.contains("2 mines, the puzzle says 1"), "{e}");
    }

    /// A random grid of up to 4×4 with a few clues, and sometimes the mine count.
    fn random_puzzle(rng: &mut Rng) -> Minesweeper {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let clues = (grid.cells())
            .map(|_| match rng.below(8) {
                0 => Some(Clue::Unknown),
                1..=3 => Some(Clue::Number(rng.below(4) as u32)),
                _ => None,
            })
            .collect();
        let mines = (rng.below(2) == 0).then(|| rng.below(5) as u32);
        Minesweeper { grid, clues, mines }
    }

    #[test]
    fn the_model_finds_exactly_the_mines_the_rules_accept() {
        let mut rng = Rng::new(8);
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..80 {
            let p = random_puzzle(&mut rng);
            let n = assert_matches_brute_force(
                &p,
                p.grid.len(),
                &["", "card=totalizer"],
                &["varisat", "batsat"],
            );
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
            if p.grid.len() <= 9 {
                assert_matches_brute_force(&p, p.grid.len(), &[""], &["microlp"]);
            }
        }
        assert!(
            solvable >= 15 && several >= 5,
            "{solvable} solvable, {several} with several"
        );
    }
}
