//! Line logic to a fixpoint: solve rows and columns with the complete line solver, only
//! re-examining lines whose cells changed (a queue of dirty lines).

use super::line::{solve_line, Cell, Contradiction};
use super::{LineKind, LineRef, Nonogram};
use crate::budget::Guard;
use std::collections::VecDeque;
use std::time::Instant;

/// A cell of a line-logic grid: what line logic narrows (a black-and-white [`Cell`] or a
/// `ColourSet` of a colour nonogram).
pub trait LogicCell: Copy + Eq {
    /// Whether only one value is left.
    fn is_decided(&self) -> bool;
}

impl LogicCell for Cell {
    fn is_decided(&self) -> bool {
        *self != Cell::Unknown
    }
}

/// The result of line logic: the partial grid at the fixpoint, or a contradiction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicResult<C = Cell> {
    /// `cells[r][c]`, undecided where line logic could not decide.
    pub cells: Vec<Vec<C>>,
    /// True when some line had no arrangement left (the puzzle has no solution).
    pub contradiction: bool,
    /// How many line-solver calls were made.
    pub line_solves: usize,
}

impl<C: LogicCell> LogicResult<C> {
    /// How many cells are decided.
    pub fn decided(&self) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|c| c.is_decided())
            .count()
    }
    /// Whether every cell is decided without contradiction (the puzzle is line-solvable).
    pub fn is_solved(&self) -> bool {
        !self.contradiction && self.cells.iter().flatten().all(LogicCell::is_decided)
    }
}

impl LogicResult {
    /// The partial grid as text rows: `#` filled, `.` empty, `?` undecided.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .iter()
            .map(|r| r.iter().map(|c| c.symbol()).collect())
            .collect()
    }
}

/// Line logic to a fixpoint on any kind of cell: `solve` narrows one line (a row or a column
/// as [`LineRef`]); the lines marked in `row_queued` / `column_queued` start in the queue, and a
/// line goes back in whenever one of its cells changes.
pub fn fixpoint<C: LogicCell>(
    mut cells: Vec<Vec<C>>,
    mut row_queued: Vec<bool>,
    mut column_queued: Vec<bool>,
    mut solve: impl FnMut(LineRef, &[C]) -> Result<Vec<C>, Contradiction>,
) -> LogicResult<C> {
    let line = |kind, index| LineRef { kind, index };
    let mut queue: VecDeque<LineRef> = (0..row_queued.len())
        .filter(|&r| row_queued[r])
        .map(|r| line(LineKind::Row, r))
        .chain(
            (0..column_queued.len())
                .filter(|&c| column_queued[c])
                .map(|c| line(LineKind::Column, c)),
        )
        .collect();
    let mut line_solves = 0;
    while let Some(id) = queue.pop_front() {
        line_solves += 1;
        let current: Vec<C> = match id.kind {
            LineKind::Row => {
                row_queued[id.index] = false;
                cells[id.index].clone()
            }
            LineKind::Column => {
                column_queued[id.index] = false;
                cells.iter().map(|row| row[id.index]).collect()
            }
        };
        let Ok(solved) = solve(id, &current) else {
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
            match id.kind {
                LineKind::Row => {
                    cells[id.index][i] = new;
                    if !column_queued[i] {
                        column_queued[i] = true;
                        queue.push_back(line(LineKind::Column, i));
                    }
                }
                LineKind::Column => {
                    cells[i][id.index] = new;
                    if !row_queued[i] {
                        row_queued[i] = true;
                        queue.push_back(line(LineKind::Row, i));
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

/// Refuses a puzzle whose line logic would pass the memory budget: the line solver's tables
/// for its longest clue and line, and a few copies of the grid.
pub fn check_budget(puzzle: &Nonogram) -> crate::Result<()> {
    let longest = |clues: &[super::Clue]| clues.iter().map(Vec::len).max().unwrap_or(0);
    let (w, h) = (puzzle.width, puzzle.height);
    let tables =
        line_tables(longest(&puzzle.rows), w, 0).max(line_tables(longest(&puzzle.columns), h, 0));
    let grids = 4 * (w as u64) * (h as u64);
    crate::budget::check(tables + grids, || {
        format!("line logic on this {w}x{h} nonogram")
    })
}

/// Bytes of a line solver's tables: two feasibility tables of (blocks + 1) × (cells + 1)
/// flags, and two counters per colour and cell (the colour solver's fit and cover counts).
pub(super) fn line_tables(blocks: usize, cells: usize, colours: usize) -> u64 {
    let w = cells as u64 + 1;
    2 * (blocks as u64 + 1) * w + 16 * colours as u64 * w
}

/// Runs line logic from an empty grid to its fixpoint.
pub fn line_logic(puzzle: &Nonogram) -> LogicResult {
    let cells = vec![vec![Cell::Unknown; puzzle.width]; puzzle.height];
    line_logic_from(puzzle, cells)
}

/// Runs line logic from a partial grid to its fixpoint.
pub fn line_logic_from(puzzle: &Nonogram, cells: Vec<Vec<Cell>>) -> LogicResult {
    let (h, w) = (puzzle.height, puzzle.width);
    propagate(puzzle, cells, vec![true; h], vec![true; w])
}

/// Line logic to a fixpoint, starting with the marked rows and columns in the queue.
fn propagate(
    puzzle: &Nonogram,
    cells: Vec<Vec<Cell>>,
    row_queued: Vec<bool>,
    column_queued: Vec<bool>,
) -> LogicResult {
    fixpoint(cells, row_queued, column_queued, |id, line| {
        let clue = match id.kind {
            LineKind::Row => &puzzle.rows[id.index],
            LineKind::Column => &puzzle.columns[id.index],
        };
        solve_line(clue, line)
    })
}

/// The native solver: line logic, then depth-first search on an undecided cell (filled first),
/// with line logic after every guess and only the guessed cell's row and column re-queued.
/// Returns up to `limit` solutions and whether the search space was exhausted (false when it
/// stopped at `limit` solutions, at the deadline or near the memory budget).
pub fn search(
    puzzle: &Nonogram,
    limit: usize,
    deadline: Option<Instant>,
) -> (Vec<super::Grid>, bool) {
    let start = line_logic(puzzle);
    let mut found = Vec::new();
    if start.contradiction {
        return (found, true);
    }
    // Every step below is a whole propagation, so the guard looks at each one.
    let mut guard = Guard::every(deadline, 1);
    let exhausted = branch(puzzle, start.cells, limit, &mut found, &mut guard);
    (found, exhausted)
}

/// Explores below a propagated grid; false when it stopped early at `limit` solutions or by
/// the guard.
fn branch(
    puzzle: &Nonogram,
    cells: Vec<Vec<Cell>>,
    limit: usize,
    found: &mut Vec<super::Grid>,
    guard: &mut Guard,
) -> bool {
    let Some(cells) = probe(puzzle, cells, false, None, guard) else {
        return guard.halted().is_none();
    };
    let Some((r, c)) = pick_cell(&cells) else {
        found.push(
            cells
                .iter()
                .map(|row| row.iter().map(|&x| x == Cell::Filled).collect())
                .collect(),
        );
        return found.len() < limit;
    };
    for guess in [Cell::Filled, Cell::Empty] {
        let result = assume(puzzle, &cells, r, c, guess, None);
        if guard.stop() {
            return false;
        }
        if !result.contradiction && !branch(puzzle, result.cells, limit, found, guard) {
            return false;
        }
    }
    true
}

/// Probing from line logic's fixpoint `start` (the preprocessing `pre=probe`): the grid with
/// every cell that probing forces, or a contradiction; at `deadline` (or near the memory
/// budget) only what line logic found. Only cells next to a decided cell are probed (as
/// pbnsolve does: a guess far from anything known rarely fails; on the 65 published puzzles
/// line logic leaves open, 0.29 s against 0.34 s probing every undecided cell).
pub fn probed(puzzle: &Nonogram, start: &LogicResult, deadline: Option<Instant>) -> LogicResult {
    if start.contradiction || start.is_solved() {
        return start.clone();
    }
    let mut guard = Guard::every(deadline, 1);
    // Sized for a few states per line up front: growing from empty rehashed it ten times.
    let lines = puzzle.width + puzzle.height;
    let mut cache = LineCache::with_capacity((16 * lines).min(CACHE_LIMIT));
    let cells = probe(
        puzzle,
        start.cells.clone(),
        true,
        Some(&mut cache),
        &mut guard,
    );
    match (cells, guard.halted()) {
        (Some(cells), _) => LogicResult {
            cells,
            ..start.clone()
        },
        // Stopped at the deadline or near the memory budget: line logic's cells still hold.
        (None, Some(_)) => start.clone(),
        (None, None) => LogicResult {
            contradiction: true,
            ..start.clone()
        },
    }
}

/// Line-solver answers by line and state, for probing: its propagations keep meeting the same
/// lines in the same states (on a 30×30 the cache took probing from 33M to 21M instructions).
/// The state is the line packed by [`packed_line`].
type LineCache = std::collections::HashMap<(LineRef, Vec<u64>), Option<Vec<Cell>>>;

/// A line's cells two bits each, 32 to a word: the [`LineCache`] key. Hashing a `Vec<Cell>`
/// called the hasher once per cell, a quarter of a 20×20's probing (callgrind); the line's
/// length is its [`LineRef`]'s, so the packing is unambiguous.
fn packed_line(line: &[Cell]) -> Vec<u64> {
    let mut words = vec![0u64; line.len().div_ceil(32)];
    for (i, &cell) in line.iter().enumerate() {
        let bits: u64 = match cell {
            Cell::Unknown => 0,
            Cell::Filled => 1,
            Cell::Empty => 2,
        };
        words[i / 32] |= bits << (2 * (i % 32));
    }
    words
}

/// The most entries a [`LineCache`] keeps before it starts afresh.
const CACHE_LIMIT: usize = 200_000;

/// Line logic after setting one cell; with a cache, line answers are looked up first.
fn assume(
    puzzle: &Nonogram,
    cells: &[Vec<Cell>],
    r: usize,
    c: usize,
    value: Cell,
    cache: Option<&mut LineCache>,
) -> LogicResult {
    let mut next = cells.to_vec();
    next[r][c] = value;
    let mut rows = vec![false; puzzle.height];
    let mut columns = vec![false; puzzle.width];
    rows[r] = true;
    columns[c] = true;
    let Some(cache) = cache else {
        return propagate(puzzle, next, rows, columns);
    };
    if cache.len() > CACHE_LIMIT {
        cache.clear(); // a huge puzzle's probes: keep the memory bounded
    }
    fixpoint(next, rows, columns, |id, line| {
        let answer = cache.entry((id, packed_line(line))).or_insert_with(|| {
            let clue = match id.kind {
                LineKind::Row => &puzzle.rows[id.index],
                LineKind::Column => &puzzle.columns[id.index],
            };
            solve_line(clue, line).ok()
        });
        answer.clone().ok_or(Contradiction)
    })
}

/// Probing: try each undecided cell both ways (with `near_known`, only cells with a decided
/// neighbour); a value that leads to a contradiction fixes the other one, and cells that come
/// out the same both ways are forced. Repeats until nothing changes; `None` when the grid has
/// no solution, or when the guard stopped the search.
fn probe(
    puzzle: &Nonogram,
    mut cells: Vec<Vec<Cell>>,
    near_known: bool,
    mut cache: Option<&mut LineCache>,
    guard: &mut Guard,
) -> Option<Vec<Vec<Cell>>> {
    let (h, w) = (puzzle.height, puzzle.width);
    loop {
        let mut changed = false;
        for r in 0..h {
            for c in 0..w {
                if cells[r][c] != Cell::Unknown {
                    continue;
                }
                let decided = |rr: usize, cc: usize| cells[rr][cc] != Cell::Unknown;
                let beside_known = (r > 0 && decided(r - 1, c))
                    || (r + 1 < h && decided(r + 1, c))
                    || (c > 0 && decided(r, c - 1))
                    || (c + 1 < w && decided(r, c + 1));
                if near_known && !beside_known {
                    continue;
                }
                if guard.stop() {
                    return None;
                }
                let filled = assume(puzzle, &cells, r, c, Cell::Filled, cache.as_deref_mut());
                let empty = assume(puzzle, &cells, r, c, Cell::Empty, cache.as_deref_mut());
                match (filled.contradiction, empty.contradiction) {
                    (true, true) => return None,
                    (true, false) => cells = empty.cells,
                    (false, true) => cells = filled.cells,
                    (false, false) => {
                        let mut forced = false;
                        for (i, row) in cells.iter_mut().enumerate() {
                            for (j, cell) in row.iter_mut().enumerate() {
                                let (a, b) = (filled.cells[i][j], empty.cells[i][j]);
                                if *cell == Cell::Unknown && a == b && a != Cell::Unknown {
                                    *cell = a;
                                    forced = true;
                                }
                            }
                        }
                        if !forced {
                            continue;
                        }
                        // Forced cells may enable more line logic.
                        let result = line_logic_from(puzzle, cells);
                        if result.contradiction {
                            return None;
                        }
                        cells = result.cells;
                    }
                }
                changed = true;
            }
        }
        if !changed {
            return Some(cells);
        }
    }
}

/// An undecided cell in the row with the fewest undecided cells: guesses there settle a line
/// soonest, so contradictions show up close to the guess.
fn pick_cell(cells: &[Vec<Cell>]) -> Option<(usize, usize)> {
    cells
        .iter()
        .enumerate()
        .filter_map(|(r, row)| {
            let open = row.iter().filter(|&&x| x == Cell::Unknown).count();
            let c = row.iter().position(|&x| x == Cell::Unknown)?;
            Some((open, r, c))
        })
        .min()
        .map(|(_, r, c)| (r, c))
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
            logic: Default::default(),
        };
        assert!(line_logic(&p).contradiction);
    }
}
