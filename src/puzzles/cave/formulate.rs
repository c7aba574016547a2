//! Cave as a model: one 0/1 `outside` variable per cell (the answer keys); numbered cells in
//! the cave, the cave connected, every outside cell tied to an outside cell on the edge, each
//! number a sight count over its four rays, and (implied, for propagation) no 2×2 checkerboard.

use super::{Cave, Shading};
use crate::error::Result;
use crate::model::connectivity::{
    add_connected, add_reaches_root, ConnectivityEncoding, NodeGraph,
};
use crate::model::sight::{add_seen_count, SightEncoding};
use crate::model::{Active, Constraint, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation: the shading, the sight counts, a connected cave, an open outside.
pub fn formulate(p: &Cave, formulation: &Formulation) -> Result<Formulated<Shading>> {
    let g = p.grid;
    let mut m = Model::new();
    let outside = g.answer_bools(&mut m, "outside");
    let cave = |c: usize| match p.clues[c] {
        Some(_) => Active::Always,
        None => Active::from(!outside[c]),
    };
    let sight = formulation.choice::<SightEncoding>("sight");
    for c in g.cells() {
        let Some(clue) = p.clues[c] else { continue };
        m.add(
            format!("number {} in the cave", g.name(c)),
            Constraint::clause([!outside[c]]),
        );
        if let Some(n) = clue.value() {
            let rays = g
                .rays(c, |_| false)
                .map(|ray| ray.into_iter().map(cave).collect());
            add_seen_count(&mut m, &g.name(c), &rays, n as usize - 1, sight);
        }
    }
    // A connected cave with every outside area on the edge has no hole, so no 2×2 block is a
    // checkerboard: its two diagonal cave cells would be joined around one of the others.
    for [a, b, c, d] in g.windows2x2() {
        let name = format!("no checkerboard at {}", g.name(a));
        let (a, b, c, d) = (outside[a], outside[b], outside[c], outside[d]);
        m.add(name.clone(), Constraint::clause([a.lit(), d.lit(), !b, !c]));
        m.add(name, Constraint::clause([!a, !d, b.lit(), c.lit()]));
    }
    let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
    let edges = g.edges();
    let name = |c| g.name(c);
    let caves = NodeGraph::new(g.cells().map(cave), &edges).with_names(name);
    let root = g.cells().find(|&c| p.clues[c].is_some());
    add_connected(&mut m, "cave connected", caves, root, encoding);
    let outer = NodeGraph::new(g.cells().map(|c| !cave(c)), &edges).with_names(name);
    let edge_cells: Vec<usize> = g.cells().filter(|&c| p.on_edge(c)).collect();
    add_reaches_root(
        &mut m,
        "outside reaches the edge",
        &outer,
        &edge_cells,
        encoding,
    );
    Ok(Formulated::shading(m, outside))
}
