//! Rules many shading genres share, as constraints on one `shaded` variable per cell: no two
//! shaded cells touch, and the unshaded cells form one connected region (heyawake, hitori, …).

use super::Grid;
use crate::model::connectivity::{
    add_connected, add_no_small_islands, ConnectivityEncoding, NodeGraph,
};
use crate::model::{Constraint, Lit, Model, Var};

/// Adds "no two shaded cells share an edge" and "the unshaded cells are connected" (in the
/// given encoding).
pub fn add_apart_and_connected(
    model: &mut Model,
    grid: Grid,
    shaded: &[Var],
    encoding: ConnectivityEncoding,
) {
    let edges = grid.edges();
    for &(a, b) in &edges {
        let name = format!("no touching {}-{}", grid.name(a), grid.name(b));
        model.add(name, Constraint::clause([!shaded[a], !shaded[b]]));
    }
    let unshaded: Vec<Lit> = shaded.iter().map(|&v| !v).collect();
    let graph =
        NodeGraph::new(unshaded.iter().map(|&l| l.into()), &edges).with_names(|v| grid.name(v));
    // Redundant but sound: with no two shaded cells touching at most half the cells are
    // shaded, so a grid of six or more cells keeps at least three unshaded. These are the cuts
    // the lazy loop would otherwise find first, over and over.
    if grid.len() >= 6 {
        add_no_small_islands(model, "unshaded", &graph);
    }
    add_connected(model, "unshaded connected", &graph, None, encoding);
}
