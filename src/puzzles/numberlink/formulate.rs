//! Numberlink as a model: one 0/1 variable per pair of adjacent cells (the answer keys), and
//! the paths between the pairs of equal numbers on them (`model::paths`).

use super::{Links, Numberlink};
use crate::error::Result;
use crate::grid::lines::GridLines;
use crate::formulation::Value;
use crate::model::active::{add_clause, add_contradiction};
use crate::model::loops::EdgeGraph;
use crate::model::paths::{add_paths, PathEncoding};
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Numberlink, formulation: &Formulation) -> Result<Formulated<Links>> {
    let g = p.grid;
    let mut m = Model::new();
    let lines = GridLines::new(&mut m, g, "line");
    let (pairs, odd) = p.pairs();
    if let Some((n, _)) = odd.first() {
        add_contradiction(&mut m, &format!("the number {n} is not written twice"));
    }
    let graph = EdgeGraph::new(g.len(), &g.edges(), lines.used.iter().map(|&v| v.into()))
        .with_names(|c| g.name(c));
    let encoding = formulation.choice::<PathEncoding>("paths");
    add_paths(&mut m, "paths", &graph, &pairs, encoding);
    if formulation.choice::<UTurns>("uturns") == UTurns::Forbidden {
        // Three sides of a 2×2 block are a U-turn; all four a cycle.
        for block in g.windows2x2() {
            let [a, b, c, _] = block;
            let sides = [(a, 0, 1), (b, 1, 0), (c, 0, 1), (a, 1, 0)].map(|(x, dr, dc)| lines.at(x, dr, dc));
            for left_out in 0..4 {
                let others = (0..4).filter(|&i| i != left_out).map(|i| !sides[i]);
                add_clause(&mut m, format!("no U-turn at {}", g.name(a)), others);
            }
        }
    }
    Ok(Formulated::new(m, move |a| lines.decode(a)))
}

/// Whether the model allows a path to turn back around a 2×2 block (a U-turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UTurns {
    /// The rules alone.
    Allowed,
    /// No U-turn: such an answer is never unique (cutting the U short is a second answer).
    Forbidden,
    /// Solve without U-turns first; take its answer when unique and no path can detour into
    /// two empty cells beside it, else solve by the rules alone.
    Reduced,
}

impl crate::formulation::Choice for UTurns {
    const VALUES: &'static [Value] = &[
        Value::complete("allowed", "the rules alone: paths may turn back around a 2x2 block"),
        Value::complete(
            "forbidden",
            "no U-turn (an answer with one is never unique): exact for none and multiple; unique assumes the answer leaves no two empty cells beside a path",
        ),
        Value::complete(
            "reduced",
            "exact: solve with `forbidden` (batsat); its unique answer stands when no path can detour into two empty cells beside it, else solve with `allowed`",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "allowed" => Some(UTurns::Allowed),
            "forbidden" => Some(UTurns::Forbidden),
            "reduced" => Some(UTurns::Reduced),
            _ => None,
        }
    }
}
