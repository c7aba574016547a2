//! Line logic to a fixpoint: solve rows and columns with the complete line solver, only
//! re-examining lines whose cells changed (a queue of dirty lines).

use super::line::{solve_line, Cell};
use super::Nonogram;
use std::collections::VecDeque;

/// The result of line logic: the partial grid at the fixpoint, or a contradiction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicResult {
    /// `cells[r][c]`, `Unknown` where line logic could not decide.
    pub cells: Vec<Vec<Cell>>,
    /// True when some line had no arrangement left (the puzzle has no solution).
    pub contradiction: bool,
    /// How many line-solver calls were made.
    pub line_solves: usize,
}

impl LogicResult {
    /// How many cells are decided.
    pub fn decided(&self) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|&&c| c != Cell::Unknown)
            .count()
    }
    /// Whether every cell is decided without contradiction (the puzzle is line-solvable).
    pub fn is_solved(&self) -> bool {
        !self.contradiction && self.cells.iter().flatten().all(|&c| c != Cell::Unknown)
    }
    /// The partial grid as text rows: `#` filled, `.` empty, `?` undecided.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .iter()
            .map(|r| r.iter().map(|c| c.symbol()).collect())
            .collect()
    }
}

/// A line of the grid: a row or a column by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineId {
    Row(usize),
    Column(usize),
}

/// Runs line logic from an empty grid to its fixpoint.
pub fn line_logic(puzzle: &Nonogram) -> LogicResult {
    let cells = vec![vec![Cell::Unknown; puzzle.width]; puzzle.height];
    line_logic_from(puzzle, cells)
}

/// Runs line logic from a partial grid to its fixpoint.
pub fn line_logic_from(puzzle: &Nonogram, mut cells: Vec<Vec<Cell>>) -> LogicResult {
    let (h, w) = (puzzle.height, puzzle.width);
    let mut queue: VecDeque<LineId> = (0..h)
        .map(LineId::Row)
        .chain((0..w).map(LineId::Column))
        .collect();
    let mut row_queued = vec![true; h];
    let mut column_queued = vec![true; w];
    let mut line_solves = 0;
    while let Some(id) = queue.pop_front() {
        line_solves += 1;
        let (clue, current): (&[usize], Vec<Cell>) = match id {
            LineId::Row(r) => {
                row_queued[r] = false;
                (&puzzle.rows[r], cells[r].clone())
            }
            LineId::Column(c) => {
                column_queued[c] = false;
                (&puzzle.columns[c], cells.iter().map(|row| row[c]).collect())
            }
        };
        let Ok(solved) = solve_line(clue, &current) else {
            return LogicResult {
                cells,
                contradiction: true,
                line_solves,
            };
        };
        for (i, (&old, &new)) in current.iter().zip(&solved).enumerate() {
            if old == new {
                continue;
            }
            match id {
                LineId::Row(r) => {
                    cells[r][i] = new;
                    if !column_queued[i] {
                        column_queued[i] = true;
                        queue.push_back(LineId::Column(i));
                    }
                }
                LineId::Column(c) => {
                    cells[i][c] = new;
                    if !row_queued[i] {
                        row_queued[i] = true;
                        queue.push_back(LineId::Row(i));
                    }
                }
            }
        }
    }
    LogicResult {
        cells,
        contradiction: false,
        line_solves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::nonogram::parse::parse_non;

    fn load(name: &str) -> Nonogram {
        let path = format!("{}/tests/data/nonogram/{name}", env!("CARGO_MANIFEST_DIR"));
        parse_non(&path, &std::fs::read_to_string(&path).unwrap()).unwrap()
    }

    #[test]
    fn line_solvable_survey_puzzles_are_solved_by_line_logic() {
        // Dancer, Cat, Knot, Skid, Swing are marked line-solvable in the data README.
        for name in [
            "webpbn-0001.non",
            "webpbn-0006.non",
            "webpbn-0016.non",
            "webpbn-0021.non",
            "webpbn-0529.non",
        ] {
            let p = load(name);
            let result = line_logic(&p);
            assert!(result.is_solved(), "{name} should be line-solvable");
            let grid = result
                .cells
                .iter()
                .map(|r| r.iter().map(|&c| c == Cell::Filled).collect())
                .collect();
            assert_eq!(p.check_grid(&grid), Ok(()), "{name}");
        }
    }

    #[test]
    fn other_survey_puzzles_are_not_line_solvable() {
        for name in [
            "webpbn-0023.non",
            "webpbn-0027.non",
            "webpbn-0065.non",
            "webpbn-0436.non",
            "webpbn-0803.non",
            "webpbn-1611.non",
            "webpbn-6574.non",
            "webpbn-8098.non",
            "survey-knotty.non",
        ] {
            let result = line_logic(&load(name));
            assert!(!result.contradiction, "{name}");
            assert!(!result.is_solved(), "{name} is not line-solvable");
        }
    }

    #[test]
    fn conflicting_clues_end_in_a_contradiction() {
        // Row [2] on 2 columns needs both cells; column clues [] [2] forbid the first.
        let p = Nonogram {
            width: 2,
            height: 2,
            rows: vec![vec![2], vec![]],
            columns: vec![vec![], vec![1]],
            meta: vec![],
        };
        assert!(line_logic(&p).contradiction);
    }
}
