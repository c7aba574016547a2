//! Kuromasu as a model: one 0/1 `black` variable per cell (the answer keys); numbered cells
//! white, no two black cells touching and the white cells connected (the core's shading
//! rule), and each number a sight count over its four rays.

use super::{Kuromasu, Shading};
use crate::error::Result;
use crate::grid::shading::{add_apart_and_connected, SmallIslands};
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::sight::{add_seen_count, SightEncoding};
use crate::model::{Active, Constraint, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation: the shading, the numbers' sight counts, apart and connected.
pub fn formulate(p: &Kuromasu, formulation: &Formulation) -> Result<Formulated<Shading>> {
    let g = p.grid;
    let mut m = Model::new();
    let black = g.answer_bools(&mut m, "black");
    let white = |c: usize| match p.clues[c] {
        Some(_) => Active::Always,
        None => Active::from(!black[c]),
    };
    let sight = formulation.choice::<SightEncoding>("sight");
    for c in g.cells() {
        let Some(clue) = p.clues[c] else { continue };
        m.add(
            format!("number {} white", g.name(c)),
            Constraint::clause([!black[c]]),
        );
        if let Some(n) = clue.value() {
            let rays = g
                .rays(c, |_| false)
                .map(|ray| ray.into_iter().map(white).collect());
            add_seen_count(&mut m, &g.name(c), &rays, n as usize - 1, sight);
        }
    }
    let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
    add_apart_and_connected(&mut m, g, &black, encoding, SmallIslands::Stated);
    Ok(Formulated::shading(m, black))
}
