//! Binairo as a model: one 0/1 `two` variable per cell (the answer keys); each line's rules as
//! clauses and a count, or as one automaton; the classic rule as "no two lines alike".

use super::{Binairo, Digits};
use crate::error::Result;
use crate::grid::binary_lines::{add_line_rules, LineRules};
use crate::grid::distinct::add_distinct_lines;
use crate::model::{Constraint, Lit, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Binairo, formulation: &Formulation) -> Result<Formulated<Digits>> {
    let g = p.grid;
    let mut m = Model::new();
    let two = g.answer_bools(&mut m, "two");
    let lits: Vec<Lit> = two.iter().map(|v| v.lit()).collect();
    for (c, given) in p.givens.iter().enumerate() {
        if let Some(value) = *given {
            let lit = if value { lits[c] } else { !lits[c] };
            m.add(format!("given {}", g.name(c)), Constraint::clause([lit]));
        }
    }
    let encoding = formulation.choice::<LineRules>("lines");
    add_line_rules(&mut m, g, &g.lines(), &lits, encoding);
    if p.distinct {
        add_distinct_lines(&mut m, "rows differ", g, &g.rows(), &lits);
        add_distinct_lines(&mut m, "columns differ", g, &g.columns(), &lits);
    }
    Ok(Formulated::new(m, move |a| {
        two.iter().map(|&v| a.bool(v)).collect()
    }))
}
