//! Slitherlink as a model: one 0/1 variable per unit segment (the answer keys), a count per
//! clue and one loop over the cell corners.

use super::{Segments, Slitherlink};
use crate::error::Result;
use crate::grid::lines::GridLines;
use crate::grid::Clue;
use crate::model::loops::{LoopEncoding, LoopGuard};
use crate::model::{LinExpr, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Slitherlink, formulation: &Formulation) -> Result<Formulated<Segments>> {
    let mut m = Model::new();
    let lines = GridLines::new(&mut m, p.vertices(), "line");
    for cell in p.grid.cells() {
        if let Some(Clue::Number(n)) = p.clues[cell] {
            let sides = LinExpr::sum_vars(p.sides(cell).map(|e| lines.used[e]));
            m.add(format!("clue {}", p.grid.name(cell)), sides.eq(n as i64));
        }
    }
    // pzprjs refuses an empty board, so a puzzle without a positive clue still has a loop.
    let encoding = formulation.choice::<LoopEncoding>("loop");
    lines.add_single_loop(&mut m, "loop", LoopGuard::NonEmpty, encoding);
    Ok(Formulated {
        model: m,
        decode: Box::new(move |a| lines.decode(a)),
    })
}
