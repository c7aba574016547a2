//! U-turns of lines on a grid: a path that turns back around a 2×2 block (a→a'→b'→b with a, b
//! adjacent) can be cut short (a→b, leaving a' and b' empty), and a used edge with two empty
//! cells beside it on one side can detour through them. Where cells may stay empty (Numberlink),
//! an answer with either has a second answer, so a unique answer has neither: the [`UTurns`]
//! choice lets a genre search without U-turns first.

use super::lines::{GridLines, DIRECTIONS};
use super::{Cell, Grid};
use crate::formulation::Value;
use crate::model::active::add_clause;
use crate::model::Model;

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

impl GridLines {
    /// Adds "no three sides of a 2×2 block of points are all used" (no U-turn; all four would
    /// be a cycle).
    pub fn add_no_uturn(&self, model: &mut Model) {
        let g = self.grid;
        for [a, b, c, _] in g.windows2x2() {
            let sides =
                [(a, 0, 1), (b, 1, 0), (c, 0, 1), (a, 1, 0)].map(|(x, dr, dc)| self.at(x, dr, dc));
            for left_out in 0..4 {
                let others = (0..4).filter(|&i| i != left_out).map(|i| !sides[i]);
                add_clause(model, format!("no U-turn at {}", g.name(a)), others);
            }
        }
    }
}

impl Grid {
    /// A used edge with empty points beside both its ends on one side, as those two points:
    /// the line could detour through them.
    pub fn detour(&self, used: &[bool]) -> Option<(Cell, Cell)> {
        let empty = |p: Cell| {
            !DIRECTIONS
                .iter()
                .any(|&(_, dr, dc)| self.line_uses(used, p, dr, dc))
        };
        let edges = self.edges().into_iter().zip(used).filter(|(_, &u)| u);
        edges.map(|(e, _)| e).find_map(|(a, b)| {
            let across = self.rc(a).0 == self.rc(b).0;
            let sides: [(isize, isize); 2] = if across {
                [(-1, 0), (1, 0)]
            } else {
                [(0, -1), (0, 1)]
            };
            sides.into_iter().find_map(|(dr, dc)| {
                let (x, y) = (self.offset(a, dr, dc)?, self.offset(b, dr, dc)?);
                (empty(x) && empty(y)).then_some((x, y))
            })
        })
    }
}
