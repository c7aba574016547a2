//! Nurikabe as a model: one 0/1 `shaded` variable per cell (the answer keys); the islands are
//! sized regions around the numbers, the wall is one connected region, and 2×2 blocks are
//! clauses.

use super::{Nurikabe, Shading};
use crate::error::Result;
use crate::grid::shading::{add_no_full_2x2, close_in_islands};
use crate::grid::Clue;
use crate::model::connectivity::{
    add_connected, add_no_small_islands, ConnectivityEncoding, NodeGraph,
};
use crate::model::region::{add_sized_regions, OutsideRegions, RegionEncoding, SizedRegion};
use crate::model::{Active, Cmp, Constraint, LinExpr, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation: the shading, islands around the numbers, a connected wall.
pub fn formulate(p: &Nurikabe, formulation: &Formulation) -> Result<Formulated<Shading>> {
    let g = p.grid;
    let mut m = Model::new();
    let shaded = g.answer_bools(&mut m, "shaded");
    let numbered = |c: usize| p.clues[c].is_some();
    for c in g.cells().filter(|&c| numbered(c)) {
        m.add(
            format!("number {} unshaded", g.name(c)),
            Constraint::clause([!shaded[c]]),
        );
    }
    add_no_full_2x2(&mut m, "no 2x2 wall", g, |c| shaded[c].lit());
    let edges = g.edges();
    let cell_of = |c: usize, wall: bool| match (numbered(c), wall) {
        (true, wall) => Active::from(!wall),
        (false, true) => Active::from(shaded[c]),
        (false, false) => Active::from(!shaded[c]),
    };
    let name = |c| g.name(c);
    let land = NodeGraph::new(g.cells().map(|c| cell_of(c, false)), &edges).with_names(name);
    let wall = NodeGraph::new(g.cells().map(|c| cell_of(c, true)), &edges).with_names(name);
    let mut islands: Vec<SizedRegion> = (g.cells().filter(|&c| numbered(c)))
        .map(|root| SizedRegion {
            root,
            size: p.clues[root].and_then(Clue::value).map(|n| n as usize),
            excluded: Vec::new(),
        })
        .collect();
    // With every size known the wall has a known number of cells; when that is three or
    // more, a lone wall cell or pair is never right.
    let land_cells: Option<usize> = islands.iter().map(|i| i.size).sum();
    if land_cells.is_some_and(|n| n + 3 <= g.len()) {
        add_no_small_islands(&mut m, "wall", &wall);
    }
    let wall_cells = land_cells.and_then(|n| g.len().checked_sub(n));
    // Numbers touching at a corner: the wall closes one island in, off the border, and may be
    // too small to close in the other (janko's 29_10x10, a 37 touching a 36 with a wall of
    // 27: uniqueness unproved in 300 s → 6 s; docs/genres/nurikabe.md).
    if let Some(Err((a, b))) = wall_cells.map(|w| close_in_islands(g, &mut islands, w)) {
        let why = format!("no wall this size closes in {} or {}", g.name(a), g.name(b));
        m.add(why, Constraint::clause([]));
    }
    let islands_by = formulation.choice::<RegionEncoding>("islands");
    let outside = OutsideRegions::Forbidden;
    add_sized_regions(&mut m, "islands", &land, &islands, outside, islands_by);
    // A wall of at most a third of the grid is a thin separator between big islands, and its
    // count bounds how far it can wander (janko's 753_10x10, a wall of 19: 42 s → 10 s;
    // 1030_32x32, 10: 11.7 → 7.4–8.3 s). On a wider wall the count costs a totalizer of
    // cells × wall and slows the search (from 36% of the grid up no janko puzzle gained and
    // some lost up to 100×: 1063_10x10 0.01 → 0.49 s, 962_10x10 0.05 → 6.1 s; always stated,
    // the collection took 107 s instead of 39 s); docs/genres/nurikabe.md.
    if let Some(w) = wall_cells.filter(|&w| 3 * w <= g.len()) {
        let count = Constraint::linear(LinExpr::sum_vars(shaded.clone()), Cmp::Eq, w as i64);
        m.add(format!("the wall has {w} cells"), count);
    }
    let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
    add_connected(&mut m, "wall connected", wall, None, encoding);
    Ok(Formulated::shading(m, shaded))
}
