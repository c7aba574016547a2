//! The genre interface: a puzzle formulates itself as a [`Model`], decodes assignments into
//! its own solutions and verifies them by its own rules.

pub mod heyawake;
pub mod hitori;
pub mod lits;
pub mod masyu;
pub mod nonogram;
pub mod nurikabe;
pub mod skeleton;
pub mod slitherlink;
pub mod starbattle;
#[cfg(test)]
pub(crate) mod testing;
pub mod tetromino;

use crate::error::Result;
pub use crate::formulation::{core_formulation_keys, Choice, Formulation, FormulationKey, Value};
/// Text reading is the grid layer's; re-exported for the genres' own readers.
pub use crate::grid::text::clue_tokens;
use crate::model::{Assignment, Model};

/// A model together with the function that turns its assignments into the puzzle's solutions.
pub struct Formulated<S> {
    /// The model.
    pub model: Model,
    /// Reads a solution off an assignment of the model's variables.
    pub decode: Box<dyn Fn(&Assignment) -> S + Send + Sync>,
}

/// A puzzle genre's instance: the rules, its formulations and how to show a solution.
pub trait Puzzle: Send + Sync {
    /// The genre's solution type.
    type Solution: Clone + Send;
    /// The genre's name as used on the command line.
    fn genre(&self) -> &'static str;
    /// The formulation keys this genre understands (the core's `card` is added by the driver).
    fn formulation_keys(&self) -> Vec<FormulationKey>;
    /// Builds the model of a formulation.
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Self::Solution>>;
    /// Checks a solution against the puzzle's rules, written from the rules, not from a model.
    fn verify(&self, solution: &Self::Solution) -> std::result::Result<(), String>;
    /// The solution as text rows (for printing and JSON).
    fn rows(&self, solution: &Self::Solution) -> Vec<String>;
    /// What a picture shows: the puzzle as its community draws it, with a solution on top
    /// when one is given (see [`crate::render`]).
    fn sketch(&self, solution: Option<&Self::Solution>) -> crate::render::Sketch;
    /// A reason the puzzle has no solution found without solving (a cheap necessary
    /// condition that fails), if any.
    fn precheck(&self) -> Option<String> {
        None
    }
    /// The whole answer when the deductions the formulation asks for (e.g. nonogram line
    /// logic and probing, `pre=probe`) fix every cell, with the deduction's name: such a puzzle
    /// has exactly this one solution, so no model is built and no solver is called. Deductions
    /// that take long stop at `deadline` (and then answer nothing).
    fn deduced(
        &self,
        _formulation: &Formulation,
        _deadline: Option<std::time::Instant>,
    ) -> Result<Option<(Self::Solution, &'static str)>> {
        Ok(None)
    }
    /// The genre's own solvers that search without a model (e.g. tetromino's `native` exact
    /// cover), accepted wherever a backend name is, so `compare` can put them beside SAT and MIP.
    fn native_solvers(&self) -> &'static [&'static str] {
        &[]
    }
    /// Up to `limit` solutions from the named native solver, and whether its search finished
    /// (so that fewer than `limit` solutions means there are no more). At the deadline the
    /// search returns what it has found, unfinished.
    fn solve_native(
        &self,
        solver: &str,
        _limit: usize,
        _deadline: Option<std::time::Instant>,
    ) -> Result<(Vec<Self::Solution>, bool)> {
        Err(crate::error::Error::Usage(self.native_unavailable(solver)))
    }
    /// Why a native solver of the genre cannot take this instance (e.g. a colour nonogram).
    fn native_unavailable(&self, solver: &str) -> String {
        format!("`{solver}` is not a native solver of this {}", self.genre())
    }
    /// How two solutions differ, in the genre's words (e.g. `row 9 across: lemon ↔ melon`);
    /// shown with a `multiple` verdict. Empty when the genre has nothing to add to the grids.
    fn differences(&self, _a: &Self::Solution, _b: &Self::Solution) -> Vec<String> {
        Vec::new()
    }
    /// The puzzle as its canonical puzz.link URL. Fails when the genre has no URL encoder or
    /// this instance has no URL form (too large, a colour nonogram, …).
    fn url(&self) -> Result<String> {
        Err(crate::error::Error::Usage(format!(
            "{} has no puzz.link URL encoder yet",
            self.genre()
        )))
    }
}
