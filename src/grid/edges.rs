//! Clues outside the grid's four edges (Skyscrapers, ABC End View): each one looks along a
//! row or column from its edge. The order is janko.at's and pzprjs's: above each column, below
//! each column, left of each row, right of each row.

use super::token_lines::TokenLines;
use super::{Cell, Clue, Grid};
use crate::error::Result;

/// Reads the four lines of edge counts (`-` none) in the edge clues' order.
pub fn edge_counts(lines: &mut TokenLines, grid: Grid) -> Result<Vec<Option<Clue>>> {
    let (w, h) = (grid.width, grid.height);
    let sides = [(w, "the top clues"), (w, "the bottom clues")];
    let mut clues = Vec::with_capacity(2 * (w + h));
    for (n, what) in sides
        .into_iter()
        .chain([(h, "the left clues"), (h, "the right clues")])
    {
        let counts = lines.counts(n, what)?.into_iter();
        clues.extend(counts.map(|c| c.map(Clue::Number)));
    }
    Ok(clues)
}

/// Every line as seen from an edge, in the edge clues' order, each with its name (`top of
/// r1c2`) and its cells from the edge inwards.
pub fn edge_lines(grid: Grid) -> Vec<(String, Vec<Cell>)> {
    let reversed = |l: &Vec<Cell>| l.iter().rev().copied().collect::<Vec<_>>();
    let (rows, columns) = (grid.rows(), grid.columns());
    let sides = [
        ("top", columns.clone()),
        ("bottom", columns.iter().map(reversed).collect()),
        ("left", rows.clone()),
        ("right", rows.iter().map(reversed).collect()),
    ];
    let named = |(side, lines): (&str, Vec<Vec<Cell>>)| {
        let name = move |l: Vec<Cell>| (format!("{side} of {}", grid.name(l[0])), l);
        lines.into_iter().map(name).collect::<Vec<_>>()
    };
    sides.into_iter().flat_map(named).collect()
}

/// The two main diagonals of a square grid: from the top left, then from the top right.
pub fn diagonals(grid: Grid) -> [Vec<Cell>; 2] {
    let n = grid.width.min(grid.height);
    [
        (0..n).map(|i| grid.cell(i, i)).collect(),
        (0..n).map(|i| grid.cell(i, grid.width - 1 - i)).collect(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_start_at_their_edge_in_clue_order() {
        let lines = edge_lines(Grid::new(2, 3));
        let got: Vec<String> = lines.iter().map(|(n, l)| format!("{n} {l:?}")).collect();
        assert_eq!(
            got,
            [
                "top of r1c1 [0, 3]",
                "top of r1c2 [1, 4]",
                "top of r1c3 [2, 5]",
                "bottom of r2c1 [3, 0]",
                "bottom of r2c2 [4, 1]",
                "bottom of r2c3 [5, 2]",
                "left of r1c1 [0, 1, 2]",
                "left of r2c1 [3, 4, 5]",
                "right of r1c3 [2, 1, 0]",
                "right of r2c3 [5, 4, 3]",
            ]
        );
        assert_eq!(diagonals(Grid::new(3, 3)), [vec![0, 4, 8], vec![2, 4, 6]]);
    }
}
