//! Magnetic as a model: two 0/1 answer variables per cell, `plus` and `minus` (neither:
//! neutral); a pole's plate-mate holds the other pole, equal poles never touch, and each
//! number counts one pole along a line.

use super::{Magnetic, Poles, NEUTRAL, POLES};
use crate::error::Result;
use crate::grid::Cell;
use crate::model::{Constraint, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model (magnetic has one formulation; the core's `card` key chooses the counters).
pub fn formulate(p: &Magnetic, _: &Formulation) -> Result<Formulated<Poles>> {
    let g = p.grid;
    let mut m = Model::new();
    let vars = ["plus", "minus"].map(|name| g.answer_bools(&mut m, name));
    let lit = |i: usize, c: usize| vars[i][c].lit();
    for c in g.cells() {
        let at = g.name(c);
        let one_pole = Constraint::clause([!lit(0, c), !lit(1, c)]);
        m.add(format!("one pole at {at}"), one_pole);
        for (i, pole) in POLES.into_iter().enumerate() {
            let plate = match p.partner[c] {
                None => Constraint::clause([!lit(i, c)]),
                Some(mate) => Constraint::implies(lit(i, c), lit(1 - i, mate)),
            };
            m.add(format!("{pole} at {at} on a plate"), plate);
            if let Some(given) = p.givens[c] {
                let holds = [!lit(i, c), lit(i, c)][usize::from(given == pole)];
                m.add(format!("given at {at}"), Constraint::clause([holds]));
            }
        }
    }
    for (a, b) in g.edges().into_iter().filter(|&(a, b)| p.partner[a] != Some(b)) {
        let at = format!("equal poles apart at {}-{}", g.name(a), g.name(b));
        for i in 0..2 {
            m.add(at.clone(), Constraint::clause([!lit(i, a), !lit(i, b)]));
        }
    }
    for (i, pole) in POLES.into_iter().enumerate() {
        let poles = |_: &mut Model, cells: &[Cell]| cells.iter().map(|&c| vars[i][c]).collect();
        p.counts[i].add(&mut m, g, &format!("{pole} poles"), poles);
    }
    Ok(Formulated::new(m, move |a| {
        let pole = |c: usize| match (a.bool(vars[0][c]), a.bool(vars[1][c])) {
            (true, _) => POLES[0],
            (_, true) => POLES[1],
            _ => NEUTRAL,
        };
        g.cells().map(pole).collect()
    }))
}
