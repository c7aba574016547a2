//! Pruned enumeration: split the region into independent parts (components, articulation
//! cells that cut off a part of size ≡ 0 mod 4), enumerate each part's kind multisets that
//! pass the parity filters, tile each (part, multiset) once (memoised by shape), and combine
//! the parts under the global kind bounds.

use super::bags::Bounds;
use super::dlx::Enumerator;
use super::field::Region;
use super::shapes::{all_orientations, Kind, KINDS};
use super::Placement;
use crate::budget::{Guard, Halt};
use crate::graph;
use std::collections::{BTreeMap, HashMap};

/// A cell as (row, column).
pub type Cell = (u16, u16);

/// The grid graph of the box holding a set of cells, the box width and the membership mask.
fn grid_of(cells: &[Cell]) -> (Vec<Vec<usize>>, usize, Vec<bool>) {
    let h = cells.iter().map(|c| c.0 as usize + 1).max().unwrap_or(0);
    let w = cells.iter().map(|c| c.1 as usize + 1).max().unwrap_or(0);
    let grid = crate::grid::Grid::new(h, w);
    let mut member = vec![false; grid.len()];
    for &(r, c) in cells {
        member[grid.cell(r as usize, c as usize)] = true;
    }
    (grid.adjacency(), w, member)
}

/// The connected components of a set of cells (4-adjacency), each in reading order.
pub fn components(cells: &[Cell]) -> Vec<Vec<Cell>> {
    let (adj, w, member) = grid_of(cells);
    graph::components(&adj, |i| member[i])
        .into_iter()
        .map(|comp| {
            comp.into_iter()
                .map(|i| ((i / w) as u16, (i % w) as u16))
                .collect()
        })
        .collect()
}

/// The articulation cells of a set of cells (cells whose removal disconnects their
/// component), by the core's lowlink.
pub fn articulation_cells(cells: &[Cell]) -> Vec<Cell> {
    let (adj, w, member) = grid_of(cells);
    graph::articulation_points(&adj, |i| member[i])
        .into_iter()
        .map(|i| ((i / w) as u16, (i % w) as u16))
        .collect()
}

/// Splits a region into independent parts: connected components, recursively cut at
/// articulation cells that leave a side of size ≡ 0 or 3 mod 4 (see `cut_off`).
/// `None` when some part's size is not a multiple of 4 (no tiling).
pub fn split(region: &Region) -> Option<Vec<Vec<Cell>>> {
    let cells: Vec<Cell> = region
        .cell_list()
        .into_iter()
        .map(|(r, c)| (r as u16, c as u16))
        .collect();
    let mut out = Vec::new();
    let mut todo = components(&cells);
    while let Some(part) = todo.pop() {
        if part.len() % 4 != 0 {
            return None;
        }
        match cut_off(&part) {
            Some((side, rest)) => {
                todo.push(side);
                todo.extend(components(&rest));
            }
            None => out.push(part),
        }
    }
    out.sort();
    Some(out)
}

/// A split of a connected part at an articulation cell `a` into two cell sets that no piece
/// crosses: a side S of `part − a` with |S| ≡ 0 (mod 4) is cut off as it is (the piece on `a`
/// cannot reach into S, or S would keep a remainder); with |S| ≡ 3 (mod 4) the piece on `a`
/// must take exactly three cells of S, so S + `a` is cut off. The rest may be disconnected.
fn cut_off(part: &[Cell]) -> Option<(Vec<Cell>, Vec<Cell>)> {
    for a in articulation_cells(part) {
        let without: Vec<Cell> = part.iter().copied().filter(|&c| c != a).collect();
        let sides = components(&without);
        let side = match sides.iter().find(|s| s.len() % 4 == 0) {
            Some(s) => s.clone(),
            None => match sides.iter().find(|s| s.len() % 4 == 3) {
                Some(s) => {
                    let mut with_a = s.clone();
                    with_a.push(a);
                    with_a.sort_unstable();
                    with_a
                }
                None => continue,
            },
        };
        let rest: Vec<Cell> = part
            .iter()
            .copied()
            .filter(|c| side.binary_search(c).is_err())
            .collect();
        return Some((side, rest));
    }
    None
}

/// A 2-colouring of the plane with period 4 in both directions, as a 4×4 pattern.
type Colouring = [[bool; 4]; 4];

/// A colouring as a rule on (row, column).
type ColourRule = fn(usize, usize) -> bool;

/// Receives one tiling per part and the summed kind counts; returns `false` to stop.
type CombineVisitor<'v> = dyn FnMut(&[&[Placement]], &[usize; 7]) -> bool + 'v;

/// A parity filter: a colouring and, per kind, the largest deviation `|A − B| / 2` of one
/// piece and the deviation's parity when every placement of the kind shares it.
#[derive(Clone, Debug)]
pub struct ParityFilter {
    /// A readable name (`checkerboard`, `columns`, …).
    pub name: String,
    colouring: Colouring,
    max_dev: [usize; 7],
    parity: [Option<usize>; 7],
}

impl ParityFilter {
    fn new(name: String, colouring: Colouring) -> ParityFilter {
        let mut max_dev = [0; 7];
        let mut parities: [Vec<usize>; 7] = Default::default();
        for o in all_orientations() {
            for dr in 0..4 {
                for dc in 0..4 {
                    let a = o
                        .cells
                        .iter()
                        .filter(|&&(r, c)| colouring[(r as usize + dr) % 4][(c as usize + dc) % 4])
                        .count() as i64;
                    let dev = ((a - (4 - a)).unsigned_abs() / 2) as usize;
                    let k = o.kind.index();
                    max_dev[k] = max_dev[k].max(dev);
                    if !parities[k].contains(&(dev % 2)) {
                        parities[k].push(dev % 2);
                    }
                }
            }
        }
        let parity = parities.map(|p| if p.len() == 1 { Some(p[0]) } else { None });
        ParityFilter {
            name,
            colouring,
            max_dev,
            parity,
        }
    }

    /// The bias `|#A − #B| / 2` of a set of cells (`None` when `|#A − #B|` is odd).
    pub fn bias(&self, cells: &[Cell]) -> Option<usize> {
        let a = cells
            .iter()
            .filter(|&&(r, c)| self.colouring[r as usize % 4][c as usize % 4])
            .count() as i64;
        let diff = (a - (cells.len() as i64 - a)).unsigned_abs() as usize;
        diff.is_multiple_of(2).then_some(diff / 2)
    }

    /// Whether a part with this bias may be tiled with these kind counts (a necessary
    /// condition: bias ≤ Σ count·max deviation, and the parities agree when they are fixed).
    pub fn admits(&self, bias: usize, counts: &[usize; 7]) -> bool {
        let reach: usize = (0..7).map(|k| counts[k] * self.max_dev[k]).sum();
        if bias > reach {
            return false;
        }
        let mut parity = 0;
        for (&n, fixed) in counts.iter().zip(&self.parity) {
            if n == 0 {
                continue;
            }
            match fixed {
                Some(p) => parity += p * n,
                None => return true,
            }
        }
        parity % 2 == bias % 2
    }
}

/// The parity filters of the spec and seed: checkerboard, row and column stripes, 2-wide and
/// 2-tall checkerboards, diagonal stripes both ways and 2×2 blocks, each at every shift that
/// gives a different colouring.
pub fn parity_filters() -> Vec<ParityFilter> {
    let bases: [(&str, ColourRule); 8] = [
        ("checkerboard", |r, c| (r + c) % 2 == 0),
        ("columns", |_, c| c % 2 == 0),
        ("rows", |r, _| r % 2 == 0),
        ("wide checkerboard", |r, c| (r + c / 2) % 2 == 0),
        ("tall checkerboard", |r, c| (r / 2 + c) % 2 == 0),
        ("diagonal stripes", |r, c| (r + c) % 4 < 2),
        ("anti-diagonal stripes", |r, c| (r + 3 * c) % 4 < 2),
        ("2x2 blocks", |r, c| (r / 2 + c / 2) % 2 == 0),
    ];
    let mut seen: Vec<Colouring> = Vec::new();
    let mut out = Vec::new();
    for (name, f) in bases {
        for dr in 0..4 {
            for dc in 0..4 {
                let mut col = [[false; 4]; 4];
                for (r, row) in col.iter_mut().enumerate() {
                    for (c, x) in row.iter_mut().enumerate() {
                        *x = f(r + dr, c + dc);
                    }
                }
                let inverse = col.map(|row| row.map(|x| !x));
                if seen.contains(&col) || seen.contains(&inverse) {
                    continue;
                }
                seen.push(col);
                let label = if dr == 0 && dc == 0 {
                    name.to_string()
                } else {
                    format!("{name} shifted {dr},{dc}")
                };
                out.push(ParityFilter::new(label, col));
            }
        }
    }
    out
}

/// Every count vector with `counts[k] ≤ hi[k]`, `counts[k] ≥ lo[k]` and the given total.
pub fn multisets(total: usize, lo: &[usize; 7], hi: &[usize; 7]) -> Vec<[usize; 7]> {
    fn go(
        k: usize,
        left: usize,
        lo: &[usize; 7],
        hi: &[usize; 7],
        cur: &mut [usize; 7],
        out: &mut Vec<[usize; 7]>,
    ) {
        if k == 7 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        let rest_hi: usize = hi[k + 1..].iter().sum();
        let rest_lo: usize = lo[k + 1..].iter().sum();
        for n in lo[k]..=hi[k].min(left) {
            if left - n > rest_hi {
                continue;
            }
            if left - n < rest_lo {
                break;
            }
            cur[k] = n;
            go(k + 1, left - n, lo, hi, cur, out);
        }
        cur[k] = 0;
    }
    let mut out = Vec::new();
    go(0, total, lo, hi, &mut [0; 7], &mut out);
    out
}

/// Number of count vectors a part would enumerate, capped (to choose between per-multiset
/// searches and one bounded search).
fn multiset_estimate(total: usize, hi: &[usize; 7], cap: usize) -> usize {
    // dynamic programme over kinds: ways[t] = number of vectors of the kinds so far summing to t
    let mut ways = vec![0usize; total + 1];
    ways[0] = 1;
    for &h in hi {
        let mut next = vec![0usize; total + 1];
        for (t, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            for n in 0..=h.min(total - t) {
                next[t + n] = (next[t + n] + w).min(cap);
            }
        }
        ways = next;
    }
    ways[total]
}

/// Above this many kind multisets a part is searched once under bounds instead of once per
/// multiset.
const MULTISET_LIMIT: usize = 4000;

/// The tilings of one part with the same kind counts.
#[derive(Clone, Debug)]
struct Group {
    counts: [usize; 7],
    /// How many tilings.
    n: u128,
    /// The tilings themselves (empty when only counting).
    tilings: Vec<Vec<Placement>>,
}

/// The tilings of one part grouped by kind counts.
type Groups = Vec<Group>;

/// A memoised search: the part's shape (shifted to the origin), the exact kind counts (or
/// `None` for all within bounds) and whether tilings were kept.
type MemoKey = (Vec<Cell>, Option<[usize; 7]>, bool);

/// Statistics of a pruned enumeration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PruneStats {
    /// Independent parts after splitting.
    pub parts: usize,
    /// Kind multisets considered over all parts.
    pub multisets: usize,
    /// Multisets rejected by a parity filter before any search.
    pub rejected_by_parity: usize,
    /// Exact-cover searches run (after memoisation).
    pub searches: usize,
    /// Searches answered from the memo (same part shape and multiset seen before).
    pub memo_hits: usize,
    /// Search nodes over all searches.
    pub nodes: u64,
}

/// The pruned enumerator of one region under kind bounds.
pub struct Pruned {
    /// The region's width: placements are raster ids of its grid.
    width: usize,
    parts: Vec<Vec<Cell>>,
    bounds: Bounds,
    filters: Vec<ParityFilter>,
    use_parity: bool,
    memo: HashMap<MemoKey, Groups>,
    keep_tilings: bool,
    guard: Guard,
    /// What the enumeration did so far.
    pub stats: PruneStats,
}

impl Pruned {
    /// Prepares the enumeration (splits the region); `None` when a part's size is not a
    /// multiple of 4 (no tiling at all).
    pub fn new(region: &Region, bounds: &Bounds) -> Option<Pruned> {
        let parts = split(region)?;
        Some(Pruned {
            stats: PruneStats {
                parts: parts.len(),
                ..PruneStats::default()
            },
            width: region.width,
            parts,
            bounds: *bounds,
            filters: parity_filters(),
            use_parity: true,
            memo: HashMap::new(),
            keep_tilings: true,
            guard: Guard::new(None),
        })
    }

    /// Stops the enumeration at the deadline or near the memory budget; what was found by
    /// then is still reported, and [`Pruned::halted`] says why it is incomplete.
    pub fn with_deadline(mut self, deadline: Option<std::time::Instant>) -> Pruned {
        self.guard = Guard::new(deadline);
        self
    }

    /// Why the enumeration stopped before it was complete, if it did.
    pub fn halted(&self) -> Option<Halt> {
        self.guard.halted()
    }

    /// Turns the parity filters off (for comparisons).
    pub fn without_parity(mut self) -> Pruned {
        self.use_parity = false;
        self
    }

    /// The independent parts found by splitting.
    pub fn parts(&self) -> &[Vec<Cell>] {
        &self.parts
    }

    /// The tilings of one part under per-part bounds, grouped by kind counts.
    fn part_groups(&mut self, index: usize) -> Groups {
        let part = self.parts[index].clone();
        let pieces = part.len() / 4;
        let total: usize = self.parts.iter().map(|p| p.len() / 4).sum();
        let others = total - pieces;
        let mut lo = [0; 7];
        let mut hi = [0; 7];
        for k in 0..7 {
            lo[k] = self.bounds.lo[k].saturating_sub(others);
            hi[k] = self.bounds.hi[k].min(pieces);
        }
        let r0 = part.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = part.iter().map(|c| c.1).min().unwrap_or(0);
        let shape: Vec<Cell> = part.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
        let height = shape.iter().map(|c| c.0 as usize + 1).max().unwrap_or(0);
        let width = shape.iter().map(|c| c.1 as usize + 1).max().unwrap_or(0);
        let mut local = Region {
            width,
            height,
            cells: vec![false; width * height],
        };
        for &(r, c) in &shape {
            local.cells[r as usize * width + c as usize] = true;
        }
        let (r0, c0, whole_width) = (r0 as usize, c0 as usize, self.width);
        // From the part's own box back to the region's grid.
        let shift = |tiling: &Vec<Placement>| -> Vec<Placement> {
            tiling
                .iter()
                .map(|p| Placement {
                    cells: p
                        .cells
                        .map(|i| (i / width + r0) * whole_width + i % width + c0),
                    ..*p
                })
                .collect()
        };
        let mut groups: Groups = Vec::new();
        let mut enumerator: Option<Enumerator> = None;
        if multiset_estimate(pieces, &hi, MULTISET_LIMIT + 1) > MULTISET_LIMIT {
            let bounds = Bounds { lo, hi };
            let found = self.search(&shape, None, &local, &bounds, &mut enumerator);
            for g in found {
                groups.push(Group {
                    tilings: g.tilings.iter().map(shift).collect(),
                    ..g
                });
            }
            return groups;
        }
        let biases: Vec<Option<usize>> = self.filters.iter().map(|f| f.bias(&part)).collect();
        for counts in multisets(pieces, &lo, &hi) {
            if self.guard.halted().is_some() {
                break;
            }
            self.stats.multisets += 1;
            if self.use_parity
                && self
                    .filters
                    .iter()
                    .zip(&biases)
                    .any(|(f, b)| b.is_none_or(|b| !f.admits(b, &counts)))
            {
                self.stats.rejected_by_parity += 1;
                continue;
            }
            let exact = Bounds {
                lo: counts,
                hi: counts,
            };
            let found = self.search(&shape, Some(counts), &local, &exact, &mut enumerator);
            for g in found {
                if g.n > 0 {
                    groups.push(Group {
                        tilings: g.tilings.iter().map(shift).collect(),
                        ..g
                    });
                }
            }
        }
        groups
    }

    /// One memoised search of a part shape (exact counts, or all counts within bounds).
    fn search(
        &mut self,
        shape: &[Cell],
        counts: Option<[usize; 7]>,
        local: &Region,
        bounds: &Bounds,
        enumerator: &mut Option<Enumerator>,
    ) -> Groups {
        let key = (shape.to_vec(), counts, self.keep_tilings);
        if let Some(found) = self.memo.get(&key) {
            self.stats.memo_hits += 1;
            return found.clone();
        }
        self.stats.searches += 1;
        let en = enumerator.get_or_insert_with(|| Enumerator::new(local));
        let keep = self.keep_tilings;
        let mut by_counts: BTreeMap<[usize; 7], Group> = BTreeMap::new();
        self.stats.nodes += en.enumerate_guarded(bounds, &mut self.guard, &mut |t| {
            let mut c = [0; 7];
            for kind in t.iter().filter_map(|p| Kind::from_letter(p.letter)) {
                c[kind.index()] += 1;
            }
            let g = by_counts.entry(c).or_insert_with(|| Group {
                counts: c,
                n: 0,
                tilings: Vec::new(),
            });
            g.n += 1;
            if keep {
                g.tilings.push(t.to_vec());
            }
            true
        });
        let found: Groups = by_counts.into_values().collect();
        if self.guard.halted().is_none() {
            // A search cut short is only part of the answer: never remember it as the whole.
            self.memo.insert(key, found.clone());
        }
        found
    }

    /// Calls `visit` with every tiling of the region within the bounds and its kind counts;
    /// `visit` returns `false` to stop.
    pub fn enumerate(&mut self, visit: &mut dyn FnMut(&[Placement], &[usize; 7]) -> bool) {
        let groups: Vec<Groups> = (0..self.parts.len()).map(|i| self.part_groups(i)).collect();
        let bounds = self.bounds;
        let guard = &mut self.guard;
        let mut chosen: Vec<&[Placement]> = Vec::new();
        combine(
            &groups,
            0,
            [0; 7],
            &bounds,
            &mut chosen,
            &mut |tiles, counts| {
                if guard.stop() {
                    return false;
                }
                let all: Vec<Placement> = tiles.iter().flat_map(|t| t.iter().copied()).collect();
                visit(&all, counts)
            },
        );
    }

    /// The number of tilings per kind-count vector (only non-zero groups).
    pub fn count_groups(&mut self) -> BTreeMap<[usize; 7], u128> {
        self.keep_tilings = false;
        let groups: Vec<Vec<([usize; 7], u128)>> = (0..self.parts.len())
            .map(|i| {
                self.part_groups(i)
                    .into_iter()
                    .map(|g| (g.counts, g.n))
                    .collect()
            })
            .collect();
        self.keep_tilings = true;
        let mut acc: BTreeMap<[usize; 7], u128> = BTreeMap::from([([0; 7], 1)]);
        for part in &groups {
            let mut next = BTreeMap::new();
            for (c, n) in &acc {
                for (pc, pn) in part {
                    let mut sum = *c;
                    for k in 0..7 {
                        sum[k] += pc[k];
                    }
                    if (0..7).all(|k| sum[k] <= self.bounds.hi[k]) {
                        *next.entry(sum).or_insert(0) += n * pn;
                    }
                }
            }
            acc = next;
        }
        acc.retain(|c, n| *n > 0 && self.bounds.admits(c));
        acc
    }
}

/// Walks the product of the parts' groups whose summed counts stay within the bounds.
fn combine<'a>(
    groups: &'a [Groups],
    index: usize,
    counts: [usize; 7],
    bounds: &Bounds,
    chosen: &mut Vec<&'a [Placement]>,
    emit: &mut CombineVisitor,
) -> bool {
    if index == groups.len() {
        return !bounds.admits(&counts) || emit(chosen, &counts);
    }
    for g in &groups[index] {
        let mut sum = counts;
        for (total, n) in sum.iter_mut().zip(g.counts) {
            *total += n;
        }
        if (0..7).any(|k| sum[k] > bounds.hi[k]) {
            continue;
        }
        for t in &g.tilings {
            chosen.push(t);
            let go_on = combine(groups, index + 1, sum, bounds, chosen, emit);
            chosen.pop();
            if !go_on {
                return false;
            }
        }
    }
    true
}

/// The kinds in the order of count vectors, for messages.
pub fn kind_letters() -> String {
    KINDS.iter().map(|k| k.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::tetromino::Tiling;
    use proptest::prelude::*;

    fn tilings_pruned(region: &Region, bounds: &Bounds, parity: bool) -> Vec<Tiling> {
        let mut out = Vec::new();
        if let Some(p) = Pruned::new(region, bounds) {
            let mut p = if parity { p } else { p.without_parity() };
            p.enumerate(&mut |t, _| {
                out.push(Tiling::new(t.to_vec()));
                true
            });
        }
        out.sort();
        out
    }

    fn tilings_plain(region: &Region, bounds: &Bounds) -> Vec<Tiling> {
        let mut out = Vec::new();
        Enumerator::new(region).enumerate(bounds, &mut |t| {
            out.push(Tiling::new(t.to_vec()));
            true
        });
        out.sort();
        out
    }

    #[test]
    fn rectangles_have_no_articulation_cells_and_paths_do() {
        let rect: Vec<Cell> = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
        assert!(articulation_cells(&rect).is_empty());
        let path: Vec<Cell> = (0..5).map(|c| (0, c)).collect();
        assert_eq!(articulation_cells(&path), vec![(0, 1), (0, 2), (0, 3)]);
    }

    #[test]
    fn a_bridge_cell_splits_off_a_multiple_of_four() {
        // two blocks of 4 and 3 joined by the cell r2c3: the 4-side is cut off
        let odd = Region::from_rows(&["XX_X", "XXXX"]);
        assert!(split(&odd).is_none(), "a 7-cell region has no tiling");
        let region = Region::from_rows(&["XX____", "XXXXXX"]);
        let parts = split(&region).expect("sizes are multiples of 4");
        assert_eq!(parts.iter().map(Vec::len).collect::<Vec<_>>(), vec![4, 4]);
    }

    #[test]
    fn a_side_of_three_cells_goes_with_the_articulation_cell() {
        // r1c4 has arms of 3, 3 and 1 cells: its piece must take one 3-arm whole, leaving
        // parts of 3 and 1 cells, so there is no tiling (8 cells, yet none)
        let region = Region::from_rows(&["XXXXXXX", "___X___"]);
        assert_eq!(region.size(), 8);
        assert!(split(&region).is_none());
        assert_eq!(Enumerator::new(&region).count(&Bounds::unlimited(2)), 0);
    }

    #[test]
    fn checkerboard_filter_matches_the_spec_rule() {
        let f = &parity_filters()[0];
        assert_eq!(f.name, "checkerboard");
        let mut counts = [0; 7];
        counts[crate::puzzles::tetromino::shapes::Kind::T.index()] = 1;
        counts[0] = 3;
        assert!(f.admits(1, &counts));
        assert!(!f.admits(0, &counts), "bias ≡ T (mod 2)");
        assert!(!f.admits(3, &counts), "bias ≤ T");
    }

    #[test]
    fn spec_counts_with_pruning() {
        let cases: [(Region, Bounds, u128); 4] = [
            (
                Region::rectangle(4, 4),
                Bounds::bag_rule(4, [0; 7], [0; 7]),
                24,
            ),
            (Region::rectangle(4, 4), Bounds::unlimited(4), 117),
            (Region::rectangle(4, 5), Bounds::unlimited(5), 454),
            (
                Region::rectangle(4, 6),
                Bounds::bag_rule(6, [0; 7], [0; 7]),
                2,
            ),
        ];
        for (region, bounds, want) in cases {
            let mut p = Pruned::new(&region, &bounds).unwrap();
            assert_eq!(p.count_groups().values().sum::<u128>(), want);
        }
    }

    fn spec_minus_t_region() -> Region {
        let rows = "__________/XXXX______/XXXX__X__X/XXX___XXXX/XXX_XXXXXX/XXX__XXXXX/XXX_XXXXXX/XXXX_XXXXX";
        crate::puzzles::tetromino::field::parse_text("spec", rows).unwrap()
    }

    #[test]
    fn spec_minus_t1_region_has_17_tilings() {
        let region = spec_minus_t_region();
        let mut minus = [0; 7];
        minus[crate::puzzles::tetromino::shapes::Kind::T.index()] = 1;
        let bounds = Bounds::bag_rule(region.size() / 4, [0; 7], minus);
        assert_eq!(region.size() / 4, 13);
        let mut p = Pruned::new(&region, &bounds).unwrap();
        assert_eq!(p.count_groups().values().sum::<u128>(), 17);
        assert_eq!(Enumerator::new(&region).count(&bounds), 17);
    }

    #[test]
    fn spec_four_by_ten_two_bags_has_8260_tilings() {
        let region = Region::rectangle(4, 10);
        let bounds = Bounds::bag_rule(10, [0; 7], [0; 7]);
        let mut p = Pruned::new(&region, &bounds).unwrap();
        assert_eq!(p.count_groups().values().sum::<u128>(), 8260);
        assert_eq!(Enumerator::new(&region).count(&bounds), 8260);
    }

    use crate::puzzles::tetromino::testing::random_region;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn pruning_never_loses_a_tiling((region, bounds) in random_region()) {
            let plain = tilings_plain(&region, &bounds);
            prop_assert_eq!(&tilings_pruned(&region, &bounds, true), &plain);
            prop_assert_eq!(&tilings_pruned(&region, &bounds, false), &plain);
            let mut p = Pruned::new(&region, &bounds).unwrap();
            prop_assert_eq!(p.count_groups().values().sum::<u128>(), plain.len() as u128);
        }

        #[test]
        fn every_tiling_passes_every_parity_filter((region, _) in random_region()) {
            let unlimited = Bounds::unlimited(region.size() / 4);
            let cells: Vec<Cell> = region.cell_list().into_iter().map(|(r, c)| (r as u16, c as u16)).collect();
            for t in tilings_plain(&region, &unlimited) {
                let counts = t.kind_counts();
                for f in parity_filters() {
                    let bias = f.bias(&cells);
                    prop_assert!(bias.is_some_and(|b| f.admits(b, &counts)), "{} cuts a tiling", f.name);
                }
            }
        }
    }
}
