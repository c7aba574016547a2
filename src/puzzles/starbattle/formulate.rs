//! Star battle as a model: one 0/1 `star` per cell (the answer keys), "no two touching" by the
//! chosen encoding, and one cardinality row per row, column and room (the core `card` key picks
//! its CNF encoding; MIP backends take the rows as they are).

use super::{StarBattle, Stars};
use crate::error::Result;
use crate::grid::kings::LineCount;
use crate::model::{LinExpr, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &StarBattle, formulation: &Formulation) -> Result<Formulated<Stars>> {
    let g = p.grid;
    let mut m = Model::new();
    let star = g.answer_bools(&mut m, "star");
    g.add_no_touching(&mut m, &star, formulation.choice("touching"));
    p.rooms.add_outside_empty(&mut m, g, &star);
    let count = formulation.choice::<LineCount>("lines");
    let lines = g.rows().into_iter().chain(g.columns()).map(|l| (l, true));
    let rooms = p.rooms.cells.iter().map(|cells| (cells.clone(), false));
    for (cells, is_line) in lines.chain(rooms) {
        let counters = match is_line {
            true => g.line_counters(&mut m, &star, &cells, count),
            false => cells.iter().map(|&c| star[c]).collect(),
        };
        let name = format!(
            "stars of {}..{}",
            g.name(cells[0]),
            g.name(cells[cells.len() - 1])
        );
        m.add(name, LinExpr::sum_vars(counters).eq(p.stars as i64));
    }
    let decode = move |a: &crate::model::Assignment| star.iter().map(|&v| a.bool(v)).collect();
    Ok(Formulated::new(m, decode))
}
