//! LITS: shade one tetromino (L, I, T or S, turned or mirrored) in every room so that (1) each
//! room's shaded cells are one such piece, (2) two equal pieces never share an edge across a
//! room border, (3) all shaded cells are connected and (4) no 2×2 block is fully shaded. Read
//! top-down: the puzzle, its rules (`check`), the formulations (`formulate.rs`), the inputs
//! (`parse.rs`).

pub mod formulate;
pub mod parse;

use crate::graph::components;
use crate::grid::polyomino::{free_tetrominoes, identify, placements_of_all, Placement, Polyomino};
use crate::grid::{Cell, Grid, Rooms};

/// A LITS instance: a grid cut into rooms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lits {
    /// The grid.
    pub grid: Grid,
    /// The rooms.
    pub rooms: Rooms,
}

/// A solution: the letter of the piece on each cell, `None` where the cell is unshaded.
pub type Pieces = Vec<Option<char>>;

/// The four LITS pieces: the free tetrominoes without the square.
pub fn lits_pieces() -> Vec<Polyomino> {
    let mut pieces = free_tetrominoes();
    pieces.retain(|p| p.letter != 'O');
    pieces
}

impl Lits {
    /// A room's name in messages: its first cell.
    pub fn room_name(&self, room: usize) -> String {
        format!("the room at {}", self.grid.name(self.rooms.cells[room][0]))
    }

    /// Every placement of every LITS piece inside each room.
    pub fn room_placements(&self) -> Vec<Vec<Placement>> {
        let (pieces, room_of) = (lits_pieces(), &self.rooms.room_of);
        let inside = |r: usize| move |c: Cell| room_of[c] == r;
        let per_room =
            (0..self.rooms.len()).map(|r| placements_of_all(&self.grid, &pieces, inside(r)));
        per_room.collect()
    }

    /// Checks a solution against the four rules, then that each shaded cell carries its
    /// piece's letter; the error says which rule and where.
    pub fn check(&self, pieces: &[Option<char>]) -> Result<(), String> {
        let (g, shapes, room_of) = (self.grid, lits_pieces(), &self.rooms.room_of);
        if pieces.len() != g.len() {
            return Err("the solution does not cover the grid".into());
        }
        let mut letter = Vec::new(); // of each room's piece
        for (r, cells) in self.rooms.cells.iter().enumerate() {
            let shaded: Vec<(usize, usize)> = cells
                .iter()
                .filter(|&&c| pieces[c].is_some())
                .map(|&c| g.rc(c))
                .collect();
            let Some(piece) = identify(&shapes, &shaded) else {
                let (room, n) = (self.room_name(r), shaded.len());
                return Err(format!(
                    "rule 1: {room}'s {n} shaded cells are no L, I, T or S"
                ));
            };
            letter.push(piece.letter);
        }
        let across = |&(a, b): &(Cell, Cell)| room_of[a] != room_of[b];
        let both = |&(a, b): &(Cell, Cell)| pieces[a].is_some() && pieces[b].is_some();
        let same = |&(a, b): &(Cell, Cell)| letter[room_of[a]] == letter[room_of[b]];
        let edges = g.edges().into_iter().filter(across).filter(both);
        if let Some((a, b)) = edges.into_iter().find(same) {
            let (x, y, l) = (g.name(a), g.name(b), letter[room_of[a]]);
            return Err(format!("rule 2: two {l} pieces touch at {x} and {y}"));
        }
        let parts = components(&g.adjacency(), |c| pieces[c].is_some());
        if let [first, second, ..] = &parts[..] {
            let (a, b) = (g.name(first[0]), g.name(second[0]));
            return Err(format!("rule 3: shaded {a} and {b} are not connected"));
        }
        let full = |w: &[Cell; 4]| w.iter().all(|&c| pieces[c].is_some());
        if let Some(w) = g.windows2x2().into_iter().find(full) {
            return Err(format!(
                "rule 4: the 2×2 block at {} is shaded",
                g.name(w[0])
            ));
        }
        let wrong = |&c: &Cell| pieces[c].is_some_and(|l| l != letter[room_of[c]]);
        match g.cells().find(wrong) {
            Some(c) => Err(format!(
                "{} is marked {:?}, its piece is not",
                g.name(c),
                pieces[c]
            )),
            None => Ok(()),
        }
    }
}
