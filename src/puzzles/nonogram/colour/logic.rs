//! Line logic on colour nonograms: the shared fixpoint over cells that are sets of colours.

use super::line::{solve_colour_line, ColourSet};
use super::{Block, ColourNonogram};
use crate::puzzles::nonogram::logic::{fixpoint, line_tables, LogicCell, LogicResult};

impl LogicCell for ColourSet {
    fn is_decided(&self) -> bool {
        self.single().is_some()
    }
}

/// [`check_budget`](crate::puzzles::nonogram::logic::check_budget) for colour line logic: tables with per-colour counts, and grids of
/// colour sets.
pub fn check_colour_budget(puzzle: &ColourNonogram) -> crate::Result<()> {
    let longest = |clues: &[Vec<Block>]| clues.iter().map(Vec::len).max();
    let (w, h, m) = (puzzle.width, puzzle.height, puzzle.colours.len());
    let tables = line_tables(longest(&puzzle.rows).unwrap_or(0), w, m).max(line_tables(
        longest(&puzzle.columns).unwrap_or(0),
        h,
        m,
    ));
    let grids = 4 * 8 * (w as u64) * (h as u64);
    crate::budget::check(tables + grids, || {
        format!("line logic on this {w}x{h} colour nonogram")
    })
}

/// Colour line logic from a grid where every cell may take every colour, to its fixpoint;
/// `None` when the colour table has more colours than a [`ColourSet`] holds.
pub fn colour_line_logic(puzzle: &ColourNonogram) -> Option<LogicResult<ColourSet>> {
    if puzzle.colours.len() > ColourSet::CAPACITY {
        return None;
    }
    let (h, w) = (puzzle.height, puzzle.width);
    let cells = vec![vec![ColourSet::all(puzzle.colours.len()); w]; h];
    Some(fixpoint(cells, vec![true; h], vec![true; w], |id, line| {
        solve_colour_line(puzzle.clue(id), line)
    }))
}
