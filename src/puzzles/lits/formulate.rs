//! LITS as a model: one 0/1 `shaded` per cell (the answer keys), one 0/1 per placement of a
//! piece inside a room (exactly one per room; a cell is shaded iff a placement covers it), one
//! 0/1 `letter` per room and piece (true when its placement has that letter), and the other rules as clauses.

use super::{lits_pieces, Lits, Pieces};
use crate::error::Result;
use crate::grid::polyomino::add_one_placement;
use crate::grid::shading::add_no_full_2x2;
use crate::model::connectivity::{add_connected, add_no_small_islands};
use crate::model::connectivity::{ConnectivityEncoding, NodeGraph};
use crate::model::{Constraint, Model, Var};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Lits, formulation: &Formulation) -> Result<Formulated<Pieces>> {
    let (g, rooms) = (p.grid, &p.rooms);
    let mut m = Model::new();
    let shaded = g.answer_bools(&mut m, "shaded");
    rooms.add_outside_empty(&mut m, g, &shaded);
    let letters: Vec<char> = lits_pieces().iter().map(|p| p.letter).collect();
    // Rule 1; letter[room][k] says the room's piece is letters[k].
    let placed = p.room_placements().into_iter().zip(&rooms.cells);
    let letter: Vec<Vec<Var>> = (placed.map(|(placed, cells)| {
        let room = g.name(cells[0]);
        add_one_placement(&mut m, &room, &placed, cells, &shaded, &letters).letters
    }))
    .collect();
    // Rule 2: across a border, two shaded cells never belong to pieces of the same letter.
    let edges = g.edges();
    for &(a, b) in edges.iter().filter(|&&(a, b)| rooms.between_rooms(a, b)) {
        let (ra, rb) = (rooms.room_of[a], rooms.room_of[b]);
        for (k, l) in letters.iter().enumerate() {
            let both = [!shaded[a], !shaded[b], !letter[ra][k], !letter[rb][k]];
            let name = format!("no two {l} at {}-{}", g.name(a), g.name(b));
            m.add(name, Constraint::clause(both));
        }
    }
    // Rule 4.
    add_no_full_2x2(&mut m, "no 2x2", g, |c| shaded[c].lit());
    // Rule 3. Every room holds four shaded cells, so islands of one or two are cut at once.
    let graph = NodeGraph::new(shaded.iter().map(|&v| v.into()), &edges);
    let graph = graph.with_names(|c| g.name(c));
    add_no_small_islands(&mut m, "shaded", &graph);
    let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
    add_connected(&mut m, "shaded connected", graph, None, encoding);
    let room_of = rooms.room_of.clone();
    let decode = move |a: &crate::model::Assignment| -> Pieces {
        let piece = |c: usize| letter[room_of[c]].iter().position(|&v| a.bool(v));
        let cell = |c: usize| a.bool(shaded[c]).then(|| piece(c).map(|k| letters[k]))?;
        (0..shaded.len()).map(cell).collect()
    };
    Ok(Formulated::new(m, decode))
}
