//! Brute force on tiny domains: every encoding × constraint encoding × backend enumerates
//! exactly the value tuples the constraint allows.

use super::*;
use crate::backend::{self, Outcome};
use crate::lower::CardEncoding;
use crate::model::NamedConstraint;

fn every_options() -> Vec<IntOptions> {
    let mut out = Vec::new();
    for int in [IntEncoding::Direct, IntEncoding::Order, IntEncoding::Log] {
        for alldiff in [AllDiffEncoding::Pairwise, AllDiffEncoding::Values] {
            for sum in [SumEncoding::Linear, SumEncoding::Mdd] {
                out.push(IntOptions { int, alldiff, sum });
            }
        }
    }
    out
}

/// The value tuples of `vars` the backend enumerates (blocking over their key variables).
fn enumerate(model: &Model, vars: &[IntVar], backend: &str) -> BTreeSet<Vec<i64>> {
    let mut m = model.clone();
    m.answer_keys = vars.iter().flat_map(|x| x.key_vars()).collect();
    let mut solver = backend::create(backend, &m, CardEncoding::Totalizer).unwrap();
    for c in &m.constraints {
        solver.add(c).unwrap();
    }
    let mut out = BTreeSet::new();
    while let Outcome::Sat(a) = solver.solve(None).unwrap() {
        assert!(m.first_violation(&a).is_none(), "{backend} broke the model");
        let values: Vec<i64> = vars.iter().map(|x| x.value(&a)).collect();
        for (x, v) in vars.iter().zip(&values) {
            assert!(
                x.values().contains(v),
                "{} = {v} is outside its domain",
                x.name()
            );
        }
        assert!(out.insert(values), "{backend}: a tuple came back twice");
        solver
            .add(&NamedConstraint::new("block", m.blocking_clause(&a)))
            .unwrap();
    }
    out
}

/// Every tuple of the domains that `accept` accepts.
fn brute(domains: &[&[i64]], accept: &dyn Fn(&[i64]) -> bool) -> BTreeSet<Vec<i64>> {
    let mut out = BTreeSet::new();
    let mut idx = vec![0usize; domains.len()];
    loop {
        let t: Vec<i64> = idx.iter().zip(domains).map(|(&i, d)| d[i]).collect();
        if accept(&t) {
            out.insert(t);
        }
        let mut k = 0;
        loop {
            if k == idx.len() {
                return out;
            }
            idx[k] += 1;
            if idx[k] < domains[k].len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
    }
}

/// Builds the constraint with `build` on fresh vars of `domains` under every option set and
/// compares each backend's enumeration with brute force.
fn check(
    label: &str,
    domains: &[&[i64]],
    build: &dyn Fn(&mut Model, &[IntVar], &IntOptions),
    accept: &dyn Fn(&[i64]) -> bool,
    backends: &[&str],
) {
    let expected = brute(domains, accept);
    for options in every_options() {
        let mut m = Model::new();
        let vars: Vec<IntVar> = (domains.iter().enumerate())
            .map(|(i, d)| IntVar::new(&mut m, &format!("x{i}"), d, &options))
            .collect();
        build(&mut m, &vars, &options);
        for &b in backends {
            assert_eq!(enumerate(&m, &vars, b), expected, "{label} {options:?} {b}");
        }
    }
}

const SAT: &[&str] = &["batsat", "varisat"];

#[test]
fn domains_alone_and_the_eq_ge_literals() {
    let domains: [&[i64]; 4] = [&[1, 2, 3], &[0, 2, 5], &[-2, -1, 0, 1], &[4]];
    for d in domains {
        check("domain", &[d], &|_, _, _| {}, &|_| true, SAT);
        for v in d[0] - 1..=d[d.len() - 1] + 1 {
            let eq = move |m: &mut Model, x: &[IntVar], _: &IntOptions| {
                let l = x[0].eq(m, v);
                let again = x[0].eq(m, v);
                assert_eq!(l, again);
                m.add("eq", Constraint::clause([l]));
            };
            check("eq", &[d], &eq, &|t| t[0] == v, SAT);
            let neq = move |m: &mut Model, x: &[IntVar], _: &IntOptions| {
                let l = x[0].eq(m, v);
                m.add("neq", Constraint::clause([!l]));
            };
            check("neq", &[d], &neq, &|t| t[0] != v, SAT);
            let ge = move |m: &mut Model, x: &[IntVar], _: &IntOptions| {
                let l = x[0].ge(m, v);
                m.add("ge", Constraint::clause([l]));
            };
            check("ge", &[d], &ge, &|t| t[0] >= v, SAT);
            let lt = move |m: &mut Model, x: &[IntVar], _: &IntOptions| {
                let l = x[0].ge(m, v);
                m.add("lt", Constraint::clause([!l]));
            };
            check("lt", &[d], &lt, &|t| t[0] < v, SAT);
            let fixed = move |m: &mut Model, x: &[IntVar], _: &IntOptions| fix(m, "fix", &x[0], v);
            check("fix", &[d], &fixed, &|t| t[0] == v, SAT);
        }
    }
}

#[test]
fn all_different_matches_brute_force() {
    let cases: [&[&[i64]]; 3] = [
        &[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]],
        &[&[1, 2, 3], &[2, 3], &[1, 3, 5]],
        &[&[0, 1], &[0, 1], &[0, 1, 2], &[2, 4]],
    ];
    for domains in cases {
        let distinct = |t: &[i64]| (0..t.len()).all(|i| (i + 1..t.len()).all(|j| t[i] != t[j]));
        let build = |m: &mut Model, x: &[IntVar], o: &IntOptions| all_different(m, "ad", x, o);
        check("alldiff", domains, &build, &distinct, SAT);
    }
}

#[test]
fn sums_match_brute_force() {
    let domains: [&[i64]; 3] = [&[1, 2, 3], &[0, 2, 5], &[-1, 0, 1, 2]];
    let coefs = [1, 2, -1];
    for cmp in [Cmp::Le, Cmp::Ge, Cmp::Eq] {
        for rhs in -4..=16 {
            let build = move |m: &mut Model, x: &[IntVar], o: &IntOptions| {
                let terms: Vec<(i64, &IntVar)> = coefs.iter().copied().zip(x).collect();
                linear(m, "sum", &terms, cmp, rhs, o);
            };
            let accept = move |t: &[i64]| {
                let s: i64 = t.iter().zip(coefs).map(|(v, c)| v * c).sum();
                compares(s, cmp, rhs)
            };
            check("sum", &domains, &build, &accept, SAT);
        }
    }
}

#[test]
fn allowed_tuples_match_brute_force() {
    let domains: [&[i64]; 3] = [&[1, 2, 3], &[1, 2, 3], &[2, 4]];
    let tables: [&[[i64; 3]]; 4] = [
        &[],
        &[[1, 2, 4]],
        &[[1, 2, 4], [3, 1, 2], [3, 3, 4], [9, 1, 2]],
        &[[2, 2, 2], [2, 2, 2], [1, 3, 4]],
    ];
    for table in tables {
        let tuples: Vec<Vec<i64>> = table.iter().map(|t| t.to_vec()).collect();
        let build = |m: &mut Model, x: &[IntVar], o: &IntOptions| allowed(m, "tab", x, &tuples, o);
        let accept = |t: &[i64]| table.iter().any(|row| row[..] == *t);
        check("allowed", &domains, &build, &accept, SAT);
    }
}

#[test]
fn mip_backend_runs_every_encoding() {
    let domains: [&[i64]; 3] = [&[1, 2, 3], &[1, 2, 3], &[0, 2, 5]];
    let build = |m: &mut Model, x: &[IntVar], o: &IntOptions| {
        all_different(m, "ad", &x[..2], o);
        let ge = x[2].ge(m, 2);
        m.add("ge", Constraint::clause([ge]));
        linear(
            m,
            "sum",
            &[(1, &x[0]), (1, &x[1]), (1, &x[2])],
            Cmp::Le,
            7,
            o,
        );
    };
    let accept = |t: &[i64]| t[0] != t[1] && t[2] >= 2 && t.iter().sum::<i64>() <= 7;
    check("mip", &domains, &build, &accept, &["microlp"]);
}

#[test]
fn binary_comparisons_are_exact() {
    for n in 1..=4usize {
        let mut m = Model::new();
        let vars: Vec<Var> = (0..n).map(|j| m.new_bool(format!("b{j}"))).collect();
        let lits = pos(&vars);
        for x in 0u64..1 << n {
            let holds = |clauses: &[Vec<Lit>]| {
                (clauses.iter()).all(|c| c.iter().any(|l| l.eval(x >> l.var.index() & 1 == 1)))
            };
            for k in 0u64..=(1 << n) + 1 {
                assert_eq!(holds(&binary_at_most(&lits, k)), x <= k, "{x} <= {k}");
                assert_eq!(holds(&binary_at_least(&lits, k)), x >= k, "{x} >= {k}");
            }
        }
    }
}

#[test]
fn distinct_sets_and_one_set_match_brute_force() {
    let digits: Vec<i64> = (1..=9).collect();
    assert_eq!(distinct_sets_with_sum(&digits, 2, 4), vec![vec![1, 3]]);
    assert_eq!(distinct_sets_with_sum(&digits, 3, 24), vec![vec![7, 8, 9]]);
    assert_eq!(distinct_sets_with_sum(&digits, 9, 45).len(), 1);
    assert_eq!(distinct_sets_with_sum(&digits, 2, 10).len(), 4);
    let domains: [&[i64]; 3] = [&[1, 2, 3, 4], &[1, 2, 3, 4], &[2, 3, 4]];
    let small: Vec<i64> = (1..=4).collect();
    for sum in 5..=10 {
        let sets = distinct_sets_with_sum(&small, 3, sum);
        let build = |m: &mut Model, x: &[IntVar], o: &IntOptions| {
            all_different(m, "ad", x, o);
            within_one_set(m, "cage", x, &sets);
        };
        let accept = |t: &[i64]| {
            t[0] != t[1] && t[1] != t[2] && t[0] != t[2] && t.iter().sum::<i64>() == sum
        };
        check("sets", &domains, &build, &accept, SAT);
    }
}
