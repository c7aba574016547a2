//! Heyawake: shade cells so that no two shaded cells touch, the unshaded cells stay connected,
//! each numbered room holds its number of shaded cells, no unshaded run crosses two room
//! borders, and something is shaded. Read top-down: the puzzle, its rules (`verify`), the
//! formulations (`formulate.rs`), the inputs (`parse.rs`).

pub mod formulate;
pub mod parse;

use crate::error::Result;
use crate::graph::components;
use crate::grid::text::looks_generic;
use crate::grid::{runs, Grid, RoomClues};
use crate::model::connectivity::ConnectivityEncoding;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::{Format, RoomNumbers};

/// A heyawake instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heyawake {
    /// The grid.
    pub grid: Grid,
    /// The rooms and their clues (the number of shaded cells each must hold).
    pub rooms: RoomClues,
}

/// A solution: whether each cell is shaded.
pub type Shading = Vec<bool>;

impl Puzzle for Heyawake {
    type Solution = Shading;
    const GENRE: &'static str = "heyawake";
    const RULES: &'static str =
        "shade cells: rooms with counts, no touching, connected unshaded, no run over two borders";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["heyawake"],
        |p| &mut p.grid,
        |p, body| body.piece(RoomNumbers, p.grid, &mut p.rooms),
    ));
    fn keys() -> Vec<FormulationKey> {
        vec![FormulationKey::of::<ConnectivityEncoding>(
            "connectivity",
            "how rule 2 (unshaded cells connected) is encoded",
            "lazy",
        )]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        match looks_generic(text) {
            true => parse::parse_generic(source, text),
            false => parse::parse_letters(source, text),
        }
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Shading>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, solution: &Shading) -> Vec<String> {
        self.grid.shading_rows(solution)
    }
    fn answer_text(&self, solution: &Shading) -> Option<String> {
        Some(self.grid.shading_answer("", solution))
    }
    fn sketch(&self, solution: Option<&Shading>) -> Sketch {
        let puzzle = Sketch::of(self.grid).with_room_clues(&self.rooms);
        puzzle.with_shading(solution.map(Vec::as_slice))
    }
    fn precheck(&self) -> Option<String> {
        // The most shaded cells a room can hold with no two touching (rule 1).
        self.rooms.iter().find_map(|(label, cells, clue)| {
            let (clue, most) = (clue? as usize, self.grid.max_independent(cells));
            (clue > most).then(|| {
                format!(
                    "room {label} asks for {clue} shaded cells but can hold at most {most} \
                     without two touching"
                )
            })
        })
    }

    /// Checks a shading against the five rules; the error says which rule and where.
    fn verify(&self, shaded: &Self::Solution) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(shaded)?;
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
        for (label, cells, clue) in self.rooms.iter() {
            let count = cells.iter().filter(|&&c| shaded[c]).count() as u32;
            if let Some(clue) = clue.filter(|&clue| clue != count) {
                let msg = format!("room {label} holds {count} shaded cells, its clue is {clue}");
                return Err(format!("rule 3: {msg}"));
            }
        }
        for line in g.lines() {
            for run in runs(&line, |c| !shaded[c]) {
                let borders = run
                    .windows(2)
                    .filter(|w| self.rooms.rooms.wall_between(w[0], w[1]));
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> Heyawake {
        Heyawake::read_text("seed", include_str!("../../../models/heyawake/seed004.txt")).unwrap()
    }

    #[test]
    fn the_seeds_published_answer_keeps_every_rule() {
        let p = seed();
        let answer: Vec<&str> = include_str!("../../../models/heyawake/seed004.answer")
            .lines()
            .collect();
        let shading = p.grid.parse_shading(&answer).unwrap();
        assert_eq!(p.verify(&shading), Ok(()));
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
        assert!(p.verify(&bad).unwrap_err().starts_with("rule"));
        let mut touching = good.clone();
        let neighbour = if first_shaded % p.grid.width + 1 < p.grid.width {
            first_shaded + 1
        } else {
            first_shaded - 1
        };
        touching[neighbour] = true;
        assert!(p.verify(&touching).unwrap_err().starts_with("rule 1"));
        assert!(p.verify(&vec![false; p.grid.len()]).is_err());
    }

    #[test]
    fn every_connectivity_encoding_finds_exactly_the_shadings_the_rules_accept() {
        use crate::grid::{Clue, Rooms};
        use crate::model::testing::Rng;
        use crate::puzzles::testing::assert_matches_brute_force;
        let mut rng = Rng::new(31);
        let mut solvable = 0;
        for _ in 0..40 {
            let grid = Grid::new(2 + rng.below(3) as usize, 2 + rng.below(3) as usize);
            let mut wall = || rng.below(10) < 3;
            let vertical: Vec<bool> = (0..grid.height * (grid.width - 1))
                .map(|_| wall())
                .collect();
            let horizontal: Vec<bool> = (0..grid.width * (grid.height - 1))
                .map(|_| wall())
                .collect();
            let rooms = Rooms::from_walls(grid, &vertical, &horizontal);
            let clues = (rooms.cells.iter())
                .map(|cells| {
                    (rng.below(3) > 0)
                        .then(|| Clue::Number(rng.below(cells.len() as u64 / 2 + 1) as u32))
                })
                .collect();
            let labels = (1..=rooms.len()).map(|i| i.to_string()).collect();
            let p = Heyawake {
                grid,
                rooms: RoomClues {
                    rooms,
                    labels,
                    clues,
                },
            };
            let lazy_and_tree = ["connectivity=lazy", "connectivity=tree"];
            let n = assert_matches_brute_force(&p, grid.len(), &lazy_and_tree, &["varisat"]);
            assert_matches_brute_force(&p, grid.len(), &["connectivity=propagator"], &["batsat"]);
            solvable += usize::from(n > 0);
        }
        assert!(
            solvable >= 10,
            "only {solvable} random puzzles have a solution"
        );
    }

    #[test]
    fn a_run_through_three_rooms_breaks_rule_4_even_when_a_room_repeats() {
        // A U-shaped room A around B: the unshaded top row A|B|A crosses two borders.
        let p = Heyawake::read_text("t", "ABA\nAAA\n").unwrap();
        let err = p
            .verify(&vec![false, false, false, false, true, false])
            .unwrap_err();
        assert!(err.starts_with("rule 4"), "{err}");
    }
}
