//! ABC End View as a model: one integer per cell, 0 for empty and 1.. for the letters (the
//! answer keys are its encoding's bits); every letter once per line; each clue as "the first
//! cell that is not empty holds this letter".

use super::{AbcEndView, Letters};
use crate::error::Result;
use crate::grid::int_lines::{add_each_once, add_first_seen, lines_from_edges};
use crate::model::int::{fix, IntOptions, IntVar};
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation, FormulationKey};

/// The integer choice that matters here.
const INT_KEYS: &[&str] = &["int"];

/// The formulation keys: how an integer becomes 0/1 variables (the only choice here: the rules
/// are stated on "cell = letter" literals, with no sum and no all-different).
pub fn keys() -> Vec<FormulationKey> {
    IntOptions::keys_named(INT_KEYS)
}

/// The model of a formulation.
pub fn formulate(p: &AbcEndView, formulation: &Formulation) -> Result<Formulated<Letters>> {
    let g = p.grid;
    let options = IntOptions::read_named(formulation, INT_KEYS);
    let mut m = Model::new();
    let values: Vec<i64> = (0..=i64::from(p.letters)).collect();
    let cells: Vec<IntVar> = (g.cells())
        .map(|c| IntVar::new(&mut m, &g.name(c), &values, &options))
        .collect();
    for x in &cells {
        m.answer_keys.extend(x.key_vars());
    }
    for (c, given) in p.givens.iter().enumerate() {
        if let Some(n) = *given {
            fix(&mut m, &format!("given {}", g.name(c)), &cells[c], i64::from(n));
        }
    }
    for line in g.lines() {
        let xs: Vec<&IntVar> = line.iter().map(|&c| &cells[c]).collect();
        let name = format!("letters once in the line from {}", g.name(line[0]));
        add_each_once(&mut m, &name, &xs, &values[1..]);
    }
    for (i, line) in lines_from_edges(g).iter().enumerate() {
        if let Some(n) = p.edges[i] {
            let xs: Vec<&IntVar> = line.iter().map(|&c| &cells[c]).collect();
            let name = format!("first letter seen {}", p.edge_name(i));
            add_first_seen(&mut m, &name, &xs, 0, i64::from(n));
        }
    }
    Ok(Formulated::new(m, move |a| {
        cells.iter().map(|x| x.value(a) as u32).collect()
    }))
}
