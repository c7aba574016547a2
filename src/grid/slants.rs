//! One diagonal per cell (Gokigen): `/` joins a cell's top-right and bottom-left corners, `\`
//! its top-left and bottom-right. The diagonals must form no loop, in two formulations: lazy
//! cycle cuts, or the complete "every region between the diagonals reaches the border" (a
//! loop encloses a region; without one every region is open to the outside).

use super::{Cell, Grid};
use crate::formulation::Value;
use crate::graph::UnionFind;
use crate::model::gated::{add_reaches_roots_over_gates, GatedArc};
use crate::model::{
    Active, Assignment, Constraint, Cut, LazyConstraint, Model, NamedConstraint, Var,
};

/// Which formulation keeps the diagonals free of loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlantEncoding {
    /// A cut for each loop a candidate draws.
    Lazy,
    /// Every cell side reaches the border through the cells' halves (a spanning tree).
    Regions,
}

impl crate::formulation::Choice for SlantEncoding {
    const VALUES: &'static [Value] = &[
        Value::lazy(
            "lazy",
            "cycle cuts in a loop: solve, find a loop of diagonals, forbid it, solve again",
        ),
        Value::complete(
            "regions",
            "complete: every cell side reaches the border between the diagonals (a spanning tree)",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "lazy" => Some(SlantEncoding::Lazy),
            "regions" => Some(SlantEncoding::Regions),
            _ => None,
        }
    }
}

impl Grid {
    /// The two corners ([`Grid::vertices`]) a cell's diagonal joins: `/` when `slash`.
    pub fn slant_ends(&self, cell: Cell, slash: bool) -> (Cell, Cell) {
        let v = self.vertices();
        let (r, c) = self.rc(cell);
        match slash {
            true => (v.cell(r, c + 1), v.cell(r + 1, c)),
            false => (v.cell(r, c), v.cell(r + 1, c + 1)),
        }
    }

    /// The cells of one loop of diagonals, if they draw any.
    pub fn slant_cycle(&self, slash: &[bool]) -> Option<Vec<Cell>> {
        let v = self.vertices();
        let mut parts = UnionFind::new(v.len());
        let mut adj: Vec<Vec<(Cell, Cell)>> = vec![Vec::new(); v.len()];
        for c in self.cells() {
            let (a, b) = self.slant_ends(c, slash[c]);
            if parts.find(a) == parts.find(b) {
                // The loop is this cell and the path from b back to a.
                return Some(std::iter::once(c).chain(path(&adj, b, a)).collect());
            }
            parts.union(a, b);
            adj[a].push((b, c));
            adj[b].push((a, c));
        }
        None
    }
}

/// The cells along the forest path from `from` to `to` (a depth-first search).
fn path(adj: &[Vec<(Cell, Cell)>], from: Cell, to: Cell) -> Vec<Cell> {
    let mut came: Vec<Option<(Cell, Cell)>> = vec![None; adj.len()];
    let mut stack = vec![from];
    let mut seen = vec![false; adj.len()];
    seen[from] = true;
    while let Some(x) = stack.pop() {
        for &(y, cell) in &adj[x] {
            if !seen[y] {
                seen[y] = true;
                came[y] = Some((x, cell));
                stack.push(y);
            }
        }
    }
    let mut cells = Vec::new();
    let mut at = to;
    while let Some((x, cell)) = came[at] {
        cells.push(cell);
        at = x;
    }
    cells
}

/// Adds "the diagonals form no loop" over one `slash` variable per cell (true: `/`).
pub fn add_no_slant_loop(model: &mut Model, grid: Grid, slash: &[Var], encoding: SlantEncoding) {
    match encoding {
        SlantEncoding::Lazy => model.add_lazy(SlantLoopCut {
            grid,
            slash: slash.to_vec(),
        }),
        SlantEncoding::Regions => add_open_regions(model, grid, slash),
    }
}

/// The cell sides as nodes: horizontal sides `(r, c)` (top of cell `(r, c)`, `r ≤ H`) first,
/// then vertical ones (left of cell `(r, c)`, `c ≤ W`). Inside a cell, `\` joins its top and
/// right sides and its bottom and left ones; `/` its top and left, and bottom and right.
fn add_open_regions(model: &mut Model, g: Grid, slash: &[Var]) {
    let (h, w) = (g.height, g.width);
    let horizontal = |r: usize, c: usize| r * w + c;
    let vertical = |r: usize, c: usize| (h + 1) * w + r * (w + 1) + c;
    let n = (h + 1) * w + h * (w + 1);
    let mut names: Vec<String> = (0..=h)
        .flat_map(|r| (0..w).map(move |c| format!("side h{r}-{c}")))
        .collect();
    names.extend((0..h).flat_map(|r| (0..=w).map(move |c| format!("side v{r}-{c}"))));
    let mut roots: Vec<usize> = (0..w)
        .flat_map(|c| [horizontal(0, c), horizontal(h, c)])
        .collect();
    roots.extend((0..h).flat_map(|r| [vertical(r, 0), vertical(r, w)]));
    let mut arcs = Vec::new();
    for cell in g.cells() {
        let (r, c) = g.rc(cell);
        let (top, bottom) = (horizontal(r, c), horizontal(r + 1, c));
        let (left, right) = (vertical(r, c), vertical(r, c + 1));
        let s = Active::from(slash[cell]);
        for (a, b, gate) in [
            (top, right, !s),
            (bottom, left, !s),
            (top, left, s),
            (bottom, right, s),
        ] {
            arcs.extend(GatedArc::both_ways(a, b, gate));
        }
    }
    let active = vec![Active::Always; n];
    add_reaches_roots_over_gates(model, "no loop", &names, &active, &roots, &arcs);
}

/// The lazy constraint: for a loop of diagonals, the clause "one of its cells leans the other
/// way".
#[derive(Clone, Debug)]
pub struct SlantLoopCut {
    grid: Grid,
    slash: Vec<Var>,
}

impl LazyConstraint for SlantLoopCut {
    fn name(&self) -> &str {
        "no loop"
    }
    fn justified_cuts(&self, a: &Assignment) -> Vec<Cut> {
        let slash: Vec<bool> = self.slash.iter().map(|&v| a.bool(v)).collect();
        let Some(cells) = self.grid.slant_cycle(&slash) else {
            return Vec::new();
        };
        let flip = cells.iter().map(|&c| {
            if slash[c] {
                !self.slash[c]
            } else {
                self.slash[c].lit()
            }
        });
        let name = format!("no loop through {}", self.grid.name(cells[0]));
        vec![Cut {
            constraint: NamedConstraint::new(name, Constraint::clause(flip)),
            why: None,
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::satisfiable_projections;

    /// Brute force: the diagonals of `mask` (bit c: cell c is `/`) form no loop.
    fn acyclic(g: Grid, mask: u64) -> bool {
        let slash: Vec<bool> = g.cells().map(|c| mask >> c & 1 == 1).collect();
        let mut parts = UnionFind::new(g.vertices().len());
        g.cells().all(|c| {
            let (a, b) = g.slant_ends(c, slash[c]);
            let fresh = parts.find(a) != parts.find(b);
            parts.union(a, b);
            fresh
        })
    }

    #[test]
    fn both_encodings_allow_exactly_the_loop_free_diagonals() {
        for (h, w) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
            let g = Grid::new(h, w);
            let valid: Vec<u64> = (0u64..1 << g.len()).filter(|&m| acyclic(g, m)).collect();
            let mut m = Model::new();
            let slash: Vec<Var> = g.cells().map(|c| m.new_bool(format!("s{c}"))).collect();
            let mut complete = m.clone();
            add_no_slant_loop(&mut complete, g, &slash, SlantEncoding::Regions);
            let found: Vec<u64> = satisfiable_projections(&complete, &slash)
                .into_iter()
                .collect();
            assert_eq!(found, valid, "{h}x{w}");
            add_no_slant_loop(&mut m, g, &slash, SlantEncoding::Lazy);
            for mask in 0u64..1 << g.len() {
                let a = Assignment {
                    values: (0..g.len()).map(|c| (mask >> c & 1) as i64).collect(),
                };
                let cuts = m.lazy[0].cuts(&a);
                assert_eq!(cuts.is_empty(), acyclic(g, mask), "{mask:b}");
                for cut in &cuts {
                    assert!(!cut.constraint.holds(|v| a.value(v)));
                    for &ok in &valid {
                        assert!(cut.constraint.holds(|v| (ok >> v.index() & 1) as i64));
                    }
                }
            }
        }
        assert!(!acyclic(Grid::new(2, 2), 0b1001) && acyclic(Grid::new(2, 2), 0));
    }
}
