//! Star battle as a model: one 0/1 `star` per cell (the answer keys), "no two touching" by the
//! chosen encoding, and one cardinality row per row, column and room (the core `card` key picks
//! its CNF encoding; MIP backends take the rows as they are).

use super::logic::Mark;
use super::{StarBattle, Stars};
use crate::error::Result;
use crate::grid::kings::LineCount;
use crate::grid::runs;
use crate::model::{Constraint, LinExpr, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &StarBattle, formulation: &Formulation) -> Result<Formulated<Stars>> {
    let g = p.grid;
    let mut m = Model::new();
    let star = g.answer_bools(&mut m, "star");
    g.add_no_touching(&mut m, &star, formulation.choice("touching"));
    p.rooms.add_outside_empty(&mut m, g, &star);
    // The cells logic decided, as unit facts (none when it found a contradiction: the solver
    // then shows there is no solution on its own); the counts below are over the open cells.
    let marks = match formulation.get("pre") {
        "none" => None,
        _ => p.logic(None),
    };
    let mark = |c: usize| marks.map_or(Mark::Open, |marks| marks[c]);
    for c in g.cells() {
        let fact = match mark(c) {
            Mark::Open => continue,
            Mark::Star => Constraint::clause([star[c].lit()]),
            Mark::Empty => Constraint::clause([!star[c]]),
        };
        m.add(format!("logic decides {}", g.name(c)), fact);
    }
    let count = formulation.choice::<LineCount>("lines");
    let lines = g.rows().into_iter().chain(g.columns()).map(|l| (l, true));
    let rooms = p.rooms.cells.iter().map(|cells| (cells.clone(), false));
    for (cells, is_line) in lines.chain(rooms) {
        let stars = cells.iter().filter(|&&c| mark(c) == Mark::Star).count();
        // A line's pair counters need neighbouring cells: one set per run of open cells.
        let counters: Vec<_> = match is_line {
            true => runs(&cells, |c| mark(c) == Mark::Open)
                .iter()
                .flat_map(|run| g.line_counters(&mut m, &star, run, count))
                .collect(),
            false => (cells.iter().filter(|&&c| mark(c) == Mark::Open))
                .map(|&c| star[c])
                .collect(),
        };
        if counters.is_empty() {
            continue; // decided: logic's facts hold its stars
        }
        let name = format!(
            "stars of {}..{}",
            g.name(cells[0]),
            g.name(cells[cells.len() - 1])
        );
        m.add(name, LinExpr::sum_vars(counters).eq(p.stars as i64 - stars as i64));
    }
    let decode = move |a: &crate::model::Assignment| star.iter().map(|&v| a.bool(v)).collect();
    Ok(Formulated::new(m, decode))
}
