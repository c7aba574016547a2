//! Nurikabe: shade cells so that every number lies in an unshaded island of exactly that many
//! cells holding no other number, every unshaded cell belongs to a numbered island, the shaded
//! cells are connected and no 2×2 block is all shaded. Read top-down: the puzzle, its rules
//! (`check`), the formulations (`formulate.rs`), the inputs (`parse.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::graph::components;
use crate::grid::text::GridText;
use crate::grid::{Clue, Grid};
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::region::RegionEncoding;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::{Format, NumbersWhere};

/// A nurikabe instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Nurikabe {
    /// The grid.
    pub grid: Grid,
    /// The clue of each cell: an island size, `?` (an island of any size), or none.
    pub clues: Vec<Option<Clue>>,
}

/// A solution: whether each cell is shaded.
pub type Shading = Vec<bool>;

impl Puzzle for Nurikabe {
    type Solution = Shading;
    const GENRE: &'static str = "nurikabe";
    const RULES: &'static str =
        "shade cells: numbered islands of their size, one connected wall, no 2x2 wall";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["nurikabe"],
        |p| &mut p.grid,
        |p, body| body.piece(NumbersWhere(zero), p.grid, &mut p.clues),
    ));
    fn keys() -> Vec<FormulationKey> {
        vec![
            FormulationKey::of::<RegionEncoding>(
                "islands",
                "how the islands (one number each, of its size, no unnumbered island) are encoded",
                "staged",
            ),
            FormulationKey::of::<ConnectivityEncoding>(
                "connectivity",
                "how the shaded cells are kept connected",
                "lazy",
            ),
        ]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let clues = t.clues_where(zero)?;
        Ok(Nurikabe {
            grid: t.grid,
            clues,
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
        let puzzle = Sketch::of(self.grid).with_clues(&self.clues);
        puzzle.with_shading(solution.map(Vec::as_slice))
    }

    /// Checks a shading against the rules; the error says which rule and where.
    fn verify(&self, shaded: &Shading) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(shaded)?;
        if let Some(c) = g.cells().find(|&c| shaded[c] && self.clues[c].is_some()) {
            return Err(format!("a numbered cell is shaded: {}", g.name(c)));
        }
        if let Some(c) = g.full_2x2(|c| shaded[c]) {
            return Err(format!("the 2x2 block at {} is all shaded", g.name(c)));
        }
        // In pzprjs's order: an island without a number, the wall, then the numbers.
        let islands = components(&g.adjacency(), |c| !shaded[c]);
        let numbers = |island: &[usize]| -> Vec<usize> {
            (island.iter().copied())
                .filter(|&c| self.clues[c].is_some())
                .collect()
        };
        if let Some(island) = islands.iter().find(|i| numbers(i).is_empty()) {
            return Err(format!("the island of {} has no number", g.name(island[0])));
        }
        let walls = components(&g.adjacency(), |c| shaded[c]);
        if walls.len() > 1 {
            return Err(format!(
                "the shaded cells fall apart ({} and {} are not connected)",
                g.name(walls[0][0]),
                g.name(walls[1][0])
            ));
        }
        for island in &islands {
            match numbers(island)[..] {
                [a, b, ..] => {
                    let (a, b) = (g.name(a), g.name(b));
                    return Err(format!("the island of {a} also holds the number at {b}"));
                }
                [c] => {
                    if let Some(n) = self.clues[c].and_then(Clue::value) {
                        if n as usize != island.len() {
                            let (at, size) = (g.name(c), island.len());
                            return Err(format!("the island of {at} has {size} cells, not {n}"));
                        }
                    }
                }
                [] => {}
            }
        }
        Ok(())
    }
}

/// Why a 0 is refused: pzprjs cannot enter it and would read it as `?`, a reading nobody means.
const ZERO: &str = "0 is no island size (a number is 1 or more, `?` for an unknown size)";

/// Refuses the clues that are no island size.
pub fn zero(clue: &Clue) -> Option<&'static str> {
    (*clue == Clue::Number(0)).then_some(ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::testing::shading;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    /// pzprjs's nurikabe test board (`test/script/nurikabe.js`, `5/5/g5k2o1k3g`).
    fn pzprjs() -> Nurikabe {
        Nurikabe::read("URL", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g").unwrap()
    }

    #[test]
    fn pzprjs_answer_passes_and_its_wrong_boards_fail_for_their_reason() {
        let p = pzprjs();
        assert_eq!(
            p.verify(&shading(p.grid, "..###/.#..#/.####/.#.#./###..")),
            Ok(())
        );
        // pzprjs's failing boards with their fail codes, numbers read as unshaded cells.
        for (rows, why) in [
            ("...../...../##.../##.../.....", "2x2"),        // cs2x2
            ("..##./.#..#/.####/.#.../#....", "no number"),  // bkNoNum
            ("..###/.#..#/..###/...../#....", "fall apart"), // csDivide
            ("..###/.#..#/.####/...../.....", "also holds"), // bkNumGe2
            ("..###/.#..#/.####/.#.#./.##..", "cells, not"), // bkSizeNe
        ] {
            let err = p.verify(&shading(p.grid, rows)).unwrap_err();
            assert!(err.contains(why), "{rows}: {err}");
        }
        let mut clue_shaded = shading(p.grid, "..###/.#..#/.####/.#.#./###..");
        clue_shaded[1] = true;
        assert!(p
            .verify(&clue_shaded)
            .unwrap_err()
            .contains("numbered cell"));
    }

    /// A random grid of up to 4×4 with a few clues: sizes 1–4 or `?`.
    fn random_puzzle(rng: &mut Rng) -> Nurikabe {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let clues = grid
            .cells()
            .map(|_| match rng.below(10) {
                0 => Some(Clue::Unknown),
                1..=3 => Some(Clue::Number(1 + rng.below(4) as u32)),
                _ => None,
            })
            .collect();
        Nurikabe { grid, clues }
    }

    #[test]
    fn a_cut_loop_given_a_thrashing_limit_stops_there_as_at_a_timeout() {
        use crate::formulation::Thrashing;
        use crate::solve::{solve_puzzle, Mode, SolveOptions, Stopped, Verdict};
        // janko's 755_10x10, where the hybrid's lazy islands run over 10,000 cut rounds.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nurikabe_published/755_10x10.txt");
        let p = Nurikabe::read_text(path, &std::fs::read_to_string(path).unwrap()).unwrap();
        let mut opts = SolveOptions::new("batsat", "islands=hybrid", Mode::Count(2));
        opts.give_up_when = Some(Thrashing { rounds: 20, after: std::time::Duration::ZERO });
        let report = solve_puzzle(&p, &opts).unwrap();
        assert_eq!(report.verdict, Verdict::Timeout);
        assert!(matches!(report.stopped, Some(Stopped::Timeout(_))));
        assert_eq!(report.stats.cut_rounds, 20);
    }

    #[test]
    fn islands_the_wall_must_close_in_keep_every_verdict() {
        // Numbers touching at a corner, the wall too small to close in one of the two (see
        // `close_in_islands`): the other is kept off the border, or there is no solution.
        let puzzles = [
            (4, 4, vec![(5, 1), (10, 8)]),         // the 1 closed in: one solution
            (4, 4, vec![(6, 1), (9, 8)]),          // the same, mirrored
            (4, 4, vec![(5, 1), (10, 9)]),         // a wall of 6 closes in neither
            (4, 4, vec![(5, 2), (10, 7)]),         // nor does one of 7
            (4, 5, vec![(6, 1), (12, 9), (3, 2)]), // a third island beside
        ];
        let specs = [
            "islands=lazy",
            "islands=tree,connectivity=tree",
            "islands=hybrid",
            "islands=propagator,connectivity=propagator",
            "islands=staged",
        ];
        let mut solvable = 0;
        for (h, w, numbers) in puzzles {
            let grid = Grid::new(h, w);
            let mut clues = vec![None; grid.len()];
            for (cell, n) in numbers {
                clues[cell] = Some(Clue::Number(n));
            }
            let p = Nurikabe { grid, clues };
            solvable += assert_matches_brute_force(&p, grid.len(), &specs, &["batsat"]).min(1);
        }
        assert!(solvable >= 2, "{solvable}");
    }

    #[test]
    fn every_formulation_finds_exactly_the_shadings_the_rules_accept() {
        let mut rng = Rng::new(2024);
        let specs = [
            "islands=lazy,connectivity=lazy",
            "islands=tree,connectivity=tree",
            "islands=lazy,connectivity=tree",
            "islands=tree,connectivity=lazy",
        ];
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..60 {
            let p = random_puzzle(&mut rng);
            let n = assert_matches_brute_force(&p, p.grid.len(), &specs, &["varisat"]);
            // The propagator inside batsat: the same shadings as the rules accept.
            let propagator = [
                "islands=lazy,connectivity=propagator",
                "islands=tree,connectivity=propagator",
                "islands=hybrid,connectivity=lazy",
                "islands=propagator,connectivity=lazy",
                "islands=propagator,connectivity=propagator",
                "islands=staged,connectivity=lazy",
            ];
            assert_matches_brute_force(&p, p.grid.len(), &propagator, &["batsat"]);
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
            if p.grid.len() <= 9 {
                let mip = [
                    "islands=tree,connectivity=flow",
                    "islands=lazy,connectivity=lazy",
                ];
                assert_matches_brute_force(&p, p.grid.len(), &mip, &["microlp"]);
                assert_matches_brute_force(&p, p.grid.len(), &specs[..1], &["batsat"]);
            }
        }
        // The random instances are not all trivially unsolvable.
        assert!(
            solvable >= 15 && several >= 5,
            "{solvable} solvable, {several} with several"
        );
    }
}
