//! Literals, linear expressions and the constraint kinds of the IR.

use serde::Serialize;
use std::ops::{Add, Mul, Neg, Not, Sub};

/// A model variable, an index into [`crate::model::Model`]'s variable table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Var(pub u32);

impl Var {
    /// The variable's position in the model's table.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The positive literal of a 0/1 variable.
    pub fn lit(self) -> Lit {
        Lit {
            var: self,
            negated: false,
        }
    }
}

/// A 0/1 variable or its negation (`!x` is `1 - x` in linear terms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Lit {
    /// The variable.
    pub var: Var,
    /// True for the negative literal.
    pub negated: bool,
}

impl Lit {
    /// The value this literal takes under a 0/1 value of its variable.
    pub fn eval(self, value: bool) -> bool {
        value != self.negated
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit {
            var: self.var,
            negated: !self.negated,
        }
    }
}

impl Not for Var {
    type Output = Lit;
    fn not(self) -> Lit {
        !self.lit()
    }
}

impl From<Var> for Lit {
    fn from(v: Var) -> Lit {
        v.lit()
    }
}

/// A linear expression `Σ coef·var + constant` with integer coefficients.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LinExpr {
    /// The terms; a variable may repeat until [`LinExpr::normalized`] merges it.
    pub terms: Vec<(i64, Var)>,
    /// The constant part.
    pub constant: i64,
}

impl LinExpr {
    /// The empty expression (zero).
    pub fn new() -> Self {
        Self::default()
    }
    /// A constant expression.
    pub fn constant(c: i64) -> Self {
        LinExpr {
            terms: Vec::new(),
            constant: c,
        }
    }
    /// `Σ lits` where a negative literal counts as `1 - var`.
    pub fn sum_lits<I: IntoIterator<Item = Lit>>(lits: I) -> Self {
        let mut e = LinExpr::new();
        for l in lits {
            e.add_lit(1, l);
        }
        e
    }
    /// `Σ vars`.
    pub fn sum_vars<I: IntoIterator<Item = Var>>(vars: I) -> Self {
        LinExpr {
            terms: vars.into_iter().map(|v| (1, v)).collect(),
            constant: 0,
        }
    }
    /// Adds `coef·var`.
    pub fn add_term(&mut self, coef: i64, var: Var) -> &mut Self {
        if coef != 0 {
            self.terms.push((coef, var));
        }
        self
    }
    /// Adds `coef·lit`, rewriting a negative literal as `coef·(1 - var)`.
    pub fn add_lit(&mut self, coef: i64, lit: Lit) -> &mut Self {
        if lit.negated {
            self.constant += coef;
            self.add_term(-coef, lit.var)
        } else {
            self.add_term(coef, lit.var)
        }
    }
    /// The same expression with each variable once, in variable order, zero terms dropped.
    pub fn normalized(&self) -> LinExpr {
        let mut terms = self.terms.clone();
        terms.sort_by_key(|&(_, v)| v);
        let mut merged: Vec<(i64, Var)> = Vec::with_capacity(terms.len());
        for (c, v) in terms {
            match merged.last_mut() {
                Some((mc, mv)) if *mv == v => *mc += c,
                _ => merged.push((c, v)),
            }
        }
        merged.retain(|&(c, _)| c != 0);
        LinExpr {
            terms: merged,
            constant: self.constant,
        }
    }
    /// The value under an assignment of every variable.
    pub fn eval(&self, value: impl Fn(Var) -> i64) -> i64 {
        self.constant + self.terms.iter().map(|&(c, v)| c * value(v)).sum::<i64>()
    }
    /// `self ≤ rhs` as a constraint.
    pub fn leq(self, rhs: i64) -> Constraint {
        Constraint::linear(self, Cmp::Le, rhs)
    }
    /// `self ≥ rhs` as a constraint.
    pub fn geq(self, rhs: i64) -> Constraint {
        Constraint::linear(self, Cmp::Ge, rhs)
    }
    /// `self = rhs` as a constraint.
    pub fn eq(self, rhs: i64) -> Constraint {
        Constraint::linear(self, Cmp::Eq, rhs)
    }
}

impl From<Var> for LinExpr {
    fn from(v: Var) -> Self {
        LinExpr::sum_vars([v])
    }
}

impl From<Lit> for LinExpr {
    fn from(l: Lit) -> Self {
        LinExpr::sum_lits([l])
    }
}

impl<T: Into<LinExpr>> Add<T> for LinExpr {
    type Output = LinExpr;
    fn add(mut self, rhs: T) -> LinExpr {
        let rhs = rhs.into();
        self.terms.extend(rhs.terms);
        self.constant += rhs.constant;
        self
    }
}

impl Add<i64> for Var {
    type Output = LinExpr;
    fn add(self, rhs: i64) -> LinExpr {
        LinExpr::from(self) + LinExpr::constant(rhs)
    }
}

impl<T: Into<LinExpr>> Sub<T> for LinExpr {
    type Output = LinExpr;
    fn sub(self, rhs: T) -> LinExpr {
        self + (-rhs.into())
    }
}

impl Neg for LinExpr {
    type Output = LinExpr;
    fn neg(mut self) -> LinExpr {
        for t in &mut self.terms {
            t.0 = -t.0;
        }
        self.constant = -self.constant;
        self
    }
}

impl Mul<Var> for i64 {
    type Output = LinExpr;
    fn mul(self, v: Var) -> LinExpr {
        let mut e = LinExpr::new();
        e.add_term(self, v);
        e
    }
}

impl Mul<LinExpr> for i64 {
    type Output = LinExpr;
    fn mul(self, mut e: LinExpr) -> LinExpr {
        for t in &mut e.terms {
            t.0 *= self;
        }
        e.constant *= self;
        e
    }
}

/// A comparison of a linear constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Cmp {
    /// `≤`
    Le,
    /// `=`
    Eq,
    /// `≥`
    Ge,
}

impl Cmp {
    /// The operator as written in LP files and messages.
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Le => "<=",
            Cmp::Eq => "=",
            Cmp::Ge => ">=",
        }
    }
    /// Whether `lhs cmp rhs` holds.
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            Cmp::Le => lhs <= rhs,
            Cmp::Eq => lhs == rhs,
            Cmp::Ge => lhs >= rhs,
        }
    }
}

/// One constraint of the IR.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Constraint {
    /// At least one literal is true.
    Clause {
        /// The literals.
        lits: Vec<Lit>,
    },
    /// At most one literal is true.
    AtMostOne {
        /// The literals.
        lits: Vec<Lit>,
    },
    /// Exactly one literal is true.
    ExactlyOne {
        /// The literals.
        lits: Vec<Lit>,
    },
    /// `expr cmp rhs` (the expression's constant is moved to the right by lowerings).
    Linear {
        /// The left-hand side.
        expr: LinExpr,
        /// The comparison.
        cmp: Cmp,
        /// The right-hand side.
        rhs: i64,
    },
    /// `when → high ≥ low + gap` over two integer variables (an indicator constraint).
    /// `big_m` makes the linear form `high − low − big_m·when ≥ gap − big_m` valid when
    /// `when` is false; [`crate::model::Model::add_greater_if`] computes it from the domains.
    GreaterIf {
        /// The condition.
        when: Lit,
        /// The variable that must be larger.
        high: Var,
        /// The variable that must be smaller.
        low: Var,
        /// The least difference.
        gap: i64,
        /// `gap + hi(low) − lo(high)`, at least 0.
        big_m: i64,
    },
}

impl Constraint {
    /// Bytes this constraint holds on the heap (its literal or term list).
    pub fn heap_bytes(&self) -> u64 {
        let bytes = match self {
            Constraint::Clause { lits }
            | Constraint::AtMostOne { lits }
            | Constraint::ExactlyOne { lits } => lits.capacity() * std::mem::size_of::<Lit>(),
            Constraint::Linear { expr, .. } => {
                expr.terms.capacity() * std::mem::size_of::<(i64, Var)>()
            }
            Constraint::GreaterIf { .. } => 0,
        };
        bytes as u64
    }
    /// A clause over the given literals.
    pub fn clause<I: IntoIterator<Item = Lit>>(lits: I) -> Self {
        Constraint::Clause {
            lits: lits.into_iter().collect(),
        }
    }
    /// `a → b` as a clause.
    pub fn implies(a: Lit, b: Lit) -> Self {
        Constraint::clause([!a, b])
    }
    /// At most one of the literals.
    pub fn at_most_one<I: IntoIterator<Item = Lit>>(lits: I) -> Self {
        Constraint::AtMostOne {
            lits: lits.into_iter().collect(),
        }
    }
    /// Exactly one of the literals.
    pub fn exactly_one<I: IntoIterator<Item = Lit>>(lits: I) -> Self {
        Constraint::ExactlyOne {
            lits: lits.into_iter().collect(),
        }
    }
    /// `expr cmp rhs`.
    pub fn linear(expr: LinExpr, cmp: Cmp, rhs: i64) -> Self {
        Constraint::Linear { expr, cmp, rhs }
    }
    /// Whether the constraint holds under a full assignment (0/1 for booleans).
    pub fn holds(&self, value: impl Fn(Var) -> i64) -> bool {
        let lit_true = |l: &Lit| l.eval(value(l.var) != 0);
        match self {
            Constraint::Clause { lits } => lits.iter().any(lit_true),
            Constraint::AtMostOne { lits } => lits.iter().filter(|l| lit_true(l)).count() <= 1,
            Constraint::ExactlyOne { lits } => lits.iter().filter(|l| lit_true(l)).count() == 1,
            Constraint::Linear { expr, cmp, rhs } => cmp.holds(expr.eval(value), *rhs),
            Constraint::GreaterIf {
                when,
                high,
                low,
                gap,
                ..
            } => !lit_true(when) || value(*high) >= value(*low) + gap,
        }
    }
    /// A short kind name for statistics and messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Constraint::Clause { .. } => "clause",
            Constraint::AtMostOne { .. } => "at_most_one",
            Constraint::ExactlyOne { .. } => "exactly_one",
            Constraint::Linear { .. } => "linear",
            Constraint::GreaterIf { .. } => "greater_if",
        }
    }
}

/// Values of every model variable (0/1 for booleans) as returned by a backend.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Assignment {
    /// The value of each variable, indexed by [`Var`].
    pub values: Vec<i64>,
}

impl Assignment {
    /// The value of a variable.
    pub fn value(&self, v: Var) -> i64 {
        self.values[v.index()]
    }
    /// The value of a 0/1 variable.
    pub fn bool(&self, v: Var) -> bool {
        self.values[v.index()] != 0
    }
    /// The value of a literal.
    pub fn lit(&self, l: Lit) -> bool {
        l.eval(self.bool(l.var))
    }
}
