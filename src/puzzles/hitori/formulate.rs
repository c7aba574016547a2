//! Hitori as a model: one 0/1 `shaded` variable per cell (the answer keys); of the cells of a
//! line that share a number at most one stays unshaded; no two shaded cells touch and the
//! unshaded cells are connected (the grid toolkit's shading rules).

use super::{Hitori, Shading};
use crate::error::Result;
use crate::grid::shading::{add_apart_and_connected, SmallIslands};
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::{Constraint, Lit, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Hitori, formulation: &Formulation) -> Result<Formulated<Shading>> {
    let g = p.grid;
    let mut m = Model::new();
    let shaded = g.answer_bools(&mut m, "shaded");
    for (n, cells) in p.repeats() {
        let (first, last) = (g.name(cells[0]), g.name(cells[cells.len() - 1]));
        let unshaded = cells.iter().map(|&c| !shaded[c]).collect::<Vec<Lit>>();
        m.add(
            format!("{n} once in {first}..{last}"),
            Constraint::at_most_one(unshaded),
        );
    }
    m.add(
        "something shaded",
        Constraint::clause(shaded.iter().map(|v| v.lit())),
    );
    let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
    // The propagator finds a lone unshaded cell at once; stating the cuts only made hitori's
    // model bigger (50×50: 14 → 9 ms CPU), while lazy cuts need them (25 → 14 ms).
    let islands = match encoding {
        ConnectivityEncoding::Propagator => SmallIslands::Left,
        _ => SmallIslands::Stated,
    };
    add_apart_and_connected(&mut m, g, &shaded, encoding, islands);
    Ok(Formulated::shading(m, shaded))
}
