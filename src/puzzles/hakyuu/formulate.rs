//! Hakyuu as a model: one integer per cell with the domain 1..n of its region of n cells (the
//! answer keys are its encoding's bits); each region all different (so a permutation of
//! 1..n); in every row and column, equal numbers spaced by at least their value.

use super::{Hakyuu, Numbers};
use crate::error::Result;
use crate::grid::int_lines::{add_spacing, Spacing};
use crate::grid::int_cells::{answer_ints, fix_givens, on_line, values};
use crate::grid::Clue;
use crate::model::int::{all_different, IntOptions, IntVar};
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation, FormulationKey};

/// The integer choices that matter here (no sums).
const INT_KEYS: &[&str] = &["int", "alldiff"];

/// The formulation keys: the integers' encoding, the regions' all-different, the spacing.
pub fn keys() -> Vec<FormulationKey> {
    let mut keys = IntOptions::keys_named(INT_KEYS);
    let doc = "how equal numbers keep their distance in a row or column";
    keys.push(FormulationKey::of::<Spacing>("spacing", doc, "pairs"));
    keys
}

/// The model of a formulation.
pub fn formulate(p: &Hakyuu, formulation: &Formulation) -> Result<Formulated<Numbers>> {
    let g = p.grid;
    let options = IntOptions::from(formulation);
    let mut m = Model::new();
    let size = |c: usize| p.rooms.cells[p.rooms.room_of[c]].len() as i64;
    let cells = answer_ints(&mut m, g, &options, |c| (1..=size(c)).collect());
    fix_givens(&mut m, g, &cells, |c| p.givens[c].and_then(Clue::value).map(i64::from));
    for room in &p.rooms.cells {
        let xs: Vec<IntVar> = room.iter().map(|&c| cells[c].clone()).collect();
        let name = format!("region of {} numbered 1..{}", g.name(room[0]), room.len());
        all_different(&mut m, &name, &xs, &options);
    }
    let spacing = formulation.choice::<Spacing>("spacing");
    for line in g.lines() {
        let name = format!("spacing in the line from {}", g.name(line[0]));
        add_spacing(&mut m, &name, &on_line(&cells, &line), spacing);
    }
    Ok(Formulated::new(m, move |a| values(&cells, a)))
}
