//! Dominos as a model: every two neighbouring cells are a candidate domino, grouped by the
//! domino of the set their pips make; the core's exact cover chooses one candidate per domino
//! of the set and covers every cell once.

use super::{Dominos, Labels};
use crate::error::Result;
use crate::model::division::{add_exact_cover, cover_labels, first_appearance, Candidate};
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation};

/// The model: one 0/1 per pair of neighbouring cells, an exact cover.
pub fn formulate(p: &Dominos, _: &Formulation) -> Result<Formulated<Labels>> {
    let g = p.grid;
    let candidates: Vec<Candidate> = (g.edges().into_iter())
        .map(|(a, b)| Candidate {
            group: p.domino(p.pips[a], p.pips[b]),
            nodes: vec![a, b],
        })
        .collect();
    let mut m = Model::new();
    let name = |c: usize| g.name(c);
    let vars = add_exact_cover(&mut m, "dominoes", g.len(), p.set_size(), &candidates, name);
    Ok(Formulated::new(m, move |a| {
        first_appearance(&cover_labels(a, g.len(), &candidates, &vars))
    }))
}
