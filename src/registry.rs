//! The genres by name: reading an input into a puzzle and the type-erased interface the
//! application uses. Adding a genre is its folder under `puzzles/` plus one line in the list
//! of `puzzles/mod.rs`, from which [`GENRES`] is built.

use crate::error::{Error, Result};
pub use crate::input::Input;
use crate::model::Model;
use crate::puzzles::verbs::Verbs;
use crate::puzzles::{self, Formulation, FormulationKey, Puzzle};
use crate::solve::{solve_puzzle, Report, SolveOptions};
use std::sync::LazyLock;

/// Every genre, in the order of `puzzles/mod.rs`'s list: everything the application knows of a
/// genre follows from its declaration there.
pub static GENRES: LazyLock<Vec<Genre>> = LazyLock::new(|| {
    struct Collect(Vec<Genre>);
    impl puzzles::VisitGenre for Collect {
        fn genre<P: Puzzle>(&mut self) {
            self.0.push(Genre::of::<P>());
        }
        fn either<P: Puzzle, Q: Puzzle>(&mut self) {
            self.0.push(Genre::either::<P, Q>());
        }
    }
    let mut all = Collect(Vec::new());
    puzzles::visit_genres(&mut all);
    all.0
});

/// A registered genre: its declaration's names and abilities, type-erased.
pub struct Genre {
    /// The name on the command line.
    pub name: &'static str,
    /// The other names it goes by (pzprjs's spellings).
    pub aliases: &'static [&'static str],
    /// The rules in one line.
    pub rules: &'static str,
    /// Its formulation keys (without the core's).
    pub keys: fn() -> Vec<FormulationKey>,
    /// Its model-free solvers, usable as backend names.
    pub native_solvers: &'static [&'static str],
    /// Whether an argument is a puzzle of the genre written inline (a fumen string).
    pub inline: fn(&str) -> bool,
    /// Its own verbs (`puzzlec nonogram logic`), if any.
    pub verbs: Option<Verbs>,
    /// Whether it declares a puzz.link URL format.
    pub url_format: bool,
    load: Loader,
}

/// Reads an input (and a separate word list) as a puzzle of one genre.
type Loader = fn(&Input, Option<&Input>) -> Result<Box<dyn DynPuzzle>>;

impl Genre {
    /// The registration of a genre.
    pub const fn of<P: Puzzle>() -> Genre {
        Genre {
            load: load_as::<P>,
            ..Genre::declared::<P>()
        }
    }

    /// The registration of a genre whose inputs read as `P`, or as `Q` when `Q` claims them
    /// (a colour nonogram is not a black-and-white one).
    pub const fn either<P: Puzzle, Q: Puzzle>() -> Genre {
        Genre {
            load: load_either::<P, Q>,
            ..Genre::declared::<P>()
        }
    }

    const fn declared<P: Puzzle>() -> Genre {
        Genre {
            name: P::GENRE,
            aliases: P::ALIASES,
            rules: P::RULES,
            keys: P::keys,
            native_solvers: P::NATIVE_SOLVERS,
            inline: P::inline,
            verbs: P::VERBS,
            url_format: P::URL.is_some(),
            load: load_as::<P>,
        }
    }

    /// Reads an input (and the separate word list some genres take) as a puzzle of the genre.
    pub fn load(&self, input: &Input, words: Option<&Input>) -> Result<Box<dyn DynPuzzle>> {
        (self.load)(input, words)
    }
}

fn load_as<P: Puzzle>(input: &Input, words: Option<&Input>) -> Result<Box<dyn DynPuzzle>> {
    Ok(Box::new(match words {
        None => P::read(&input.source, &input.text)?,
        Some(words) => P::read_with_words(input, words)?,
    }))
}

fn load_either<P: Puzzle, Q: Puzzle>(
    input: &Input,
    words: Option<&Input>,
) -> Result<Box<dyn DynPuzzle>> {
    match Q::claims(&input.text) {
        true => load_as::<Q>(input, words),
        false => load_as::<P>(input, words),
    }
}

/// The registered genre of a name or alias; an error with the known names otherwise.
pub fn genre(name: &str) -> Result<&'static Genre> {
    find_genre(name).ok_or_else(|| unknown_genre(name))
}

/// Reads an input argument as users paste it (see [`Input::read`]), a fumen string included.
pub fn read_input(arg: &str) -> Result<Input> {
    Input::read_with(arg, inline)
}

/// The puzzle an argument holds itself, read without looking at any file: a pasted
/// puzz.link / pzv.jp URL (in its canonical form) or a fumen string; `None` for anything
/// else. The web page uses it so that pasted text never names a file on the server.
pub fn inline(arg: &str) -> Option<Input> {
    let own = |a: &str| GENRES.iter().any(|g| (g.inline)(a.trim()));
    Input::url(arg).or_else(|| own(arg).then(|| Input::given(arg)))
}

/// The genre whose inline notation an argument is written in (a fumen string: tetromino),
/// when exactly one genre claims it.
pub fn inline_genre(arg: &str) -> Option<&'static str> {
    let mut claims = GENRES.iter().filter(|g| (g.inline)(arg.trim()));
    match (claims.next(), claims.next()) {
        (Some(g), None) => Some(g.name),
        _ => None,
    }
}

/// The genre a URL input names (by any of its names: pzprjs's `slither` is slitherlink),
/// when it is one of ours.
pub fn url_genre(input: &Input) -> Option<&'static str> {
    let line = crate::url::in_text(&input.text, "").filter(|l| l.starts_with("http"))?;
    let written = crate::url::genre_of(line)?;
    find_genre(&written).map(|g| g.name)
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
    /// The native solver that counts the instance fastest (see [`Puzzle::native_counter`]).
    fn native_counter(&self) -> Option<&'static str>;
}

impl<P: Puzzle> DynPuzzle for P {
    fn genre(&self) -> &'static str {
        P::GENRE
    }
    fn keys(&self) -> Vec<FormulationKey> {
        P::keys()
    }
    fn solve(&self, opts: &SolveOptions) -> Result<Report<Vec<String>>> {
        check_backend(self, &opts.backend)?;
        let r = solve_puzzle(self, opts)?;
        Ok(Report {
            verdict: r.verdict,
            solutions: r.solutions.iter().map(|s| self.rows(s)).collect(),
            answer_texts: r
                .solutions
                .iter()
                .filter_map(|s| self.answer_text(s))
                .collect(),
            facts: r.facts,
            note: r.note,
            explanation: r.explanation,
            cuts: r.cuts,
            stopped: r.stopped,
            certificate: r.certificate,
            certificate_files: r.certificate_files,
            stats: r.stats,
        })
    }
    fn formulate(&self, formulation: &str) -> Result<(Model, Formulation)> {
        let f = Formulation::parse(formulation, &P::keys())?;
        Ok((Puzzle::formulate(self, &f)?.model, f))
    }
    fn native(&self) -> &'static [&'static str] {
        self.native_solvers()
    }
    fn url(&self) -> Result<String> {
        Puzzle::url(self)
    }
    fn native_counter(&self) -> Option<&'static str> {
        Puzzle::native_counter(self)
    }
}

/// Fails with the list of genres unless `genre` is one.
pub fn check_genre(genre: &str) -> Result<()> {
    self::genre(genre).map(|_| ())
}

/// The genre `name` names (by its name or an alias), if any. Unlike [`genre`] it builds no
/// error, whose "did you mean" compares the name with every genre's: a pasted URL, first
/// tried as a genre, cost 2.7M instructions that way, four fifths of a 10×10 hitori's run.
pub fn find_genre(name: &str) -> Option<&'static Genre> {
    GENRES
        .iter()
        .find(|g| g.name == name || g.aliases.contains(&name))
}

fn unknown_genre(genre: &str) -> Error {
    let known: Vec<&str> = GENRES.iter().map(|g| g.name).collect();
    let names = GENRES
        .iter()
        .flat_map(|g| std::iter::once(g.name).chain(g.aliases.iter().copied()));
    // A typo is a name within a third of its letters; aliases lead to their genre.
    let lowercase = genre.to_lowercase();
    let closest = (names.map(|n| (strsim::levenshtein(&lowercase, n), n)))
        .filter(|&(d, n)| d > 0 && 3 * d <= n.len().max(3))
        .min();
    let hint = closest.and_then(|(_, n)| find_genre(n));
    let hint = hint.map_or(String::new(), |g| format!("did you mean `{}`? ", g.name));
    Error::Usage(format!(
        "unknown genre `{genre}` ({hint}known: {})",
        known.join(", ")
    ))
}

/// The formulation keys of a genre (without the core's).
pub fn formulation_keys(genre: &str) -> Result<Vec<FormulationKey>> {
    Ok((self::genre(genre)?.keys)())
}

/// The genre's model-free solvers, usable as backend names (`compare` adds them to its
/// default backends).
pub fn native_solvers(genre: &str) -> &'static [&'static str] {
    self::genre(genre).map_or(&[], |g| g.native_solvers)
}

/// Reads an input as a puzzle of the genre.
pub fn load(genre: &str, input: &Input) -> Result<Box<dyn DynPuzzle>> {
    self::genre(genre)?.load(input, None)
}

/// Fails for a backend name that is neither a backend nor one of the instance's native
/// solvers, naming the genres whose own search it is when it is one.
fn check_backend<P: Puzzle>(p: &P, name: &str) -> Result<()> {
    if p.native_solvers().contains(&name) || P::NATIVE_SOLVERS.contains(&name) {
        return Ok(()); // the driver says why this instance cannot take it, if it cannot
    }
    let e = match crate::backend::check_name(name) {
        Err(Error::Usage(e)) => e,
        // A missing binary is the driver's to report, after refusing a --certify that the
        // backend could not serve anyway (a usage error comes first).
        _ => return Ok(()),
    };
    let owners: Vec<&str> = (GENRES.iter())
        .filter(|g| g.native_solvers.contains(&name))
        .map(|g| g.name)
        .collect();
    match owners.is_empty() {
        true => Err(Error::Usage(e)),
        false => Err(Error::Usage(format!(
            "`{name}` is the own search of {} only; {} has none: pick a backend \
             (`puzzlec backends` lists them)",
            owners.join(", "),
            P::GENRE
        ))),
    }
}

/// The genres that have verbs of their own (`puzzlec nonogram logic`), with their verbs.
pub fn genre_verbs() -> impl Iterator<Item = (&'static str, Verbs)> {
    GENRES.iter().filter_map(|g| Some((g.name, g.verbs?)))
}

/// Reads an input, with the separate word list `--words` names if given, as a puzzle of the
/// genre.
pub fn load_with_words(
    genre: &str,
    input: &Input,
    words: Option<&Input>,
) -> Result<Box<dyn DynPuzzle>> {
    self::genre(genre)?.load(input, words)
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
        assert_eq!(url_genre(&input("https://puzz.link/p?tapa/9/9/")), None);
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
    fn every_value_every_genre_declares_is_read_back() {
        for genre in GENRES.iter() {
            for key in (genre.keys)() {
                for value in key.values {
                    let spec = format!("{}={}", key.key, value.name);
                    let parsed = Formulation::parse(&spec, &(genre.keys)());
                    assert!(parsed.is_ok(), "{}: {spec}: {:?}", genre.name, parsed.err());
                }
            }
        }
    }

    #[test]
    fn a_mistyped_genre_is_suggested() {
        let e = check_genre("nurikab").unwrap_err().to_string();
        assert!(e.contains("did you mean `nurikabe`?"), "{e}");
        let e = check_genre("Slither-link").unwrap_err().to_string();
        assert!(e.contains("did you mean `slitherlink`?"), "{e}");
        let e = check_genre("sudoku-x-large").unwrap_err().to_string();
        assert!(!e.contains("did you mean"), "{e}");
    }

    #[test]
    fn a_missing_file_that_is_no_url_is_an_io_error_naming_it() {
        let e = read_input("no/such/file.txt").unwrap_err();
        assert!(e.to_string().contains("no/such/file.txt"), "{e}");
        assert_eq!(e.exit_code(), 2);
        assert!(check_genre("tapa")
            .unwrap_err()
            .to_string()
            .contains("unknown genre"));
    }
}
