//! Writers and readers of solver files: DIMACS CNF, CPLEX LP, and the model as JSON.

pub mod dimacs;
pub mod json;
pub mod lp;
