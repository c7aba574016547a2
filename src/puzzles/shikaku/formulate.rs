//! Shikaku as a model: every rectangle of each number's area that holds that number and no
//! other is a candidate; the core's exact cover chooses one per number and covers every cell
//! once (the rectangles are few: a number n has at most n · d(n) of them).

use super::{Labels, Shikaku};
use crate::error::Result;
use crate::grid::Clue;
use crate::model::division::{add_exact_cover, cover_labels, first_appearance, Candidate};
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation};

/// The model: one 0/1 per candidate rectangle, an exact cover of the cells.
pub fn formulate(p: &Shikaku, _: &Formulation) -> Result<Formulated<Labels>> {
    let g = p.grid;
    let clued: Vec<usize> = g.cells().filter(|&c| p.clues[c].is_some()).collect();
    // clues_above[r][c]: the numbers in rows < r and columns < c, to count a rectangle's.
    let (h, w) = (g.height, g.width);
    let mut clues_above = vec![vec![0usize; w + 1]; h + 1];
    for r in 0..h {
        for c in 0..w {
            let here = usize::from(p.clues[g.cell(r, c)].is_some());
            clues_above[r + 1][c + 1] =
                clues_above[r][c + 1] + clues_above[r + 1][c] - clues_above[r][c] + here;
        }
    }
    let numbers_in = |r0: usize, c0: usize, r1: usize, c1: usize| {
        clues_above[r1][c1] + clues_above[r0][c0] - clues_above[r0][c1] - clues_above[r1][c0]
    };
    let mut candidates = Vec::new();
    for (group, &at) in clued.iter().enumerate() {
        let n = p.clues[at].and_then(Clue::value).unwrap_or(0) as usize;
        let (r, c) = g.rc(at);
        for height in (1..=n.min(h)).filter(|&d| n.is_multiple_of(d)) {
            let width = n / height;
            for top in r.saturating_sub(height - 1)..=r.min(h.saturating_sub(height)) {
                for left in c.saturating_sub(width - 1)..=c.min(w.saturating_sub(width)) {
                    if left + width > w || numbers_in(top, left, top + height, left + width) != 1 {
                        continue;
                    }
                    let rows = top..top + height;
                    let nodes = rows
                        .flat_map(|row| (left..left + width).map(move |col| g.cell(row, col)))
                        .collect();
                    candidates.push(Candidate { group, nodes });
                }
            }
        }
    }
    let mut m = Model::new();
    let name = |c: usize| g.name(c);
    let vars = add_exact_cover(&mut m, "rectangles", g.len(), clued.len(), &candidates, name);
    Ok(Formulated::new(m, move |a| {
        first_appearance(&cover_labels(a, g.len(), &candidates, &vars))
    }))
}
