//! Slitherlink: draw one closed loop along the grid lines, with no branches or crossings, so
//! that each number tells how many of its cell's four sides the loop uses. Read top-down: the
//! puzzle, its rules (`check`), the formulation (`formulate.rs`), the inputs (`parse.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::text::{CellValue, GridText};
use crate::grid::{Cell, Clue, Grid};
use crate::model::loops::LoopEncoding;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Lattice, Points, Sketch};
use crate::url::format::{Format, Numbers4};

/// A slitherlink instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Slitherlink {
    /// The grid of cells.
    pub grid: Grid,
    /// Each cell's clue: a number 0–4, `?`, or none.
    pub clues: Vec<Option<Clue>>,
}

/// A solution: whether each unit segment is on the loop, in the order of
/// `vertices().edges()`.
pub type Segments = Vec<bool>;

impl Slitherlink {
    /// The corners of the cells, `(H+1)×(W+1)`: the points the loop joins (`r1c1` is the
    /// top-left corner).
    pub fn vertices(&self) -> Grid {
        Grid::new(self.grid.height + 1, self.grid.width + 1)
    }

    /// The segments (indices into `vertices().edges()`) on the four sides of a cell.
    pub fn sides(&self, cell: Cell) -> [usize; 4] {
        let v = self.vertices();
        let (r, c) = self.grid.rc(cell);
        let corner = |dr, dc| v.cell(r + dr, c + dc);
        let side = |a, b| v.edge_index(a, b).expect("corners of a cell are adjacent");
        [
            side(corner(0, 0), corner(0, 1)),
            side(corner(1, 0), corner(1, 1)),
            side(corner(0, 0), corner(1, 0)),
            side(corner(0, 1), corner(1, 1)),
        ]
    }
}

impl Puzzle for Slitherlink {
    type Solution = Segments;
    const GENRE: &'static str = "slitherlink";
    const ALIASES: &'static [&'static str] = &["slither"];
    const RULES: &'static str =
        "draw one loop along the grid lines; a number counts its cell's sides on the loop";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["slither", "slitherlink"],
        |p| &mut p.grid,
        |p, body| body.piece(Numbers4, p.grid, &mut p.clues),
    ));
    fn keys() -> Vec<FormulationKey> {
        vec![FormulationKey::of::<LoopEncoding>(
            "loop",
            "how rule 1 (one loop, not several) is encoded",
            "lazy",
        )]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let clues = t.map_cells(|_, value| match value {
            CellValue::Number(n) if n > 4 => Err(format!("clue {n} is more than a cell's 4 sides")),
            other => other.clue(),
        })?;
        Ok(Slitherlink {
            grid: t.grid,
            clues,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Segments>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, solution: &Segments) -> Vec<String> {
        self.vertices().line_rows(solution)
    }
    /// janko.at writes the cells inside the loop (`x`), not its segments.
    fn answer_text(&self, solution: &Segments) -> Option<String> {
        let inside = self.vertices().cells_inside(solution);
        Some(self.grid.shading_answer("", &inside))
    }
    fn sketch(&self, solution: Option<&Segments>) -> Sketch {
        let mut sketch = Sketch::of(self.grid).with_clues(&self.clues);
        sketch.lattice = Lattice::Dots;
        let lines = solution.map(Vec::as_slice);
        sketch.with_lines(Points::Corners, self.vertices(), lines)
    }

    /// Checks segments against the rules: (1) they form one closed loop without branches or
    /// crossings, (2) a numbered cell has that many of its sides on the loop.
    fn verify(&self, used: &Self::Solution) -> std::result::Result<(), String> {
        (self.vertices().check_single_loop(used)).map_err(|e| format!("rule 1: {e}"))?;
        for cell in self.grid.cells() {
            if let Some(Clue::Number(n)) = self.clues[cell] {
                let count = self.sides(cell).iter().filter(|&&e| used[e]).count();
                if count != n as usize {
                    let name = self.grid.name(cell);
                    return Err(format!(
                        "rule 2: cell {name} has {count} sides on the loop, its clue is {n}"
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::lines::tests::all_single_loops;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;

    fn pzprjs_5x5() -> (Slitherlink, Segments) {
        let p = Slitherlink::read("URL", "https://puzz.link/p?slither/5/5/cbcbcddad").unwrap();
        let rows: Vec<&str> = include_str!("../../../models/slitherlink/pzprjs_5x5.answer")
            .lines()
            .collect();
        let answer = p.vertices().parse_line_rows(&rows).unwrap();
        (p, answer)
    }

    #[test]
    fn the_published_answer_keeps_both_rules_and_each_rule_is_enforced() {
        let (p, answer) = pzprjs_5x5();
        assert_eq!(p.verify(&answer), Ok(()));
        // Moving the loop off a clue breaks rule 2 only; a stray segment breaks rule 1.
        let mut blank = p.clone();
        blank.clues = vec![None; 25];
        let mut other = vec![false; answer.len()];
        for e in p.sides(0) {
            other[e] = true; // the loop around the top-left cell
        }
        assert_eq!(blank.verify(&other), Ok(()));
        assert!(p.verify(&other).unwrap_err().starts_with("rule 2"));
        let mut stray = answer.clone();
        let unused = stray.iter().position(|&u| !u).unwrap();
        stray[unused] = true;
        assert!(p.verify(&stray).unwrap_err().starts_with("rule 1"));
        assert!(p
            .verify(&vec![false; answer.len()])
            .unwrap_err()
            .contains("no line"));
    }

    /// A random tiny puzzle: the side counts of a random loop on some cells, a random number
    /// or `?` on a few others (so that some puzzles have no solution).
    fn random_puzzle(rng: &mut Rng, h: usize, w: usize) -> Slitherlink {
        let mut p = Slitherlink {
            grid: Grid::new(h, w),
            clues: vec![None; h * w],
        };
        let loops = all_single_loops(p.vertices());
        let planted = &loops[rng.below(loops.len() as u64) as usize];
        for cell in p.grid.cells() {
            let count = p.sides(cell).iter().filter(|&&e| planted[e]).count() as u32;
            p.clues[cell] = match rng.below(10) {
                0..=3 => Some(Clue::Number(count)),
                4 => Some(Clue::Number(rng.below(5) as u32)),
                5 => Some(Clue::Unknown),
                _ => None,
            };
        }
        p
    }

    #[test]
    fn every_formulation_finds_exactly_the_loops_a_brute_force_over_all_loops_accepts() {
        let mut rng = Rng::new(11);
        let (mut solutions, mut empty) = (0, 0);
        for case in 0..40 {
            let (h, w) = [(1, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3)][case % 6];
            let p = random_puzzle(&mut rng, h, w);
            let mut runs = vec![
                ("varisat", "loop=lazy"),
                ("batsat", "loop=tree"),
                ("batsat", "loop=propagator"),
            ];
            if h * w <= 4 {
                runs.push(("microlp", "loop=flow"));
            }
            let label = format!("case {case} {h}x{w}: {p:?}");
            let loops = all_single_loops(p.vertices());
            let n = assert_finds_exactly_the_accepted(&p, loops, &runs, &label);
            solutions += n;
            empty += usize::from(n == 0);
        }
        // Both kinds of instances occur: solvable ones and ones with no solution.
        assert!(
            solutions >= 40 && empty >= 3,
            "{solutions} solutions, {empty} empty"
        );
    }
}
