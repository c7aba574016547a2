//! Yajilin as a model: a 0/1 variable per pair of adjacent cells and a `shaded` variable per
//! cell (the answer keys); one loop over the free cells, each free cell shaded or on it,
//! shaded cells apart, and each arrow's count as a sum.

use super::{Answer, Given, Yajilin};
use crate::error::Result;
use crate::grid::lines::GridLines;
use crate::model::active::add_clause;
use crate::model::loops::{LoopEncoding, LoopGuard};
use crate::model::{Active, Constraint, LinExpr, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model of a formulation.
pub fn formulate(p: &Yajilin, formulation: &Formulation) -> Result<Formulated<Answer>> {
    let g = p.grid;
    let mut m = Model::new();
    let lines = GridLines::new(&mut m, g, "line");
    let shaded = g.answer_bools(&mut m, "shaded");
    let free = |c: usize| p.givens[c] == Given::Free;
    for (e, &(a, b)) in g.edges().iter().enumerate() {
        if !free(a) || !free(b) {
            add_clause(&mut m, format!("no line into clue {}-{}", g.name(a), g.name(b)), [!Active::from(lines.used[e])]);
        }
    }
    let encoding = formulation.choice::<LoopEncoding>("loop");
    let on = lines.add_single_loop(&mut m, "loop", LoopGuard::NonEmpty, encoding);
    for c in g.cells() {
        let name = g.name(c);
        if free(c) {
            add_clause(&mut m, format!("{name} shaded or visited"), [on[c], shaded[c].into()]);
            add_clause(&mut m, format!("{name} not both"), [!on[c], (!shaded[c]).into()]);
        } else {
            m.add(format!("clue {name} unshaded"), Constraint::clause([!shaded[c]]));
        }
        for d in g.neighbours4(c).filter(|&d| d > c) {
            m.add(format!("shaded apart {name}"), Constraint::clause([!shaded[c], !shaded[d]]));
        }
        if let Given::Arrow(Some((n, dr, dc))) = p.givens[c] {
            let seen = LinExpr::sum_vars(p.ray(c, dr, dc).into_iter().map(|q| shaded[q]));
            m.add(format!("arrow {name} sees {n}"), seen.eq(n as i64));
        }
    }
    Ok(Formulated::new(m, move |a| Answer {
        links: lines.decode(a),
        shaded: shaded.iter().map(|&v| a.bool(v)).collect(),
    }))
}
