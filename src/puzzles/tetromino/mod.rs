//! Tetromino packing: every way to partition a region into tetrominoes (19 fixed
//! orientations of I O T S Z J L) whose kind counts obey the 7-bag rule or explicit bounds.
//!
//! Reads top-down like the spec: [`field`] (text and fumen regions) and [`bags`] (count
//! bounds) → the rules ([`Tetromino::verify`]) → the native enumerator ([`dlx`], [`prune`]).

pub mod bags;
pub mod cli;
pub mod dlx;
pub mod field;
pub mod formulate;
pub mod list;
pub mod prune;
pub mod shapes;

use crate::error::{Error, Result};
use crate::grid::polyomino;
use crate::puzzles::{Formulated, Formulation, Puzzle};
use bags::Bounds;
use field::Region;
use shapes::Kind;
use std::cmp::Ordering;

/// One piece of a tiling: the core's placement of its kind ([`Kind::shape`]) with its four
/// cells, raster ids of the region's grid, sorted.
pub type Placement = polyomino::Placement<[crate::grid::Cell; 4]>;

/// A tiling: its placements, sorted by their first cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tiling {
    /// The pieces.
    pub placements: Vec<Placement>,
}

/// Tilings sort piece by piece on kind (in [`shapes::KINDS`] order, as listings group them),
/// then cells; the letters' alphabetical order would interleave the kinds differently.
impl Ord for Tiling {
    fn cmp(&self, other: &Tiling) -> Ordering {
        let key = |p: &Placement| (Kind::from_letter(p.letter), p.cells);
        (self.placements.iter().map(key)).cmp(other.placements.iter().map(key))
    }
}

impl PartialOrd for Tiling {
    fn partial_cmp(&self, other: &Tiling) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Tiling {
    /// A tiling of the given placements, put in canonical (sorted) order.
    pub fn new(mut placements: Vec<Placement>) -> Tiling {
        placements.sort_unstable_by_key(|p| p.cells[0]);
        Tiling { placements }
    }
    /// How many pieces of each kind, indexed by [`Kind::index`].
    pub fn kind_counts(&self) -> [usize; 7] {
        let mut counts = [0; 7];
        for kind in self
            .placements
            .iter()
            .filter_map(|p| Kind::from_letter(p.letter))
        {
            counts[kind.index()] += 1;
        }
        counts
    }
}

/// A tetromino packing instance: the region to cover and the per-kind count bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tetromino {
    /// The cells to cover.
    pub region: Region,
    /// Lowest and highest count of each kind.
    pub bounds: Bounds,
}

impl Tetromino {
    /// The instance of a region under the plain bag rule (no plus/minus).
    pub fn with_bag_rule(region: Region) -> Tetromino {
        let pieces = region.size() / 4;
        Tetromino {
            region,
            bounds: Bounds::bag_rule(pieces, [0; 7], [0; 7]),
        }
    }

    /// Number of pieces of every tiling (cells / 4).
    pub fn pieces(&self) -> usize {
        self.region.size() / 4
    }

    /// Checks a tiling by the rules: every piece is one of its kind's fixed orientations and
    /// lies inside the region, the pieces cover every cell exactly once, and the kind counts
    /// lie within the bounds.
    pub fn check(&self, tiling: &Tiling) -> std::result::Result<(), String> {
        let grid = self.region.grid();
        let mut covered = vec![false; grid.len()];
        for p in &tiling.placements {
            let Some(kind) = Kind::from_letter(p.letter) else {
                return Err(format!("piece {} is not a tetromino kind", p.letter));
            };
            // A cell past the grid has no name (and an empty grid no width to name it by).
            if let Some(&c) = p.cells.iter().find(|&&c| c >= grid.len()) {
                return Err(format!("piece {kind} covers cell {c}, outside the grid"));
            }
            let cells = p.cells.map(|c| grid.rc(c));
            if kind.shape().orientation_of(&cells).is_none() {
                return Err(format!("piece {kind} at {cells:?} is not a {kind} shape"));
            }
            for c in p.cells {
                if !self.region.cells[c] {
                    let at = grid.name(c);
                    return Err(format!("piece {kind} covers {at}, outside the region"));
                }
                if covered[c] {
                    return Err(format!("cell {} is covered twice", grid.name(c)));
                }
                covered[c] = true;
            }
        }
        if let Some(c) = grid.cells().find(|&c| self.region.cells[c] && !covered[c]) {
            return Err(format!("cell {} is not covered", grid.name(c)));
        }
        let counts = tiling.kind_counts();
        if !self.bounds.admits(&counts) {
            return Err(format!(
                "kind counts {} are outside the bounds {}",
                describe_counts(&counts),
                self.bounds.describe()
            ));
        }
        Ok(())
    }

    /// The tiling as rows of kind letters, `_` outside the region (`?` for an uncovered cell).
    pub fn letter_rows(&self, tiling: &Tiling) -> Vec<String> {
        let w = self.region.width;
        let mut grid: Vec<char> = self
            .region
            .cells
            .iter()
            .map(|&b| if b { '?' } else { '_' })
            .collect();
        for p in &tiling.placements {
            for &c in &p.cells {
                if let Some(letter) = grid.get_mut(c) {
                    *letter = p.letter;
                }
            }
        }
        grid.chunks(w.max(1)).map(|r| r.iter().collect()).collect()
    }
}

/// Reads an instance from text or fumen under the plain bag rule; a region whose size is not
/// a multiple of 4 is an input error at the region.
pub fn load_text(source: &str, text: &str) -> Result<Tetromino> {
    let region = field::parse_region(source, text)?;
    check_size(&region)?;
    Ok(Tetromino::with_bag_rule(region))
}

/// The genre's model-free solvers: the pruned exact-cover enumerator.
pub const NATIVE_SOLVERS: &[&str] = &["native"];

/// Fails with a clear message when the region cannot be cut into 4-cell pieces by size.
pub fn check_size(region: &Region) -> Result<()> {
    let size = region.size();
    if !size.is_multiple_of(4) {
        return Err(Error::Invalid(format!(
            "the region has {size} cells, not a multiple of 4: no tetromino tiling exists \
             ({} cells too many)",
            size % 4
        )));
    }
    Ok(())
}

impl Puzzle for Tetromino {
    type Solution = Tiling;
    const GENRE: &'static str = "tetromino";
    const RULES: &'static str =
        "tile a region with tetrominoes drawn from Tetris 7-bags (`puzzlec tetromino list` lists all)";
    const NATIVE_SOLVERS: &'static [&'static str] = NATIVE_SOLVERS;
    const VERBS: Option<crate::puzzles::verbs::Verbs> = Some(cli::VERBS);
    fn read_text(source: &str, text: &str) -> Result<Self> {
        load_text(source, text)
    }
    fn inline(arg: &str) -> bool {
        field::is_fumen(arg)
    }
    fn formulate(&self, _formulation: &Formulation) -> Result<Formulated<Tiling>> {
        Ok(formulate::placement_model(self))
    }
    fn verify(&self, solution: &Tiling) -> std::result::Result<(), String> {
        self.check(solution)
    }
    fn rows(&self, solution: &Tiling) -> Vec<String> {
        self.letter_rows(solution)
    }
    fn sketch(&self, solution: Option<&Tiling>) -> crate::render::Sketch {
        use crate::render::{piece_colour, Colour, Sketch};
        let (h, w) = (self.region.height, self.region.width);
        let mut sketch = Sketch::new(h, w);
        for (content, &inside) in sketch.given.iter_mut().zip(&self.region.cells) {
            content.fill = (!inside).then_some(Colour::OUTSIDE);
        }
        let Some(tiling) = solution else {
            return sketch;
        };
        // Pieces in their guideline colours, outlined so that two pieces of one kind side by
        // side stay two.
        let mut piece = vec![None; h * w];
        for (i, p) in tiling.placements.iter().enumerate() {
            for c in p.cells.into_iter().filter(|&c| c < h * w) {
                piece[c] = Some(i);
                sketch.answer[c].fill = piece_colour(p.letter);
            }
        }
        sketch.with_piece_outlines(|c| piece[c])
    }
    fn native_counter(&self) -> Option<&'static str> {
        // Exact cover counts the 8,260 tilings of a 4×10 in a fraction of a second, where
        // blocking clauses take seconds for the first thousand.
        Some("native")
    }
    fn solve_native(
        &self,
        solver: &str,
        limit: usize,
        deadline: Option<std::time::Instant>,
    ) -> Result<(Vec<Tiling>, bool)> {
        if solver != "native" {
            return Err(Error::Usage(format!("unknown tetromino solver `{solver}`")));
        }
        check_size(&self.region)?;
        let Some(pruned) = prune::Pruned::new(&self.region, &self.bounds) else {
            return Ok((Vec::new(), true));
        };
        let mut pruned = pruned.with_deadline(deadline);
        let mut tilings = Vec::new();
        let mut exhausted = true;
        pruned.enumerate(&mut |placements, _| {
            if tilings.len() == limit {
                exhausted = false;
                return false;
            }
            tilings.push(Tiling::new(placements.to_vec()));
            true
        });
        Ok((tilings, exhausted && pruned.halted().is_none()))
    }
    fn precheck(&self) -> Option<String> {
        let size = self.region.size();
        if !size.is_multiple_of(4) {
            return Some(format!("{size} cells is not a multiple of 4"));
        }
        if !self.bounds.admits_total(self.pieces()) {
            return Some(format!(
                "no kind counts within {} sum to {} pieces",
                self.bounds.describe(),
                self.pieces()
            ));
        }
        if prune::split(&self.region).is_none() {
            return Some("a separated part of the region has a size not a multiple of 4".into());
        }
        None
    }
}

/// A count vector written as `I2 O1 T0 …` (kinds in [`shapes::KINDS`] order).
pub fn describe_counts(counts: &[usize; 7]) -> String {
    shapes::KINDS
        .iter()
        .map(|k| format!("{k}{}", counts[k.index()]))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Shared test helpers: random regions made of dropped pieces.
#[cfg(test)]
pub(crate) mod testing {
    use super::bags::Bounds;
    use super::field::Region;
    use super::shapes::all_orientations;
    use proptest::prelude::*;

    /// A random region (a union of random non-overlapping pieces in a box of 2..=7 × 2..=7,
    /// so sizes are multiples of 4 and tilings are common) with random or unlimited bounds.
    pub(crate) fn random_region() -> impl Strategy<Value = (Region, Bounds)> {
        (
            2usize..8,
            2usize..8,
            prop::collection::vec((0usize..19, 0usize..7, 0usize..7), 1..10),
            prop::collection::vec(0usize..3, 7),
            prop::collection::vec(0usize..3, 7),
            any::<bool>(),
        )
            .prop_map(|(h, w, drops, a, b, unlimited)| {
                let orients = all_orientations();
                let mut region = Region {
                    width: w,
                    height: h,
                    cells: vec![false; w * h],
                };
                for (o, r, c) in drops {
                    let cells = orients[o]
                        .cells
                        .map(|(dr, dc)| (dr as usize + r, dc as usize + c));
                    if cells.iter().all(|&(r, c)| r < h && c < w)
                        && cells.iter().all(|&(r, c)| !region.cells[r * w + c])
                    {
                        for (r, c) in cells {
                            region.cells[r * w + c] = true;
                        }
                    }
                }
                let pieces = region.size() / 4;
                let bounds = if unlimited {
                    Bounds::unlimited(pieces)
                } else {
                    let mut lo = [0; 7];
                    let mut hi = [0; 7];
                    for k in 0..7 {
                        lo[k] = a[k].min(b[k]) / 2;
                        hi[k] = a[k].max(b[k]) + 1;
                    }
                    Bounds { lo, hi }
                };
                (region, bounds)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A piece of the 2×4 test region from its (row, column) cells.
    fn piece(kind: Kind, cells: [(usize, usize); 4]) -> Placement {
        Placement {
            letter: kind.letter(),
            orientation: kind.shape().orientation_of(&cells).unwrap_or(0),
            cells: cells.map(|(r, c)| r * 4 + c),
        }
    }

    fn two_by_four() -> Tetromino {
        Tetromino {
            region: Region::rectangle(2, 4),
            bounds: Bounds::unlimited(2),
        }
    }

    #[test]
    fn verify_accepts_a_legal_tiling_and_prints_letters() {
        let p = two_by_four();
        let t = Tiling::new(vec![
            piece(Kind::I, [(0, 0), (0, 1), (0, 2), (0, 3)]),
            piece(Kind::I, [(1, 0), (1, 1), (1, 2), (1, 3)]),
        ]);
        assert_eq!(p.check(&t), Ok(()));
        assert_eq!(p.letter_rows(&t), vec!["IIII", "IIII"]);
    }

    #[test]
    fn verify_rejects_wrong_shapes_overlaps_gaps_and_counts() {
        let p = two_by_four();
        let wrong_kind = Tiling::new(vec![
            piece(Kind::O, [(0, 0), (0, 1), (0, 2), (0, 3)]),
            piece(Kind::I, [(1, 0), (1, 1), (1, 2), (1, 3)]),
        ]);
        assert!(p.check(&wrong_kind).unwrap_err().contains("not a O shape"));
        let overlap = Tiling::new(vec![
            piece(Kind::O, [(0, 0), (0, 1), (1, 0), (1, 1)]),
            piece(Kind::O, [(0, 1), (0, 2), (1, 1), (1, 2)]),
        ]);
        assert!(p.check(&overlap).unwrap_err().contains("twice"));
        let gap = Tiling::new(vec![piece(Kind::O, [(0, 0), (0, 1), (1, 0), (1, 1)])]);
        assert!(p.check(&gap).unwrap_err().contains("not covered"));
        let mut limited = two_by_four();
        limited.bounds.hi[Kind::O.index()] = 1;
        let two_o = Tiling::new(vec![
            piece(Kind::O, [(0, 0), (0, 1), (1, 0), (1, 1)]),
            piece(Kind::O, [(0, 2), (0, 3), (1, 2), (1, 3)]),
        ]);
        assert_eq!(p.check(&two_o), Ok(()));
        assert!(limited.check(&two_o).unwrap_err().contains("bounds"));
        let below = Tiling::new(vec![
            piece(Kind::I, [(0, 0), (0, 1), (0, 2), (0, 3)]),
            piece(Kind::I, [(2, 0), (2, 1), (2, 2), (2, 3)]),
        ]);
        assert!(p.check(&below).unwrap_err().contains("outside the grid"));
        let mut holed = two_by_four();
        holed.region.cells[7] = false;
        let on_the_hole = Tiling::new(vec![piece(Kind::I, [(1, 0), (1, 1), (1, 2), (1, 3)])]);
        let err = holed.check(&on_the_hole).unwrap_err();
        assert_eq!(err, "piece I covers r2c4, outside the region");
    }
}
