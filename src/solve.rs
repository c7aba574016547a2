//! The driver: lower the model into a backend, solve, ask every lazy constraint for cuts, add
//! them and solve again (the seed's loop); enumerate solutions with blocking clauses over the
//! answer keys; uniqueness is "look for a second solution"; irrefutable facts by the
//! solve–block–intersect loop. Every step is counted in [`Stats`].

use crate::backend::{self, Backend, Outcome};
use crate::certify::{Certificate, CertificateFiles, Evidence, FoundCut};
use crate::error::{Error, Result};
use crate::explain::Explanation;
use crate::formulation::Thrashing;
use crate::lower::CardEncoding;
use crate::model::{Assignment, Constraint, Lit, Model, NamedConstraint, Var};
use crate::puzzles::{Deduced, Formulation, Puzzle};
use crate::render::Sketch;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One solution.
    First,
    /// One solution and whether a second exists.
    Unique,
    /// Up to this many solutions.
    Count(usize),
    /// The cells that are the same in every solution.
    Facts,
}

/// How to solve: backend, formulation, mode and time limit.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Backend name (`varisat`, `microlp`, `dimacs:cadical`, …).
    pub backend: String,
    /// Formulation `k=v,…` (defaults filled in).
    pub formulation: String,
    /// What to look for.
    pub mode: Mode,
    /// Seconds before giving up, checked between solver calls (the CLI also enforces it
    /// around a single long call).
    pub timeout: Option<f64>,
    /// Where every verified solution's rows are copied as it is found, so that a caller that
    /// abandons the run at its time limit can still report them.
    pub progress: Option<Progress>,
    /// Back the verdict with a checked proof and justified cuts (`--certify`, see
    /// [`crate::certify`]).
    pub certify: bool,
    /// With `certify`, also keep the certificate's files (for `export --certificate`).
    pub certificate_files: bool,
    /// The process ends right after this run (the command line on one puzzle): the model and
    /// the solver are left to the operating system instead of being freed one allocation at a
    /// time, which is a tenth of a mid-size heyawake's run.
    pub exits_after: bool,
    /// For a "no solution" verdict, find a minimal set of the model's constraints that cannot
    /// hold together (`--explain`, see [`crate::explain`]).
    pub explain: bool,
    /// Stop as at the time limit once the cut loop thrashes (the first try of a staged
    /// formulation value, [`crate::formulation::Value::staged`]).
    pub give_up_when: Option<Thrashing>,
}

/// The rows of the solutions a run has found so far, shared with a thread that may have to
/// abandon the run (the embedded SAT solvers cannot be interrupted mid-call); when asked, also
/// the sketches of the puzzle and of each solution, for pictures.
#[derive(Clone, Debug, Default)]
pub struct Progress(Arc<Mutex<Found>>);

/// What a [`Progress`] holds.
#[derive(Debug, Default)]
struct Found {
    rows: Vec<Vec<String>>,
    sketching: bool,
    puzzle: Option<Sketch>,
    sketches: Vec<Sketch>,
}

impl Progress {
    /// A progress that records sketches too.
    pub fn sketching() -> Progress {
        let found = Found {
            sketching: true,
            ..Found::default()
        };
        Progress(Arc::new(Mutex::new(found)))
    }
    /// Records one more solution.
    pub fn push(&self, rows: Vec<String>) {
        if let Ok(mut found) = self.0.lock() {
            found.rows.push(rows);
        }
    }
    /// Records one more solution of a puzzle: its rows, and its sketch when sketching.
    pub fn record<P: Puzzle>(&self, p: &P, solution: &P::Solution) {
        if let Ok(mut found) = self.0.lock() {
            found.rows.push(p.rows(solution));
            if found.sketching {
                found.sketches.push(p.sketch(Some(solution)));
            }
        }
    }
    /// Records the sketch of the puzzle itself, when sketching.
    pub fn start<P: Puzzle>(&self, p: &P) {
        if let Ok(mut found) = self.0.lock() {
            if found.sketching && found.puzzle.is_none() {
                found.puzzle = Some(p.sketch(None));
            }
        }
    }
    /// The solutions recorded so far.
    pub fn snapshot(&self) -> Vec<Vec<String>> {
        self.0.lock().map(|f| f.rows.clone()).unwrap_or_default()
    }
    /// The puzzle's sketch and the solutions' sketches recorded so far.
    pub fn sketches(&self) -> (Option<Sketch>, Vec<Sketch>) {
        (self.0.lock())
            .map(|f| (f.puzzle.clone(), f.sketches.clone()))
            .unwrap_or_default()
    }
}

/// Why a search stopped before it could give its complete answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Stopped {
    /// `--max N` solutions were found; there may be more.
    Max(usize),
    /// The time limit (seconds) was reached.
    Timeout(f64),
    /// The memory budget was nearly spent; the text says by what.
    Memory(String),
}

impl Stopped {
    /// The reason as printed after a partial count: `timeout after 2 s`.
    pub fn describe(&self) -> String {
        match self {
            Stopped::Max(n) => format!("stopped at --max {n}"),
            Stopped::Timeout(secs) => format!("timeout after {secs} s"),
            Stopped::Memory(why) => format!("memory budget reached: {why}"),
        }
    }
    /// The reason's key in JSON (`"stopped": "timeout"`).
    pub fn key(&self) -> &'static str {
        match self {
            Stopped::Max(_) => "max",
            Stopped::Timeout(_) => "timeout",
            Stopped::Memory(_) => "memory",
        }
    }
    /// Whether the stop is a failure to finish (exit code 3) rather than the caller's own
    /// limit (`--max`, exit code 0).
    pub fn is_failure(&self) -> bool {
        !matches!(self, Stopped::Max(_))
    }
}

impl SolveOptions {
    /// Options without a time limit.
    pub fn new(backend: &str, formulation: &str, mode: Mode) -> Self {
        SolveOptions {
            backend: backend.to_string(),
            formulation: formulation.to_string(),
            mode,
            timeout: None,
            progress: None,
            certify: false,
            certificate_files: false,
            exits_after: false,
            explain: false,
            give_up_when: None,
        }
    }
}

/// The answer to "how many solutions".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Exactly one solution.
    Unique,
    /// More than one.
    Multiple,
    /// None.
    None,
    /// At least one (uniqueness not checked, or the count limit was reached).
    Solved,
    /// The time limit was reached first.
    Timeout,
}

impl Verdict {
    /// The process exit code (0 solved, 1 no solution, 3 timeout).
    pub fn exit_code(self) -> i32 {
        match self {
            Verdict::Unique | Verdict::Multiple | Verdict::Solved => 0,
            Verdict::None => 1,
            Verdict::Timeout => 3,
        }
    }
    /// The verdict as printed.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::None => "none",
            Verdict::Solved => "solved",
            Verdict::Timeout => "timeout",
        }
    }
}

/// Statistics of one run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// The formulation as `k=v,…`.
    pub formulation: String,
    /// The backend's name.
    pub backend: String,
    /// 0/1 variables of the model.
    pub model_bools: usize,
    /// Integer variables of the model.
    pub model_ints: usize,
    /// Eager constraints of the model.
    pub model_constraints: usize,
    /// Variables as the solver sees them (SAT variables incl. auxiliaries, or MIP columns).
    pub solver_vars: usize,
    /// CNF clauses at the end (SAT backends).
    pub clauses: usize,
    /// Linear rows at the end (MIP backends).
    pub rows: usize,
    /// Solver calls.
    pub solver_calls: usize,
    /// Solver calls answered by cuts rather than accepted.
    pub cut_rounds: usize,
    /// Cuts added.
    pub cuts: usize,
    /// Blocking clauses added (enumeration, uniqueness, facts).
    pub blocking: usize,
    /// Search decisions, for solvers that report them.
    pub decisions: Option<u64>,
    /// Whether cuts went into a live solver (false: the problem was rebuilt per solve).
    pub incremental: bool,
    /// Seconds building the model.
    pub seconds_formulate: f64,
    /// Seconds lowering the base model into the backend.
    pub seconds_lower: f64,
    /// Seconds in solver calls.
    pub seconds_solve: f64,
    /// Seconds decoding and verifying solutions.
    pub seconds_verify: f64,
    /// Seconds for the whole run.
    pub seconds_total: f64,
}

/// The result of a run: verdict, verified solutions, facts and statistics.
#[derive(Clone, Debug)]
pub struct Report<S> {
    /// The verdict.
    pub verdict: Verdict,
    /// The solutions found (verified).
    pub solutions: Vec<S>,
    /// The solutions in the genre's answer notation (janko.at's, as puzzlekit keeps it), when
    /// it has one: filled where solutions are shown as text (see `registry::DynPuzzle`).
    pub answer_texts: Vec<String>,
    /// Rows with `?` where solutions differ (only for [`Mode::Facts`]).
    pub facts: Option<Vec<String>>,
    /// Why there is no solution, when a precheck found it without solving.
    pub note: Option<String>,
    /// Why there is no solution, as constraints that cannot hold together (`--explain`).
    pub explanation: Option<Explanation>,
    /// The cuts the lazy constraints produced (for "base model + cuts found so far").
    pub cuts: Vec<NamedConstraint>,
    /// Set when the search stopped before its answer was complete: the solutions (and facts)
    /// are then only those found so far.
    pub stopped: Option<Stopped>,
    /// What `--certify` checked (only with `--certify`, and only for a complete answer).
    pub certificate: Option<Certificate>,
    /// The certificate's files, when they were asked for.
    pub certificate_files: Option<CertificateFiles>,
    /// Statistics.
    pub stats: Stats,
}

impl<S> Report<S> {
    /// Whether the answer is complete for its mode (no time, memory or `--max` stop, and a
    /// verdict other than timeout).
    pub fn complete(&self) -> bool {
        self.stopped.is_none() && self.verdict != Verdict::Timeout
    }
    /// The process exit code: the verdict's, or 3 when the search ran out of time or memory
    /// before its answer was complete.
    pub fn exit_code(&self) -> i32 {
        match &self.stopped {
            Some(s) if s.is_failure() => 3,
            _ => self.verdict.exit_code(),
        }
    }
}

/// A backend loaded with a model, answering "next solution" with the lazy-cut loop.
pub struct Driver {
    model: Model,
    backend: Box<dyn Backend>,
    deadline: Option<Instant>,
    /// Cuts found so far, with where each came from and why it holds.
    pub cuts: Vec<FoundCut>,
    /// Each blocking clause added, with the solution it blocks (only when
    /// [`Driver::keep_blocked`] is set: a long count would otherwise hold every assignment).
    pub blocked: Vec<(Constraint, Assignment)>,
    /// Whether to keep the blocking clauses with their solutions, for a certificate.
    pub keep_blocked: bool,
    /// When to stop the cut loop as at the deadline (see [`SolveOptions::give_up_when`]).
    pub give_up_when: Option<Thrashing>,
    /// The thread's CPU time when the driver was made: thrashing is measured in CPU time
    /// since (the cuts' search included, which the solver's time leaves out; the machine's
    /// load left out, which wall time would count).
    created: Duration,
    /// Every constraint given after the base model (cuts, blocking clauses, facts rounds), each
    /// later model is checked against: a solver that returns a model breaking one of them
    /// ignores what it was told, and repeating a solution is how that shows.
    given: Vec<Given>,
    /// How many of `given` some model has been checked against already.
    given_checked: usize,
    /// Statistics so far.
    pub stats: Stats,
}

/// A constraint given to the solver after the base model, and why it was given.
struct Given {
    constraint: NamedConstraint,
    kind: GivenKind,
}

/// Why a constraint was added after the base model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GivenKind {
    /// A lazy constraint's cut.
    Cut,
    /// The blocking clause of the solution with this 1-based number.
    Blocking(usize),
    /// Anything else the caller added (a facts round).
    Other,
}

impl Given {
    /// What a model that breaks this constraint did, in words.
    fn broken_by(&self, solver: &str) -> String {
        let name = &self.constraint.name;
        match self.kind {
            GivenKind::Blocking(n) => format!(
                "{solver} returned solution {n} again (it breaks `{name}`, the clause that \
                 excludes it): a repeated model is not a second solution"
            ),
            GivenKind::Cut => format!(
                "{solver} returned a model that breaks the cut `{name}` it was already given: \
                 adding the cut again would loop for ever"
            ),
            GivenKind::Other => format!(
                "{solver} returned a model that breaks `{name}`, which it was already given"
            ),
        }
    }
}

/// How long [`Driver::strongest_local_first`] searches under each set of assumptions.
pub const LOCAL_SLICE: Duration = Duration::from_millis(500);

/// What [`Driver::next_solution`] found.
#[derive(Clone, Debug, PartialEq)]
pub enum Next {
    /// A solution that satisfies every lazy constraint.
    Solution(Assignment),
    /// No further solution.
    Exhausted,
    /// The time limit was reached.
    Timeout,
}

impl Next {
    /// What a search for a solution other than `answer` shows: none, that `answer` is the only
    /// one; another (decoded), a second solution; the deadline, nothing.
    pub fn deduced<S>(
        self,
        answer: S,
        how: &'static str,
        decode: impl FnOnce(&Assignment) -> S,
    ) -> Option<Deduced<S>> {
        match self {
            Next::Exhausted => Some(Deduced::Unique(answer, how)),
            Next::Solution(other) => Some(Deduced::Several([answer, decode(&other)], how)),
            Next::Timeout => None,
        }
    }
}

impl Driver {
    /// A driver for a hard question (one expected to have no answer, such as "another
    /// answer") on the strongest embedded SAT backend that runs the model
    /// ([`crate::backend::strongest_for`]).
    pub fn on_strongest(
        model: Model,
        card: CardEncoding,
        deadline: Option<Instant>,
    ) -> Result<Self> {
        let backend = crate::backend::strongest_for(&model);
        Self::new(model, backend, card, deadline)
    }

    /// A solution of the model on the strongest backend ([`Driver::on_strongest`]), looked for
    /// first under each set of assumptions in `local` for at most [`LOCAL_SLICE`] each: a
    /// solution that changes little is found there in a fraction of the whole search's time.
    /// Those searches run in a solver of their own, so that the whole search runs as it would
    /// without them (after them in the same solver, janko's numberlink 576_18x26 took 38 s,
    /// not 16).
    pub fn strongest_local_first(
        model: Model,
        card: CardEncoding,
        deadline: Option<Instant>,
        local: &[Vec<Lit>],
    ) -> Result<Next> {
        if !local.is_empty() {
            let mut scout = Self::on_strongest(model.clone(), card, deadline)?;
            for assumptions in local {
                let end = Instant::now() + LOCAL_SLICE;
                let end = deadline.map_or(end, |d| d.min(end));
                if let Next::Solution(a) = scout.next_solution_under(assumptions, Some(end))? {
                    return Ok(Next::Solution(a));
                }
            }
        }
        Self::on_strongest(model, card, deadline)?.next_solution()
    }

    /// Creates the backend and adds the model's eager constraints.
    pub fn new(
        model: Model,
        backend_name: &str,
        card: CardEncoding,
        deadline: Option<Instant>,
    ) -> Result<Self> {
        let start = Instant::now();
        let mut backend = backend::create(backend_name, &model, card)?;
        for c in &model.constraints {
            backend.add(c)?;
        }
        let (bools, ints) = model.var_counts();
        let stats = Stats {
            backend: backend.name(),
            model_bools: bools,
            model_ints: ints,
            model_constraints: model.constraints.len(),
            incremental: backend.incremental(),
            seconds_lower: start.elapsed().as_secs_f64(),
            ..Stats::default()
        };
        Ok(Driver {
            model,
            backend,
            deadline,
            cuts: Vec::new(),
            blocked: Vec::new(),
            keep_blocked: false,
            give_up_when: None,
            created: crate::budget::thread_cpu_time(),
            given: Vec::new(),
            given_checked: 0,
            stats,
        })
    }

    /// The model being solved.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The CNF the backend holds (SAT backends).
    pub fn cnf(&self) -> Option<&crate::lower::CnfEncoder> {
        self.backend.cnf()
    }

    /// Adds a constraint for all later solves (every later model is checked against it).
    pub fn add(&mut self, constraint: NamedConstraint) -> Result<()> {
        self.give(constraint, GivenKind::Other)
    }

    /// Hands a constraint to the backend and keeps it for checking later models.
    fn give(&mut self, constraint: NamedConstraint, kind: GivenKind) -> Result<()> {
        self.backend.add(&constraint)?;
        self.given.push(Given { constraint, kind });
        Ok(())
    }

    /// Excludes the answer-key values of a solution from later solves.
    pub fn block(&mut self, a: &Assignment) -> Result<()> {
        self.stats.blocking += 1;
        let clause = self.model.blocking_clause(a);
        let name = format!("block solution {}", self.stats.blocking);
        let kind = GivenKind::Blocking(self.stats.blocking);
        self.give(NamedConstraint::new(name, clause.clone()), kind)?;
        if self.keep_blocked {
            self.blocked.push((clause, a.clone()));
        }
        Ok(())
    }

    /// The first constraint given after the base model that a model breaks, as a solver
    /// failure: an external solver may answer anything, and believing a repeat or a model that
    /// ignores a cut would print a false "multiple" or loop for ever. `all`: every one given;
    /// else only those no model was checked against yet.
    fn check_given(&mut self, a: &Assignment, all: bool) -> Result<()> {
        let from = if all { 0 } else { self.given_checked };
        self.given_checked = self.given.len();
        match self.given[from..]
            .iter()
            .find(|g| !g.constraint.constraint.holds(|v| a.value(v)))
        {
            Some(broken) => Err(Error::Solver(broken.broken_by(&self.backend.name()))),
            None => Ok(()),
        }
    }

    /// The next solution that satisfies the lazy constraints too, adding cuts until it does.
    pub fn next_solution(&mut self) -> Result<Next> {
        self.next_solution_under(&[], self.deadline)
    }

    /// [`Driver::next_solution`] with the assumptions true for this search only (cuts found
    /// on the way stay: they hold whatever is assumed), stopping at `deadline`.
    pub fn next_solution_under(
        &mut self,
        assumptions: &[Lit],
        deadline: Option<Instant>,
    ) -> Result<Next> {
        loop {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(Next::Timeout);
            }
            let start = Instant::now();
            let outcome = if assumptions.is_empty() {
                self.backend.solve(deadline)
            } else {
                self.backend.solve_under(assumptions, deadline)
            };
            self.stats.seconds_solve += start.elapsed().as_secs_f64();
            self.stats.solver_calls += 1;
            self.refresh_size();
            let a = match outcome? {
                Outcome::Unsat => return Ok(Next::Exhausted),
                Outcome::Unknown(reason) => {
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        return Ok(Next::Timeout);
                    }
                    return Err(Error::Solver(format!(
                        "{} gave no answer: {reason}",
                        self.backend.name()
                    )));
                }
                Outcome::Sat(a) => a,
            };
            // Every model is checked against what was given since the last one (what a solver
            // that ignores its input breaks first), an answer against everything given, and the
            // cut loop's models against everything at rounds 1, 2, 4, 8…: checking them all each
            // round costs rounds × cuts (on a 40×57 nurikabe with 15,000 rounds, three quarters
            // of the run), and a candidate that draws cuts is never an answer whatever it breaks.
            let checkpoint = self.stats.cut_rounds.is_power_of_two();
            self.check_given(&a, checkpoint)?;
            let cuts: Vec<FoundCut> = (self.model.lazy.iter().enumerate())
                .flat_map(|(i, l)| {
                    l.justified_cuts(&a).into_iter().map(move |c| FoundCut {
                        constraint: c.constraint,
                        lazy: i,
                        why: c.why,
                    })
                })
                .collect();
            if cuts.is_empty() {
                if !checkpoint {
                    self.check_given(&a, true)?;
                }
                // Checked only here: a candidate that draws cuts is never an answer, and its
                // cuts hold whatever it is (the lazy constraint justifies them).
                if let Some(broken) = self.model.first_violation(&a) {
                    return Err(Error::Solver(format!(
                        "{} returned an assignment that breaks `{}`",
                        self.backend.name(),
                        broken.name
                    )));
                }
                return Ok(Next::Solution(a));
            }
            self.stats.cut_rounds += 1;
            self.stats.cuts += cuts.len();
            for cut in cuts {
                self.give(cut.constraint.clone(), GivenKind::Cut)?;
                self.cuts.push(cut);
            }
            if self.give_up_when.is_some_and(|t| {
                self.stats.cut_rounds >= t.rounds
                    && crate::budget::thread_cpu_time().saturating_sub(self.created) >= t.after
            }) {
                return Ok(Next::Timeout);
            }
        }
    }

    fn refresh_size(&mut self) {
        let size = self.backend.size();
        self.stats.solver_vars = size.vars;
        self.stats.clauses = size.clauses;
        self.stats.rows = size.rows;
        self.stats.decisions = self.backend.decisions();
    }
}

/// The puzzle's one answer under a formulation (batsat), or `None` when it has none or several
/// there or the deadline passes first: for genres that search a restricted model first.
pub fn unique_answer<P: Puzzle>(
    p: &P,
    formulation: &str,
    deadline: Option<Instant>,
) -> Result<Option<P::Solution>> {
    let mut opts = SolveOptions::new(backend::DEFAULT, formulation, Mode::Count(2));
    opts.timeout = seconds_left(deadline);
    let mut report = solve_puzzle(p, &opts)?;
    Ok((report.verdict == Verdict::Unique).then(|| report.solutions.swap_remove(0)))
}

/// Solves a puzzle: formulate, lower, solve with cuts, enumerate as the mode asks, decode and
/// verify every solution with the puzzle's own rules. A time limit or the memory budget
/// reached during an enumeration (count, facts) gives the solutions found so far with
/// [`Report::stopped`] set, never a silently short answer.
pub fn solve_puzzle<P: Puzzle>(p: &P, opts: &SolveOptions) -> Result<Report<P::Solution>> {
    let start = Instant::now();
    let mut report = solve_unexplained(p, opts)?;
    if opts.explain && report.verdict == Verdict::None {
        let deadline = match opts.timeout {
            Some(s) => crate::budget::deadline_after(start, s),
            None => crate::budget::deadline_after(Instant::now(), EXPLAIN_SECONDS),
        };
        // The verdict stands whatever happens to its explanation (a memory budget that the
        // verdict's own solver left too little of): a failure is said, not raised.
        // The formulation that answered: a staged value's first try when that decided.
        match explained(p, &report.stats.formulation, deadline) {
            Ok(explanation) => report.explanation = explanation,
            Err(e) => {
                let why = format!("no explanation: {e}");
                report.note = Some(match report.note.take() {
                    Some(note) => format!("{note}; {why}"),
                    None => why,
                });
            }
        }
    }
    Ok(report)
}

/// Seconds `--explain` takes at most without `--timeout`: then it gives the set it has, which
/// cannot hold together but may not be minimal (lazy connectivity on a big grid needs many
/// rounds of cuts for every subset it tries).
pub const EXPLAIN_SECONDS: f64 = 10.0;

/// Why a puzzle has no solution: the model of the formulation, explained (whatever found the
/// verdict: a precheck, a native search or a solver).
fn explained<P: Puzzle>(
    p: &P,
    spec: &str,
    deadline: Option<Instant>,
) -> Result<Option<Explanation>> {
    let formulation = Formulation::parse(spec, &P::keys())?;
    let model = p.formulate(&formulation)?.model;
    model.check_budget(|| format!("the model of formulation {}", formulation.spec()))?;
    crate::explain::explain(&model, formulation.choice("card"), deadline)
}

/// The time limit a run started now has until `deadline`, as [`SolveOptions::timeout`] takes it.
fn seconds_left(deadline: Option<Instant>) -> Option<f64> {
    deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64())
}

/// Named clauses over variables' names (a literal: its variable's name and whether it is
/// negated), for a model other than the one they were found in.
type ClausesByName = Vec<(String, Vec<(String, bool)>)>;

/// What a staged formulation value's first try came to.
enum FirstTry<S> {
    /// No staged value is chosen.
    NotStaged,
    /// The first try ended before its cut loop thrashed: its report (a timeout included).
    Answered(Box<Report<S>>),
    /// It thrashed: its cuts, as clauses over the variables' names (they hold in every
    /// solution, so the chosen value's model starts with them where it has those variables).
    GaveUp(ClausesByName),
}

/// With a staged formulation value chosen ([`crate::formulation::Value::staged`]): the run
/// with its first-try value instead, whose report answers when that run ends before its cut
/// loop thrashes; else what its cuts learnt, for the chosen value to answer with.
fn staged_first_try<P: Puzzle>(
    p: &P,
    opts: &SolveOptions,
    formulation: &Formulation,
    deadline: Option<Instant>,
) -> Result<FirstTry<P::Solution>> {
    let keys = P::keys();
    let staged = keys
        .iter()
        .find_map(|k| Some((k.key, k.value(formulation.get(k.key))?.first_try?)));
    let Some((key, (first, thrashing))) = staged else {
        return Ok(FirstTry::NotStaged);
    };
    let mut first_opts = opts.clone();
    first_opts.formulation = format!("{},{key}={first}", formulation.spec());
    first_opts.timeout = seconds_left(deadline);
    first_opts.give_up_when = Some(thrashing);
    // What a run that gives up found is found again by the next one: only a finished run
    // records its solutions (for a picture, or for a caller that abandons the run later).
    first_opts.progress = None;
    first_opts.exits_after = false;
    let report = solve_unexplained(p, &first_opts)?;
    let stopped = matches!(report.stopped, Some(Stopped::Timeout(_)));
    let gave_up = stopped && deadline.is_none_or(|d| Instant::now() < d);
    if gave_up {
        // The first model again, for its variables' names (formulating costs little beside
        // the run that thrashed).
        let first_spec = Formulation::parse(&first_opts.formulation, &keys)?;
        let model = p.formulate(&first_spec)?.model;
        let name = |l: &Lit| (model.vars[l.var.index()].name.clone(), l.negated);
        let cuts = (report.cuts.iter())
            .filter_map(|c| match &c.constraint {
                Constraint::Clause { lits } => {
                    Some((c.name.clone(), lits.iter().map(name).collect()))
                }
                _ => None,
            })
            .collect();
        return Ok(FirstTry::GaveUp(cuts));
    }
    if let Some(progress) = &opts.progress {
        report.solutions.iter().for_each(|s| progress.record(p, s));
    }
    Ok(FirstTry::Answered(Box::new(report)))
}

/// Clauses over variables' names as constraints of `model`, leaving out those that name a
/// variable it lacks (or names twice).
fn clauses_on(model: &Model, clauses: ClausesByName) -> Vec<NamedConstraint> {
    if clauses.is_empty() {
        return Vec::new();
    }
    let mut by_name: HashMap<&str, Option<Var>> = HashMap::new();
    for (i, v) in model.vars.iter().enumerate() {
        by_name
            .entry(v.name.as_str())
            .and_modify(|e| *e = None)
            .or_insert(Some(Var(i as u32)));
    }
    (clauses.into_iter())
        .filter_map(|(name, lits)| {
            let lits: Option<Vec<Lit>> = (lits.iter())
                .map(|(v, negated)| {
                    let var = (*by_name.get(v.as_str())?)?;
                    Some(if *negated { !var } else { var.lit() })
                })
                .collect();
            Some(NamedConstraint::new(name, Constraint::clause(lits?)))
        })
        .collect()
}

/// [`solve_puzzle`] without `--explain`.
fn solve_unexplained<P: Puzzle>(p: &P, opts: &SolveOptions) -> Result<Report<P::Solution>> {
    let total = Instant::now();
    let deadline = opts
        .timeout
        .and_then(|s| crate::budget::deadline_after(total, s));
    if let Some(progress) = &opts.progress {
        progress.start(p);
    }
    let native = p.native_solvers().contains(&opts.backend.as_str());
    // Reject an unknown backend before anything else, so that a typo is not answered with
    // "no solution", and a native solver this instance lacks is named as such.
    let name_check = match native {
        true => Ok(()),
        false => check_backend_name(p, &opts.backend),
    };
    if let Err(e @ Error::Usage(_)) = name_check {
        return Err(e);
    }
    // A backend that cannot prove is refused for --certify before its binary is looked for:
    // a usage error is one whether or not the binary is installed here.
    if opts.certify {
        let why = match native {
            true => Some(format!(
                "`{}` is the genre's own search and gives no proof; use a SAT backend \
                 (varisat, batsat, dimacs:cadical)",
                opts.backend
            )),
            false => crate::backend::proof::cannot_prove(&opts.backend),
        };
        if let Some(why) = why {
            return Err(Error::Usage(format!("--certify: {why}")));
        }
    }
    name_check?;
    let mut notes = Vec::new();
    let mut spec = opts.formulation.clone();
    if opts.certify {
        let (certifiable, changed) = Formulation::certifiable_spec(&spec, &P::keys())?;
        (spec, notes) = (certifiable, changed);
    }
    if !crate::backend::runs_propagators(&opts.backend) {
        spec = Formulation::spec_without_propagators(&spec, &P::keys())?;
    }
    let formulation = Formulation::parse(&spec, &P::keys())?;
    let card: CardEncoding = formulation.choice("card");
    let mut stats = Stats {
        formulation: formulation.spec(),
        backend: opts.backend.clone(),
        ..Stats::default()
    };
    let precheck = p.precheck();
    if let (Some(reason), false) = (&precheck, opts.certify) {
        stats.seconds_total = total.elapsed().as_secs_f64();
        return Ok(Report {
            verdict: Verdict::None,
            solutions: Vec::new(),
            answer_texts: Vec::new(),
            facts: None,
            note: Some(reason.clone()),
            explanation: None,
            cuts: Vec::new(),
            stopped: None,
            certificate: None,
            certificate_files: None,
            stats,
        });
    }
    if native {
        return solve_natively(p, opts, stats, total, deadline);
    }
    // A staged first try's cuts, for the model that follows it.
    let mut first_cuts: ClausesByName = Vec::new();
    // A certificate needs a proof from a solver, so deduction alone does not answer --certify;
    // a propagator this backend cannot run is refused (with the reason) when the model is
    // lowered, whether or not deduction could answer.
    let unrunnable = !crate::backend::runs_propagators(&opts.backend)
        && (P::keys().iter()).any(|k| k.value(formulation.get(k.key)).is_some_and(|v| v.in_solver));
    if !opts.certify && !unrunnable {
        match staged_first_try(p, opts, &formulation, deadline)? {
            FirstTry::Answered(report) => return Ok(*report),
            FirstTry::GaveUp(cuts) => first_cuts = cuts,
            FirstTry::NotStaged => {}
        }
        let start = Instant::now();
        let deduced = p.deduced(&formulation, deadline)?;
        stats.seconds_formulate = start.elapsed().as_secs_f64();
        // Two answers settle what a search for at most two would find; a longer count or the
        // facts need the search.
        let settles =
            |d: &Deduced<_>| matches!(d, Deduced::Unique(..)) || solution_limit(opts.mode) <= 2;
        if let Some(deduced) = deduced.filter(settles) {
            return solved_by_deduction(p, opts, deduced, stats, total);
        }
    }
    let start = Instant::now();
    let mut formulated = p.formulate(&formulation)?;
    formulated
        .model
        .check_budget(|| format!("the model of formulation {}", formulation.spec()))?;
    if opts.certify {
        certifiable_model(&mut formulated.model, &P::keys(), &mut notes)?;
    }
    let seconds_formulate = start.elapsed().as_secs_f64();
    let mut driver = Driver::new(formulated.model, &opts.backend, card, deadline)?;
    driver.keep_blocked = opts.certify;
    driver.give_up_when = opts.give_up_when;
    driver.stats.formulation = formulation.spec();
    driver.stats.seconds_formulate = seconds_formulate;
    for cut in clauses_on(driver.model(), first_cuts) {
        driver.add(cut)?;
    }

    let mut solutions: Vec<P::Solution> = Vec::new();
    let mut assignments: Vec<Assignment> = Vec::new();
    let mut stopped = None;
    let limit = solution_limit(opts.mode);
    let enumerating = matches!(opts.mode, Mode::Count(_) | Mode::Facts);
    // Facts: the answer keys whose value has been the same in every solution so far.
    let mut candidates: Vec<(crate::model::Var, bool)> = Vec::new();
    let mut exhausted = false;
    while assignments.len() < limit {
        if enumerating && !solutions.is_empty() && crate::budget::nearly_spent(90) {
            stopped = Some(Stopped::Memory(format!(
                "{} of the budget of {} in use",
                crate::budget::human(crate::budget::in_use()),
                crate::budget::human(crate::budget::limit())
            )));
            break;
        }
        let next = match driver.next_solution() {
            Err(e @ Error::Memory { .. }) if enumerating && !solutions.is_empty() => {
                stopped = Some(Stopped::Memory(e.to_string()));
                break;
            }
            other => other?,
        };
        match next {
            Next::Timeout => {
                stopped = Some(Stopped::Timeout(opts.timeout.unwrap_or(0.0)));
                break;
            }
            Next::Exhausted => {
                exhausted = true;
                break;
            }
            Next::Solution(a) => {
                let start = Instant::now();
                let solution = (formulated.decode)(&a);
                verify_from(p, &driver.stats.backend, &solution)?;
                driver.stats.seconds_verify += start.elapsed().as_secs_f64();
                if let Some(progress) = &opts.progress {
                    progress.record(p, &solution);
                }
                solutions.push(solution);
                if opts.mode == Mode::Facts {
                    if assignments.is_empty() {
                        candidates = driver
                            .model()
                            .answer_keys
                            .iter()
                            .map(|&v| (v, a.bool(v)))
                            .collect();
                    } else {
                        candidates.retain(|&(v, val)| a.bool(v) == val);
                    }
                    // Later clauses only get stronger, so adding them for good is sound.
                    let differ =
                        Constraint::clause(
                            candidates
                                .iter()
                                .map(|&(v, val)| if val { !v } else { v.lit() }),
                        );
                    driver.stats.blocking += 1;
                    let name = format!("facts round {}", driver.stats.blocking);
                    driver.add(NamedConstraint::new(name, differ))?;
                } else {
                    driver.block(&a)?;
                }
                assignments.push(a);
            }
        }
    }
    if let (Mode::Count(n), None, false) = (opts.mode, &stopped, exhausted) {
        stopped = Some(Stopped::Max(n));
    }
    let timed_out = matches!(stopped, Some(Stopped::Timeout(_)));
    let verdict = verdict_of(solutions.len(), opts.mode, exhausted, timed_out);
    let complete = stopped.as_ref().is_none_or(|s| !s.is_failure()) && verdict != Verdict::Timeout;
    let (certificate, certificate_files) = if opts.certify && complete {
        let evidence = Evidence {
            backend: &opts.backend,
            model: driver.model(),
            cnf: driver.cnf(),
            cuts: &driver.cuts,
            blocked: &driver.blocked,
            rests_on_unsat: exhausted,
        };
        let (mut c, files) = crate::certify::certify(&evidence, deadline, opts.certificate_files)?;
        c.notes = notes;
        (Some(c), files)
    } else {
        (None, None)
    };
    let mut stats = driver.stats.clone();
    stats.seconds_total = total.elapsed().as_secs_f64();
    let cuts = std::mem::take(&mut driver.cuts);
    let cuts = cuts.into_iter().map(|c| c.constraint).collect();
    if opts.exits_after {
        std::mem::forget(driver);
    }
    let mut report = finish_report(p, opts.mode, verdict, solutions, cuts, stopped, stats);
    if let (Verdict::None, Some(reason)) = (verdict, precheck) {
        report.note = Some(reason);
    }
    report.certificate = certificate;
    report.certificate_files = certificate_files;
    Ok(report)
}

/// Makes a model fit for `--certify`: every lazy constraint must state its meaning (else the
/// run is refused, naming the complete formulations), and blocking clauses range over every
/// answer key (the shorter form over the true keys rests on a property of the model that no
/// proof checks).
fn certifiable_model(
    model: &mut Model,
    keys: &[crate::formulation::FormulationKey],
    notes: &mut Vec<String>,
) -> Result<()> {
    if let Some(lazy) = model.lazy.iter().find(|l| l.meaning().is_none()) {
        let complete: Vec<String> = (keys.iter())
            .flat_map(|k| {
                (k.values.iter())
                    .filter(|v| v.complete)
                    .map(move |v| format!("{}={}", k.key, v.name))
            })
            .collect();
        let instead = match complete.is_empty() {
            true => "and this genre has no complete formulation to choose instead".to_string(),
            false => format!("choose a complete formulation ({})", complete.join(", ")),
        };
        return Err(Error::Usage(format!(
            "--certify: the cuts of `{}` cannot be justified yet; {instead}",
            lazy.name()
        )));
    }
    if model.block_on_true_keys {
        model.block_on_true_keys = false;
        notes.push(
            "blocking clauses name every answer key: the shorter exact-cover form rests on a \
             property of the model that no proof checks"
                .into(),
        );
    }
    Ok(())
}

/// Fails for a name that is neither a backend nor one of the instance's native solvers; a
/// native solver of the genre that this instance cannot take (e.g. `native` on a colour
/// nonogram) is named as such instead of "unknown backend".
fn check_backend_name<P: Puzzle>(p: &P, name: &str) -> Result<()> {
    match backend::check_name(name) {
        Err(Error::Usage(_)) if P::NATIVE_SOLVERS.contains(&name) => {
            Err(Error::Usage(p.native_unavailable(name)))
        }
        other => other,
    }
}

/// Checks a solution with the puzzle's own rules; a failure blames the solver that returned it.
fn verify_from<P: Puzzle>(p: &P, solver: &str, solution: &P::Solution) -> Result<()> {
    p.verify(solution).map_err(|why| {
        Error::Solver(format!(
            "{solver} returned a solution that breaks the rules: {why}"
        ))
    })
}

/// The mode limit: how many solutions to look for.
fn solution_limit(mode: Mode) -> usize {
    match mode {
        Mode::First => 1,
        Mode::Unique => 2,
        Mode::Count(n) => n,
        Mode::Facts => usize::MAX,
    }
}

/// The verdict from the number of solutions found and whether the search was exhausted.
/// One solution without exhaustion is `solved` (at least one), except in a uniqueness check,
/// where it means the check was cut short.
fn verdict_of(found: usize, mode: Mode, exhausted: bool, timed_out: bool) -> Verdict {
    if timed_out && found == 0 {
        return Verdict::Timeout;
    }
    match (found, mode) {
        (0, _) => Verdict::None,
        (1, Mode::First) => Verdict::Solved,
        (1, _) if exhausted => Verdict::Unique,
        (1, Mode::Unique) => Verdict::Timeout,
        (1, _) => Verdict::Solved,
        _ => Verdict::Multiple,
    }
}

/// Adds the facts (rows with `?`) and the genre's note on how two solutions differ.
fn finish_report<P: Puzzle>(
    p: &P,
    mode: Mode,
    verdict: Verdict,
    solutions: Vec<P::Solution>,
    cuts: Vec<NamedConstraint>,
    stopped: Option<Stopped>,
    stats: Stats,
) -> Report<P::Solution> {
    let facts = (mode == Mode::Facts && !solutions.is_empty()).then(|| {
        let rows: Vec<Vec<String>> = solutions.iter().map(|s| p.rows(s)).collect();
        intersect_rows(&rows)
    });
    let note = match (verdict, solutions.as_slice()) {
        (Verdict::Multiple, [a, b, ..]) => {
            let d = p.differences(a, b);
            (!d.is_empty()).then(|| format!("solutions 1 and 2 differ in {}", d.join("; ")))
        }
        _ => None,
    };
    Report {
        verdict,
        solutions,
        answer_texts: Vec::new(),
        facts,
        note,
        explanation: None,
        cuts,
        stopped,
        certificate: None,
        certificate_files: None,
        stats,
    }
}

/// The report of a puzzle whose deductions fixed every cell (its one solution) or found two
/// solutions, each verified like any other, and no solver call (the stats name the deduction
/// in place of the backend).
fn solved_by_deduction<P: Puzzle>(
    p: &P,
    opts: &SolveOptions,
    deduced: Deduced<P::Solution>,
    mut stats: Stats,
    total: Instant,
) -> Result<Report<P::Solution>> {
    let (mut solutions, deduction, outcome) = match deduced {
        Deduced::Unique(s, deduction) => (vec![s], deduction, "decided every cell"),
        Deduced::Several(two, deduction) => (Vec::from(two), deduction, "found a second answer"),
    };
    let start = Instant::now();
    for solution in &solutions {
        verify_from(p, deduction, solution)?;
    }
    if solutions.len() == 2 && p.rows(&solutions[0]) == p.rows(&solutions[1]) {
        return Err(Error::Solver(format!(
            "{deduction} gave the same answer twice"
        )));
    }
    stats.seconds_verify = start.elapsed().as_secs_f64();
    solutions.truncate(solution_limit(opts.mode));
    if let Some(progress) = &opts.progress {
        solutions.iter().for_each(|s| progress.record(p, s));
    }
    stats.backend = format!("none ({deduction} {outcome})");
    stats.seconds_total = total.elapsed().as_secs_f64();
    let verdict = verdict_of(solutions.len(), opts.mode, true, false);
    Ok(finish_report(
        p,
        opts.mode,
        verdict,
        solutions,
        Vec::new(),
        None,
        stats,
    ))
}

/// Runs one of the genre's native solvers (no model; the precheck has passed): same modes, same
/// verification of every solution, same verdicts as the model-based path. Facts intersect every
/// solution, which the native search enumerates completely.
fn solve_natively<P: Puzzle>(
    p: &P,
    opts: &SolveOptions,
    mut stats: Stats,
    total: Instant,
    deadline: Option<Instant>,
) -> Result<Report<P::Solution>> {
    let limit = solution_limit(opts.mode);
    let start = Instant::now();
    let (solutions, exhausted) = p.solve_native(&opts.backend, limit, deadline)?;
    stats.seconds_solve = start.elapsed().as_secs_f64();
    stats.solver_calls = 1;
    let start = Instant::now();
    for s in &solutions {
        verify_from(p, &opts.backend, s)?;
        if let Some(progress) = &opts.progress {
            progress.record(p, s);
        }
    }
    stats.seconds_verify = start.elapsed().as_secs_f64();
    let stopped = if exhausted {
        None
    } else if solutions.len() < limit {
        // The search gave up before its limit: the deadline or the memory budget stopped it.
        if deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stopped::Timeout(opts.timeout.unwrap_or(0.0)))
        } else {
            Some(Stopped::Memory(format!(
                "{} of the budget of {} in use",
                crate::budget::human(crate::budget::in_use()),
                crate::budget::human(crate::budget::limit())
            )))
        }
    } else if let Mode::Count(n) = opts.mode {
        Some(Stopped::Max(n))
    } else {
        None
    };
    let timed_out = matches!(stopped, Some(Stopped::Timeout(_)));
    let verdict = verdict_of(solutions.len(), opts.mode, exhausted, timed_out);
    stats.seconds_total = total.elapsed().as_secs_f64();
    Ok(finish_report(
        p,
        opts.mode,
        verdict,
        solutions,
        Vec::new(),
        stopped,
        stats,
    ))
}

/// A report of the solutions (as rows) that an abandoned run had found by its time limit.
pub fn partial_report(
    found: Vec<Vec<String>>,
    mode: Mode,
    stopped: Stopped,
    stats: Stats,
) -> Report<Vec<String>> {
    let timed_out = matches!(stopped, Stopped::Timeout(_));
    let verdict = verdict_of(found.len(), mode, false, timed_out);
    let facts = (mode == Mode::Facts && !found.is_empty()).then(|| intersect_rows(&found));
    Report {
        verdict,
        solutions: found,
        answer_texts: Vec::new(),
        facts,
        note: None,
        explanation: None,
        cuts: Vec::new(),
        stopped: Some(stopped),
        certificate: None,
        certificate_files: None,
        stats,
    }
}

/// Rows with `?` wherever the given solutions' rows differ. A row of space-separated tokens
/// (a loop genre's `es ns .`, one token per point) is compared token by token, since its tokens
/// differ in length; any other row character by character. A token or character is kept only
/// when every solution has it in that place.
pub fn intersect_rows(rows: &[Vec<String>]) -> Vec<String> {
    let first = &rows[0];
    first
        .iter()
        .enumerate()
        .map(|(r, line)| {
            let others: Vec<&str> = (rows[1..].iter())
                .map(|o| o.get(r).map_or("", String::as_str))
                .collect();
            let tokens: Vec<&str> = line.split(' ').collect();
            let other_tokens: Vec<Vec<&str>> =
                others.iter().map(|o| o.split(' ').collect()).collect();
            let tokenised =
                line.contains(' ') && other_tokens.iter().all(|t| t.len() == tokens.len());
            if tokenised {
                return (tokens.iter().enumerate())
                    .map(
                        |(i, &token)| match other_tokens.iter().all(|t| t[i] == token) {
                            true => token,
                            false => "?",
                        },
                    )
                    .collect::<Vec<_>>()
                    .join(" ");
            }
            line.chars()
                .enumerate()
                .map(|(c, ch)| {
                    let same = others.iter().all(|other| other.chars().nth(c) == Some(ch));
                    if same {
                        ch
                    } else {
                        '?'
                    }
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod facts_tests {
    use super::intersect_rows;

    fn rows(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn loop_rows_are_intersected_point_by_point_in_their_own_notation() {
        let a = rows(&["es sw", "ne nw"]);
        let b = rows(&["es ew", "n. nw"]);
        assert_eq!(intersect_rows(&[a, b]), ["es ?", "? nw"]);
    }

    #[test]
    fn rows_of_one_character_per_cell_are_intersected_cell_by_cell() {
        let a = rows(&["#.#", "..#"]);
        let b = rows(&["#..", "..#"]);
        assert_eq!(intersect_rows(&[a, b]), ["#.?", "..#"]);
    }
}

#[cfg(test)]
mod certify_tests {
    use super::*;
    use crate::formulation::FormulationKey;
    use crate::model::connectivity::ConnectivityEncoding;
    use crate::model::{Cut, LazyConstraint};

    /// A lazy constraint that states no meaning, as a genre's own might.
    struct Unexplained;

    impl LazyConstraint for Unexplained {
        fn name(&self) -> &str {
            "unexplained"
        }
        fn justified_cuts(&self, _: &Assignment) -> Vec<Cut> {
            Vec::new()
        }
    }

    #[test]
    fn a_lazy_constraint_without_a_meaning_is_refused() {
        let mut model = Model::new();
        model.add_lazy(Unexplained);
        let doc = "how the unshaded cells are kept connected";
        let keys = [FormulationKey::of::<ConnectivityEncoding>(
            "connectivity",
            doc,
            "lazy",
        )];
        let e = certifiable_model(&mut model, &keys, &mut Vec::new()).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        let text = e.to_string();
        assert!(text.contains("`unexplained` cannot be justified"), "{text}");
        assert!(text.contains("connectivity=tree"), "{text}");
    }

    #[test]
    fn certified_blocking_names_every_answer_key() {
        let mut model = Model::new();
        model.new_answer_bool("a");
        model.block_on_true_keys = true;
        let mut notes = Vec::new();
        certifiable_model(&mut model, &[], &mut notes).unwrap();
        assert!(!model.block_on_true_keys);
        assert_eq!(notes.len(), 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::active::add_exactly_one;

    #[test]
    fn a_search_for_another_solution_deduces_unique_several_or_nothing() {
        let mut m = Model::new();
        let x: Vec<Lit> = (0..3)
            .map(|i| m.new_answer_bool(format!("x{i}")).lit())
            .collect();
        add_exactly_one(&mut m, "one of three", x.iter().map(|&l| l.into()));
        let other_than_x0 = |m: Model| {
            let mut driver = Driver::new(m, "batsat", CardEncoding::Totalizer, None).unwrap();
            driver
                .add(NamedConstraint::new("not x0", Constraint::clause([!x[0]])))
                .unwrap();
            driver.next_solution().unwrap()
        };
        let decode = |a: &Assignment| (0..3).find(|&i| a.lit(x[i])).unwrap();
        match other_than_x0(m.clone()).deduced(0, "test", decode) {
            Some(Deduced::Several([0, other], "test")) => assert!(other == 1 || other == 2),
            other => panic!("expected a second solution, got {other:?}"),
        }
        m.add("only x0", Constraint::clause([x[0]]));
        assert_eq!(
            other_than_x0(m).deduced(0, "test", decode),
            Some(Deduced::Unique(0, "test"))
        );
        assert_eq!(Next::Timeout.deduced(0, "test", decode), None);
    }
}

#[cfg(test)]
mod staged_tests {
    use super::*;

    #[test]
    fn a_first_try_s_clauses_carry_over_by_name_and_only_where_every_name_is_one_variable() {
        let mut m = Model::new();
        let b = m.new_bool("b");
        let a = m.new_bool("a");
        m.new_bool("twice");
        m.new_bool("twice");
        let clause = |lits: &[(&str, bool)]| {
            let lits = lits.iter().map(|&(v, neg)| (v.to_string(), neg)).collect();
            ("cut".to_string(), lits)
        };
        let carried = clauses_on(
            &m,
            vec![
                clause(&[("a", false), ("b", true)]),
                clause(&[("a", false), ("missing", false)]),
                clause(&[("twice", false)]),
            ],
        );
        assert_eq!(carried.len(), 1);
        assert_eq!(carried[0].constraint, Constraint::clause([a.lit(), !b]));
    }
}
