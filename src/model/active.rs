//! Whether a node or edge of a graph constraint takes part: never, when a literal is true, or
//! always. Graph constraints take these on the caller's own ids (a genre never renumbers its
//! cells) and fold the constants away, so a fixed cell costs no variable and no clause.

use super::{Assignment, Constraint, LinExpr, Lit, Model, Var};
use std::ops::Not;

/// A node's or edge's participation in a graph constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Active {
    /// Never takes part (e.g. a cell outside the puzzle, a segment that cannot exist).
    Never,
    /// Takes part exactly when the literal is true.
    When(Lit),
    /// Always takes part (e.g. a clue cell that is never shaded).
    Always,
}

impl Active {
    /// Its value under an assignment.
    pub fn holds(self, a: &Assignment) -> bool {
        match self {
            Active::Never => false,
            Active::When(l) => a.lit(l),
            Active::Always => true,
        }
    }
    /// Whether it can never take part.
    pub fn is_never(self) -> bool {
        self == Active::Never
    }
    /// The literal, unless it is a constant.
    pub fn lit(self) -> Option<Lit> {
        match self {
            Active::When(l) => Some(l),
            _ => None,
        }
    }
}

impl Not for Active {
    type Output = Active;
    fn not(self) -> Active {
        match self {
            Active::Never => Active::Always,
            Active::When(l) => Active::When(!l),
            Active::Always => Active::Never,
        }
    }
}

impl From<Lit> for Active {
    fn from(l: Lit) -> Active {
        Active::When(l)
    }
}

impl From<Var> for Active {
    fn from(v: Var) -> Active {
        Active::When(v.lit())
    }
}

impl From<Option<Lit>> for Active {
    /// `None` is a node that is never active.
    fn from(l: Option<Lit>) -> Active {
        l.map_or(Active::Never, Active::When)
    }
}

impl From<bool> for Active {
    fn from(b: bool) -> Active {
        if b {
            Active::Always
        } else {
            Active::Never
        }
    }
}

/// `⋁ terms` as a clause with the constants folded: `None` when a term is always true; an
/// empty clause (unsatisfiable) when every term is never true.
pub fn clause_of(terms: impl IntoIterator<Item = Active>) -> Option<Constraint> {
    let mut lits = Vec::new();
    for t in terms {
        match t {
            Active::Always => return None,
            Active::Never => {}
            Active::When(l) => lits.push(l),
        }
    }
    Some(Constraint::clause(lits))
}

/// Adds `⋁ terms` (nothing when a term is always true).
pub fn add_clause(
    model: &mut Model,
    name: impl Into<String>,
    terms: impl IntoIterator<Item = Active>,
) {
    if let Some(c) = clause_of(terms) {
        model.add(name, c);
    }
}

/// Makes the model unsatisfiable with a readable reason: a fresh variable forced both ways,
/// so that the reason shows in the model and every backend and file format accepts it (an
/// empty clause is not written the same way by all of them).
pub fn add_contradiction(model: &mut Model, reason: &str) {
    let v = model.new_bool(format!("{reason} (impossible)"));
    model.add(reason, Constraint::clause([v.lit()]));
    model.add(reason, Constraint::clause([!v]));
}

/// Adds "at most one of the terms"; `exactly` also demands at least one.
fn add_cardinality_one(
    model: &mut Model,
    name: impl Into<String>,
    terms: impl IntoIterator<Item = Active>,
    exactly: bool,
) {
    let name = name.into();
    let mut lits = Vec::new();
    let mut always = 0;
    for t in terms {
        match t {
            Active::Always => always += 1,
            Active::Never => {}
            Active::When(l) => lits.push(l),
        }
    }
    match always {
        0 if exactly => model.add(name, Constraint::exactly_one(lits)),
        0 if lits.len() > 1 => model.add(name, Constraint::at_most_one(lits)),
        0 => {}
        1 => {
            for l in lits {
                model.add(name.clone(), Constraint::clause([!l]));
            }
        }
        _ => model.add(name, Constraint::clause([])),
    }
}

/// Adds "exactly one of the terms is true".
pub fn add_exactly_one(
    model: &mut Model,
    name: impl Into<String>,
    terms: impl IntoIterator<Item = Active>,
) {
    add_cardinality_one(model, name, terms, true);
}

/// Adds "at most one of the terms is true".
pub fn add_at_most_one(
    model: &mut Model,
    name: impl Into<String>,
    terms: impl IntoIterator<Item = Active>,
) {
    add_cardinality_one(model, name, terms, false);
}

impl LinExpr {
    /// Adds `coef·term` (a constant for `Never` and `Always`).
    pub fn add_active(&mut self, coef: i64, term: Active) -> &mut Self {
        match term {
            Active::Never => self,
            Active::Always => {
                self.constant += coef;
                self
            }
            Active::When(l) => self.add_lit(coef, l),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every 0/1 value of the variables, as assignments.
    fn all_assignments(vars: usize) -> Vec<Assignment> {
        (0u32..1 << vars)
            .map(|m| Assignment {
                values: (0..vars).map(|i| (m >> i & 1) as i64).collect(),
            })
            .collect()
    }

    /// Terms over two variables and both constants, negated or not.
    fn terms(a: Var, b: Var) -> Vec<Active> {
        let base = [Active::Never, Active::Always, a.into(), b.into()];
        base.iter().flat_map(|&t| [t, !t]).collect()
    }

    /// How many true terms a constraint allows, and how it is built from three terms.
    type Case = (fn(usize) -> bool, fn(&mut Model, [Active; 3]));

    #[test]
    fn folded_constraints_mean_what_their_terms_say() {
        // Every triple of terms: the model holds exactly when the count of true terms says so.
        let mut probe = Model::new();
        let (a, b) = (probe.new_bool("a"), probe.new_bool("b"));
        let pool = terms(a, b);
        for &x in &pool {
            for &y in &pool {
                for &z in &pool {
                    let triple = [x, y, z];
                    let cases: [Case; 3] = [
                        (|n| n >= 1, |m, t| add_clause(m, "c", t)),
                        (|n| n <= 1, |m, t| add_at_most_one(m, "c", t)),
                        (|n| n == 1, |m, t| add_exactly_one(m, "c", t)),
                    ];
                    for (expected, build) in cases {
                        let mut m = Model::new();
                        m.new_bool("a");
                        m.new_bool("b");
                        build(&mut m, triple);
                        for asg in all_assignments(2) {
                            let count = triple.iter().filter(|t| t.holds(&asg)).count();
                            let holds = m.first_violation(&asg).is_none();
                            assert_eq!(holds, expected(count), "{triple:?} at {asg:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn linear_terms_count_constants() {
        let mut m = Model::new();
        let a = m.new_bool("a");
        let mut e = LinExpr::new();
        e.add_active(2, Active::Always)
            .add_active(5, Active::Never)
            .add_active(3, !Active::from(a));
        for asg in all_assignments(1) {
            let expected = 2 + 3 * (1 - asg.value(a));
            assert_eq!(e.eval(|v| asg.value(v)), expected);
        }
    }
}
