//! Heyawake: shade cells so that no two shaded cells touch, the unshaded cells stay connected,
//! each numbered room holds its number of shaded cells, no unshaded run crosses two room
//! borders, and something is shaded. Read top-down: the puzzle, its rules (`verify`), the
//! formulations (`formulate.rs`), the inputs (`parse.rs`).

pub mod formulate;
pub mod parse;

use crate::graph::{adjacency, components, grid_edges};
use crate::grid::Clue;

/// One room: its cells (raster order), its clue, and the label it had in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// The room's label (a letter from a text file, or its number from a URL).
    pub label: String,
    /// Its cells as raster indices.
    pub cells: Vec<usize>,
    /// The number of shaded cells it must hold (`None`: no clue; `Clue::Unknown`: a `?`,
    /// which constrains nothing but is kept so the puzzle can be written back).
    pub clue: Option<Clue>,
}

/// A heyawake instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heyawake {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The room of each cell (raster order).
    pub room_of: Vec<usize>,
    /// The rooms, in raster order of their first cell.
    pub rooms: Vec<Room>,
}

/// A solution: whether each cell (raster order) is shaded.
pub type Shading = Vec<bool>;

impl Heyawake {
    /// Builds an instance from a room id per cell (any ids; rooms are renumbered in raster order
    /// of their first cell) and clues by original id.
    pub fn from_room_ids(
        width: usize,
        height: usize,
        ids: &[usize],
        labels: impl Fn(usize) -> String,
        clue: impl Fn(usize) -> Option<Clue>,
    ) -> Heyawake {
        let mut renumber: std::collections::HashMap<usize, usize> = Default::default();
        let mut rooms: Vec<Room> = Vec::new();
        let mut room_of = Vec::with_capacity(ids.len());
        for (cell, &id) in ids.iter().enumerate() {
            let r = *renumber.entry(id).or_insert_with(|| {
                rooms.push(Room {
                    label: labels(id),
                    cells: Vec::new(),
                    clue: clue(id),
                });
                rooms.len() - 1
            });
            rooms[r].cells.push(cell);
            room_of.push(r);
        }
        Heyawake {
            width,
            height,
            room_of,
            rooms,
        }
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The cells of every maximal horizontal and vertical line, in order.
    pub fn lines(&self) -> Vec<Vec<usize>> {
        let mut lines = Vec::new();
        for r in 0..self.height {
            lines.push((0..self.width).map(|c| r * self.width + c).collect());
        }
        for c in 0..self.width {
            lines.push((0..self.height).map(|r| r * self.width + c).collect());
        }
        lines
    }

    /// Checks a shading against the five rules; the error says which rule and where.
    pub fn check(&self, shaded: &[bool]) -> Result<(), String> {
        let n = self.cells();
        if shaded.len() != n {
            return Err(format!("{} cells given, the grid has {n}", shaded.len()));
        }
        let rc = |i: usize| format!("r{}c{}", i / self.width + 1, i % self.width + 1);
        // Rule 1: no two shaded cells share an edge.
        let edges = grid_edges(self.height, self.width);
        if let Some(&(a, b)) = edges.iter().find(|&&(a, b)| shaded[a] && shaded[b]) {
            return Err(format!(
                "rule 1: shaded cells {} and {} touch",
                rc(a),
                rc(b)
            ));
        }
        // Rule 2: the unshaded cells are connected.
        let comps = components(&adjacency(n, &edges), |v| !shaded[v]);
        if comps.len() > 1 {
            return Err(format!(
                "rule 2: unshaded cells fall apart into {} regions ({} and {} are not connected)",
                comps.len(),
                rc(comps[0][0]),
                rc(comps[1][0])
            ));
        }
        // Rule 3: numbered rooms hold their number of shaded cells.
        for room in &self.rooms {
            if let Some(clue) = room.clue.and_then(Clue::value) {
                let count = room.cells.iter().filter(|&&c| shaded[c]).count();
                if count != clue as usize {
                    return Err(format!(
                        "rule 3: room {} holds {count} shaded cells, its clue is {clue}",
                        room.label
                    ));
                }
            }
        }
        // Rule 4: no maximal unshaded run crosses more than one room border.
        for line in self.lines() {
            let mut borders = 0;
            for w in line.windows(2) {
                if shaded[w[0]] || shaded[w[1]] {
                    borders = 0;
                    continue;
                }
                if self.room_of[w[0]] != self.room_of[w[1]] {
                    borders += 1;
                    if borders > 1 {
                        return Err(format!(
                            "rule 4: the unshaded run through {} crosses two room borders",
                            rc(w[1])
                        ));
                    }
                }
            }
        }
        // Rule 5: at least one cell is shaded.
        if !shaded.iter().any(|&s| s) {
            return Err("rule 5: no cell is shaded".into());
        }
        Ok(())
    }

    /// The most shaded cells a room can hold with no two touching (rule 1): its size minus a
    /// maximum matching of its (bipartite) grid graph.
    pub fn max_shaded(&self, room: &Room) -> usize {
        let index: std::collections::HashMap<usize, usize> = room
            .cells
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i))
            .collect();
        let colour = |c: usize| (c / self.width + c % self.width) % 2;
        let neighbours = |c: usize| -> Vec<usize> {
            let (r, col) = (c / self.width, c % self.width);
            let mut out = Vec::new();
            if r > 0 {
                out.push(c - self.width);
            }
            if r + 1 < self.height {
                out.push(c + self.width);
            }
            if col > 0 {
                out.push(c - 1);
            }
            if col + 1 < self.width {
                out.push(c + 1);
            }
            out.into_iter()
                .filter_map(|d| index.get(&d).copied())
                .collect()
        };
        let mut matched_to: Vec<Option<usize>> = vec![None; room.cells.len()];
        fn augment(
            v: usize,
            adj: &[Vec<usize>],
            seen: &mut [bool],
            matched_to: &mut [Option<usize>],
        ) -> bool {
            for &u in &adj[v] {
                if seen[u] {
                    continue;
                }
                seen[u] = true;
                if matched_to[u].is_none_or(|w| augment(w, adj, seen, matched_to)) {
                    matched_to[u] = Some(v);
                    return true;
                }
            }
            false
        }
        let adj: Vec<Vec<usize>> = room.cells.iter().map(|&c| neighbours(c)).collect();
        let mut matching = 0;
        for (i, &c) in room.cells.iter().enumerate() {
            if colour(c) == 0 {
                let mut seen = vec![false; room.cells.len()];
                if augment(i, &adj, &mut seen, &mut matched_to) {
                    matching += 1;
                }
            }
        }
        room.cells.len() - matching
    }

    /// The shading as rows of `#` (shaded) and `.` (unshaded).
    pub fn render(&self, shaded: &[bool]) -> Vec<String> {
        shaded
            .chunks(self.width)
            .map(|row| row.iter().map(|&s| if s { '#' } else { '.' }).collect())
            .collect()
    }

    /// Reads rows of `#`/`.` (as printed) back into a shading.
    pub fn parse_shading(&self, rows: &[&str]) -> Result<Shading, String> {
        if rows.len() != self.height {
            return Err(format!("{} rows, expected {}", rows.len(), self.height));
        }
        let mut out = Vec::with_capacity(self.cells());
        for (r, row) in rows.iter().enumerate() {
            let row: Vec<char> = row.trim().chars().collect();
            if row.len() != self.width {
                return Err(format!(
                    "row {} has {} cells, expected {}",
                    r + 1,
                    row.len(),
                    self.width
                ));
            }
            for ch in row {
                out.push(match ch {
                    '#' => true,
                    '.' => false,
                    other => return Err(format!("row {}: `{other}` is not `#` or `.`", r + 1)),
                });
            }
        }
        Ok(out)
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
        let shading = p.parse_shading(&answer).unwrap();
        assert_eq!(p.check(&shading), Ok(()));
    }

    #[test]
    fn each_rule_is_enforced() {
        let p = seed();
        let answer: Vec<&str> = include_str!("../../../models/heyawake/seed004.answer")
            .lines()
            .collect();
        let good = p.parse_shading(&answer).unwrap();
        // Unshading a cell of a numbered room breaks rule 3; shading a neighbour breaks rule 1.
        let first_shaded = good.iter().position(|&s| s).unwrap();
        let mut bad = good.clone();
        bad[first_shaded] = false;
        assert!(p.check(&bad).unwrap_err().starts_with("rule"));
        let mut touching = good.clone();
        let neighbour = if first_shaded % p.width + 1 < p.width {
            first_shaded + 1
        } else {
            first_shaded - 1
        };
        touching[neighbour] = true;
        assert!(p.check(&touching).unwrap_err().starts_with("rule 1"));
        assert!(p.check(&vec![false; p.cells()]).is_err());
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
