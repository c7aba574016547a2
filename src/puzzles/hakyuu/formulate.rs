//! Hakyuu as a model: one integer per cell with the domain 1..n of its region of n cells (the
//! answer keys are its encoding's bits); each region all different (so a permutation of
//! 1..n); in every row and column, equal numbers spaced by at least their value.

use super::{Hakyuu, Numbers};
use crate::error::Result;
use crate::grid::int_lines::{add_spacing, Spacing};
use crate::model::int::{all_different, fix, IntOptions, IntVar};
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
    let options = IntOptions::read_named(formulation, INT_KEYS);
    let mut m = Model::new();
    let size = |c: usize| p.rooms.cells[p.rooms.room_of[c]].len() as i64;
    let cells: Vec<IntVar> = (g.cells())
        .map(|c| IntVar::new(&mut m, &g.name(c), &(1..=size(c)).collect::<Vec<_>>(), &options))
        .collect();
    for x in &cells {
        m.answer_keys.extend(x.key_vars());
    }
    for (c, given) in p.givens.iter().enumerate() {
        if let Some(n) = given.and_then(|clue| clue.value()) {
            fix(&mut m, &format!("given {}", g.name(c)), &cells[c], i64::from(n));
        }
    }
    for room in &p.rooms.cells {
        let xs: Vec<IntVar> = room.iter().map(|&c| cells[c].clone()).collect();
        let name = format!("region of {} numbered 1..{}", g.name(room[0]), room.len());
        all_different(&mut m, &name, &xs, &options);
    }
    let spacing = formulation.choice::<Spacing>("spacing");
    for line in g.lines() {
        let xs: Vec<&IntVar> = line.iter().map(|&c| &cells[c]).collect();
        let name = format!("spacing in the line from {}", g.name(line[0]));
        add_spacing(&mut m, &name, &xs, spacing);
    }
    Ok(Formulated::new(m, move |a| {
        cells.iter().map(|x| x.value(a) as u32).collect()
    }))
}
