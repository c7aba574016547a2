//! Jigsaw sudoku (janko.at's "Chaos Sudoku"): fill an n×n grid with the digits 1..=n so that
//! every row, every column and every region (n irregular regions of n cells, from the
//! region-id grid) holds each digit once; with the header flag `diagonal`, both main
//! diagonals too. The model is the core's digit grid (`grid::latin`) on `model::int`. pzprjs
//! has no jigsaw sudoku, so there is no URL form.

use crate::error::Result;
use crate::grid::latin::{self, House};
use crate::grid::text::GridText;
use crate::grid::{Clue, Grid, Rooms};
use crate::model::int::IntOptions;
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;

/// A jigsaw sudoku instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JigsawSudoku {
    /// The grid (square).
    pub grid: Grid,
    /// The given digits.
    pub givens: Vec<Option<Clue>>,
    /// The regions.
    pub regions: Rooms,
    /// Both main diagonals hold every digit once too.
    pub diagonal: bool,
}

/// A solution: the digit of each cell.
pub type Digits = Vec<u32>;

impl JigsawSudoku {
    /// Rows, columns, regions (and diagonals).
    pub fn houses(&self) -> Vec<House> {
        latin::houses(self.grid, &self.regions, "region", self.diagonal)
    }
}

impl Puzzle for JigsawSudoku {
    type Solution = Digits;
    const GENRE: &'static str = "jigsawsudoku";
    const ALIASES: &'static [&'static str] = &["chaossudoku", "jigsaw"];
    const RULES: &'static str =
        "fill digits 1..n: each once in every row, column and region (and diagonal with `diagonal`)";
    fn keys() -> Vec<FormulationKey> {
        IntOptions::keys_without_sum("direct", "values")
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, true)?;
        let diagonal = latin::read_diagonal_flag(&t, Self::GENRE)?;
        let givens = latin::read_givens(&t)?;
        let regions = t.rooms()?;
        Ok(JigsawSudoku {
            grid: t.grid,
            givens,
            regions,
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
        let n = self.grid.height;
        let odd = self.regions.cells.iter().find(|r| r.len() != n);
        odd.map(|r| {
            let at = self.grid.name(r[0]);
            format!("the region of {at} has {} cells: n digits need n cells", r.len())
        })
    }
    fn rows(&self, solution: &Digits) -> Vec<String> {
        latin::digit_rows(self.grid, solution)
    }
    fn answer_text(&self, solution: &Digits) -> Option<String> {
        let extras = if self.diagonal { " diagonal" } else { "" };
        Some(self.grid.answer_text(extras, |c| solution[c]))
    }
    fn sketch(&self, solution: Option<&Digits>) -> Sketch {
        latin::sketch(self.grid, &self.regions, &self.givens, solution)
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

    /// janko.at's Chaos Sudoku 1 (the spec's worked example) and its published answer.
    const JANKO: &str = "4 4\n- - 4 3\n- - - 1\n- 2 - -\n- - - -\n1 1 1 3\n1 3 3 3\n2 2 4 4\n2 2 4 4\n";
    const ANSWER: &str = "4 4\n2 1 4 3\n3 4 2 1\n1 2 3 4\n4 3 1 2\n";

    fn digits(text: &str) -> Digits {
        let tokens = text.lines().skip(1).flat_map(str::split_whitespace);
        tokens.map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn the_published_answer_passes_and_broken_ones_fail_for_their_reason() {
        let p = JigsawSudoku::read_text("t", JANKO).unwrap();
        let a = digits(ANSWER);
        assert_eq!(p.verify(&a), Ok(()));
        assert_eq!(p.answer_text(&a).unwrap(), ANSWER);
        let err = p.verify(&digits("4 4\n2 1 4 3\n3 4 2 1\n1 2 3 4\n4 3 1 1\n"));
        assert!(err.unwrap_err().contains("same row"));
        // A Latin square whose regions repeat: rows 1 and 2 swapped keep rows and columns.
        let err = p.verify(&digits("4 4\n3 4 2 1\n2 1 4 3\n1 2 3 4\n4 3 1 2\n")).unwrap_err();
        assert!(err.contains("given digit"), "{err}");
        let free = "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n1 1 1 3\n1 3 3 3\n2 2 4 4\n2 2 4 4\n";
        let free = JigsawSudoku::read_text("t", free).unwrap();
        let err = free.verify(&digits("4 4\n3 4 2 1\n2 1 4 3\n1 2 3 4\n4 3 1 2\n"));
        assert!(err.unwrap_err().contains("same region"));
        let split = "3 3\n- - -\n- - -\n- - -\n1 2 2\n2 1 3\n3 3 1\n";
        let e = JigsawSudoku::read_text("t", split).unwrap_err();
        assert!(e.to_string().starts_with("t:6:"), "{e}");
        let four = "3 3\n- - -\n- - -\n- - -\n1 1 2\n1 1 2\n3 3 2\n";
        let four = JigsawSudoku::read_text("t", four).unwrap();
        assert!(four.precheck().unwrap().contains("has 4 cells"));
    }

    #[test]
    fn every_encoding_finds_exactly_the_grids_the_rules_accept() {
        // Every 3×3 grid of digits 1..3 is a candidate.
        let cands = (0..3u32.pow(9)).map(|k| (0..9).map(|i| k / 3u32.pow(i) % 3 + 1).collect());
        let cands: Vec<Digits> = cands.collect();
        let text = "3 3\n- - -\n- 2 -\n- - -\na a b\na c b\nc c b\n";
        let p = JigsawSudoku::read_text("t", text).unwrap();
        let mut runs = vec![("microlp", "int=direct,alldiff=values")];
        for b in ["batsat", "varisat"] {
            for i in ["direct", "order", "log"] {
                for a in ["pairwise", "values"] {
                    runs.push((b, Box::leak(format!("int={i},alldiff={a}").into_boxed_str())));
                }
            }
        }
        let n = assert_finds_exactly_the_accepted(&p, cands, &runs, "jigsaw 3x3");
        assert!(n >= 1);
    }
}
