//! puzzlec: a constraint-model compiler for pencil puzzles.
//!
//! A puzzle is parsed ([`puzzles`]), formulated as a model of named boolean and integer
//! variables ([`model`]), lowered to CNF or linear rows ([`lower`]) and solved by a backend
//! chosen by name ([`backend`]); the driver ([`solve`]) adds lazy cuts, enumerates with blocking
//! clauses, and re-checks every solution with the puzzle's own rules. Every genre is one
//! declaration ([`puzzles::Puzzle`]) registered by one line in [`registry`]. The command line,
//! batch runner and web server are the binary's, not the library's.
//!
//! ```
//! use puzzlec::puzzles::{heyawake::Heyawake, Puzzle};
//! use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
//!
//! // cspuz_core's worked example, with the seed's lazy connectivity cuts, on varisat.
//! let url = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";
//! let puzzle = Heyawake::read("URL", url).unwrap();
//! let opts = SolveOptions::new("varisat", "connectivity=lazy", Mode::Unique);
//! let report = solve_puzzle(&puzzle, &opts).unwrap();
//! assert_eq!(report.verdict, Verdict::Unique);
//! assert_eq!(puzzle.rows(&report.solutions[0])[0], "#.#..#");
//! ```

pub mod backend;
pub mod budget;
pub mod certify;
pub mod error;
pub mod explain;
pub mod format;
pub mod formulation;
pub mod graph;
pub mod grid;
pub mod input;
pub mod lower;
pub mod model;
mod process_groups;
pub mod puzzles;
pub mod registry;
pub mod render;
pub mod report_json;
pub mod solve;
pub mod url;

pub use error::{Error, Result};
