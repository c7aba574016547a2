//! Hidoku as a model: one integer per cell over the values the givens' distances allow (the
//! answer keys are its encoding's bits), and the consecutive path over king moves: each value
//! once, each next value on a neighbour.

use super::{Hidoku, Numbers};
use crate::error::Result;
use crate::model::int::{fix, IntOptions, IntVar};
use crate::model::int_path::{add_consecutive_path, reachable_values, PathDomains, PathLinks};
use crate::model::{Constraint, Model};
use crate::puzzles::{Formulated, Formulation, FormulationKey};

/// The integer choice that matters here (no sums, no all-different: the path says it).
const INT_KEYS: &[&str] = &["int"];

/// The formulation keys: the integers' encoding, their domains, the path's links.
pub fn keys() -> Vec<FormulationKey> {
    let mut keys = IntOptions::keys_named(INT_KEYS);
    let doc = "which values each cell's integer may take";
    keys.push(FormulationKey::of::<PathDomains>("domains", doc, "reachable"));
    let doc = "which neighbour links of consecutive numbers are clauses";
    keys.push(FormulationKey::of::<PathLinks>("links", doc, "forward"));
    keys
}

/// The model of a formulation.
pub fn formulate(p: &Hidoku, formulation: &Formulation) -> Result<Formulated<Numbers>> {
    let g = p.grid;
    let options = IntOptions::read_named(formulation, INT_KEYS);
    let mut m = Model::new();
    let adjacency = p.adjacency();
    let givens: Vec<Option<i64>> = (p.givens.iter())
        .map(|k| k.and_then(|k| k.value()).map(i64::from))
        .collect();
    let all: Vec<i64> = (1..=g.len() as i64).collect();
    let domains = match formulation.choice::<PathDomains>("domains") {
        PathDomains::Reachable => reachable_values(&adjacency, &givens),
        PathDomains::Full => givens.iter().map(|k| k.map_or(all.clone(), |k| vec![k])).collect(),
    };
    let mut cells = Vec::with_capacity(g.len());
    for (c, domain) in domains.iter().enumerate() {
        let name = g.name(c);
        if domain.is_empty() {
            // No value fits: the model says so with a contradiction the solver sees at once.
            let none = m.new_bool(format!("no value fits {name}"));
            m.add(format!("no value fits {name}"), Constraint::clause([none.lit()]));
            m.add(format!("no value fits {name}"), Constraint::clause([!none.lit()]));
        }
        let domain = if domain.is_empty() { &all } else { domain };
        cells.push(IntVar::new(&mut m, &name, domain, &options));
    }
    for x in &cells {
        m.answer_keys.extend(x.key_vars());
    }
    for (c, k) in givens.iter().enumerate() {
        if let Some(k) = *k {
            fix(&mut m, &format!("given {}", g.name(c)), &cells[c], k);
        }
    }
    let links = formulation.choice::<PathLinks>("links");
    add_consecutive_path(&mut m, "consecutive path", &cells, &adjacency, links);
    Ok(Formulated::new(m, move |a| {
        cells.iter().map(|x| x.value(a) as u32).collect()
    }))
}
