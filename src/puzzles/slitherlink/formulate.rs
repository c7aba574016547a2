//! Slitherlink as a model: one 0/1 variable per unit segment (the answer keys), a count per
//! clue and one loop over the cell corners.

use super::{Segments, Slitherlink};
use crate::error::Result;
use crate::grid::lines::GridLines;
use crate::grid::Clue;
use crate::model::loops::{LoopEncoding, LoopGuard};
use crate::model::{LinExpr, Model};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Lattice, Points, Sketch};

/// Slitherlink's formulation keys.
pub fn formulation_keys() -> Vec<FormulationKey> {
    vec![FormulationKey::of::<LoopEncoding>(
        "loop",
        "how rule 1 (one loop, not several) is encoded",
        "lazy",
    )]
}

impl Puzzle for Slitherlink {
    type Solution = Segments;
    fn genre(&self) -> &'static str {
        "slitherlink"
    }
    fn formulation_keys(&self) -> Vec<FormulationKey> {
        formulation_keys()
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Segments>> {
        let mut m = Model::new();
        let lines = GridLines::new(&mut m, self.vertices(), "line");
        for cell in self.grid.cells() {
            if let Some(Clue::Number(n)) = self.clues[cell] {
                let sides = LinExpr::sum_vars(self.sides(cell).map(|e| lines.used[e]));
                m.add(format!("clue {}", self.grid.name(cell)), sides.eq(n as i64));
            }
        }
        // pzprjs refuses an empty board, so a puzzle without a positive clue still has a loop.
        let encoding = formulation.choice::<LoopEncoding>("loop");
        lines.add_single_loop(&mut m, "loop", LoopGuard::NonEmpty, encoding);
        Ok(Formulated {
            model: m,
            decode: Box::new(move |a| lines.decode(a)),
        })
    }
    fn verify(&self, solution: &Segments) -> std::result::Result<(), String> {
        self.check(solution)
    }
    fn rows(&self, solution: &Segments) -> Vec<String> {
        self.vertices().line_rows(solution)
    }
    fn sketch(&self, solution: Option<&Segments>) -> Sketch {
        let mut sketch = Sketch::of(self.grid).with_clues(&self.clues);
        sketch.lattice = Lattice::Dots;
        sketch.with_lines(
            Points::Corners,
            self.vertices(),
            solution.map(Vec::as_slice),
        )
    }
    fn url(&self) -> Result<String> {
        self.to_url()
    }
}
