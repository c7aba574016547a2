//! Verbs of a genre's own (`puzzlec nonogram logic`, `puzzlec tetromino list`): what a genre
//! exports so that the application can offer them without the genre knowing the application.
//!
//! A genre describes its verbs as a clap command and runs them from clap's matches; the one
//! thing it borrows from the application is the worker with a deadline ([`Deadline`]), lent
//! as a trait object because the worker lives in the binary, above the library.

use crate::error::{Error, Result};
use std::any::Any;

/// A genre's verbs, as the application needs them: their command line, how to run them and
/// whether they print JSON.
#[derive(Clone, Copy)]
pub struct Verbs {
    /// Adds the verbs (and the genre command's one-line help) to the command `puzzlec GENRE`.
    pub command: fn(clap::Command) -> clap::Command,
    /// Runs the verb chosen in the matches of `puzzlec GENRE`; returns the exit code.
    pub run: fn(&clap::ArgMatches, &dyn Deadline) -> Result<i32>,
    /// Whether the verb chosen in the matches of `puzzlec GENRE` was asked for JSON output.
    pub json: fn(&clap::ArgMatches) -> bool,
}

/// A boxed job whose answer is of any type (see [`Deadline::within`]).
pub type AnyJob = Box<dyn FnOnce() -> Result<Box<dyn Any + Send>> + Send>;

/// The application's worker with a deadline, lent to a genre's verbs.
pub trait Deadline {
    /// Runs the job on a worker thread with a large stack, and gives up after `timeout`
    /// seconds with [`Error::Timeout`] (the embedded solvers cannot be interrupted).
    fn run(&self, timeout: Option<f64>, job: AnyJob) -> Result<Box<dyn Any + Send>>;
}

impl dyn Deadline + '_ {
    /// [`Deadline::run`] for a job with an answer of a known type.
    pub fn within<T: Send + 'static>(
        &self,
        timeout: Option<f64>,
        job: impl FnOnce() -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let answer = self.run(
            timeout,
            Box::new(move || job().map(|t| Box::new(t) as Box<dyn Any + Send>)),
        )?;
        answer.downcast::<T>().map(|t| *t).map_err(|_| {
            Error::Solver("the worker answered with another type (a bug: please report it)".into())
        })
    }
}

/// Reads the derive enum of a genre's verbs from the matches of `puzzlec GENRE`.
pub fn parse<C: clap::FromArgMatches>(matches: &clap::ArgMatches) -> Result<C> {
    C::from_arg_matches(matches).map_err(|e| Error::Usage(e.to_string()))
}
