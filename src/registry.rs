//! The genres by name: reading an input into a puzzle and the type-erased interface the CLI
//! uses. Adding a genre is one line in [`GENRES`], one in [`formulation_keys`] and one in
//! [`load`].

use crate::error::{Error, Result};
pub use crate::input::Input;
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
        "lits",
        "shade one L, I, T or S per room: equal pieces never touch, all connected, no 2x2",
    ),
    (
        "masyu",
        "draw one loop through cell centres and every pearl: straight on white, turning on black",
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
        "slitherlink",
        "draw one loop along the grid lines; a number counts its cell's sides on the loop",
    ),
    (
        "starbattle",
        "place K stars in every row, column and room; stars never touch, not even diagonally",
    ),
    (
        "tetromino",
        "tile a region with tetrominoes drawn from Tetris 7-bags (`puzzlec tetromino list` lists all)",
    ),
];

/// Reads an input argument as users paste it (see [`Input::read`]), a fumen string included.
pub fn read_input(arg: &str) -> Result<Input> {
    Input::read_with(arg, inline)
}

/// The puzzle an argument holds itself, read without looking at any file: a pasted
/// puzz.link / pzv.jp URL (in its canonical form) or a fumen string; `None` for anything
/// else. The web page uses it so that pasted text never names a file on the server.
pub fn inline(arg: &str) -> Option<Input> {
    let fumen = |a: &str| puzzles::tetromino::field::is_fumen(a.trim()).then(|| Input::given(a));
    Input::url(arg).or_else(|| fumen(arg))
}

/// The genre a URL input names (pzprjs's `slither` is slitherlink, `mashu` and `pearl`
/// masyu), when it is one of ours.
pub fn url_genre(input: &Input) -> Option<&'static str> {
    let line = crate::url::in_text(&input.text, "").filter(|l| l.starts_with("http"))?;
    let written = crate::url::genre_of(line)?;
    let ours = match written.as_str() {
        "slither" => "slitherlink",
        "mashu" | "pearl" => "masyu",
        other => other,
    };
    GENRES.iter().map(|g| g.0).find(|&g| g == ours)
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
            stopped: r.stopped,
            certificate: r.certificate,
            certificate_files: r.certificate_files,
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

/// Fails with the list of genres unless `genre` is one.
pub fn check_genre(genre: &str) -> Result<()> {
    match GENRES.iter().any(|g| g.0 == genre) {
        true => Ok(()),
        false => Err(unknown_genre(genre)),
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
        "lits" => Ok(puzzles::lits::formulate::formulation_keys()),
        "masyu" => Ok(puzzles::masyu::formulate::formulation_keys()),
        "nonogram" => Ok(puzzles::nonogram::formulation_keys()),
        "nurikabe" => Ok(puzzles::nurikabe::formulate::formulation_keys()),
        "skeleton" => Ok(puzzles::skeleton::formulate::keys()),
        "slitherlink" => Ok(puzzles::slitherlink::formulate::formulation_keys()),
        "starbattle" => Ok(puzzles::starbattle::formulate::formulation_keys()),
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
        "lits" => Ok(Box::new(puzzles::lits::parse::parse(
            &input.source,
            &input.text,
        )?)),
        "masyu" => Ok(Box::new(puzzles::masyu::parse::parse(
            &input.source,
            &input.text,
        )?)),
        "nonogram" if puzzles::nonogram::colour::is_colour_g(&input.text) => {
            let colour = puzzles::nonogram::colour::parse_g(&input.source, &input.text)?;
            match colour.as_black_and_white() {
                Some(black_and_white) => Ok(Box::new(black_and_white)),
                None => Ok(Box::new(colour)),
            }
        }
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
        "slitherlink" => Ok(Box::new(puzzles::slitherlink::parse::parse(
            &input.source,
            &input.text,
        )?)),
        "starbattle" => Ok(Box::new(puzzles::starbattle::parse::parse(
            &input.source,
            &input.text,
        )?)),
        "tetromino" => Ok(Box::new(puzzles::tetromino::load_text(
            &input.source,
            &input.text,
        )?)),
        _ => Err(unknown_genre(genre)),
    }
}

/// The genres that have verbs of their own (`puzzlec nonogram logic`).
pub fn genre_verbs() -> Vec<(&'static str, crate::puzzles::verbs::Verbs)> {
    vec![
        ("nonogram", puzzles::nonogram::cli::VERBS),
        ("skeleton", puzzles::skeleton::cli::VERBS),
        ("tetromino", puzzles::tetromino::cli::VERBS),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_names_its_genre_only_when_it_is_ours() {
        let input = |text: &str| Input {
            source: "URL".into(),
            text: text.into(),
        };
        assert_eq!(
            url_genre(&input("https://puzz.link/p?nonogram/5/5/zp")),
            Some("nonogram")
        );
        assert_eq!(
            url_genre(&input("https://puzz.link/p?heyawake_edit/2/2/")),
            Some("heyawake")
        );
        assert_eq!(url_genre(&input("https://puzz.link/p?sudoku/9/9/")), None);
        assert_eq!(url_genre(&input("AB\nAB\nA=?\n")), None);
    }
    #[test]
    fn a_pasted_url_names_its_genre() {
        let input = read_input("puzz.link/p%3Fheyawake/6/6/aa66aapv0fu0g2i3k").unwrap();
        assert_eq!(url_genre(&input), Some("heyawake"));
        let fumen = "v115@vhAAgH";
        assert_eq!(read_input(fumen).unwrap().text, fumen);
    }

    #[test]
    fn a_missing_file_that_is_no_url_is_an_io_error_naming_it() {
        let e = read_input("no/such/file.txt").unwrap_err();
        assert!(e.to_string().contains("no/such/file.txt"), "{e}");
        assert_eq!(e.exit_code(), 2);
        assert!(check_genre("sudoku")
            .unwrap_err()
            .to_string()
            .contains("unknown genre"));
    }
}
