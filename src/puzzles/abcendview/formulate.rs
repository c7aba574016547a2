//! ABC End View as a model: one integer per cell, 0 for empty and 1.. for the letters (the
//! answer keys are its encoding's bits); every letter once per line; each clue as "the first
//! cell that is not empty holds this letter".

use super::{AbcEndView, Letters};
use crate::error::Result;
use crate::grid::{edges::edge_lines, int_lines::add_each_once, int_lines::add_first_seen};
use crate::grid::int_cells::{answer_ints, fix_givens, on_line, values as values_of};
use crate::model::int::IntOptions;
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &AbcEndView, formulation: &Formulation) -> Result<Formulated<Letters>> {
    let g = p.grid;
    let options = IntOptions::from(formulation);
    let mut m = Model::new();
    let values: Vec<i64> = (0..=i64::from(p.letters)).collect();
    let cells = answer_ints(&mut m, g, &options, |_| values.clone());
    fix_givens(&mut m, g, &cells, |c| p.givens[c].map(i64::from));
    for line in g.lines() {
        let name = format!("letters once in the line from {}", g.name(line[0]));
        add_each_once(&mut m, &name, &on_line(&cells, &line), &values[1..]);
    }
    for (i, (place, line)) in edge_lines(g).iter().enumerate() {
        if let Some(n) = p.edges[i] {
            let name = format!("first letter seen from the {place}");
            add_first_seen(&mut m, &name, &on_line(&cells, line), 0, i64::from(n));
        }
    }
    Ok(Formulated::new(m, move |a| values_of(&cells, a)))
}
