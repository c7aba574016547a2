//! Heyawake: shade cells so that no two shaded cells touch, the unshaded cells stay connected,
//! each numbered room holds its number of shaded cells, no unshaded run crosses two room
//! borders, and something is shaded. Read top-down: the puzzle, its rules (`verify`), the
//! formulations (`formulate.rs`), the inputs (`parse.rs`).

pub mod formulate;
pub mod parse;

use crate::graph::{adjacency, bipartite_matching, components};
use crate::grid::{runs, Cell, Clue, Grid, Rooms};

/// One room: its cells (raster order), its clue, and the label it had in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// The room's label (a letter from a text file, or its number from a URL).
    pub label: String,
    /// Its cells.
    pub cells: Vec<Cell>,
    /// The number of shaded cells it must hold (`None`: no clue; `Clue::Unknown`: a `?`,
    /// which constrains nothing but is kept so the puzzle can be written back).
    pub clue: Option<Clue>,
}

/// A heyawake instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heyawake {
    /// The grid.
    pub grid: Grid,
    /// The room of each cell.
    pub room_of: Vec<usize>,
    /// The rooms, in raster order of their first cell.
    pub rooms: Vec<Room>,
}

/// A solution: whether each cell is shaded.
pub type Shading = Vec<bool>;

impl Heyawake {
    /// An instance from its rooms, with each room's label and clue by room index.
    pub fn new(
        grid: Grid,
        rooms: Rooms,
        label: impl Fn(usize) -> String,
        clue: impl Fn(usize) -> Option<Clue>,
    ) -> Heyawake {
        Heyawake {
            grid,
            rooms: (rooms.cells.into_iter().enumerate())
                .map(|(i, cells)| Room {
                    label: label(i),
                    cells,
                    clue: clue(i),
                })
                .collect(),
            room_of: rooms.room_of,
        }
    }

    /// Checks a shading against the five rules; the error says which rule and where.
    pub fn check(&self, shaded: &[bool]) -> Result<(), String> {
        let g = self.grid;
        if shaded.len() != g.len() {
            return Err(format!(
                "{} cells given, the grid has {}",
                shaded.len(),
                g.len()
            ));
        }
        if let Some((a, b)) = g.edges().into_iter().find(|&(a, b)| shaded[a] && shaded[b]) {
            return Err(format!(
                "rule 1: shaded cells {} and {} touch",
                g.name(a),
                g.name(b)
            ));
        }
        let parts = components(&g.adjacency(), |c| !shaded[c]);
        if parts.len() > 1 {
            return Err(format!(
                "rule 2: unshaded cells fall apart into {} regions ({} and {} are not connected)",
                parts.len(),
                g.name(parts[0][0]),
                g.name(parts[1][0])
            ));
        }
        for room in &self.rooms {
            let count = room.cells.iter().filter(|&&c| shaded[c]).count();
            if let Some(clue) = room.clue.and_then(Clue::value) {
                if count != clue as usize {
                    return Err(format!(
                        "rule 3: room {} holds {count} shaded cells, its clue is {clue}",
                        room.label
                    ));
                }
            }
        }
        for line in g.lines() {
            for run in runs(&line, |c| !shaded[c]) {
                let borders = run
                    .windows(2)
                    .filter(|w| self.room_of[w[0]] != self.room_of[w[1]]);
                if borders.count() > 1 {
                    return Err(format!(
                        "rule 4: the unshaded run from {} crosses two room borders",
                        g.name(run[0])
                    ));
                }
            }
        }
        if !shaded.contains(&true) {
            return Err("rule 5: no cell is shaded".into());
        }
        Ok(())
    }

    /// The most shaded cells a room can hold with no two touching (rule 1): its size minus a
    /// maximum matching of its (bipartite) grid graph.
    pub fn max_shaded(&self, room: &Room) -> usize {
        let index = |c: Cell| room.cells.binary_search(&c).ok();
        let edges: Vec<(usize, usize)> = (self.grid.edges().into_iter())
            .filter_map(|(a, b)| Some((index(a)?, index(b)?)))
            .collect();
        let adj = adjacency(room.cells.len(), &edges);
        let black = |i: usize| {
            let (r, c) = self.grid.rc(room.cells[i]);
            (r + c) % 2 == 0
        };
        room.cells.len() - bipartite_matching(&adj, black)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> Heyawake {
        parse::parse_text("seed", include_str!("../../../models/heyawake/seed004.txt")).unwrap()
    }

    #[test]
    fn the_seeds_published_answer_keeps_every_rule() {
        let p = seed();
        let answer: Vec<&str> = include_str!("../../../models/heyawake/seed004.answer")
            .lines()
            .collect();
        let shading = p.grid.parse_shading(&answer).unwrap();
        assert_eq!(p.check(&shading), Ok(()));
    }

    #[test]
    fn each_rule_is_enforced() {
        let p = seed();
        let answer: Vec<&str> = include_str!("../../../models/heyawake/seed004.answer")
            .lines()
            .collect();
        let good = p.grid.parse_shading(&answer).unwrap();
        // Unshading a cell of a numbered room breaks rule 3; shading a neighbour breaks rule 1.
        let first_shaded = good.iter().position(|&s| s).unwrap();
        let mut bad = good.clone();
        bad[first_shaded] = false;
        assert!(p.check(&bad).unwrap_err().starts_with("rule"));
        let mut touching = good.clone();
        let neighbour = if first_shaded % p.grid.width + 1 < p.grid.width {
            first_shaded + 1
        } else {
            first_shaded - 1
        };
        touching[neighbour] = true;
        assert!(p.check(&touching).unwrap_err().starts_with("rule 1"));
        assert!(p.check(&vec![false; p.grid.len()]).is_err());
    }

    #[test]
    fn a_run_through_three_rooms_breaks_rule_4_even_when_a_room_repeats() {
        // A U-shaped room A around B: the unshaded top row A|B|A crosses two borders.
        let p = parse::parse_text("t", "ABA\nAAA\n").unwrap();
        let err = p
            .check(&[false, false, false, false, true, false])
            .unwrap_err();
        assert!(err.starts_with("rule 4"), "{err}");
    }

    #[test]
    fn max_shaded_is_the_independence_number() {
        let p = parse::parse_text("t", "AAA\nAAA\nAAA\n").unwrap();
        assert_eq!(p.max_shaded(&p.rooms[0]), 5);
        let p = parse::parse_text("t", "AAAA\nAAAA\n").unwrap();
        assert_eq!(p.max_shaded(&p.rooms[0]), 4);
    }
}
