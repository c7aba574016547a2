//! Rooms (regions) of a grid: read from a label per cell or from border walls, written back as
//! walls (for URLs and drawings). Some genres leave cells outside every room (star battle's and
//! LITS's `@` in janko.at's text): those cells are in no room and stay empty.

use super::{Cell, Grid};
use crate::graph::components;
use crate::model::{Constraint, Model, Var};

/// The room number ([`Rooms::room_of`]) of a cell outside every room.
pub const OUTSIDE: usize = usize::MAX;

/// A partition of a grid into orthogonally connected rooms, numbered in raster order of their
/// first cell; cells outside every room (if the rooms were read with some) have the room
/// [`OUTSIDE`] and are in no room's `cells`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rooms {
    /// The room of each cell.
    pub room_of: Vec<usize>,
    /// The cells of each room, in raster order.
    pub cells: Vec<Vec<Cell>>,
}

/// A label that names two separate pieces of the grid: the first cell of each piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitRoom {
    /// The first cell of the piece met first.
    pub first: Cell,
    /// The first cell of the other piece.
    pub second: Cell,
}

impl Rooms {
    /// Rooms from a label per cell; each label must name one connected piece.
    pub fn from_labels<T: PartialEq>(grid: Grid, labels: &[T]) -> Result<Rooms, SplitRoom> {
        Rooms::from_labels_outside(grid, labels, |_| false)
    }
    /// Rooms from a label per cell, where the cells whose label `is_outside` are in no room
    /// (they may lie in separate pieces); every other label must name one connected piece.
    pub fn from_labels_outside<T: PartialEq>(
        grid: Grid,
        labels: &[T],
        is_outside: impl Fn(&T) -> bool,
    ) -> Result<Rooms, SplitRoom> {
        let pieces = Rooms::grown(grid, |a, b| labels[a] == labels[b]);
        let mut rooms = Rooms {
            room_of: vec![OUTSIDE; grid.len()],
            cells: Vec::new(),
        };
        for piece in pieces.cells {
            let label = &labels[piece[0]];
            if is_outside(label) {
                continue;
            }
            if let Some(earlier) = rooms.cells.iter().find(|o| labels[o[0]] == *label) {
                return Err(SplitRoom {
                    first: earlier[0],
                    second: piece[0],
                });
            }
            for &c in &piece {
                rooms.room_of[c] = rooms.cells.len();
            }
            rooms.cells.push(piece);
        }
        Ok(rooms)
    }
    /// The cells outside every room, in raster order.
    pub fn outside(&self) -> impl Iterator<Item = Cell> + '_ {
        (self.room_of.iter().enumerate()).filter_map(|(c, &r)| (r == OUTSIDE).then_some(c))
    }
    /// Whether adjacent cells `a` and `b` lie in two different rooms (neither outside).
    pub fn between_rooms(&self, a: Cell, b: Cell) -> bool {
        let (ra, rb) = (self.room_of[a], self.room_of[b]);
        ra != rb && ra != OUTSIDE && rb != OUTSIDE
    }
    /// Whether some cell is outside every room.
    pub fn has_outside(&self) -> bool {
        self.room_of.contains(&OUTSIDE)
    }
    /// The rule "a cell outside every room stays empty": each such cell's variable is false.
    pub fn add_outside_empty(&self, model: &mut Model, grid: Grid, vars: &[Var]) {
        for c in self.outside() {
            let name = format!("{} is outside every room", grid.name(c));
            model.add(name, Constraint::clause([!vars[c]]));
        }
    }
    /// Checks that no cell outside every room is `filled`; the error names the cell and what
    /// it holds (`what`: "holds a star", "is shaded").
    pub fn check_outside_empty(
        &self,
        grid: Grid,
        what: &str,
        filled: impl Fn(Cell) -> bool,
    ) -> Result<(), String> {
        match self.outside().find(|&c| filled(c)) {
            Some(c) => Err(format!("{} is outside every room but {what}", grid.name(c))),
            None => Ok(()),
        }
    }
    /// Rooms from walls: `vertical[r * (w-1) + c]` is the wall right of `(r, c)`,
    /// `horizontal[r * w + c]` the wall below it (puzz.link's order).
    pub fn from_walls(grid: Grid, vertical: &[bool], horizontal: &[bool]) -> Rooms {
        let w = grid.width;
        Rooms::grown(grid, |a, b| {
            let (r, c) = grid.rc(a);
            // In a one-column grid `a + 1` is the cell below, not beside.
            if b == a + 1 && c + 1 < w {
                !vertical[r * (w - 1) + c]
            } else {
                !horizontal[r * w + c]
            }
        })
    }
    /// The walls between rooms, in [`Rooms::from_walls`]'s order: `(vertical, horizontal)`.
    pub fn walls(&self, grid: Grid) -> (Vec<bool>, Vec<bool>) {
        let w = grid.width;
        let mut vertical = Vec::with_capacity(grid.height * w.saturating_sub(1));
        let mut horizontal = Vec::with_capacity(w * grid.height.saturating_sub(1));
        for r in 0..grid.height {
            for c in 0..w.saturating_sub(1) {
                let a = grid.cell(r, c);
                vertical.push(self.room_of[a] != self.room_of[a + 1]);
            }
        }
        for r in 0..grid.height.saturating_sub(1) {
            for c in 0..w {
                let a = grid.cell(r, c);
                horizontal.push(self.room_of[a] != self.room_of[a + w]);
            }
        }
        (vertical, horizontal)
    }
    /// How many rooms.
    pub fn len(&self) -> usize {
        self.cells.len()
    }
    /// Whether there are none (an empty grid).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
    /// Whether two adjacent cells are in different rooms.
    pub fn wall_between(&self, a: Cell, b: Cell) -> bool {
        self.room_of[a] != self.room_of[b]
    }

    /// The components of the grid graph restricted to edges where `joined` holds.
    pub(crate) fn grown(grid: Grid, joined: impl Fn(Cell, Cell) -> bool) -> Rooms {
        let mut adj = vec![Vec::new(); grid.len()];
        for (a, b) in grid.edges() {
            if joined(a, b) {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        let cells = components(&adj, |_| true);
        let mut room_of = vec![0; grid.len()];
        for (r, room) in cells.iter().enumerate() {
            for &c in room {
                room_of[c] = r;
            }
        }
        Rooms { room_of, cells }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_make_rooms_in_raster_order() {
        let g = Grid::new(2, 3);
        let rooms = Rooms::from_labels(g, &['B', 'B', 'A', 'C', 'B', 'A']).unwrap();
        assert_eq!(rooms.cells, vec![vec![0, 1, 4], vec![2, 5], vec![3]]);
        assert_eq!(rooms.room_of, vec![0, 0, 1, 2, 0, 1]);
    }

    #[test]
    fn a_label_in_two_pieces_is_refused() {
        let g = Grid::new(2, 3);
        let e = Rooms::from_labels(g, &['A', 'B', 'A', 'B', 'B', 'B']).unwrap_err();
        assert_eq!(
            e,
            SplitRoom {
                first: 0,
                second: 2
            }
        );
    }

    #[test]
    fn walls_round_trip() {
        let g = Grid::new(3, 3);
        let labels = [1, 1, 2, 3, 1, 2, 3, 3, 2];
        let rooms = Rooms::from_labels(g, &labels).unwrap();
        let (v, h) = rooms.walls(g);
        assert_eq!(v, vec![false, true, true, true, false, true]);
        assert_eq!(Rooms::from_walls(g, &v, &h), rooms);
    }

    #[test]
    fn outside_cells_are_in_no_room_and_may_lie_apart() {
        let g = Grid::new(2, 3);
        let rooms = Rooms::from_labels_outside(g, &['@', 'A', '@', 'B', 'A', '@'], |&l| l == '@');
        let rooms = rooms.unwrap();
        assert_eq!(rooms.cells, vec![vec![1, 4], vec![3]]);
        assert_eq!(rooms.room_of, vec![OUTSIDE, 0, OUTSIDE, 1, 0, OUTSIDE]);
        assert_eq!(rooms.outside().collect::<Vec<_>>(), vec![0, 2, 5]);
        assert!(rooms.has_outside() && rooms.wall_between(0, 1) && !rooms.wall_between(2, 5));
        assert!(rooms.between_rooms(3, 4) && !rooms.between_rooms(0, 1));
        let err = rooms.check_outside_empty(g, "holds a star", |c| c == 5);
        assert_eq!(
            err,
            Err("r2c3 is outside every room but holds a star".into())
        );
        assert_eq!(rooms.check_outside_empty(g, "a star", |c| c == 1), Ok(()));
        let split = Rooms::from_labels_outside(g, &['@', 'A', '@', 'A', '@', 'A'], |&l| l == '@');
        assert_eq!(
            split.unwrap_err(),
            SplitRoom {
                first: 1,
                second: 3
            }
        );
        assert!(!Rooms::from_labels(g, &[1, 1, 2, 2, 2, 2])
            .unwrap()
            .has_outside());
    }

    #[test]
    fn one_column_walls_are_horizontal() {
        let g = Grid::new(3, 1);
        let rooms = Rooms::from_walls(g, &[], &[true, false]);
        assert_eq!(rooms.cells, vec![vec![0], vec![1, 2]]);
        assert_eq!(rooms.walls(g), (vec![], vec![true, false]));
    }
}
