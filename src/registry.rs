//! The genres by name: reading an input into a puzzle and the type-erased interface the CLI
//! uses. Adding a genre is one line in [`GENRES`], one in [`formulation_keys`] and one in
//! [`load`].

use crate::error::{Error, Result};
use crate::model::Model;
use crate::puzzles::{self, Formulation, FormulationKey, Puzzle};
use crate::solve::{solve_puzzle, Report, SolveOptions};

/// Every genre with a one-line description.
pub const GENRES: &[(&str, &str)] = &[
    (
        "heyawake",
        "shade cells: rooms with counts, no touching, connected unshaded, no run over two borders",
    ),
    (
        "hitori",
        "shade cells: no number twice unshaded in a line, no touching, connected unshaded",
    ),
    (
        "nonogram",
        "paint cells so that each row's and column's runs match its clue",
    ),
    (
        "nurikabe",
        "shade cells: numbered islands of their size, one connected wall, no 2x2 wall",
    ),
    (
        "skeleton",
        "fill-in crossword: every listed word into one slot, crossings agree",
    ),
    (
        "tetromino",
        "tile a region with tetrominoes drawn from Tetris 7-bags (`puzzlec tetromino list` lists all)",
    ),
];

/// A puzzle input: its text and where it came from.
#[derive(Clone, Debug, Default)]
pub struct Input {
    /// The file path, `-` for standard input, or `URL`.
    pub source: String,
    /// The text (the URL itself for URLs).
    pub text: String,
}

impl Input {
    /// Reads an input argument: a URL or a fumen string given inline, `-` for standard input,
    /// or a file path.
    pub fn read(arg: &str) -> Result<Input> {
        let inline = arg.starts_with("http://")
            || arg.starts_with("https://")
            || (crate::puzzles::tetromino::field::is_fumen(arg)
                && !std::path::Path::new(arg).exists());
        if inline {
            return Ok(Input {
                source: "URL".into(),
                text: arg.to_string(),
            });
        }
        let text = if arg == "-" {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
                .map_err(|e| Error::Io(format!("cannot read standard input: {e}")))?;
            s
        } else {
            std::fs::read_to_string(arg)
                .map_err(|e| Error::Io(format!("cannot read {arg}: {e}")))?
        };
        Ok(Input {
            source: arg.to_string(),
            text,
        })
    }
}

/// A puzzle of any genre, as the CLI sees it: solutions are text rows.
pub trait DynPuzzle {
    /// The genre's name.
    fn genre(&self) -> &'static str;
    /// The genre's formulation keys (without the core's).
    fn keys(&self) -> Vec<FormulationKey>;
    /// Solves with the core driver; solutions as rows.
    fn solve(&self, opts: &SolveOptions) -> Result<Report<Vec<String>>>;
    /// Builds the model of a formulation spec (for export), with the parsed formulation.
    fn formulate(&self, formulation: &str) -> Result<(Model, Formulation)>;
    /// The instance's model-free solvers (see [`Puzzle::native_solvers`]).
    fn native(&self) -> &'static [&'static str];
    /// The instance's canonical puzz.link URL (see [`Puzzle::url`]).
    fn url(&self) -> Result<String>;
}

impl<P: Puzzle> DynPuzzle for P {
    fn genre(&self) -> &'static str {
        Puzzle::genre(self)
    }
    fn keys(&self) -> Vec<FormulationKey> {
        self.formulation_keys()
    }
    fn solve(&self, opts: &SolveOptions) -> Result<Report<Vec<String>>> {
        let r = solve_puzzle(self, opts)?;
        Ok(Report {
            verdict: r.verdict,
            solutions: r.solutions.iter().map(|s| self.rows(s)).collect(),
            facts: r.facts,
            note: r.note,
            cuts: r.cuts,
            stats: r.stats,
        })
    }
    fn formulate(&self, formulation: &str) -> Result<(Model, Formulation)> {
        let f = Formulation::parse(formulation, &self.formulation_keys())?;
        Ok((Puzzle::formulate(self, &f)?.model, f))
    }
    fn native(&self) -> &'static [&'static str] {
        self.native_solvers()
    }
    fn url(&self) -> Result<String> {
        Puzzle::url(self)
    }
}

fn unknown_genre(genre: &str) -> Error {
    Error::Usage(format!(
        "unknown genre `{genre}` (known: {})",
        GENRES.iter().map(|g| g.0).collect::<Vec<_>>().join(", ")
    ))
}

/// The formulation keys of a genre (without the core's).
pub fn formulation_keys(genre: &str) -> Result<Vec<FormulationKey>> {
    match genre {
        "heyawake" => Ok(puzzles::heyawake::formulate::formulation_keys()),
        "hitori" => Ok(puzzles::hitori::formulate::formulation_keys()),
        "nonogram" => Ok(puzzles::nonogram::formulation_keys()),
        "nurikabe" => Ok(puzzles::nurikabe::formulate::formulation_keys()),
        "skeleton" => Ok(puzzles::skeleton::formulate::keys()),
        "tetromino" => Ok(Vec::new()),
        _ => Err(unknown_genre(genre)),
    }
}

/// The genre's model-free solvers, usable as backend names (`compare` adds them to its
/// default backends).
pub fn native_solvers(genre: &str) -> &'static [&'static str] {
    match genre {
        "tetromino" => puzzles::tetromino::NATIVE_SOLVERS,
        "nonogram" => puzzles::nonogram::NATIVE_SOLVERS,
        _ => &[],
    }
}

/// Reads an input as a puzzle of the genre.
pub fn load(genre: &str, input: &Input) -> Result<Box<dyn DynPuzzle>> {
    match genre {
        "heyawake" => Ok(Box::new(puzzles::heyawake::parse::parse(
            &input.source,
            &input.text,
        )?)),
        "hitori" => Ok(Box::new(puzzles::hitori::parse::parse(
            &input.source,
            &input.text,
        )?)),
        "nonogram" if puzzles::nonogram::colour::is_colour_g(&input.text) => Ok(Box::new(
            puzzles::nonogram::colour::parse_g(&input.source, &input.text)?,
        )),
        "nonogram" => Ok(Box::new(puzzles::nonogram::parse::parse_any(
            &input.source,
            &input.text,
        )?)),
        "nurikabe" => Ok(Box::new(puzzles::nurikabe::parse::parse(
            &input.source,
            &input.text,
        )?)),
        "skeleton" => Ok(Box::new(puzzles::skeleton::load_texts(
            &input.source,
            &input.text,
            None,
        )?)),
        "tetromino" => Ok(Box::new(puzzles::tetromino::load_text(
            &input.source,
            &input.text,
        )?)),
        _ => Err(unknown_genre(genre)),
    }
}
