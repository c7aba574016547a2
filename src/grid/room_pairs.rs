//! Rooms that share an edge (shimaguni's "neighbouring regions differ", any rule between
//! adjacent regions).

use super::{Grid, Rooms};

impl Rooms {
    /// Pairs of rooms that share an edge, each once, smaller index first, sorted.
    pub fn neighbouring_pairs(&self, grid: Grid) -> Vec<(usize, usize)> {
        let room = |c: usize| self.room_of[c];
        let mut pairs: Vec<(usize, usize)> = (grid.edges().into_iter())
            .map(|(a, b)| (room(a).min(room(b)), room(a).max(room(b))))
            .filter(|(a, b)| a != b)
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_touching_along_an_edge_pair_up_once() {
        let g = Grid::new(2, 3);
        let rooms = Rooms::from_labels(g, &['a', 'a', 'b', 'c', 'c', 'b']).unwrap();
        assert_eq!(rooms.neighbouring_pairs(g), vec![(0, 1), (0, 2), (1, 2)]);
    }
}
