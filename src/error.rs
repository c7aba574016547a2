//! The crate's error type and how each kind maps to a process exit code.

use std::fmt;

/// Everything that can go wrong between reading a puzzle and printing its answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// Malformed puzzle input at a position: `file:line:col: message`.
    Input {
        /// The file name, `-` for standard input, or `URL`.
        source: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// What was expected or what is wrong.
        message: String,
    },
    /// A puzzle that is well-formed but invalid as a whole (e.g. a clue larger than its room).
    Invalid(String),
    /// A bad command line: unknown genre, backend, formulation key or value.
    Usage(String),
    /// An external solver binary is not installed.
    MissingBinary {
        /// The binary that was looked for on PATH.
        binary: String,
        /// How to install it.
        install: String,
    },
    /// A solver failed or returned something we could not read.
    Solver(String),
    /// The time limit was reached.
    Timeout(f64),
    /// Building something would pass the memory budget (see [`crate::budget`]).
    Memory {
        /// What would have been built, e.g. "the CNF of formulation connectivity=tree".
        what: String,
        /// Bytes the process would hold with it (estimated).
        needed: u64,
        /// Whether `needed` is only what was reached when the budget ran out (the whole would
        /// take more), rather than an estimate of the whole.
        at_least: bool,
        /// The budget in bytes.
        budget: u64,
    },
    /// Reading or writing a file failed.
    Io(String),
    /// `--certify` could not back the verdict: no proof, a rejected proof, a cut without a
    /// valid justification, or a solver that contradicts itself.
    Uncertified(String),
}

impl Error {
    /// An input error at a position.
    pub fn input(source: &str, line: usize, col: usize, message: impl Into<String>) -> Self {
        Error::Input {
            source: source.to_string(),
            line,
            col,
            message: message.into(),
        }
    }
    /// The process exit code for this error (2 input/usage, 3 timeout, memory budget or solver
    /// failure).
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input { .. } | Error::Invalid(_) | Error::Usage(_) | Error::Io(_) => 2,
            Error::MissingBinary { .. }
            | Error::Solver(_)
            | Error::Timeout(_)
            | Error::Memory { .. }
            | Error::Uncertified(_) => 3,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input {
                source,
                line,
                col,
                message,
            } => write!(f, "{source}:{line}:{col}: {message}"),
            Error::Invalid(m) => write!(f, "invalid puzzle: {m}"),
            Error::Usage(m) => write!(f, "{m}"),
            Error::MissingBinary { binary, install } => {
                write!(
                    f,
                    "solver binary `{binary}` not found on PATH; install it with: {install}"
                )
            }
            Error::Solver(m) => write!(f, "solver failure: {m}"),
            Error::Timeout(s) => write!(f, "timeout: no answer within {s} s"),
            Error::Memory {
                what,
                needed,
                at_least,
                budget,
            } => {
                let (needed, budget) = (human(*needed), human(*budget));
                if *at_least {
                    write!(
                        f,
                        "memory budget: {what} would need more than {needed} (the budget is \
                         {budget}), so it was not built. Raise the budget with --memory SIZE, \
                         or choose a smaller formulation or input"
                    )
                } else {
                    write!(
                        f,
                        "memory budget: {what} would need about {needed} but the budget is \
                         {budget}, so it was not built. Raise the budget with --memory SIZE \
                         (e.g. --memory {}), or choose a smaller formulation or input",
                        suggest(self)
                    )
                }
            }
            Error::Io(m) => write!(f, "{m}"),
            Error::Uncertified(m) => write!(f, "not certified: {m}"),
        }
    }
}

/// A `--memory` value that would hold what a memory error needed: whole GiB, rounded up.
fn suggest(e: &Error) -> String {
    match e {
        Error::Memory { needed, .. } => format!("{}G", (needed + (1 << 28)).div_ceil(1 << 30)),
        _ => String::new(),
    }
}

impl std::error::Error for Error {}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, Error>;

/// A byte count for messages: `1.5 GiB`, `320 MiB`, `12 KiB`.
pub fn human(bytes: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, size) in UNITS {
        if bytes >= size {
            let v = bytes as f64 / size as f64;
            return if v >= 10.0 {
                format!("{v:.0} {unit}")
            } else {
                format!("{v:.1} {unit}")
            };
        }
    }
    format!("{bytes} bytes")
}
