//! Heyawake as a model: one 0/1 `shaded` variable per cell (the answer keys), and each rule as
//! constraints, read like the rules.

use super::{Heyawake, Shading};
use crate::error::Result;
use crate::grid::shading::{add_apart_and_connected, SmallIslands};
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::{Constraint, LinExpr, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Heyawake, formulation: &Formulation) -> Result<Formulated<Shading>> {
    let g = p.grid;
    let mut m = Model::new();
    let shaded = g.answer_bools(&mut m, "shaded");
    for (label, cells, clue) in p.rooms.iter() {
        if let Some(clue) = clue {
            let count = LinExpr::sum_vars(cells.iter().map(|&c| shaded[c]));
            m.add(format!("room {label} count"), count.eq(clue as i64));
        }
    }
    // Rule 4: between two consecutive room borders of a line (and one cell beyond each),
    // something is shaded.
    for line in g.lines() {
        let borders: Vec<usize> = (0..line.len().saturating_sub(1))
            .filter(|&i| p.rooms.rooms.wall_between(line[i], line[i + 1]))
            .collect();
        for pair in borders.windows(2) {
            let cells = &line[pair[0]..=pair[1] + 1];
            let name = format!(
                "no run over two borders {}..{}",
                g.name(cells[0]),
                g.name(cells[cells.len() - 1])
            );
            m.add(
                name,
                Constraint::clause(cells.iter().map(|&c| shaded[c].lit())),
            );
        }
    }
    m.add(
        "something shaded",
        Constraint::clause(shaded.iter().map(|v| v.lit())),
    );
    // Rules 1 and 2.
    let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
    add_apart_and_connected(&mut m, g, &shaded, encoding, SmallIslands::Stated);
    Ok(Formulated::shading(m, shaded))
}
