//! Hitori as a model: one 0/1 `shaded` variable per cell (the answer keys); of the cells of a
//! line that share a number at most one stays unshaded; no two shaded cells touch and the
//! unshaded cells are connected (the grid toolkit's shading rules).

use super::{Hitori, Shading};
use crate::error::Result;
use crate::grid::shading::{add_apart_and_connected, SmallIslands};
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::{Constraint, Lit, Model};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;

/// Hitori's formulation keys.
pub fn formulation_keys() -> Vec<FormulationKey> {
    vec![FormulationKey::of::<ConnectivityEncoding>(
        "connectivity",
        "how the unshaded cells are kept connected",
        "lazy",
    )]
}

impl Puzzle for Hitori {
    type Solution = Shading;
    fn genre(&self) -> &'static str {
        "hitori"
    }
    fn formulation_keys(&self) -> Vec<FormulationKey> {
        formulation_keys()
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Shading>> {
        let g = self.grid;
        let mut m = Model::new();
        let shaded = g.answer_bools(&mut m, "shaded");
        for (n, cells) in self.repeats() {
            let (first, last) = (g.name(cells[0]), g.name(cells[cells.len() - 1]));
            let unshaded = cells.iter().map(|&c| !shaded[c]).collect::<Vec<Lit>>();
            m.add(
                format!("{n} once in {first}..{last}"),
                Constraint::at_most_one(unshaded),
            );
        }
        m.add(
            "something shaded",
            Constraint::clause(shaded.iter().map(|v| v.lit())),
        );
        let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
        // The propagator finds a lone unshaded cell at once; stating the cuts only made hitori's
        // model bigger (50×50: 14 → 9 ms CPU), while lazy cuts need them (25 → 14 ms).
        let islands = match encoding {
            ConnectivityEncoding::Propagator => SmallIslands::Left,
            _ => SmallIslands::Stated,
        };
        add_apart_and_connected(&mut m, g, &shaded, encoding, islands);
        Ok(Formulated {
            model: m,
            decode: Box::new(move |a| shaded.iter().map(|&v| a.bool(v)).collect()),
        })
    }
    fn verify(&self, solution: &Shading) -> std::result::Result<(), String> {
        self.check(solution)
    }
    fn rows(&self, solution: &Shading) -> Vec<String> {
        self.grid.shading_rows(solution)
    }
    fn sketch(&self, solution: Option<&Shading>) -> Sketch {
        let puzzle = Sketch::of(self.grid).with_clues(&self.numbers);
        puzzle.with_shading(solution.map(Vec::as_slice))
    }
    fn url(&self) -> Result<String> {
        self.to_url()
    }
}
