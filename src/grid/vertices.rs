//! The vertices of a grid (the corners where cells meet) and the cells around each: vertex
//! clues count cells around a corner (creek, gokigen's slant counts).

use super::text::{clue_tokens, GridText};
use super::{Cell, Clue, Grid};
use crate::error::{Error, Result};

impl Grid {
    /// The `(H+1)×(W+1)` grid of vertices: vertex `(r, c)` is the top-left corner of cell
    /// `(r, c)`.
    pub fn vertices(&self) -> Grid {
        Grid::new(self.height + 1, self.width + 1)
    }

    /// The cells that touch a vertex (an id of [`Grid::vertices`]): four inside the grid,
    /// two on its edge, one in a corner, in raster order.
    pub fn cells_around_vertex(&self, vertex: Cell) -> Vec<Cell> {
        let (r, c) = self.vertices().rc(vertex);
        let mut out = Vec::with_capacity(4);
        for row in r.saturating_sub(1)..(r + 1).min(self.height) {
            for col in c.saturating_sub(1)..(c + 1).min(self.width) {
                out.push(self.cell(row, col));
            }
        }
        out
    }

    /// A vertex's name: the corner `r1c1` is the top-left of cell `r1c1`, `r4c4` of a 3×3
    /// grid its bottom-right corner.
    pub fn vertex_name(&self, vertex: Cell) -> String {
        let (r, c) = self.vertices().rc(vertex);
        format!("corner {}", super::cell_name(r, c))
    }
}

/// Reads janko's vertex-clue text (creek, gokigen): the cells' `H W` (optional), then the
/// (H+1)×(W+1) corner numbers 0–4, `?` or none; errors name `genre`, the line and column.
pub fn read_vertex_clues(
    source: &str,
    text: &str,
    genre: &str,
) -> Result<(Grid, Vec<Option<Clue>>)> {
    // janko's header gives the cells (H W) above an (H+1)×(W+1) grid of vertices, which
    // the generic reader would take for a ragged grid: the header is read here and left
    // out as a comment line, so positions stay those of the file.
    let lines: Vec<&str> = text.lines().collect();
    let content =
        |i: &usize| !lines[*i].trim().is_empty() && !lines[*i].trim_start().starts_with("//");
    let mut rows = (0..lines.len()).filter(content);
    let first = rows.next();
    let header = first.filter(|&i| {
        let tokens = clue_tokens(lines[i]);
        let next = rows.next().map_or(0, |j| clue_tokens(lines[j]).len());
        tokens.len() == 2 && next != 2 && tokens.iter().all(|t| t.1.parse::<usize>().is_ok())
    });
    let mut body: Vec<&str> = lines.clone();
    if let Some(i) = header {
        body[i] = "//";
    }
    let t = GridText::parse(source, &body.join("\n"), false)?;
    let at = header.map_or((1, 1), |i| (i + 1, 1));
    let err = |m: String| Error::input(source, at.0, at.1, m);
    let (h, w) = (t.grid.height - 1, t.grid.width - 1);
    if h == 0 || w == 0 {
        return Err(err(format!(
            "a {genre} grid needs at least 2 rows and 2 columns of vertices"
        )));
    }
    if let Some(i) = header {
        let size: Vec<usize> = clue_tokens(lines[i])
            .iter()
            .map(|t| t.1.parse().unwrap_or(0))
            .collect();
        if size != [h, w] {
            let (sh, sw) = (size[0], size[1]);
            return Err(err(format!(
                "the header says {sh}x{sw} cells, so {} rows of {} vertex clues; found {} of {}",
                sh + 1,
                sw + 1,
                h + 1,
                w + 1
            )));
        }
    }
    let clues = t.map_cells(|_, v| match v.clue()? {
        Some(Clue::Number(n)) if n > 4 => Err(format!("a vertex touches at most 4 cells, not {n}")),
        clue => Ok(clue),
    })?;
    Ok((Grid::new(h, w), clues))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vertex_touches_four_cells_inside_two_on_an_edge_one_in_a_corner() {
        let g = Grid::new(2, 3);
        let v = g.vertices();
        assert_eq!((v.height, v.width), (3, 4));
        assert_eq!(g.cells_around_vertex(v.cell(0, 0)), vec![0]);
        assert_eq!(g.cells_around_vertex(v.cell(1, 1)), vec![0, 1, 3, 4]);
        assert_eq!(g.cells_around_vertex(v.cell(0, 2)), vec![1, 2]);
        assert_eq!(g.cells_around_vertex(v.cell(2, 3)), vec![5]);
        assert_eq!(g.vertex_name(v.cell(2, 3)), "corner r3c4");
    }
}
