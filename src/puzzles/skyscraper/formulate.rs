//! Skyscrapers as a model: an integer 0–N per cell (0 empty; its encoding's bits are the
//! answer keys), each line holding 1..=N once (the core's all-different when N = W, each value
//! once otherwise), and each edge clue's count of buildings seen (`sight=prefix|pairwise`).

use super::Skyscraper;
use crate::error::Result;
use crate::grid::digits::{digit_vars, read_digits, Digits};
use crate::model::int::{all_different, fix, IntOptions, IntVar};
use crate::model::int_rules::{each_value_once, seen_from_start, SightEncoding};
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation: heights, Latin lines, the clues, the givens.
pub fn formulate(p: &Skyscraper, formulation: &Formulation) -> Result<Formulated<Digits>> {
    let options = IntOptions::from(formulation);
    let sight = formulation.choice::<SightEncoding>("sight");
    let (g, mut m) = (p.grid, Model::new());
    let full = p.tallest == g.width as i64;
    // 0 is an empty cell, which a line only has when N < W.
    let heights: Vec<i64> = (i64::from(full)..=p.tallest).collect();
    let height = digit_vars(&mut m, g, "height", &options, |_| Some(heights.clone()));
    let vars = |cells: &[usize]| -> Vec<IntVar> {
        cells.iter().filter_map(|&c| height[c].clone()).collect()
    };
    for line in p.latin_lines() {
        let name = format!("line from {}", g.name(line[0]));
        if full {
            all_different(&mut m, &name, &vars(&line), &options);
        } else {
            each_value_once(&mut m, &name, &vars(&line), &heights[1..]);
        }
    }
    for (name, line, clue) in p.sights() {
        seen_from_start(&mut m, &format!("from the {name}"), &vars(&line), i64::from(clue), sight);
    }
    for (c, given) in p.givens.iter().enumerate() {
        if let (Some(v), Some(x)) = (given, &height[c]) {
            fix(&mut m, &format!("given {}", g.name(c)), x, *v);
        }
    }
    Ok(Formulated::new(m, move |a| read_digits(&height, a)))
}
