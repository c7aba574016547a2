//! The vertices of a grid (the corners where cells meet) and the cells around each: vertex
//! clues count cells around a corner (creek, gokigen's slant counts).

use super::{Cell, Grid};

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
