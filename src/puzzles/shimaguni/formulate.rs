//! Shimaguni as a model: one 0/1 `shaded` variable per cell (the answer keys); clauses keep
//! the islands of different regions apart; each region's island is connected; its size is a
//! ladder of "at least k" literals (or the region's number), and neighbouring regions never
//! both have size k.

use super::{Shading, Shimaguni};
use crate::error::Result;
use crate::grid::counts::{add_counts, add_counts_differ, first_cell, CountLits};
use crate::model::connectivity::{add_connected, ConnectivityEncoding, NodeGraph};
use crate::model::{Active, Constraint, Lit, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Shimaguni, formulation: &Formulation) -> Result<Formulated<Shading>> {
    let g = p.grid;
    let mut m = Model::new();
    let shaded = g.answer_bools(&mut m, "shaded");
    let lits: Vec<Lit> = shaded.iter().map(|v| v.lit()).collect();
    let rooms = &p.rooms.rooms;
    for (a, b) in g
        .edges()
        .into_iter()
        .filter(|&(a, b)| rooms.wall_between(a, b))
    {
        let at = format!("islands apart at {}-{}", g.name(a), g.name(b));
        m.add(at, Constraint::clause([!lits[a], !lits[b]]));
    }
    let clue = |r: usize| p.rooms.clues[r].and_then(|c| c.value()).map(|n| n as usize);
    let at = first_cell(g, &rooms.cells);
    add_counts(
        &mut m,
        "island of the number's size",
        &rooms.cells,
        |c| lits[c],
        clue,
        at,
    );
    let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
    let mut sizes = Vec::with_capacity(rooms.len());
    for (r, cells) in rooms.cells.iter().enumerate() {
        let room = g.name(cells[0]);
        let edges: Vec<(usize, usize)> = (g.edges().into_iter())
            .filter(|(a, b)| rooms.room_of[*a] == r && rooms.room_of[*b] == r)
            .map(|(a, b)| {
                (
                    cells.binary_search(&a).unwrap(),
                    cells.binary_search(&b).unwrap(),
                )
            })
            .collect();
        let nodes = cells.iter().map(|&c| Active::from(lits[c]));
        let graph = NodeGraph::new(nodes, &edges).with_names(|i| g.name(cells[i]));
        add_connected(
            &mut m,
            &format!("island of {room} connected"),
            graph,
            None,
            encoding,
        );
        let some = cells.iter().map(|&c| lits[c]);
        m.add(format!("an island in {room}"), Constraint::clause(some));
        sizes.push(match clue(r) {
            Some(n) => CountLits::Known(n),
            None => CountLits::ladder(&mut m, &format!("island of {room}"), cells, |c| lits[c], 1),
        });
    }
    for (a, b) in p.neighbouring_rooms() {
        let (x, y) = (g.name(rooms.cells[a][0]), g.name(rooms.cells[b][0]));
        let most = rooms.cells[a].len().max(rooms.cells[b].len());
        add_counts_differ(
            &mut m,
            &format!("sizes of {x} and {y} differ"),
            &sizes[a],
            &sizes[b],
            most,
        );
    }
    Ok(Formulated::shading(m, shaded))
}
