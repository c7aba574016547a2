//! The application around the library: the command line ([`cli`]), batch runs ([`batch`]) and
//! the web server ([`serve`]), all three on one job-and-report layer ([`job`]): one worker with
//! a deadline, one partial report when the deadline comes first, one JSON shape of a report.
//! None of it is part of the library, which neither parses a command line nor listens on a
//! socket.

pub mod batch;
pub mod cli;
pub mod complete;
pub mod job;
pub mod picture;
pub mod serve;
