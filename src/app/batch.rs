//! Batch runs: `solve` and `count` over many inputs (several on the command line, folders, a
//! list with `--inputs-from`) in one process, `--jobs` puzzles at a time. Each input gets one
//! line (text, or one JSON object with `--json`) in input order, then a summary: how many were
//! unique, multiple, none, timed out, hit the memory budget or could not be read, the wall time
//! and the slowest inputs. One bad input is reported on its line and the run goes on.
//!
//! Each puzzle runs in a thread of its own, so that it can be abandoned at its time limit (the
//! embedded SAT solvers cannot be interrupted inside a call). An abandoned puzzle keeps its
//! core until its solver call returns, and counts against `--jobs` until then, except that one
//! puzzle always runs, so the run never stalls. The memory budget is the process's: every job's
//! estimates see what the others hold, and a job whose own growth passes the budget is stopped
//! alone ([`puzzlec::budget::JobAtBudget`]).

use crate::app::job::{self, SolveArgs, Worker};
use puzzlec::budget::{self, JobAtBudget};
use puzzlec::error::{Error, Result};
use puzzlec::registry::{self, Input, GENRES};
use puzzlec::solve::{Mode, Progress, Report, Stopped, Verdict};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The file extensions a folder is searched for.
pub const PUZZLE_EXTENSIONS: &[&str] = &["txt", "url", "non", "g"];

/// How deep folders are searched (a guard against symbolic-link cycles).
const MAX_DEPTH: usize = 32;

/// How many of the slowest inputs the summary names.
const SLOWEST_SHOWN: usize = 3;

/// What a batch run works on: the genre given for all inputs (else each input's own) and the
/// inputs in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The genre named on the command line, if any.
    pub genre: Option<String>,
    /// Files and URLs, folders already expanded.
    pub inputs: Vec<String>,
}

/// The batch a command line asks for, or `None` when it names one puzzle (then the
/// single-input path runs, unchanged). A batch is several inputs, a folder or `--inputs-from`.
pub fn inputs_of(args: &SolveArgs) -> Result<Option<Batch>> {
    let mut positional: Vec<&str> = (args.genre.iter().chain(&args.input))
        .chain(&args.more_inputs)
        .map(String::as_str)
        .collect();
    let asked_for_batch =
        args.inputs_from.is_some() || args.shard.is_some() || args.resume.is_some();
    let Some(&first) = positional.first() else {
        // Nothing before the options: a list of inputs, each naming its genre, or no puzzle.
        return match asked_for_batch {
            true => batch_of(args, None, &positional),
            false => Ok(None),
        };
    };
    let genre = if registry::find_genre(first).is_some() {
        positional.remove(0);
        Some(first.to_string())
    } else if names_an_input(first) {
        None
    } else if asked_for_batch || !args.more_inputs.is_empty() {
        // Neither a genre nor an input: say so as the single-input path would.
        return Err(registry::check_genre(first).unwrap_err());
    } else {
        return Ok(None);
    };
    let batch =
        asked_for_batch || positional.len() > 1 || positional.iter().any(|p| Path::new(p).is_dir());
    if !batch {
        return Ok(None);
    }
    batch_of(args, genre, &positional)
}

/// The batch of the positional inputs (the genre taken off) and `--inputs-from`: folders
/// expanded, then the part `--shard` asks for, less what `--resume` finds done.
fn batch_of(args: &SolveArgs, genre: Option<String>, positional: &[&str]) -> Result<Option<Batch>> {
    let mut inputs = Vec::new();
    for p in positional {
        expand(p, &mut inputs)?;
    }
    if let Some(list) = &args.inputs_from {
        // Within the time limit: a list that is a FIFO without a writer must not hang the run.
        let name = list.clone();
        let text = job::with_timeout(args.timeout, move || read_list(&name))?;
        for line in text.lines() {
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') {
                expand(line, &mut inputs)?;
            }
        }
    }
    let stdin_uses = inputs.iter().filter(|i| *i == "-").count()
        + usize::from(args.inputs_from.as_deref() == Some("-"));
    if stdin_uses > 1 {
        return Err(Error::Usage(
            "standard input can be read only once: give `-` once, as one puzzle or as \
             `--inputs-from -`"
                .into(),
        ));
    }
    if inputs.is_empty() {
        return Err(Error::Usage(format!(
            "no puzzles to solve: the folders and lists given hold no .{} files",
            PUZZLE_EXTENSIONS.join(", .")
        )));
    }
    // The part first, then what is done: a resumed part is still the same part.
    if let Some(shard) = args.shard {
        inputs = shard.part(inputs);
    }
    if let Some(file) = &args.resume {
        let done = done_inputs(file)?;
        let before = inputs.len();
        inputs.retain(|i| !done.contains(i));
        eprintln!(
            "resume: {} of {before} inputs already have a result in {file}; solving {}",
            before - inputs.len(),
            inputs.len()
        );
    }
    Ok(Some(Batch { genre, inputs }))
}

/// The inputs that already have a result in a JSONL file of an earlier `--json` batch run: a
/// line with an input and a verdict other than a timeout. Error lines, timeouts, the summary
/// and lines cut short (a run killed while writing) are not results. A missing file holds
/// none (the first run of `--resume out.jsonl >> out.jsonl`).
fn done_inputs(file: &str) -> Result<std::collections::HashSet<String>> {
    let text = match std::fs::read(file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(Error::Io(format!("cannot read {file}: {e}"))),
    };
    let done = text.lines().filter_map(|line| {
        let v: serde_json::Value = serde_json::from_str(line).ok()?;
        let verdict = v.get("verdict")?.as_str()?;
        (verdict != "timeout").then(|| v.get("input")?.as_str().map(String::from))?
    });
    Ok(done.collect())
}

/// Whether an argument names a puzzle rather than a genre: `-`, an existing path, or a URL or
/// fumen string as pasted.
fn names_an_input(arg: &str) -> bool {
    arg == "-" || Path::new(arg).exists() || registry::read_input(arg).is_ok()
}

/// Adds an input, or a folder's puzzle files (sorted, recursively; hidden names skipped).
fn expand(arg: &str, inputs: &mut Vec<String>) -> Result<()> {
    let path = Path::new(arg);
    if path.is_dir() {
        puzzle_files(path, 0, inputs)
    } else {
        inputs.push(arg.to_string());
        Ok(())
    }
}

fn puzzle_files(dir: &Path, depth: usize, inputs: &mut Vec<String>) -> Result<()> {
    let cannot =
        |e: std::io::Error| Error::Io(format!("cannot read folder {}: {e}", dir.display()));
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(cannot)? {
        entries.push(entry.map_err(cannot)?.path());
    }
    entries.sort();
    for path in entries {
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            if depth < MAX_DEPTH {
                puzzle_files(&path, depth + 1, inputs)?;
            }
        } else if path
            .extension()
            .is_some_and(|e| PUZZLE_EXTENSIONS.iter().any(|x| e == *x))
        {
            inputs.push(path.to_string_lossy().into_owned());
        }
    }
    Ok(())
}

/// The text of an `--inputs-from` list.
fn read_list(list: &str) -> Result<String> {
    let bytes = if list == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
            .map_err(|e| Error::Io(format!("cannot read standard input: {e}")))?;
        bytes
    } else {
        std::fs::read(list).map_err(|e| Error::Io(format!("cannot read {list}: {e}")))?
    };
    puzzlec::input::utf8_text(list, bytes)
}

/// The genre of one input of a batch: the one given for all, else the one its URL names, else
/// the nearest enclosing folder named after a genre, else `nonogram` for `.non` and `.g` files.
pub fn genre_of(given: Option<&str>, arg: &str, input: &Input) -> Result<String> {
    if let Some(genre) = given {
        return Ok(genre.to_string());
    }
    if let Some(genre) = registry::url_genre(input) {
        return Ok(genre.to_string());
    }
    genre_from_path(Path::new(arg))
        .map(str::to_string)
        .ok_or_else(|| {
            Error::Usage(format!(
                "cannot tell the genre of `{arg}`: give it first (`puzzlec solve GENRE …`), or \
                 keep the file in a folder named after its genre"
            ))
        })
}

/// The genre a file's path tells: the nearest enclosing folder named after one, else the
/// nonogram extensions.
fn genre_from_path(path: &Path) -> Option<&'static str> {
    let folders = path.parent().into_iter().flat_map(Path::ancestors);
    for folder in folders {
        let name = folder.file_name().map(|n| n.to_string_lossy());
        if let Some(genre) = GENRES
            .iter()
            .map(|g| g.name)
            .find(|g| Some(*g) == name.as_deref())
        {
            return Some(genre);
        }
    }
    match path.extension()?.to_str()? {
        "non" | "g" => Some("nonogram"),
        _ => None,
    }
}

/// What every job of a run shares.
struct Settings {
    genre: Option<String>,
    backend: String,
    formulation: String,
    words: Option<String>,
    mode: Mode,
    timeout: Option<f64>,
    certify: bool,
    count: Option<job::CountLimit>,
    explain: bool,
}

impl Settings {
    /// What the run asks for, as a report made outside the driver names it.
    fn asked(&self) -> job::Asked<'_> {
        job::Asked {
            mode: self.mode,
            formulation: &self.formulation,
            backend: &self.backend,
        }
    }
}

/// What a job's thread tells the rest of the run while it works.
#[derive(Default)]
struct JobState {
    /// The thread has ended.
    finished: AtomicBool,
    /// The memory budget stopped the thread for good.
    at_budget: Arc<AtomicBool>,
    /// The genre, once known (for the line of a job that is abandoned).
    genre: OnceLock<String>,
}

impl JobState {
    /// Whether the thread still takes a core.
    fn running(&self) -> bool {
        !self.finished.load(Ordering::SeqCst) && !self.at_budget.load(Ordering::SeqCst)
    }
}

/// Marks a job's thread as ended however it ends (a panic included).
struct FinishOnDrop(Arc<JobState>);

impl Drop for FinishOnDrop {
    fn drop(&mut self) {
        self.0.finished.store(true, Ordering::SeqCst);
    }
}

/// The result of one input.
struct Outcome {
    input: String,
    genre: Option<String>,
    seconds: f64,
    result: Result<Report<Vec<String>>>,
}

/// The summary classes of a result, in the order the summary lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Exactly one solution.
    Unique,
    /// More than one.
    Multiple,
    /// At least one (`--first`, or a count without a complete answer).
    Solved,
    /// No solution.
    None,
    /// The time limit came first.
    Timeout,
    /// The memory budget came first.
    Memory,
    /// The input could not be read, or the solver failed.
    Error,
}

impl Class {
    const ALL: [Class; 7] = [
        Class::Unique,
        Class::Multiple,
        Class::Solved,
        Class::None,
        Class::Timeout,
        Class::Memory,
        Class::Error,
    ];

    /// The class as printed.
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Unique => "unique",
            Class::Multiple => "multiple",
            Class::Solved => "solved",
            Class::None => "none",
            Class::Timeout => "timeout",
            Class::Memory => "memory",
            Class::Error => "error",
        }
    }

    /// Whether the summary shows the class even when no input is in it.
    fn always_shown(self) -> bool {
        !matches!(self, Class::Solved | Class::Memory)
    }

    /// The class of a solve's result.
    fn of(result: &Result<Report<Vec<String>>>) -> Class {
        match result {
            Err(Error::Timeout(_)) => Class::Timeout,
            Err(Error::Memory { .. }) => Class::Memory,
            Err(_) => Class::Error,
            Ok(r) => match (&r.stopped, r.verdict) {
                (Some(Stopped::Timeout(_)), _) | (_, Verdict::Timeout) => Class::Timeout,
                (Some(Stopped::Memory(_)), _) => Class::Memory,
                (_, Verdict::Unique) => Class::Unique,
                (_, Verdict::Multiple) => Class::Multiple,
                (_, Verdict::Solved) => Class::Solved,
                (_, Verdict::None) => Class::None,
            },
        }
    }
}

/// The exit code of one result, as the single-input run would give it.
fn exit_code(result: &Result<Report<Vec<String>>>) -> i32 {
    match result {
        Ok(r) => r.exit_code(),
        Err(e) => e.exit_code(),
    }
}

/// How bad an exit code is for the run as a whole: an input that could not be read (2) first,
/// then a time limit, memory limit or solver failure (3), then no solution (1).
fn severity(code: i32) -> u8 {
    match code {
        0 => 0,
        1 => 1,
        3 => 2,
        _ => 3,
    }
}

/// The run's tally.
#[derive(Default)]
struct Summary {
    counts: [usize; Class::ALL.len()],
    solving_seconds: f64,
    slowest: Vec<(f64, String)>,
    exit: i32,
}

impl Summary {
    fn add(&mut self, outcome: &Outcome) {
        let class = Class::of(&outcome.result);
        let at = Class::ALL.iter().position(|c| *c == class).unwrap_or(0);
        self.counts[at] += 1;
        self.solving_seconds += outcome.seconds;
        let code = exit_code(&outcome.result);
        if severity(code) > severity(self.exit) {
            self.exit = code;
        }
        self.slowest.push((outcome.seconds, outcome.input.clone()));
        self.slowest
            .sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
        self.slowest.truncate(SLOWEST_SHOWN);
    }

    fn count(&self, class: Class) -> usize {
        self.counts[Class::ALL.iter().position(|c| *c == class).unwrap_or(0)]
    }

    fn total(&self) -> usize {
        self.counts.iter().sum()
    }

    /// A short tally for the progress bar.
    fn brief(&self) -> String {
        (Class::ALL.iter())
            .filter(|c| self.count(**c) > 0)
            .map(|c| format!("{} {}", self.count(*c), c.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The summary table.
    fn table(&self, jobs: usize, wall: f64, still_running: usize) -> String {
        let mut out = String::new();
        for class in Class::ALL {
            if class.always_shown() || self.count(class) > 0 {
                out += &format!("{:<9} {:>6}\n", class.as_str(), self.count(class));
            }
        }
        out += &format!(
            "{:<9} {:>6} inputs in {wall:.2} s wall ({:.2} s of solving, {jobs} job{})\n",
            "total",
            self.total(),
            self.solving_seconds,
            if jobs == 1 { "" } else { "s" }
        );
        for (i, (secs, input)) in self.slowest.iter().enumerate() {
            let label = if i == 0 { "slowest" } else { "" };
            out += &format!("{label:<9} {secs:>8.3} s  {input}\n");
        }
        if still_running > 0 {
            out += &format!(
                "{still_running} puzzle(s) past their time limit were still running in the \
                 background (an embedded solver call cannot be interrupted)\n"
            );
        }
        out
    }

    /// The summary as the last JSON line.
    fn json(&self, jobs: usize, wall: f64) -> serde_json::Value {
        let mut counts = serde_json::Map::new();
        for class in Class::ALL {
            counts.insert(class.as_str().into(), self.count(class).into());
        }
        let slowest: Vec<serde_json::Value> = (self.slowest.iter())
            .map(|(s, i)| serde_json::json!({"input": i, "seconds": s}))
            .collect();
        serde_json::json!({"summary": {
            "inputs": self.total(),
            "counts": counts,
            "jobs": jobs,
            "seconds": wall,
            "solving_seconds": self.solving_seconds,
            "slowest": slowest,
            "exit": self.exit,
        }})
    }
}

/// The job slots: a job starts when fewer than `jobs` are running, counting the abandoned ones
/// whose solver call has not returned yet, or when none of this run's own is running.
struct Pool {
    jobs: usize,
    state: Mutex<PoolState>,
    changed: Condvar,
}

#[derive(Default)]
struct PoolState {
    next: usize,
    busy: usize,
    abandoned: Vec<Arc<JobState>>,
}

impl PoolState {
    fn still_running(&mut self) -> usize {
        self.abandoned.retain(|j| j.running());
        self.abandoned.len()
    }
}

impl Pool {
    /// The next input to work on, when a slot is free; `None` when all are taken.
    fn take(&self, total: usize) -> Option<usize> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if state.next >= total {
                return None;
            }
            let lingering = state.still_running();
            if state.busy == 0 || state.busy + lingering < self.jobs {
                state.busy += 1;
                state.next += 1;
                return Some(state.next - 1);
            }
            // An abandoned thread that ends sends no signal: look again now and then.
            state = match self.changed.wait_timeout(state, Duration::from_millis(100)) {
                Ok((s, _)) => s,
                Err(e) => e.into_inner().0,
            };
        }
    }

    fn done(&self, abandoned: Option<Arc<JobState>>) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.busy -= 1;
        state.abandoned.extend(abandoned);
        self.changed.notify_all();
    }

    fn still_running(&self) -> usize {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.still_running()
    }
}

/// Runs a batch: every input on `--jobs` threads, one line each in input order, then the
/// summary (on standard output, or on standard error with `--json`, whose standard output is
/// one JSON object per input and the summary object last). Returns the run's exit code.
pub fn run(
    args: &SolveArgs,
    batch: Batch,
    mode: Mode,
    count: Option<job::CountLimit>,
) -> Result<i32> {
    if args.picture.render.is_some() || args.picture.output.is_some() {
        return Err(Error::Usage(
            "--render and -o draw one puzzle: give one input (a batch prints one line per input)"
                .into(),
        ));
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = (args.jobs.map_or(cores, |j| j as usize))
        .min(batch.inputs.len())
        .max(1);
    let settings = Arc::new(Settings {
        genre: batch.genre.clone(),
        backend: args.backend.clone(),
        formulation: args.formulation.clone(),
        words: args.words.clone(),
        mode,
        timeout: args.timeout,
        certify: args.certify,
        count,
        explain: args.explain,
    });
    let pool = Pool {
        jobs,
        state: Mutex::new(PoolState::default()),
        changed: Condvar::new(),
    };
    let inputs = &batch.inputs;
    let bar = progress_bar(inputs.len() as u64);
    let started = Instant::now();
    let mut summary = Summary::default();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
        for _ in 0..jobs {
            let tx = tx.clone();
            let (pool, settings) = (&pool, &settings);
            scope.spawn(move || {
                while let Some(i) = pool.take(inputs.len()) {
                    let (outcome, abandoned) = solve_one(&inputs[i], settings);
                    pool.done(abandoned);
                    if tx.send((i, outcome)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        // Results arrive in any order; they are printed in input order, or as they come with
        // --unordered (each then takes the next number, so nothing waits).
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (i, outcome) in rx {
            pending.insert(if args.unordered { next } else { i }, outcome);
            while let Some(outcome) = pending.remove(&next) {
                bar.suspend(|| print_line(&outcome, args, &settings));
                summary.add(&outcome);
                bar.set_message(summary.brief());
                bar.inc(1);
                next += 1;
            }
        }
    });
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    let table = summary.table(jobs, wall, pool.still_running());
    if args.json {
        eprint!("{table}");
        println!("{}", summary.json(jobs, wall));
    } else {
        print!("{table}");
    }
    Ok(summary.exit)
}

/// A bar with counts on standard error; indicatif draws it only on a terminal.
fn progress_bar(len: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} (eta {eta}) {msg}")
    {
        bar.set_style(style);
    }
    bar
}

/// Prints an input's line: a JSON object with `--json`, else `class  seconds  input  detail`.
fn print_line(outcome: &Outcome, args: &SolveArgs, settings: &Settings) {
    let code = exit_code(&outcome.result);
    if args.json {
        let mut v = match &outcome.result {
            Ok(r) => {
                let mut v = job::report_json(outcome.genre.as_deref(), r);
                if let (Some(stopped), Some(count)) = (&r.stopped, &settings.count) {
                    v["stopped_because"] = serde_json::json!(count.describe(stopped));
                }
                v
            }
            Err(e) => {
                let mut v = serde_json::json!({"error": e.to_string()});
                if let Some(genre) = &outcome.genre {
                    v["genre"] = serde_json::json!(genre);
                }
                v
            }
        };
        v["input"] = serde_json::json!(outcome.input);
        v["seconds"] = serde_json::json!(outcome.seconds);
        v["exit"] = serde_json::json!(code);
        println!("{v}");
        return;
    }
    let class = Class::of(&outcome.result);
    let detail = detail(&outcome.result, settings);
    let sep = if detail.is_empty() { "" } else { "  " };
    println!(
        "{:<8} {:>8.3}s  {}{sep}{detail}",
        class.as_str(),
        outcome.seconds,
        outcome.input
    );
    if let (true, Ok(r)) = (args.stats, &outcome.result) {
        job::print_stats(&r.stats);
    }
}

/// What a text line adds after the input: counts, why there is no answer, the error.
fn detail(result: &Result<Report<Vec<String>>>, settings: &Settings) -> String {
    let mode = settings.mode;
    let r = match result {
        Err(e) => return e.to_string(),
        Ok(r) => r,
    };
    let n = r.solutions.len();
    match (&r.stopped, r.verdict, &r.note) {
        (Some(stopped @ Stopped::Max(_)), ..) => {
            let why = match &settings.count {
                Some(count) => count.describe(stopped),
                None => stopped.describe(),
            };
            format!("at least {n} solution(s) ({why})")
        }
        (Some(stopped), ..) if n == 0 => stopped.describe(),
        (Some(stopped), ..) => format!("{n} solution(s) found ({})", stopped.describe()),
        (None, Verdict::Timeout, _) => {
            format!("{n} solution(s) found, uniqueness not decided in time")
        }
        (None, Verdict::None, _) if r.explanation.is_some() => {
            let names = r.explanation.as_ref().map(|e| e.names.join("; "));
            format!("cannot hold together: {}", names.unwrap_or_default())
        }
        (None, Verdict::None, Some(note)) => note.clone(),
        _ if matches!(mode, Mode::Count(_)) => format!("{n} solution(s)"),
        _ if r.facts.is_some() => format!("{n} solution(s) examined"),
        _ => String::new(),
    }
}

/// Solves one input on a worker of its own and waits for it, at most until its time limit
/// (plus a little grace) or until the memory budget stops it. Also returns the job's state when
/// it was abandoned while still running.
fn solve_one(arg: &str, settings: &Arc<Settings>) -> (Outcome, Option<Arc<JobState>>) {
    let started = Instant::now();
    let state = Arc::new(JobState::default());
    let progress = Progress::default();
    let job = {
        let (arg, settings, state, progress) = (
            arg.to_string(),
            settings.clone(),
            state.clone(),
            progress.clone(),
        );
        move || {
            let _finished = FinishOnDrop(state.clone());
            let _at_budget = JobAtBudget::new(state.at_budget.clone());
            load_and_solve(&arg, &settings, &state, progress)
        }
    };
    let at_budget = || {
        state
            .at_budget
            .load(Ordering::SeqCst)
            .then(|| Error::Memory {
                what: "this puzzle (its thread was stopped at an allocation that no estimate \
                   covered: a solver's own growth, or a huge input)"
                    .into(),
                needed: budget::limit(),
                at_least: true,
                budget: budget::limit(),
            })
    };
    let result = Worker::start(settings.timeout, job).and_then(|w| w.wait(at_budget));
    // A worker given up at its time limit may still hold its core.
    let abandoned =
        (matches!(result, Err(Error::Timeout(_))) && state.running()).then(|| state.clone());
    let result = match result {
        // A time limit reached outside the driver (an abandoned call, a native search): what
        // was found before it, as the single-input path reports it.
        Err(Error::Timeout(secs)) => {
            let mut r = job::timeout_report(progress.snapshot(), secs, settings.asked());
            let genre = state.genre.get().or(settings.genre.as_ref());
            r.stats.formulation =
                job::filled_formulation(genre.map(String::as_str), &settings.formulation);
            Ok(r)
        }
        other => other,
    };
    let outcome = Outcome {
        input: arg.to_string(),
        // The genre given for the run when the job was stopped before it told its own (while
        // reading its input).
        genre: state.genre.get().or(settings.genre.as_ref()).cloned(),
        seconds: started.elapsed().as_secs_f64(),
        result,
    };
    (outcome, abandoned)
}

/// Reads, loads and solves one input (in the job's thread).
fn load_and_solve(
    arg: &str,
    settings: &Settings,
    state: &JobState,
    progress: Progress,
) -> Result<Report<Vec<String>>> {
    let input = registry::read_input(arg)?;
    let genre = genre_of(settings.genre.as_deref(), arg, &input)?;
    let _ = state.genre.set(genre.clone());
    let puzzle = job::load(&genre, input, settings.words.as_deref())?;
    let mut opts =
        puzzlec::solve::SolveOptions::new(&settings.backend, &settings.formulation, settings.mode);
    opts.timeout = settings.timeout;
    opts.certify = settings.certify;
    opts.explain = settings.explain;
    opts.progress = Some(progress);
    if let Some(count) = settings.count {
        count.choose(puzzle.as_ref(), &mut opts);
    }
    puzzle.solve(&opts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlec::solve::Stats;

    fn input(text: &str) -> Input {
        Input {
            source: "x".into(),
            text: text.into(),
        }
    }

    #[test]
    fn the_genre_comes_from_the_command_line_then_the_url_then_the_folder_then_the_extension() {
        let url = input("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k");
        let plain = input("AB\nAB\n");
        let genre = |given, path: &str, i: &Input| genre_of(given, path, i).ok();
        assert_eq!(genre(Some("lits"), "a.url", &url).as_deref(), Some("lits"));
        assert_eq!(
            genre(None, "nonogram/a.url", &url).as_deref(),
            Some("heyawake")
        );
        assert_eq!(
            genre(None, "models/hitori/sub/a.txt", &plain).as_deref(),
            Some("hitori")
        );
        assert_eq!(genre(None, "x/a.non", &plain).as_deref(), Some("nonogram"));
        assert_eq!(genre(None, "x/a.g", &plain).as_deref(), Some("nonogram"));
        let e = genre_of(None, "x/a.txt", &plain).unwrap_err();
        assert!(
            e.to_string().contains("cannot tell the genre of `x/a.txt`"),
            "{e}"
        );
        assert_eq!(e.exit_code(), 2);
    }

    #[test]
    fn the_run_exits_with_the_most_severe_code_input_errors_first() {
        let mut order = [0, 1, 3, 2];
        order.sort_by_key(|c| severity(*c));
        assert_eq!(order, [0, 1, 3, 2]);
    }

    #[test]
    fn a_stopped_report_is_classed_by_why_it_stopped() {
        let report = |verdict, stopped| {
            Ok(Report {
                verdict,
                solutions: vec![vec!["#".to_string()]],
                answer_texts: Vec::new(),
                facts: None,
                note: None,
                explanation: None,
                cuts: Vec::new(),
                stopped,
                certificate: None,
                certificate_files: None,
                stats: Stats::default(),
            })
        };
        let memory = Stopped::Memory("x".into());
        let cases = [
            (report(Verdict::Unique, None), Class::Unique),
            (
                report(Verdict::Multiple, Some(Stopped::Max(2))),
                Class::Multiple,
            ),
            (
                report(Verdict::Solved, Some(Stopped::Timeout(1.0))),
                Class::Timeout,
            ),
            (report(Verdict::Multiple, Some(memory)), Class::Memory),
            (report(Verdict::Timeout, None), Class::Timeout),
            (Err(Error::Timeout(1.0)), Class::Timeout),
            (Err(Error::input("f", 1, 1, "bad")), Class::Error),
        ];
        for (result, class) in cases {
            assert_eq!(Class::of(&result), class);
        }
    }
}
