//! Hitori: shade cells so that no number appears twice among the unshaded cells of a row or
//! column, no two shaded cells touch, the unshaded cells are connected, and (as pzprjs checks)
//! at least one cell is shaded. Read top-down: the puzzle, its rules (`check`), the
//! formulation (`formulate.rs`), the deductions that answer most puzzles without it
//! (`deduce.rs`), the inputs (`parse.rs`).

pub mod deduce;
pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::shading_logic::unconnected_pair;
use crate::grid::text::GridText;
use crate::grid::{Cell, Clue, Grid};
use crate::model::connectivity::ConnectivityEncoding;
use crate::puzzles::{Deduced, Formulated, Formulation, FormulationKey, Puzzle, Value};
use crate::render::Sketch;
use crate::url::format::{CellNumbers, Format};

/// A hitori instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hitori {
    /// The grid.
    pub grid: Grid,
    /// The number in each cell: a value, `?` (a number not given) or none.
    pub numbers: Vec<Option<Clue>>,
}

/// A solution: whether each cell is shaded.
pub type Shading = Vec<bool>;

/// The values of the `pre` key.
const PRE_VALUES: &[Value] = &[
    Value::complete("logic", "deductions and probing first: a puzzle they decide completely is answered without a solver"),
    Value::complete("none", "no deductions: the model and the solver answer every puzzle"),
];

impl Hitori {
    /// The cells of each row and column that share a number, per line and number; only numbers
    /// from 1 count, as in pzprjs (`?`, empty cells and 0 never repeat).
    pub fn repeats(&self) -> Vec<(u32, Vec<Cell>)> {
        let mut out = Vec::new();
        let mut numbered: Vec<(u32, Cell)> = Vec::new();
        let (h, w) = (self.grid.height, self.grid.width);
        // Every row, then every column, as (first cell, step, length): no lists of lines.
        let rows = (0..h).map(|r| (r * w, 1, w));
        for (first, step, len) in rows.chain((0..w).map(|c| (c, w, h))) {
            numbered.clear();
            numbered.extend((0..len).map(|i| first + i * step).filter_map(|c| {
                let n = self.numbers[c].and_then(Clue::value).filter(|&n| n >= 1)?;
                Some((n, c))
            }));
            numbered.sort_unstable();
            for group in numbered.chunk_by(|a, b| a.0 == b.0).filter(|g| g.len() > 1) {
                out.push((group[0].0, group.iter().map(|&(_, c)| c).collect()));
            }
        }
        out
    }
}

impl Puzzle for Hitori {
    type Solution = Shading;
    const GENRE: &'static str = "hitori";
    const RULES: &'static str =
        "shade cells: no number twice unshaded in a line, no touching, connected unshaded";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["hitori"],
        |p| &mut p.grid,
        |p, body| body.piece(CellNumbers, p.grid, &mut p.numbers),
    ));
    fn keys() -> Vec<FormulationKey> {
        vec![
            FormulationKey::of::<ConnectivityEncoding>(
                "connectivity",
                "how the unshaded cells are kept connected",
                "lazy",
            ),
            FormulationKey::new("pre", "deductions before the model", PRE_VALUES, "logic"),
        ]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let numbers = t.map_cells(|_, v| v.clue())?;
        Ok(Hitori {
            grid: t.grid,
            numbers,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Shading>> {
        formulate::formulate(self, formulation)
    }
    fn deduced(
        &self,
        formulation: &Formulation,
        deadline: Option<std::time::Instant>,
    ) -> Result<Option<Deduced<Shading>>> {
        if formulation.get("pre") == "none" {
            return Ok(None);
        }
        // A contradiction or undecided cells are left to the solver, which says why or finds
        // the solutions; so is a decided grid that breaks "something shaded".
        // Every other rule holds in a grid the deductions decided (they shade equals, keep
        // shaded cells apart and check connectivity), and the caller verifies it anyway.
        let deduced = deduce::deduce(self, deadline).ok().and_then(|l| l.shading());
        let answer = deduced.filter(|shading| shading.contains(&true));
        Ok(answer.map(|shading| Deduced::Unique(shading, "hitori deductions and probing")))
    }
    fn rows(&self, solution: &Shading) -> Vec<String> {
        self.grid.shading_rows(solution)
    }
    fn answer_text(&self, solution: &Shading) -> Option<String> {
        Some(self.grid.shading_answer("", solution))
    }
    fn sketch(&self, solution: Option<&Shading>) -> Sketch {
        let puzzle = Sketch::of(self.grid).with_clues(&self.numbers);
        puzzle.with_shading(solution.map(Vec::as_slice))
    }

    /// Checks a shading against the rules, in pzprjs's order; the error says which rule and
    /// where.
    fn verify(&self, shaded: &Self::Solution) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(shaded)?;
        if !shaded.contains(&true) {
            return Err("no cell is shaded".into());
        }
        // Right and down neighbours in raster order, as `Grid::edges` lists them.
        let below_or_right = |a: Cell| [g.offset(a, 0, 1), g.offset(a, 1, 0)];
        let touching = (g.cells().filter(|&a| shaded[a]))
            .find_map(|a| below_or_right(a).into_iter().flatten().find(|&b| shaded[b]).map(|b| (a, b)));
        if let Some((a, b)) = touching {
            return Err(format!(
                "shaded cells {} and {} touch",
                g.name(a),
                g.name(b)
            ));
        }
        if let Some((a, b)) = unconnected_pair(g, |c| !shaded[c]) {
            let (a, b) = (g.name(a), g.name(b));
            return Err(format!(
                "the unshaded cells fall apart ({a} and {b} are not connected)"
            ));
        }
        for (n, cells) in self.repeats() {
            let open: Vec<Cell> = cells.into_iter().filter(|&c| !shaded[c]).collect();
            if let [a, b, ..] = open[..] {
                return Err(format!(
                    "{n} is unshaded twice in a line: {} and {}",
                    g.name(a),
                    g.name(b)
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::testing::shading;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    /// pzprjs's hitori test board (`test/script/hitori.js`, `4/4/1114142333214213`).
    fn pzprjs() -> Hitori {
        Hitori::read("URL", "https://puzz.link/p?hitori/4/4/1114142333214213").unwrap()
    }

    #[test]
    fn pzprjs_answer_passes_and_its_wrong_boards_fail_for_their_reason() {
        let p = pzprjs();
        assert_eq!(p.verify(&shading(p.grid, "#.#./..../#.#./...#")), Ok(()));
        for (rows, why) in [
            ("..../..../..../....", "no cell is shaded"), // brNoShade
            ("#.../#.../..../....", "touch"),             // csAdjacent
            ("#.../...#/#.#./.#..", "fall apart"),        // cuDivideRB
            ("#.../..../#.#./...#", "1 is unshaded twice"), // nmDupRow
        ] {
            let err = p.verify(&shading(p.grid, rows)).unwrap_err();
            assert!(err.contains(why), "{rows}: {err}");
        }
    }

    #[test]
    fn question_marks_blanks_and_zeros_never_repeat() {
        let p = Hitori::read_text("t", "1 3\n? ? 0\n").unwrap();
        assert!(p.repeats().is_empty());
        let p = Hitori::read_text("t", "1 4\n0 0 - -\n").unwrap();
        assert!(p.repeats().is_empty());
        let p = Hitori::read_text("t", "1 3\n2 ? 2\n").unwrap();
        assert_eq!(p.repeats(), vec![(2, vec![0, 2])]);
    }

    /// A random grid of up to 4×4 with numbers 1–3, some `?` and some blanks.
    fn random_puzzle(rng: &mut Rng) -> Hitori {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let numbers = grid
            .cells()
            .map(|_| match rng.below(10) {
                0 => Some(Clue::Unknown),
                1 => None,
                _ => Some(Clue::Number(1 + rng.below(3) as u32)),
            })
            .collect();
        Hitori { grid, numbers }
    }

    #[test]
    fn every_formulation_finds_exactly_the_shadings_the_rules_accept() {
        let mut rng = Rng::new(7);
        // The model alone (`pre=none`), and the deductions in front of it.
        let specs = [
            "connectivity=lazy,pre=none",
            "connectivity=tree,pre=none",
            "pre=logic",
        ];
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..60 {
            let p = random_puzzle(&mut rng);
            let n = assert_matches_brute_force(&p, p.grid.len(), &specs, &["varisat"]);
            // The propagator inside batsat: the same shadings as the rules accept.
            let propagator = ["connectivity=propagator,pre=none"];
            assert_matches_brute_force(&p, p.grid.len(), &propagator, &["batsat"]);
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
            if p.grid.len() <= 9 {
                let mip = ["connectivity=flow,pre=none", "connectivity=lazy,pre=none"];
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
