//! Lowerings of the IR: to CNF for SAT solvers and to linear rows for MIP solvers.

pub mod cnf;
pub mod linear;

pub use cnf::{CardEncoding, CnfEncoder};
pub use linear::{LinearRow, RowSense};
