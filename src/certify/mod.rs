//! Certified verdicts (`--certify`).

pub mod cuts;
