//! Magnetic as a model: two 0/1 answer variables per cell, `plus` and `minus` (neither:
//! neutral); a pole's plate-mate holds the other pole, equal poles never touch, and each
//! number counts one pole along a line.

use super::{Magnetic, Pole, Poles};
use crate::error::Result;
use crate::model::{Constraint, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model (magnetic has one formulation; the core's `card` key chooses the counters).
pub fn formulate(p: &Magnetic, _: &Formulation) -> Result<Formulated<Poles>> {
    let g = p.grid;
    let mut m = Model::new();
    let vars = [
        g.answer_bools(&mut m, "plus"),
        g.answer_bools(&mut m, "minus"),
    ];
    let lit = |i: usize, c: usize| vars[i][c].lit();
    let (signs, poles) = (["+", "-"], [Pole::Plus, Pole::Minus]);
    for c in g.cells() {
        let at = g.name(c);
        m.add(
            format!("one pole at {at}"),
            Constraint::clause([!lit(0, c), !lit(1, c)]),
        );
        for i in 0..2 {
            let plate = match p.partner[c] {
                None => Constraint::clause([!lit(i, c)]),
                Some(mate) => Constraint::implies(lit(i, c), lit(1 - i, mate)),
            };
            m.add(format!("{} at {at} on a plate", signs[i]), plate);
            if let Some(given) = p.givens[c] {
                let l = if given == poles[i] {
                    lit(i, c)
                } else {
                    !lit(i, c)
                };
                m.add(format!("given at {at}"), Constraint::clause([l]));
            }
        }
    }
    for (a, b) in g
        .edges()
        .into_iter()
        .filter(|&(a, b)| p.partner[a] != Some(b))
    {
        let at = format!("equal poles apart at {}-{}", g.name(a), g.name(b));
        for i in 0..2 {
            m.add(at.clone(), Constraint::clause([!lit(i, a), !lit(i, b)]));
        }
    }
    p.plus.add(&mut m, "+ poles", g, |c| lit(0, c));
    p.minus.add(&mut m, "- poles", g, |c| lit(1, c));
    Ok(Formulated::new(m, move |a| {
        let pole = |c: usize| match (a.bool(vars[0][c]), a.bool(vars[1][c])) {
            (true, _) => Pole::Plus,
            (_, true) => Pole::Minus,
            _ => Pole::Neutral,
        };
        g.cells().map(pole).collect()
    }))
}
