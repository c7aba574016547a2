//! puzzlec: a constraint-model compiler for pencil puzzles.
pub mod error;
pub mod model;
pub mod puzzles;

pub use error::{Error, Result};
pub mod backend;
pub mod format;
pub mod graph;
pub mod lower;
pub mod solve;
