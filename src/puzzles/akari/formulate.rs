//! Akari as a model: one 0/1 `lamp` variable per cell (the answer keys); no lamp on a black
//! cell, numbered black cells count their neighbours' lamps, and over the runs of white cells
//! (cells that see each other) the core's covering rule: at most one lamp per run, every white
//! cell lit.

use super::{Akari, Lamps};
use crate::error::Result;
use crate::grid::visibility::{add_lit_once, CoverEncoding};
use crate::grid::Clue;
use crate::model::{Constraint, LinExpr, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation: lamps, the numbers, at most one per run, every white cell lit.
pub fn formulate(p: &Akari, formulation: &Formulation) -> Result<Formulated<Lamps>> {
    let g = p.grid;
    let mut m = Model::new();
    let lamp = g.answer_bools(&mut m, "lamp");
    for c in g.cells().filter(|&c| p.is_wall(c)) {
        m.add(
            format!("no lamp on {}", g.name(c)),
            Constraint::clause([!lamp[c]]),
        );
        if let Some(Clue::Number(n)) = p.walls[c] {
            let around = g.neighbours4(c).filter(|&x| !p.is_wall(x));
            let sum = LinExpr::sum_vars(around.map(|x| lamp[x]));
            m.add(
                format!("{} lamps beside {}", n, g.name(c)),
                sum.eq(n as i64),
            );
        }
    }
    let runs = g.sight_runs(|c| p.is_wall(c));
    let encoding = formulation.choice::<CoverEncoding>("light");
    add_lit_once(&mut m, g, &runs, &lamp, encoding);
    Ok(Formulated::shading(m, lamp))
}
