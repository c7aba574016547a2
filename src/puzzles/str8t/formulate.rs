//! Str8ts as a model: an integer per white cell over the digits no black cell of its row or
//! column holds (its encoding's bits are the answer keys), the white cells of each line all
//! different (the core's `alldiff`), each white run a straight (`straight=start|span`), the
//! given digits fixed.

use super::{Square, Str8t};
use crate::error::Result;
use crate::grid::digits::{digit_vars, Digits};
use crate::model::int::{all_different, fix, IntOptions, IntVar};
use crate::model::int_rules::{straight, StraightEncoding};
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation: digits, lines all different, runs straight, givens.
pub fn formulate(p: &Str8t, formulation: &Formulation) -> Result<Formulated<Digits>> {
    let options = IntOptions::from(formulation);
    let encoding = formulation.choice::<StraightEncoding>("straight");
    let (g, mut m) = (p.grid, Model::new());
    let with_candidates = |c| p.is_white(c).then(|| p.candidates(c)).filter(|v| !v.is_empty());
    let digit = digit_vars(&mut m, g, "digit", &options, with_candidates);
    if g.cells().any(|c| p.is_white(c) && digit[c].is_none()) {
        m.add("a white cell has no digit left", crate::model::Constraint::clause([]));
    }
    let vars = |cells: &[usize]| -> Vec<IntVar> {
        cells.iter().filter_map(|&c| digit[c].clone()).collect()
    };
    for line in g.lines() {
        all_different(&mut m, &format!("line from {}", g.name(line[0])), &vars(&line), &options);
    }
    for run in p.straights() {
        straight(&mut m, &format!("run from {}", g.name(run[0])), &vars(&run), encoding);
    }
    for c in g.cells() {
        if let (Square::White(Some(d)), Some(x)) = (p.squares[c], &digit[c]) {
            fix(&mut m, &format!("given {}", g.name(c)), x, d);
        }
    }
    let squares = p.squares.clone();
    Ok(Formulated::new(m, move |a| {
        let value = |(x, s): (&Option<IntVar>, &Square)| match (x, s) {
            (Some(x), _) => x.value(a),
            (None, Square::Black(Some(d))) => *d,
            _ => 0,
        };
        digit.iter().zip(&squares).map(value).collect()
    }))
}
