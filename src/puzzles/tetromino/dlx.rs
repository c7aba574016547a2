//! The native exact-cover enumerator: a backtracker that covers the first empty cell in
//! reading order with every placement anchored there, under per-kind count bounds.

use super::bags::Bounds;
use super::field::Region;
use super::shapes::KINDS;
use super::Placement;
use crate::budget::Guard;

/// One placement compiled for the search: its kind, its orientation among the kind's, and its
/// four cell indices in the search's box (anchor first). Kept small: the search copies it.
#[derive(Clone, Copy, Debug)]
struct Compiled {
    kind: u16,
    orientation: u16,
    cells: [u32; 4],
}

/// An exact-cover enumerator for one region: all placements precomputed and grouped by the
/// cell (first in reading order) they cover first.
pub struct Enumerator {
    width: usize,
    /// The region's own width (the search box's height when transposed).
    region_width: usize,
    /// Whether the search runs on the transposed region.
    transposed: bool,
    /// Cells of the box that are not in the region start (and stay) filled.
    start: Vec<bool>,
    placements: Vec<Compiled>,
    anchored: Vec<Vec<u32>>,
    size: usize,
}

/// The search's mutable state.
struct State<'a> {
    filled: Vec<bool>,
    counts: [usize; 7],
    stack: Vec<u32>,
    bounds: &'a Bounds,
    guard: &'a mut Guard,
    nodes: u64,
}

impl Enumerator {
    /// Compiles the placements of a region (every orientation at every position inside it).
    /// A region wider than tall is searched transposed, so the first empty cell moves along
    /// the short side and the frontier stays narrow.
    pub fn new(region: &Region) -> Enumerator {
        let transposed = region.width > region.height;
        let (h, w) = if transposed {
            (region.width, region.height)
        } else {
            (region.height, region.width)
        };
        let inside = |r: i64, c: i64| {
            if transposed {
                region.contains(c, r)
            } else {
                region.contains(r, c)
            }
        };
        let mut placements = Vec::new();
        let mut anchored = vec![Vec::new(); h * w];
        let grid = region.grid();
        for kind in KINDS {
            for placed in region.placements(kind) {
                let mut cells: [u32; 4] = std::array::from_fn(|i| {
                    let (r, c) = grid.rc(placed.cells[i]);
                    let (r, c) = if transposed { (c, r) } else { (r, c) };
                    (r * w + c) as u32
                });
                // The anchor is the cell the search fills first: the first in reading order.
                cells.sort_unstable();
                anchored[cells[0] as usize].push(placements.len() as u32);
                placements.push(Compiled {
                    kind: kind.index() as u16,
                    orientation: placed.orientation as u16,
                    cells,
                });
            }
        }
        let start = (0..h * w)
            .map(|i| !inside((i / w) as i64, (i % w) as i64))
            .collect();
        Enumerator {
            width: w,
            region_width: region.width,
            transposed,
            start,
            placements,
            anchored,
            size: region.size(),
        }
    }

    /// Number of placements (candidate pieces) in the region.
    pub fn placement_count(&self) -> usize {
        self.placements.len()
    }

    /// Calls `visit` with every tiling whose kind counts lie within `bounds` (each tiling once,
    /// as a set of placements); `visit` returns `false` to stop. Returns the number of search
    /// nodes visited.
    pub fn enumerate(&self, bounds: &Bounds, visit: &mut dyn FnMut(&[Placement]) -> bool) -> u64 {
        self.enumerate_guarded(bounds, &mut Guard::new(None), visit)
    }

    /// [`Enumerator::enumerate`] that also stops when the guard says so (deadline, memory).
    pub fn enumerate_guarded(
        &self,
        bounds: &Bounds,
        guard: &mut Guard,
        visit: &mut dyn FnMut(&[Placement]) -> bool,
    ) -> u64 {
        if !self.size.is_multiple_of(4) || !bounds.admits_total(self.size / 4) {
            return 0;
        }
        let mut state = State {
            filled: self.start.clone(),
            counts: [0; 7],
            stack: Vec::with_capacity(self.size / 4),
            bounds,
            guard,
            nodes: 0,
        };
        let mut buffer = Vec::with_capacity(self.size / 4);
        self.search(0, self.size / 4, &mut state, &mut |ids: &[u32]| {
            buffer.clear();
            buffer.extend(ids.iter().map(|&i| self.placement(i)));
            visit(&buffer)
        });
        state.nodes
    }

    /// Counts the tilings within `bounds`.
    pub fn count(&self, bounds: &Bounds) -> u64 {
        let mut n = 0u64;
        self.enumerate(bounds, &mut |_| {
            n += 1;
            true
        });
        n
    }

    fn placement(&self, id: u32) -> Placement {
        let p = &self.placements[id as usize];
        let mut cells = p.cells.map(|i| {
            let (r, c) = (i as usize / self.width, i as usize % self.width);
            let (r, c) = if self.transposed { (c, r) } else { (r, c) };
            r * self.region_width + c
        });
        cells.sort_unstable();
        Placement {
            letter: KINDS[p.kind as usize].letter(),
            orientation: p.orientation as usize,
            cells,
        }
    }

    /// Returns false when the visitor asked to stop.
    fn search(
        &self,
        from: usize,
        pieces_left: usize,
        st: &mut State,
        emit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> bool {
        st.nodes += 1;
        if st.guard.stop() {
            return false;
        }
        let mut pos = from;
        while pos < st.filled.len() && st.filled[pos] {
            pos += 1;
        }
        let deficit: usize = (0..7)
            .map(|k| st.bounds.lo[k].saturating_sub(st.counts[k]))
            .sum();
        if deficit > pieces_left {
            return true;
        }
        if pos == st.filled.len() {
            return emit(&st.stack);
        }
        for &id in &self.anchored[pos] {
            let p = self.placements[id as usize];
            let kind = p.kind as usize;
            if st.counts[kind] >= st.bounds.hi[kind]
                || st.filled[p.cells[1] as usize]
                || st.filled[p.cells[2] as usize]
                || st.filled[p.cells[3] as usize]
            {
                continue;
            }
            for &c in &p.cells {
                st.filled[c as usize] = true;
            }
            st.counts[kind] += 1;
            st.stack.push(id);
            let go_on = self.search(pos + 1, pieces_left - 1, st, emit);
            st.stack.pop();
            st.counts[kind] -= 1;
            for &c in &p.cells {
                st.filled[c as usize] = false;
            }
            if !go_on {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::tetromino::bags::Bounds;
    use crate::puzzles::tetromino::formulate::placements;
    use crate::puzzles::tetromino::shapes::Kind;
    use crate::puzzles::tetromino::testing::random_region;
    use crate::puzzles::tetromino::{Tetromino, Tiling};
    use proptest::prelude::*;

    #[test]
    fn spec_counts_on_small_rectangles() {
        let one_bag = Bounds::bag_rule(4, [0; 7], [0; 7]);
        assert_eq!(
            Enumerator::new(&Region::rectangle(4, 4)).count(&one_bag),
            24
        );
        assert_eq!(
            Enumerator::new(&Region::rectangle(4, 4)).count(&Bounds::unlimited(4)),
            117
        );
        assert_eq!(
            Enumerator::new(&Region::rectangle(4, 5)).count(&Bounds::unlimited(5)),
            454
        );
        let six = Bounds::bag_rule(6, [0; 7], [0; 7]);
        assert_eq!(Enumerator::new(&Region::rectangle(4, 6)).count(&six), 2);
    }

    #[test]
    fn a_single_piece_region_has_one_tiling_per_matching_shape() {
        let region = Region::from_rows(&["XXX", "_X_"]);
        let mut seen = Vec::new();
        Enumerator::new(&region).enumerate(&Bounds::unlimited(1), &mut |t| {
            seen.push(t.to_vec());
            true
        });
        assert_eq!(seen.len(), 1);
        assert_eq!(seen[0][0].letter, 'T');
        assert_eq!(seen[0][0].cells, [0, 1, 2, 4]);
    }

    #[test]
    fn lower_bounds_hold_on_complete_tilings() {
        let mut need_s = Bounds::unlimited(1);
        need_s.lo[Kind::S.index()] = 1;
        assert_eq!(Enumerator::new(&Region::rectangle(2, 2)).count(&need_s), 0);
    }

    /// Every tiling by plain recursion over the model's placement list (cover the first
    /// uncovered cell in reading order), independent of the enumerator.
    fn brute_force(p: &Tetromino) -> Vec<Tiling> {
        fn go(
            p: &Tetromino,
            all: &[Placement],
            covered: &mut Vec<crate::grid::Cell>,
            chosen: &mut Vec<Placement>,
            out: &mut Vec<Tiling>,
        ) {
            let first =
                (p.region.grid().cells()).find(|x| p.region.cells[*x] && !covered.contains(x));
            let Some(first) = first else {
                let t = Tiling::new(chosen.clone());
                if p.bounds.admits(&t.kind_counts()) {
                    out.push(t);
                }
                return;
            };
            for pl in all.iter().filter(|pl| pl.cells[0] == first) {
                if pl.cells.iter().any(|x| covered.contains(x)) {
                    continue;
                }
                covered.extend(pl.cells);
                chosen.push(*pl);
                go(p, all, covered, chosen, out);
                chosen.pop();
                covered.truncate(covered.len() - 4);
            }
        }
        let all: Vec<Placement> = placements(p).into_iter().map(|(_, pl)| pl).collect();
        let mut out = Vec::new();
        go(p, &all, &mut Vec::new(), &mut Vec::new(), &mut out);
        out.sort();
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn the_enumerator_lists_exactly_the_brute_force_tilings((region, bounds) in random_region()) {
            let p = Tetromino { region, bounds };
            let mut mine = Vec::new();
            Enumerator::new(&p.region).enumerate(&p.bounds, &mut |t| {
                mine.push(Tiling::new(t.to_vec()));
                true
            });
            mine.sort();
            for t in &mine {
                prop_assert_eq!(p.check(t), Ok(()));
            }
            prop_assert_eq!(mine, brute_force(&p));
        }
    }

    #[test]
    fn the_visitor_can_stop_early() {
        let mut n = 0;
        Enumerator::new(&Region::rectangle(4, 4)).enumerate(&Bounds::unlimited(4), &mut |_| {
            n += 1;
            n < 3
        });
        assert_eq!(n, 3);
    }
}
