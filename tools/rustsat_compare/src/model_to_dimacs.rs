//! A puzzlec JSON model as DIMACS, its `linear` rows encoded by one rustsat encoding.
//!
//! Variables keep puzzlec's numbering (model variable i is DIMACS variable i + 1, with the same
//! `c var N name` comments), so an assignment decodes the same way for both files. Clauses are
//! written as they are; `exactly_one` / `at_most_one` as puzzlec's `lower/cnf.rs` writes them
//! (pairwise up to 5 literals, else the ladder with one new variable per literal), so the only
//! difference between the two files is the encoding of the linear rows.

use rustsat::encodings::card::{self, Totalizer};
use rustsat::encodings::pb::{self, BinaryAdder, DynamicPolyWatchdog, GeneralizedTotalizer};
use rustsat::instances::{BasicVarManager, Cnf, ManageVars};
use rustsat::types::{Lit, Var};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;

/// Reads the model at `path`, writes its DIMACS with `encoding` for the linear rows to stdout.
pub fn run(encoding: &str, path: &str) -> Result<(), String> {
    if !["totalizer", "gte", "dpw", "adder"].contains(&encoding) {
        return Err(format!("unknown encoding {encoding}"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let json: Value = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let model = &json["model"];
    let vars = model["vars"].as_array().ok_or("no model.vars")?;
    let mut names = Vec::new();
    for v in vars {
        if v["domain"]["type"] != "bool" {
            return Err(
                "only boolean models (an integer variable needs puzzlec's own encoding)".into(),
            );
        }
        names.push(v["name"].as_str().unwrap_or("").to_string());
    }
    let mut vm = BasicVarManager::default();
    let model_vars: Vec<Var> = names.iter().map(|_| vm.new_var()).collect();
    let mut cnf = Cnf::new();
    let constraints = model["constraints"]
        .as_array()
        .ok_or("no model.constraints")?;
    for c in constraints {
        let lits = || -> Result<Vec<Lit>, String> {
            let list = c["lits"].as_array().ok_or("a row without lits")?;
            list.iter().map(|l| json_lit(l, &model_vars)).collect()
        };
        match c["kind"].as_str() {
            Some("clause") => cnf.add_clause(lits()?.into_iter().collect()),
            Some("at_most_one") => at_most_one(&lits()?, &mut cnf, &mut vm),
            Some("exactly_one") => {
                let ls = lits()?;
                cnf.add_clause(ls.iter().copied().collect());
                at_most_one(&ls, &mut cnf, &mut vm);
            }
            Some("linear") => linear(c, &model_vars, encoding, &mut cnf, &mut vm)?,
            other => return Err(format!("row kind {other:?} is not handled")),
        }
    }
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let w = |e: std::io::Error| e.to_string();
    writeln!(out, "c rustsat {encoding} for the linear rows of {path}").map_err(w)?;
    for (i, name) in names.iter().enumerate() {
        writeln!(out, "c var {} {name}", i + 1).map_err(w)?;
    }
    writeln!(out, "p cnf {} {}", vm.n_used(), cnf.len()).map_err(w)?;
    for clause in cnf.iter() {
        for l in clause {
            write!(out, "{} ", l.to_ipasir()).map_err(w)?;
        }
        writeln!(out, "0").map_err(w)?;
    }
    out.flush().map_err(w)
}

fn json_lit(l: &Value, vars: &[Var]) -> Result<Lit, String> {
    let i = l["var"].as_u64().ok_or("a literal without var")? as usize;
    let v = *vars.get(i).ok_or("a literal of an unknown variable")?;
    Ok(if l["negated"] == true {
        v.neg_lit()
    } else {
        v.pos_lit()
    })
}

/// puzzlec's at-most-one: pairwise up to 5 literals, else a ladder of "some earlier one is true".
fn at_most_one(lits: &[Lit], cnf: &mut Cnf, vm: &mut BasicVarManager) {
    if lits.len() <= 5 {
        for i in 0..lits.len() {
            for j in i + 1..lits.len() {
                cnf.add_binary(!lits[i], !lits[j]);
            }
        }
        return;
    }
    let mut prev = lits[0];
    for (i, &l) in lits.iter().enumerate().skip(1) {
        cnf.add_binary(!prev, !l);
        if i + 1 < lits.len() {
            let some = vm.new_var().pos_lit();
            cnf.add_binary(!prev, some);
            cnf.add_binary(!l, some);
            prev = some;
        }
    }
}

/// `Σ w·x + constant cmp rhs`, made `Σ w·lit cmp bound` with positive weights (a negative
/// weight counts the negated literal), then encoded: `≤` as an upper bound on the literals,
/// `≥` as an upper bound on their negations, `=` as both.
fn linear(
    c: &Value,
    vars: &[Var],
    encoding: &str,
    cnf: &mut Cnf,
    vm: &mut BasicVarManager,
) -> Result<(), String> {
    let terms = c["expr"]["terms"]
        .as_array()
        .ok_or("a linear row without terms")?;
    let mut by_var: BTreeMap<usize, i64> = BTreeMap::new();
    for t in terms {
        let w = t[0].as_i64().ok_or("a weight that is not an integer")?;
        let v = t[1].as_u64().ok_or("a term without a variable")? as usize;
        if v >= vars.len() {
            return Err("a term of an unknown variable".into());
        }
        *by_var.entry(v).or_default() += w;
    }
    let mut bound =
        c["rhs"].as_i64().ok_or("no rhs")? - c["expr"]["constant"].as_i64().unwrap_or(0);
    let mut weighted: Vec<(Lit, usize)> = Vec::new();
    for (v, w) in by_var {
        if w > 0 {
            weighted.push((vars[v].pos_lit(), w as usize));
        } else if w < 0 {
            // w·x = w + |w|·¬x
            bound -= w;
            weighted.push((vars[v].neg_lit(), (-w) as usize));
        }
    }
    let total: i64 = weighted.iter().map(|&(_, w)| w as i64).sum();
    let (upper, lower) = match c["cmp"].as_str() {
        Some("Le") => (Some(bound), None),
        Some("Ge") => (None, Some(bound)),
        Some("Eq") => (Some(bound), Some(bound)),
        other => return Err(format!("comparison {other:?}")),
    };
    if upper.is_some_and(|u| u < 0) || lower.is_some_and(|l| l > total) {
        cnf.add_clause(std::iter::empty::<Lit>().collect());
        return Ok(());
    }
    // The totalizer and the adder bound both ways in one structure, as the size table does.
    if let (Some(u), Some(l)) = (upper, lower) {
        if u == l && 0 < u && u < total && (encoding == "adder" || encoding == "totalizer") {
            let b = u as usize;
            let units = if encoding == "adder" {
                use pb::BoundBoth;
                let mut e: BinaryAdder = weighted.into_iter().collect();
                e.encode_both(b..=b, cnf, vm).map_err(|e| e.to_string())?;
                e.enforce_eq(b).map_err(|e| e.to_string())?
            } else {
                use card::BoundBoth;
                if weighted.iter().any(|&(_, w)| w != 1) {
                    return Err(
                        "totalizer takes unit weights only; this model has a weighted row".into(),
                    );
                }
                let mut t: Totalizer = weighted.iter().map(|&(l, _)| l).collect();
                t.encode_both(b..=b, cnf, vm).map_err(|e| e.to_string())?;
                t.enforce_eq(b).map_err(|e| e.to_string())?
            };
            for l in units {
                cnf.add_unit(l);
            }
            return Ok(());
        }
    }
    // Each side as an upper bound; a side that every assignment meets is left out.
    let mut sides: Vec<(Vec<(Lit, usize)>, usize)> = Vec::new();
    if let Some(u) = upper.filter(|&u| u < total) {
        sides.push((weighted.clone(), u as usize));
    }
    if let Some(l) = lower.filter(|&l| l > 0) {
        sides.push((
            weighted.iter().map(|&(lit, w)| (!lit, w)).collect(),
            (total - l) as usize,
        ));
    }
    for (lits, ub) in sides {
        let units = match encoding {
            "totalizer" => {
                if lits.iter().any(|&(_, w)| w != 1) {
                    return Err(
                        "totalizer takes unit weights only; this model has a weighted row".into(),
                    );
                }
                use card::BoundUpper;
                let mut t: Totalizer = lits.iter().map(|&(l, _)| l).collect();
                t.encode_ub(ub..=ub, cnf, vm).map_err(|e| e.to_string())?;
                t.enforce_ub(ub).map_err(|e| e.to_string())?
            }
            _ => {
                use pb::BoundUpper;
                let lits = lits.into_iter();
                match encoding {
                    "gte" => {
                        let mut e: GeneralizedTotalizer = lits.collect();
                        e.encode_ub(ub..=ub, cnf, vm).map_err(|e| e.to_string())?;
                        e.enforce_ub(ub).map_err(|e| e.to_string())?
                    }
                    "dpw" => {
                        let mut e: DynamicPolyWatchdog = lits.collect();
                        e.encode_ub(ub..=ub, cnf, vm).map_err(|e| e.to_string())?;
                        e.enforce_ub(ub).map_err(|e| e.to_string())?
                    }
                    _ => {
                        let mut e: BinaryAdder = lits.collect();
                        e.encode_ub(ub..=ub, cnf, vm).map_err(|e| e.to_string())?;
                        e.enforce_ub(ub).map_err(|e| e.to_string())?
                    }
                }
            }
        };
        for l in units {
            cnf.add_unit(l);
        }
    }
    Ok(())
}
