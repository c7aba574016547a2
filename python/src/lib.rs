//! The Python binding of puzzlec (`import puzzlec`): solve, count, compare, export, render and
//! batch-solve puzzles, and read a genre's model, through the library the command line uses.
//! Reports are the dicts of the command line's `--json` ([`puzzlec::report_json`]); every
//! solver run happens with the GIL released, on a worker thread with a large stack.

use puzzlec::backend::{self, sat::check_cnf_budget};
use puzzlec::error::Error;
use puzzlec::format;
use puzzlec::formulation::{complete_default, complete_values, core_formulation_keys};
use puzzlec::lower::{linear, CardEncoding, CnfEncoder};
use puzzlec::model::{Domain, Model as CoreModel};
use puzzlec::puzzles::Formulation;
use puzzlec::registry::{self, DynPuzzle, Input, GENRES};
use puzzlec::render::compose::Picture;
use puzzlec::report_json::report_json;
use puzzlec::solve::{partial_report, Mode, Progress, Report, SolveOptions, Stats, Stopped};
use pyo3::exceptions::{PyMemoryError, PyOSError, PyRuntimeError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use std::collections::{BTreeMap, VecDeque};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

/// Stack of a solving thread: the recursive searches on the largest inputs need it (the
/// command line's worker has the same).
const WORKER_STACK: usize = 64 << 20;

/// Seconds past a time limit before a run still inside one solver call is abandoned (the
/// embedded solvers cannot be interrupted; the driver's own deadline answers first when it can).
const GRACE: f64 = 0.5;

type Result<T> = std::result::Result<T, Error>;

/// The Python exception of a library error: bad input or arguments are `ValueError` (an input
/// error's message starts `source:line:col`), a timeout `TimeoutError`, a file `OSError`, the
/// memory budget `MemoryError`, and a solver that failed or could not certify `RuntimeError`.
fn py_err(e: Error) -> PyErr {
    let message = e.to_string();
    match e {
        Error::Input { .. } | Error::Invalid(_) | Error::Usage(_) => PyValueError::new_err(message),
        Error::Io(_) => PyOSError::new_err(message),
        Error::Timeout(_) => PyTimeoutError::new_err(message),
        Error::Memory { .. } => PyMemoryError::new_err(message),
        Error::MissingBinary { .. } | Error::Solver(_) | Error::Uncertified(_) => {
            PyRuntimeError::new_err(message)
        }
    }
}

/// An input as Python callers give it: text with a line break is the puzzle itself (source
/// `<string>`); anything else is read like a command-line argument (a URL, a fumen string, a
/// file path).
fn read_input(arg: &str) -> Result<Input> {
    if arg.contains('\n') {
        return Ok(Input {
            source: "<string>".into(),
            text: arg.to_string(),
        });
    }
    registry::read_input(arg)
}

/// The genre and input of `(genre, input)`, or of a lone input that is a URL naming its genre.
fn resolve(genre_or_url: &str, input: Option<&str>) -> Result<(String, Input)> {
    if let Some(input) = input {
        let genre = registry::genre(genre_or_url)?.name;
        return Ok((genre.to_string(), read_input(input)?));
    }
    if registry::check_genre(genre_or_url).is_ok() {
        return Err(Error::Usage(format!(
            "missing the puzzle: give a URL, a file or the puzzle's text after `{genre_or_url}`"
        )));
    }
    let input = read_input(genre_or_url)?;
    match registry::url_genre(&input) {
        Some(genre) => Ok((genre.to_string(), input)),
        None => match puzzlec::url::other_format(input.text.trim()) {
            Some(e) if input.source == "URL" => Err(e),
            _ => Err(Error::Usage(format!(
                "cannot tell the genre of `{genre_or_url}`: give it first, e.g. \
                 puzzlec.solve(\"heyawake\", path) (puzzlec.genres() lists them; only a \
                 puzz.link URL names its own)"
            ))),
        },
    }
}

/// Reads a puzzle, with the separate word list some genres take.
fn load(
    genre_or_url: &str,
    input: Option<&str>,
    words: Option<&str>,
) -> Result<(String, Box<dyn DynPuzzle>)> {
    let (genre, input) = resolve(genre_or_url, input)?;
    let words = words.map(read_input).transpose()?;
    let puzzle = registry::load_with_words(&genre, &input, words.as_ref())?;
    Ok((genre, puzzle))
}

/// Runs a job on a detached thread with a large stack and waits for it, giving up `GRACE`
/// seconds past `timeout` with [`Error::Timeout`] (the thread is left to finish on its own).
fn on_worker<T: Send + 'static>(
    timeout: Option<f64>,
    job: impl FnOnce() -> Result<T> + Send + 'static,
) -> Result<T> {
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(WORKER_STACK)
        .spawn(move || {
            let _ = tx.send(job());
        })
        .map_err(|e| Error::Solver(format!("cannot start a worker thread: {e}")))?;
    match timeout.filter(|t| t.is_finite()) {
        Some(secs) => rx
            .recv_timeout(Duration::from_secs_f64(secs.max(0.0) + GRACE))
            .map_err(|e| match e {
                mpsc::RecvTimeoutError::Timeout => Error::Timeout(secs),
                mpsc::RecvTimeoutError::Disconnected => stopped_worker(),
            })?,
        None => rx.recv().map_err(|_| stopped_worker())?,
    }
}

fn stopped_worker() -> Error {
    Error::Solver("the worker thread stopped without an answer (a bug: please report it)".into())
}

/// What one run asks for.
#[derive(Clone, Debug)]
struct Ask {
    backend: String,
    formulation: String,
    mode: Mode,
    timeout: Option<f64>,
    certify: bool,
    words: Option<String>,
    sketch: bool,
}

/// A finished run: the genre, its report, and the sketches when asked for.
struct Run {
    genre: String,
    report: Report<Vec<String>>,
    progress: Progress,
}

/// Solves one input on a worker; a run abandoned at its time limit is reported with the
/// solutions found before it, marked as a timeout (the command line's timeout report).
fn run(genre_or_url: String, input: Option<String>, ask: Ask) -> Result<Run> {
    let progress = match ask.sketch {
        true => Progress::sketching(),
        false => Progress::default(),
    };
    let job_progress = progress.clone();
    let job_ask = ask.clone();
    let job_genre = genre_or_url.clone();
    let outcome = on_worker(ask.timeout, move || {
        let ask = job_ask;
        let (genre, puzzle) = load(&job_genre, input.as_deref(), ask.words.as_deref())?;
        let mut opts = SolveOptions::new(&ask.backend, &ask.formulation, ask.mode);
        opts.timeout = ask.timeout;
        opts.progress = Some(job_progress);
        opts.certify = ask.certify;
        puzzle.solve(&opts).map(|report| (genre, report))
    });
    match outcome {
        Ok((genre, report)) => Ok(Run {
            genre,
            report,
            progress,
        }),
        Err(Error::Timeout(secs)) => {
            let genre = (registry::genre(&genre_or_url).ok().map(|g| g.name))
                .or_else(|| registry::inline(&genre_or_url).and_then(|i| registry::url_genre(&i)))
                .unwrap_or_default();
            let stats = Stats {
                formulation: filled_formulation(genre, &ask.formulation),
                backend: ask.backend.clone(),
                ..Default::default()
            };
            let found = progress.snapshot();
            let report = partial_report(found, ask.mode, Stopped::Timeout(secs), stats);
            Ok(Run {
                genre: genre.to_string(),
                report,
                progress,
            })
        }
        Err(e) => Err(e),
    }
}

/// A formulation with the genre's defaults filled in, as the driver reports it.
fn filled_formulation(genre: &str, given: &str) -> String {
    let keys = registry::genre(genre).map(|g| (g.keys)());
    (keys.ok())
        .and_then(|keys| Formulation::parse(given, &keys).ok())
        .map_or_else(|| given.to_string(), |f| f.spec())
}

/// The report's dict; a report stopped by its time limit raises `TimeoutError` with the dict
/// as its `partial` attribute instead.
fn report_dict(py: Python<'_>, run: &Run) -> PyResult<PyObject> {
    let value = report_json(Some(&run.genre), &run.report);
    let dict = to_py(py, &value)?;
    if let Some(Stopped::Timeout(secs)) = &run.report.stopped {
        let found = run.report.solutions.len();
        let e = PyTimeoutError::new_err(format!(
            "timeout after {secs} s ({found} solution(s) found before it; see .partial)"
        ));
        e.value(py).setattr("partial", dict)?;
        return Err(e);
    }
    Ok(dict)
}

/// A JSON value as the Python object `json.loads` would give.
fn to_py(py: Python<'_>, value: &serde_json::Value) -> PyResult<PyObject> {
    Ok(match value {
        serde_json::Value::Null => py.None(),
        serde_json::Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        serde_json::Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any().unbind(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any().unbind(),
            _ => (n.as_f64().unwrap_or(f64::NAN))
                .into_pyobject(py)?
                .into_any()
                .unbind(),
        },
        serde_json::Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        serde_json::Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any().unbind()
        }
        serde_json::Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_py(py, v)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// Solve a puzzle: a dict shaped like `puzzlec solve --json`.
#[pyfunction]
#[pyo3(signature = (genre_or_url, input=None, *, backend=backend::DEFAULT.to_string(),
    formulation=String::new(), timeout=None, first=false, facts=false, certify=false, words=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    genre_or_url: String,
    input: Option<String>,
    backend: String,
    formulation: String,
    timeout: Option<f64>,
    first: bool,
    facts: bool,
    certify: bool,
    words: Option<String>,
) -> PyResult<PyObject> {
    let mode = match (first, facts) {
        (true, true) => return Err(PyValueError::new_err("give first or facts, not both")),
        (true, false) => Mode::First,
        (false, true) => Mode::Facts,
        (false, false) => Mode::Unique,
    };
    let ask = Ask {
        backend,
        formulation,
        mode,
        timeout,
        certify,
        words,
        sketch: false,
    };
    let done = py
        .allow_threads(|| run(genre_or_url, input, ask))
        .map_err(py_err)?;
    report_dict(py, &done)
}

/// Count solutions up to `max`: a dict shaped like `puzzlec count --json`.
#[pyfunction]
#[pyo3(signature = (genre_or_url, input=None, *, max=100, backend=backend::DEFAULT.to_string(),
    formulation=String::new(), timeout=None, certify=false, words=None))]
#[allow(clippy::too_many_arguments)]
fn count(
    py: Python<'_>,
    genre_or_url: String,
    input: Option<String>,
    max: usize,
    backend: String,
    formulation: String,
    timeout: Option<f64>,
    certify: bool,
    words: Option<String>,
) -> PyResult<PyObject> {
    let ask = Ask {
        backend,
        formulation,
        mode: Mode::Count(max.max(1)),
        timeout,
        certify,
        words,
        sketch: false,
    };
    let done = py
        .allow_threads(|| run(genre_or_url, input, ask))
        .map_err(py_err)?;
    report_dict(py, &done)
}

/// Solve one puzzle with several backends: one report dict per backend (a backend that fails
/// or times out gives `{"backend", "error"}` instead).
#[pyfunction]
#[pyo3(signature = (genre_or_url, input=None, *, backends=None, formulation=String::new(),
    timeout=None, words=None))]
fn compare(
    py: Python<'_>,
    genre_or_url: String,
    input: Option<String>,
    backends: Option<Vec<String>>,
    formulation: String,
    timeout: Option<f64>,
    words: Option<String>,
) -> PyResult<Vec<PyObject>> {
    let backends = backends.unwrap_or_else(|| {
        (backend::backends().into_iter())
            .filter(|b| b.available)
            .map(|b| b.name)
            .collect()
    });
    let mut out = Vec::new();
    for name in backends {
        let ask = Ask {
            backend: name.clone(),
            formulation: formulation.clone(),
            mode: Mode::Unique,
            timeout,
            certify: false,
            words: words.clone(),
            sketch: false,
        };
        let (g, i) = (genre_or_url.clone(), input.clone());
        match py.allow_threads(|| run(g, i, ask)) {
            Ok(done) => {
                let mut value = report_json(Some(&done.genre), &done.report);
                value["backend"] = serde_json::json!(name);
                out.push(to_py(py, &value)?);
            }
            // Input errors are the same for every backend: raise them once.
            Err(e @ (Error::Input { .. } | Error::Invalid(_))) => return Err(py_err(e)),
            Err(e) => out.push(to_py(
                py,
                &serde_json::json!({"backend": name, "error": e.to_string()}),
            )?),
        }
    }
    Ok(out)
}

/// A genre's model of one puzzle, read-only: its named variables and constraints, and its
/// DIMACS, LP and JSON text.
#[pyclass(frozen, module = "puzzlec")]
struct Model {
    genre: String,
    formulation: String,
    card: CardEncoding,
    comments: Vec<String>,
    model: CoreModel,
}

#[pymethods]
impl Model {
    /// The genre's name.
    #[getter]
    fn genre(&self) -> &str {
        &self.genre
    }
    /// The formulation, `key=value,…` with the defaults filled in.
    #[getter]
    fn formulation(&self) -> &str {
        &self.formulation
    }
    /// Every variable as `(name, domain)`: domain `"bool"` or `(lo, hi)` for an integer.
    #[getter]
    fn variables(&self, py: Python<'_>) -> PyResult<Vec<(String, PyObject)>> {
        (self.model.vars.iter())
            .map(|v| {
                let domain = match v.domain {
                    Domain::Bool => "bool".into_pyobject(py)?.into_any().unbind(),
                    Domain::Int { lo, hi } => (lo, hi).into_pyobject(py)?.into_any().unbind(),
                };
                Ok((v.name.clone(), domain))
            })
            .collect()
    }
    /// Every eager constraint as `(name, kind)`; kind is clause, at_most_one, exactly_one,
    /// linear or greater_if.
    #[getter]
    fn constraints(&self) -> Vec<(String, &'static str)> {
        (self.model.constraints.iter())
            .map(|c| (c.name.clone(), c.constraint.kind()))
            .collect()
    }
    /// The names of the variables that make up the answer.
    #[getter]
    fn answer_keys(&self) -> Vec<String> {
        (self.model.answer_keys.iter())
            .map(|v| self.model.vars[v.0 as usize].name.clone())
            .collect()
    }
    /// The names of the lazy constraints (checked on solutions, adding cuts): none in a
    /// complete model, which is what a DIMACS or LP file can hold.
    #[getter]
    fn lazy(&self) -> Vec<String> {
        let lazy = self.model.lazy.iter().map(|l| l.name().to_string());
        lazy.chain(self.model.propagated.iter().map(|p| p.name().to_string()))
            .collect()
    }
    /// Whether the model has no lazy constraints.
    #[getter]
    fn complete(&self) -> bool {
        self.model.is_complete() && self.model.propagated.is_empty()
    }
    /// The model in DIMACS CNF (what `puzzlec export --format dimacs` writes).
    fn dimacs(&self, py: Python<'_>) -> PyResult<String> {
        py.allow_threads(|| self.text(Text::Dimacs)).map_err(py_err)
    }
    /// The model in CPLEX LP format (what `puzzlec export --format lp` writes).
    fn lp(&self, py: Python<'_>) -> PyResult<String> {
        py.allow_threads(|| self.text(Text::Lp)).map_err(py_err)
    }
    /// The model as JSON text (what `puzzlec export --format json` writes).
    fn json(&self, py: Python<'_>) -> PyResult<String> {
        py.allow_threads(|| self.text(Text::Json)).map_err(py_err)
    }
    fn __repr__(&self) -> String {
        format!(
            "<puzzlec.Model {} ({}): {} variables, {} constraints{}>",
            self.genre,
            self.formulation,
            self.model.vars.len(),
            self.model.constraints.len(),
            if self.complete() { "" } else { ", lazy" }
        )
    }
}

/// The texts a model is written in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Text {
    Dimacs,
    Lp,
    Json,
}

impl Model {
    /// The model as a solver file; only a complete model can be one.
    fn text(&self, text: Text) -> Result<String> {
        let model = &self.model;
        if !self.complete() {
            return Err(Error::Usage(format!(
                "formulation `{}` has lazy constraints ({}), so no file can hold it: build \
                 the model with a complete formulation",
                self.formulation,
                self.lazy().join(", ")
            )));
        }
        model.check_budget(|| format!("the model of formulation {}", self.formulation))?;
        match text {
            Text::Dimacs => {
                check_cnf_budget(model, false)?;
                let cnf = CnfEncoder::encode_model(model, self.card);
                let mut out = Vec::new();
                format::dimacs::write_cnf(
                    &mut out,
                    cnf.num_vars(),
                    cnf.clauses(),
                    cnf.names(),
                    &self.comments,
                )
                .map_err(|e| Error::Io(format!("cannot write the DIMACS text: {e}")))?;
                Ok(String::from_utf8_lossy(&out).into_owned())
            }
            Text::Lp | Text::Json => {
                // Rows and the text hold the model about three times over.
                puzzlec::budget::check(model.memory_bytes().saturating_mul(3), || {
                    format!("the text of formulation {}", self.formulation)
                })?;
                Ok(match text {
                    Text::Lp => {
                        let rows: Vec<_> = model.constraints.iter().map(linear::row).collect();
                        format::lp::write_lp(model, &rows, &self.comments).0
                    }
                    _ => format::json::model_json(model, &self.formulation),
                })
            }
        }
    }
}

/// Builds the model of a puzzle. With `complete`, keys left at a lazy default take their first
/// complete value (as `puzzlec export` does), so the model can be written as a file.
fn build_model(
    genre_or_url: &str,
    input: Option<&str>,
    formulation: &str,
    words: Option<&str>,
    complete: bool,
) -> Result<Model> {
    let (genre, input) = resolve(genre_or_url, input)?;
    let named = match input.source.as_str() {
        "URL" => input.text.trim().to_string(),
        path => path.to_string(),
    };
    let words = words.map(read_input).transpose()?;
    let puzzle = registry::load_with_words(&genre, &input, words.as_ref())?;
    let spec = match complete {
        true => complete_default(&puzzle.keys(), formulation),
        false => formulation.to_string(),
    };
    let (model, f) = puzzle.formulate(&spec)?;
    if complete && !model.is_complete() {
        return Err(Error::Usage(format!(
            "formulation `{}` has lazy constraints, so no file can hold it; use a complete one \
             ({})",
            f.spec(),
            complete_values(&puzzle.keys()).join(", ")
        )));
    }
    Ok(Model {
        comments: vec![
            format!("puzzlec export of {genre} {named}"),
            format!("formulation {}", f.spec()),
        ],
        card: f.choice("card"),
        formulation: f.spec(),
        genre,
        model,
    })
}

/// The model of a puzzle as a read-only object (lazy constraints included, as the solver
/// sees them).
#[pyfunction]
#[pyo3(signature = (genre_or_url, input=None, *, formulation=String::new(), words=None))]
fn model(
    py: Python<'_>,
    genre_or_url: String,
    input: Option<String>,
    formulation: String,
    words: Option<String>,
) -> PyResult<Model> {
    py.allow_threads(|| {
        build_model(
            &genre_or_url,
            input.as_deref(),
            &formulation,
            words.as_deref(),
            false,
        )
    })
    .map_err(py_err)
}

/// The text of `puzzlec export --format FORMAT`: dimacs, lp, json (a complete model) or url
/// (the puzzle's canonical puzz.link URL).
#[pyfunction]
#[pyo3(signature = (genre_or_url, input=None, *, format="dimacs".to_string(),
    formulation=String::new(), words=None))]
fn export(
    py: Python<'_>,
    genre_or_url: String,
    input: Option<String>,
    format: String,
    formulation: String,
    words: Option<String>,
) -> PyResult<String> {
    py.allow_threads(|| {
        let text = match format.as_str() {
            "dimacs" => Text::Dimacs,
            "lp" => Text::Lp,
            "json" => Text::Json,
            "url" => {
                let (_, puzzle) = load(&genre_or_url, input.as_deref(), words.as_deref())?;
                return Ok(format!("{}\n", puzzle.url()?));
            }
            other => {
                return Err(Error::Usage(format!(
                    "unknown export format `{other}` (dimacs, lp, json, url)"
                )))
            }
        };
        let model = build_model(
            &genre_or_url,
            input.as_deref(),
            &formulation,
            words.as_deref(),
            true,
        )?;
        model.text(text)
    })
    .map_err(py_err)
}

/// A picture of the first solution (or of the puzzle when there is none): SVG text, or PNG
/// bytes with `format="png"`.
#[pyfunction]
#[pyo3(signature = (genre_or_url, input=None, *, format="svg".to_string(),
    backend=backend::DEFAULT.to_string(), formulation=String::new(), timeout=None, words=None))]
#[allow(clippy::too_many_arguments)]
fn render(
    py: Python<'_>,
    genre_or_url: String,
    input: Option<String>,
    format: String,
    backend: String,
    formulation: String,
    timeout: Option<f64>,
    words: Option<String>,
) -> PyResult<PyObject> {
    if format != "svg" && format != "png" {
        return Err(PyValueError::new_err(format!(
            "unknown picture format `{format}` (svg, png)"
        )));
    }
    let ask = Ask {
        backend,
        formulation,
        mode: Mode::First,
        timeout,
        certify: false,
        words,
        sketch: true,
    };
    let picture = py.allow_threads(|| -> Result<(String, Option<Vec<u8>>)> {
        let done = run(genre_or_url, input, ask)?;
        let (puzzle, solutions) = done.progress.sketches();
        let verdict = done.report.verdict.as_str();
        let caption = Some(format!("{}: {verdict}", done.genre));
        let sketch = (solutions.into_iter().next())
            .or(puzzle)
            .ok_or_else(|| Error::Usage(format!("{} has no picture", done.genre)))?;
        let svg = Picture::single(sketch, caption).svg();
        let png = match format.as_str() {
            "png" => Some(puzzlec::render::png::rasterise(&svg)?),
            _ => None,
        };
        Ok((svg, png))
    });
    match picture.map_err(py_err)? {
        (_, Some(png)) => Ok(PyBytes::new(py, &png).into_any().unbind()),
        (svg, None) => Ok(svg.into_pyobject(py)?.into_any().unbind()),
    }
}

/// The names of every genre.
#[pyfunction]
fn genres() -> Vec<&'static str> {
    GENRES.iter().map(|g| g.name).collect()
}

/// Every backend as `{"name", "description", "available"}`.
#[pyfunction]
fn backends(py: Python<'_>) -> PyResult<Vec<PyObject>> {
    (backend::backends().into_iter())
        .map(|b| {
            let value = serde_json::json!({
                "name": b.name, "description": b.description, "available": b.available,
            });
            to_py(py, &value)
        })
        .collect()
}

/// A genre's formulation keys (the core's `card` last) as dicts: key, doc, default and values
/// (`name`, `doc`, `complete`).
#[pyfunction]
fn formulations(py: Python<'_>, genre: &str) -> PyResult<Vec<PyObject>> {
    let keys = registry::formulation_keys(genre).map_err(py_err)?;
    (keys.iter().chain(core_formulation_keys().iter()))
        .map(|k| {
            let values: Vec<_> = (k.values.iter())
                .map(|v| serde_json::json!({"name": v.name, "doc": v.doc, "complete": v.complete}))
                .collect();
            let value = serde_json::json!({
                "key": k.key, "doc": k.doc, "default": k.default, "values": values,
            });
            to_py(py, &value)
        })
        .collect()
}

/// One input of a batch and its answer: the report's JSON, or the error's.
type Answer = (usize, serde_json::Value);

/// The answers of `solve_many`, in input order, as they are solved on Rust threads.
#[pyclass(module = "puzzlec")]
struct SolveMany {
    answers: Mutex<mpsc::Receiver<Answer>>,
    waiting: BTreeMap<usize, serde_json::Value>,
    next: usize,
    total: usize,
}

#[pymethods]
impl SolveMany {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        if self.next == self.total {
            return Ok(None);
        }
        while !self.waiting.contains_key(&self.next) {
            let answers = &self.answers;
            // Waiting without the GIL, in steps, so that Ctrl-C reaches Python.
            let got = py.allow_threads(|| {
                let rx = answers.lock().expect("one reader");
                rx.recv_timeout(Duration::from_millis(100))
            });
            match got {
                Ok((i, value)) => {
                    self.waiting.insert(i, value);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(stopped_worker().to_string()))
                }
            }
        }
        let value = self.waiting.remove(&self.next).expect("present");
        self.next += 1;
        Ok(Some(to_py(py, &value)?))
    }
    fn __len__(&self) -> usize {
        self.total
    }
}

/// Solves many puzzles on `jobs` Rust threads (default: the number of cores), yielding one
/// dict per input in input order: the report of `solve`, with `input`, or `{"input", "error",
/// "exit"}` for an input that could not be read or solved (a batch does not stop at one).
#[pyfunction]
#[pyo3(signature = (inputs, genre=None, *, jobs=None, backend=backend::DEFAULT.to_string(),
    formulation=String::new(), timeout=None, first=false, facts=false))]
#[allow(clippy::too_many_arguments)]
fn solve_many(
    inputs: Vec<String>,
    genre: Option<String>,
    jobs: Option<usize>,
    backend: String,
    formulation: String,
    timeout: Option<f64>,
    first: bool,
    facts: bool,
) -> PyResult<SolveMany> {
    let mode = match (first, facts) {
        (true, true) => return Err(PyValueError::new_err("give first or facts, not both")),
        (true, false) => Mode::First,
        (false, true) => Mode::Facts,
        (false, false) => Mode::Unique,
    };
    if let Some(g) = &genre {
        registry::check_genre(g).map_err(py_err)?;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = jobs.unwrap_or(cores).clamp(1, inputs.len().max(1));
    let total = inputs.len();
    let queue: Arc<Mutex<VecDeque<(usize, String)>>> =
        Arc::new(Mutex::new(inputs.into_iter().enumerate().collect()));
    let (tx, rx) = mpsc::channel();
    for _ in 0..jobs {
        let (queue, tx) = (queue.clone(), tx.clone());
        let ask = Ask {
            backend: backend.clone(),
            formulation: formulation.clone(),
            mode,
            timeout,
            certify: false,
            words: None,
            sketch: false,
        };
        let genre = genre.clone();
        std::thread::spawn(move || loop {
            let Some((i, input)) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
                return;
            };
            let answer = match &genre {
                Some(g) => run(g.clone(), Some(input.clone()), ask.clone()),
                None => run(input.clone(), None, ask.clone()),
            };
            let mut value = match answer {
                Ok(done) => report_json(Some(&done.genre), &done.report),
                Err(e) => serde_json::json!({"error": e.to_string(), "exit": e.exit_code()}),
            };
            value["input"] = serde_json::json!(input);
            // The iterator was dropped: stop taking inputs.
            if tx.send((i, value)).is_err() {
                return;
            }
        });
    }
    Ok(SolveMany {
        answers: Mutex::new(rx),
        waiting: BTreeMap::new(),
        next: 0,
        total,
    })
}

/// The compiled core of the `puzzlec` package (imported by its `__init__.py`).
#[pymodule]
fn _puzzlec(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(export, m)?)?;
    m.add_function(wrap_pyfunction!(model, m)?)?;
    m.add_function(wrap_pyfunction!(render, m)?)?;
    m.add_function(wrap_pyfunction!(genres, m)?)?;
    m.add_function(wrap_pyfunction!(backends, m)?)?;
    m.add_function(wrap_pyfunction!(formulations, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_class::<Model>()?;
    m.add_class::<SolveMany>()?;
    m.add("DEFAULT_BACKEND", backend::DEFAULT)?;
    Ok(())
}
