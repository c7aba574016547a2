//! Binairo: fill every cell with `1` or `2` so that no three equal digits follow each other in
//! a row or column and every row and column holds as many `1` as `2`; the classic variant
//! (header extra `distinct`) also wants all rows different and all columns different. Read
//! top-down: the puzzle, its rules (`verify`), the model (`formulate.rs`), the inputs' tests.

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::binary_lines::{first_triple, LineRules};
use crate::grid::counts::first_miscount;
use crate::grid::distinct::first_equal_lines;
use crate::grid::text::GridText;
use crate::grid::Grid;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;

/// A binairo instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Binairo {
    /// The grid.
    pub grid: Grid,
    /// The given digits: `false` for `1`, `true` for `2`.
    pub givens: Vec<Option<bool>>,
    /// The classic rule: no two rows and no two columns alike (janko.at's puzzles lack it).
    pub distinct: bool,
}

/// A solution: whether each cell holds a `2` (else a `1`).
pub type Digits = Vec<bool>;

/// The digit a cell's value is written as.
pub fn digit(two: bool) -> u8 {
    if two {
        2
    } else {
        1
    }
}

impl Puzzle for Binairo {
    type Solution = Digits;
    const GENRE: &'static str = "binairo";
    const ALIASES: &'static [&'static str] = &["takuzu", "binary"];
    const RULES: &'static str =
        "fill 1s and 2s: never three alike in a line, as many 1s as 2s in every row and column";
    fn keys() -> Vec<FormulationKey> {
        let doc = "how a line's rules (balance, no three alike) are encoded";
        vec![FormulationKey::of::<LineRules>("lines", doc, "clauses")]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let distinct = match &t.extras[..] {
            [] => false,
            [x] if x.text == "distinct" => true,
            [x, ..] => return Err(t.error(x, "a binairo header is `H W`, or `H W distinct`")),
        };
        let givens = t.map_symbols(&[("1", false), ("2", true)], "a binairo digit")?;
        Ok(Binairo {
            grid: t.grid,
            givens,
            distinct,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Digits>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, solution: &Digits) -> Vec<String> {
        self.grid.char_rows(|c| if solution[c] { '2' } else { '1' })
    }
    fn answer_text(&self, solution: &Digits) -> Option<String> {
        let extras = if self.distinct { " distinct" } else { "" };
        Some(self.grid.answer_text(extras, |c| digit(solution[c])))
    }
    fn sketch(&self, solution: Option<&Digits>) -> Sketch {
        let text = |two: bool| digit(two).to_string();
        Sketch::of(self.grid).with_texts(
            |c| self.givens[c].map(text),
            |c| solution.map(|s| text(s[c])),
        )
    }
    fn precheck(&self) -> Option<String> {
        let g = self.grid;
        (g.height % 2 == 1 || g.width % 2 == 1).then(|| {
            format!(
                "a {}x{} grid has a line of odd length, which cannot hold as many 1s as 2s",
                g.height, g.width
            )
        })
    }

    /// Checks the digits against the rules; the error says which rule and where.
    fn verify(&self, two: &Digits) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(two)?;
        if let Some(c) = g
            .cells()
            .find(|&c| self.givens[c].is_some_and(|v| v != two[c]))
        {
            return Err(format!("the given digit at {} is changed", g.name(c)));
        }
        let lines = g.lines();
        if let Some((c, value)) = first_triple(&lines, |c| two[c]) {
            let d = digit(value);
            return Err(format!("three {d}s in a line from {}", g.name(c)));
        }
        let half = |i: usize| Some(lines[i].len() / 2);
        if let Some((i, found, _)) = first_miscount(&lines, |c| two[c], half) {
            let (at, n) = (g.name(lines[i][0]), lines[i].len());
            return Err(format!(
                "the line from {at} holds {found} 2s of {n} cells, not half"
            ));
        }
        for (what, lines) in [("rows", g.rows()), ("columns", g.columns())] {
            if let Some((a, b)) = self
                .distinct
                .then(|| first_equal_lines(&lines, |c| two[c]))
                .flatten()
            {
                let (a, b) = (g.name(lines[a][0]), g.name(lines[b][0]));
                return Err(format!("the {what} from {a} and {b} are alike"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    /// janko.at's Binairo 131 (the spec's worked example) and its published answer.
    const JANKO: &str = "8 8\n- 2 2 - - - - -\n- - - - 1 - - 2\n- - 1 - 1 1 - -\n- - - - - 1 1 -\n- - 1 - - - - -\n- 2 - - - - - 1\n- - - 1 2 1 - 2\n1 - - - 1 1 - -\n";
    const ANSWER: &str = "8 8\n1 2 2 1 2 2 1 1\n2 1 1 2 1 2 1 2\n2 2 1 2 1 1 2 1\n1 2 2 1 2 1 1 2\n2 1 1 2 1 2 2 1\n2 2 1 1 2 2 1 1\n1 1 2 1 2 1 2 2\n1 1 2 2 1 1 2 2\n";

    fn answer() -> Digits {
        ANSWER
            .lines()
            .skip(1)
            .flat_map(|l| l.split(' '))
            .map(|t| t == "2")
            .collect()
    }

    #[test]
    fn the_published_answer_passes_and_broken_ones_fail_for_their_reason() {
        let p = Binairo::read_text("t", JANKO).unwrap();
        let a = answer();
        assert_eq!(p.verify(&a), Ok(()));
        assert_eq!(p.answer_text(&a).unwrap(), ANSWER);
        let mut given = a.clone();
        given[1] = false;
        assert!(p
            .verify(&given)
            .unwrap_err()
            .contains("given digit at r1c2"));
        let mut three = a.clone();
        three[0] = true; // r1: 2 2 2 ...
        assert!(p.verify(&three).unwrap_err().contains("three 2s"));
        let mut unbalanced = a.clone();
        unbalanced[7] = true; // r1: 1 2 2 1 2 2 1 2
        assert!(p
            .verify(&unbalanced)
            .unwrap_err()
            .contains("r1c1 holds 5 2s"));
        // Rows that repeat pass the janko rules and fail the classic one.
        let plain = Binairo::read_text("t", "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n").unwrap();
        let twice = "1122 2211 1122 2211"
            .chars()
            .filter(|c| *c != ' ')
            .map(|c| c == '2')
            .collect();
        assert_eq!(plain.verify(&twice), Ok(()));
        let classic = Binairo {
            distinct: true,
            ..plain
        };
        let err = classic.verify(&twice).unwrap_err();
        assert!(err.contains("rows from r1c1 and r3c1 are alike"), "{err}");
    }

    /// A random grid of 2×2 to 4×4 (even sides) with a few givens.
    fn random_puzzle(rng: &mut Rng) -> Binairo {
        let grid = Grid::new(2 + 2 * rng.below(2) as usize, 2 + 2 * rng.below(2) as usize);
        let givens = grid.cells().map(|_| match rng.below(8) {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        });
        Binairo {
            grid,
            givens: givens.collect(),
            distinct: rng.below(2) == 0,
        }
    }

    #[test]
    fn every_formulation_finds_exactly_the_grids_the_rules_accept() {
        let mut rng = Rng::new(11);
        let specs = ["lines=clauses", "lines=automaton"];
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..40 {
            let p = random_puzzle(&mut rng);
            let n = assert_matches_brute_force(&p, p.grid.len(), &specs, &["varisat", "batsat"]);
            if p.grid.len() <= 8 {
                assert_matches_brute_force(&p, p.grid.len(), &specs[..1], &["microlp"]);
            }
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
        assert!(
            solvable >= 8 && several >= 2,
            "{solvable} solvable, {several} with several"
        );
    }
}
