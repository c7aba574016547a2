//! Magnetic (magnets): every plate (two neighbouring cells) is a magnet, `+` and `-` either
//! way round, or neutral `x x`; equal poles never share an edge; the numbers outside count the
//! `+` and the `-` poles of each row and column. Read top-down: the puzzle, its rules
//! (`verify`), the model (`formulate.rs`), the text (`text.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;
pub mod text;

use crate::error::Result;
use crate::grid::margins::LineCounts;
use crate::grid::{Cell, Grid};
use crate::puzzles::{Formulated, Formulation, Puzzle};
use crate::render::{borders, Sketch};
use crate::url::format::Format;
use crate::url::magnets::{PairedMarginNumbers, PlatesAndNumbers};

/// The janko tokens of the `+` and the `-` pole, in the order of [`Magnetic::counts`].
pub const POLES: [char; 2] = ['+', '-'];
/// The token of a neutral cell (on a neutral plate, or on no plate).
pub const NEUTRAL: char = 'x';

/// A magnetic instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Magnetic {
    /// The grid.
    pub grid: Grid,
    /// The numbers of `+` poles and of `-` poles per row and column.
    pub counts: [LineCounts; 2],
    /// Each cell's plate-mate; `None` for a cell on no plate (always neutral).
    pub partner: Vec<Option<Cell>>,
    /// Poles given in the grid (janko's optional grid of givens).
    pub givens: Vec<Option<char>>,
}

/// A solution: each cell's token (`+`, `-` or `x`).
pub type Poles = Vec<char>;

impl Puzzle for Magnetic {
    type Solution = Poles;
    const GENRE: &'static str = "magnetic";
    const ALIASES: &'static [&'static str] = &["magnets"];
    const RULES: &'static str = "plates are magnets (+ -) or neutral; equal poles never touch; \
        the numbers count + and - per row and column";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["magnets"],
        |p| &mut p.grid,
        |p, body| {
            // pzprjs numbers the given poles `+` 1 and `-` 2.
            body.piece(PairedMarginNumbers, p.grid, &mut p.counts)?;
            let number = |g: &Option<char>| g.map(|p| "+-x".find(p).map_or(3, |i| i as u32 + 1));
            let mut plates = (p.partner.clone(), p.givens.iter().map(number).collect());
            body.piece(PlatesAndNumbers, p.grid, &mut plates)?;
            let pole = |n: &Option<u32>| n.map(|n| POLES[n as usize - 1]);
            (p.partner, p.givens) = (plates.0, plates.1.iter().map(pole).collect());
            Ok(())
        },
    ));
    fn read_text(source: &str, text: &str) -> Result<Self> {
        text::read(source, text)
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Poles>> {
        formulate::formulate(self, formulation)
    }
    fn answer_text(&self, solution: &Poles) -> Option<String> {
        Some(self.grid.answer_text("", |c| solution[c]))
    }
    fn sketch(&self, solution: Option<&Poles>) -> Sketch {
        let plate = |c: usize| self.partner[c].map_or((c, c), |p| (c.min(p), c.max(p)));
        let mut sketch = Sketch::of(self.grid).with_texts(
            |c| self.givens[c].map(String::from),
            |c| solution.map(|s| s[c].to_string()),
        );
        sketch.given_lines = borders(self.grid, plate);
        // Each margin shows `+n` over `-n` (`?` where no number is given).
        sketch.with_line_counts(&[("+", &self.counts[0]), ("-", &self.counts[1])])
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
            let mate = self.partner[c].map_or(NEUTRAL, |m| poles[m]);
            if !"+-x".contains(poles[c]) || (poles[c] == mate) != (mate == NEUTRAL) {
                let at = g.name(c);
                return Err(format!("the plate at {at} is neither a magnet nor neutral"));
            }
        }
        let touching = |(a, b): &(Cell, Cell)| poles[*a] == poles[*b] && poles[*a] != NEUTRAL;
        if let Some((a, _)) = g.edges().into_iter().find(touching) {
            return Err(format!("equal poles touch at {}", g.name(a)));
        }
        for (pole, counts) in POLES.into_iter().zip(&self.counts) {
            let has: Vec<bool> = g.cells().map(|c| poles[c] == pole).collect();
            counts.check(g, &has, &format!("{pole} poles"))?;
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
        text.lines().skip(1).flat_map(|l| l.split(' ')).map(|t| t.chars().next().unwrap()).collect()
    }

    #[test]
    fn the_published_answer_passes_and_broken_ones_fail_for_their_reason() {
        let p = Magnetic::read_text("t", JANKO).unwrap();
        let a = poles(ANSWER);
        assert_eq!(p.verify(&a), Ok(()));
        assert_eq!(p.answer_text(&a).unwrap(), ANSWER);
        let mut half = a.clone();
        half[0] = NEUTRAL; // r1c1 `-` whose plate-mate r2c1 stays `+`
        assert!(p.verify(&half).unwrap_err().contains("neither a magnet"));
        let mut flipped = a.clone();
        flipped.swap(0, 1); // the plate r1c1-r1c2 turned round: `+` over r2c1's `+`
        assert!(p.verify(&flipped).unwrap_err().contains("touch"));
        let none = vec![NEUTRAL; 36];
        assert!(p
            .verify(&none)
            .unwrap_err()
            .contains("column 1 holds 0 + poles, not 2"));
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
                .map(|_| (rng.below(3) == 0).then(|| rng.below(3) as u32))
                .collect::<Vec<_>>()
        };
        let mut counts = || LineCounts {
            rows: clue(2),
            columns: clue(grid.width),
        };
        let counts = [counts(), counts()];
        let givens = grid
            .cells()
            .map(|_| (rng.below(10) == 0).then_some('+'))
            .collect();
        Magnetic {
            grid,
            counts,
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
                        let pole = ['+', '-', NEUTRAL][(k % 3) as usize];
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
