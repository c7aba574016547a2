//! Killer sudoku: fill an n×n grid with the digits 1..=n so that every row, column and box
//! (implied by the size: 2×2, 2×3, 3×3) holds each digit once, the digits of every cage
//! differ and add up to the cage's sum; with the header flag `diagonal` (Killer-X), both main
//! diagonals hold each digit once too. The model is the core's digit grid (`grid::latin`) on
//! `model::int`; a cage is a sum (key `sum`) or its digit combinations (`cage=sets`). pzprjs
//! has no killer sudoku, so there is no URL form.

use crate::error::Result;
use crate::grid::latin::{self, House};
use crate::grid::text::{CellValue, GridText};
use crate::grid::{Grid, Rooms};
use crate::model::int::{self, IntOptions, IntVar};
use crate::model::{Cmp, Model};
use crate::puzzles::{Choice, Formulated, Formulation, FormulationKey, Puzzle, Value};
use crate::render::Sketch;

/// A killer sudoku instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerSudoku {
    /// The grid (square).
    pub grid: Grid,
    /// The cages.
    pub cages: Rooms,
    /// Each cage's sum and the cell it is written in (a cage may have none).
    pub sums: Vec<Option<(usize, u32)>>,
    /// Both main diagonals hold every digit once too (Killer-X).
    pub diagonal: bool,
}

/// A solution: the digit of each cell.
pub type Digits = Vec<u32>;

/// How a cage's sum is stated (formulation key `cage`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CageEncoding {
    /// A sum of the cells' integers, lowered as the key `sum` says.
    Sum,
    /// One of the cage's digit combinations (distinct digits with the sum) is chosen.
    Sets,
}

impl Choice for CageEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete("sum", "a sum of the cells' integers, lowered as `sum` says"),
        Value::complete("sets", "one of the cage's digit combinations is chosen, and filled"),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "sum" => Some(CageEncoding::Sum),
            "sets" => Some(CageEncoding::Sets),
            _ => None,
        }
    }
}

impl KillerSudoku {
    /// The boxes the size implies.
    pub fn boxes(&self) -> Rooms {
        let shape = latin::box_shape(self.grid.height).unwrap_or((1, self.grid.width));
        latin::boxes(self.grid, shape)
    }
    /// Rows, columns, boxes (and diagonals), and every cage.
    pub fn houses(&self) -> Vec<House> {
        let mut houses = latin::houses(self.grid, &self.boxes(), "box", self.diagonal);
        let cages = self.cages.cells.iter().cloned();
        houses.extend(cages.map(|cells| House { kind: "cage", cells }));
        houses
    }
}

impl Puzzle for KillerSudoku {
    type Solution = Digits;
    const GENRE: &'static str = "killersudoku";
    const ALIASES: &'static [&'static str] = &["killer"];
    const RULES: &'static str =
        "fill digits 1..n: once in every row, column and box; a cage's digits differ and add up to its sum";
    fn keys() -> Vec<FormulationKey> {
        let mut keys = IntOptions::keys_with_defaults("direct", "values", "mdd");
        keys.push(FormulationKey::of::<CageEncoding>("cage", "how a cage's sum is stated", "sets"));
        keys
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, true)?;
        let diagonal = latin::read_diagonal_flag(&t, Self::GENRE)?;
        let cages = t.rooms()?;
        let written = t.map_cells(|_, v| match v {
            CellValue::Empty => Ok(None),
            CellValue::Number(n) if n > 0 => Ok(Some(n)),
            _ => Err("expected a cage sum or `-`".to_string()),
        })?;
        let mut sums = vec![None; cages.len()];
        for (c, n) in written.iter().enumerate().filter_map(|(c, n)| Some((c, (*n)?))) {
            let cage = cages.room_of[c];
            if sums[cage].replace((c, n)).is_some() {
                return Err(t.error(&t.cells[c], "a second sum in this cage"));
            }
        }
        Ok(KillerSudoku { grid: t.grid, cages, sums, diagonal })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Digits>> {
        let mut m = Model::new();
        let options = IntOptions::from(formulation);
        let houses = self.houses();
        let digits = latin::add_digits(&mut m, self.grid, &houses, &[], &options);
        let values: Vec<i64> = (1..=self.grid.height as i64).collect();
        for (cage, sum) in self.sums.iter().enumerate() {
            let Some((at, sum)) = *sum else { continue };
            let cells = &self.cages.cells[cage];
            let name = format!("cage of {} sum", self.grid.name(at));
            let vars: Vec<&IntVar> = cells.iter().map(|&c| &digits[c]).collect();
            match formulation.choice::<CageEncoding>("cage") {
                CageEncoding::Sum => {
                    let terms: Vec<(i64, &IntVar)> = vars.into_iter().map(|x| (1, x)).collect();
                    int::linear(&mut m, &name, &terms, Cmp::Eq, sum as i64, &options);
                }
                CageEncoding::Sets => {
                    let sets = int::distinct_sets_with_sum(&values, cells.len(), sum as i64);
                    let vars: Vec<IntVar> = vars.into_iter().cloned().collect();
                    int::within_one_set(&mut m, &name, &vars, &sets);
                }
            }
        }
        Ok(Formulated::new(m, move |a| {
            digits.iter().map(|x| x.value(a) as u32).collect()
        }))
    }
    fn precheck(&self) -> Option<String> {
        let g = self.grid;
        (g.height != g.width).then(|| format!("a {}x{} grid: killer sudoku is square", g.height, g.width))
    }
    fn rows(&self, solution: &Digits) -> Vec<String> {
        latin::digit_rows(self.grid, solution)
    }
    fn answer_text(&self, solution: &Digits) -> Option<String> {
        let extras = if self.diagonal { " diagonal" } else { "" };
        Some(self.grid.answer_text(extras, |c| solution[c]))
    }
    fn sketch(&self, solution: Option<&Digits>) -> Sketch {
        // The cages' walls; the sums on the puzzle, the digits on an answer (one text a cell).
        let mut sketch = latin::sketch(self.grid, &self.cages, &[], solution);
        if solution.is_none() {
            for &(c, sum) in self.sums.iter().flatten() {
                sketch.given[c].text = Some(sum.to_string());
            }
        }
        sketch
    }

    /// Checks the digits against the rules; the error names the rule and the cells.
    fn verify(&self, digits: &Digits) -> std::result::Result<(), String> {
        let no_givens = vec![None; self.grid.len()];
        latin::check_digits(self.grid, &self.houses(), &no_givens, digits)?;
        for (cage, sum) in self.sums.iter().enumerate() {
            let Some((at, sum)) = *sum else { continue };
            let total: u32 = self.cages.cells[cage].iter().map(|&c| digits[c]).sum();
            if total != sum {
                let at = self.grid.name(at);
                return Err(format!("the cage of {at} adds up to {total}, not {sum}"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
