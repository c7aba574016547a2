//! Polyominoes and where they fit: a piece as a letter and its cells, its distinct orientations
//! (rotations, and reflections for free pieces), every placement on a grid, and the standard
//! piece sets (free and one-sided tetrominoes, free pentominoes).

use super::{Cell, Grid};
use crate::model::{Constraint, LinExpr, Model, Var};

/// Which turns of a piece still count as the same piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Rotations only: one-sided pieces (Tetris, where S and Z are different pieces).
    Rotations,
    /// Rotations and reflections: free pieces (LITS, pentomino puzzles).
    RotationsAndReflections,
}

/// A piece: its letter and its cells as (row, column) offsets, normalised so that the smallest
/// row and column are 0 and sorted in reading order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Polyomino {
    /// The letter that names the piece (`L`, `I`, `T`, `S`, …).
    pub letter: char,
    /// Which turns of the piece are allowed.
    pub symmetry: Symmetry,
    cells: Vec<(usize, usize)>,
    orientations: Vec<Vec<(usize, usize)>>,
}

/// One piece put on a grid. The cells are a `Vec` by default; a genre whose pieces all have
/// `N` cells may hold them as `[Cell; N]` ([`Placement::to_array`]), so that placements copy
/// without allocating where millions of them are enumerated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement<Cells = Vec<Cell>> {
    /// The piece's letter.
    pub letter: char,
    /// Which of the piece's orientations (an index into [`Polyomino::orientations`]).
    pub orientation: usize,
    /// The covered cells, sorted.
    pub cells: Cells,
}

impl Placement {
    /// The same placement with its cells in an array, if it has exactly `N` cells.
    pub fn to_array<const N: usize>(&self) -> Option<Placement<[Cell; N]>> {
        Some(Placement {
            letter: self.letter,
            orientation: self.orientation,
            cells: self.cells.as_slice().try_into().ok()?,
        })
    }
}

/// Shifts cells so the smallest row and column are 0 and sorts them in reading order.
pub fn normalise(cells: impl IntoIterator<Item = (isize, isize)>) -> Vec<(usize, usize)> {
    let cells: Vec<(isize, isize)> = cells.into_iter().collect();
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<(usize, usize)> = cells
        .iter()
        .map(|&(r, c)| ((r - r0) as usize, (c - c0) as usize))
        .collect();
    out.sort_unstable();
    out
}

impl Polyomino {
    /// A piece of the given cells (any offsets; repeated cells count once). Orientation 0 is
    /// the cells as given; the next ones turn them clockwise by 90° at a time, then (free pieces
    /// only) mirror them left to right and turn again, skipping shapes already seen.
    pub fn new(letter: char, cells: &[(isize, isize)], symmetry: Symmetry) -> Polyomino {
        let mut base = normalise(cells.iter().copied());
        base.dedup();
        let mut orientations: Vec<Vec<(usize, usize)>> = Vec::new();
        let signed: Vec<(isize, isize)> = base
            .iter()
            .map(|&(r, c)| (r as isize, c as isize))
            .collect();
        let mirrored: Vec<(isize, isize)> = signed.iter().map(|&(r, c)| (r, -c)).collect();
        let starts = match symmetry {
            Symmetry::Rotations => vec![signed],
            Symmetry::RotationsAndReflections => vec![signed, mirrored],
        };
        for mut turned in starts {
            for _ in 0..4 {
                let shape = normalise(turned.iter().copied());
                if !orientations.contains(&shape) {
                    orientations.push(shape);
                }
                // (row, col) → (col, −row): a quarter turn clockwise, rows counting downwards.
                turned = turned.iter().map(|&(r, c)| (c, -r)).collect();
            }
        }
        Polyomino {
            letter,
            symmetry,
            cells: base,
            orientations,
        }
    }

    /// The cells, normalised.
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// How many cells the piece has.
    pub fn size(&self) -> usize {
        self.cells.len()
    }

    /// The distinct orientations, each normalised (orientation 0 is [`Polyomino::cells`]).
    pub fn orientations(&self) -> &[Vec<(usize, usize)>] {
        &self.orientations
    }

    /// Which orientation the given (row, column) cells are, anywhere on a grid, if they are this
    /// piece at all.
    pub fn orientation_of(&self, cells: &[(usize, usize)]) -> Option<usize> {
        let mut shape = normalise(cells.iter().map(|&(r, c)| (r as isize, c as isize)));
        shape.dedup();
        self.orientations.iter().position(|o| *o == shape)
    }
}

/// Every placement of a piece on a grid whose cells all satisfy `allowed`: orientation by
/// orientation, then by the top-left corner of the piece's bounding box in reading order. An
/// empty piece has no placements.
pub fn placements(
    grid: &Grid,
    shape: &Polyomino,
    allowed: impl Fn(Cell) -> bool,
) -> Vec<Placement> {
    let whole = (0..grid.height, 0..grid.width);
    placements_in_box(grid, shape, whole, allowed)
}

/// [`placements`] with the pieces' cells inside `rows` × `cols` (a region's bounding box: a
/// room's placements need not be looked for over the whole grid).
fn placements_in_box(
    grid: &Grid,
    shape: &Polyomino,
    (rows, cols): (std::ops::Range<usize>, std::ops::Range<usize>),
    allowed: impl Fn(Cell) -> bool,
) -> Vec<Placement> {
    let mut out = Vec::new();
    for (index, orientation) in shape.orientations().iter().enumerate() {
        let Some(height) = orientation.iter().map(|&(r, _)| r + 1).max() else {
            continue;
        };
        let width = orientation.iter().map(|&(_, c)| c + 1).max().unwrap_or(0);
        if height > rows.len() || width > cols.len() {
            continue;
        }
        for row in rows.start..=rows.end - height {
            for col in cols.start..=cols.end - width {
                let at = |&(dr, dc): &(usize, usize)| grid.cell(row + dr, col + dc);
                if orientation.iter().all(|o| allowed(at(o))) {
                    // Offsets in reading order map to raster ids in increasing order: sorted.
                    out.push(Placement {
                        letter: shape.letter,
                        orientation: index,
                        cells: orientation.iter().map(at).collect(),
                    });
                }
            }
        }
    }
    out
}

/// The piece of `pieces` that the given (row, column) cells form, in any of its orientations
/// and anywhere on a grid, if they form one.
pub fn identify<'a>(pieces: &'a [Polyomino], cells: &[(usize, usize)]) -> Option<&'a Polyomino> {
    pieces.iter().find(|p| p.orientation_of(cells).is_some())
}

/// Every placement of every piece whose cells all satisfy `allowed`, piece by piece.
pub fn placements_of_all(
    grid: &Grid,
    pieces: &[Polyomino],
    allowed: impl Fn(Cell) -> bool + Copy,
) -> Vec<Placement> {
    let per_piece = pieces.iter().map(|p| placements(grid, p, allowed));
    per_piece.flatten().collect()
}

/// Every placement of every piece inside a region (`inside` holds exactly for its `cells`),
/// piece by piece, in [`placements_of_all`]'s order; only the region's bounding box is searched.
pub fn placements_within(
    grid: &Grid,
    pieces: &[Polyomino],
    cells: &[Cell],
    inside: impl Fn(Cell) -> bool + Copy,
) -> Vec<Placement> {
    let rcs = || cells.iter().map(|&c| grid.rc(c));
    let (Some(r0), Some(c0)) = (rcs().map(|x| x.0).min(), rcs().map(|x| x.1).min()) else {
        return Vec::new();
    };
    let (r1, c1) = (
        rcs().map(|x| x.0).max().unwrap_or(r0),
        rcs().map(|x| x.1).max().unwrap_or(c0),
    );
    let bounds = || (r0..r1 + 1, c0..c1 + 1);
    let per_piece = pieces
        .iter()
        .map(|p| placements_in_box(grid, p, bounds(), inside));
    per_piece.flatten().collect()
}

/// The 0/1 variables of a piece chosen among placements (see [`add_one_placement`]).
#[derive(Clone, Debug)]
pub struct Chosen {
    /// One per placement, true for the chosen one.
    pub placements: Vec<Var>,
    /// One per letter asked for, true when the chosen piece has that letter.
    pub letters: Vec<Var>,
}

/// Adds "exactly one of `placed` is chosen, and each of `cells` is shaded exactly when the
/// chosen placement covers it" (`shaded` is indexed by cell), with one 0/1 per placement named
/// `{letter}{i}[{name}]` and one per letter of `letters` named `letter[{name}:{L}]`. Both links
/// are sums (`shaded = Σ covering placements`), the tightest form for MIP; in CNF each is a
/// clause and an at-most-one.
pub fn add_one_placement(
    model: &mut Model,
    name: &str,
    placed: &[Placement],
    cells: &[Cell],
    shaded: &[Var],
    letters: &[char],
) -> Chosen {
    let vars: Vec<Var> = (placed.iter().enumerate())
        .map(|(i, p)| model.new_bool(format!("{}{i}[{name}]", p.letter)))
        .collect();
    let one = Constraint::exactly_one(vars.iter().map(|v| v.lit()));
    model.add(format!("one piece in {name}"), one);
    let sum_if = |keep: &dyn Fn(&Placement) -> bool| -> LinExpr {
        let pairs = placed.iter().zip(&vars).filter(|(p, _)| keep(p));
        LinExpr::sum_vars(pairs.map(|(_, &v)| v))
    };
    for &c in cells {
        let mut covering = sum_if(&|p| p.cells.contains(&c));
        covering.add_term(-1, shaded[c]);
        let what = format!("{name} covers {}", model.name(shaded[c]));
        model.add(what, covering.eq(0));
    }
    let mut of_letter = Vec::new();
    for &l in letters {
        let v = model.new_bool(format!("letter[{name}:{l}]"));
        let mut sum = sum_if(&|p| p.letter == l);
        sum.add_term(-1, v);
        model.add(format!("{name} is {l}"), sum.eq(0));
        of_letter.push(v);
    }
    Chosen {
        placements: vars,
        letters: of_letter,
    }
}

fn set(pieces: &[(char, &[(isize, isize)])], symmetry: Symmetry) -> Vec<Polyomino> {
    pieces
        .iter()
        .map(|&(letter, cells)| Polyomino::new(letter, cells, symmetry))
        .collect()
}

/// The five free tetrominoes `L I T S O`, reflections allowed (the LITS pieces and the square).
pub fn free_tetrominoes() -> Vec<Polyomino> {
    set(
        &[
            ('L', &[(0, 0), (1, 0), (2, 0), (2, 1)]),
            ('I', &[(0, 0), (1, 0), (2, 0), (3, 0)]),
            ('T', &[(0, 0), (0, 1), (0, 2), (1, 1)]),
            ('S', &[(0, 1), (0, 2), (1, 0), (1, 1)]),
            ('O', &[(0, 0), (0, 1), (1, 0), (1, 1)]),
        ],
        Symmetry::RotationsAndReflections,
    )
}

/// The seven one-sided tetrominoes `I O T S Z J L` (the Tetris pieces), rotations only, each
/// given in its Tetris spawn orientation so that orientation 0 is the spawn state.
pub fn one_sided_tetrominoes() -> Vec<Polyomino> {
    set(
        &[
            ('I', &[(0, 0), (0, 1), (0, 2), (0, 3)]),
            ('O', &[(0, 0), (0, 1), (1, 0), (1, 1)]),
            ('T', &[(0, 1), (1, 0), (1, 1), (1, 2)]),
            ('S', &[(0, 1), (0, 2), (1, 0), (1, 1)]),
            ('Z', &[(0, 0), (0, 1), (1, 1), (1, 2)]),
            ('J', &[(0, 0), (1, 0), (1, 1), (1, 2)]),
            ('L', &[(0, 2), (1, 0), (1, 1), (1, 2)]),
        ],
        Symmetry::Rotations,
    )
}

/// The twelve free pentominoes `F I L N P T U V W X Y Z`, reflections allowed.
pub fn free_pentominoes() -> Vec<Polyomino> {
    set(
        &[
            ('F', &[(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
            ('I', &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
            ('L', &[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
            ('N', &[(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
            ('P', &[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
            ('T', &[(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
            ('U', &[(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
            ('V', &[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
            ('W', &[(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
            ('X', &[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
            ('Y', &[(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
            ('Z', &[(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
        ],
        Symmetry::RotationsAndReflections,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    fn counts(pieces: &[Polyomino]) -> Vec<(char, usize)> {
        pieces
            .iter()
            .map(|p| (p.letter, p.orientations().len()))
            .collect()
    }

    #[test]
    fn free_tetrominoes_have_the_known_orientation_counts() {
        assert_eq!(
            counts(&free_tetrominoes()),
            vec![('L', 8), ('I', 2), ('T', 4), ('S', 4), ('O', 1)]
        );
    }

    #[test]
    fn one_sided_tetrominoes_have_the_nineteen_fixed_orientations() {
        assert_eq!(
            counts(&one_sided_tetrominoes()),
            vec![
                ('I', 2),
                ('O', 1),
                ('T', 4),
                ('S', 2),
                ('Z', 2),
                ('J', 4),
                ('L', 4)
            ]
        );
    }

    #[test]
    fn free_pentominoes_have_the_known_orientation_counts() {
        let known = [
            ('F', 8),
            ('I', 2),
            ('L', 8),
            ('N', 8),
            ('P', 8),
            ('T', 4),
            ('U', 4),
            ('V', 4),
            ('W', 4),
            ('X', 1),
            ('Y', 8),
            ('Z', 4),
        ];
        assert_eq!(counts(&free_pentominoes()), known);
        // 63 fixed pentominoes in all (OEIS A001168).
        assert_eq!(known.iter().map(|k| k.1).sum::<usize>(), 63);
    }

    #[test]
    fn no_two_pieces_of_a_set_share_a_shape() {
        for set in [
            free_tetrominoes(),
            one_sided_tetrominoes(),
            free_pentominoes(),
        ] {
            let mut seen = BTreeSet::new();
            for piece in &set {
                for o in piece.orientations() {
                    assert!(seen.insert(o.clone()), "{} repeats a shape", piece.letter);
                }
            }
        }
    }

    #[test]
    fn orientation_of_recognises_a_piece_anywhere_and_rejects_others() {
        let pieces = free_tetrominoes();
        let l = &pieces[0];
        // an L mirrored and lying down, away from the corner
        let cells = [(5, 3), (5, 4), (5, 5), (6, 3)];
        let index = l.orientation_of(&cells).expect("an L");
        assert_eq!(
            l.orientations()[index],
            vec![(0, 0), (0, 1), (0, 2), (1, 0)]
        );
        assert_eq!(l.orientation_of(&[(0, 0), (0, 1), (1, 1), (1, 2)]), None);
        assert_eq!(l.orientation_of(&[]), None);
    }

    #[test]
    fn identify_names_the_piece_in_any_orientation_or_none() {
        let pieces = free_tetrominoes();
        let letter = |cells: &[(usize, usize)]| identify(&pieces, cells).map(|p| p.letter);
        // A Z (the mirrored S) standing up, and a T pointing left.
        assert_eq!(letter(&[(2, 8), (3, 7), (3, 8), (4, 7)]), Some('S'));
        assert_eq!(letter(&[(0, 1), (1, 0), (1, 1), (2, 1)]), Some('T'));
        assert_eq!(letter(&[(0, 0), (0, 1), (1, 0), (1, 1)]), Some('O'));
        assert_eq!(letter(&[(0, 0), (0, 1), (1, 2), (1, 3)]), None);
        assert_eq!(letter(&[(0, 0), (0, 1), (0, 2)]), None);
    }

    #[test]
    fn an_empty_or_too_big_piece_has_no_placements() {
        let grid = Grid::new(3, 3);
        let empty = Polyomino::new('E', &[], Symmetry::Rotations);
        assert!(placements(&grid, &empty, |_| true).is_empty());
        let pieces = free_tetrominoes();
        let long = pieces.iter().find(|p| p.letter == 'I').unwrap();
        assert!(placements(&grid, long, |_| true).is_empty());
    }

    /// The free-tetromino letter of four cells, from invariants that know nothing of turning:
    /// the bounding box, neighbour counts, and three cells in a line.
    fn classify(grid: &Grid, cells: &[Cell]) -> char {
        let rcs: Vec<(usize, usize)> = cells.iter().map(|&c| grid.rc(c)).collect();
        let rows = rcs.iter().map(|p| p.0).max().unwrap() - rcs.iter().map(|p| p.0).min().unwrap();
        let cols = rcs.iter().map(|p| p.1).max().unwrap() - rcs.iter().map(|p| p.1).min().unwrap();
        let degree = |&(r, c): &(usize, usize)| {
            rcs.iter()
                .filter(|&&(r2, c2)| r.abs_diff(r2) + c.abs_diff(c2) == 1)
                .count()
        };
        match (rows.min(cols), rows.max(cols)) {
            (0, 3) => 'I',
            (1, 1) => 'O',
            (1, 2) if rcs.iter().any(|p| degree(p) == 3) => 'T',
            (1, 2) => {
                // L has three cells in one line along the long side; S has two and two.
                let line = |key: fn(&(usize, usize)) -> usize| {
                    let mut per: BTreeMap<usize, usize> = BTreeMap::new();
                    for p in &rcs {
                        *per.entry(key(p)).or_default() += 1;
                    }
                    per.values().any(|&n| n == 3)
                };
                if line(|p| p.0) || line(|p| p.1) {
                    'L'
                } else {
                    'S'
                }
            }
            other => panic!("not a tetromino: {rcs:?} {other:?}"),
        }
    }

    /// Every connected 4-cell subset of the allowed cells, with its letter.
    fn brute_force(grid: &Grid, allowed: &dyn Fn(Cell) -> bool) -> BTreeSet<(char, Vec<Cell>)> {
        let cells: Vec<Cell> = grid.cells().filter(|&c| allowed(c)).collect();
        let mut out = BTreeSet::new();
        let n = cells.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        let subset = vec![cells[a], cells[b], cells[c], cells[d]];
                        let mut reached = vec![subset[0]];
                        let mut i = 0;
                        while i < reached.len() {
                            for nb in grid.neighbours4(reached[i]) {
                                if subset.contains(&nb) && !reached.contains(&nb) {
                                    reached.push(nb);
                                }
                            }
                            i += 1;
                        }
                        if reached.len() == 4 {
                            out.insert((classify(grid, &subset), subset));
                        }
                    }
                }
            }
        }
        out
    }

    fn grids() -> Vec<(Grid, Vec<Cell>)> {
        // (grid, holes)
        vec![
            (Grid::new(1, 1), vec![]),
            (Grid::new(2, 2), vec![]),
            (Grid::new(1, 6), vec![]),
            (Grid::new(4, 4), vec![]),
            (Grid::new(3, 5), vec![7]),
            (Grid::new(5, 4), vec![0, 6, 13, 19]),
            (Grid::new(6, 3), vec![4, 10]),
        ]
    }

    #[test]
    fn free_tetromino_placements_are_exactly_the_connected_four_cell_subsets() {
        for (grid, holes) in grids() {
            let allowed = |c: Cell| !holes.contains(&c);
            let mut mine = BTreeSet::new();
            let mut total = 0;
            for piece in free_tetrominoes() {
                for p in placements(&grid, &piece, allowed) {
                    assert!(p.cells.windows(2).all(|w| w[0] < w[1]), "{p:?} unsorted");
                    let shape: Vec<(usize, usize)> = p.cells.iter().map(|&c| grid.rc(c)).collect();
                    assert_eq!(piece.orientation_of(&shape), Some(p.orientation));
                    mine.insert((p.letter, p.cells));
                    total += 1;
                }
            }
            let expected = brute_force(&grid, &allowed);
            assert_eq!(total, expected.len(), "{grid:?}: a placement repeats");
            assert_eq!(mine, expected, "{grid:?} holes {holes:?}");
        }
    }

    #[test]
    fn one_sided_placements_split_the_free_ones_by_mirror_image() {
        for (grid, holes) in grids() {
            let allowed = |c: Cell| !holes.contains(&c);
            let free_letter = |l: char| match l {
                'Z' => 'S',
                'J' => 'L',
                other => other,
            };
            let mut mine = BTreeSet::new();
            let mut total = 0;
            for piece in one_sided_tetrominoes() {
                for p in placements(&grid, &piece, allowed) {
                    mine.insert((free_letter(p.letter), p.cells));
                    total += 1;
                }
            }
            let expected = brute_force(&grid, &allowed);
            assert_eq!(total, expected.len(), "{grid:?}: a placement repeats");
            assert_eq!(mine, expected, "{grid:?} holes {holes:?}");
        }
    }

    #[test]
    fn one_placement_models_exactly_the_placements_and_their_letters() {
        // A plus-shaped region of a 3×3 with a tail: its solutions, projected on the shading
        // and the letter flags, are exactly the free tetromino placements inside it.
        let grid = Grid::new(3, 4);
        let region: Vec<Cell> = vec![1, 4, 5, 6, 7, 9];
        let pieces = free_tetrominoes();
        let placed = placements_of_all(&grid, &pieces, |c| region.contains(&c));
        let letters: Vec<char> = pieces.iter().map(|p| p.letter).collect();
        let mut m = Model::new();
        let shaded = grid.answer_bools(&mut m, "shaded");
        let flags = add_one_placement(&mut m, "R", &placed, &region, &shaded, &letters).letters;
        for c in grid.cells().filter(|c| !region.contains(c)) {
            m.add("outside", Constraint::clause([!shaded[c]]));
        }
        let keys: Vec<Var> = shaded.iter().chain(&flags).copied().collect();
        let found = crate::model::testing::satisfiable_projections(&m, &keys);
        let expected: BTreeSet<u64> = placed
            .iter()
            .map(|p| {
                let cells = p.cells.iter().map(|&c| 1u64 << c);
                let k = letters.iter().position(|&l| l == p.letter).unwrap();
                cells.sum::<u64>() | 1 << (grid.len() + k)
            })
            .collect();
        assert_eq!(found, expected);
        assert!(expected.len() >= 4, "{placed:?}");
    }

    #[test]
    fn array_placements_keep_the_piece_and_need_the_exact_size() {
        let grid = Grid::new(3, 3);
        let pieces = free_tetrominoes();
        for p in placements_of_all(&grid, &pieces, |_| true) {
            let fixed = p.to_array::<4>().expect("a tetromino has four cells");
            assert_eq!(
                (fixed.letter, fixed.orientation, fixed.cells.to_vec()),
                (p.letter, p.orientation, p.cells.clone())
            );
            assert_eq!(p.to_array::<5>(), None);
        }
    }

    #[test]
    fn placement_counts_on_an_open_4x4_match_a_hand_count() {
        // Per fixed orientation of size a×b there are (5-a)(5-b) positions in a 4×4 grid:
        // I 2 orientations × 4 = 8, O 9, T/S/L: (2×3 and 3×2 boxes: 6 positions each).
        let grid = Grid::new(4, 4);
        let per_letter: Vec<(char, usize)> = free_tetrominoes()
            .iter()
            .map(|p| (p.letter, placements(&grid, p, |_| true).len()))
            .collect();
        assert_eq!(
            per_letter,
            vec![('L', 48), ('I', 8), ('T', 24), ('S', 24), ('O', 9)]
        );
    }
}
