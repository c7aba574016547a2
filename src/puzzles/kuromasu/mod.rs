//! Kuromasu (Kurodoko): shade cells so that each number counts the white cells it sees along
//! its row and column up to the black cells, itself included; numbered cells stay white, no
//! two black cells share an edge, and the white cells are connected. Read top-down: the
//! puzzle, its rules (`verify`), the formulations (`formulate.rs`), the inputs (`inputs.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::text::GridText;
use crate::grid::{Clue, Grid};
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::sight::SightEncoding;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::{Format, NumbersWhere};

/// A kuromasu instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kuromasu {
    /// The grid.
    pub grid: Grid,
    /// The clue of each cell: how many white cells it sees, `?` (a white cell), or none.
    pub clues: Vec<Option<Clue>>,
}

/// A solution: whether each cell is black.
pub type Shading = Vec<bool>;

impl Puzzle for Kuromasu {
    type Solution = Shading;
    const GENRE: &'static str = "kuromasu";
    const ALIASES: &'static [&'static str] = &["kurodoko"];
    const RULES: &'static str =
        "shade cells: numbers count the white cells they see, no touching, connected white";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["kurodoko"],
        |p| &mut p.grid,
        |p, body| body.piece(NumbersWhere(zero), p.grid, &mut p.clues),
    ));
    fn keys() -> Vec<FormulationKey> {
        vec![
            FormulationKey::of::<SightEncoding>(
                "sight",
                "how a number's count of the white cells it sees is encoded",
                "prefix",
            ),
            FormulationKey::of::<ConnectivityEncoding>(
                "connectivity",
                "how the white cells are kept connected",
                "lazy",
            ),
        ]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        t.no_extras(Self::GENRE)?;
        let clues = t.clues_where(zero)?;
        Ok(Kuromasu {
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
    fn verify(&self, black: &Shading) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(black)?;
        if let Some(c) = g.cells().find(|&c| black[c] && self.clues[c].is_some()) {
            return Err(format!("a numbered cell is black: {}", g.name(c)));
        }
        if let Some(&(a, b)) = g.edges().iter().find(|&&(a, b)| black[a] && black[b]) {
            let (a, b) = (g.name(a), g.name(b));
            return Err(format!("the black cells {a} and {b} touch"));
        }
        let white = g.parts(|c| !black[c]);
        if white.len() > 1 {
            let (a, b) = (g.name(white[0][0]), g.name(white[1][0]));
            return Err(format!(
                "the white cells fall apart ({a} and {b} are not connected)"
            ));
        }
        for c in g.cells() {
            if let Some(n) = self.clues[c].and_then(Clue::value) {
                let seen = g.seen_count(c, |x| !black[x]);
                if seen != n as usize {
                    return Err(format!("the {n} at {} sees {seen} white cells", g.name(c)));
                }
            }
        }
        Ok(())
    }
}

/// Why a 0 is refused: a numbered cell sees at least itself.
const ZERO: &str = "0 is no kuromasu number (a number counts its own cell too, so it is 1 or more)";

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
        // pzprjs's test board (`test/script/kurodoko.js`) with its answer and failing boards.
        let p = Kuromasu::read("URL", "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i").unwrap();
        assert_eq!(
            p.verify(&shading(p.grid, ".#.../..#../.#..#/..#../#...#")),
            Ok(())
        );
        for (rows, why) in [
            ("...../...../...../..#../..#..", "touch"),
            (".#.../..#../.#.../..#../...#.", "fall apart"),
            ("#..../..#../.#..#/..#../#...#", "sees"),
            ("...#./...../...../...../.....", "numbered cell"),
        ] {
            let err = p.verify(&shading(p.grid, rows)).unwrap_err();
            assert!(err.contains(why), "{rows}: {err}");
        }
    }

    /// A random grid of up to 4×4 with a few clues: counts 1–6 or `?`.
    fn random_puzzle(rng: &mut Rng) -> Kuromasu {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let clues = grid
            .cells()
            .map(|_| match rng.below(10) {
                0 => Some(Clue::Unknown),
                1..=3 => Some(Clue::Number(1 + rng.below(6) as u32)),
                _ => None,
            })
            .collect();
        Kuromasu { grid, clues }
    }

    #[test]
    fn every_formulation_finds_exactly_the_shadings_the_rules_accept() {
        let mut rng = Rng::new(5);
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
