//! The job-and-report layer the command line, batch runs and the server share: one worker with
//! a deadline ([`Worker`]), one report of what was found when the deadline came first
//! ([`timeout_report`]), one JSON shape of a report ([`report_json`]).

use puzzlec::budget;
use puzzlec::error::{Error, Result};
use puzzlec::puzzles::verbs::{AnyJob, Deadline};
use puzzlec::registry::{self, Input};
use puzzlec::solve::{partial_report, Mode, Report, SolveOptions, Stats, Stopped};
use std::any::Any;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Stack of the worker thread: deep enough for the recursive searches on the largest inputs.
pub const WORKER_STACK: usize = 64 << 20;

thread_local! {
    /// Whether this thread's stack may grow to [`WORKER_STACK`], so that a job without a time
    /// limit runs on it instead of on a worker.
    static UNTIMED_INLINE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Lets jobs without a time limit run on the calling thread, whose stack may grow to
/// [`WORKER_STACK`] (the binary's main thread, once it has raised its stack limit).
// Called by the binary's own C `main` only (glibc Linux, not under `cargo test`).
#[cfg_attr(
    not(all(target_os = "linux", target_env = "gnu", not(test))),
    allow(dead_code)
)]
pub fn run_untimed_jobs_on_this_thread() {
    UNTIMED_INLINE.with(|inline| inline.set(true));
}

/// Seconds past a job's time limit before its worker is abandoned: the driver's own deadline
/// answers first when it can.
const GRACE: f64 = 0.5;

/// How often a waiter asks whether to stop waiting early.
const POLL: Duration = Duration::from_millis(25);

/// A job running on a worker thread, and when to stop waiting for it.
pub struct Worker<T> {
    answer: mpsc::Receiver<Result<T>>,
    give_up: Option<Instant>,
    timeout: Option<f64>,
}

impl<T: Send + 'static> Worker<T> {
    /// Starts a job with `timeout` seconds on a worker thread with a large stack.
    pub fn start(
        timeout: Option<f64>,
        job: impl FnOnce() -> Result<T> + Send + 'static,
    ) -> Result<Worker<T>> {
        // One answer: a channel of capacity one holds it in one slot, where an unbounded
        // channel zeroes a block of 31 (12 KiB for a report) before the first send.
        let (tx, answer) = mpsc::sync_channel(1);
        let started = Instant::now();
        spawn_large(move || {
            let _ = tx.send(job());
        })
        .map_err(|e| Error::Solver(format!("cannot start a worker thread: {e}")))?;
        Ok(Worker {
            answer,
            give_up: timeout.and_then(|secs| budget::deadline_after(started, secs + GRACE)),
            timeout,
        })
    }

    /// Waits for the job's answer until its time limit (a little past it), then gives up with
    /// [`Error::Timeout`]; the embedded solvers cannot be interrupted, so the worker is left
    /// behind. `stop` is asked now and then, and ends the wait early with its error.
    pub fn wait(self, mut stop: impl FnMut() -> Option<Error>) -> Result<T> {
        loop {
            let wait = (self.give_up).map_or(POLL, |at| {
                POLL.min(at.saturating_duration_since(Instant::now()))
            });
            match self.answer.recv_timeout(wait) {
                Ok(answer) => return answer,
                // The worker died without an answer: a panic, whose message is on stderr.
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(stopped_without_an_answer())
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Some(e) = stop() {
                        return Err(e);
                    }
                    if self.give_up.is_some_and(|at| Instant::now() >= at) {
                        return Err(Error::Timeout(self.timeout.unwrap_or(0.0)));
                    }
                }
            }
        }
    }
}

/// Runs a job on a worker thread and gives up after `timeout` seconds ([`Worker`]).
pub fn with_timeout<T: Send + 'static>(
    timeout: Option<f64>,
    job: impl FnOnce() -> Result<T> + Send + 'static,
) -> Result<T> {
    if timeout.is_none() && UNTIMED_INLINE.with(|inline| inline.get()) {
        // Nothing to give up on, so no worker to wait for; a panic (its message printed) is
        // the same error as a worker that stopped without an answer.
        return std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
            .unwrap_or_else(|_| Err(stopped_without_an_answer()));
    }
    Worker::start(timeout, job)?.wait(|| None)
}

/// The error of a job that ended without an answer: a panic, whose message is on stderr.
fn stopped_without_an_answer() -> Error {
    Error::Solver("the worker thread stopped without an answer (a bug: please report it)".into())
}

/// The worker lent to a genre's own verbs.
pub struct Lent;

impl Deadline for Lent {
    fn run(&self, timeout: Option<f64>, job: AnyJob) -> Result<Box<dyn Any + Send>> {
        with_timeout(timeout, job)
    }
}

/// Starts a detached thread with the worker's large stack, or the default stack under a tight
/// address-space limit.
fn spawn_large(job: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    let job = std::sync::Arc::new(std::sync::Mutex::new(Some(job)));
    let spawn = |stack: Option<usize>| {
        let job = job.clone();
        let mut builder = std::thread::Builder::new();
        if let Some(bytes) = stack {
            builder = builder.stack_size(bytes);
        }
        builder.spawn(move || {
            let taken = job.lock().ok().and_then(|mut j| j.take());
            if let Some(job) = taken {
                job();
            }
        })
    };
    spawn(Some(WORKER_STACK))
        .or_else(|_| spawn(None))
        .map(|_| ())
}

/// What a run asked for, as a report made outside the driver names it.
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    /// The mode (solve, first, facts, count).
    pub mode: Mode,
    /// The formulation as given.
    pub formulation: &'a str,
    /// The backend.
    pub backend: &'a str,
}

/// The report of a run whose time limit came before its answer (an abandoned solver call, a
/// native search, a child process killed): the solutions found before it, marked incomplete.
pub fn timeout_report(found: Vec<Vec<String>>, secs: f64, asked: Asked) -> Report<Vec<String>> {
    let stats = Stats {
        formulation: asked.formulation.to_string(),
        backend: asked.backend.to_string(),
        ..Default::default()
    };
    partial_report(found, asked.mode, Stopped::Timeout(secs), stats)
}

/// A formulation as a genre's run reports it (`k=v,…` with the defaults filled in), for a
/// report made outside the driver; as given when the genre is unknown or the text is not one.
pub fn filled_formulation(genre: Option<&str>, given: &str) -> String {
    let keys = genre.and_then(registry::find_genre).map(|g| (g.keys)());
    keys.and_then(|keys| puzzlec::puzzles::Formulation::parse(given, &keys).ok())
        .map_or_else(|| given.to_string(), |f| f.spec())
}

/// The JSON shape of a report lives in the library, for the Python package too.
pub use puzzlec::report_json::report_json;

/// Options shared by the solving commands.
#[derive(clap::Args, Debug, Clone)]
pub struct SolveArgs {
    /// Genre (`puzzlec genres` lists them); may be left out before a URL, which names it
    /// (and in a batch run before files in a folder named after their genre, or `.non`/`.g`).
    #[arg(value_name = "GENRE")]
    pub genre: Option<String>,
    /// Puzzle file, `-` for standard input, a puzz.link URL or a fumen string, as pasted.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    pub input: Option<String>,
    /// More puzzles or folders: a batch run (also with one folder or --inputs-from) solves
    /// them all on --jobs threads, one line each in input order, then a summary; folders are
    /// searched for .txt, .url, .non and .g files. Exit code: 2 if any input could not be
    /// read, else 3 if any timed out or hit a limit, else 1 if any has no solution, else 0.
    #[arg(value_name = "MORE_INPUTS", value_hint = clap::ValueHint::FilePath)]
    pub more_inputs: Vec<String>,
    /// Backend: varisat, batsat, microlp, dimacs:CMD, lp:CMD (`puzzlec backends` lists them).
    #[arg(short, long, default_value = puzzlec::backend::DEFAULT)]
    pub backend: String,
    /// Formulation as KEY=VALUE,… (`puzzlec formulations GENRE` lists them).
    #[arg(short, long, default_value = "")]
    pub formulation: String,
    /// Give up after this many seconds (exit code 3; a count or --facts then shows what it
    /// found so far, marked incomplete). `inf` is no limit.
    #[arg(short, long, value_parser = puzzlec::budget::parse_seconds)]
    pub timeout: Option<f64>,
    /// Print one JSON object instead of text (in a batch run one per input, then the summary).
    #[arg(long)]
    pub json: bool,
    /// Print each solution in the genre's answer notation (janko.at's: a header line, then the
    /// grid) instead of its rows.
    #[arg(long)]
    pub answer_text: bool,
    /// Print statistics (variables, clauses, solver calls, cuts, seconds) to standard error.
    #[arg(long)]
    pub stats: bool,
    /// A separate word list (skeleton).
    #[arg(long, value_hint = clap::ValueHint::FilePath)]
    pub words: Option<String>,
    /// Back the verdict with a checked proof: a DRAT proof of every UNSAT answer it rests on,
    /// accepted by an independent checker, and a checked justification for every lazy cut
    /// (SAT backends; exit code 3 when something does not check).
    #[arg(long)]
    pub certify: bool,
    /// For "no solution": a minimal set of the model's named constraints that cannot hold
    /// together, printed as their names (drawn by --render; `explanation` in --json).
    #[arg(long)]
    pub explain: bool,
    /// A picture of the answer (`--render svg|png`, `-o FILE`).
    #[command(flatten)]
    pub picture: crate::app::picture::RenderArgs,
    /// Batch run over the inputs listed in FILE, one per line (`-`: standard input; blank
    /// lines and lines starting with `#` are skipped).
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub inputs_from: Option<String>,
    /// Batch runs: how many puzzles are solved at once (default: the number of cores).
    #[arg(short, long, value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    /// Batch runs: solve only the K-th of N parts of the inputs (consecutive, in input order,
    /// sizes differing by at most one), so that N machines share a collection; the JSON lines
    /// of parts 1/N … N/N, concatenated, are those of the whole run.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// Batch runs: print each input's line as soon as it is solved, not in input order, so
    /// that one slow puzzle does not hold back the others' lines.
    #[arg(long)]
    pub unordered: bool,
    /// Batch runs: skip the inputs that already have a result (a line with a verdict other
    /// than `timeout`) in this JSONL file of an earlier `--json` run, e.g. the file this run
    /// appends to; a missing file holds none.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub resume: Option<String>,
}

/// How a count is limited: by `--max`, else by a default that depends on the search. Without
/// `--max` and `--backend`, an instance whose genre has a native counter (tetromino's exact
/// cover, see `Puzzle::native_counter`) is counted by it, with a default limit a hundred times
/// higher, since it enumerates far faster than a solver with blocking clauses. A count
/// stopped at a default says which.
#[derive(Clone, Copy, Debug)]
pub struct CountLimit {
    /// `--max`, when given.
    pub given: Option<usize>,
    /// Whether `--backend` was given.
    pub backend_given: bool,
}

/// `count`'s limit when no `--max` is given and a model is solved.
pub const DEFAULT_MAX: usize = 1000;

/// `count`'s limit when no `--max` is given and the genre's own search counts.
pub const NATIVE_DEFAULT_MAX: usize = 100_000;

impl CountLimit {
    /// The mode before the instance is known (a report made outside the driver uses it).
    pub fn mode(&self) -> Mode {
        Mode::Count(self.given.unwrap_or(DEFAULT_MAX))
    }

    /// Sets the backend and mode for an instance: its native counter when it has one and
    /// neither `--max`, `--backend`, `--formulation` nor `--certify` asks for a model.
    pub fn choose(&self, puzzle: &dyn registry::DynPuzzle, opts: &mut SolveOptions) {
        opts.mode = self.mode();
        let native = puzzle.native_counter();
        let model_asked = self.backend_given || opts.certify || !opts.formulation.is_empty();
        if let (None, false, Some(native)) = (self.given, model_asked, native) {
            opts.backend = native.to_string();
            opts.mode = Mode::Count(NATIVE_DEFAULT_MAX);
        }
    }

    /// Why a count stopped, naming the default when a default stopped it.
    pub fn describe(&self, stopped: &Stopped) -> String {
        match stopped {
            Stopped::Max(n) if self.given.is_none() => {
                format!("stopped at --max {n}, the default: give --max N to count further")
            }
            other => other.describe(),
        }
    }
}

/// Reads an input as a puzzle, with the separate word list of `--words` (skeleton's) if given.
pub fn load(
    genre: &str,
    input: Input,
    words: Option<&str>,
) -> Result<Box<dyn registry::DynPuzzle>> {
    let words = words.map(registry::read_input).transpose()?;
    registry::load_with_words(genre, &input, words.as_ref())
}

/// The statistics line on standard error (`--stats`).
pub fn print_stats(s: &puzzlec::solve::Stats) {
    eprintln!(
        "formulation {} | backend {} | model {} bools, {} ints, {} constraints | solver {} vars, {} clauses, {} rows | {} calls, {} cut rounds, {} cuts, {} blocking{} | {} | formulate {:.4}s lower {:.4}s solve {:.4}s verify {:.4}s total {:.4}s",
        s.formulation, s.backend, s.model_bools, s.model_ints, s.model_constraints,
        s.solver_vars, s.clauses, s.rows, s.solver_calls, s.cut_rounds, s.cuts, s.blocking,
        s.decisions.map(|d| format!(", {d} decisions")).unwrap_or_default(),
        if s.incremental {
            "incremental: cuts and blocking clauses went into the live solver".to_string()
        } else {
            format!("not incremental: the problem was rebuilt for each of the {} calls", s.solver_calls)
        },
        s.seconds_formulate, s.seconds_lower, s.seconds_solve, s.seconds_verify, s.seconds_total
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_past_its_time_limit_is_a_timeout_and_one_within_it_answers() {
        let slow = with_timeout(Some(0.01), || {
            std::thread::sleep(Duration::from_secs(5));
            Ok(1)
        });
        assert!(matches!(slow, Err(Error::Timeout(s)) if s == 0.01));
        assert_eq!(with_timeout(Some(10.0), || Ok(7)), Ok(7));
        let stopped = Worker::start(None, || {
            std::thread::sleep(Duration::from_secs(5));
            Ok(())
        })
        .and_then(|w| w.wait(|| Some(Error::Usage("stop".into()))));
        assert_eq!(stopped, Err(Error::Usage("stop".into())));
    }

    #[test]
    fn a_lent_worker_keeps_the_answers_type() {
        let lent: &dyn Deadline = &Lent;
        assert_eq!(lent.within(None, || Ok(String::from("x"))), Ok("x".into()));
    }

    #[test]
    fn a_timeout_with_nothing_found_has_the_json_of_any_report() {
        let asked = Asked {
            mode: Mode::Unique,
            formulation: "",
            backend: "varisat",
        };
        let v = report_json(Some("hitori"), &timeout_report(Vec::new(), 2.0, asked));
        assert_eq!(v["genre"], "hitori");
        assert_eq!(v["verdict"], "timeout");
        assert_eq!(v["complete"], false);
        assert_eq!(v["solutions"], serde_json::json!([]));
        assert_eq!(v["stopped"], "timeout");
        assert_eq!(v["stats"]["timeout_seconds"], 2.0);
        assert_eq!(v["stats"]["backend"], "varisat");
        assert!(report_json(None, &timeout_report(Vec::new(), 2.0, asked))["genre"].is_null());
    }

    #[test]
    fn a_formulation_is_reported_with_its_defaults_filled_in() {
        let filled = filled_formulation(Some("heyawake"), "");
        assert!(filled.contains("connectivity="), "{filled}");
        assert_eq!(filled_formulation(None, "x=y"), "x=y");
    }
}

/// The K-th of N parts of a batch's inputs (`--shard K/N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which part, from 1.
    pub k: usize,
    /// How many parts.
    pub n: usize,
}

impl Shard {
    /// Reads `K/N` with 1 ≤ K ≤ N.
    pub fn parse(text: &str) -> std::result::Result<Shard, String> {
        let bad = || format!("`{text}`: expected K/N with 1 ≤ K ≤ N, e.g. 2/8");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (usize, usize) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        match 1 <= k && k <= n {
            true => Ok(Shard { k, n }),
            false => Err(bad()),
        }
    }

    /// This part of the inputs: consecutive ones, so that the parts in order are the whole in
    /// order; part sizes differ by at most one. Depends only on the list, so every machine
    /// given the same list and N agrees on the parts.
    pub fn part<T>(self, inputs: Vec<T>) -> Vec<T> {
        let len = inputs.len();
        let (start, end) = ((self.k - 1) * len / self.n, self.k * len / self.n);
        inputs.into_iter().take(end).skip(start).collect()
    }
}
