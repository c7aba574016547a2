//! KenKen as a model: an integer 1–N per cell (its encoding's bits are the answer keys), every
//! row and column all different (the core's `alldiff`), and each cage's arithmetic as a table
//! of the digit tuples that make its clue (`cage=table`), or a sum cage as one linear sum
//! (`cage=linear`; the other operations stay tables).

use super::KenKen;
use crate::error::{Error, Result};
use crate::formulation::{Choice, Value};
use crate::grid::cages::line_pairs;
use crate::grid::digits::{digit_vars, read_digits, Digits};
use crate::model::int::{all_different, linear, IntOptions, IntVar};
use crate::model::int_rules::{cage_tuples, one_of, CageOp};
use crate::model::{Cmp, Model};
use crate::puzzles::{Formulated, Formulation};

/// How a cage's arithmetic is stated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CageEncoding {
    /// The digit tuples that make the clue (no digit twice in a row or column), one chosen.
    Table,
    /// A sum cage as one linear sum; the other operations as tables. (A table that would be
    /// too long to list falls back to the linear sum, or, for another operation, is refused.)
    Linear,
}

impl Choice for CageEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete("table", "the digit tuples that make the clue, one chosen"),
        Value::complete("linear", "a sum cage as a linear sum, other cages as tables"),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "table" => Some(CageEncoding::Table),
            "linear" => Some(CageEncoding::Linear),
            _ => None,
        }
    }
}

/// The model of a formulation: a digit per cell, Latin rows and columns, the cages.
pub fn formulate(p: &KenKen, formulation: &Formulation) -> Result<Formulated<Digits>> {
    let options = IntOptions::from(formulation);
    let encoding = formulation.choice::<CageEncoding>("cage");
    let (g, mut m) = (p.grid, Model::new());
    let digit = digit_vars(&mut m, g, "digit", &options, |_| Some(p.digits()));
    let var = |c: usize| digit[c].clone().expect("every cell has a digit");
    for line in g.lines() {
        let vars: Vec<IntVar> = line.iter().map(|&c| var(c)).collect();
        all_different(&mut m, &format!("line at {}", g.name(line[0])), &vars, &options);
    }
    for (cells, clue) in p.cages.cells.iter().zip(p.cage_clues()) {
        let Some(clue) = clue else { continue };
        let name = format!("cage at {}", g.name(cells[0]));
        let vars: Vec<IntVar> = cells.iter().map(|&c| var(c)).collect();
        let domains = vec![p.digits(); cells.len()];
        let linear_sum = clue.op == CageOp::Sum && encoding == CageEncoding::Linear;
        let differ = line_pairs(g, cells);
        let tuples = (!linear_sum)
            .then(|| cage_tuples(&domains, &differ, clue.op, clue.target))
            .flatten();
        match tuples {
            Some(tuples) => one_of(&mut m, &name, &vars, &tuples, &options),
            None if clue.op == CageOp::Sum => {
                let terms: Vec<(i64, &IntVar)> = vars.iter().map(|x| (1, x)).collect();
                linear(&mut m, &name, &terms, Cmp::Eq, clue.target, &options);
            }
            None => {
                let why = format!("the {name} has too many ways to make {clue} to list");
                return Err(Error::Invalid(why));
            }
        }
    }
    Ok(Formulated::new(m, move |a| read_digits(&digit, a)))
}
