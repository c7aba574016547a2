//! Hakyuu (Ripple Effect): a region of n cells holds the numbers 1 to n once each; two equal
//! numbers N in one row or column have at least N cells between them. Read top-down: the
//! puzzle, its rules (`verify`), the model (`formulate.rs`), the inputs' tests.

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::int_lines::first_too_close;
use crate::grid::text::GridText;
use crate::grid::{Clue, Grid, Rooms};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::{Format, NumbersWhere, RoomWalls};

/// A Hakyuu instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hakyuu {
    /// The grid.
    pub grid: Grid,
    /// The regions.
    pub rooms: Rooms,
    /// The given numbers (each 1 or more).
    pub givens: Vec<Option<Clue>>,
}

/// A solution: each cell's number.
pub type Numbers = Vec<u32>;

/// Why a clue cannot be a Hakyuu given (0, or `?`), the same for text and URL.
fn positive(clue: &Clue) -> Option<&'static str> {
    match clue {
        Clue::Number(0) => Some("a Hakyuu number is 1 or more"),
        Clue::Unknown => Some("a Hakyuu cell is a number or empty, not `?`"),
        Clue::Number(_) => None,
    }
}

impl Puzzle for Hakyuu {
    type Solution = Numbers;
    const GENRE: &'static str = "hakyuu";
    const ALIASES: &'static [&'static str] = &["ripple", "rippleeffect"];
    const RULES: &'static str = "a region of n cells holds 1..n; two equal numbers N in a row or \
        column have at least N cells between them";
    const URL: Option<Format<Self>> = Some(Format::new(&["ripple"], |p| &mut p.grid, |p, body| {
        body.piece(RoomWalls { labels: false }, p.grid, &mut p.rooms)?;
        body.piece(NumbersWhere(positive), p.grid, &mut p.givens)
    }));
    fn keys() -> Vec<FormulationKey> {
        formulate::keys()
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, true)?;
        t.no_extras("hakyuu")?;
        Ok(Hakyuu {
            grid: t.grid,
            rooms: t.rooms()?,
            givens: t.clues_where(positive)?,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Numbers>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, solution: &Numbers) -> Vec<String> {
        let rows = self.grid.rows();
        let row = |r: &Vec<usize>| -> Vec<String> { r.iter().map(|&c| solution[c].to_string()).collect() };
        rows.iter().map(|r| row(r).join(" ")).collect()
    }
    fn answer_text(&self, solution: &Numbers) -> Option<String> {
        Some(self.grid.answer_text("", |c| solution[c]))
    }
    fn sketch(&self, solution: Option<&Numbers>) -> Sketch {
        let mut sketch = Sketch::of(self.grid)
            .with_rooms(&self.rooms)
            .with_clues(&self.givens);
        for c in self.grid.cells().filter(|&c| self.givens[c].is_none()) {
            sketch.answer[c].text = solution.map(|s| s[c].to_string());
        }
        sketch
    }
    fn precheck(&self) -> Option<String> {
        let g = self.grid;
        g.cells().find_map(|c| {
            let (n, size) = (self.givens[c]?.value()?, self.rooms.cells[self.rooms.room_of[c]].len());
            (n as usize > size).then(|| format!("{n} at {} is above its region's {size} cells", g.name(c)))
        })
    }

    /// Checks the numbers against the rules; the error says which rule and where.
    fn verify(&self, numbers: &Numbers) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(numbers)?;
        if let Some(c) = g.cells().find(|&c| self.givens[c].is_some_and(|n| n != Clue::Number(numbers[c]))) {
            return Err(format!("the given number at {} is changed", g.name(c)));
        }
        for cells in &self.rooms.cells {
            let mut seen = vec![false; cells.len() + 1];
            for &c in cells {
                let n = numbers[c] as usize;
                if n == 0 || n > cells.len() || std::mem::replace(&mut seen[n], true) {
                    let (at, size) = (g.name(c), cells.len());
                    return Err(format!("{at} holds {n}, not one of 1..{size} left in its region"));
                }
            }
        }
        for line in g.lines() {
            if let Some((a, b, n)) = first_too_close(&line, |c| numbers[c]) {
                let (a, b) = (g.name(a), g.name(b));
                return Err(format!("the {n}s at {a} and {b} have fewer than {n} cells between them"));
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

    /// The spec's worked example (the dataset's 141_6x6) and its published answer.
    pub const JANKO: &str = "6 6\n- - - - - -\n- - - - - -\n2 - - 1 2 -\n- 3 2 - - 3\n- - - - - -\n- - - - - -\n6 6 7 8 8 8\n6 6 7 7 12 3\n5 5 4 11 3 3\n5 5 4 4 4 3\n9 9 1 1 1 2\n10 9 1 2 2 2\n";
    pub const ANSWER: &str = "6 6\n3 1 2 1 3 2\n4 2 1 3 1 4\n2 4 3 1 2 1\n1 3 2 4 1 3\n3 1 4 2 3 1\n1 2 1 3 4 2\n";

    pub fn numbers(answer: &str) -> Numbers {
        let tokens = answer.lines().skip(1).flat_map(|l| l.split_whitespace());
        tokens.map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn the_published_answer_passes_and_broken_ones_fail_for_their_reason() {
        let p = Hakyuu::read_text("t", JANKO).unwrap();
        let a = numbers(ANSWER);
        assert_eq!(p.verify(&a), Ok(()));
        assert_eq!(p.answer_text(&a).unwrap(), ANSWER);
        let mut given = a.clone();
        given[12] = 1;
        assert!(p.verify(&given).unwrap_err().contains("given number at r3c1"));
        let mut twice = a.clone();
        twice[0] = 4; // r1c1 in the region of r1c1, which has a 4 at r2c1
        let e = p.verify(&twice).unwrap_err();
        assert!(e.contains("r2c1 holds 4, not one of 1..4 left"), "{e}");
        // Swap r1c2 and r2c2 (same region): r1 then has 2 2 side by side.
        let mut close = a.clone();
        close.swap(1, 7);
        let e = p.verify(&close).unwrap_err();
        assert!(e.contains("2s at r1c2 and r1c3 have fewer than 2 cells"), "{e}");
    }

    /// A random grid of up to 3×3 cut into rooms, with a few givens, small enough to try every
    /// numbering.
    fn random_puzzle(rng: &mut Rng) -> Hakyuu {
        loop {
            let grid = Grid::new(1 + rng.below(3) as usize, 2 + rng.below(2) as usize);
            let vertical: Vec<bool> = (0..grid.height * (grid.width - 1)).map(|_| rng.below(2) == 0).collect();
            let horizontal: Vec<bool> = (0..(grid.height - 1) * grid.width).map(|_| rng.below(2) == 0).collect();
            let rooms = Rooms::from_walls(grid, &vertical, &horizontal);
            let size = |c: usize| rooms.cells[rooms.room_of[c]].len() as u32;
            if grid.cells().map(|c| u64::from(size(c))).product::<u64>() > 30_000 {
                continue;
            }
            let givens = (grid.cells())
                .map(|c| (rng.below(6) == 0).then(|| Clue::Number(1 + rng.below(u64::from(size(c))) as u32)))
                .collect();
            return Hakyuu { grid, rooms, givens };
        }
    }

    /// Every numbering with each cell in 1..=its room's size.
    fn all_numberings(p: &Hakyuu) -> Vec<Numbers> {
        let mut all = vec![vec![]];
        for c in p.grid.cells() {
            let size = p.rooms.cells[p.rooms.room_of[c]].len() as u32;
            all = (all.into_iter())
                .flat_map(|s: Numbers| (1..=size).map(move |v| [s.clone(), vec![v]].concat()))
                .collect();
        }
        all
    }

    #[test]
    fn every_formulation_finds_exactly_the_numberings_the_rules_accept() {
        let mut rng = Rng::new(7);
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..30 {
            let p = random_puzzle(&mut rng);
            let mut runs = vec![];
            for backend in ["varisat", "batsat"] {
                for spec in [
                    "int=direct,alldiff=values,spacing=pairs",
                    "int=order,alldiff=pairwise,spacing=windows",
                    "int=log,alldiff=values,spacing=windows",
                    "int=direct,alldiff=pairwise,spacing=pairs",
                ] {
                    runs.push((backend, spec));
                }
            }
            if p.grid.len() <= 4 {
                runs.push(("microlp", "int=direct,alldiff=values,spacing=pairs"));
            }
            let n = assert_finds_exactly_the_accepted(&p, all_numberings(&p), &runs, "hakyuu");
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
        assert!(solvable >= 8 && several >= 2, "{solvable} solvable, {several} with several");
    }
}
