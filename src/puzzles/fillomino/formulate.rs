//! Fillomino as a model: each cell is in one size class, `size[r1c1]=n` for the sizes 1..=M up
//! to the largest given number M, and `size[r1c1]>M` for the regions larger than every given
//! number (only unnumbered regions can be); the connected areas of one class have its size
//! (exactly, or more than M), by the core's sized classes with lazy cuts.
//!
//! The class "more than M" stands for any regions above M: an area of it is read as ONE region
//! (of its own size). Whenever an area could be split into several regions above M, reading it
//! whole is a solution too, so the models' verdicts agree with the rules' except that such
//! splits are not counted as further solutions (no janko puzzle has two touching unnumbered
//! regions both larger than every number).

use super::{Fillomino, Sizes};
use crate::error::Result;
use crate::grid::Clue;
use crate::model::connectivity::NodeGraph;
use crate::model::division::{add_sized_classes, class_areas, SizeClass};
use crate::model::{Active, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model: one size class per cell, areas of each class as large as its size.
pub fn formulate(p: &Fillomino, _: &Formulation) -> Result<Formulated<Sizes>> {
    let g = p.grid;
    let given = |c: usize| p.clues[c].and_then(Clue::value).map(|n| n as usize);
    // A number above the cell count fits no region: its cell gets no class (infeasible), and
    // the classes stop at the cell count instead of the number.
    let largest = g.cells().filter_map(given).max().unwrap_or(1).min(g.len().max(1));
    let mut classes: Vec<SizeClass> = (1..=largest)
        .map(|size| SizeClass {
            size,
            at_least: false,
        })
        .collect();
    classes.push(SizeClass {
        size: largest + 1,
        at_least: true,
    });
    let mut m = Model::new();
    let member: Vec<Vec<Active>> = (classes.iter())
        .map(|class| {
            let label = match class.at_least {
                true => format!(">{largest}"),
                false => class.size.to_string(),
            };
            (g.cells())
                .map(|c| match given(c) {
                    Some(n) => Active::from(n == class.size && !class.at_least),
                    None => m
                        .new_answer_bool(format!("size[{}]={label}", g.name(c)))
                        .into(),
                })
                .collect()
        })
        .collect();
    let graph = NodeGraph::new(vec![Active::Always; g.len()], &g.edges()).with_names(|c| g.name(c));
    add_sized_classes(&mut m, "regions", &graph, &classes, &member);
    let adjacency = graph.adjacency().to_vec();
    Ok(Formulated::new(m, move |a| {
        let mut sizes = vec![0; g.len()];
        for (k, area) in class_areas(&adjacency, &member, a) {
            let size = if classes[k].at_least { area.len() } else { classes[k].size };
            area.iter().for_each(|&c| sizes[c] = size);
        }
        sizes
    }))
}
