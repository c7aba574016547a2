//! Shimaguni (islands): shade cells so that every region holds one orthogonally connected
//! island (of the region's number of cells, when it has a number), islands of different
//! regions never share an edge, and the islands of neighbouring regions differ in size. Read
//! top-down: the puzzle, its rules (`verify`), the model (`formulate.rs`), the inputs' tests.

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::text::GridText;
use crate::grid::{Grid, RoomClues};
use crate::model::connectivity::ConnectivityEncoding;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::{Format, RoomNumbers};

/// A shimaguni instance: regions, some with the size of their island.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shimaguni {
    /// The grid.
    pub grid: Grid,
    /// The regions and their numbers.
    pub rooms: RoomClues,
}

/// A solution: whether each cell is shaded.
pub type Shading = Vec<bool>;

impl Shimaguni {
    /// Pairs of regions that share an edge.
    pub fn neighbouring_rooms(&self) -> Vec<(usize, usize)> {
        self.rooms.rooms.neighbouring_pairs(self.grid)
    }
}

impl Puzzle for Shimaguni {
    type Solution = Shading;
    const GENRE: &'static str = "shimaguni";
    const ALIASES: &'static [&'static str] = &["islands"];
    const RULES: &'static str = "shade one connected island per region (of its number's size); \
        islands never touch, neighbouring regions' islands differ in size";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["shimaguni"],
        |p| &mut p.grid,
        |p, body| body.piece(RoomNumbers, p.grid, &mut p.rooms),
    ));
    fn keys() -> Vec<FormulationKey> {
        let doc = "how each region's island is kept connected";
        vec![FormulationKey::of::<ConnectivityEncoding>(
            "connectivity",
            doc,
            "propagator",
        )]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, true)?;
        t.no_extras(Self::GENRE)?;
        Ok(Shimaguni {
            grid: t.grid,
            rooms: RoomClues::from_grid_text(&t)?,
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
        let puzzle = Sketch::of(self.grid).with_room_clues(&self.rooms);
        puzzle.with_shading(solution.map(Vec::as_slice))
    }

    /// Checks a shading against the rules; the error says which rule and where.
    fn verify(&self, shaded: &Shading) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(shaded)?;
        let rooms = &self.rooms.rooms;
        if let Some((a, b)) = (g.edges().into_iter())
            .find(|&(a, b)| shaded[a] && shaded[b] && rooms.wall_between(a, b))
        {
            let (a, b) = (g.name(a), g.name(b));
            return Err(format!("islands of two regions touch at {a} and {b}"));
        }
        let mut sizes = Vec::with_capacity(rooms.len());
        for (label, cells, clue) in self.rooms.iter() {
            let island = g.parts(|c| shaded[c] && cells.contains(&c));
            match island.len() {
                0 => return Err(format!("region {label} has no shaded cell")),
                1 => {}
                _ => return Err(format!("the island of region {label} falls apart")),
            }
            let size = island[0].len();
            if let Some(n) = clue.filter(|&n| n as usize != size) {
                return Err(format!("region {label} has {size} shaded cells, not {n}"));
            }
            sizes.push(size);
        }
        if let Some((a, b)) = self
            .neighbouring_rooms()
            .into_iter()
            .find(|&(a, b)| sizes[a] == sizes[b])
        {
            let (a, b, n) = (&self.rooms.labels[a], &self.rooms.labels[b], sizes[a]);
            return Err(format!(
                "neighbouring regions {a} and {b} both have islands of {n}"
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::testing::{random_rooms, shading};
    use crate::grid::Clue;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    /// pzprjs's shimaguni test board (`test/script/shimaguni.js`).
    fn pzprjs() -> Shimaguni {
        Shimaguni::read(
            "URL",
            "https://puzz.link/p?shimaguni/6/6/7fe608s0e3uf3g3g2g43",
        )
        .unwrap()
    }

    #[test]
    fn pzprjs_answer_passes_and_its_wrong_boards_fail_for_their_reason() {
        let p = pzprjs();
        let good = "###..#/...#../##.#.#/..#.##/##..../##.###";
        assert_eq!(p.verify(&shading(p.grid, good)), Ok(()));
        for (rows, why) in [
            ("###..#/..##../##.#.#/..#.##/##..../##.###", "touch"), // cbShade
            ("#.#..#/...#../##.#.#/..#.##/##..../##.###", "falls apart"), // bkShadeDivide
            ("##...#/...#../##.#.#/..#.##/##..../##.###", "not 3"), // bkShadeNe
            ("###..#/....../##.#.#/..#.##/##..../##.###", "both have"), // bsEqShade
            ("###.../...#../##.#.#/..#.##/##..../##.###", "no shaded"), // bkNoShade
        ] {
            let err = p.verify(&shading(p.grid, rows)).unwrap_err();
            assert!(err.contains(why), "{rows}: {err}");
        }
    }

    /// A random grid of up to 4×4 cut into random regions, a few of them numbered.
    fn random_puzzle(rng: &mut Rng) -> Shimaguni {
        let grid = Grid::new(1 + rng.below(4) as usize, 2 + rng.below(3) as usize);
        let rooms = random_rooms(rng, grid);
        let clues = (rooms.cells.iter())
            .map(|cells| {
                (rng.below(3) == 0).then(|| Clue::Number(1 + rng.below(cells.len() as u64) as u32))
            })
            .collect();
        let labels = (1..=rooms.len()).map(|i| i.to_string()).collect();
        Shimaguni {
            grid,
            rooms: RoomClues {
                rooms,
                labels,
                clues,
            },
        }
    }

    #[test]
    fn every_formulation_finds_exactly_the_shadings_the_rules_accept() {
        let mut rng = Rng::new(5);
        let specs = ["connectivity=lazy", "connectivity=tree"];
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..40 {
            let p = random_puzzle(&mut rng);
            let n = assert_matches_brute_force(&p, p.grid.len(), &specs, &["varisat"]);
            assert_matches_brute_force(&p, p.grid.len(), &["connectivity=propagator"], &["batsat"]);
            if p.grid.len() <= 8 {
                assert_matches_brute_force(&p, p.grid.len(), &["connectivity=flow"], &["microlp"]);
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
