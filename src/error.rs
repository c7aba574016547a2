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
    /// Reading or writing a file failed.
    Io(String),
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
    /// The process exit code for this error (2 input/usage, 3 timeout or solver failure).
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input { .. } | Error::Invalid(_) | Error::Usage(_) | Error::Io(_) => 2,
            Error::MissingBinary { .. } | Error::Solver(_) | Error::Timeout(_) => 3,
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
            Error::Io(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for Error {}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, Error>;
