//! The grid-puzzle toolkit: a rectangular grid with raster cell ids and one naming scheme
//! (`r3c4`), neighbours, 2×2 windows, lines and runs, rooms, polyomino placements, shading grids
//! in and out, "no two chosen cells touch" (kings), and the generic grid text format every
//! grid genre reads.

pub mod binary_lines;
pub mod cages;
pub mod counts;
pub mod digits;
pub mod distinct;
pub mod dominoes;
pub mod edges;
pub mod fleet;
pub mod int_cells;
pub mod int_lines;
pub mod kings;
pub mod latin;
pub mod lines;
pub mod margins;
pub mod pairing;
pub mod polyomino;
pub mod room_clues;
pub mod room_pairs;
pub mod rooms;
pub mod shading;
pub mod shading_logic;
pub mod slants;
pub mod sums;
pub mod text;
pub mod token_lines;
pub mod vertices;
pub mod visibility;
pub mod word_grid;

pub use room_clues::RoomClues;
pub use rooms::Rooms;

/// A cell of a grid: its raster index `row * width + col`.
pub type Cell = usize;

/// A number clue as puzzles write them: a value, or `?` (a clue whose value is not given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clue {
    /// A known value.
    Number(u32),
    /// `?`: the cell or room is clued, its value unknown.
    Unknown,
}

impl Clue {
    /// The value, if known.
    pub fn value(self) -> Option<u32> {
        match self {
            Clue::Number(n) => Some(n),
            Clue::Unknown => None,
        }
    }
}

/// The shape of a rectangular grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Rows.
    pub height: usize,
    /// Columns.
    pub width: usize,
}

impl Grid {
    /// A grid of `height` rows and `width` columns.
    pub fn new(height: usize, width: usize) -> Grid {
        Grid { height, width }
    }
    /// Fails unless an answer has one value per cell (answers from outside the model, e.g. a
    /// file, may not).
    pub fn check_answer_len<T>(&self, answer: &[T]) -> Result<(), String> {
        match answer.len() == self.len() {
            true => Ok(()),
            false => Err(format!(
                "{} cells given, the grid has {}",
                answer.len(),
                self.len()
            )),
        }
    }

    /// How many cells it has.
    pub fn len(&self) -> usize {
        self.height * self.width
    }
    /// Whether it has no cells.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Every cell, in raster order.
    pub fn cells(&self) -> std::ops::Range<Cell> {
        0..self.len()
    }
    /// The cell at a 0-based row and column.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        debug_assert!(row < self.height && col < self.width);
        row * self.width + col
    }
    /// The 0-based row and column of a cell.
    pub fn rc(&self, cell: Cell) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }
    /// The cell's name, `r3c4` (1-based), used in every message, variable and export.
    pub fn name(&self, cell: Cell) -> String {
        let (r, c) = self.rc(cell);
        cell_name(r, c)
    }
    /// The cell `(dr, dc)` away, if it is inside the grid.
    pub fn offset(&self, cell: Cell, dr: isize, dc: isize) -> Option<Cell> {
        let (r, c) = self.rc(cell);
        let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
        (r < self.height && c < self.width).then(|| self.cell(r, c))
    }
    /// The orthogonal neighbours of a cell (up, left, right, down that exist).
    pub fn neighbours4(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        [(-1, 0), (0, -1), (0, 1), (1, 0)]
            .into_iter()
            .filter_map(move |(dr, dc)| self.offset(cell, dr, dc))
    }
    /// The up to eight cells around a cell, diagonals included.
    pub fn neighbours8(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (dr, dc)))
            .filter(|&d| d != (0, 0))
            .filter_map(move |(dr, dc)| self.offset(cell, dr, dc))
    }
    /// Every orthogonally adjacent pair `(a, b)` with `a < b`, in raster order of `a`.
    pub fn edges(&self) -> Vec<(Cell, Cell)> {
        let mut edges = Vec::with_capacity(2 * self.len());
        for a in self.cells() {
            let (r, c) = self.rc(a);
            if c + 1 < self.width {
                edges.push((a, a + 1));
            }
            if r + 1 < self.height {
                edges.push((a, a + self.width));
            }
        }
        edges
    }
    /// The orthogonal neighbours of every cell.
    pub fn adjacency(&self) -> Vec<Vec<Cell>> {
        self.cells()
            .map(|c| self.neighbours4(c).collect())
            .collect()
    }
    /// The orthogonally connected parts of the cells on which `keep` holds, each sorted, in
    /// the order of their first cells.
    pub fn parts(&self, keep: impl Fn(Cell) -> bool) -> Vec<Vec<Cell>> {
        crate::graph::components(&self.adjacency(), keep)
    }
    /// The most cells of `cells` (sorted) that can be chosen with no two orthogonally adjacent:
    /// their count minus a maximum matching of their (bipartite) grid graph.
    pub fn max_independent(&self, cells: &[Cell]) -> usize {
        let index = |c: Cell| cells.binary_search(&c).ok();
        let edges: Vec<(usize, usize)> = (cells.iter().enumerate())
            .flat_map(|(i, &a)| [self.offset(a, 0, 1), self.offset(a, 1, 0)].map(move |b| (i, b)))
            .filter_map(|(i, b)| Some((i, index(b?)?)))
            .collect();
        let adj = crate::graph::adjacency(cells.len(), &edges);
        let black = |i: usize| {
            let (r, c) = self.rc(cells[i]);
            (r + c) % 2 == 0
        };
        cells.len() - crate::graph::bipartite_matching(&adj, black)
    }
    /// Every 2×2 block as `[top-left, top-right, bottom-left, bottom-right]`.
    pub fn windows2x2(&self) -> Vec<[Cell; 4]> {
        let mut out = Vec::new();
        for r in 0..self.height.saturating_sub(1) {
            for c in 0..self.width.saturating_sub(1) {
                let a = self.cell(r, c);
                out.push([a, a + 1, a + self.width, a + self.width + 1]);
            }
        }
        out
    }
    /// The top-left cell of the first 2×2 block whose four cells all pass `full` (a rule
    /// check's "no 2×2 block of …"), if any.
    pub fn full_2x2(&self, full: impl Fn(Cell) -> bool) -> Option<Cell> {
        let block = self
            .windows2x2()
            .into_iter()
            .find(|w| w.iter().all(|&c| full(c)));
        block.map(|w| w[0])
    }
    /// The cells of each row, top to bottom.
    pub fn rows(&self) -> Vec<Vec<Cell>> {
        (0..self.height)
            .map(|r| (0..self.width).map(|c| self.cell(r, c)).collect())
            .collect()
    }
    /// The cells of each column, left to right.
    pub fn columns(&self) -> Vec<Vec<Cell>> {
        (0..self.width)
            .map(|c| (0..self.height).map(|r| self.cell(r, c)).collect())
            .collect()
    }
    /// Every row, then every column.
    pub fn lines(&self) -> Vec<Vec<Cell>> {
        let mut lines = self.rows();
        lines.extend(self.columns());
        lines
    }
    /// One 0/1 answer variable per cell, named `{name}[r1c1]`.
    pub fn answer_bools(
        &self,
        model: &mut crate::model::Model,
        name: &str,
    ) -> Vec<crate::model::Var> {
        self.cells()
            .map(|c| {
                let mut var = String::with_capacity(name.len() + 12);
                var.push_str(name);
                var.push('[');
                let (r, col) = self.rc(c);
                push_cell_name(&mut var, r, col);
                var.push(']');
                model.new_answer_bool(var)
            })
            .collect()
    }
    /// Shading as text rows: `#` shaded, `.` not.
    pub fn shading_rows(&self, shaded: &[bool]) -> Vec<String> {
        self.char_rows(|c| if shaded[c] { '#' } else { '.' })
    }
    /// An answer in janko.at's notation: the header `H W` (and the genre's `extras`), then
    /// one line per row of space-separated tokens.
    pub fn answer_text<T: std::fmt::Display>(
        &self,
        extras: &str,
        token: impl Fn(Cell) -> T,
    ) -> String {
        let mut text = format!("{} {}{extras}\n", self.height, self.width);
        for row in self.rows() {
            let tokens: Vec<String> = row.iter().map(|&c| token(c).to_string()).collect();
            text.push_str(&tokens.join(" "));
            text.push('\n');
        }
        text
    }
    /// A shading in janko.at's notation: `x` shaded, `-` not (see [`Grid::answer_text`]).
    pub fn shading_answer(&self, extras: &str, shaded: &[bool]) -> String {
        self.answer_text(extras, |c| if shaded[c] { "x" } else { "-" })
    }
    /// One character per cell, as text rows.
    pub fn char_rows(&self, ch: impl Fn(Cell) -> char) -> Vec<String> {
        self.rows()
            .iter()
            .map(|row| row.iter().map(|&c| ch(c)).collect())
            .collect()
    }
    /// Reads rows of `#`/`.` (as [`Grid::shading_rows`] prints them) back into a shading.
    pub fn parse_shading(&self, rows: &[&str]) -> Result<Vec<bool>, String> {
        if rows.len() != self.height {
            return Err(format!("{} rows, expected {}", rows.len(), self.height));
        }
        let mut out = Vec::with_capacity(self.len());
        for (r, row) in rows.iter().enumerate() {
            let row: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            if row.len() != self.width {
                return Err(format!(
                    "row {} has {} cells, expected {}",
                    r + 1,
                    row.len(),
                    self.width
                ));
            }
            for ch in row {
                out.push(match ch {
                    '#' => true,
                    '.' => false,
                    other => return Err(format!("row {}: `{other}` is not `#` or `.`", r + 1)),
                });
            }
        }
        Ok(out)
    }
}

/// The name of the cell at a 0-based row and column: `r3c4`, 1-based.
pub fn cell_name(row: usize, col: usize) -> String {
    let mut name = String::with_capacity(10);
    push_cell_name(&mut name, row, col);
    name
}

/// Appends [`cell_name`] to `out`.
pub fn push_cell_name(out: &mut String, row: usize, col: usize) {
    use crate::model::name::push_number;
    out.push('r');
    push_number(out, row as u64 + 1);
    out.push('c');
    push_number(out, col as u64 + 1);
}

/// The maximal runs of consecutive cells of a line on which `keep` holds, in order.
pub fn runs(line: &[Cell], keep: impl Fn(Cell) -> bool) -> Vec<Vec<Cell>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    for &c in line {
        if keep(c) {
            current.push(c);
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_one_based_row_then_column() {
        let g = Grid::new(3, 4);
        assert_eq!(g.name(0), "r1c1");
        assert_eq!(g.name(g.cell(2, 3)), "r3c4");
        assert_eq!(g.rc(6), (1, 2));
    }

    #[test]
    fn max_independent_equals_brute_force_on_every_cell_set_of_a_3x3() {
        let g = Grid::new(3, 3);
        for mask in 0u32..1 << 9 {
            let cells: Vec<Cell> = g.cells().filter(|&c| mask >> c & 1 == 1).collect();
            let best = (0u32..1 << 9)
                .filter(|&pick| pick & !mask == 0)
                .filter(|&pick| {
                    g.edges()
                        .iter()
                        .all(|&(a, b)| pick >> a & pick >> b & 1 == 0)
                })
                .map(|pick| pick.count_ones() as usize)
                .max();
            assert_eq!(Some(g.max_independent(&cells)), best, "cells {cells:?}");
        }
        assert_eq!(Grid::new(2, 4).max_independent(&Vec::from_iter(0..8)), 4);
    }

    #[test]
    fn neighbours_stay_inside() {
        let g = Grid::new(2, 3);
        assert_eq!(g.neighbours4(0).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(g.neighbours4(4).collect::<Vec<_>>(), vec![1, 3, 5]);
        assert_eq!(g.neighbours8(0).collect::<Vec<_>>(), vec![1, 3, 4]);
        assert_eq!(g.neighbours8(4).count(), 5);
    }

    #[test]
    fn edges_agree_with_neighbours() {
        let g = Grid::new(3, 4);
        let edges = g.edges();
        assert_eq!(edges.len(), 3 * 3 + 2 * 4);
        for c in g.cells() {
            let from_edges: std::collections::BTreeSet<Cell> = edges
                .iter()
                .filter_map(|&(a, b)| (a == c).then_some(b).or((b == c).then_some(a)))
                .collect();
            assert_eq!(from_edges, g.neighbours4(c).collect());
        }
    }

    #[test]
    fn windows_lines_and_runs() {
        let g = Grid::new(2, 3);
        assert_eq!(g.windows2x2(), vec![[0, 1, 3, 4], [1, 2, 4, 5]]);
        assert_eq!(g.lines().len(), 5);
        assert_eq!(g.columns()[1], vec![1, 4]);
        assert_eq!(
            runs(&[0, 1, 2, 3, 4], |c| c != 2),
            vec![vec![0, 1], vec![3, 4]]
        );
    }

    #[test]
    fn parts_are_the_connected_kept_cells_in_order_of_their_first_cell() {
        // .#.
        // .#.
        // ..#
        let g = Grid::new(3, 3);
        let white = |c: Cell| ![1, 4, 8].contains(&c);
        assert_eq!(g.parts(white), vec![vec![0, 3, 6, 7], vec![2, 5]]);
        assert_eq!(g.parts(|_| false), Vec::<Vec<Cell>>::new());
        assert_eq!(g.parts(|_| true), vec![Vec::from_iter(g.cells())]);
    }

    #[test]
    fn shading_round_trips() {
        let g = Grid::new(2, 2);
        let s = vec![true, false, false, true];
        let rows = g.shading_rows(&s);
        assert_eq!(rows, vec!["#.", ".#"]);
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        assert_eq!(g.parse_shading(&refs).unwrap(), s);
        assert!(g.parse_shading(&["#.", "x#"]).is_err());
    }
}
