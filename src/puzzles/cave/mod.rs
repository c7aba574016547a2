//! Cave (Corral, Bag): shade the outside so that the white cells (the cave) are connected,
//! every shaded area reaches the grid's edge, numbered cells lie in the cave, and each number
//! counts the cave cells it sees along its row and column, itself included. janko.at writes
//! the cave as `x`. Read top-down: the puzzle, its rules (`verify`), the formulations
//! (`formulate.rs`), the inputs (`inputs.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::text::GridText;
use crate::grid::{Cell, Clue, Grid};
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::sight::SightEncoding;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::{Format, NumbersWhere};

/// A cave instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cave {
    /// The grid.
    pub grid: Grid,
    /// The clue of each cell: how many cave cells it sees, `?` (a cave cell), or none.
    pub clues: Vec<Option<Clue>>,
}

/// A solution: whether each cell is shaded (outside the cave).
pub type Shading = Vec<bool>;

impl Cave {
    /// Whether a cell lies on the grid's edge.
    pub fn on_edge(&self, c: Cell) -> bool {
        let (r, col) = self.grid.rc(c);
        r == 0 || col == 0 || r + 1 == self.grid.height || col + 1 == self.grid.width
    }
}

impl Puzzle for Cave {
    type Solution = Shading;
    const GENRE: &'static str = "cave";
    const ALIASES: &'static [&'static str] = &["bag", "corral", "correl"];
    const RULES: &'static str =
        "shade the outside: one connected cave, every outside area on the edge, numbers count the cave cells they see";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["cave", "bag", "corral", "correl"],
        |p| &mut p.grid,
        |p, body| body.piece(NumbersWhere(zero), p.grid, &mut p.clues),
    ));
    fn keys() -> Vec<FormulationKey> {
        vec![
            FormulationKey::of::<SightEncoding>(
                "sight",
                "how a number's count of the cave cells it sees is encoded",
                "prefix",
            ),
            FormulationKey::of::<ConnectivityEncoding>(
                "connectivity",
                "how the cave is kept connected and the outside tied to the edge",
                "propagator",
            ),
        ]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        t.no_extras(Self::GENRE)?;
        let clues = t.clues_where(zero)?;
        Ok(Cave {
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
    /// janko.at marks the cave, not the outside: `x` for a cave cell, `-` outside.
    fn answer_text(&self, outside: &Shading) -> Option<String> {
        Some(
            self.grid
                .answer_text("", |c| if outside[c] { "-" } else { "x" }),
        )
    }
    fn sketch(&self, solution: Option<&Shading>) -> Sketch {
        let puzzle = Sketch::of(self.grid).with_clues(&self.clues);
        puzzle.with_shading(solution.map(Vec::as_slice))
    }

    /// Checks a shading against the rules; the error says which rule and where.
    fn verify(&self, outside: &Shading) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(outside)?;
        if let Some(c) = g.cells().find(|&c| outside[c] && self.clues[c].is_some()) {
            return Err(format!(
                "a numbered cell is outside the cave: {}",
                g.name(c)
            ));
        }
        let cave = g.parts(|c| !outside[c]);
        if cave.len() > 1 {
            let (a, b) = (g.name(cave[0][0]), g.name(cave[1][0]));
            return Err(format!(
                "the cave falls apart ({a} and {b} are not connected)"
            ));
        }
        let enclosed = g.parts(|c| outside[c]).into_iter();
        if let Some(area) = enclosed
            .clone()
            .find(|a| !a.iter().any(|&c| self.on_edge(c)))
        {
            let at = g.name(area[0]);
            return Err(format!(
                "the outside area at {at} is enclosed (it reaches no edge)"
            ));
        }
        for c in g.cells() {
            if let Some(n) = self.clues[c].and_then(Clue::value) {
                let seen = g.seen_count(c, |x| !outside[x]);
                if seen != n as usize {
                    return Err(format!("the {n} at {} sees {seen} cave cells", g.name(c)));
                }
            }
        }
        Ok(())
    }
}

/// Why a 0 is refused: a numbered cell sees at least itself.
const ZERO: &str = "0 is no cave number (a number counts its own cell too, so it is 1 or more)";

/// Refuses the clues that are no count of seen cells.
pub fn zero(clue: &Clue) -> Option<&'static str> {
    (*clue == Clue::Number(0)).then_some(ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::testing::shading;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    #[test]
    fn pzprjs_answer_passes_and_its_wrong_boards_fail_for_their_reason() {
        // pzprjs's test board (`test/script/cave.js`) with its answer and failing boards.
        let p = Cave::read("URL", "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g").unwrap();
        let good = "#...##/###.##/#.#..#/....../.#..##/.##..#";
        assert_eq!(p.verify(&shading(p.grid, good)), Ok(()));
        for (rows, why) in [
            ("#...#./#.#.##/#.#..#/....../.#..##/.##..#", "falls apart"),
            ("#...##/#.#.#./#.#..#/....../.#..##/.##..#", "falls apart"),
            ("#...##/#.#.##/#.#..#/....../.#..##/.##..#", "enclosed"),
            ("#...##/##..##/#.#..#/....../.#..##/.##..#", "enclosed"),
            ("#....#/###.##/#.#..#/.....#/.#..##/.##..#", "sees"),
            ("##..##/###.##/#.#..#/....../.#..##/.##..#", "numbered cell"),
        ] {
            let err = p.verify(&shading(p.grid, rows)).unwrap_err();
            assert!(err.contains(why), "{rows}: {err}");
        }
        assert_eq!(
            p.answer_text(&shading(p.grid, good)).unwrap().lines().nth(1),
            Some("- x x x - -")
        );
    }

    /// A random grid of up to 4×4 with a few clues: counts 1–6 or `?`.
    fn random_puzzle(rng: &mut Rng) -> Cave {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let clues = grid
            .cells()
            .map(|_| match rng.below(10) {
                0 => Some(Clue::Unknown),
                1..=3 => Some(Clue::Number(1 + rng.below(6) as u32)),
                _ => None,
            })
            .collect();
        Cave { grid, clues }
    }

    #[test]
    fn every_formulation_finds_exactly_the_shadings_the_rules_accept() {
        let mut rng = Rng::new(3);
        let specs = [
            "sight=prefix,connectivity=lazy",
            "sight=lengths,connectivity=tree",
            "sight=prefix,connectivity=tree",
            "sight=lengths,connectivity=lazy",
        ];
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..60 {
            let p = random_puzzle(&mut rng);
            let n = assert_matches_brute_force(&p, p.grid.len(), &specs, &["varisat"]);
            let propagator = ["sight=prefix,connectivity=propagator"];
            assert_matches_brute_force(&p, p.grid.len(), &propagator, &["batsat"]);
            if p.grid.len() <= 9 {
                let mip = [
                    "sight=lengths,connectivity=flow",
                    "sight=prefix,connectivity=tree",
                ];
                assert_matches_brute_force(&p, p.grid.len(), &mip, &["microlp"]);
            }
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
        assert!(
            solvable >= 15 && several >= 5,
            "{solvable} solvable, {several} with several"
        );
    }
}
