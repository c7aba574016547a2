//! Arranging sketches into a picture: one answer, two solutions side by side with the cells
//! where they differ highlighted, the facts of many solutions with the undetermined cells
//! marked, or a gallery. Differences are found by comparing what the sketches draw of their
//! answers cell by cell, so no genre has to say how its solutions differ.

use super::{Content, Lattice, Segment, Sketch};

/// A mark over a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The solutions examined disagree here (`--facts`): drawn as a tinted cell with `?`.
    Unknown,
    /// This solution differs here from the one beside it: drawn highlighted.
    Differs,
    /// A constraint of a "no solution" explanation (`--explain`) mentions this cell.
    Explains,
}

/// One grid of a picture, with its title and a mark per cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// What is drawn.
    pub sketch: Sketch,
    /// A line above the grid (`solution 1`).
    pub title: Option<String>,
    /// The mark of each cell, in raster order.
    pub marks: Vec<Option<Mark>>,
    /// Lines some of the solutions examined draw and others do not (`--facts` on a lattice
    /// of dots, where the answer is the edges, not the cells).
    pub unknown_lines: Vec<Segment>,
}

impl Panel {
    /// A panel without marks.
    pub fn plain(sketch: Sketch, title: Option<String>) -> Panel {
        let marks = vec![None; sketch.height * sketch.width];
        Panel {
            sketch,
            title,
            marks,
            unknown_lines: Vec::new(),
        }
    }
    /// The cells carrying a mark, in raster order.
    pub fn marked(&self, mark: Mark) -> Vec<usize> {
        (self.marks.iter().enumerate())
            .filter(|(_, m)| **m == Some(mark))
            .map(|(c, _)| c)
            .collect()
    }
}

/// Panels side by side (wrapping into rows for a gallery) with a caption under them.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// The panels in reading order.
    pub panels: Vec<Panel>,
    /// How many panels go on one row.
    pub per_row: usize,
    /// A line under the panels (the verdict).
    pub caption: Option<String>,
}

/// The most panels a gallery draws; a count beyond it shows its first solutions.
pub const GALLERY_LIMIT: usize = 24;

/// The cells where two sketches draw different answers (content or lines touching the cell).
/// Sketches of different shapes differ everywhere.
pub fn differing_cells(a: &Sketch, b: &Sketch) -> Vec<bool> {
    if (a.height, a.width) != (b.height, b.width) {
        return vec![true; a.height * a.width];
    }
    let (ca, cb) = (a.answer_by_cell(), b.answer_by_cell());
    ca.iter().zip(&cb).map(|(x, y)| x != y).collect()
}

/// What every sketch agrees on: the first sketch with the answer content kept only where all
/// sketches draw the same in a cell (and the lines all of them draw), and which cells differ.
pub fn agreement(sketches: &[Sketch]) -> (Sketch, Vec<bool>) {
    let first = sketches[0].clone();
    let mut undetermined = vec![false; first.height * first.width];
    for other in &sketches[1..] {
        for (u, d) in undetermined.iter_mut().zip(differing_cells(&first, other)) {
            *u |= d;
        }
    }
    let mut facts = first;
    for (cell, &u) in undetermined.iter().enumerate() {
        if u {
            facts.answer[cell] = Content::default();
        }
    }
    facts
        .answer_lines
        .retain(|s| sketches[1..].iter().all(|o| o.answer_lines.contains(s)));
    (facts, undetermined)
}

impl Picture {
    /// One panel under a caption.
    pub fn single(sketch: Sketch, caption: Option<String>) -> Picture {
        Picture {
            panels: vec![Panel::plain(sketch, None)],
            per_row: 1,
            caption,
        }
    }

    /// Two solutions side by side, the cells where their answers differ highlighted in both.
    pub fn pair(a: Sketch, b: Sketch, caption: Option<String>) -> Picture {
        let differ = differing_cells(&a, &b);
        let marks: Vec<Option<Mark>> = differ.iter().map(|&d| d.then_some(Mark::Differs)).collect();
        let panel = |sketch, title: &str, marks: &Vec<Option<Mark>>| Panel {
            marks: marks.clone(),
            ..Panel::plain(sketch, Some(title.to_string()))
        };
        Picture {
            panels: vec![
                panel(a, "solution 1", &marks),
                panel(b, "solution 2", &marks),
            ],
            per_row: 2,
            caption,
        }
    }

    /// The facts of the solutions examined: what they all agree on, the other cells marked
    /// unknown; on a lattice of dots (slitherlink), where the answer is edges, the edges
    /// drawn by some and not all are marked instead of cells.
    pub fn facts(sketches: &[Sketch], caption: Option<String>) -> Picture {
        let (facts, undetermined) = agreement(sketches);
        let mut panel = Panel::plain(facts, None);
        if panel.sketch.lattice == Lattice::Dots {
            let mut some: Vec<Segment> = (sketches.iter())
                .flat_map(|s| s.answer_lines.iter().copied())
                .filter(|l| !panel.sketch.answer_lines.contains(l))
                .collect();
            some.sort_unstable();
            some.dedup();
            panel.unknown_lines = some;
        } else {
            panel.marks = (undetermined.iter())
                .map(|&u| u.then_some(Mark::Unknown))
                .collect();
        }
        Picture {
            panels: vec![panel],
            per_row: 1,
            caption,
        }
    }

    /// The puzzle with the cells an explanation's constraints mention marked (`(row,
    /// column)`, 1-based, as in the names `r3c4`; cells outside the grid are left out).
    pub fn explained(sketch: Sketch, cells: &[(usize, usize)], caption: Option<String>) -> Picture {
        let mut panel = Panel::plain(sketch, None);
        let (h, w) = (panel.sketch.height, panel.sketch.width);
        for &(r, c) in cells {
            if (1..=h).contains(&r) && (1..=w).contains(&c) {
                panel.marks[(r - 1) * w + (c - 1)] = Some(Mark::Explains);
            }
        }
        Picture {
            panels: vec![panel],
            per_row: 1,
            caption,
        }
    }

    /// Up to [`GALLERY_LIMIT`] solutions in rows, numbered (unmarked: among many solutions
    /// nearly every cell differs from some other).
    pub fn gallery(sketches: &[Sketch], caption: Option<String>) -> Picture {
        let shown = &sketches[..sketches.len().min(GALLERY_LIMIT)];
        let panels: Vec<Panel> = (shown.iter().enumerate())
            .map(|(i, s)| Panel::plain(s.clone(), Some(format!("solution {}", i + 1))))
            .collect();
        // Rows of about equal length, at most six panels wide.
        let per_row = match panels.len() {
            0..=4 => panels.len().max(1),
            n => (n as f64).sqrt().ceil().min(6.0) as usize,
        };
        Picture {
            panels,
            per_row,
            caption,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::render::Points;

    fn shaded(rows: &[&str]) -> Sketch {
        let g = Grid::new(rows.len(), rows[0].len());
        let cells: Vec<bool> = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '#'))
            .collect();
        Sketch::of(g).with_shading(Some(&cells))
    }

    #[test]
    fn two_shadings_differ_exactly_where_one_is_shaded_and_the_other_not() {
        let a = shaded(&["#.", ".#"]);
        let b = shaded(&["#.", "#."]);
        assert_eq!(differing_cells(&a, &b), vec![false, false, true, true]);
        let p = Picture::pair(a, b, None);
        assert_eq!(p.panels[0].marked(Mark::Differs), vec![2, 3]);
        assert_eq!(p.panels[1].marked(Mark::Differs), vec![2, 3]);
    }

    #[test]
    fn facts_keep_what_all_agree_on_and_mark_the_rest() {
        let sketches = [
            shaded(&["#..", "..#"]),
            shaded(&["#..", ".#."]),
            shaded(&["#.#", "..."]),
        ];
        let p = Picture::facts(&sketches, None);
        let panel = &p.panels[0];
        assert_eq!(panel.marked(Mark::Unknown), vec![2, 4, 5]);
        let filled: Vec<bool> = panel
            .sketch
            .answer
            .iter()
            .map(|c| c.fill.is_some())
            .collect();
        assert_eq!(filled, vec![true, false, false, false, false, false]);
    }

    #[test]
    fn loops_differ_in_the_cells_their_lines_touch() {
        // Two loops on a 2×3 grid of centres: around the left 2×2 and around the right 2×2.
        let g = Grid::new(2, 3);
        let lines = |pairs: &[(usize, usize)]| -> Vec<bool> {
            g.edges().iter().map(|e| pairs.contains(e)).collect()
        };
        let left = lines(&[(0, 1), (0, 3), (1, 4), (3, 4)]);
        let right = lines(&[(1, 2), (1, 4), (2, 5), (4, 5)]);
        let a = Sketch::of(g).with_lines(Points::Centres, g, Some(&left));
        let b = Sketch::of(g).with_lines(Points::Centres, g, Some(&right));
        assert_eq!(differing_cells(&a, &b), vec![true; 6]);
        let (facts, undetermined) = agreement(&[a, b]);
        assert!(undetermined.iter().all(|&u| u));
        // Only the line both draw, (1)–(4), is kept.
        assert_eq!(facts.answer_lines.len(), 1);
    }

    #[test]
    fn a_gallery_numbers_its_solutions_and_stops_at_its_limit() {
        let many: Vec<Sketch> = (0..30).map(|_| shaded(&["#."])).collect();
        let p = Picture::gallery(&many, None);
        assert_eq!(p.panels.len(), GALLERY_LIMIT);
        assert_eq!(p.panels[4].title.as_deref(), Some("solution 5"));
        assert_eq!(p.per_row, 5);
    }
}
