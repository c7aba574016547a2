//! The seven tetromino kinds (I O T S Z J L, in the order of count vectors) and their 19 fixed
//! orientations, viewed through the core's one-sided tetrominoes as four-cell arrays.

use crate::grid::polyomino::{self, Polyomino};
use std::fmt;
use std::sync::OnceLock;

/// A tetromino kind, named by its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The straight piece.
    I,
    /// The square piece.
    O,
    /// The T piece.
    T,
    /// The S piece.
    S,
    /// The Z piece.
    Z,
    /// The J piece.
    J,
    /// The L piece.
    L,
}

/// Every kind, in the order used for count vectors and output (`I O T S Z J L`).
pub const KINDS: [Kind; 7] = [
    Kind::I,
    Kind::O,
    Kind::T,
    Kind::S,
    Kind::Z,
    Kind::J,
    Kind::L,
];

impl Kind {
    /// The kind's letter.
    pub fn letter(self) -> char {
        match self {
            Kind::I => 'I',
            Kind::O => 'O',
            Kind::T => 'T',
            Kind::S => 'S',
            Kind::Z => 'Z',
            Kind::J => 'J',
            Kind::L => 'L',
        }
    }
    /// The kind of a letter (upper or lower case).
    pub fn from_letter(c: char) -> Option<Kind> {
        // A match, not a search of KINDS: tilings are counted by their pieces' letters.
        match c.to_ascii_uppercase() {
            'I' => Some(Kind::I),
            'O' => Some(Kind::O),
            'T' => Some(Kind::T),
            'S' => Some(Kind::S),
            'Z' => Some(Kind::Z),
            'J' => Some(Kind::J),
            'L' => Some(Kind::L),
            _ => None,
        }
    }
    /// The kind's position in [`KINDS`] (index of count vectors).
    pub fn index(self) -> usize {
        self as usize
    }
    /// The kind at a position of [`KINDS`] (`index` modulo 7).
    pub fn from_index(index: usize) -> Kind {
        KINDS[index % 7]
    }
    /// The kind's piece in the core's geometry (rotations only; orientation 0 is the spawn
    /// state).
    pub fn shape(self) -> &'static Polyomino {
        static PIECES: OnceLock<Vec<Polyomino>> = OnceLock::new();
        PIECES
            .get_or_init(polyomino::one_sided_tetrominoes)
            .iter()
            .find(|piece| piece.letter == self.letter())
            .expect("the core's one-sided tetrominoes name all seven kinds")
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A fixed orientation: a kind and its four cells, normalised so the smallest row and column
/// are 0, sorted in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Orientation {
    /// The kind.
    pub kind: Kind,
    /// The cells as (row, column), in reading order.
    pub cells: [(u16, u16); 4],
}

/// Shifts cells so the smallest row and column are 0 and sorts them in reading order.
pub fn normalize(cells: [(i32, i32); 4]) -> [(u16, u16); 4] {
    let shape = polyomino::normalise(cells.map(|(r, c)| (r as isize, c as isize)));
    std::array::from_fn(|i| (shape[i].0 as u16, shape[i].1 as u16))
}

/// The distinct orientations of one kind (rotations by 90° of its spawn shape).
pub fn orientations_of(kind: Kind) -> Vec<Orientation> {
    kind.shape()
        .orientations()
        .iter()
        .map(|cells| Orientation {
            kind,
            cells: std::array::from_fn(|i| (cells[i].0 as u16, cells[i].1 as u16)),
        })
        .collect()
}

/// All 19 fixed orientations, grouped by kind in [`KINDS`] order.
pub fn all_orientations() -> Vec<Orientation> {
    KINDS.iter().flat_map(|&k| orientations_of(k)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_nineteen_fixed_orientations_with_the_known_counts_per_kind() {
        let all = all_orientations();
        assert_eq!(all.len(), 19);
        let per_kind: Vec<usize> = KINDS.iter().map(|&k| orientations_of(k).len()).collect();
        assert_eq!(per_kind, vec![2, 1, 4, 2, 2, 4, 4]);
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.cells, b.cells, "{} and {} share a shape", a.kind, b.kind);
            }
        }
    }

    #[test]
    fn s_and_z_are_mirror_images_and_not_rotations_of_each_other() {
        let s = orientations_of(Kind::S);
        let mirrored_z: Vec<[(u16, u16); 4]> = orientations_of(Kind::Z)
            .iter()
            .map(|o| normalize(o.cells.map(|(r, c)| (r as i32, -(c as i32)))))
            .collect();
        for o in &s {
            assert!(mirrored_z.contains(&o.cells));
        }
    }

    #[test]
    fn letters_round_trip() {
        for k in KINDS {
            assert_eq!(Kind::from_letter(k.letter()), Some(k));
        }
        assert_eq!(Kind::from_letter('x'), None);
    }
}
