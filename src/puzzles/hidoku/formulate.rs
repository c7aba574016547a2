//! Hidoku as a model: one integer per cell over the values the givens' distances allow (the
//! answer keys are its encoding's bits), and the consecutive path over king moves: each value
//! once, each next value on a neighbour.

use super::{Hidoku, Numbers};
use crate::error::Result;
use crate::grid::int_cells::{answer_ints, fix_givens, values};
use crate::model::int::IntOptions;
use crate::model::int_path::{add_consecutive_path, reachable_values, PathDomains, PathLinks};
use crate::model::Model;
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
    let options = IntOptions::from(formulation);
    let mut m = Model::new();
    // Up to a 0/1 and a few clauses per cell and value, refused up front when that is too much.
    let n = g.len() as u64;
    crate::budget::check(n * n * 200, || format!("a {n}-cell hidoku's cell × value model"))?;
    let adjacency = p.adjacency();
    let givens = p.given_values();
    let all: Vec<i64> = (1..=g.len() as i64).collect();
    let domains = match formulation.choice::<PathDomains>("domains") {
        PathDomains::Reachable => reachable_values(&adjacency, &givens),
        PathDomains::Full => givens.iter().map(|k| k.map_or(all.clone(), |k| vec![k])).collect(),
    };
    // An empty domain (see `precheck`) falls back to every value: narrowing is only a help,
    // and the path's clauses see the same contradiction.
    let domain = |c: usize| Some(domains[c].clone()).filter(|d| !d.is_empty());
    let cells = answer_ints(&mut m, g, &options, |c| domain(c).unwrap_or(all.clone()));
    fix_givens(&mut m, g, &cells, |c| givens[c]);
    let links = formulation.choice::<PathLinks>("links");
    add_consecutive_path(&mut m, "consecutive path", &cells, &adjacency, links);
    Ok(Formulated::new(m, move |a| values(&cells, a)))
}
