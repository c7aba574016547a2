//! "No two chosen cells touch, not even diagonally" (star battle, tents, battleships): two
//! complete encodings over a grid's 0/1 cell variables, as a formulation [`Choice`].

use super::Grid;
use crate::formulation::{Choice, Value};
use crate::model::{Constraint, Model, Var};

/// How "no two chosen cells touch" is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoTouching {
    /// At most one chosen cell in every 2×2 block: on a grid at least two cells wide and high
    /// every touching pair shares a block, so this is exact, with a quarter of the constraints
    /// and a tight LP relaxation (a one-cell-wide grid has no blocks and gets the pairs).
    Windows,
    /// One clause per pair of touching cells (orthogonal and diagonal).
    Pairs,
}

impl Choice for NoTouching {
    const VALUES: &'static [Value] = &[
        Value::complete(
            "windows",
            "at most one per 2x2 block (exact: every touching pair shares a block)",
        ),
        Value::complete("pairs", "one clause per pair of touching cells"),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "windows" => Some(NoTouching::Windows),
            "pairs" => Some(NoTouching::Pairs),
            _ => None,
        }
    }
}

impl Grid {
    /// Adds "no two cells whose `chosen` variable is true touch, diagonals included".
    pub fn add_no_touching(&self, model: &mut Model, chosen: &[Var], encoding: NoTouching) {
        match encoding {
            NoTouching::Windows if self.height > 1 && self.width > 1 => {
                for w in self.windows2x2() {
                    let block = Constraint::at_most_one(w.map(|c| chosen[c].lit()));
                    model.add(format!("no touching around {}", self.name(w[0])), block);
                }
            }
            _ => {
                for a in self.cells() {
                    for b in self.neighbours8(a).filter(|&b| b > a) {
                        let pair = Constraint::clause([!chosen[a], !chosen[b]]);
                        model.add(
                            format!("no touching {}-{}", self.name(a), self.name(b)),
                            pair,
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::satisfiable_projections;
    use std::collections::BTreeSet;

    #[test]
    fn both_encodings_allow_exactly_the_sets_with_no_touching_cells() {
        for (h, w) in [(1, 1), (1, 4), (2, 2), (3, 3), (2, 5), (4, 3)] {
            let g = Grid::new(h, w);
            let apart = |mask: u64| {
                let set = |c: usize| mask >> c & 1 == 1;
                g.cells()
                    .all(|a| !set(a) || g.neighbours8(a).all(|b| !set(b)))
            };
            let expected: BTreeSet<u64> = (0..1u64 << g.len()).filter(|&m| apart(m)).collect();
            for encoding in [NoTouching::Windows, NoTouching::Pairs] {
                let mut m = Model::new();
                let chosen = g.answer_bools(&mut m, "star");
                g.add_no_touching(&mut m, &chosen, encoding);
                let found = satisfiable_projections(&m, &chosen);
                assert_eq!(found, expected, "{h}x{w} {encoding:?}");
            }
        }
    }
}
