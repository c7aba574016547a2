//! IR → linear rows over the model's own variables (0/1 and bounded integer columns) for MIP.

use crate::model::{Cmp, Constraint, LinExpr, NamedConstraint};

/// The sense of a row.
pub type RowSense = Cmp;

/// One row `Σ coef·var sense rhs` with its name.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearRow {
    /// The constraint's readable name.
    pub name: String,
    /// Normalised terms (each variable once, nonzero coefficients).
    pub expr: LinExpr,
    /// The comparison.
    pub sense: RowSense,
    /// The right-hand side (the expression's constant already moved here).
    pub rhs: i64,
}

/// The row of one constraint: a clause is `Σ lits ≥ 1`, at-most-one `≤ 1`, exactly-one `= 1`.
pub fn row(c: &NamedConstraint) -> LinearRow {
    let (expr, sense, rhs) = match &c.constraint {
        Constraint::Clause { lits } => (LinExpr::sum_lits(lits.iter().copied()), Cmp::Ge, 1),
        Constraint::AtMostOne { lits } => (LinExpr::sum_lits(lits.iter().copied()), Cmp::Le, 1),
        Constraint::ExactlyOne { lits } => (LinExpr::sum_lits(lits.iter().copied()), Cmp::Eq, 1),
        Constraint::Linear { expr, cmp, rhs } => (expr.clone(), *cmp, *rhs),
    };
    let expr = expr.normalized();
    let rhs = rhs - expr.constant;
    LinearRow {
        name: c.name.clone(),
        expr: LinExpr {
            terms: expr.terms,
            constant: 0,
        },
        sense,
        rhs,
    }
}
