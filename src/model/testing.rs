//! Test helpers shared by the model's graph constraints: the satisfiable projections of a
//! complete model (or one whose only incomplete part is left to batsat's propagators) onto
//! some of its variables, and a small deterministic random source.

use super::{Model, NamedConstraint, Var};
use crate::backend::{self, Outcome};
use crate::lower::CardEncoding;
use std::collections::BTreeSet;

/// Every value of `keys` (bit i = `keys[i]`) for which the model is satisfiable, found by
/// enumerating with batsat (and its propagators) and blocking over the keys.
pub fn satisfiable_projections(model: &Model, keys: &[Var]) -> BTreeSet<u64> {
    assert!(
        model.lazy.is_empty(),
        "a lazy model has no exact projection"
    );
    let mut m = model.clone();
    m.answer_keys = keys.to_vec();
    m.block_on_true_keys = false;
    let mut solver = backend::create("batsat", &m, CardEncoding::Totalizer).unwrap();
    for c in &m.constraints {
        solver.add(c).unwrap();
    }
    let mut out = BTreeSet::new();
    while let Outcome::Sat(a) = solver.solve(None).unwrap() {
        assert!(m.first_violation(&a).is_none(), "the CNF broke the model");
        let mask = keys
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, &v)| acc | (a.bool(v) as u64) << i);
        assert!(out.insert(mask), "a projection came back twice");
        solver
            .add(&NamedConstraint::new("block", m.blocking_clause(&a)))
            .unwrap();
    }
    out
}

/// xorshift64*: a deterministic random source for generated test cases.
pub struct Rng(u64);

impl Rng {
    /// A source from a nonzero seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.bits() % n
    }
}
