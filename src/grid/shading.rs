//! Rules many shading genres share, as constraints on one `shaded` variable per cell: no two
//! shaded cells touch, and the unshaded cells form one connected region (heyawake, hitori, …).

use super::Grid;
use crate::model::connectivity::{
    add_connected, add_no_small_islands, ConnectivityEncoding, NodeGraph,
};
use crate::model::region::SizedRegion;
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

/// The fewest wall cells that close in an island of `n` cells, as in [`close_in_islands`]:
/// 2⌈2√n⌉ + 3.
pub fn wall_to_close_in(n: usize) -> usize {
    let root = (4 * n).isqrt(); // ⌈2√n⌉ = ⌈√(4n)⌉
    let side_sum = if root * root < 4 * n { root + 1 } else { root };
    2 * side_sum + 3
}

/// Marks the border as excluded from each island that a connected wall of `wall_cells`
/// cells must close in (nurikabe's rules: islands apart, one wall). Two numbered cells that
/// touch at a corner lie in different islands, so the two cells beside both are wall; the
/// wall's path between those two, closed by the corner, is a loop with one of the islands
/// inside, off the border. A loop around an island with an h×k box passes a row or column
/// beyond the box on each side, so it has at least 2(h + k) + 3 cells, and h·k ≥ n gives
/// [`wall_to_close_in`]. When the wall is too small to close in one of the two islands, the
/// other is inside. `Err`: two numbered cells whose islands it can close in neither of.
pub fn close_in_islands(
    grid: Grid,
    islands: &mut [SizedRegion],
    wall_cells: usize,
) -> Result<(), (usize, usize)> {
    let fits = |i: &SizedRegion| i.size.map(|n| wall_to_close_in(n) <= wall_cells);
    let mut island_at = vec![None; grid.len()];
    for (i, island) in islands.iter().enumerate() {
        island_at[island.root] = Some(i);
    }
    let mut inside = Vec::new();
    for (a, island) in islands.iter().enumerate() {
        let corners_below = [-1, 1].map(|dc| grid.offset(island.root, 1, dc));
        for b in corners_below
            .into_iter()
            .flatten()
            .filter_map(|q| island_at[q])
        {
            let (p, q) = (island.root, islands[b].root);
            match (fits(island), fits(&islands[b])) {
                (Some(false), Some(false)) => return Err((p, q)),
                (Some(true), Some(false)) => inside.push(a),
                (Some(false), Some(true)) => inside.push(b),
                _ => {} // either may be inside, or a size is not known
            }
        }
    }
    let border: Vec<usize> = (grid.cells())
        .filter(|&c| grid.neighbours4(c).count() < 4)
        .collect();
    for i in inside {
        islands[i].excluded.clone_from(&border);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks the fact [`close_in_islands`] rests on, on every shading of an h×w grid (h·w ≤
    /// 30) whose shaded cells are connected: of two unshaded cells in different components
    /// that touch at a corner, one's component touches no border cell and has a size the wall
    /// can close in. Returns how many such pairs the wall's size alone decides.
    fn check_every_shading(h: usize, w: usize) -> usize {
        let n = h * w;
        let all: u64 = (1 << n) - 1;
        let left: u64 = (0..h).map(|r| 1u64 << (r * w)).sum();
        let right = left << (w - 1);
        let on_border = |c: usize| c < w || c >= n - w || c.is_multiple_of(w) || c % w == w - 1;
        let border: u64 = (0..n).filter(|&c| on_border(c)).map(|c| 1u64 << c).sum();
        let grow = |x: u64| x | x << w | x >> w | (x & !right) << 1 | (x & !left) >> 1;
        let fill = |seed: u64, within: u64| {
            let mut x = seed;
            loop {
                let y = grow(x) & within;
                if y == x {
                    return x;
                }
                x = y;
            }
        };
        let mut decided = 0;
        for wall in 1..=all {
            if fill(wall & wall.wrapping_neg(), wall) != wall {
                continue;
            }
            let (land, walls) = (all & !wall, wall.count_ones() as usize);
            let fits = |island: u64| wall_to_close_in(island.count_ones() as usize) <= walls;
            for p in (0..n - w).filter(|&p| land >> p & 1 == 1) {
                let below = p + w;
                let corners = [
                    (p % w + 1 < w).then(|| below + 1),
                    (p % w > 0).then(|| below - 1),
                ];
                for q in corners
                    .into_iter()
                    .flatten()
                    .filter(|&q| land >> q & 1 == 1)
                {
                    let (a, b) = (fill(1 << p, land), fill(1 << q, land));
                    if a == b {
                        continue;
                    }
                    let closed_in = |island: u64| island & border == 0 && fits(island);
                    assert!(
                        closed_in(a) || closed_in(b),
                        "{h}x{w}: wall {wall:b}, {p}, {q}"
                    );
                    decided += usize::from(!fits(a) || !fits(b));
                }
            }
        }
        decided
    }

    #[test]
    fn two_islands_touching_at_a_corner_leave_one_closed_in_on_every_small_grid() {
        assert_eq!(wall_to_close_in(1), 7);
        assert_eq!((wall_to_close_in(36), wall_to_close_in(37)), (27, 29));
        let decided: usize = [(3, 3), (3, 4), (4, 4), (3, 5), (4, 5), (3, 6)]
            .into_iter()
            .map(|(h, w)| check_every_shading(h, w))
            .sum();
        assert!(decided > 0, "the grids have cases the wall's size decides");
    }

    /// 5×5, 4×6 and 5×6 (13 s in a release build).
    #[test]
    #[ignore]
    fn two_islands_touching_at_a_corner_leave_one_closed_in_on_grids_up_to_5x6() {
        let decided = [(5, 5), (4, 6), (5, 6)].map(|(h, w)| check_every_shading(h, w));
        assert!(decided.iter().all(|&d| d > 0), "{decided:?}");
    }

    #[test]
    fn an_island_the_wall_must_close_in_is_kept_off_the_border() {
        // 4×4: a 1 at r2c2 touching an 8 at r3c3 at a corner leaves a wall of 7, too few to
        // close in the 8 (9 cells) but enough for the 1.
        let g = Grid::new(4, 4);
        let island = |root, size| SizedRegion {
            root,
            size: Some(size),
            excluded: Vec::new(),
        };
        let mut islands = [island(5, 1), island(10, 8)];
        assert_eq!(close_in_islands(g, &mut islands, 7), Ok(()));
        let border: Vec<usize> = vec![0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15];
        assert_eq!(
            (&islands[0].excluded, &islands[1].excluded),
            (&border, &vec![])
        );
        // A wall of 6 can close in neither.
        let mut islands = [island(5, 1), island(10, 9)];
        assert_eq!(close_in_islands(g, &mut islands, 6), Err((5, 10)));
        // A wall of 9 could close in either: nothing is known.
        let mut islands = [island(5, 1), island(10, 2)];
        assert_eq!(close_in_islands(g, &mut islands, 9), Ok(()));
        assert!(islands.iter().all(|i| i.excluded.is_empty()));
    }
}
