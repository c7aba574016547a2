//! "Every shaded cell has exactly one shaded orthogonal neighbour": the shaded cells form
//! dominoes (norinori; any genre whose shading is made of separate pairs). Two complete
//! encodings as a formulation [`Choice`], and the check for a rules `verify`.

use super::{Cell, Grid};
use crate::formulation::{Choice, Value};
use crate::model::{Constraint, LinExpr, Lit, Model};

/// How "a shaded cell has exactly one shaded neighbour" is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OneNeighbour {
    /// Clauses: a shaded cell has a shaded neighbour, and no two of its neighbours are shaded
    /// with it (at most six small clauses a cell; unit propagation does the pairing).
    Clauses,
    /// Two indicator rows a cell: `Σ neighbours ≥ shaded` and
    /// `Σ neighbours + (degree−1)·shaded ≤ degree` (tight for MIP).
    Linear,
}

impl Choice for OneNeighbour {
    const VALUES: &'static [Value] = &[
        Value::complete(
            "clauses",
            "a shaded cell has a shaded neighbour, and no two more (pair clauses)",
        ),
        Value::complete(
            "linear",
            "two rows a cell: at least the cell, at most one when the cell is shaded",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "clauses" => Some(OneNeighbour::Clauses),
            "linear" => Some(OneNeighbour::Linear),
            _ => None,
        }
    }
}

impl Grid {
    /// Adds "every cell whose `shaded` literal is true has exactly one orthogonal neighbour
    /// whose literal is true", named `{name} at CELL`.
    pub fn add_one_shaded_neighbour(
        &self,
        model: &mut Model,
        name: &str,
        shaded: &[Lit],
        encoding: OneNeighbour,
    ) {
        for c in self.cells() {
            let near: Vec<Lit> = self.neighbours4(c).map(|n| shaded[n]).collect();
            let at = format!("{name} at {}", self.name(c));
            match encoding {
                OneNeighbour::Clauses => {
                    let some = std::iter::once(!shaded[c]).chain(near.iter().copied());
                    model.add(at.clone(), Constraint::clause(some));
                    for (i, &a) in near.iter().enumerate() {
                        for &b in &near[i + 1..] {
                            model.add(at.clone(), Constraint::clause([!shaded[c], !a, !b]));
                        }
                    }
                }
                OneNeighbour::Linear => {
                    let degree = near.len() as i64;
                    let mut least = LinExpr::sum_lits(near.iter().copied());
                    least.add_lit(-1, shaded[c]);
                    model.add(at.clone(), least.geq(0));
                    let mut most = LinExpr::sum_lits(near.iter().copied());
                    most.add_lit(degree - 1, shaded[c]);
                    model.add(at, most.leq(degree));
                }
            }
        }
    }

    /// The first shaded cell without exactly one shaded neighbour, with how many it has.
    pub fn first_not_in_pair(&self, shaded: &[bool]) -> Option<(Cell, usize)> {
        self.cells().filter(|&c| shaded[c]).find_map(|c| {
            let n = self.neighbours4(c).filter(|&n| shaded[n]).count();
            (n != 1).then_some((c, n))
        })
    }
}

impl Grid {
    /// Each cell's partner from a label per cell: every label but `none` names exactly two
    /// neighbouring cells (magnetic's plates, dominoes). `Err` gives a cell of a label that
    /// does not (its last cell).
    pub fn partners_from_labels(
        &self,
        labels: &[&str],
        none: &str,
    ) -> Result<Vec<Option<Cell>>, Cell> {
        let mut first: std::collections::HashMap<&str, Cell> = std::collections::HashMap::new();
        let mut partner = vec![None; self.len()];
        for (c, &label) in labels.iter().enumerate().filter(|(_, l)| **l != none) {
            match first.insert(label, c) {
                None => {}
                Some(a) if partner[a].is_none() && self.neighbours4(a).any(|n| n == c) => {
                    (partner[a], partner[c]) = (Some(c), Some(a));
                }
                Some(_) => return Err(c),
            }
        }
        match (self.cells()).find(|&c| labels[c] != none && partner[c].is_none()) {
            Some(lone) => Err(lone),
            None => Ok(partner),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::satisfiable_projections;

    #[test]
    fn the_check_finds_lone_cells_and_cells_with_two_neighbours() {
        let g = Grid::new(1, 4);
        assert_eq!(g.first_not_in_pair(&[true, true, false, false]), None);
        assert_eq!(
            g.first_not_in_pair(&[true, false, false, true]),
            Some((0, 0))
        );
        assert_eq!(
            g.first_not_in_pair(&[true, true, true, false]),
            Some((1, 2))
        );
    }

    #[test]
    fn both_encodings_allow_exactly_the_shadings_made_of_dominoes() {
        let g = Grid::new(3, 3);
        let expected: std::collections::BTreeSet<u64> = (0u64..1 << 9)
            .filter(|m| {
                g.first_not_in_pair(&(0..9).map(|i| m >> i & 1 == 1).collect::<Vec<_>>())
                    .is_none()
            })
            .collect();
        for encoding in [OneNeighbour::Clauses, OneNeighbour::Linear] {
            let mut m = Model::new();
            let x = g.answer_bools(&mut m, "x");
            let lits: Vec<Lit> = x.iter().map(|v| v.lit()).collect();
            g.add_one_shaded_neighbour(&mut m, "pair", &lits, encoding);
            assert_eq!(satisfiable_projections(&m, &x), expected, "{encoding:?}");
        }
    }

    #[test]
    fn labels_pair_neighbouring_cells_and_refuse_anything_else() {
        let g = Grid::new(2, 3);
        let ok = g.partners_from_labels(&["1", "1", "@", "2", "3", "3"], "@");
        assert_eq!(ok, Err(3)); // `2` has one cell
        let ok = g.partners_from_labels(&["1", "1", "2", "@", "3", "2"], "@");
        assert_eq!(ok, Err(4)); // `3` has one cell
        let ok = g.partners_from_labels(&["1", "1", "2", "@", "@", "2"], "@");
        assert_eq!(ok, Ok(vec![Some(1), Some(0), Some(5), None, None, Some(2)]));
        assert_eq!(
            g.partners_from_labels(&["1", "2", "1", "@", "@", "@"], "@"),
            Err(2)
        );
        assert_eq!(
            g.partners_from_labels(&["1", "1", "1", "@", "@", "@"], "@"),
            Err(2)
        );
    }
}
