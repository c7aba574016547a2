//! Deductions for shading genres whose shaded cells never touch and whose unshaded cells are
//! connected (hitori, heyawake, …), before any model is built: a shaded cell's neighbours are
//! unshaded, a cell whose shading would cut the possibly-unshaded cells apart is unshaded, plus
//! the genre's own rules ([`ShadingRules`]); then probing (each undecided cell tried both ways).
//! Every step holds in every solution, so a grid it decides completely (and that verifies) is
//! the only solution: the genre can answer it without a solver (`Puzzle::deduced`).

use super::{Cell, Grid};
use std::time::Instant;

/// Buffers of the search for cut cells, kept between calls.
#[derive(Default)]
struct CutSearch {
    order: Vec<u32>,
    low: Vec<u32>,
    parent: Vec<u32>,
    cut: Vec<u32>,
    stack: Vec<(u32, u32, u8)>,
}

thread_local! {
    static CUT_SEARCH: std::cell::RefCell<CutSearch> = std::cell::RefCell::new(CutSearch::default());
    /// Searches for cut cells made on this thread (probing's budget counts them).
    static CUT_SEARCHES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many searches for cut cells this thread has made.
fn cut_searches() -> usize {
    CUT_SEARCHES.get()
}

/// The rules admit no completion of the cells decided so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// A genre's own consequences of one decided cell (hitori: an unshaded number shades its
/// equals in the row and column).
pub trait ShadingRules {
    /// Writes what follows from `cell` having become `shaded` into `logic` (with
    /// [`ShadingLogic::set`]).
    fn propagate(
        &self,
        logic: &mut ShadingLogic,
        cell: Cell,
        shaded: bool,
    ) -> Result<(), Contradiction>;
}

/// The decided cells of a shading (apart shaded cells, connected unshaded cells) and the cells
/// decided but not yet propagated.
#[derive(Clone, Debug)]
pub struct ShadingLogic {
    grid: Grid,
    /// Per cell: `None` undecided, `Some(true)` shaded, `Some(false)` unshaded.
    pub cells: Vec<Option<bool>>,
    pending: Vec<Cell>,
    /// Whether a cell was shaded since the last search for cut cells: deciding a cell
    /// unshaded leaves the cells not shaded as they were, so only a shading can make a cut.
    shaded_since_cuts: bool,
}

impl ShadingLogic {
    /// Nothing decided yet.
    pub fn new(grid: Grid) -> Self {
        ShadingLogic {
            grid,
            cells: vec![None; grid.len()],
            pending: Vec::new(),
            shaded_since_cuts: true,
        }
    }

    /// Decides one cell (its consequences follow in [`ShadingLogic::settle`]); a cell decided
    /// the other way is a contradiction.
    pub fn set(&mut self, cell: Cell, shaded: bool) -> Result<(), Contradiction> {
        match self.cells[cell] {
            Some(known) if known == shaded => Ok(()),
            Some(_) => Err(Contradiction),
            None => {
                self.cells[cell] = Some(shaded);
                self.pending.push(cell);
                self.shaded_since_cuts |= shaded;
                Ok(())
            }
        }
    }

    /// Whether every cell is decided.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The shading, when every cell is decided.
    pub fn shading(&self) -> Option<Vec<bool>> {
        self.cells.iter().copied().collect()
    }

    /// Propagates every decided cell (neighbours of shaded cells, the genre's rules) and the
    /// cut cells, until nothing more follows.
    pub fn settle(&mut self, rules: &impl ShadingRules) -> Result<(), Contradiction> {
        let grid = self.grid;
        loop {
            while let Some(cell) = self.pending.pop() {
                let shaded = self.cells[cell] == Some(true);
                if shaded {
                    for next in grid.neighbours4(cell) {
                        self.set(next, false)?;
                    }
                }
                rules.propagate(self, cell, shaded)?;
            }
            if !self.shaded_since_cuts || !self.unshade_cut_cells()? {
                return Ok(());
            }
        }
    }

    /// [`ShadingLogic::settle`], then probing until nothing more follows: each undecided cell
    /// is tried shaded and unshaded; a way that settles into a contradiction decides the other,
    /// and what both ways decide alike is decided. Stops early (undecided cells left, no
    /// error) at the deadline, or once probing has searched for cut cells as many times as the
    /// grid has cells: past that it costs more than a solver would (a 17×17 hitori that probing
    /// leaves undecided took 1,728 searches, six times the solver's whole run), while every
    /// published hitori that probing decides took fewer than 0.9 per cell.
    pub fn settle_and_probe(
        &mut self,
        rules: &impl ShadingRules,
        deadline: Option<Instant>,
    ) -> Result<(), Contradiction> {
        self.settle(rules)?;
        let budget = cut_searches() + self.grid.len();
        let mut progress = true;
        while progress && !self.is_solved() {
            progress = false;
            for cell in self.grid.cells() {
                if self.cells[cell].is_some() {
                    continue;
                }
                if deadline.is_some_and(|d| Instant::now() >= d) || cut_searches() > budget {
                    return Ok(());
                }
                let tried = |shaded: bool| {
                    let mut branch = self.clone();
                    branch.set(cell, shaded)?;
                    branch.settle(rules).map(|()| branch)
                };
                match (tried(true), tried(false)) {
                    (Err(_), Err(_)) => return Err(Contradiction),
                    (Ok(branch), Err(_)) | (Err(_), Ok(branch)) => *self = branch,
                    (Ok(shaded), Ok(unshaded)) => {
                        let agreed: Vec<(Cell, bool)> = (self.grid.cells())
                            .filter(|&c| self.cells[c].is_none())
                            .filter_map(|c| match (shaded.cells[c], unshaded.cells[c]) {
                                (Some(a), Some(b)) if a == b => Some((c, a)),
                                _ => None,
                            })
                            .collect();
                        if agreed.is_empty() {
                            continue;
                        }
                        for (c, value) in agreed {
                            self.set(c, value)?;
                        }
                        self.settle(rules)?;
                    }
                }
                progress = true;
            }
        }
        Ok(())
    }

    /// Unshades every undecided cell whose shading would split the cells not shaded into
    /// parts; says whether it decided any. Every such part keeps an unshaded cell in any
    /// completion (a shaded cell of it has its neighbours unshaded, and they are in the part),
    /// so a split is a disconnection, and a split already there is a contradiction.
    fn unshade_cut_cells(&mut self) -> Result<bool, Contradiction> {
        self.shaded_since_cuts = false;
        CUT_SEARCHES.set(CUT_SEARCHES.get() + 1);
        let (w, n) = (self.grid.width, self.grid.len());
        let Some(root) = (0..n).find(|&c| self.cells[c] != Some(true)) else {
            return Ok(false);
        };
        // Tarjan's articulation points, iteratively (grids of thousands of cells), in buffers
        // kept between calls: probing searches for cut cells thousands of times.
        CUT_SEARCH.with_borrow_mut(|search| {
            let CutSearch {
                order,
                low,
                parent,
                cut,
                stack,
            } = search;
            order.clear();
            order.resize(n, 0);
            low.clear();
            low.resize(n, 0);
            parent.clear();
            parent.resize(n, u32::MAX);
            cut.clear();
            stack.clear();
            let open = |c: usize| self.cells[c] != Some(true);
            // The neighbour in direction `step` (up, left, right, down) of cell `v` in column `col`.
            let neighbour = |v: usize, col: usize, step: u8| -> Option<usize> {
                match step {
                    0 => v.checked_sub(w),
                    1 => (col > 0).then(|| v - 1),
                    2 => (col + 1 < w).then(|| v + 1),
                    _ => (v + w < n).then(|| v + w),
                }
            };
            let (mut time, mut root_children, mut reached) = (1u32, 0, 1);
            order[root] = 1;
            low[root] = 1;
            stack.push((root as u32, (root % w) as u32, 0));
            while let Some(top) = stack.last_mut() {
                let (v, col, step) = (top.0 as usize, top.1 as usize, top.2);
                if step < 4 {
                    top.2 += 1;
                    let Some(u) = neighbour(v, col, step).filter(|&u| open(u)) else {
                        continue;
                    };
                    if order[u] == 0 {
                        time += 1;
                        reached += 1;
                        (order[u], low[u], parent[u]) = (time, time, v as u32);
                        root_children += usize::from(v == root);
                        stack.push((u as u32, (u % w) as u32, 0));
                    } else if u as u32 != parent[v] {
                        low[v] = low[v].min(order[u]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(p, _, _)) = stack.last() {
                        let p = p as usize;
                        low[p] = low[p].min(low[v]);
                        if p != root && low[v] >= order[p] && self.cells[p].is_none() {
                            cut.push(p as u32);
                        }
                    }
                }
            }
            let open_cells = (0..n).filter(|&c| open(c)).count();
            if reached != open_cells {
                return Err(Contradiction);
            }
            let mut decided = false;
            if root_children > 1 && self.cells[root].is_none() {
                self.set(root, false)?;
                decided = true;
            }
            for &c in cut.iter() {
                self.set(c as usize, false)?;
                decided = true;
            }
            Ok(decided)
        })
    }
}

/// Two open cells that no path of open cells joins (the first open cell and the first one its
/// part does not hold), or `None` when the open cells are connected; a flood over the grid
/// without adjacency lists, for checking answers.
pub fn unconnected_pair(grid: Grid, open: impl Fn(Cell) -> bool) -> Option<(Cell, Cell)> {
    let first = grid.cells().find(|&c| open(c))?;
    let mut reached = vec![false; grid.len()];
    reached[first] = true;
    let mut todo = vec![first];
    while let Some(cell) = todo.pop() {
        for next in grid.neighbours4(cell) {
            if !reached[next] && open(next) {
                reached[next] = true;
                todo.push(next);
            }
        }
    }
    let other = grid.cells().find(|&c| open(c) && !reached[c])?;
    Some((first, other))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No rules beyond apartness and connectivity.
    struct NoRules;
    impl ShadingRules for NoRules {
        fn propagate(&self, _: &mut ShadingLogic, _: Cell, _: bool) -> Result<(), Contradiction> {
            Ok(())
        }
    }

    #[test]
    fn a_shaded_cell_unshades_its_neighbours_and_the_cells_that_would_cut() {
        // 3×3, the middle of the top row shaded: its neighbours are unshaded.
        let grid = Grid::new(3, 3);
        let mut logic = ShadingLogic::new(grid);
        logic.set(grid.cell(0, 1), true).unwrap();
        logic.settle(&NoRules).unwrap();
        for c in [(0, 0), (0, 2), (1, 1)] {
            assert_eq!(logic.cells[grid.cell(c.0, c.1)], Some(false), "{c:?}");
        }
        // The corners r1c1 and r1c3 reach the rest only through r2c1 and r2c3.
        assert_eq!(logic.cells[grid.cell(1, 0)], Some(false));
        assert_eq!(logic.cells[grid.cell(1, 2)], Some(false));
        assert_eq!(logic.cells[grid.cell(2, 0)], None);
    }

    #[test]
    fn a_split_already_there_is_a_contradiction() {
        // 2×3 with the middle of the top row shaded holds together; 1×3 falls in two.
        let mut logic = ShadingLogic::new(Grid::new(2, 3));
        logic.set(1, true).unwrap();
        assert_eq!(logic.settle(&NoRules), Ok(()));
        let mut logic = ShadingLogic::new(Grid::new(1, 3));
        logic.set(1, true).unwrap();
        assert_eq!(logic.settle(&NoRules), Err(Contradiction));
    }

    #[test]
    fn unconnected_pair_names_the_first_cells_of_two_parts() {
        let grid = Grid::new(2, 3);
        // Open: r1c1, r2c1 | r1c3, r2c3 (the middle column closed).
        assert_eq!(unconnected_pair(grid, |c| c % 3 != 1), Some((0, 2)));
        assert_eq!(unconnected_pair(grid, |c| c != 1), None);
        assert_eq!(unconnected_pair(grid, |_| false), None);
    }
}
