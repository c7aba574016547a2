//! Rules many shading genres share, as constraints on one `shaded` variable per cell: no two
//! shaded cells touch, and the unshaded cells form one connected region (heyawake, hitori, …).

use super::Grid;
use crate::model::connectivity::{
    add_connected, add_no_small_islands, ConnectivityEncoding, NodeGraph,
};
use crate::model::{Constraint, Lit, Model, Var};

/// Whether [`add_apart_and_connected`] also states the small-island cuts up front.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmallIslands {
    /// State them: the lazy loop would find them one by one, and on rooms with tight counts
    /// (heyawake) their unit propagation helps any encoding.
    Stated,
    /// Leave them to the connectivity encoding (the propagator finds a lone cell at once; on
    /// hitori, stating them only makes the model bigger).
    Left,
}

/// Adds "no two shaded cells share an edge" and "the unshaded cells are connected" (in the
/// given encoding).
pub fn add_apart_and_connected(
    model: &mut Model,
    grid: Grid,
    shaded: &[Var],
    encoding: ConnectivityEncoding,
    small_islands: SmallIslands,
) {
    let edges = grid.edges();
    let unshaded: Vec<Lit> = shaded.iter().map(|&v| !v).collect();
    let graph =
        NodeGraph::new(unshaded.iter().map(|&l| l.into()), &edges).with_names(|v| grid.name(v));
    for &(a, b) in &edges {
        let name = ["no touching ", graph.name(a), "-", graph.name(b)].concat();
        model.add(name, Constraint::clause([!shaded[a], !shaded[b]]));
    }
    // Redundant but sound: with no two shaded cells touching at most half the cells are
    // shaded, so a grid of six or more cells keeps at least three unshaded. These are the cuts
    // the lazy loop would otherwise find first, over and over.
    if grid.len() >= 6 && small_islands == SmallIslands::Stated {
        add_no_small_islands(model, "unshaded", &graph);
    }
    add_connected(model, "unshaded connected", graph, None, encoding);
}

/// No 2×2 block has all four `full` literals true (nurikabe's wall, LITS's shading): one
/// clause per block, named `{name} at CELL`.
pub fn add_no_full_2x2(m: &mut Model, name: &str, grid: Grid, full: impl Fn(usize) -> Lit) {
    for w in grid.windows2x2() {
        let at = format!("{name} at {}", grid.name(w[0]));
        m.add(at, Constraint::clause(w.map(|c| !full(c))));
    }
}
