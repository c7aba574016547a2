//! Creek as a model: one 0/1 `shaded` variable per cell (the answer keys), a count per vertex
//! clue over the cells around it, and the unshaded cells connected.

use super::{Creek, Shading};
use crate::error::Result;
use crate::grid::counts::add_counts;
use crate::model::connectivity::{add_connected, ConnectivityEncoding, NodeGraph};
use crate::model::{Active, Lit, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Creek, formulation: &Formulation) -> Result<Formulated<Shading>> {
    let g = p.grid;
    let mut m = Model::new();
    let shaded = g.answer_bools(&mut m, "shaded");
    let lits: Vec<Lit> = shaded.iter().map(|v| v.lit()).collect();
    let groups = p.vertex_groups();
    let at = |v| g.vertex_name(v);
    add_counts(
        &mut m,
        "vertex count",
        &groups,
        |c| lits[c],
        |v| p.clue_value(v),
        at,
    );
    let unshaded = g.cells().map(|c| Active::from(!lits[c]));
    let graph = NodeGraph::new(unshaded, &g.edges()).with_names(|c| g.name(c));
    let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
    add_connected(&mut m, "unshaded connected", graph, None, encoding);
    Ok(Formulated::shading(m, shaded))
}
