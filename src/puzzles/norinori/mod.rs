//! Norinori: shade cells so that every region holds exactly two shaded cells and every shaded
//! cell touches exactly one other (the shading is made of dominoes). Read top-down: the
//! puzzle, its rules (`verify`), the model (`formulate.rs`), the inputs' tests (`inputs.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::counts::first_miscount;
use crate::grid::dominoes::OneNeighbour;
use crate::grid::text::GridText;
use crate::grid::{Grid, Rooms};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::{Format, RoomWalls};

/// A norinori instance: a grid cut into regions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Norinori {
    /// The grid.
    pub grid: Grid,
    /// The regions.
    pub rooms: Rooms,
}

/// A solution: whether each cell is shaded.
pub type Shading = Vec<bool>;

/// Shaded cells in every region.
pub const PER_ROOM: usize = 2;

impl Puzzle for Norinori {
    type Solution = Shading;
    const GENRE: &'static str = "norinori";
    const RULES: &'static str =
        "shade two cells in every region; every shaded cell touches exactly one other";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["norinori"],
        |p| &mut p.grid,
        |p, body| body.piece(RoomWalls { labels: false }, p.grid, &mut p.rooms),
    ));
    fn keys() -> Vec<FormulationKey> {
        let doc = "how \"a shaded cell touches exactly one other\" is encoded";
        vec![FormulationKey::of::<OneNeighbour>("pairs", doc, "clauses")]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse_rooms_only(source, text)?;
        t.no_extras(Self::GENRE)?;
        let rooms = t.rooms()?;
        Ok(Norinori {
            grid: t.grid,
            rooms,
        })
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
        let puzzle = Sketch::of(self.grid).with_rooms(&self.rooms);
        puzzle.with_shading(solution.map(Vec::as_slice))
    }
    fn precheck(&self) -> Option<String> {
        let small = self.rooms.cells.iter().find(|r| r.len() < PER_ROOM)?;
        let at = self.grid.name(small[0]);
        Some(format!(
            "the region at {at} has fewer than {PER_ROOM} cells"
        ))
    }

    /// Checks a shading against the two rules; the error says which rule and where.
    fn verify(&self, shaded: &Shading) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(shaded)?;
        let rooms = &self.rooms.cells;
        if let Some((r, found, _)) = first_miscount(rooms, |c| shaded[c], |_| Some(PER_ROOM)) {
            let at = g.name(rooms[r][0]);
            return Err(format!(
                "the region at {at} has {found} shaded cells, not {PER_ROOM}"
            ));
        }
        if let Some((c, n)) = g.first_not_in_pair(shaded) {
            return Err(format!(
                "the shaded cell {} touches {n} shaded cells, not one",
                g.name(c)
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::testing::{random_rooms, shading};
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    /// pzprjs's norinori test board (`test/script/norinori.js`).
    fn pzprjs() -> Norinori {
        Norinori::read("URL", "https://puzz.link/p?norinori/5/5/cag4ocjo").unwrap()
    }

    #[test]
    fn pzprjs_answer_passes_and_its_wrong_boards_fail_for_their_reason() {
        let p = pzprjs();
        assert_eq!(
            p.verify(&shading(p.grid, "##.../..##./##..#/....#/##...")),
            Ok(())
        );
        for (rows, why) in [
            ("##.../.#.../...../...../.....", "not 2"), // bkShadeGt2
            ("##..#/..##./#...#/....#/.....", "not 2"), // bkShadeGt2
            ("##.../..##./#..../...../##...", "not 2"), // bkShadeLt2
            ("##.../..##./##.../...../##...", "not 2"), // bkShadeLt2
            ("##.../...../...../...../##...", "not 2"), // bkNoShade
            ("##..#/..##./##.../....#/##...", "touches 0"), // csLt2
            ("###../....#/##..#/....#/##...", "touches 2"), // csGt2
        ] {
            let err = p.verify(&shading(p.grid, rows)).unwrap_err();
            assert!(err.contains(why), "{rows}: {err}");
        }
    }

    /// A random grid of up to 4×4 cut into random regions (grown from random seeds).
    fn random_puzzle(rng: &mut Rng) -> Norinori {
        let grid = Grid::new(2 + rng.below(3) as usize, 2 + rng.below(3) as usize);
        let rooms = random_rooms(rng, grid);
        Norinori { grid, rooms }
    }

    #[test]
    fn every_formulation_finds_exactly_the_shadings_the_rules_accept() {
        let mut rng = Rng::new(7);
        let specs = ["pairs=clauses", "pairs=linear"];
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..40 {
            let p = random_puzzle(&mut rng);
            let n = assert_matches_brute_force(&p, p.grid.len(), &specs, &["varisat", "batsat"]);
            if p.grid.len() <= 9 {
                assert_matches_brute_force(&p, p.grid.len(), &specs, &["microlp"]);
            }
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
        assert!(
            solvable >= 8 && several >= 2,
            "{solvable} solvable, {several} with several"
        );
    }
}
