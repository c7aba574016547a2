//! Arithmetic cage clues (KenKen): a number with an operation suffix (`+`, `-`, `*` or `x`,
//! `/`) or a bare number (any of the four), read and written as janko.at writes them; and the
//! pairs of cage cells that share a row or column (which a Latin square keeps different).

use super::{Cell, Grid};
use crate::model::int_rules::CageOp;

/// A cage's clue: the target and how the digits make it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CageClue {
    /// The operation (`Any` for a bare number).
    pub op: CageOp,
    /// The number.
    pub target: i64,
}

impl CageClue {
    /// Reads a clue token: digits, then an operation suffix or nothing.
    pub fn parse(token: &str) -> Option<CageClue> {
        let suffixes = [
            ('+', CageOp::Sum),
            ('-', CageOp::Difference),
            ('*', CageOp::Product),
            ('x', CageOp::Product),
            ('/', CageOp::Quotient),
        ];
        let (number, op) = (suffixes.into_iter())
            .find_map(|(ch, op)| Some((token.strip_suffix(ch)?, op)))
            .unwrap_or((token, CageOp::Any));
        if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let target = number
            .parse()
            .ok()
            .filter(|&n| (1..=1_000_000_000).contains(&n))?;
        Some(CageClue { op, target })
    }
}

impl std::fmt::Display for CageClue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let op = match self.op {
            CageOp::Sum => "+",
            CageOp::Difference => "-",
            CageOp::Product => "*",
            CageOp::Quotient => "/",
            CageOp::Any => "",
        };
        write!(f, "{}{op}", self.target)
    }
}

/// The pairs of positions in `cells` whose cells share a row or a column.
pub fn line_pairs(grid: Grid, cells: &[Cell]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for (j, &b) in cells.iter().enumerate().skip(i + 1) {
            let ((ra, ca), (rb, cb)) = (grid.rc(a), grid.rc(b));
            if ra == rb || ca == cb {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_read_and_write_back() {
        for (token, op, target, back) in [
            ("24*", CageOp::Product, 24, "24*"),
            ("24x", CageOp::Product, 24, "24*"),
            ("3-", CageOp::Difference, 3, "3-"),
            ("2/", CageOp::Quotient, 2, "2/"),
            ("7+", CageOp::Sum, 7, "7+"),
            ("12", CageOp::Any, 12, "12"),
        ] {
            let clue = CageClue::parse(token).unwrap();
            assert_eq!((clue.op, clue.target), (op, target), "{token}");
            assert_eq!(clue.to_string(), back);
        }
        for bad in ["", "+", "x", "3?", "-3", "0", "a+"] {
            assert_eq!(CageClue::parse(bad), None, "{bad}");
        }
        assert_eq!(line_pairs(Grid::new(2, 2), &[0, 1, 3]), [(0, 1), (1, 2)]);
    }
}
