//! Numberlink as a model: one 0/1 variable per pair of adjacent cells (the answer keys), and
//! the paths between the pairs of equal numbers on them (`model::paths`).

use super::{Links, Numberlink};
use crate::error::Result;
use crate::grid::lines::GridLines;
use crate::model::active::add_contradiction;
use crate::model::loops::EdgeGraph;
use crate::model::paths::{add_paths, PathEncoding};
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Numberlink, formulation: &Formulation) -> Result<Formulated<Links>> {
    let (m, lines) = paths_model(p, formulation);
    Ok(Formulated::new(m, move |a| lines.decode(a)))
}

/// The model and the line of each edge.
pub fn paths_model(p: &Numberlink, formulation: &Formulation) -> (Model, GridLines) {
    let g = p.grid;
    let mut m = Model::new();
    let lines = GridLines::new(&mut m, g, "line");
    let (pairs, odd) = p.pairs();
    if let Some((n, _)) = odd.first() {
        add_contradiction(&mut m, &format!("the number {n} is not written twice"));
    }
    let graph = EdgeGraph::new(g.len(), &g.edges(), lines.used.iter().map(|&v| v.into()))
        .with_names(|c| g.name(c));
    let encoding = formulation.choice::<PathEncoding>("paths");
    add_paths(&mut m, "paths", &graph, &pairs, encoding, formulation.choice("reduce"));
    (m, lines)
}

