//! The JSON API behind the page: what each route answers, and the limits it keeps.
//!
//! Every solve, export and compare runs the command line itself (`puzzlec solve --json
//! --render svg`, `puzzlec export`, `puzzlec compare --json`) in a child process, the way
//! `compare` runs its cells: the embedded solvers cannot be interrupted, so a request past its
//! time limit is ended by killing its process, and a model that outgrows its memory budget
//! ends that process, never the server. The answer is therefore exactly what the command line
//! prints, errors included. A pasted puzzle is passed to the child as a URL argument or as a
//! file in a fresh scratch directory (the child's working directory), never as a path: no
//! request can make the server read one of its own files.
//!
//! Routing happens on the server's async threads and is cheap (parse, validate); the server
//! then takes a slot ([`super::queue`]) and runs the child on a blocking thread with it, freed
//! only when the child has ended, so at most `jobs` children ever run, however many requests
//! time out. A child whose client has gone is killed at once (the work's cancel flag).
//!
//! An upload's `name` is a label for messages only: the pasted text always reaches the child as
//! a file the server names, so no name can become an argument (`-`, a genre, an option).

use crate::app::job::{self, Asked};
use puzzlec::backend::process::{self, Captured, ScratchDir};
use puzzlec::backend::{self};
use puzzlec::error::{Error, Result};
use puzzlec::formulation::{core_formulation_keys, FormulationKey};
use puzzlec::registry::{self, Input, GENRES};
use puzzlec::solve::Mode;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The page, compiled into the binary: one HTML file with its script and style inline.
const PAGE: &str = include_str!("page.html");

/// The largest request body accepted (413 past it).
pub const MAX_BODY: usize = 1 << 20;
/// The largest file an answer carries (a picture or an exported model); larger ones are
/// refused with the advice to use the command line.
pub const MAX_FILE: u64 = 64 << 20;
/// Seconds a child may run past its own time limit (start-up, writing its answer) before it
/// is killed.
const GRACE: f64 = 3.0;
/// The most inputs, backends and formulations one compare request may name.
const MAX_COMPARE_LIST: usize = 8;
/// The per-run time limit of a compare when the request gives none.
const COMPARE_RUN_SECONDS: f64 = 5.0;

/// How much a request may take.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Children (solves, exports, compares) running at once; more wait in the queue.
    pub jobs: usize,
    /// The largest time limit a request may ask for, and the one it gets by default.
    pub max_timeout: f64,
    /// The memory budget of each child, in bytes.
    pub child_memory: u64,
}

/// An answer: status, content type, body, and a file name when it is a download.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
    /// The name to save the body under (`Content-Disposition: attachment`).
    pub download: Option<String>,
}

impl Reply {
    /// A JSON answer.
    pub fn json(status: u16, value: &Value) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: value.to_string().into_bytes(),
            download: None,
        }
    }
    /// An error as the command line's `--json` prints it: `{"error", "exit"}`.
    pub fn error(status: u16, message: &str, exit: i32) -> Reply {
        Reply::json(status, &json!({"error": message, "exit": exit}))
    }
    /// An error of the crate's type: 400 for usage and input errors (exit code 2), 504 for a
    /// timeout, 422 for the other exit-code-3 failures (memory budget, solver failure).
    pub fn of_error(e: &Error) -> Reply {
        Reply::error(
            status_of(e.exit_code(), &e.to_string()),
            &e.to_string(),
            e.exit_code(),
        )
    }
    /// The body as text.
    #[cfg(test)]
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// The status of a command-line failure, by its exit code and message.
fn status_of(exit: i32, message: &str) -> u16 {
    match exit {
        2 => 400,
        3 if message.starts_with("timeout") => 504,
        3 => 422,
        _ => 500,
    }
}

/// Work for a blocking thread holding a slot: it answers when its child has ended, and ends
/// its child early once the flag is set (the client has gone).
pub type Work = Box<dyn FnOnce(&AtomicBool) -> Reply + Send>;

/// What a route decided: an answer now, or work that needs a slot.
pub enum Routed {
    /// The answer.
    Done(Reply),
    /// Take a slot, then run this on a blocking thread.
    Work(Work),
}

/// The API: its limits and the binary the children run.
pub struct Api {
    limits: Limits,
    exe: PathBuf,
}

/// `POST /api/solve`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    genre: Option<String>,
    input: String,
    /// The uploaded file's name, for error messages (`name:line:col`).
    name: Option<String>,
    backend: Option<String>,
    formulation: Option<String>,
    #[serde(default)]
    first: bool,
    #[serde(default)]
    facts: bool,
    timeout: Option<f64>,
}

/// `POST /api/export`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct ExportRequest {
    genre: Option<String>,
    input: String,
    name: Option<String>,
    format: String,
    formulation: Option<String>,
    timeout: Option<f64>,
}

/// `POST /api/compare`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct CompareRequest {
    genre: Option<String>,
    inputs: Vec<String>,
    backends: Option<Vec<String>>,
    formulations: Option<Vec<String>>,
    /// Seconds per run.
    timeout: Option<f64>,
}

impl Api {
    /// An API with these limits, running the binary it is part of.
    pub fn new(limits: Limits) -> Result<Arc<Api>> {
        Ok(Arc::new(Api {
            limits,
            exe: process::this_executable()?,
        }))
    }

    /// Answers a request: the page, the genres, or a solve, export or compare (as work for a
    /// blocking thread). `path` is without its query string.
    pub fn route(self: &Arc<Self>, method: &str, path: &str, body: &[u8]) -> Routed {
        // Every error reaches the page in its own words (see `page_words`).
        let work = |job: std::result::Result<Routed, Reply>| match job {
            Ok(Routed::Work(work)) => {
                let api = self.clone();
                Routed::Work(Box::new(move |cancelled| {
                    api.in_page_words(work(cancelled))
                }))
            }
            Ok(Routed::Done(reply)) | Err(reply) => Routed::Done(self.in_page_words(reply)),
        };
        match (method, path) {
            ("GET" | "HEAD", "/" | "/index.html") => Routed::Done(Reply {
                status: 200,
                content_type: "text/html; charset=utf-8",
                body: PAGE.as_bytes().to_vec(),
                download: None,
            }),
            ("GET" | "HEAD", "/api/genres") => Routed::Done(Reply::json(200, &self.genres())),
            ("POST", "/api/solve") => work(self.solve(body)),
            ("POST", "/api/export") => work(self.export(body)),
            ("POST", "/api/compare") => work(self.compare(body)),
            (_, "/" | "/index.html" | "/api/genres" | "/api/solve" | "/api/export")
            | (_, "/api/compare") => Routed::Done(Reply::error(
                405,
                &format!("{method} is not allowed on {path}"),
                2,
            )),
            _ => Routed::Done(Reply::error(404, &format!("no such page: {path}"), 2)),
        }
    }

    /// `GET /api/genres`: genres with their formulation keys and native solvers, the core
    /// keys, the backends and the limits, for the page's selects.
    fn genres(&self) -> Value {
        let keys = |keys: &[FormulationKey]| -> Vec<Value> {
            keys.iter()
                .map(|k| {
                    json!({
                        "key": k.key,
                        "doc": k.doc,
                        "default": k.default,
                        "values": k.values.iter().map(|v| json!({
                            "name": v.name, "doc": v.doc, "complete": v.complete,
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect()
        };
        let genres: Vec<Value> = GENRES
            .iter()
            .map(|g| {
                let name = g.name;
                json!({
                    "name": name,
                    "description": g.rules,
                    "keys": keys(&registry::formulation_keys(name).unwrap_or_default()),
                    "native": registry::native_solvers(name),
                })
            })
            .collect();
        let backends: Vec<Value> = backend::backends()
            .iter()
            .map(
                |b| json!({"name": b.name, "description": b.description, "available": b.available}),
            )
            .collect();
        json!({
            "genres": genres,
            "core_keys": keys(&core_formulation_keys()),
            "backends": backends,
            "default_backend": backend::DEFAULT,
            "limits": {
                "max_body_bytes": MAX_BODY,
                "max_timeout_seconds": self.limits.max_timeout,
                "concurrent_solves": self.limits.jobs,
            },
        })
    }

    /// A command-line message as the page's user can act on it: the page has a genre list,
    /// a backend list and no `--memory` (the server sets each run's budget).
    fn page_words(&self, message: &str) -> String {
        let mut text = message.to_string();
        if let Some(at) = text.find("Raise the budget with --memory") {
            let rest = text[at..]
                .find(", or ")
                .map_or("", |end| &text[at + end + 5..]);
            let rest = rest.to_string();
            text.truncate(at);
            text.push_str(&format!(
                "This server gives each run {} (whoever runs it sets that with `puzzlec serve \
                 --memory`); {}",
                puzzlec::budget::human(self.limits.child_memory),
                if rest.is_empty() {
                    "choose a smaller formulation or input"
                } else {
                    &rest
                }
            ));
        }
        for (cli, page) in [
            ("use --backend batsat", "pick the backend batsat"),
            (
                "give it first, e.g. `puzzlec solve heyawake FILE`",
                "pick it in the Genre list",
            ),
            (
                "(`puzzlec genres` lists them; ",
                "(the Genre list shows them; ",
            ),
            (
                "`puzzlec backends` lists them",
                "the Backend list shows them",
            ),
            (
                "`puzzlec formulations GENRE` lists them",
                "the Formulation lists show them",
            ),
        ] {
            text = text.replace(cli, page);
        }
        text
    }

    /// An error reply with its message in [`Api::page_words`]; any other reply as it is.
    fn in_page_words(&self, reply: Reply) -> Reply {
        if reply.status < 400 || reply.content_type != "application/json" {
            return reply;
        }
        let Ok(mut v) = serde_json::from_slice::<Value>(&reply.body) else {
            return reply;
        };
        let Some(message) = v["error"].as_str() else {
            return reply;
        };
        v["error"] = json!(self.page_words(message));
        Reply::json(reply.status, &v)
    }

    /// The time limit of a request: its own (above 0), never past the server's.
    fn timeout(&self, asked: Option<f64>) -> std::result::Result<f64, Reply> {
        match asked {
            None => Ok(self.limits.max_timeout),
            Some(secs) => puzzlec::budget::parse_seconds(&secs.to_string())
                .map(|s| s.min(self.limits.max_timeout))
                .map_err(|e| Reply::error(400, &format!("timeout: {e}"), 2)),
        }
    }

    /// `POST /api/solve`: `puzzlec solve --json --render svg` on the input; the answer is its
    /// JSON plus `"svg"` (the picture) and `"exit"` (the command line's exit code). Every
    /// verdict is a 200, `none` and `timeout` included (`"complete": false` for the latter).
    fn solve(self: &Arc<Self>, body: &[u8]) -> std::result::Result<Routed, Reply> {
        let request: SolveRequest = parse_body(body)?;
        let input = Pasted::new(&request.input, "input", request.name.as_deref())?;
        let genre = genre_for(request.genre.as_deref(), &input)?;
        let backend_name = request.backend.as_deref().unwrap_or(backend::DEFAULT);
        check_backend(backend_name, genre)?;
        let timeout = self.timeout(request.timeout)?;
        let formulation = request.formulation.unwrap_or_default();
        let mut args = vec![
            "solve".to_string(),
            "--json".into(),
            format!("--backend={backend_name}"),
            format!("--formulation={formulation}"),
            "--render=svg".into(),
            "--output=picture.svg".into(),
            // A "no solution" comes with the constraints that cannot hold together.
            "--explain".into(),
        ];
        let mode = if request.first {
            args.push("--first".into());
            Mode::First
        } else if request.facts {
            args.push("--facts".into());
            Mode::Facts
        } else {
            Mode::Unique
        };
        let backend_name = backend_name.to_string();
        let genre = genre.map(String::from);
        let api = self.clone();
        let inputs = [input];
        Ok(Routed::Work(Box::new(move |cancelled: &AtomicBool| {
            let run = match api.run(
                args,
                genre.as_deref(),
                &inputs,
                (timeout, timeout),
                cancelled,
            ) {
                Ok(run) => run,
                Err(reply) => return reply,
            };
            let Some(done) = run.captured.as_ref() else {
                // Killed past its own deadline: the same answer the command line gives for a
                // timeout with --json.
                let asked = Asked {
                    mode,
                    formulation: &formulation,
                    backend: &backend_name,
                };
                let report = job::timeout_report(Vec::new(), timeout, asked);
                let mut answer = job::report_json(genre.as_deref(), &report);
                answer["exit"] = json!(report.exit_code());
                return Reply::json(200, &answer);
            };
            match answer_of(done, &inputs) {
                Ok(mut answer) => {
                    match run.file("picture.svg") {
                        Ok(Some(svg)) => {
                            answer["svg"] = json!(String::from_utf8_lossy(&svg));
                        }
                        Ok(None) => {}
                        Err(reply) => return reply,
                    }
                    answer["exit"] = json!(done.code);
                    Reply::json(200, &answer)
                }
                Err(reply) => reply,
            }
        })))
    }

    /// `POST /api/export`: `puzzlec export --format F` on the input, answered as a download.
    fn export(self: &Arc<Self>, body: &[u8]) -> std::result::Result<Routed, Reply> {
        let request: ExportRequest = parse_body(body)?;
        let input = Pasted::new(&request.input, "input", request.name.as_deref())?;
        let genre = genre_for(request.genre.as_deref(), &input)?;
        let (extension, content_type) = match request.format.as_str() {
            "dimacs" => ("cnf", "text/plain; charset=utf-8"),
            "lp" => ("lp", "text/plain; charset=utf-8"),
            "json" => ("json", "application/json"),
            "url" => ("url.txt", "text/plain; charset=utf-8"),
            other => {
                return Err(Reply::error(
                    400,
                    &format!("unknown export format `{other}` (known: dimacs, lp, json, url)"),
                    2,
                ))
            }
        };
        let timeout = self.timeout(request.timeout)?;
        // The download's name: the genre asked for, or the one the URL names.
        let named = genre
            .or(match &input {
                Pasted::Inline(i) => registry::url_genre(i),
                Pasted::Text { .. } => None,
            })
            .unwrap_or("puzzle");
        let download = format!("{named}.{extension}");
        let file = format!("model.{extension}");
        let args = vec![
            "export".to_string(),
            format!("--format={}", request.format),
            format!("--formulation={}", request.formulation.unwrap_or_default()),
            format!("--output={file}"),
        ];
        let genre = genre.map(String::from);
        let api = self.clone();
        let inputs = [input];
        Ok(Routed::Work(Box::new(move |cancelled: &AtomicBool| {
            let run = match api.run(
                args,
                genre.as_deref(),
                &inputs,
                (timeout, timeout),
                cancelled,
            ) {
                Ok(run) => run,
                Err(reply) => return reply,
            };
            let Some(done) = run.captured.as_ref() else {
                return Reply::of_error(&Error::Timeout(timeout));
            };
            if done.code != 0 {
                return failure(done, &inputs);
            }
            match run.file(&file) {
                Ok(Some(bytes)) => Reply {
                    status: 200,
                    content_type,
                    body: bytes,
                    download: Some(download),
                },
                Ok(None) => Reply::error(500, "the export wrote no file", 3),
                Err(reply) => reply,
            }
        })))
    }

    /// `POST /api/compare`: `puzzlec compare --json` over the inputs, backends and
    /// formulations, with a per-run time limit and the server's limit as its budget; the answer
    /// is `{"rows": [...], "exit"}`.
    fn compare(self: &Arc<Self>, body: &[u8]) -> std::result::Result<Routed, Reply> {
        let request: CompareRequest = parse_body(body)?;
        let too_many = |what: &str, n: usize| {
            Reply::error(
                400,
                &format!(
                    "{n} {what} in one compare; at most {MAX_COMPARE_LIST} (use `puzzlec \
                     compare` for more)"
                ),
                2,
            )
        };
        if request.inputs.is_empty() {
            return Err(Reply::error(400, "compare needs at least one input", 2));
        }
        let backends = request.backends.unwrap_or_default();
        let formulations = request.formulations.unwrap_or_default();
        for (what, n) in [
            ("inputs", request.inputs.len()),
            ("backends", backends.len()),
            ("formulations", formulations.len()),
        ] {
            if n > MAX_COMPARE_LIST {
                return Err(too_many(what, n));
            }
        }
        let inputs: Vec<Pasted> = (request.inputs.iter().enumerate())
            .map(|(i, text)| {
                let file = format!("input{}", i + 1);
                Pasted::new(text, &file, None)
            })
            .collect::<std::result::Result<_, _>>()?;
        // `compare` needs its genre first; a URL names its own.
        let genre = match checked_genre(request.genre.as_deref())? {
            Some(genre) => genre.to_string(),
            None => (inputs.iter())
                .find_map(|p| match p {
                    Pasted::Inline(input) => registry::url_genre(input),
                    Pasted::Text { .. } => None,
                })
                .map(String::from)
                .ok_or_else(|| {
                    Reply::error(
                        400,
                        "compare needs a genre (only a puzz.link URL names its own)",
                        2,
                    )
                })?,
        };
        for b in &backends {
            check_backend(b, Some(&genre))?;
        }
        let run_seconds = self.timeout(request.timeout.or(Some(COMPARE_RUN_SECONDS)))?;
        let budget = self.limits.max_timeout;
        let mut args = vec![
            "compare".to_string(),
            "--json".into(),
            format!("--budget={budget}"),
        ];
        if !backends.is_empty() {
            args.push(format!("--backends={}", backends.join(",")));
        }
        args.extend(formulations.iter().map(|f| format!("--formulation={f}")));
        let api = self.clone();
        Ok(Routed::Work(Box::new(move |cancelled: &AtomicBool| {
            // The last run may start just before the budget ends and take its whole time.
            let whole = budget + run_seconds;
            let run = match api.run(args, Some(&genre), &inputs, (run_seconds, whole), cancelled) {
                Ok(run) => run,
                Err(reply) => return reply,
            };
            let Some(done) = run.captured.as_ref() else {
                return Reply::of_error(&Error::Timeout(budget + run_seconds));
            };
            match serde_json::from_str::<Value>(done.stdout.trim()) {
                Ok(Value::Array(mut rows)) => {
                    for row in &mut rows {
                        if let Some(verdict) = row["verdict"].as_str() {
                            row["verdict"] = json!(api.page_words(verdict));
                        }
                    }
                    Reply::json(
                        200,
                        &json!({"genre": genre, "rows": rows, "exit": done.code}),
                    )
                }
                _ => failure(done, &inputs),
            }
        })))
    }

    /// Runs `puzzlec ARGS --timeout T --memory M -- [GENRE] INPUT…` in a fresh scratch
    /// directory, killed `GRACE` seconds after `whole` seconds (`T` is the child's own limit),
    /// or as soon as `cancelled` is set; an error is already the reply.
    fn run(
        &self,
        args: Vec<String>,
        genre: Option<&str>,
        inputs: &[Pasted],
        (timeout, whole): (f64, f64),
        cancelled: &AtomicBool,
    ) -> std::result::Result<Run, Reply> {
        (self.run_child(args, genre, inputs, (timeout, whole), cancelled))
            .map_err(|e| Reply::of_error(&e))
    }

    /// [`Api::run`], with the crate's error.
    fn run_child(
        &self,
        mut args: Vec<String>,
        genre: Option<&str>,
        inputs: &[Pasted],
        (timeout, whole): (f64, f64),
        cancelled: &AtomicBool,
    ) -> Result<Run> {
        let scratch = ScratchDir::new("serve")?;
        args.push(format!("--timeout={timeout}"));
        args.push(format!("--memory={}", self.limits.child_memory));
        // Everything after `--` is positional, whatever it starts with.
        args.push("--".into());
        args.extend(genre.map(String::from));
        for input in inputs {
            args.push(input.place(&scratch.path)?);
        }
        let mut cmd = std::process::Command::new(&self.exe);
        cmd.args(&args).current_dir(&scratch.path);
        let deadline = puzzlec::budget::deadline_after(std::time::Instant::now(), whole + GRACE);
        let captured = process::run_capturing_unless(&mut cmd, deadline, "puzzlec", cancelled)?;
        Ok(Run { scratch, captured })
    }
}

/// A finished (or killed) child and the directory it wrote its files in.
struct Run {
    scratch: ScratchDir,
    /// `None` when it was killed at its deadline.
    captured: Option<Captured>,
}

impl Run {
    /// A file the child wrote, if it did; a 422 when it is larger than the server sends.
    fn file(&self, name: &str) -> std::result::Result<Option<Vec<u8>>, Reply> {
        let path = self.scratch.path.join(name);
        let Ok(meta) = std::fs::metadata(&path) else {
            return Ok(None);
        };
        if meta.len() > MAX_FILE {
            return Err(Reply::error(
                422,
                &format!(
                    "the {name} is {}, more than the {} the server sends; use the command line \
                     (`puzzlec`) for it",
                    puzzlec::budget::human(meta.len()),
                    puzzlec::budget::human(MAX_FILE)
                ),
                3,
            ));
        }
        std::fs::read(&path)
            .map(Some)
            .map_err(|e| Reply::error(500, &format!("cannot read the {name}: {e}"), 3))
    }
}

/// A pasted puzzle, as it will reach the child.
enum Pasted {
    /// A URL or fumen string, passed as the argument itself.
    Inline(Input),
    /// A puzzle's text, written to a file the server names.
    Text {
        /// The file's name, the child's argument: chosen by the server, never by the request.
        file: String,
        /// What messages call it: the upload's name, or the file's.
        label: String,
        /// The text.
        text: String,
    },
}

impl Pasted {
    /// Reads a pasted input: one line that is a URL or fumen string is taken as such,
    /// anything else as a file's text, written to `file` and called by the upload's `name`
    /// (or `file`) in messages.
    fn new(text: &str, file: &str, name: Option<&str>) -> std::result::Result<Pasted, Reply> {
        if text.trim().is_empty() {
            return Err(Reply::error(
                400,
                "missing the puzzle: paste a puzz.link URL, a fumen string or a puzzle file",
                2,
            ));
        }
        if !text.trim().contains('\n') {
            if let Some(input) = registry::inline(text) {
                return Ok(Pasted::Inline(input));
            }
        }
        Ok(Pasted::Text {
            file: file.to_string(),
            label: label(name).unwrap_or_else(|| file.to_string()),
            text: text.to_string(),
        })
    }

    /// The child's argument: the URL itself, or the file written into `dir`.
    fn place(&self, dir: &Path) -> Result<String> {
        match self {
            Pasted::Inline(input) => Ok(input.text.clone()),
            Pasted::Text { file, text, .. } => {
                std::fs::write(dir.join(file), text)
                    .map_err(|e| Error::Io(format!("cannot write the pasted puzzle: {e}")))?;
                Ok(file.clone())
            }
        }
    }

    /// A child's message with the file's name replaced by the upload's: at the start
    /// (`FILE:LINE:COL: …`) and quoted (`` `FILE` ``), the two ways the command line names it.
    fn relabel(&self, message: &str) -> String {
        let Pasted::Text { file, label, .. } = self else {
            return message.to_string();
        };
        let message = match message.strip_prefix(&format!("{file}:")) {
            Some(rest) => format!("{label}:{rest}"),
            None => message.to_string(),
        };
        message.replace(&format!("`{file}`"), &format!("`{label}`"))
    }
}

/// The label of an upload's name: its last path component, letters, digits, `.`, `-` and `_`
/// only, at most 64 characters, never hidden; `None` when nothing is left.
fn label(name: Option<&str>) -> Option<String> {
    let base = name.unwrap_or("").rsplit(['/', '\\']).next().unwrap_or("");
    let kept: String = base
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        .take(64)
        .collect();
    let kept = kept.trim_start_matches('.');
    (!kept.is_empty()).then(|| kept.to_string())
}

/// Reads a JSON request body; a malformed one is a 400 naming the line and column.
fn parse_body<T: for<'de> Deserialize<'de>>(body: &[u8]) -> std::result::Result<T, Reply> {
    serde_json::from_slice(body).map_err(|e| {
        // serde's message ends with " at line L column C", which the position already says.
        let message = e.to_string();
        let message = match message.rfind(" at line ") {
            Some(at) => message[..at].to_string(),
            None => message,
        };
        let error = Error::input("request", e.line().max(1), e.column().max(1), message);
        Reply::of_error(&error)
    })
}

/// The genre of a request: the one it names (checked), else none for a URL (which names its
/// own) and the claiming genre for an inline notation (a fumen string: tetromino); a pasted
/// file's text needs one picked.
fn genre_for<'a>(
    named: Option<&'a str>,
    input: &Pasted,
) -> std::result::Result<Option<&'a str>, Reply> {
    if let Some(genre) = checked_genre(named)? {
        return Ok(Some(genre));
    }
    match input {
        Pasted::Inline(i) if registry::url_genre(i).is_some() => Ok(None),
        Pasted::Inline(i) => Ok(registry::inline_genre(&i.text)),
        Pasted::Text { label, .. } => Err(Reply::error(
            400,
            &format!(
                "which genre is `{label}`? Pick it in the Genre list (only a puzz.link URL or a \
                 fumen string says its own)"
            ),
            2,
        )),
    }
}

/// The genre named by a request, checked; `None` when it names none.
fn checked_genre(genre: Option<&str>) -> std::result::Result<Option<&str>, Reply> {
    match genre.map(str::trim).filter(|g| !g.is_empty()) {
        None => Ok(None),
        Some(g) => registry::check_genre(g)
            .map(|_| Some(g))
            .map_err(|e| Reply::of_error(&e)),
    }
}

/// Accepts a backend that runs here (or a native search of the genre); the page never runs
/// a command named in a request (`dimacs:CMD` is accepted only for the known solvers).
fn check_backend(name: &str, genre: Option<&str>) -> std::result::Result<(), Reply> {
    let natives: Vec<&str> = match genre {
        Some(g) => registry::native_solvers(g).to_vec(),
        None => GENRES
            .iter()
            .flat_map(|g| g.native_solvers.iter().copied())
            .collect(),
    };
    let available: Vec<String> = (backend::backends().into_iter())
        .filter(|b| b.available)
        .map(|b| b.name)
        .chain(natives.iter().map(|n| n.to_string()))
        .collect();
    match available.iter().any(|b| b == name) {
        true => Ok(()),
        false => Err(Reply::error(
            400,
            &format!(
                "backend `{name}` is not one this server runs (available here: {})",
                available.join(", ")
            ),
            2,
        )),
    }
}

/// The JSON a successful `solve --json` printed, or the failure it reported.
fn answer_of(done: &Captured, inputs: &[Pasted]) -> std::result::Result<Value, Reply> {
    match serde_json::from_str::<Value>(done.stdout.trim()) {
        Ok(v) if v.get("verdict").is_some() => Ok(v),
        _ => Err(failure(done, inputs)),
    }
}

/// The error a child reported: its `{"error", "exit"}` line, or else its first `error:` line
/// on standard error (the memory budget's last resort prints only that), naming each pasted
/// input by its label.
fn failure(done: &Captured, inputs: &[Pasted]) -> Reply {
    let from_json = serde_json::from_str::<Value>(done.stdout.trim())
        .ok()
        .and_then(|v| v["error"].as_str().map(String::from));
    let message = from_json.unwrap_or_else(|| {
        let line = (done.stderr.lines())
            .find(|l| l.starts_with("error:"))
            .or_else(|| done.stderr.lines().find(|l| !l.trim().is_empty()))
            .unwrap_or("");
        match line.trim().strip_prefix("error:") {
            Some(rest) => rest.trim().to_string(),
            None if line.trim().is_empty() => format!("puzzlec ended with exit code {}", done.code),
            None => line.trim().to_string(),
        }
    });
    let message = (inputs.iter()).fold(message, |message, input| input.relabel(&message));
    let exit = match done.code {
        0 => 3, // a success without its answer is still a failure
        code => code,
    };
    Reply::error(status_of(exit, &message), &message, exit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upload_names_keep_only_a_safe_last_component() {
        let label = |name| label(name).unwrap_or_default();
        assert_eq!(label(Some("seed004.txt")), "seed004.txt");
        assert_eq!(label(Some("../../etc/passwd")), "passwd");
        assert_eq!(label(Some("C:\\puzzles\\a b.non")), "ab.non");
        assert_eq!(label(Some(".hidden")), "hidden");
        assert_eq!(label(Some("..")), "");
        assert_eq!(label(None), "");
        assert_eq!(label(Some(&"x".repeat(300))).len(), 64);
    }

    #[test]
    fn an_upload_name_is_a_label_never_the_childs_argument() {
        let dir = ScratchDir::new("serve-test").unwrap();
        for name in ["-", "nonogram", "--help", "input"] {
            let pasted = Pasted::new("AB\nAC\n", "input", Some(name)).unwrap();
            assert_eq!(pasted.place(&dir.path).unwrap(), "input", "{name}");
            assert_eq!(
                pasted.relabel("input:3:3: expected a digit"),
                format!("{name}:3:3: expected a digit")
            );
            assert_eq!(
                pasted.relabel("cannot tell the genre of `input`: give it first"),
                format!("cannot tell the genre of `{name}`: give it first")
            );
        }
        assert_eq!(
            std::fs::read_to_string(dir.path.join("input")).unwrap(),
            "AB\nAC\n"
        );
    }

    #[test]
    fn a_pasted_url_is_an_argument_and_anything_else_a_file() {
        let url = Pasted::new(
            " puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k \n",
            "input",
            None,
        );
        let url = url.unwrap();
        assert!(
            matches!(url, Pasted::Inline(ref i) if i.text == "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k")
        );
        // A path is text, never a file of the server's.
        assert!(matches!(
            Pasted::new("/etc/passwd", "input", None).unwrap(),
            Pasted::Text { ref file, ref label, .. } if file == "input" && label == "input"
        ));
        assert_eq!(
            Pasted::new("  \n", "input", None).err().unwrap().status,
            400
        );
    }

    #[test]
    fn a_malformed_body_is_a_400_at_its_line_and_column() {
        let reply = parse_body::<SolveRequest>(b"{\"input\": 3}").unwrap_err();
        assert_eq!(reply.status, 400);
        let v: Value = serde_json::from_slice(&reply.body).unwrap();
        assert_eq!(v["exit"], 2);
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .starts_with("request:1:11: invalid type"),
            "{v}"
        );
        let unknown = parse_body::<SolveRequest>(b"{\"input\": \"x\", \"colour\": 1}");
        assert!(unknown
            .unwrap_err()
            .text()
            .contains("unknown field `colour`"));
    }

    #[test]
    fn only_backends_that_run_here_are_accepted() {
        assert!(check_backend("varisat", None).is_ok());
        assert!(check_backend("native", Some("tetromino")).is_ok());
        assert!(check_backend("native", Some("heyawake")).is_err());
        let refused = check_backend("dimacs:/bin/sh", Some("heyawake")).unwrap_err();
        assert_eq!(refused.status, 400);
        assert!(refused.text().contains("available here: varisat, batsat"));
    }

    #[test]
    fn failures_keep_the_command_lines_message_and_exit_code() {
        let captured = |stdout: &str, stderr: &str, code| Captured {
            stdout: stdout.into(),
            stderr: stderr.into(),
            code,
        };
        let input = failure(
            &captured(
                r#"{"error":"URL:1:27: expected a digit","exit":2}"#,
                "error: URL:1:27: expected a digit\n",
                2,
            ),
            &[],
        );
        assert_eq!(
            (input.status, input.text().contains("URL:1:27")),
            (400, true)
        );
        let memory = failure(
            &captured(
                "",
                "error: the memory budget is spent: an allocation …\n",
                3,
            ),
            &[],
        );
        assert_eq!(memory.status, 422);
        assert!(memory.text().contains("the memory budget is spent"));
        let timeout = failure(
            &captured("", "error: timeout: no answer within 2 s\n", 3),
            &[],
        );
        assert_eq!(timeout.status, 504);
    }
}
