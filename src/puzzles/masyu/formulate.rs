//! Masyu as a model: one 0/1 variable per pair of adjacent cells (the answer keys), one loop
//! over the cells through the first pearl, and each pearl's rule as clauses.

use super::{Links, Masyu, Pearl};
use crate::error::Result;
use crate::grid::lines::{GridLines, DIRECTIONS};
use crate::model::active::add_clause;
use crate::model::loops::{LoopEncoding, LoopGuard};
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Masyu, formulation: &Formulation) -> Result<Formulated<Links>> {
    let g = p.grid;
    let mut m = Model::new();
    let lines = GridLines::new(&mut m, g, "line");
    // The loop passes every pearl, so the first one roots it; pzprjs refuses an empty board.
    let first = p.pearl_cells().next();
    let guard = first.map_or(LoopGuard::NonEmpty, |(p, _)| LoopGuard::Through(p));
    let encoding = formulation.choice::<LoopEncoding>("loop");
    let on = lines.add_single_loop(&mut m, "loop", guard, encoding);
    let at = |p, (dr, dc): (isize, isize)| lines.at(p, dr, dc);
    for (p, pearl) in p.pearl_cells() {
        let name = g.name(p);
        add_clause(&mut m, format!("pearl {name} on the loop"), [on[p]]);
        match pearl {
            Pearl::White => {
                lines.add_no_turn(&mut m, &format!("white {name} straight"), p);
                // Along either axis: not straight on through both neighbours as well.
                for d in [(0, 1), (1, 0)] {
                    let back = (-d.0, -d.1);
                    let (Some(a), Some(b)) = (g.offset(p, d.0, d.1), g.offset(p, back.0, back.1))
                    else {
                        continue;
                    };
                    let turn = format!("white {name} turns next to it");
                    add_clause(&mut m, turn, [!at(p, d), !at(a, d), !at(b, back)]);
                }
            }
            Pearl::Black => {
                for (_, dr, dc) in DIRECTIONS {
                    let d = (dr, dc);
                    if let Some(q) = g.offset(p, dr, dc) {
                        let on_beyond = format!("black {name} straight beyond");
                        add_clause(&mut m, on_beyond, [!at(p, d), at(q, d)]);
                    }
                }
                for d in [(0, 1), (1, 0)] {
                    let turn = format!("black {name} turns");
                    add_clause(&mut m, turn, [!at(p, d), !at(p, (-d.0, -d.1))]);
                }
            }
        }
    }
    Ok(Formulated {
        model: m,
        decode: Box::new(move |a| lines.decode(a)),
    })
}
