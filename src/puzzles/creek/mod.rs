//! Creek: shade cells so that every number on a vertex counts the shaded cells among the (up
//! to four) cells around it, and the unshaded cells are orthogonally connected. Read top-down:
//! the puzzle, its rules (`verify`), the model (`formulate.rs`), the inputs' tests.

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::graph::components;
use crate::grid::vertices::read_vertex_clues;
use crate::grid::{Clue, Grid};
use crate::model::connectivity::ConnectivityEncoding;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::Format;
use crate::url::vertices::VertexNumbers4;

/// A creek instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Creek {
    /// The grid of cells.
    pub grid: Grid,
    /// The clue of each vertex ([`Grid::vertices`]): 0–4, `?`, or none.
    pub clues: Vec<Option<Clue>>,
}

/// A solution: whether each cell is shaded.
pub type Shading = Vec<bool>;

impl Creek {
    /// The cells around each vertex.
    pub fn vertex_groups(&self) -> Vec<Vec<usize>> {
        let vertices = self.grid.vertices().cells();
        vertices.map(|v| self.grid.cells_around_vertex(v)).collect()
    }
    /// The value of each vertex clue.
    pub fn clue_value(&self, vertex: usize) -> Option<usize> {
        self.clues[vertex].and_then(Clue::value).map(|n| n as usize)
    }
}

impl Puzzle for Creek {
    type Solution = Shading;
    const GENRE: &'static str = "creek";
    const RULES: &'static str =
        "shade cells: a vertex number counts the shaded cells around it; unshaded cells connected";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["creek"],
        |p| &mut p.grid,
        |p, body| body.piece(VertexNumbers4, p.grid, &mut p.clues),
    ));
    fn keys() -> Vec<FormulationKey> {
        let doc = "how the unshaded cells are kept connected";
        vec![FormulationKey::of::<ConnectivityEncoding>(
            "connectivity",
            doc,
            "lazy",
        )]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let (grid, clues) = read_vertex_clues(source, text, "creek")?;
        Ok(Creek { grid, clues })
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
        let mut sketch = Sketch::of(self.grid).with_shading(solution.map(Vec::as_slice));
        let clues = (self.grid.vertices().cells()).filter_map(|v| Some((v, self.clue_value(v)?)));
        let listed: Vec<String> = clues
            .map(|(v, n)| format!("{}={n}", self.grid.vertex_name(v)))
            .collect();
        sketch.note = Some(format!("vertex clues: {}", listed.join(", ")));
        sketch
    }

    /// Checks a shading against the rules; the error says which rule and where.
    fn verify(&self, shaded: &Shading) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(shaded)?;
        // In pzprjs's order: too many shaded around a vertex, the unshaded cells, too few.
        let groups = self.vertex_groups();
        let clued = || {
            let count = |v: usize| groups[v].iter().filter(|&&c| shaded[c]).count();
            (g.vertices().cells()).filter_map(move |v| Some((v, count(v), self.clue_value(v)?)))
        };
        let miscount = |(v, found, n): (usize, usize, usize)| {
            let at = g.vertex_name(v);
            format!("the {at} has {found} shaded cells around it, not {n}")
        };
        if let Some(over) = clued().find(|(_, found, n)| found > n) {
            return Err(miscount(over));
        }
        let parts = components(&g.adjacency(), |c| !shaded[c]);
        if parts.len() > 1 {
            let (a, b) = (g.name(parts[0][0]), g.name(parts[1][0]));
            return Err(format!(
                "the unshaded cells fall apart ({a} and {b} are not connected)"
            ));
        }
        if let Some(under) = clued().find(|(_, found, n)| found < n) {
            return Err(miscount(under));
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

    /// pzprjs's creek test board (`test/script/creek.js`).
    fn pzprjs() -> Creek {
        Creek::read("URL", "https://puzz.link/p?creek/6/6/gagaich2cgb6769dt").unwrap()
    }

    #[test]
    fn pzprjs_answer_passes_and_its_wrong_boards_fail_for_their_reason() {
        let p = pzprjs();
        assert_eq!(
            p.verify(&shading(p.grid, "....../.####./....#./###.#./.####./......")),
            Ok(())
        );
        for (rows, why) in [
            ("##..../....../....../....../....../......", "not 0"), // crShadeGt
            ("....../...#../###.##/....../....../......", "fall apart"), // cuDivide
            ("....../....#./....#./.##.#./.####./......", "not 2"), // crShadeLt
        ] {
            let err = p.verify(&shading(p.grid, rows)).unwrap_err();
            assert!(err.contains(why), "{rows}: {err}");
        }
    }

    /// A random grid of up to 4×4 cells with a few vertex clues.
    fn random_puzzle(rng: &mut Rng) -> Creek {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let clues = (grid.vertices().cells())
            .map(|v| {
                (rng.below(4) == 0).then(|| {
                    Clue::Number(rng.below(grid.cells_around_vertex(v).len() as u64 + 1) as u32)
                })
            })
            .collect();
        Creek { grid, clues }
    }

    #[test]
    fn every_formulation_finds_exactly_the_shadings_the_rules_accept() {
        let mut rng = Rng::new(3);
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
