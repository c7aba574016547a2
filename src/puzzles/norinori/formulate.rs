//! Norinori as a model: one 0/1 `shaded` variable per cell (the answer keys), a count of two
//! per region, and "exactly one shaded neighbour" for every shaded cell.

use super::{Norinori, Shading, PER_ROOM};
use crate::error::Result;
use crate::grid::counts::{add_counts, first_cell};
use crate::grid::dominoes::OneNeighbour;
use crate::model::{Lit, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Norinori, formulation: &Formulation) -> Result<Formulated<Shading>> {
    let g = p.grid;
    let mut m = Model::new();
    let shaded = g.answer_bools(&mut m, "shaded");
    let lits: Vec<Lit> = shaded.iter().map(|v| v.lit()).collect();
    let rooms = &p.rooms.cells;
    let at = first_cell(g, rooms);
    add_counts(
        &mut m,
        "two in the region",
        rooms,
        |c| lits[c],
        |_| Some(PER_ROOM),
        at,
    );
    let encoding = formulation.choice::<OneNeighbour>("pairs");
    g.add_one_shaded_neighbour(&mut m, "one shaded neighbour", &lits, encoding);
    Ok(Formulated::shading(m, shaded))
}
