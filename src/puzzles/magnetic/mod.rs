//! Magnetic (magnets): every plate (two neighbouring cells) is a magnet, `+` and `-` either
//! way round, or neutral `x x`; equal poles never share an edge; the numbers outside count the
//! `+` and the `-` poles of each row and column. Read top-down: the puzzle, its rules
//! (`verify`), the model (`formulate.rs`), the text (`text.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;
pub mod text;

use crate::error::Result;
use crate::grid::counts::LineCounts;
use crate::grid::{Cell, Grid};
use crate::puzzles::{Formulated, Formulation, Puzzle};
use crate::render::{borders, Sketch};

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pole {
    /// A `+` pole.
    Plus,
    /// A `-` pole.
    Minus,
    /// Neither (a neutral plate, or a cell outside every plate).
    Neutral,
}

impl Pole {
    /// The janko token.
    pub fn token(self) -> char {
        match self {
            Pole::Plus => '+',
            Pole::Minus => '-',
            Pole::Neutral => 'x',
        }
    }
}

/// A magnetic instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Magnetic {
    /// The grid.
    pub grid: Grid,
    /// The numbers of `+` poles per row and column.
    pub plus: LineCounts,
    /// The numbers of `-` poles per row and column.
    pub minus: LineCounts,
    /// Each cell's plate-mate; `None` for a cell on no plate (always neutral).
    pub partner: Vec<Option<Cell>>,
    /// Poles given in the grid (janko's optional grid of givens).
    pub givens: Vec<Option<Pole>>,
}

/// A solution: the pole of each cell.
pub type Poles = Vec<Pole>;

impl Puzzle for Magnetic {
    type Solution = Poles;
    const GENRE: &'static str = "magnetic";
    const ALIASES: &'static [&'static str] = &["magnets"];
    const RULES: &'static str = "plates are magnets (+ -) or neutral; equal poles never touch; \
        the numbers count + and - per row and column";
    fn read_text(source: &str, text: &str) -> Result<Self> {
        text::read(source, text)
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Poles>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, solution: &Poles) -> Vec<String> {
        self.grid.char_rows(|c| solution[c].token())
    }
    fn answer_text(&self, solution: &Poles) -> Option<String> {
        Some(self.grid.answer_text("", |c| solution[c].token()))
    }
    fn sketch(&self, solution: Option<&Poles>) -> Sketch {
        let mut sketch = Sketch::of(self.grid);
        let plate = |c: usize| self.partner[c].map_or((c, c), |p| (c.min(p), c.max(p)));
        sketch.given_lines = borders(self.grid, plate);
        for c in self.grid.cells() {
            let shown = self.givens[c].or(solution.map(|s| s[c]));
            let layer = if self.givens[c].is_some() {
                &mut sketch.given
            } else {
                &mut sketch.answer
            };
            layer[c].text = shown.map(|p| p.token().to_string());
        }
        // Each margin shows `+n` over `-n` (`?` where no number is given).
        sketch.with_line_counts(&[("+", &self.plus), ("-", &self.minus)])
    }

    /// Checks the poles against the rules; the error says which rule and where.
    fn verify(&self, poles: &Poles) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(poles)?;
        for c in g.cells() {
            if self.givens[c].is_some_and(|p| p != poles[c]) {
                return Err(format!("the given pole at {} is changed", g.name(c)));
            }
            // A cell on no plate is neutral; a plate's cells are both neutral or opposite.
            let mate = self.partner[c].map_or(Pole::Neutral, |m| poles[m]);
            let opposite = poles[c] != mate && mate != Pole::Neutral;
            if !(poles[c] == Pole::Neutral && mate == Pole::Neutral || opposite) {
                return Err(format!(
                    "the plate at {} is neither a magnet nor neutral",
                    g.name(c)
                ));
            }
        }
        if let Some((a, _)) = (g.edges().into_iter())
            .find(|&(a, b)| poles[a] == poles[b] && poles[a] != Pole::Neutral)
        {
            return Err(format!("equal poles touch at {}", g.name(a)));
        }
        for (pole, counts) in [(Pole::Plus, &self.plus), (Pole::Minus, &self.minus)] {
            let what = format!("{} poles", pole.token());
            if let Some(wrong) = counts.first_wrong(g, |c| poles[c] == pole, &what) {
                return Err(wrong);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;

    /// janko.at's Magnete 10 (the spec's worked example) and its published answer.
    pub const JANKO: &str = "6 6\n2 2 0 2 2 2\n2 1 2 1 2 2\n2 2 1 2 2 1\n1 2 1 3 1 2\n1 1 2 2 6 7\n3 4 5 5 6 7\n3 4 9 10 10 11\n8 8 9 13 14 11\n16 17 17 13 14 12\n16 18 18 15 15 12\n";
    pub const ANSWER: &str =
        "6 6\n- + x x + x\n+ x - + - x\n- x x x x +\n+ - x - + -\nx x x + - +\nx + - x x -\n";

    fn poles(text: &str) -> Poles {
        let token = |t: &str| match t {
            "+" => Pole::Plus,
            "-" => Pole::Minus,
            _ => Pole::Neutral,
        };
        text.lines()
            .skip(1)
            .flat_map(|l| l.split(' ').map(token))
            .collect()
    }

    #[test]
    fn the_published_answer_passes_and_broken_ones_fail_for_their_reason() {
        let p = Magnetic::read_text("t", JANKO).unwrap();
        let a = poles(ANSWER);
        assert_eq!(p.verify(&a), Ok(()));
        assert_eq!(p.answer_text(&a).unwrap(), ANSWER);
        let mut half = a.clone();
        half[0] = Pole::Neutral; // r1c1 `-` whose plate-mate r2c1 stays `+`
        assert!(p.verify(&half).unwrap_err().contains("neither a magnet"));
        let mut flipped = a.clone();
        flipped.swap(0, 1); // the plate r1c1-r1c2 turned round: `+` over r2c1's `+`
        assert!(p.verify(&flipped).unwrap_err().contains("touch"));
        let none = vec![Pole::Neutral; 36];
        assert!(p
            .verify(&none)
            .unwrap_err()
            .contains("the row at r1c1 has 0 + poles, not 2"));
    }

    /// A random grid of up to 2×4 tiled by horizontal and vertical plates, a few clues.
    fn random_puzzle(rng: &mut Rng) -> Magnetic {
        let grid = Grid::new(2, 1 + rng.below(4) as usize);
        let mut partner = vec![None; grid.len()];
        for c in grid.cells() {
            let (r, col) = grid.rc(c);
            if partner[c].is_some() || r == 1 || rng.below(6) == 0 {
                continue;
            }
            let right = grid
                .offset(c, 0, 1)
                .filter(|&n| partner[n].is_none() && rng.below(2) == 0);
            let m = right.unwrap_or(grid.cell(1, col));
            if partner[m].is_none() {
                (partner[c], partner[m]) = (Some(m), Some(c));
            }
        }
        let mut clue = |n: usize| {
            (0..n)
                .map(|_| (rng.below(3) == 0).then(|| rng.below(3) as usize))
                .collect::<Vec<_>>()
        };
        let mut counts = || LineCounts {
            rows: clue(2),
            cols: clue(grid.width),
        };
        let (plus, minus) = (counts(), counts());
        let givens = grid
            .cells()
            .map(|_| (rng.below(10) == 0).then_some(Pole::Plus))
            .collect();
        Magnetic {
            grid,
            plus,
            minus,
            partner,
            givens,
        }
    }

    #[test]
    fn the_model_finds_exactly_the_pole_grids_the_rules_accept() {
        let mut rng = Rng::new(13);
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..40 {
            let p = random_puzzle(&mut rng);
            let n = p.grid.len() as u32;
            let all = (0..3u32.pow(n)).map(|mut k| {
                (0..n)
                    .map(|_| {
                        let pole = [Pole::Plus, Pole::Minus, Pole::Neutral][(k % 3) as usize];
                        k /= 3;
                        pole
                    })
                    .collect::<Vec<_>>()
            });
            let runs = [("varisat", ""), ("batsat", ""), ("microlp", "")];
            let found = assert_finds_exactly_the_accepted(&p, all, &runs, "magnetic");
            solvable += usize::from(found > 0);
            several += usize::from(found > 1);
        }
        assert!(
            solvable >= 8 && several >= 2,
            "{solvable} solvable, {several} with several"
        );
    }
}
