//! Sudoku: fill an n×n grid with the digits 1..=n so that every row, every column and every
//! box (the size's boxes: 2×2 for 4×4, 2×3 for 6×6, 3×3 for 9×9, 4×4 for 16×16) holds each
//! digit once; with the header flag `diagonal`, both main diagonals too. The model is the
//! core's digit grid (`grid::latin`) on the integer encodings of `model::int`.

#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::latin::{self, House};
use crate::grid::text::GridText;
use crate::grid::{Clue, Grid, Rooms};
use crate::model::int::IntOptions;
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::{Format, Numbers};

/// A sudoku instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sudoku {
    /// The grid (square).
    pub grid: Grid,
    /// The given digits.
    pub givens: Vec<Option<Clue>>,
    /// Both main diagonals hold every digit once too (Sudoku-X).
    pub diagonal: bool,
}

/// A solution: the digit of each cell.
pub type Digits = Vec<u32>;

impl Sudoku {
    /// The boxes the size implies (none for a prime side: a plain Latin square).
    pub fn boxes(&self) -> Rooms {
        let shape = latin::box_shape(self.grid.height).unwrap_or((1, self.grid.width));
        latin::boxes(self.grid, shape)
    }
    /// Rows, columns, boxes (and diagonals).
    pub fn houses(&self) -> Vec<House> {
        latin::houses(self.grid, &self.boxes(), "box", self.diagonal)
    }
}

impl Puzzle for Sudoku {
    type Solution = Digits;
    const GENRE: &'static str = "sudoku";
    const RULES: &'static str =
        "fill digits 1..n: each once in every row, column and box (and diagonal with `diagonal`)";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["sudoku"],
        |p| &mut p.grid,
        |p, body| body.piece(Numbers, p.grid, &mut p.givens),
    ));
    fn keys() -> Vec<FormulationKey> {
        IntOptions::keys_without_sum("direct", "values")
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let diagonal = latin::read_diagonal_flag(&t, Self::GENRE)?;
        let givens = latin::read_givens(&t)?;
        Ok(Sudoku {
            grid: t.grid,
            givens,
            diagonal,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Digits>> {
        let mut m = Model::new();
        let options = IntOptions::from(formulation);
        let houses = self.houses();
        let digits = latin::add_digits(&mut m, self.grid, &houses, &self.givens, &options);
        Ok(Formulated::new(m, move |a| {
            digits.iter().map(|x| x.value(a) as u32).collect()
        }))
    }
    fn precheck(&self) -> Option<String> {
        let g = self.grid;
        if g.height != g.width {
            return Some(format!("a {}x{} grid: sudoku is square", g.height, g.width));
        }
        latin::given_out_of_range(g, &self.givens)
    }
    fn rows(&self, solution: &Digits) -> Vec<String> {
        latin::digit_rows(self.grid, solution)
    }
    fn answer_text(&self, solution: &Digits) -> Option<String> {
        let extras = if self.diagonal { " diagonal" } else { "" };
        Some(self.grid.answer_text(extras, |c| solution[c]))
    }
    fn sketch(&self, solution: Option<&Digits>) -> Sketch {
        latin::sketch(self.grid, &self.boxes(), &self.givens, solution)
    }

    /// Checks the digits against the rules; the error names the rule and the cells.
    fn verify(&self, digits: &Digits) -> std::result::Result<(), String> {
        latin::check_digits(self.grid, &self.houses(), &self.givens, digits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;

    /// janko.at's Sudoku 1 (the spec's worked example) and its published answer.
    const JANKO: &str = "9 9\n2 1 - 4 - - - 3 6\n8 - - - - - - - 5\n- - 5 3 - 9 8 - -\n6 - 4 9 - 7 1 - -\n- - - - 3 - - - -\n- - 7 5 - 4 6 - 2\n- - 6 2 - 3 5 - -\n5 - - - - - - - 9\n9 3 - - - 5 - 2 7\n";
    const ANSWER: &str = "9 9\n2 1 9 4 5 8 7 3 6\n8 4 3 1 7 6 2 9 5\n7 6 5 3 2 9 8 4 1\n6 2 4 9 8 7 1 5 3\n1 5 8 6 3 2 9 7 4\n3 9 7 5 1 4 6 8 2\n4 7 6 2 9 3 5 1 8\n5 8 2 7 4 1 3 6 9\n9 3 1 8 6 5 4 2 7\n";

    fn answer() -> Digits {
        let tokens = ANSWER.lines().skip(1).flat_map(str::split_whitespace);
        tokens.map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn the_published_answer_passes_and_broken_ones_fail_for_their_reason() {
        let p = Sudoku::read_text("t", JANKO).unwrap();
        let a = answer();
        assert_eq!(p.verify(&a), Ok(()));
        assert_eq!(p.answer_text(&a).unwrap(), ANSWER);
        let mut changed = a.clone();
        changed.swap(0, 2);
        let err = p.verify(&changed).unwrap_err();
        assert!(err.contains("given digit at r1c1"), "{err}");
        let mut swapped = a.clone();
        swapped.swap(2, 4); // r1c3 and r1c5: row fine, columns broken
        let err = p.verify(&swapped).unwrap_err();
        assert!(err.contains("same column"), "{err}");
        // Rows and columns of a cyclic Latin square are fine, its boxes are not.
        let empty = Sudoku::read_text("t", &("9 9\n".to_string() + &"- - - - - - - - -\n".repeat(9))).unwrap();
        let cyclic: Digits = (0..81).map(|i| ((i / 9 + i % 9) % 9 + 1) as u32).collect();
        let err = empty.verify(&cyclic).unwrap_err();
        assert!(err.contains("same box"), "{err}");
    }

    /// Every 4×4 grid whose rows are permutations (as candidates), a few givens.
    fn candidates() -> Vec<Digits> {
        let perms: Vec<Vec<u32>> = permutations(&[1, 2, 3, 4]);
        let mut out = Vec::new();
        for a in &perms {
            for b in &perms {
                for c in &perms {
                    for d in &perms {
                        out.push([a.clone(), b.clone(), c.clone(), d.clone()].concat());
                    }
                }
            }
        }
        out
    }

    fn permutations(items: &[u32]) -> Vec<Vec<u32>> {
        if items.len() <= 1 {
            return vec![items.to_vec()];
        }
        let mut out = Vec::new();
        for i in 0..items.len() {
            let mut rest = items.to_vec();
            let first = rest.remove(i);
            for mut p in permutations(&rest) {
                p.insert(0, first);
                out.push(p);
            }
        }
        out
    }

    #[test]
    fn every_encoding_finds_exactly_the_grids_the_rules_accept() {
        let cands = candidates();
        let specs: Vec<String> = ["direct", "order", "log"]
            .iter()
            .flat_map(|i| ["pairwise", "values"].map(|a| format!("int={i},alldiff={a}")))
            .collect();
        for (text, diagonal) in [("4 4\n1 - - -\n- - 3 -\n- - - -\n- - - 2\n", false), ("4 4\n1 - - -\n- - - -\n- - - -\n- - - -\n", true)] {
            let mut p = Sudoku::read_text("t", text).unwrap();
            p.diagonal = diagonal;
            let mut runs: Vec<(&str, &str)> = Vec::new();
            for b in ["batsat", "varisat"] {
                runs.extend(specs.iter().map(|s| (b, s.as_str())));
            }
            runs.push(("microlp", "int=direct,alldiff=values"));
            let n = assert_finds_exactly_the_accepted(&p, cands.clone(), &runs, text);
            assert!(n > 1, "{n} solutions");
        }
    }
}
