//! The command line: `solve`, `count`, `export`, `compare`, `formulations`, `backends`, and the
//! genre-specific verbs. Each command returns its exit code (0 solved, 1 no solution, 2 usage or
//! input error, 3 timeout or solver failure).

use crate::app::job::{self, load, print_stats, CountLimit, SolveArgs};
use clap::{Parser, Subcommand, ValueEnum};
use puzzlec::backend;
use puzzlec::error::{Error, Result};
use puzzlec::format;
use puzzlec::formulation::{complete_default, complete_values};
use puzzlec::lower::{linear, CardEncoding, CnfEncoder};
use puzzlec::puzzles::{core_formulation_keys, Formulation};
use puzzlec::registry::{self, Input, GENRES};
use puzzlec::solve::{Mode, Report, SolveOptions, Stopped, Verdict};

/// puzzlec: compile pencil puzzles to SAT/MIP models, solve them with a backend of your
/// choice, and check every answer against the puzzle's own rules.
#[derive(Parser, Debug)]
#[command(name = Cli::NAME, version, about, long_about = None)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Command,
    /// The memory budget (read from the matches, see [`memory_of`]).
    #[command(flatten)]
    pub memory: MemoryArg,
}

impl Cli {
    /// The program's name, as the derive's `name` says.
    const NAME: &'static str = "puzzlec";
}

/// `--memory`, declared once for the top command and copied to the commands that build models.
#[derive(clap::Args, Debug)]
pub struct MemoryArg {
    /// Memory budget, e.g. 8G or 512M (default 4G, less under a smaller `ulimit -v` or on a
    /// machine with less memory). A model, export or search that would pass it is refused
    /// with exit code 3 and a message saying what; a count stops there with a partial answer.
    #[arg(long, value_parser = puzzlec::budget::parse_size, value_name = "SIZE")]
    pub memory: Option<u64>,
}

/// The commands that build no model and so take no `--memory` (clap's global arguments reach
/// every subcommand, so `--memory` is given to the others one by one in [`command_line`]).
const WITHOUT_MEMORY: &[&str] = &["completions", "man"];

/// Reads a `--timeout` value (see [`puzzlec::budget::parse_seconds`]).
fn seconds(text: &str) -> std::result::Result<f64, String> {
    puzzlec::budget::parse_seconds(text)
}

/// Solver file formats for `export`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// DIMACS CNF with `c var N name` comments.
    Dimacs,
    /// CPLEX LP with readable names.
    Lp,
    /// The model as JSON.
    Json,
    /// The puzzle itself as its canonical puzz.link URL (no model; heyawake, hitori,
    /// LITS, masyu, nonogram, nurikabe, slitherlink, star battle).
    Url,
}

/// `solve`'s arguments, a struct of their own so that a run of `solve` can build its command
/// alone (see [`solve_alone`]).
#[derive(clap::Args, Debug)]
pub struct SolveCommand {
    #[command(flatten)]
    args: SolveArgs,
    /// Stop at the first solution (no uniqueness check).
    #[arg(long, conflicts_with = "facts")]
    first: bool,
    /// Show the cells that are the same in every solution (`?` where they differ).
    #[arg(long)]
    facts: bool,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve a puzzle and check that the solution is unique.
    Solve(SolveCommand),
    /// Count solutions, up to a maximum.
    Count {
        #[command(flatten)]
        args: SolveArgs,
        /// Stop after this many solutions (default 1000; a genre with a search of its own,
        /// e.g. tetromino's, counts every solution with it when neither --max nor --backend
        /// is given).
        #[arg(long)]
        max: Option<usize>,
        /// Whether `--backend` was given (even as the default's name): set from the matches,
        /// which alone tell a default from a value given.
        #[arg(skip)]
        backend_given: bool,
    },
    /// Write the model as a solver file (DIMACS, LP) or JSON, or the puzzle as a puzz.link URL.
    Export {
        /// Genre; may be left out before a URL, which names it.
        #[arg(value_name = "GENRE")]
        genre: Option<String>,
        /// Puzzle file, `-`, a URL or a fumen string, as pasted.
        input: Option<String>,
        /// Output format.
        #[arg(long, value_enum, required_unless_present = "certificate")]
        format: Option<ExportFormat>,
        /// Instead of a model file: solve with --certify and write the certificate into this
        /// directory (model.cnf, proof.drat, cuts.json, verdict.txt) for any DRAT checker.
        #[arg(long, value_name = "DIR", conflicts_with_all = ["format", "output", "with_cuts_found"])]
        certificate: Option<String>,
        /// Formulation as KEY=VALUE,… (a complete connectivity encoding by default).
        #[arg(short, long, default_value = "")]
        formulation: String,
        /// Output file (standard output when absent).
        #[arg(short, long)]
        output: Option<String>,
        /// With a lazy formulation: export the base model plus the cuts found while solving it
        /// once (not a complete model).
        #[arg(long)]
        with_cuts_found: bool,
        /// The backend used to find cuts for --with-cuts-found.
        #[arg(short, long, default_value = backend::DEFAULT)]
        backend: String,
        /// A separate word list (skeleton).
        #[arg(long)]
        words: Option<String>,
        /// Give up after this many seconds (exit code 3); `inf` is no limit.
        #[arg(short, long, value_parser = seconds)]
        timeout: Option<f64>,
        /// Print one JSON object: the genre, format and formulation, and the text (or the
        /// file it went to).
        #[arg(long)]
        json: bool,
    },
    /// Run every formulation × backend on the inputs and print one table.
    Compare {
        /// Genre.
        genre: String,
        /// Puzzle files or URLs.
        #[arg(required = true)]
        inputs: Vec<String>,
        /// Backends, comma separated (default: every one that runs here).
        #[arg(long)]
        backends: Option<String>,
        /// A formulation to include (repeatable). Default: every combination of the genre's own
        /// keys with the core `card` key at its default; `all` also varies `card`.
        #[arg(short, long)]
        formulation: Vec<String>,
        /// Seconds per run before it counts as a timeout (`inf` for none).
        #[arg(short, long, default_value_t = 60.0, value_parser = seconds)]
        timeout: f64,
        /// Seconds for the whole table: runs that would start after it are skipped, and no run
        /// is given more than what is left.
        #[arg(long, default_value_t = 600.0)]
        budget: f64,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Count solutions up to this many (as `puzzlec count --max N`) instead of solving with
        /// a uniqueness check: compares enumeration, e.g. tetromino tilings.
        #[arg(long)]
        count: Option<usize>,
    },
    /// List a genre's formulation keys and values.
    Formulations {
        /// Genre.
        genre: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List the backends and whether each can run here.
    Backends {
        /// Print a JSON array instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List the genres.
    Genres {
        /// Print a JSON array instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print a shell completion script that completes genres, backends, formulation choices
    /// and file names, e.g. `puzzlec completions bash >
    /// ~/.local/share/bash-completion/completions/puzzlec`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
        /// Print one JSON object holding the script instead of the script.
        #[arg(long)]
        json: bool,
    },
    /// Print a manual page (roff): `puzzlec man > ~/.local/share/man/man1/puzzlec.1`, and one
    /// per command, `puzzlec man solve > …/puzzlec-solve.1` (`puzzlec man nonogram logic`).
    Man {
        /// The command whose page to print (the main page when absent).
        command: Vec<String>,
        /// Print one JSON object holding the page instead of the page.
        #[arg(long)]
        json: bool,
    },
    /// Serve the web page and its JSON API on this machine (`puzzlec serve --port 8080`).
    Serve(crate::app::serve::ServeArgs),
    /// Solve a DIMACS CNF file with the embedded batsat and answer as a competition SAT solver
    /// does (`s …` and `v …` lines, exit code 10 or 20): the honest half of the fake external
    /// solvers in the tests, so that the external-solver path is tested where none is
    /// installed.
    #[command(hide = true)]
    DimacsSolve {
        /// The CNF file.
        file: String,
        /// Further arguments an external solver might be given (a proof file), ignored.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        ignored: Vec<String>,
    },
}

/// The genre and input of `GENRE INPUT`, or of a lone `INPUT` that is a URL naming its genre.
/// The genre is checked before the input is read, so a typo in it is reported as such.
fn resolve(genre_or_input: Option<&str>, input: Option<&str>) -> Result<(String, Input)> {
    let Some(genre_or_input) = genre_or_input else {
        return Err(Error::Usage(
            "missing the puzzle: give a file, `-` or a URL (after its genre unless a URL names \
             it)"
            .into(),
        ));
    };
    if let Some(input) = input {
        registry::check_genre(genre_or_input)?;
        return Ok((genre_or_input.to_string(), registry::read_input(input)?));
    }
    if registry::find_genre(genre_or_input).is_some() {
        return Err(Error::Usage(format!(
            "missing the puzzle: give a file, `-` or a URL after `{genre_or_input}`"
        )));
    }
    let input = registry::read_input(genre_or_input).map_err(|e| {
        // A lone word that is no file, but close to a genre's name, was meant as the genre.
        match registry::check_genre(genre_or_input) {
            Err(near) if near.to_string().contains("did you mean") => near,
            _ => e,
        }
    })?;
    match registry::url_genre(&input) {
        Some(genre) => Ok((genre.to_string(), input)),
        // A Kanpen or applet URL names a genre too, but in a format we do not read: say so.
        None => match puzzlec::url::other_format(input.text.trim()) {
            Some(e) if input.source == "URL" => Err(e),
            _ => Err(Error::Usage(format!(
                "cannot tell the genre of `{genre_or_input}`: give it first, e.g. `puzzlec solve \
             heyawake FILE` (`puzzlec genres` lists them; only a puzz.link URL names its own)"
            ))),
        },
    }
}

/// A spinner with elapsed time on standard error that appears once the work has run for a
/// second; never in pipes (indicatif draws only on a terminal) or with `--json`.
pub fn spinner_after_a_second(message: String, enabled: bool) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    // Off a terminal there is nothing to draw, so no timer thread either.
    if !enabled || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new_spinner();
    let style = indicatif::ProgressStyle::with_template("{spinner} {msg} {elapsed}")
        .expect("a valid template");
    bar.set_style(style);
    let delayed = bar.clone();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(1));
        if !delayed.is_finished() {
            delayed.set_message(message);
            delayed.enable_steady_tick(std::time::Duration::from_millis(120));
        }
    });
    bar
}

/// Solves the input of `args` in a mode (a count within its limit); the resolved genre comes
/// first.
fn solve_report(
    args: &SolveArgs,
    mode: Mode,
    count: Option<CountLimit>,
) -> Result<(String, Report<Vec<String>>)> {
    args.picture.check(args.json)?;
    let shown = args.named_genre().unwrap_or("the puzzle").to_string();
    let spinner = spinner_after_a_second(format!("solving {shown}"), !args.json);
    let progress = args.picture.progress();
    let job_args = args.clone();
    let job_progress = progress.clone();
    // Reading the input is inside the time limit too: a FIFO without a writer or a standard
    // input that never ends must not outlast `--timeout`.
    let outcome = job::with_timeout(args.timeout, move || {
        let args = job_args;
        let (genre, input) = resolve(args.genre.as_deref(), args.input.as_deref())?;
        let puzzle = load(&genre, input, args.words.as_deref())?;
        let mut opts = SolveOptions::new(&args.backend, &args.formulation, mode);
        opts.timeout = args.timeout;
        opts.progress = Some(job_progress);
        opts.certify = args.certify;
        opts.explain = args.explain;
        opts.exits_after = true;
        if let Some(count) = count {
            count.choose(puzzle.as_ref(), &mut opts);
        }
        puzzle.solve(&opts).map(|report| (genre, report))
    });
    spinner.finish_and_clear();
    let (name, report) = match outcome {
        // Abandoned in the middle of a solver call: report what was found before it. With
        // nothing found the timeout stays an error (and `solve --json` prints it as a report).
        Err(Error::Timeout(secs)) if mode != Mode::First => {
            let found = progress.snapshot();
            if found.is_empty() {
                return Err(Error::Timeout(secs));
            }
            let genre = args.named_genre().unwrap_or_default().to_string();
            Ok((genre, args.timeout_report(found, secs, mode)))
        }
        other => other,
    }?;
    crate::app::picture::deliver(&args.picture, &name, mode, &report, &progress)?;
    Ok((name, report))
}

impl SolveArgs {
    /// What the arguments ask for, as a report made outside the driver names it.
    pub fn asked(&self, mode: Mode) -> job::Asked<'_> {
        job::Asked {
            mode,
            formulation: &self.formulation,
            backend: &self.backend,
        }
    }

    /// The report of a run whose time limit came outside the driver, with the genre's
    /// formulation filled in as the driver would have reported it.
    fn timeout_report(
        &self,
        found: Vec<Vec<String>>,
        secs: f64,
        mode: Mode,
    ) -> Report<Vec<String>> {
        let mut r = job::timeout_report(found, secs, self.asked(mode));
        r.stats.formulation = job::filled_formulation(self.named_genre(), &self.formulation);
        r
    }

    /// The genre the arguments name: the first one, or the genre a URL given first names.
    fn named_genre(&self) -> Option<&str> {
        let first = self.genre.as_deref()?;
        if registry::find_genre(first).is_some() {
            return Some(first);
        }
        registry::inline(first).and_then(|input| registry::url_genre(&input))
    }
}

fn print_report(genre: &str, args: &SolveArgs, r: &Report<Vec<String>>) {
    if args.json {
        println!("{}", job::report_json(Some(genre), r));
    } else if !args.picture.replaces_text() {
        if let Some(f) = &r.facts {
            println!("{}", f.join("\n"));
            println!();
            println!(
                "{} solution(s) examined; `?` marks cells that differ between solutions",
                r.solutions.len()
            );
            if let Some(stopped) = &r.stopped {
                println!(
                    "incomplete ({}): a cell shown without `?` may still differ in a solution \
                     not examined",
                    stopped.describe()
                );
            }
        } else {
            let rows = r.solutions.iter().map(|s| s.join("\n"));
            let shown: Vec<String> = match args.answer_text {
                true => r
                    .answer_texts
                    .iter()
                    .map(|t| t.trim_end().to_string())
                    .collect(),
                false => rows.collect(),
            };
            if !shown.is_empty() {
                println!("{}\n", shown.join("\n\n"));
            }
        }
        match (r.verdict, &r.note, &r.stopped) {
            (Verdict::None, Some(note), _) => println!("no solution: {note}"),
            (Verdict::None, None, _) => println!("no solution"),
            (Verdict::Multiple, Some(note), _) => println!("multiple\n{note}"),
            (Verdict::Timeout, _, _) if !r.solutions.is_empty() => println!(
                "timeout: {} solution found, uniqueness not decided in time",
                r.solutions.len()
            ),
            // A solver that stops itself at the deadline (batsat) ends here, not in the job
            // runner's own timeout: the same words on standard error.
            (Verdict::Timeout, _, Some(Stopped::Timeout(s))) => {
                println!("timeout");
                eprintln!("error: {}", Error::Timeout(*s));
            }
            (v, _, _) => println!("{}", v.as_str()),
        }
        if let Some(e) = &r.explanation {
            println!("{}", e.describe());
        }
        print_certificate(r);
    }
    if args.stats {
        print_stats(&r.stats);
    }
}

/// The `certified: …` line under a verdict (`--certify`).
fn print_certificate(r: &Report<Vec<String>>) {
    if let Some(c) = &r.certificate {
        println!("{}", c.describe());
    }
}

/// The whole command line: the derive [`Cli`] plus the verbs of the genres that have their
/// own (`puzzlec nonogram logic`), so that help, completions and the manual page show them.
pub fn command_line() -> clap::Command {
    let mut command = <Cli as clap::CommandFactory>::command();
    for (genre, verbs) in registry::genre_verbs() {
        command = command.subcommand((verbs.command)(bare_genre_command(genre)));
    }
    let memory = memory_arg(&command);
    let command = with_memory(command, &memory);
    crate::app::complete::offer_values(command)
}

/// The command line as far as parsing `args` needs it. Most runs name one command (`solve`,
/// `nonogram`): only that one gets `--memory` and only that genre's verbs are added, and the
/// completion words (which only a completion script reads) are left out. Building the whole
/// tree was 56% of the instructions of `puzzlec --version` and a fifth of its page faults.
/// Help, a mistyped command and the commands that print the tree take [`command_line`].
fn command_line_for(args: &[std::ffi::OsString]) -> clap::Command {
    use clap::Subcommand;
    let derived = || <Cli as clap::CommandFactory>::command();
    let Some(word) = command_word(args) else {
        return command_line();
    };
    let needs_whole_tree = word == "help" || WITHOUT_MEMORY.contains(&word);
    if word == "--version" || word == "-V" {
        derived()
    } else if !needs_whole_tree && Command::has_subcommand(word) {
        with_memory_on(derived(), word)
    } else if let Some((genre, verbs)) = registry::genre_verbs().find(|(g, _)| *g == word) {
        let command = derived().subcommand((verbs.command)(bare_genre_command(genre)));
        with_memory_on(command, genre)
    } else {
        command_line()
    }
}

/// The matches of a `solve` command line, parsed by a tree of `solve` alone: a run per
/// puzzle is most runs, and building every command cost it 200k instructions, half of a small
/// hitori's run. `None` for another command, or when that tree refuses the line (help, a
/// usage error), which [`command_line_for`]'s tree then parses again, as its messages say.
fn solve_alone(args: &[std::ffi::OsString]) -> Option<clap::ArgMatches> {
    use clap::Args;
    if command_word(args) != Some("solve") {
        return None;
    }
    let top = <MemoryArg as Args>::augment_args(clap::Command::new(Cli::NAME));
    let solve = <SolveCommand as Args>::augment_args(clap::Command::new("solve"));
    let mut command = with_memory_on(top.subcommand(solve), "solve");
    let parsed = command.try_get_matches_from_mut(args).ok();
    std::mem::forget(command);
    parsed
}

/// The first word of a command line (after the program) that is not `--memory` or its
/// value: the command, or a flag given before any.
fn command_word(args: &[std::ffi::OsString]) -> Option<&str> {
    let mut words = args.iter().skip(1);
    while let Some(word) = words.next() {
        let word = word.to_str()?;
        match word {
            "--memory" => {
                words.next();
            }
            _ if word.starts_with("--memory=") => {}
            _ => return Some(word),
        }
    }
    None
}

/// A genre's command before its verbs, as clap's derive makes a required subcommand: without
/// a verb, the help.
fn bare_genre_command(genre: &'static str) -> clap::Command {
    clap::Command::new(genre)
        .subcommand_required(true)
        .arg_required_else_help(true)
}

/// The `--memory` the derive declares on the top command, to be given to subcommands.
fn memory_arg(command: &clap::Command) -> clap::Arg {
    (command.get_arguments())
        .find(|a| a.get_id() == "memory")
        .expect("the derive declares --memory")
        .clone()
}

/// The command with `--memory` on its subcommand `name` (and its subcommands) only.
fn with_memory_on(command: clap::Command, name: &str) -> clap::Command {
    let memory = memory_arg(&command);
    command.mut_subcommand(name, |sub| with_memory(sub.arg(memory.clone()), &memory))
}

/// The command with `--memory` on every subcommand (and theirs) but [`WITHOUT_MEMORY`]'s.
fn with_memory(command: clap::Command, memory: &clap::Arg) -> clap::Command {
    let names: Vec<String> = (command.get_subcommands())
        .map(|s| s.get_name().to_string())
        .filter(|n| !WITHOUT_MEMORY.contains(&n.as_str()))
        .collect();
    names.iter().fold(command, |command, name| {
        command.mut_subcommand(name, |sub| with_memory(sub.arg(memory.clone()), memory))
    })
}

/// The `--memory` given anywhere on the command line: after the deepest command that has it,
/// else before the command.
fn memory_of(matches: &clap::ArgMatches) -> Option<u64> {
    let deeper = matches.subcommand().and_then(|(_, sub)| memory_of(sub));
    let here = matches.try_get_one::<u64>("memory").ok().flatten().copied();
    deeper.or(here)
}

/// Parses the process's command line and runs it; returns the exit code. A usage error is
/// exit code 2 (with `--json` also a JSON object on standard output); help and version print
/// and exit 0.
pub fn main() -> i32 {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let parsed = solve_alone(&args).map(Ok).unwrap_or_else(|| {
        let mut command = command_line_for(&args);
        let parsed = command.try_get_matches_from_mut(&args);
        // The tree is left to the OS at exit: freeing its few hundred allocations one by one
        // would cost more than parsing did.
        std::mem::forget(command);
        parsed
    });
    let matches = match parsed {
        Ok(matches) => matches,
        Err(e) => return usage_error(e),
    };
    set_memory(memory_of(&matches));
    if let Some((name, verb)) = matches.subcommand() {
        let genre = registry::genre_verbs().find(|(g, _)| *g == name);
        if let Some((_, verbs)) = genre {
            let json = (verbs.json)(verb);
            return finish((verbs.run)(verb, &job::Lent), json);
        }
    }
    match <Cli as clap::FromArgMatches>::from_arg_matches(&matches) {
        Ok(mut cli) => {
            if let (Command::Count { backend_given, .. }, Some(("count", sub))) =
                (&mut cli.command, matches.subcommand())
            {
                *backend_given =
                    sub.value_source("backend") == Some(clap::parser::ValueSource::CommandLine);
            }
            run(cli)
        }
        Err(e) => usage_error(e),
    }
}

/// A command line clap refused (or help and version, which clap reports the same way).
fn usage_error(e: clap::Error) -> i32 {
    if !e.use_stderr() {
        e.exit();
    }
    if !std::env::args().any(|a| a == "--json") {
        e.exit();
    }
    let message = e.to_string();
    let first = message.lines().next().unwrap_or_default();
    eprint!("{message}");
    println!(
        "{}",
        serde_json::json!({"error": first.trim_start_matches("error: "), "exit": 2})
    );
    2
}

/// Sets the memory budget: `--memory`, else the default for this machine.
fn set_memory(bytes: Option<u64>) {
    puzzlec::budget::set_limit(bytes.unwrap_or_else(puzzlec::budget::limit));
}

/// Runs a parsed command line; returns the exit code. With `--json` an error is also a JSON
/// object on standard output, so scripts always get one.
pub fn run(cli: Cli) -> i32 {
    let json = cli.command.json();
    finish(dispatch(cli.command), json)
}

/// The exit code of a command's result, the error reported.
fn finish(result: Result<i32>, json: bool) -> i32 {
    match result {
        Ok(code) => code,
        Err(e) => report_error(&e.to_string(), e.exit_code(), json),
    }
}

/// Prints an error (on standard error, and as `{"error", "exit"}` on standard output for
/// `--json`); returns its exit code.
pub fn report_error(message: &str, exit: i32, json: bool) -> i32 {
    eprintln!("error: {message}");
    if json {
        println!("{}", serde_json::json!({"error": message, "exit": exit}));
    }
    exit
}

impl Command {
    /// Whether the command was asked for JSON output.
    pub fn json(&self) -> bool {
        match self {
            Command::Solve(SolveCommand { args, .. }) | Command::Count { args, .. } => args.json,
            Command::Compare { json, .. }
            | Command::Formulations { json, .. }
            | Command::Backends { json }
            | Command::Genres { json }
            | Command::Completions { json, .. }
            | Command::Man { json, .. } => *json,
            Command::Export { format, json, .. } => *json || *format == Some(ExportFormat::Json),
            Command::Serve(args) => args.json,
            // A stand-in for an external SAT solver, which answers in its own format.
            Command::DimacsSolve { .. } => false,
        }
    }
}

fn dispatch(command: Command) -> Result<i32> {
    match command {
        Command::Solve(SolveCommand { args, first, facts }) => {
            let mode = if first {
                Mode::First
            } else if facts {
                Mode::Facts
            } else {
                Mode::Unique
            };
            if let Some(inputs) = crate::app::batch::inputs_of(&args)? {
                return crate::app::batch::run(&args, inputs, mode, None);
            }
            let (genre, r) = match solve_report(&args, mode, None) {
                Err(Error::Timeout(secs)) if args.json => {
                    // The JSON contract holds for timeouts too: a report, no solutions.
                    let r = args.timeout_report(Vec::new(), secs, mode);
                    println!("{}", job::report_json(args.named_genre(), &r));
                    return Ok(r.exit_code());
                }
                other => other?,
            };
            print_report(&genre, &args, &r);
            Ok(r.exit_code())
        }
        Command::Count {
            args,
            max,
            backend_given,
        } => {
            let limit = CountLimit {
                given: max.map(|m| m.max(1)),
                backend_given,
            };
            if let Some(inputs) = crate::app::batch::inputs_of(&args)? {
                return crate::app::batch::run(&args, inputs, limit.mode(), Some(limit));
            }
            let (genre, r) = solve_report(&args, limit.mode(), Some(limit))?;
            if args.json {
                let mut v = job::report_json(Some(&genre), &r);
                if let Some(stopped) = &r.stopped {
                    v["stopped_because"] = serde_json::json!(limit.describe(stopped));
                }
                println!("{v}");
                if args.stats {
                    print_stats(&r.stats);
                }
            } else {
                let n = r.solutions.len();
                let shown = !args.picture.replaces_text();
                match &r.stopped {
                    _ if !shown => {}
                    None => println!("{n} solution(s)"),
                    Some(stopped) => {
                        println!("at least {n} solution(s) ({})", limit.describe(stopped))
                    }
                }
                print_certificate(&r);
                if args.stats {
                    print_stats(&r.stats);
                }
            }
            Ok(r.exit_code())
        }
        Command::Export {
            genre,
            input,
            format,
            formulation,
            output,
            with_cuts_found,
            backend,
            words,
            timeout,
            certificate,
            json,
        } => job::with_timeout(timeout, move || {
            if let Some(dir) = certificate {
                return export_certificate(
                    genre.as_deref(),
                    input.as_deref(),
                    &dir,
                    &formulation,
                    &backend,
                    words.as_deref(),
                    timeout,
                    json,
                );
            }
            let Some(format) = format else {
                return Err(Error::Usage(
                    "export needs --format or --certificate".into(),
                ));
            };
            let out = Output {
                path: output.as_deref(),
                json,
            };
            export(
                genre.as_deref(),
                input.as_deref(),
                format,
                &formulation,
                out,
                with_cuts_found,
                &backend,
                words.as_deref(),
            )
        }),
        Command::Compare {
            genre,
            inputs,
            backends,
            formulation,
            timeout,
            budget,
            json,
            count,
        } => compare(
            &genre,
            &inputs,
            backends.as_deref(),
            &formulation,
            CompareRun { timeout, count },
            budget,
            json,
        ),
        Command::Formulations { genre, json } => {
            let keys = registry::formulation_keys(&genre)?;
            if json {
                let key_json = |k: &puzzlec::puzzles::FormulationKey, core: bool| {
                    let values: Vec<_> = (k.values.iter())
                        .map(|v| serde_json::json!({"name": v.name, "doc": v.doc, "complete": v.complete}))
                        .collect();
                    serde_json::json!({"key": k.key, "doc": k.doc, "default": k.default, "core": core, "values": values})
                };
                let all: Vec<_> = (keys.iter().map(|k| key_json(k, false)))
                    .chain(core_formulation_keys().iter().map(|k| key_json(k, true)))
                    .collect();
                let genre = registry::genre(&genre)?.name;
                println!("{}", serde_json::json!({"genre": genre, "keys": all}));
                return Ok(0);
            }
            println!("formulation keys of {genre} (* = default; lazy = cuts found while solving, not exportable):");
            for k in keys.iter().chain(core_formulation_keys().iter()) {
                println!("  {} — {}", k.key, k.doc);
                for v in k.values {
                    let mark = if v.name == k.default { '*' } else { ' ' };
                    let kind = if v.complete { "" } else { "(lazy) " };
                    println!("    {mark} {}={:<10} {kind}{}", k.key, v.name, v.doc);
                }
            }
            println!("combine as KEY=VALUE,KEY=VALUE with --formulation");
            Ok(0)
        }
        Command::Backends { json } => {
            if json {
                println!("{}", backends_json());
                return Ok(0);
            }
            for b in backend::backends() {
                println!(
                    "  {:<22} {:<11} {}",
                    b.name,
                    if b.available { "available" } else { "missing" },
                    b.description
                );
            }
            // One line per native solver name, with every genre that has it.
            let mut natives: Vec<(&str, Vec<&str>)> = Vec::new();
            for genre in GENRES.iter().map(|g| g.name) {
                for &name in registry::native_solvers(genre) {
                    match natives.iter_mut().find(|(n, _)| *n == name) {
                        Some((_, genres)) => genres.push(genre),
                        None => natives.push((name, vec![genre])),
                    }
                }
            }
            for (name, genres) in natives {
                println!(
                    "  {name:<22} {:<11} {} only: the genre's own search, no model",
                    "available",
                    genres.join(", ")
                );
            }
            Ok(0)
        }
        Command::Completions { shell, json } => {
            let mut command = command_line();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "puzzlec", &mut script);
            let script = String::from_utf8_lossy(&script);
            match json {
                true => println!(
                    "{}",
                    serde_json::json!({"shell": shell.to_string(), "script": script})
                ),
                false => print!("{script}"),
            }
            Ok(0)
        }
        Command::Man { command, json } => {
            let (name, page) = manual_page(&command)?;
            match json {
                true => println!(
                    "{}",
                    serde_json::json!({"page": name, "section": 1, "roff": page})
                ),
                false => print!("{page}"),
            }
            Ok(0)
        }
        Command::DimacsSolve { file, .. } => dimacs_solve(&file),
        Command::Genres { json } => {
            if json {
                let genres: Vec<_> = (GENRES.iter())
                    .map(|g| {
                        serde_json::json!({
                            "name": g.name,
                            "aliases": g.aliases,
                            "rules": g.rules,
                            "url": g.url_format,
                            "native_solvers": g.native_solvers,
                            "verbs": g.verbs.is_some(),
                        })
                    })
                    .collect();
                println!("{}", serde_json::Value::from(genres));
                return Ok(0);
            }
            for g in GENRES.iter() {
                println!("  {:<10} {}", g.name, g.rules);
            }
            Ok(0)
        }
        Command::Serve(args) => crate::app::serve::run(&args),
    }
}

/// The backends and the genres' native solvers as a JSON array (`backends --json`).
fn backends_json() -> serde_json::Value {
    let mut all: Vec<serde_json::Value> = (backend::backends().into_iter())
        .map(|b| {
            serde_json::json!({"name": b.name, "available": b.available, "description": b.description, "native_of": []})
        })
        .collect();
    let mut natives: Vec<(&str, Vec<&str>)> = Vec::new();
    for g in GENRES.iter() {
        for &name in g.native_solvers {
            match natives.iter_mut().find(|(n, _)| *n == name) {
                Some((_, genres)) => genres.push(g.name),
                None => natives.push((name, vec![g.name])),
            }
        }
    }
    for (name, genres) in natives {
        let description = format!("the own search of {}, no model", genres.join(", "));
        all.push(serde_json::json!({"name": name, "available": true, "description": description, "native_of": genres}));
    }
    all.into()
}

/// The manual page of the command at `path` (the main page for an empty path), with its name
/// (`puzzlec-solve`), as roff.
fn manual_page(path: &[String]) -> Result<(String, String)> {
    let mut command = command_line().disable_help_subcommand(true);
    // Built, every subcommand knows its display name (`puzzlec-solve`), as clap_mangen names
    // the pages it refers to.
    command.build();
    let mut page_of = &command;
    for (depth, name) in path.iter().enumerate() {
        page_of = page_of.find_subcommand(name).ok_or_else(|| {
            let known: Vec<&str> = (page_of.get_subcommands())
                .filter(|s| !s.is_hide_set())
                .map(|s| s.get_name())
                .collect();
            Error::Usage(format!(
                "no command `{}` for a manual page (known: {})",
                path[..=depth].join(" "),
                known.join(", ")
            ))
        })?;
    }
    // A subcommand has no version of its own: every page names the program's.
    let man = clap_mangen::Man::new(page_of.clone())
        .source(format!("puzzlec {}", env!("CARGO_PKG_VERSION")));
    let name = man.get_filename().trim_end_matches(".1").to_string();
    let mut page = Vec::new();
    man.render(&mut page)
        .map_err(|e| Error::Io(format!("cannot render the manual page: {e}")))?;
    Ok((name, String::from_utf8_lossy(&page).into_owned()))
}

/// Where an export goes: a file or standard output, as the text itself or inside one JSON
/// object (`--json`).
#[derive(Clone, Copy)]
struct Output<'a> {
    path: Option<&'a str>,
    json: bool,
}

#[allow(clippy::too_many_arguments)]
fn export(
    genre: Option<&str>,
    input: Option<&str>,
    format: ExportFormat,
    formulation: &str,
    output: Output,
    with_cuts_found: bool,
    backend_name: &str,
    words: Option<&str>,
) -> Result<i32> {
    let (genre, input) = resolve(genre, input)?;
    let genre = genre.as_str();
    // A URL names itself in the comment; a file by its path.
    let named = match input.source.as_str() {
        "URL" => input.text.trim().to_string(),
        path => path.to_string(),
    };
    let puzzle = load(genre, input, words)?;
    let format_name = format!("{format:?}").to_lowercase();
    let mut about = serde_json::json!({"genre": genre, "input": named, "format": format_name});
    if format == ExportFormat::Url {
        // The puzzle itself, not a model: no formulation is built.
        return write_output(output, about, &format!("{}\n", puzzle.url()?));
    }
    let keys = puzzle.keys();
    let spec = if with_cuts_found {
        formulation.to_string()
    } else {
        complete_default(&keys, formulation)
    };
    let (mut model, f) = puzzle.formulate(&spec)?;
    let mut comments = vec![
        format!("puzzlec export of {genre} {named}"),
        format!("formulation {}", f.spec()),
    ];
    if let Some(p) = model.propagated.first() {
        return Err(Error::Usage(format!(
            "formulation `{}` leaves `{}` to a propagator inside batsat's search, which \
             no file can hold (and which finds no cuts to write): export a complete one ({})",
            f.spec(),
            p.name(),
            complete_values(&keys).join(", ")
        )));
    }
    if !model.is_complete() {
        if !with_cuts_found {
            let complete = complete_values(&keys);
            return Err(Error::Usage(format!(
                "formulation `{}` has lazy constraints, so no file can hold it completely; \
                 use a complete one ({}) or pass --with-cuts-found for the base model plus \
                 the cuts found while solving it once",
                f.spec(),
                complete.join(", ")
            )));
        }
        let r = puzzle.solve(&SolveOptions::new(backend_name, &spec, Mode::First))?;
        comments.push(format!(
            "INCOMPLETE: base model + {} lazy cuts found while solving once with {backend_name}; \
             a solution of this file may break {}",
            r.cuts.len(),
            model
                .lazy
                .iter()
                .map(|l| l.name().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        model.constraints.extend(r.cuts);
        model.lazy.clear();
    }
    let card: CardEncoding = f.choice("card");
    about["formulation"] = serde_json::json!(f.spec());
    about["complete"] = serde_json::json!(!with_cuts_found);
    model.check_budget(|| format!("the model of formulation {}", f.spec()))?;
    match format {
        ExportFormat::Dimacs => {
            backend::sat::check_cnf_budget(&model, false)?;
            let cnf = CnfEncoder::encode_model(&model, card);
            write_with(output, about, |w| {
                format::dimacs::write_cnf(w, cnf.num_vars(), cnf.clauses(), cnf.names(), &comments)
            })
        }
        ExportFormat::Lp | ExportFormat::Json => {
            // Rows and the text hold the model about three times over.
            puzzlec::budget::check(model.memory_bytes().saturating_mul(3), || {
                format!("the {format:?} text of formulation {}", f.spec())
            })?;
            let text = if format == ExportFormat::Lp {
                let rows: Vec<_> = model.constraints.iter().map(linear::row).collect();
                format::lp::write_lp(&model, &rows, &comments).0
            } else {
                format::json::model_json(&model, &f.spec())
            };
            write_output(output, about, &text)
        }
        ExportFormat::Url => write_output(output, about, &format!("{}\n", puzzle.url()?)),
    }
}

/// `export --certificate DIR`: solves with `--certify` and writes the certificate's files.
#[allow(clippy::too_many_arguments)]
fn export_certificate(
    genre: Option<&str>,
    input: Option<&str>,
    dir: &str,
    formulation: &str,
    backend_name: &str,
    words: Option<&str>,
    timeout: Option<f64>,
    json: bool,
) -> Result<i32> {
    let (genre, input) = resolve(genre, input)?;
    let title = match input.source.as_str() {
        "URL" => format!("{genre} {}", input.text.trim()),
        path => format!("{genre} {path}"),
    };
    let puzzle = load(&genre, input, words)?;
    let code = puzzlec::certify::export::write_certificate(
        std::path::Path::new(dir),
        &title,
        puzzle.as_ref(),
        formulation,
        backend_name,
        timeout,
    )?;
    eprintln!("certificate written to {dir} (model.cnf, proof.drat, cuts.json, verdict.txt)");
    if json {
        let files = ["model.cnf", "proof.drat", "cuts.json", "verdict.txt"];
        println!(
            "{}",
            serde_json::json!({"genre": genre, "certificate": dir, "files": files, "exit": code})
        );
    }
    Ok(code)
}

/// Writes an export to a file, or to standard output without a path.
fn write_output(output: Output, about: serde_json::Value, text: &str) -> Result<i32> {
    write_with(output, about, |w| w.write_all(text.as_bytes()))
}

/// Streams an export to a file, or to standard output without a path. With `--json` standard
/// output gets one object instead: `about` plus the file written (`output`) or the text
/// itself (`text`).
fn write_with(
    output: Output,
    mut about: serde_json::Value,
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<i32> {
    use std::io::Write;
    if output.json {
        match output.path {
            Some(path) => about["output"] = serde_json::json!(path),
            None => {
                let mut text = Vec::new();
                write(&mut text).map_err(|e| Error::Io(format!("cannot write the export: {e}")))?;
                about["text"] = serde_json::json!(String::from_utf8_lossy(&text));
                println!("{about}");
                return Ok(0);
            }
        }
    }
    match output.path {
        Some(path) => {
            let file = std::fs::File::create(path)
                .map_err(|e| Error::Io(format!("cannot write {path}: {e}")))?;
            let mut w = std::io::BufWriter::new(file);
            write(&mut w)
                .and_then(|_| w.flush())
                .map_err(|e| Error::Io(format!("cannot write {path}: {e}")))?;
        }
        None => {
            let stdout = std::io::stdout();
            let mut w = std::io::BufWriter::new(stdout.lock());
            write(&mut w)
                .and_then(|_| w.flush())
                .map_err(|e| Error::Io(format!("cannot write to standard output: {e}")))?;
        }
    }
    if output.json {
        println!("{about}");
    }
    Ok(0)
}

/// One row of `compare`.
#[derive(serde::Serialize, Clone, Debug)]
pub struct CompareRow {
    /// The input.
    pub input: String,
    /// The formulation `k=v,…`.
    pub formulation: String,
    /// The backend.
    pub backend: String,
    /// Solver variables.
    pub vars: usize,
    /// Clauses (SAT) or rows (MIP).
    pub size: usize,
    /// Solver calls.
    pub calls: usize,
    /// Cuts added.
    pub cuts: usize,
    /// Solutions found (at most 2 when checking uniqueness, the count with `--count`).
    pub solutions: usize,
    /// Wall seconds for the whole run.
    pub seconds: f64,
    /// unique / multiple / none / timeout / error text.
    pub verdict: String,
}

/// Seconds as `42s`, `12m 5s` or `3h 20m`.
fn human_seconds(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m {}s", s / 60, s % 60),
        _ => format!("{}h {}m", s / 3600, s % 3600 / 60),
    }
}

impl CompareRow {
    /// A row with nothing measured yet.
    fn empty(input: &str, spec: &str, backend_name: &str, verdict: &str) -> CompareRow {
        CompareRow {
            input: input.to_string(),
            formulation: spec.to_string(),
            backend: backend_name.to_string(),
            vars: 0,
            size: 0,
            calls: 0,
            cuts: 0,
            solutions: 0,
            seconds: 0.0,
            verdict: verdict.to_string(),
        }
    }
}

/// Runs one cell of `compare` as a child `puzzlec solve --json` process, so that a run that
/// blows up (time or memory) is killed without taking the table down with it — the embedded
/// solvers cannot be interrupted from inside the process.
/// What each cell of `compare` runs: a time limit, and a count limit instead of a uniqueness
/// check.
#[derive(Clone, Copy)]
struct CompareRun {
    timeout: f64,
    count: Option<usize>,
}

fn compare_cell(
    genre: &str,
    input: &str,
    spec: &str,
    backend_name: &str,
    run: CompareRun,
) -> CompareRow {
    let timeout = run.timeout;
    let mut row = CompareRow::empty(input, spec, backend_name, "");
    // On Linux /proc/self/exe names the running binary's inode, so the cells keep working when
    // `cargo build` replaces target/release/puzzlec during a long compare.
    let proc_self = std::path::Path::new("/proc/self/exe");
    let exe = if proc_self.exists() {
        Ok(proc_self.to_path_buf())
    } else {
        std::env::current_exe()
    };
    let exe = match exe {
        Ok(exe) => exe,
        Err(e) => {
            row.verdict = format!("error: cannot find the puzzlec executable: {e}");
            return row;
        }
    };
    let mut cmd = std::process::Command::new(exe);
    match run.count {
        Some(max) => cmd.args(["count", genre, input, "--max", &max.to_string()]),
        None => cmd.args(["solve", genre, input]),
    };
    cmd.args(["--backend", backend_name, "--json"])
        .args(["--formulation", spec])
        .args(["--timeout", &timeout.to_string()])
        .args(["--memory", &puzzlec::budget::limit().to_string()])
        .stdin(std::process::Stdio::null());
    let start = std::time::Instant::now();
    // The child enforces its own deadline; the parent kills it a little later if it hangs.
    let deadline = puzzlec::budget::deadline_after(start, timeout + 2.0);
    let outcome = puzzlec::backend::process::run_capturing(&mut cmd, deadline, "puzzlec");
    row.seconds = start.elapsed().as_secs_f64();
    match outcome {
        Ok(None) => row.verdict = "timeout".into(),
        Err(e) => row.verdict = format!("error: {e}"),
        Ok(Some(done)) => match serde_json::from_str::<serde_json::Value>(done.stdout.trim()) {
            Ok(v) if v.get("verdict").is_some() => {
                let stats = &v["stats"];
                let num = |k: &str| stats[k].as_u64().unwrap_or(0) as usize;
                row.formulation = stats["formulation"].as_str().unwrap_or(spec).to_string();
                row.vars = num("solver_vars");
                row.size = num("clauses").max(num("rows"));
                row.calls = num("solver_calls");
                row.cuts = num("cuts");
                row.solutions = v["solutions"].as_array().map_or(0, Vec::len);
                row.verdict = v["verdict"].as_str().unwrap_or("?").to_string();
            }
            _ => {
                let message = done.stderr.lines().next().unwrap_or("").trim();
                row.verdict = if message.contains("timeout") || message.contains("timed out") {
                    "timeout".into()
                } else if message.is_empty() {
                    format!("error (exit {})", done.code)
                } else {
                    message.to_string()
                }
            }
        },
    }
    row
}

fn compare(
    genre: &str,
    inputs: &[String],
    backends: Option<&str>,
    formulations: &[String],
    run: CompareRun,
    budget: f64,
    json: bool,
) -> Result<i32> {
    // Formulations come from each input's own keys (a colour nonogram has other line models
    // than a black-and-white one); a bad key or value, or a bad input, stops here, before any run.
    let specs_for = |keys: &[puzzlec::puzzles::FormulationKey]| -> Result<Vec<String>> {
        Ok(if formulations.is_empty() {
            Formulation::all_combinations(keys)
                .iter()
                .map(|f| f.spec())
                .collect()
        } else if formulations == ["all"] {
            let mut all = keys.to_vec();
            all.extend(core_formulation_keys());
            Formulation::all_combinations(&all)
                .iter()
                .map(|f| f.spec())
                .collect()
        } else {
            // Spelled out in full (defaults filled in) so every row names the same keys.
            formulations
                .iter()
                .map(|f| Formulation::parse(f, keys).map(|f| f.spec()))
                .collect::<Result<_>>()?
        })
    };
    registry::check_genre(genre)?;
    let mut plans = Vec::new();
    for input in inputs {
        let puzzle = registry::load(genre, &registry::read_input(input)?)?;
        let natives = puzzle.native();
        let backend_names: Vec<String> = match backends {
            Some(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
            None => natives
                .iter()
                .map(|s| s.to_string())
                .chain(backend::available_backends())
                .collect(),
        };
        plans.push((input, specs_for(&puzzle.keys())?, backend_names, natives));
    }
    // Every cell up front, so the plan (and its worst case) is known before the first run. A
    // native search has no formulation: one row per input is enough. A propagator runs inside
    // batsat only: when the formulations are enumerated, other backends leave it out rather
    // than print their refusal (asked for with -f, the refusal is shown).
    let enumerated = formulations.is_empty() || formulations == ["all"];
    let runs_spec = |spec: &str, b: &str| {
        let propagated = spec.split(',').any(|kv| kv.ends_with("=propagator"));
        !(enumerated && propagated) || backend::runs_propagators(b)
    };
    let cells: Vec<(&String, &String, &String, bool)> = (plans.iter())
        .flat_map(|(input, specs, backend_names, natives)| {
            specs.iter().enumerate().flat_map(move |(i, spec)| {
                (backend_names.iter())
                    .map(move |b| (*input, spec, b, natives.contains(&b.as_str())))
                    .filter(move |&(_, _, _, native)| !native || i == 0)
                    .filter(move |&(_, spec, b, _)| runs_spec(spec, b))
            })
        })
        .collect();
    let worst = cells.len() as f64 * run.timeout;
    eprintln!(
        "compare: {} runs ({} inputs) × up to {}s each = {} worst case; budget {}s{}",
        cells.len(),
        plans.len(),
        run.timeout,
        human_seconds(worst),
        budget,
        if worst > budget {
            " (runs past it are skipped: raise --budget or lower --timeout)"
        } else {
            ""
        }
    );
    let progress = if json {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(cells.len() as u64)
    };
    let started = std::time::Instant::now();
    let mut rows = Vec::new();
    for (input, spec, b, native) in cells {
        progress.set_message(format!("{b} {spec}"));
        let left = budget - started.elapsed().as_secs_f64();
        let mut row = if left <= 0.0 {
            CompareRow::empty(input, spec, b, "skipped (budget spent)")
        } else {
            let cell_run = CompareRun {
                timeout: run.timeout.min(left),
                ..run
            };
            compare_cell(genre, input, spec, b, cell_run)
        };
        if native {
            row.formulation = "(native search, no model)".into();
        }
        rows.push(row);
        progress.inc(1);
    }
    progress.finish_and_clear();
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&rows).expect("rows serialise")
        );
    } else {
        println!(
            "| input | formulation | backend | vars | clauses/rows | calls | cuts | solutions | seconds | verdict |"
        );
        println!("|---|---|---|---:|---:|---:|---:|---:|---:|---|");
        for r in &rows {
            let name = std::path::Path::new(&r.input)
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_else(|| r.input.clone());
            println!(
                "| {} | {} | {} | {} | {} | {} | {} | {} | {:.4} | {} |",
                name,
                r.formulation,
                r.backend,
                r.vars,
                r.size,
                r.calls,
                r.cuts,
                r.solutions,
                r.seconds,
                r.verdict
            );
        }
    }
    Ok(0)
}

/// `puzzlec dimacs-solve FILE`: the CNF solved by batsat, answered in the competition format.
fn dimacs_solve(file: &str) -> Result<i32> {
    use puzzlec::backend::sat::{BatsatSolver, SatResult, SatSolver};
    let input = registry::read_input(file)?;
    let cnf =
        format::dimacs::read_cnf(&input.text).map_err(|e| Error::Usage(format!("{file}: {e}")))?;
    let mut solver = BatsatSolver::new();
    for clause in &cnf.clauses {
        solver.add_clause(clause);
    }
    match solver.solve(cnf.num_vars, &[], None)? {
        SatResult::Sat(values) => {
            let lits: Vec<String> = (1..=cnf.num_vars as usize)
                .map(|v| match values.get(v).copied().unwrap_or(false) {
                    true => v.to_string(),
                    false => format!("-{v}"),
                })
                .collect();
            println!("s SATISFIABLE\nv {} 0", lits.join(" "));
            Ok(10)
        }
        SatResult::Unsat => {
            println!("s UNSATISFIABLE");
            Ok(20)
        }
        SatResult::Unknown(why) => {
            println!("s UNKNOWN\nc {why}");
            Ok(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_offers_every_genres_own_verbs() {
        let tree = command_line();
        tree.clone().debug_assert();
        for (genre, _) in registry::genre_verbs() {
            assert!(registry::check_genre(genre).is_ok(), "{genre}");
            let verbs = tree.find_subcommand(genre).expect(genre);
            assert!(verbs.get_subcommands().count() > 0, "{genre}");
        }
        let logic = tree.try_get_matches_from(["puzzlec", "nonogram", "logic", "x", "--json"]);
        let (name, verb) = logic.as_ref().unwrap().subcommand().unwrap();
        let (_, verbs) = (registry::genre_verbs()).find(|(g, _)| *g == name).unwrap();
        assert!((verbs.json)(verb));
    }

    #[test]
    fn a_solve_line_parses_alone_as_in_the_whole_tree_or_not_at_all() {
        let lines = [
            "puzzlec solve nonogram x.non --memory 1G -b batsat",
            "puzzlec --memory=2G solve hitori a.txt b.txt --jobs 2 --json --first",
            "puzzlec solve https://puzz.link/p?hitori/2/2/1211 --facts -t 3 -f card=seq",
        ];
        for line in lines {
            let args: Vec<std::ffi::OsString> = line.split(' ').map(Into::into).collect();
            let whole = command_line().try_get_matches_from(&args).unwrap();
            let alone = solve_alone(&args).unwrap();
            let seen = |m: &clap::ArgMatches| format!("{:?} {:?}", memory_of(m), m.subcommand());
            assert_eq!(seen(&alone), seen(&whole), "{line}");
        }
        // Help and usage errors are left to the whole tree, whose messages they are.
        for line in [
            "puzzlec solve --help",
            "puzzlec solve x --first --facts",
            "puzzlec count x",
        ] {
            let args: Vec<std::ffi::OsString> = line.split(' ').map(Into::into).collect();
            assert!(solve_alone(&args).is_none(), "{line}");
        }
    }

    #[test]
    fn the_tree_built_for_one_command_parses_and_helps_as_the_whole_tree() {
        /// The long help of every command in the tree, by path.
        fn helps(mut tree: clap::Command) -> Vec<(String, String)> {
            fn walk(command: &mut clap::Command, path: String, out: &mut Vec<(String, String)>) {
                out.push((path.clone(), command.render_long_help().to_string()));
                for sub in command.get_subcommands_mut() {
                    walk(sub, format!("{path} {}", sub.get_name()), out);
                }
            }
            tree.build();
            let mut out = Vec::new();
            walk(&mut tree, String::new(), &mut out);
            out
        }
        let whole = helps(command_line());
        let lines = [
            "puzzlec solve nonogram x.non --memory 1G -b batsat",
            "puzzlec --memory 1G count hitori x.txt --max 3",
            "puzzlec --memory=1G export x.url --format url",
            "puzzlec nonogram logic x.non --memory 1G --json",
            "puzzlec formulations hitori --json",
            "puzzlec --version",
        ];
        for line in lines {
            let args: Vec<std::ffi::OsString> = line.split(' ').map(Into::into).collect();
            let lean = command_line_for(&args);
            let word = command_word(&args).unwrap();
            // The matches of the command named (the trees differ in the others they list).
            let parsed = |tree: clap::Command| match tree.try_get_matches_from(&args) {
                Ok(m) => format!("{:?} {:?}", memory_of(&m), m.subcommand()),
                Err(e) => e.to_string(),
            };
            assert_eq!(parsed(lean.clone()), parsed(command_line()), "{line}");
            // The command the line names helps exactly as in the whole tree.
            let lean_helps = helps(lean);
            let named = |(path, _): &&(String, String)| path.starts_with(&format!(" {word}"));
            let ours: Vec<_> = lean_helps.iter().filter(named).collect();
            let theirs: Vec<_> = whole.iter().filter(named).collect();
            assert_eq!(ours, theirs, "{line}");
        }
    }

    #[test]
    fn every_command_takes_json() {
        fn leaves(command: &clap::Command, path: String, out: &mut Vec<(String, bool)>) {
            let subs: Vec<_> = command
                .get_subcommands()
                .filter(|s| !s.is_hide_set())
                .collect();
            if subs.is_empty() {
                let json = command
                    .get_arguments()
                    .any(|a| a.get_long() == Some("json"));
                out.push((path.clone(), json));
            }
            for sub in subs {
                leaves(sub, format!("{path} {}", sub.get_name()), out);
            }
        }
        let mut all = Vec::new();
        leaves(&command_line(), "puzzlec".into(), &mut all);
        assert!(all.len() > 10, "{all:?}");
        let without: Vec<_> = all.iter().filter(|(_, json)| !json).collect();
        assert!(without.is_empty(), "commands without --json: {without:?}");
    }

    #[test]
    fn a_lazy_default_is_completed_for_export_and_a_given_value_kept() {
        let keys = registry::formulation_keys("heyawake").unwrap();
        let spec = complete_default(&keys, "");
        assert!(spec.starts_with("connectivity="), "{spec}");
        assert!(!spec.contains("lazy"), "{spec}");
        assert_eq!(
            complete_default(&keys, "connectivity=lazy"),
            "connectivity=lazy"
        );
    }
}
