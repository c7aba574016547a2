//! The seven tetromino kinds and their 19 fixed orientations (rotations without reflection).

use std::fmt;

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
        KINDS
            .iter()
            .copied()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }
    /// The kind's position in [`KINDS`] (index of count vectors).
    pub fn index(self) -> usize {
        self as usize
    }
    /// The kind at a position of [`KINDS`] (`index` modulo 7).
    pub fn from_index(index: usize) -> Kind {
        KINDS[index % 7]
    }
    /// The cells of the kind's spawn orientation as (row, column).
    fn base_cells(self) -> [(i32, i32); 4] {
        match self {
            Kind::I => [(0, 0), (0, 1), (0, 2), (0, 3)],
            Kind::O => [(0, 0), (0, 1), (1, 0), (1, 1)],
            Kind::T => [(0, 1), (1, 0), (1, 1), (1, 2)],
            Kind::S => [(0, 1), (0, 2), (1, 0), (1, 1)],
            Kind::Z => [(0, 0), (0, 1), (1, 1), (1, 2)],
            Kind::J => [(0, 0), (1, 0), (1, 1), (1, 2)],
            Kind::L => [(0, 2), (1, 0), (1, 1), (1, 2)],
        }
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
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out = cells.map(|(r, c)| ((r - r0) as u16, (c - c0) as u16));
    out.sort_unstable();
    out
}

/// The distinct orientations of one kind (rotations by 90° of its spawn shape).
pub fn orientations_of(kind: Kind) -> Vec<Orientation> {
    let mut shapes: Vec<[(u16, u16); 4]> = Vec::new();
    let mut cells = kind.base_cells();
    for _ in 0..4 {
        let shape = normalize(cells);
        if !shapes.contains(&shape) {
            shapes.push(shape);
        }
        cells = cells.map(|(r, c)| (c, -r));
    }
    shapes
        .into_iter()
        .map(|cells| Orientation { kind, cells })
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
