//! Lines of sight on a grid: from a cell, the cells along each of the four directions up to the
//! first blocker or the edge (akari's light, kuromasu's and cave's counts), how many cells a cell
//! sees under a known shading (a rules check's count), and the maximal unblocked runs of the rows
//! and columns, inside which every two cells see each other; and on those runs akari's
//! covering rule as constraints ([`add_lit_once`]: at most one chosen cell per run, every
//! cell chosen or seeing a chosen cell).

use super::{runs, Cell, Grid};
use crate::formulation::Value;
use crate::model::{Constraint, Lit, Model, Var};

/// The four directions as (row, column) steps: up, down, left, right.
pub const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl Grid {
    /// The cells after `cell` (nearest first) in direction `(dr, dc)`, up to the edge or to the
    /// cell before the first one on which `blocked` holds.
    pub fn ray(
        &self,
        cell: Cell,
        (dr, dc): (isize, isize),
        blocked: impl Fn(Cell) -> bool,
    ) -> Vec<Cell> {
        let mut out = Vec::new();
        let mut at = cell;
        while let Some(next) = self.offset(at, dr, dc).filter(|&n| !blocked(n)) {
            out.push(next);
            at = next;
        }
        out
    }
    /// The rays of a cell in the four [`DIRECTIONS`], each stopping before a blocked cell.
    pub fn rays(&self, cell: Cell, blocked: impl Fn(Cell) -> bool) -> [Vec<Cell>; 4] {
        DIRECTIONS.map(|d| self.ray(cell, d, &blocked))
    }
    /// How many cells `cell` sees, itself included: along each direction the cells up to the
    /// first one that is not `open` (kuromasu's and cave's number, checked on an answer).
    pub fn seen_count(&self, cell: Cell, open: impl Fn(Cell) -> bool) -> usize {
        let rays = self.rays(cell, |c| !open(c));
        1 + rays.iter().map(Vec::len).sum::<usize>()
    }
    /// The maximal runs of unblocked cells along every row, then along every column: two
    /// cells see each other exactly when they share a run.
    pub fn sight_runs(&self, blocked: impl Fn(Cell) -> bool) -> Vec<Vec<Cell>> {
        let lines = self.lines();
        (lines.iter())
            .flat_map(|line| runs(line, |c| !blocked(c)))
            .collect()
    }
}

/// How "every cell is chosen or sees a chosen cell" is stated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverEncoding {
    /// A flag per run ("a chosen cell stands in this run", the OR of its cells); a cell is
    /// covered when its row run or its column run is: two-literal clauses.
    Runs,
    /// One clause per cell over every cell of its row and column runs.
    Cross,
}

impl crate::formulation::Choice for CoverEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete(
            "runs",
            "a 'chosen cell in this run' flag per run; each cell: its row run or its column run",
        ),
        Value::complete(
            "cross",
            "each cell: one clause over every cell of its row and column runs",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "runs" => Some(CoverEncoding::Runs),
            "cross" => Some(CoverEncoding::Cross),
            _ => None,
        }
    }
}

/// Adds, over `runs` (from [`Grid::sight_runs`], every cell in at most one row run and one
/// column run): at most one `chosen` cell per run (no two chosen cells see each other), and
/// every cell of a run is chosen or sees a chosen cell (akari: every white cell lit).
pub fn add_lit_once(
    model: &mut Model,
    grid: Grid,
    runs: &[Vec<Cell>],
    chosen: &[Var],
    encoding: CoverEncoding,
) {
    let mut runs_of: Vec<Vec<usize>> = vec![Vec::new(); grid.len()];
    for (i, run) in runs.iter().enumerate() {
        let at = grid.name(run[0]);
        let lits = run.iter().map(|&c| chosen[c].lit());
        model.add(
            format!("one in the run at {at}"),
            Constraint::at_most_one(lits),
        );
        for &c in run {
            runs_of[c].push(i);
        }
    }
    let flags: Vec<Lit> = match encoding {
        CoverEncoding::Cross => Vec::new(),
        CoverEncoding::Runs => (runs.iter())
            .map(|run| match run[..] {
                [only] => chosen[only].lit(),
                _ => {
                    let name = format!("chosen in the run at {}", grid.name(run[0]));
                    let flag = model.new_bool(name.clone());
                    let mut lits = vec![!flag];
                    lits.extend(run.iter().map(|&c| chosen[c].lit()));
                    model.add(name.clone(), Constraint::clause(lits));
                    for &c in run {
                        model.add(
                            name.clone(),
                            Constraint::implies(chosen[c].lit(), flag.lit()),
                        );
                    }
                    flag.lit()
                }
            })
            .collect(),
    };
    for c in grid.cells().filter(|&c| !runs_of[c].is_empty()) {
        let lits: Vec<Lit> = match encoding {
            CoverEncoding::Runs => runs_of[c].iter().map(|&r| flags[r]).collect(),
            CoverEncoding::Cross => {
                let mut cells: Vec<Cell> =
                    runs_of[c].iter().flat_map(|&r| runs[r].clone()).collect();
                cells.sort_unstable();
                cells.dedup();
                cells.into_iter().map(|x| chosen[x].lit()).collect()
            }
        };
        model.add(
            format!("{} covered", grid.name(c)),
            Constraint::clause(lits),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_stop_before_blockers_and_at_the_edge() {
        // . # . .
        // . . . #
        // . . . .
        let g = Grid::new(3, 4);
        let wall = |c: Cell| c == 1 || c == 7;
        let [up, down, left, right] = g.rays(g.cell(1, 1), wall);
        assert_eq!(up, Vec::<Cell>::new());
        assert_eq!(down, vec![9]);
        assert_eq!(left, vec![4]);
        assert_eq!(right, vec![6]);
        assert_eq!(g.ray(0, (0, 1), wall), Vec::<Cell>::new());
        assert_eq!(g.seen_count(g.cell(1, 1), |c| !wall(c)), 4);
        assert_eq!(g.seen_count(g.cell(2, 0), |_| true), 6);
    }

    #[test]
    fn sight_runs_are_the_unblocked_stretches_of_rows_and_columns() {
        let g = Grid::new(2, 3);
        let runs = g.sight_runs(|c| c == 1);
        assert_eq!(
            runs,
            vec![
                vec![0],
                vec![2],
                vec![3, 4, 5],
                vec![0, 3],
                vec![4],
                vec![2, 5]
            ]
        );
    }
}
