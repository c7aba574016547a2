//! The genre interface: a puzzle formulates itself as a [`Model`], decodes assignments into
//! its own solutions and verifies them by its own rules.

#[cfg(test)]
pub(crate) mod testing;
pub mod verbs;

/// Declares each genre's module and lists its declaration for the registry: adding a genre is
/// its folder plus one line here (`module => Type;`, or `module => Type or other::Type;` for a
/// genre whose inputs may read as a second type, such as a colour nonogram).
macro_rules! genres {
    ($($module:ident => $main:ident $(or $($alt:ident)::+)?;)*) => {
        $(pub mod $module;)*
        /// Shows every genre's declaration to `v`, in the order of the list.
        pub fn visit_genres(v: &mut impl VisitGenre) {
            $(genres!(@one v, $module, $main $(, $($alt)::+)?);)*
        }
    };
    (@one $v:ident, $module:ident, $main:ident) => {
        $v.genre::<$module::$main>()
    };
    (@one $v:ident, $module:ident, $main:ident, $($alt:ident)::+) => {
        $v.either::<$module::$main, $module::$($alt)::+>()
    };
}

genres! {
    abcendview => AbcEndView;
    akari => Akari;
    battleship => Battleship;
    binairo => Binairo;
    cave => Cave;
    countryroad => CountryRoad;
    creek => Creek;
    dominos => Dominos;
    fillomino => Fillomino;
    galaxies => Galaxies;
    gokigennaname => Gokigen;
    hakyuu => Hakyuu;
    heyawake => Heyawake;
    hidoku => Hidoku;
    hitori => Hitori;
    jigsawsudoku => JigsawSudoku;
    kakuro => Kakuro;
    kenken => KenKen;
    killersudoku => KillerSudoku;
    kuromasu => Kuromasu;
    lits => Lits;
    magnetic => Magnetic;
    masyu => Masyu;
    minesweeper => Minesweeper;
    nonogram => Nonogram or colour::ColourNonogram;
    norinori => Norinori;
    numberlink => Numberlink;
    nurikabe => Nurikabe;
    shikaku => Shikaku;
    shimaguni => Shimaguni;
    skeleton => Skeleton;
    skyscraper => Skyscraper;
    slitherlink => Slitherlink;
    starbattle => StarBattle;
    str8t => Str8t;
    sudoku => Sudoku;
    tent => Tent;
    tetromino => Tetromino;
    thermometer => Thermometer;
    yajilin => Yajilin;
}

/// What the registry does with each declared genre (see [`visit_genres`]).
pub trait VisitGenre {
    /// A genre whose inputs read as `P`.
    fn genre<P: Puzzle>(&mut self);
    /// A genre whose inputs read as `P`, or as `Q` when `Q` claims them.
    fn either<P: Puzzle, Q: Puzzle>(&mut self);
}

use crate::error::Result;
pub use crate::formulation::{core_formulation_keys, Choice, Formulation, FormulationKey, Value};
/// Text reading is the grid layer's; re-exported for the genres' own readers.
pub use crate::grid::text::clue_tokens;
use crate::input::Input;
use crate::model::{Assignment, Model, Var};
use crate::url::format::Format;

/// A model together with the function that turns its assignments into the puzzle's solutions.
pub struct Formulated<S> {
    /// The model.
    pub model: Model,
    /// Reads a solution off an assignment of the model's variables.
    pub decode: Box<dyn Fn(&Assignment) -> S + Send + Sync>,
}

impl<S> Formulated<S> {
    /// A model and how its assignments read as the puzzle's solutions.
    pub fn new(model: Model, decode: impl Fn(&Assignment) -> S + Send + Sync + 'static) -> Self {
        let decode = Box::new(decode);
        Formulated { model, decode }
    }
}

impl Formulated<Vec<bool>> {
    /// A model whose answer is a shading: the value of each cell's `shaded` variable.
    pub fn shading(model: Model, shaded: Vec<Var>) -> Self {
        let decode = Box::new(move |a: &Assignment| shaded.iter().map(|&v| a.bool(v)).collect());
        Formulated { model, decode }
    }
}

/// What a genre's own deductions decided, each with the deduction's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deduced<S> {
    /// Exactly this one solution.
    Unique(S, &'static str),
    /// At least these two different solutions.
    Several([S; 2], &'static str),
}

/// A genre, declared once: its names and rules, how its inputs read, its formulations, the
/// rules check, and how an answer shows. Registration is one line in [`crate::registry`]; every
/// ability a genre lacks (a URL, a native solver, a deduction shortcut) has a default.
pub trait Puzzle: Clone + Send + Sync + Sized + 'static {
    /// The genre's solution type.
    type Solution: Clone + Send;
    /// The genre's name on the command line.
    const GENRE: &'static str;
    /// The other names users and puzz.link give the genre (pzprjs's spellings).
    const ALIASES: &'static [&'static str] = &[];
    /// The rules in one line.
    const RULES: &'static str;
    /// The genre's own solvers that search without a model (e.g. tetromino's `native` exact
    /// cover), accepted wherever a backend name is, so `compare` can put them beside SAT and MIP.
    const NATIVE_SOLVERS: &'static [&'static str] = &[];
    /// The puzz.link URL format, read and written by one description; `None` when the genre
    /// has none.
    const URL: Option<Format<Self>> = None;
    /// The genre's own verbs (`puzzlec nonogram logic`), if it has any.
    const VERBS: Option<verbs::Verbs> = None;

    /// The formulation keys this genre understands (the core's `card` is added by the driver).
    fn keys() -> Vec<FormulationKey> {
        Vec::new()
    }
    /// Reads the genre's text notation (anything that is not a URL).
    fn read_text(source: &str, text: &str) -> Result<Self>;
    /// Reads an input of the genre: a URL of its format wherever the text starts with one
    /// (errors at their place in the file), its text notation otherwise.
    fn read(source: &str, text: &str) -> Result<Self> {
        let url = Self::URL.as_ref().and_then(|f| {
            let found = f
                .names
                .iter()
                .find_map(|name| crate::url::in_text_at(text, name));
            found.map(|at| (f, at))
        });
        match url {
            Some((format, (url, at))) => format
                .read(url)
                .map_err(|e| crate::url::in_file(e, source, at)),
            None => Self::read_text(source, text),
        }
    }
    /// Reads an input together with a separate word list (skeleton's `--words`).
    fn read_with_words(input: &Input, _words: &Input) -> Result<Self> {
        Err(crate::error::Error::Usage(format!(
            "--words (a separate word list) is not for {} puzzles ({})",
            Self::GENRE,
            input.source
        )))
    }
    /// Whether a command-line argument is itself a puzzle of the genre, written in a notation
    /// of its own (a fumen string), rather than a file name.
    fn inline(_arg: &str) -> bool {
        false
    }
    /// Whether a text is an input of this type rather than of the genre's main one (a colour
    /// nonogram is not a black-and-white one); see [`crate::registry`].
    fn claims(_text: &str) -> bool {
        false
    }

    /// Builds the model of a formulation.
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Self::Solution>>;
    /// Checks a solution against the puzzle's rules, written from the rules, not from a model.
    fn verify(&self, solution: &Self::Solution) -> std::result::Result<(), String>;
    /// The solution as text rows (for printing and JSON); by default the answer notation's
    /// grid, one-character tokens run together (`+ - x` → `+-x`).
    fn rows(&self, solution: &Self::Solution) -> Vec<String> {
        let text = self.answer_text(solution).unwrap_or_default();
        let grid: Vec<Vec<&str>> = (text.lines().skip(1))
            .map(|line| line.split_whitespace().collect())
            .collect();
        // Run together only when every token of the grid is one character, so columns line up.
        let narrow = grid.iter().flatten().all(|t| t.chars().count() == 1);
        let gap = if narrow { "" } else { " " };
        grid.iter().map(|tokens| tokens.join(gap)).collect()
    }
    /// What a picture shows: the puzzle as its community draws it, with a solution on top
    /// when one is given (see [`crate::render`]).
    fn sketch(&self, solution: Option<&Self::Solution>) -> crate::render::Sketch;

    /// The solution in the genre's answer notation (janko.at's, as puzzlekit's dataset keeps
    /// it: the header line, then the grid), when the genre has one.
    fn answer_text(&self, _solution: &Self::Solution) -> Option<String> {
        None
    }
    /// The genre's name (for messages about an instance).
    fn genre(&self) -> &'static str {
        Self::GENRE
    }
    /// The puzzle as its canonical puzz.link URL. Fails when the genre has no URL format or
    /// this instance has no URL form (too large, a colour nonogram, …).
    fn url(&self) -> Result<String> {
        match &Self::URL {
            Some(format) => format.write(self),
            None => Err(crate::error::Error::Usage(format!(
                "{} has no puzz.link URL encoder yet",
                Self::GENRE
            ))),
        }
    }
    /// A reason the puzzle has no solution found without solving (a cheap necessary
    /// condition that fails), if any.
    fn precheck(&self) -> Option<String> {
        None
    }
    /// What the deductions the formulation asks for decide before any general search: the
    /// whole answer when they fix every cell (e.g. nonogram line logic and probing,
    /// `pre=probe`), so no model is built and no solver is called, or two answers when they
    /// find a second one. Deductions that take long stop at `deadline` (and then answer
    /// nothing).
    fn deduced(
        &self,
        _formulation: &Formulation,
        _deadline: Option<std::time::Instant>,
    ) -> Result<Option<Deduced<Self::Solution>>> {
        Ok(None)
    }
    /// The native solvers this instance can take (all of [`Puzzle::NATIVE_SOLVERS`] unless
    /// the instance is out of their reach, e.g. a colour nonogram).
    fn native_solvers(&self) -> &'static [&'static str] {
        Self::NATIVE_SOLVERS
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
        format!("`{solver}` is not a native solver of this {}", Self::GENRE)
    }
    /// How two solutions differ, in the genre's words (e.g. `row 9 across: lemon ↔ melon`);
    /// shown with a `multiple` verdict. Empty when the genre has nothing to add to the grids.
    fn differences(&self, _a: &Self::Solution, _b: &Self::Solution) -> Vec<String> {
        Vec::new()
    }
    /// The native solver that enumerates this instance's solutions far faster than a SAT
    /// solver with blocking clauses (tetromino's exact cover), which `count` then uses unless
    /// told otherwise; `None` when a native search, if any, is no faster at counting.
    fn native_counter(&self) -> Option<&'static str> {
        None
    }
}
