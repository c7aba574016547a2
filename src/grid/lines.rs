//! Lines drawn between orthogonally adjacent points of a grid, for loop genres: the points are
//! a genre's cells (masyu) or the corners of its cells (slitherlink, a `(H+1)×(W+1)` grid of
//! vertices). One 0/1 variable per pair of neighbours ([`GridLines`]), the rule "one simple
//! loop" checked from its text ([`Grid::check_single_loop`]), and the loop as rows of direction
//! letters in and out ([`Grid::line_rows`], [`Grid::parse_line_rows`]).

use super::{Cell, Grid};
use crate::model::active::add_clause;
use crate::model::loops::{add_single_loop, EdgeGraph, LoopEncoding, LoopGuard};
use crate::model::{Active, Assignment, Lit, Model, Var};

/// The four directions as rows print them, in alphabetical order: letter, row step, column step.
pub const DIRECTIONS: [(char, isize, isize); 4] =
    [('e', 0, 1), ('n', -1, 0), ('s', 1, 0), ('w', 0, -1)];

impl Grid {
    /// The index in [`Grid::edges`] of the pair of adjacent points `a`, `b` (either order).
    pub fn edge_index(&self, a: Cell, b: Cell) -> Option<usize> {
        let (a, b) = (a.min(b), a.max(b));
        let ((r, c), (rb, cb)) = (self.rc(a), self.rc(b));
        let right = rb == r && cb == c + 1;
        if !(right || (cb == c && rb == r + 1)) || b >= self.len() {
            return None;
        }
        // Each earlier row holds w − 1 rightward and w downward edges; in this row every earlier
        // point has its rightward edge and, unless this is the last row, its downward one.
        let below = usize::from(r + 1 < self.height);
        let before = r * (2 * self.width - 1) + c * (1 + below);
        let has_right = usize::from(c + 1 < self.width);
        Some(before + if right { 0 } else { has_right })
    }

    /// Whether the edge from `p` one step `(dr, dc)` away is used (false off the grid).
    pub fn line_uses(&self, used: &[bool], p: Cell, dr: isize, dc: isize) -> bool {
        let edge = self.offset(p, dr, dc).and_then(|q| self.edge_index(p, q));
        edge.is_some_and(|e| used[e])
    }

    /// Each point's used edges as letters from `e n s w` in that order (`es`, `ns`, …), `.` for
    /// none; a row's entries separated by single spaces.
    pub fn line_rows(&self, used: &[bool]) -> Vec<String> {
        let letters = |p: Cell| -> String {
            let s: String = (DIRECTIONS.iter())
                .filter(|&&(_, dr, dc)| self.line_uses(used, p, dr, dc))
                .map(|d| d.0)
                .collect();
            if s.is_empty() {
                ".".into()
            } else {
                s
            }
        };
        self.rows()
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&p| letters(p))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// Reads rows as [`Grid::line_rows`] writes them back into used edges; both ends of an
    /// edge must name it.
    pub fn parse_line_rows(&self, rows: &[&str]) -> Result<Vec<bool>, String> {
        if rows.len() != self.height {
            return Err(format!("{} rows, expected {}", rows.len(), self.height));
        }
        let mut ends = vec![0u8; self.edges().len()];
        for (r, row) in rows.iter().enumerate() {
            let entries: Vec<&str> = row.split_whitespace().collect();
            if entries.len() != self.width {
                let n = entries.len();
                return Err(format!(
                    "row {} has {n} entries, expected {}",
                    r + 1,
                    self.width
                ));
            }
            for (c, entry) in entries.iter().enumerate() {
                let p = self.cell(r, c);
                for ch in entry.chars().filter(|&ch| ch != '.') {
                    let at = format!("row {} entry {}", r + 1, c + 1);
                    let &(_, dr, dc) = (DIRECTIONS.iter().find(|d| d.0 == ch))
                        .ok_or_else(|| format!("{at}: `{ch}` is not one of e n s w"))?;
                    let q = (self.offset(p, dr, dc))
                        .ok_or_else(|| format!("{at}: `{ch}` leaves the grid"))?;
                    ends[self.edge_index(p, q).expect("neighbours")] += 1;
                }
            }
        }
        match ends.iter().position(|&n| n == 1) {
            Some(e) => {
                let (a, b) = self.edges()[e];
                Err(format!(
                    "only one of {} and {} names the line between them",
                    self.name(a),
                    self.name(b)
                ))
            }
            None => Ok(ends.iter().map(|&n| n == 2).collect()),
        }
    }

    /// The line in janko.at's answer notation: the header `H W` (and `extras`), then each
    /// point's used directions in the order `n s e w` (`ns`, `se`, `ew`, …), `-` for none.
    pub fn line_answer(&self, extras: &str, used: &[bool]) -> String {
        let order = [('n', -1, 0), ('s', 1, 0), ('e', 0, 1), ('w', 0, -1)];
        self.answer_text(extras, |p| {
            let uses = |&&(_, dr, dc): &&(char, isize, isize)| self.line_uses(used, p, dr, dc);
            let letters: String = order.iter().filter(uses).map(|d| d.0).collect();
            match letters.is_empty() {
                true => "-".to_string(),
                false => letters,
            }
        })
    }

    /// For a loop drawn through this grid's points as the corners of cells (slitherlink's
    /// `(H+1)×(W+1)` vertices), whether each of the `H×W` cells lies inside it, in raster
    /// order: a cell is inside when an odd number of the loop's vertical segments lie left of
    /// it in its row (a ray to the left edge crosses the loop that often).
    pub fn cells_inside(&self, used: &[bool]) -> Vec<bool> {
        let (h, w) = (self.height.saturating_sub(1), self.width.saturating_sub(1));
        let mut inside = Vec::with_capacity(h * w);
        for r in 0..h {
            let mut crossed = false;
            for c in 0..w {
                crossed ^= self.line_uses(used, self.cell(r, c), 1, 0);
                inside.push(crossed);
            }
        }
        inside
    }

    /// Checks that the used edges form one simple closed loop: something is drawn, every point
    /// has no line or two, and all of it is one piece. The error says which and where.
    pub fn check_single_loop(&self, used: &[bool]) -> Result<(), String> {
        let edges = self.edges();
        if used.len() != edges.len() {
            return Err(format!(
                "{} edges given, the grid has {}",
                used.len(),
                edges.len()
            ));
        }
        let mut degree = vec![0; self.len()];
        let mut parts = crate::graph::UnionFind::new(self.len());
        for (&(a, b), _) in edges.iter().zip(used).filter(|(_, &u)| u) {
            degree[a] += 1;
            degree[b] += 1;
            parts.union(a, b);
        }
        if let Some(p) = degree.iter().position(|&d| d > 2) {
            return Err(format!("the line branches at {}", self.name(p)));
        }
        if let Some(p) = degree.iter().position(|&d| d == 1) {
            return Err(format!("the line ends at {}", self.name(p)));
        }
        let on: Vec<Cell> = self.cells().filter(|&p| degree[p] > 0).collect();
        let Some(&first) = on.first() else {
            return Err("no line is drawn".into());
        };
        if let Some(&other) = on.iter().find(|&&p| parts.find(p) != parts.find(first)) {
            let (a, b) = (self.name(first), self.name(other));
            return Err(format!(
                "the line is more than one loop ({a} and {b} are on different loops)"
            ));
        }
        Ok(())
    }
}

/// The sides, in faces, of the windows a search for a change to lines looks in first, smaller
/// first ([`GridLines::face_windows`]): janko's numberlink 528_20x20, 546, 549 and 550 have
/// second answers that change their filled answers within a few rows and columns, 537's across
/// 6 × 11 faces.
pub const CHANGE_WINDOWS: &[usize] = &[8, 12];

/// A line on a grid as a model: one 0/1 answer variable per pair of adjacent points, in the
/// order of [`Grid::edges`].
#[derive(Clone, Debug)]
pub struct GridLines {
    /// The grid of points the line joins.
    pub grid: Grid,
    /// Whether each edge is used.
    pub used: Vec<Var>,
}

impl GridLines {
    /// One answer variable per edge, named `{name}[r1c1-r1c2]`.
    pub fn new(model: &mut Model, grid: Grid, name: &str) -> GridLines {
        let used = (grid.edges().iter())
            .map(|&(a, b)| {
                model.new_answer_bool(format!("{name}[{}-{}]", grid.name(a), grid.name(b)))
            })
            .collect();
        GridLines { grid, used }
    }

    /// The edge from `p` one step `(dr, dc)` away: `Never` when that leaves the grid.
    pub fn at(&self, p: Cell, dr: isize, dc: isize) -> Active {
        let g = self.grid;
        let edge = g.offset(p, dr, dc).and_then(|q| g.edge_index(p, q));
        edge.map_or(Active::Never, |e| self.used[e].into())
    }

    /// Adds "the used edges form one simple loop" and returns whether it passes each point.
    pub fn add_single_loop(
        &self,
        model: &mut Model,
        name: &str,
        guard: LoopGuard,
        encoding: LoopEncoding,
    ) -> Vec<Active> {
        let g = self.grid;
        let graph = EdgeGraph::new(g.len(), &g.edges(), self.used.iter().map(|&v| v.into()))
            .with_names(|p| g.name(p));
        add_single_loop(model, name, &graph, guard, encoding)
    }

    /// Adds "at `p` the line goes straight or not at all": the edges on opposite sides are
    /// used together.
    pub fn add_no_turn(&self, model: &mut Model, name: &str, p: Cell) {
        for (a, b) in [((0, 1), (0, -1)), ((1, 0), (-1, 0))] {
            let (x, y) = (self.at(p, a.0, a.1), self.at(p, b.0, b.1));
            add_clause(model, name, [!x, y]);
            add_clause(model, name, [x, !y]);
        }
    }

    /// Adds "the lines differ from `base`, where every point keeps the parity of its number of
    /// lines" as one variable per face (the square between four neighbouring points), at least
    /// one of them flipped: an edge is used exactly when `base` uses it or one of its faces is
    /// flipped, not both. Such lines differ from `base` by the border of exactly one non-empty
    /// set of faces (a planar grid's even subgraphs are borders of face sets), so a search
    /// over the faces is a search over the regions where the lines change.
    pub fn add_change_from(&self, model: &mut Model, name: &str, base: &[bool]) -> Vec<Lit> {
        let g = self.grid;
        let (fh, fw) = (g.height.saturating_sub(1), g.width.saturating_sub(1));
        let faces: Vec<Lit> = (0..fh * fw)
            .map(|f| {
                model
                    .new_bool(format!("{name} face[{}]", g.name(g.cell(f / fw, f % fw))))
                    .lit()
            })
            .collect();
        let face = |r: usize, c: usize| (r < fh && c < fw).then(|| faces[r * fw + c]);
        for (e, &(a, b)) in g.edges().iter().enumerate() {
            let ((r, c), (rb, _)) = (g.rc(a), g.rc(b));
            // A horizontal edge borders the faces above and below it, a vertical one those to
            // its left and right.
            let sides = if rb == r {
                [r.checked_sub(1).and_then(|r| face(r, c)), face(r, c)]
            } else {
                [c.checked_sub(1).and_then(|c| face(r, c)), face(r, c)]
            };
            let sides: Vec<Lit> = sides.into_iter().flatten().collect();
            let used = self.used[e].lit();
            // Forbid every assignment of (used, sides) whose parity is not base's.
            for bits in 0u32..1 << (sides.len() + 1) {
                if (bits.count_ones() % 2 == 1) != base[e] {
                    let lits = std::iter::once(used)
                        .chain(sides.iter().copied())
                        .enumerate();
                    let clause =
                        lits.map(|(i, l)| Active::from(if bits >> i & 1 == 1 { !l } else { l }));
                    add_clause(
                        model,
                        format!("{name} flips {}-{}", g.name(a), g.name(b)),
                        clause,
                    );
                }
            }
        }
        add_clause(
            model,
            format!("{name} somewhere"),
            faces.iter().map(|&f| Active::from(f)),
        );
        faces
    }

    /// For each window of the sides in [`CHANGE_WINDOWS`] (square, of faces of a change:
    /// [`GridLines::add_change_from`]'s faces; of one side, windows overlapping by half and
    /// covering the grid): the assumptions that keep every face outside it unflipped, so that
    /// a search under them looks only for changes inside. None of a side whose one window
    /// would cover the grid.
    pub fn face_windows(&self, faces: &[Lit]) -> Vec<Vec<Lit>> {
        (CHANGE_WINDOWS.iter())
            .flat_map(|&side| self.windows_of(faces, side))
            .collect()
    }

    /// [`GridLines::face_windows`] of `side` × `side` faces.
    fn windows_of(&self, faces: &[Lit], side: usize) -> Vec<Vec<Lit>> {
        let g = self.grid;
        let (fh, fw) = (g.height.saturating_sub(1), g.width.saturating_sub(1));
        if side == 0 || (fh <= side && fw <= side) {
            return Vec::new();
        }
        // The first face of each window along an axis of `n` faces, the last flush with the end.
        let starts = |n: usize| -> Vec<usize> {
            let last = n.saturating_sub(side);
            let mut s: Vec<usize> = (0..last).step_by((side / 2).max(1)).collect();
            s.push(last);
            s
        };
        let mut windows = Vec::new();
        for r0 in starts(fh) {
            for c0 in starts(fw) {
                let inside = |r: usize, c: usize| {
                    (r0..r0 + side).contains(&r) && (c0..c0 + side).contains(&c)
                };
                let outside = (0..fh * fw).filter(|&f| !inside(f / fw, f % fw));
                windows.push(outside.map(|f| !faces[f]).collect());
            }
        }
        windows
    }

    /// The used edges of an assignment.
    pub fn decode(&self, a: &Assignment) -> Vec<bool> {
        self.used.iter().map(|&v| a.bool(v)).collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// On a 3×3 grid, against every edge set: the lines a base may change to are exactly those
    /// other than it with the parity of every point's lines kept, each by one set of faces.
    #[test]
    fn a_change_from_a_base_is_one_set_of_faces_for_each_other_set_of_lines_of_the_same_parity() {
        let g = Grid::new(3, 3);
        let edges = g.edges();
        let all: Vec<Vec<bool>> = crate::puzzles::testing::all_shadings(edges.len()).collect();
        let parity = |used: &[bool]| -> Vec<bool> {
            let mut odd = vec![false; g.len()];
            for (&(a, b), _) in edges.iter().zip(used).filter(|(_, &u)| u) {
                odd[a] ^= true;
                odd[b] ^= true;
            }
            odd
        };
        let mut changes = 0;
        for base in [&all[0], &all[0b1010_0110_1001], &all[0b1111_1111_1111]] {
            let mut m = Model::new();
            let lines = GridLines::new(&mut m, g, "line");
            let faces = lines.add_change_from(&mut m, "change", base);
            assert_eq!(faces.len(), 4);
            for other in &all {
                let flips = (0u32..16).filter(|f| {
                    let value = |v: Var| {
                        let edge = lines.used.iter().position(|&u| u == v);
                        let face = faces.iter().position(|l| l.var == v);
                        i64::from(edge.map_or_else(|| f >> face.unwrap() & 1 == 1, |e| other[e]))
                    };
                    m.constraints.iter().all(|c| c.constraint.holds(value))
                });
                let expected = usize::from(other != base && parity(other) == parity(base));
                assert_eq!(flips.count(), expected, "{other:?} from {base:?}");
                changes += expected;
            }
        }
        // Each base reaches the 2^4 - 1 other borders of face sets.
        assert_eq!(changes, 3 * 15);
    }

    /// Windows of 4 × 4 faces on grids of 6 × 7 and 11 × 5 points (5 × 6 and 10 × 4 faces):
    /// each keeps exactly the faces outside one 4 × 4 block unflipped, the blocks overlap by
    /// half and together cover every face; a grid one window covers has none.
    #[test]
    fn face_windows_keep_the_faces_outside_overlapping_blocks_that_cover_the_grid() {
        for (h, w, starts) in [
            (6, 7, (vec![0, 1], vec![0, 2])),
            (11, 5, (vec![0, 2, 4, 6], vec![0])),
        ] {
            let mut m = Model::new();
            let lines = GridLines::new(&mut m, Grid::new(h, w), "line");
            let faces = lines.add_change_from(&mut m, "change", &vec![false; lines.used.len()]);
            let fw = w - 1;
            let windows = lines.windows_of(&faces, 4);
            assert_eq!(windows.len(), starts.0.len() * starts.1.len());
            let mut covered = vec![false; faces.len()];
            let blocks = starts
                .0
                .iter()
                .flat_map(|&r| starts.1.iter().map(move |&c| (r, c)));
            for (kept, (r0, c0)) in windows.iter().zip(blocks) {
                let inside: Vec<usize> = (0..faces.len())
                    .filter(|f| {
                        (r0..r0 + 4).contains(&(f / fw)) && (c0..c0 + 4).contains(&(f % fw))
                    })
                    .collect();
                let outside: Vec<Lit> = (0..faces.len())
                    .filter(|f| !inside.contains(f))
                    .map(|f| !faces[f])
                    .collect();
                assert_eq!(kept, &outside, "window at face r{r0}c{c0} of {h}x{w}");
                inside.iter().for_each(|&f| covered[f] = true);
            }
            assert!(covered.iter().all(|&c| c));
        }
        let mut m = Model::new();
        let lines = GridLines::new(&mut m, Grid::new(5, 5), "line");
        let faces = lines.add_change_from(&mut m, "change", &vec![false; lines.used.len()]);
        assert!(lines.windows_of(&faces, 4).is_empty());
    }

    /// Every simple loop of the grid graph, as used edges: a depth-first search from each
    /// point through larger points only, each cycle kept once.
    pub(crate) fn all_single_loops(g: Grid) -> Vec<Vec<bool>> {
        fn extend(g: Grid, start: Cell, path: &mut Vec<Cell>, out: &mut Vec<Vec<bool>>) {
            let last = *path.last().unwrap();
            for q in g.neighbours4(last).collect::<Vec<_>>() {
                if q == start && path.len() >= 4 && path[1] < last {
                    // Each cycle is found in both directions: keep the one whose second point
                    // is smaller than its last.
                    let mut used = vec![false; g.edges().len()];
                    for w in path.windows(2) {
                        used[g.edge_index(w[0], w[1]).unwrap()] = true;
                    }
                    used[g.edge_index(last, start).unwrap()] = true;
                    out.push(used);
                } else if q > start && !path.contains(&q) {
                    path.push(q);
                    extend(g, start, path, out);
                    path.pop();
                }
            }
        }
        let mut out = Vec::new();
        for start in g.cells() {
            extend(g, start, &mut vec![start], &mut out);
        }
        out
    }

    #[test]
    fn edge_index_agrees_with_edges() {
        for (h, w) in [(1, 1), (1, 4), (4, 1), (3, 5), (5, 3)] {
            let g = Grid::new(h, w);
            for (i, &(a, b)) in g.edges().iter().enumerate() {
                assert_eq!(g.edge_index(a, b), Some(i));
                assert_eq!(g.edge_index(b, a), Some(i));
            }
            let pairs = g.cells().flat_map(|a| g.cells().map(move |b| (a, b)));
            let adjacent = pairs.filter(|&(a, b)| g.edge_index(a, b).is_some()).count();
            assert_eq!(adjacent, 2 * g.edges().len(), "{h}x{w}");
        }
    }

    #[test]
    fn loop_counts_match_the_known_cycle_counts_of_grid_graphs() {
        // OEIS A140517: simple cycles of the n×n grid graph are 1, 13, 213, 9349.
        let counts: Vec<usize> = (2..=5)
            .map(|n| all_single_loops(Grid::new(n, n)).len())
            .collect();
        assert_eq!(counts, vec![1, 13, 213, 9349]);
        for used in all_single_loops(Grid::new(3, 4)) {
            assert_eq!(Grid::new(3, 4).check_single_loop(&used), Ok(()));
        }
    }

    #[test]
    fn rows_name_the_directions_in_alphabetical_order_and_read_back() {
        // The loop around the 2×2 block of points at the top left of a 2×3 grid.
        let g = Grid::new(2, 3);
        let mut used = vec![false; g.edges().len()];
        for (a, b) in [(0, 1), (0, 3), (1, 4), (3, 4)] {
            used[g.edge_index(a, b).unwrap()] = true;
        }
        let rows = g.line_rows(&used);
        assert_eq!(rows, vec!["es sw .", "en nw ."]);
        let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
        assert_eq!(g.parse_line_rows(&refs), Ok(used));
        assert!(g
            .parse_line_rows(&["es sw .", "en n ."])
            .unwrap_err()
            .contains("only one"));
        assert!(g
            .parse_line_rows(&["es sw e", "en nw ."])
            .unwrap_err()
            .contains("leaves"));
        assert!(g
            .parse_line_rows(&["es sw .", "en nw"])
            .unwrap_err()
            .contains("2 entries"));
    }

    #[test]
    fn the_janko_answer_writes_vertical_letters_first_and_a_dash_off_the_line() {
        let g = Grid::new(2, 3);
        let mut used = vec![false; g.edges().len()];
        for (a, b) in [(0, 1), (0, 3), (1, 4), (3, 4)] {
            used[g.edge_index(a, b).unwrap()] = true;
        }
        assert_eq!(g.line_answer("", &used), "2 3\nse sw -\nne nw -\n");
    }

    #[test]
    fn the_cells_inside_a_loop_are_bounded_by_exactly_its_segments() {
        // On 3×4 corners (2×3 cells), for every loop: a segment is used exactly where the
        // cells on its two sides (outside the grid counts as outside) differ.
        let v = Grid::new(3, 4);
        let cells = Grid::new(2, 3);
        let loops = all_single_loops(v);
        for used in &loops {
            let inside = v.cells_inside(used);
            let at = |r: isize, c: isize| {
                (r >= 0 && c >= 0 && r < 2 && c < 3) && inside[cells.cell(r as usize, c as usize)]
            };
            for (e, &(a, b)) in v.edges().iter().enumerate() {
                let ((r, c), (rb, _)) = (v.rc(a), v.rc(b));
                let (r, c) = (r as isize, c as isize);
                let differ = match rb == v.rc(a).0 {
                    true => at(r - 1, c) != at(r, c),
                    false => at(r, c - 1) != at(r, c),
                };
                assert_eq!(used[e], differ, "{:?} edge {e}", v.line_rows(used));
            }
        }
        assert!(loops.len() > 10);
    }

    #[test]
    fn the_loop_check_names_each_broken_rule() {
        let g = Grid::new(3, 4);
        let edge = |a, b| g.edge_index(a, b).unwrap();
        let mut used = vec![false; g.edges().len()];
        assert_eq!(g.check_single_loop(&used).unwrap_err(), "no line is drawn");
        used[edge(0, 1)] = true;
        assert!(g
            .check_single_loop(&used)
            .unwrap_err()
            .starts_with("the line ends at r1c1"));
        for (a, b) in [(0, 4), (1, 5), (4, 5), (2, 3), (2, 6), (3, 7), (6, 7)] {
            used[edge(a, b)] = true;
        }
        let err = g.check_single_loop(&used).unwrap_err();
        assert!(err.starts_with("the line is more than one loop"), "{err}");
        used[edge(1, 2)] = true;
        assert!(g
            .check_single_loop(&used)
            .unwrap_err()
            .starts_with("the line branches at r1c2"));
    }
}
