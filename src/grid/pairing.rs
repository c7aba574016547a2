//! One-to-one pairing of given cells with chosen neighbours (tents and their trees): every
//! anchor is paired with exactly one orthogonally adjacent chosen cell, and every chosen cell
//! with exactly one anchor. As a model (a 0/1 per anchor–neighbour pair) and as a check (a
//! maximum bipartite matching).

use super::{Cell, Grid};
use crate::model::{Constraint, LinExpr, Model, Var};

/// Adds "the anchors and the chosen cells pair up one to one along orthogonal adjacencies":
/// a 0/1 per pair of an anchor and a neighbour that is no anchor, exactly one per anchor,
/// and as many per cell as its `chosen` variable (so an anchor is never chosen).
pub fn add_pairing(m: &mut Model, g: Grid, anchors: &[bool], chosen: &[Var], name: &str) {
    let mut per_cell: Vec<LinExpr> = chosen.iter().map(|&v| LinExpr::sum_vars([v])).collect();
    for a in g.cells().filter(|&a| anchors[a]) {
        let mut pairs = Vec::new();
        for c in g.neighbours4(a).filter(|&c| !anchors[c]) {
            let pair = m.new_bool(format!("{name}[{}-{}]", g.name(a), g.name(c)));
            per_cell[c].add_term(-1, pair);
            pairs.push(pair.lit());
        }
        let one = Constraint::exactly_one(pairs);
        m.add(format!("{name} of {} exactly one", g.name(a)), one);
    }
    for (c, sum) in per_cell.into_iter().enumerate() {
        match anchors[c] {
            true => m.add(
                format!("{name} anchor {} not chosen", g.name(c)),
                Constraint::clause([!chosen[c]]),
            ),
            false => m.add(
                format!("{name} of {} once when chosen", g.name(c)),
                sum.eq(0),
            ),
        }
    }
}

/// A cell that spoils the one-to-one pairing of anchors and chosen cells, if any: a chosen
/// anchor, or an anchor or chosen cell left without a partner in a maximum matching.
pub fn unpaired(g: Grid, anchors: &[bool], chosen: &[bool]) -> Option<Cell> {
    if let Some(c) = g.cells().find(|&c| anchors[c] && chosen[c]) {
        return Some(c);
    }
    let adj: Vec<Vec<Cell>> = (g.cells())
        .map(|a| match (anchors[a], chosen[a]) {
            (true, _) => g.neighbours4(a).filter(|&c| chosen[c]).collect(),
            (_, true) => g.neighbours4(a).filter(|&c| anchors[c]).collect(),
            _ => Vec::new(),
        })
        .collect();
    let matched = crate::graph::bipartite_matching(&adj, |c| anchors[c]);
    let (a, c) = (
        g.cells().filter(|&c| anchors[c]).count(),
        g.cells().filter(|&c| chosen[c]).count(),
    );
    if matched == a && matched == c {
        return None;
    }
    // Name a cell with no partner at all when there is one, else the first of the larger side.
    let lonely = g
        .cells()
        .find(|&x| (anchors[x] || chosen[x]) && adj[x].is_empty());
    lonely.or_else(|| {
        g.cells()
            .find(|&x| if a >= c { anchors[x] } else { chosen[x] })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::satisfiable_projections;
    use std::collections::BTreeSet;

    #[test]
    fn the_model_allows_exactly_the_choices_the_check_accepts() {
        for (h, w, anchor_mask) in [
            (2, 3, 0b000_010),
            (3, 3, 0b100_010_001),
            (2, 4, 0b1001_0110),
        ] {
            let g = Grid::new(h, w);
            let anchors: Vec<bool> = g.cells().map(|c| anchor_mask >> c & 1 == 1).collect();
            let expected: BTreeSet<u64> = (0..1u64 << g.len())
                .filter(|&m| {
                    let chosen: Vec<bool> = g.cells().map(|c| m >> c & 1 == 1).collect();
                    unpaired(g, &anchors, &chosen).is_none()
                })
                .collect();
            let mut m = Model::new();
            let chosen = g.answer_bools(&mut m, "tent");
            add_pairing(&mut m, g, &anchors, &chosen, "pair");
            assert_eq!(satisfiable_projections(&m, &chosen), expected, "{h}x{w}");
            assert!(!expected.is_empty());
        }
    }

    #[test]
    fn unpaired_names_the_cell_without_a_partner() {
        let g = Grid::new(1, 4);
        let anchors = [true, false, false, true];
        assert_eq!(unpaired(g, &anchors, &[false, true, true, false]), None);
        assert_eq!(unpaired(g, &anchors, &[false, true, false, false]), Some(3));
        assert_eq!(unpaired(g, &anchors, &[true, true, true, false]), Some(0));
    }
}
