//! Kakuro as a model: an integer 1–9 per white cell (its encoding's bits are the answer keys)
//! and, for every run, different digits with the run's sum (`run=linear|sets`, over the
//! core's integer encodings `int`, `alldiff`, `sum`).

use super::Kakuro;
use crate::error::Result;
use crate::grid::digits::{digit_vars, read_digits, Digits};
use crate::model::int::{IntOptions, IntVar};
use crate::model::int_rules::{distinct_sum, DistinctSum};
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation: a digit per white cell, each run's rule.
pub fn formulate(p: &Kakuro, formulation: &Formulation) -> Result<Formulated<Digits>> {
    let options = IntOptions::from(formulation);
    let encoding = formulation.choice::<DistinctSum>("run");
    let mut m = Model::new();
    let white = |c| p.sums.is_white(c).then(|| (1..=9).collect());
    let digit = digit_vars(&mut m, p.sums.grid, "digit", &options, white);
    for run in p.sums.runs() {
        let vars: Vec<IntVar> = run.cells.iter().filter_map(|&c| digit[c].clone()).collect();
        let sum = run.sum.map(i64::from);
        distinct_sum(&mut m, &format!("run {}", run.name), &vars, sum, encoding, &options);
    }
    Ok(Formulated::new(m, move |a| read_digits(&digit, a)))
}
