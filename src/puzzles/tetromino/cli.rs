//! The `puzzlec tetromino …` verbs.

use super::bags::{parse_adjustments, parse_kind_bounds, Bounds};
use super::list::{list_native, render_json, render_text, Listing, Progress};
use super::{check_size, field, Tetromino};
use crate::error::{Error, Result};
use crate::puzzles::verbs::{self, Deadline, Verbs};
use crate::solve::{solve_puzzle, Mode, SolveOptions, Stopped, Verdict};
use clap::{Args, Subcommand};
use std::io::IsTerminal;

/// Tetromino packing verbs.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List every tiling of a region by tetrominoes, grouped by kind multiset.
    List(ListArgs),
}

/// Options of `tetromino list`.
#[derive(Args, Debug, Clone)]
pub struct ListArgs {
    /// The region: a file of rows (`X`/`#` fill, `_`/`.` not), `-` for standard input, or a
    /// fumen string or URL (`v115@…`; the cells of page 1).
    pub input: String,
    /// Print the counts per kind group and the total only.
    #[arg(long)]
    pub count: bool,
    /// Add a fumen string after each tiling (10-wide regions only).
    #[arg(long)]
    pub fumen: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Extra pieces before the first bag, e.g. `--plus S=1` (a held piece).
    #[arg(long, value_name = "KIND=N,…")]
    pub plus: Vec<String>,
    /// Kinds kept back from the first bags, e.g. `--minus T=1`.
    #[arg(long, value_name = "KIND=N,…")]
    pub minus: Vec<String>,
    /// Explicit bounds for some kinds, e.g. `--kinds I=0..1,T=2` (other kinds keep the bag
    /// rule, or 0..N with --unlimited).
    #[arg(long, value_name = "KIND=LO..HI,…")]
    pub kinds: Vec<String>,
    /// Any number of each kind (before --kinds).
    #[arg(long, conflicts_with_all = ["plus", "minus"])]
    pub unlimited: bool,
    /// `native` (pruned exact cover) or a backend name (SAT/MIP with blocking clauses).
    #[arg(
        short = 'b',
        long = "backend",
        visible_alias = "solver",
        default_value = "native"
    )]
    pub solver: String,
    /// Formulation for a SAT/MIP backend, KEY=VALUE,… (e.g. `card=seq`).
    #[arg(short, long, default_value = "")]
    pub formulation: String,
    /// Stop after this many seconds with the tilings found so far (a lower bound; exit code
    /// 3). `inf` is no limit.
    #[arg(short, long, value_parser = crate::budget::parse_seconds)]
    pub timeout: Option<f64>,
}

/// Reads the input argument: a fumen string given inline, `-`, or a file.
pub fn read_input(arg: &str) -> Result<(String, String)> {
    let input = crate::input::Input::read_with(arg, |a| {
        super::field::is_fumen(a.trim()).then(|| crate::input::Input::given(a))
    })?;
    Ok((input.source, input.text))
}

/// Builds the instance of `list`'s options: the region and the kind bounds.
pub fn instance(args: &ListArgs) -> Result<Tetromino> {
    let (source, text) = read_input(&args.input)?;
    let region = field::parse_region(&source, &text)?;
    check_size(&region)?;
    let pieces = region.size() / 4;
    let mut bounds = if args.unlimited {
        Bounds::unlimited(pieces)
    } else {
        let plus = parse_adjustments("--plus", &args.plus.join(","))?;
        let minus = parse_adjustments("--minus", &args.minus.join(","))?;
        Bounds::bag_rule(pieces, plus, minus)
    };
    bounds = parse_kind_bounds(&args.kinds.join(","), bounds)?;
    Ok(Tetromino { region, bounds })
}

/// Lists with the chosen solver.
pub fn list(p: &Tetromino, args: &ListArgs) -> Result<Listing> {
    let progress = std::io::stderr().is_terminal() && !args.json;
    if args.solver == "native" {
        return list_native(p, args.count, &mut Progress::new(progress), args.timeout);
    }
    list_with_backend(p, &args.solver, &args.formulation, args.timeout)
}

/// Lists with a SAT/MIP backend through the core driver: enumerate every model solution
/// with blocking clauses over the placement variables; each one is decoded and verified.
/// With a time limit it stops with the tilings found by then.
pub fn list_with_backend(
    p: &Tetromino,
    backend: &str,
    formulation: &str,
    timeout: Option<f64>,
) -> Result<Listing> {
    let mut opts = SolveOptions::new(backend, formulation, Mode::Count(usize::MAX));
    opts.timeout = timeout;
    let report = solve_puzzle(p, &opts)?;
    if report.verdict == Verdict::Timeout {
        return Err(Error::Timeout(timeout.unwrap_or(0.0)));
    }
    let mut listing = Listing::from_tilings(p, report.solutions)?;
    listing.stopped = report.stopped.filter(Stopped::is_failure);
    Ok(listing)
}

/// The tetromino verbs, as the application offers them (`puzzlec tetromino …`).
pub const VERBS: Verbs = Verbs {
    // The enum's own doc is its about text; the genre command's comes after it.
    command: |genre| {
        Command::augment_subcommands(genre).about("Tetromino-only commands (list every tiling)")
    },
    run: |matches, deadline| run(verbs::parse(matches)?, deadline),
    json: |matches| verbs::parse::<Command>(matches).is_ok_and(|c| c.json()),
};

/// Runs a verb on the application's worker; the exit code is 0 with tilings, 1 without, 2 on bad input, 3 on solver
/// failure or when the time limit or memory budget cut the listing short.
pub fn run(cmd: Command, deadline: &dyn Deadline) -> Result<i32> {
    match cmd {
        Command::List(args) => {
            let job_args = args.clone();
            let (listing, p) = deadline.within(args.timeout, move || {
                let p = instance(&job_args)?;
                Ok((list(&p, &job_args)?, p))
            })?;
            if args.json {
                println!("{}", render_json(&p, &listing, args.count, args.fumen));
            } else {
                print!("{}", render_text(&p, &listing, args.fumen));
            }
            Ok(if listing.stopped.is_some() {
                3
            } else if listing.total() > 0 {
                0
            } else {
                1
            })
        }
    }
}

impl Command {
    /// Whether the verb was asked for JSON output.
    pub fn json(&self) -> bool {
        match self {
            Command::List(args) => args.json,
        }
    }
}
