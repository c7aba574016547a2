//! Hidoku: write 1 to H·W in the cells, once each, so that each number touches the next one,
//! diagonals included. Read top-down: the puzzle, its rules (`verify`), the model
//! (`formulate.rs`), the tests.

pub mod formulate;

use crate::error::Result;
use crate::grid::text::GridText;
use crate::grid::{Cell, Clue, Grid};
use crate::model::int_path::{first_path_break, reachable_values, PathBreak};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;

/// A Hidoku instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hidoku {
    /// The grid.
    pub grid: Grid,
    /// The given numbers (each in 1..=H·W).
    pub givens: Vec<Option<Clue>>,
}

/// A solution: each cell's number.
pub type Numbers = Vec<u32>;

/// Why a clue cannot be a Hidoku given before the grid's size is known (0, or `?`).
fn positive(clue: &Clue) -> Option<&'static str> {
    match clue {
        Clue::Number(0) => Some("a Hidoku number is 1 or more"),
        Clue::Unknown => Some("a Hidoku cell is a number or empty, not `?`"),
        Clue::Number(_) => None,
    }
}

impl Hidoku {
    /// Each cell's king-move neighbours: the path's steps.
    pub fn adjacency(&self) -> Vec<Vec<Cell>> {
        let g = self.grid;
        g.cells().map(|c| g.neighbours8(c).collect()).collect()
    }
    /// The given number of each cell.
    pub fn given_values(&self) -> Vec<Option<i64>> {
        let value = |k: &Option<Clue>| k.and_then(|k| k.value()).map(i64::from);
        self.givens.iter().map(value).collect()
    }
}

impl Puzzle for Hidoku {
    type Solution = Numbers;
    const GENRE: &'static str = "hidoku";
    const RULES: &'static str = "write 1 to H·W once each; each number touches the next, \
        diagonals included";
    fn keys() -> Vec<FormulationKey> {
        formulate::keys()
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        t.no_extras("hidoku")?;
        let givens = t.clues_where(positive)?;
        let n = t.grid.len() as u32;
        if let Some(c) = (t.grid.cells()).find(|&c| givens[c].and_then(|k| k.value()).is_some_and(|k| k > n)) {
            return Err(t.error(&t.cells[c], format!("a {n}-cell Hidoku holds 1 to {n}")));
        }
        Ok(Hidoku {
            grid: t.grid,
            givens,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Numbers>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, solution: &Numbers) -> Vec<String> {
        let width = self.grid.len().to_string().len();
        let row = |r: &Vec<Cell>| -> Vec<String> {
            r.iter().map(|&c| format!("{:>width$}", solution[c])).collect()
        };
        self.grid.rows().iter().map(|r| row(r).join(" ")).collect()
    }
    fn answer_text(&self, solution: &Numbers) -> Option<String> {
        Some(self.grid.answer_text("", |c| solution[c]))
    }
    fn sketch(&self, solution: Option<&Numbers>) -> Sketch {
        let mut sketch = Sketch::of(self.grid).with_clues(&self.givens);
        for c in self.grid.cells().filter(|&c| self.givens[c].is_none()) {
            sketch.answer[c].text = solution.map(|s| s[c].to_string());
        }
        sketch
    }
    fn precheck(&self) -> Option<String> {
        // The check holds a yes/no per cell and value: skip it where that passes the budget.
        let n = self.grid.len() as u64;
        crate::budget::check(n * n, String::new).ok()?;
        let domains = reachable_values(&self.adjacency(), &self.given_values());
        let c = domains.iter().position(Vec::is_empty)?;
        Some(format!("no number fits {} at its distances from the givens", self.grid.name(c)))
    }

    /// Checks the numbers against the rules; the error says which rule and where.
    fn verify(&self, numbers: &Numbers) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(numbers)?;
        if let Some(c) = g.cells().find(|&c| self.givens[c].is_some_and(|k| k != Clue::Number(numbers[c]))) {
            return Err(format!("the given number at {} is changed", g.name(c)));
        }
        match first_path_break(numbers, &self.adjacency()) {
            None => Ok(()),
            Some(PathBreak::OutOfRange(c)) => {
                Err(format!("{} holds {}, not one of 1..{}", g.name(c), numbers[c], g.len()))
            }
            Some(PathBreak::Twice(k, a, b)) => {
                Err(format!("{k} is written twice, at {} and {}", g.name(a), g.name(b)))
            }
            Some(PathBreak::Apart(k, a, b)) => Err(format!(
                "{k} at {} and {} at {} do not touch",
                g.name(a),
                k + 1,
                g.name(b)
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;

    /// The spec's worked example (janko.at's Hidoku 371) and its published answer.
    const JANKO: &str = "6 6\n9 - 34 - - 29\n- - - - - -\n18 - - - 36 26\n- - - - - 1\n- - - - - -\n- - - - - 4\n";
    const ANSWER: &str = "6 6\n9 10 34 33 28 29\n11 8 32 35 30 27\n18 12 7 31 36 26\n17 19 13 6 25 1\n16 14 20 24 5 2\n15 21 22 23 3 4\n";

    fn numbers(answer: &str) -> Numbers {
        let tokens = answer.lines().skip(1).flat_map(|l| l.split_whitespace());
        tokens.map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn the_published_answer_passes_and_broken_ones_fail_for_their_reason() {
        let p = Hidoku::read_text("t", JANKO).unwrap();
        let a = numbers(ANSWER);
        assert_eq!(p.verify(&a), Ok(()));
        assert_eq!(p.answer_text(&a).unwrap(), ANSWER);
        let mut given = a.clone();
        given.swap(0, 1);
        assert!(p.verify(&given).unwrap_err().contains("given number at r1c1"));
        let mut apart = a.clone();
        apart.swap(6, 9); // 11 and 35: 10 at r1c2 no longer touches 11
        let e = p.verify(&apart).unwrap_err();
        assert!(e.contains("10 at r1c2 and 11 at r2c4 do not touch"), "{e}");
        let mut twice = a.clone();
        twice[1] = 11;
        assert!(p.verify(&twice).unwrap_err().contains("11 is written twice, at r1c2 and r2c1"));
        let mut big = a.clone();
        big[1] = 37;
        assert!(p.verify(&big).unwrap_err().contains("r1c2 holds 37, not one of 1..36"));
    }

    #[test]
    fn reading_refuses_numbers_beyond_the_grid_at_their_place() {
        let e = Hidoku::read_text("t", "2 2\n1 -\n- 5\n").unwrap_err().to_string();
        assert!(e.starts_with("t:3:3: a 4-cell Hidoku holds 1 to 4"), "{e}");
        let e = Hidoku::read_text("t", "2 2\n0 -\n- 3\n").unwrap_err().to_string();
        assert!(e.starts_with("t:2:1: a Hidoku number is 1 or more"), "{e}");
        let e = Hidoku::read_text("t", "2 2 x\n1 -\n- 3\n").unwrap_err().to_string();
        assert!(e.starts_with("t:1:5: a hidoku header"), "{e}");
        assert!(Hidoku::read_text("t", "2 2\n1 -\n- 3\n").unwrap().url().is_err());
        let far = Hidoku::read_text("t", "1 4\n1 - - 2\n").unwrap();
        assert_eq!(far.precheck().unwrap(), "no number fits r1c1 at its distances from the givens");
    }

    /// Every ordering of `1..=n`.
    fn permutations(n: u32) -> Vec<Numbers> {
        if n == 0 {
            return vec![vec![]];
        }
        let shorter = permutations(n - 1);
        let place = |p: &Numbers| (0..n as usize).map(|i| [&p[..i], &[n], &p[i..]].concat()).collect::<Vec<_>>();
        shorter.iter().flat_map(place).collect()
    }

    #[test]
    fn every_formulation_finds_exactly_the_numberings_the_rules_accept() {
        let mut rng = Rng::new(3);
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..30 {
            let grid = Grid::new(1 + rng.below(2) as usize, 2 + rng.below(2) as usize);
            let n = grid.len() as u64;
            let givens = grid.cells().map(|_| (rng.below(3) == 0).then(|| Clue::Number(1 + rng.below(n) as u32)));
            let p = Hidoku { grid, givens: givens.collect() };
            let mut runs = vec![];
            for backend in ["varisat", "batsat"] {
                for spec in [
                    "int=direct,domains=reachable,links=forward",
                    "int=order,domains=full,links=both",
                    "int=log,domains=reachable,links=both",
                    "int=direct,domains=full,links=forward",
                ] {
                    runs.push((backend, spec));
                }
            }
            if p.grid.len() <= 4 {
                runs.push(("microlp", "int=direct,domains=reachable,links=forward"));
            }
            let found = assert_finds_exactly_the_accepted(&p, permutations(n as u32), &runs, "hidoku");
            solvable += usize::from(found > 0);
            several += usize::from(found > 1);
        }
        assert!(solvable >= 8 && several >= 2, "{solvable} solvable, {several} with several");
    }
}
