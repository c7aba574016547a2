//! "A cell sees exactly N open cells": along each ray (the cells in one direction, nearest
//! first) the cells count up to the first closed one, and the counts of all rays add up to N
//! (kuromasu's and cave's numbers, with the cell itself left to the caller). Two formulations:
//! prefix literals ("the first k cells of this ray are open") in one cardinality row, or the
//! exact length of each ray one-hot, in one weighted row. Rays are the caller's `Active`
//! terms, so a cell known open or closed costs no variable.

use super::active::add_exactly_one;
use super::{Active, Constraint, LinExpr, Model};
use crate::formulation::Value;

/// How a sight count is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SightEncoding {
    /// `seen[k]` = the first k cells of a ray are open (a chain of ANDs); the count is the
    /// number of true `seen` literals, one cardinality row.
    Prefix,
    /// `len[k]` = a ray shows exactly k cells (exactly one per ray); the count is `Σ k·len[k]`,
    /// one weighted row.
    Lengths,
}

impl crate::formulation::Choice for SightEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete(
            "prefix",
            "per ray, 'the first k cells are open' literals; the count is a cardinality of them",
        ),
        Value::complete(
            "lengths",
            "per ray, one-hot 'exactly k cells seen'; the count is a weighted sum of lengths",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "prefix" => Some(SightEncoding::Prefix),
            "lengths" => Some(SightEncoding::Lengths),
            _ => None,
        }
    }
}

/// `a ∧ b` as a term, a new variable only when both are literals.
fn and(model: &mut Model, name: &str, a: Active, b: Active) -> Active {
    match (a, b) {
        (Active::Never, _) | (_, Active::Never) => Active::Never,
        (Active::Always, x) | (x, Active::Always) => x,
        (Active::When(x), Active::When(y)) => {
            let v = model.new_bool(name);
            model.add(name, Constraint::clause([!v, x]));
            model.add(name, Constraint::clause([!v, y]));
            model.add(name, Constraint::clause([v.lit(), !x, !y]));
            Active::When(v.lit())
        }
    }
}

/// Adds "along the rays, `count` open cells are seen in all": each ray lists its cells' open
/// terms nearest first, and shows its cells up to the first one that is not open. Prefixes
/// longer than `count` are cut off by one clause each.
pub fn add_seen_count(
    model: &mut Model,
    name: &str,
    rays: &[Vec<Active>],
    count: usize,
    encoding: SightEncoding,
) {
    let mut sum = LinExpr::new();
    for (r, ray) in rays.iter().enumerate() {
        // prefix[k] = the first k cells are open, for k = 0..=min(len, count + 1).
        let mut prefix = vec![Active::Always];
        for (k, &open) in ray.iter().enumerate().take(count + 1) {
            let seen = format!("{name} ray {r} sees {}", k + 1);
            let p = and(model, &seen, prefix[k], open);
            if p.is_never() {
                break;
            }
            prefix.push(p);
        }
        if let Some(&too_far) = prefix.get(count + 1) {
            super::active::add_clause(
                model,
                format!("{name} ray {r} sees at most {count}"),
                [!too_far],
            );
            prefix.pop();
        }
        match encoding {
            SightEncoding::Prefix => {
                for &p in &prefix[1..] {
                    sum.add_active(1, p);
                }
            }
            SightEncoding::Lengths => {
                // len[k] = prefix[k] ∧ ¬open[k] (the next cell closed or the edge).
                let lengths: Vec<Active> = (0..prefix.len())
                    .map(|k| {
                        let next = ray.get(k).map_or(Active::Never, |&o| o);
                        and(
                            model,
                            &format!("{name} ray {r} shows {k}"),
                            prefix[k],
                            !next,
                        )
                    })
                    .collect();
                add_exactly_one(model, format!("{name} ray {r} one length"), lengths.clone());
                for (k, &l) in lengths.iter().enumerate() {
                    sum.add_active(k as i64, l);
                }
            }
        }
    }
    model.add(format!("{name} sees {count}"), sum.eq(count as i64));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::{satisfiable_projections, Rng};

    /// Random rays over a few variables, with constant terms mixed in.
    #[test]
    fn both_encodings_accept_exactly_the_assignments_with_the_count() {
        let mut rng = Rng::new(7);
        for _ in 0..120 {
            let mut m = Model::new();
            let vars: Vec<_> = (0..7).map(|i| m.new_bool(format!("v{i}"))).collect();
            let rays: Vec<Vec<Active>> = (0..1 + rng.below(4))
                .map(|_| {
                    (0..rng.below(4))
                        .map(|_| match rng.below(8) {
                            0 => Active::Always,
                            1 => Active::Never,
                            i => {
                                let v = Active::from(vars[rng.below(7) as usize]);
                                if i == 2 {
                                    !v
                                } else {
                                    v
                                }
                            }
                        })
                        .collect()
                })
                .collect();
            let count = rng.below(6) as usize;
            let expected: std::collections::BTreeSet<u64> = (0u64..1 << 7)
                .filter(|mask| {
                    let open = |t: &Active| match *t {
                        Active::Always => true,
                        Active::Never => false,
                        Active::When(l) => l.eval(mask >> l.var.index() & 1 == 1),
                    };
                    let seen: usize = rays
                        .iter()
                        .map(|r| r.iter().take_while(|t| open(t)).count())
                        .sum();
                    seen == count
                })
                .collect();
            for encoding in [SightEncoding::Prefix, SightEncoding::Lengths] {
                let mut model = m.clone();
                add_seen_count(&mut model, "c", &rays, count, encoding);
                let found = satisfiable_projections(&model, &vars);
                assert_eq!(found, expected, "{rays:?} sees {count} ({encoding:?})");
            }
        }
    }
}
