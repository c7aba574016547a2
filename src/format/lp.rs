//! CPLEX LP files: a writer with readable, sanitised, unique names and short lines, and readers
//! of the solution files of CBC (`solu`) and GLPK (`-w`).

use crate::lower::LinearRow;
use crate::model::{Cmp, Domain, Model, Sense};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// Unique LP-safe names (`[A-Za-z0-9_]`, starting with a letter) for a list of readable names.
pub fn lp_names<'a>(names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut used = HashSet::new();
    names
        .map(|n| {
            let mut s: String = n
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            while s.ends_with('_') && s.len() > 1 {
                s.pop();
            }
            if !s.starts_with(|c: char| c.is_ascii_alphabetic()) {
                s.insert(0, 'x');
            }
            s.truncate(200);
            let base = s.clone();
            let mut k = 1;
            while !used.insert(s.clone()) {
                k += 1;
                s = format!("{base}_{k}");
            }
            s
        })
        .collect()
}

/// Writes `c name` terms; with none, `0 {empty}`: CoinLpIO (CBC) misreads a row without a
/// column (`0  = 0`) and then drops every name, so an empty row names some column.
fn push_terms(
    out: &mut String,
    terms: impl Iterator<Item = (i64, String)>,
    indent: &str,
    empty: &str,
) {
    let mut line_len = indent.len();
    let mut first = true;
    for (c, name) in terms {
        let term = if first {
            format!("{c} {name}")
        } else if c < 0 {
            format!(" - {} {name}", -c)
        } else {
            format!(" + {c} {name}")
        };
        first = false;
        if line_len + term.len() > 200 {
            out.push('\n');
            out.push_str(indent);
            line_len = indent.len();
        }
        line_len += term.len();
        out.push_str(&term);
    }
    if first {
        let _ = write!(out, "0 {empty}");
    }
}

/// Writes the model's variables and these rows as a CPLEX LP file; returns the text and the
/// LP name of every model variable. Every variable appears in the objective (with coefficient 0
/// when there is none) so that solvers number columns in model order.
pub fn write_lp(model: &Model, rows: &[LinearRow], comments: &[String]) -> (String, Vec<String>) {
    let var_names = lp_names(model.vars.iter().map(|v| v.name.as_str()));
    let row_names = lp_names(rows.iter().map(|r| r.name.as_str()));
    let first_column = var_names.first().map_or("", String::as_str);
    let mut out = String::new();
    for c in comments {
        let _ = writeln!(out, "\\ {c}");
    }
    let (sense, objective) = match &model.objective {
        Some((s, e)) => (*s, e.normalized()),
        None => (Sense::Minimize, Default::default()),
    };
    out.push_str(if sense == Sense::Minimize {
        "Minimize\n"
    } else {
        "Maximize\n"
    });
    out.push_str(" obj: ");
    let coefs: HashMap<usize, i64> = objective
        .terms
        .iter()
        .map(|&(c, v)| (v.index(), c))
        .collect();
    push_terms(
        &mut out,
        (0..model.vars.len()).map(|i| (coefs.get(&i).copied().unwrap_or(0), var_names[i].clone())),
        "   ",
        first_column,
    );
    out.push_str("\nSubject To\n");
    for (row, name) in rows.iter().zip(&row_names) {
        let _ = write!(out, " {name}: ");
        push_terms(
            &mut out,
            row.expr
                .terms
                .iter()
                .map(|&(c, v)| (c, var_names[v.index()].clone())),
            "   ",
            first_column,
        );
        let _ = writeln!(out, " {} {}", row.sense.symbol(), row.rhs);
    }
    out.push_str("Bounds\n");
    for (info, name) in model.vars.iter().zip(&var_names) {
        if let Domain::Int { lo, hi } = info.domain {
            let _ = writeln!(out, " {lo} <= {name} <= {hi}");
        }
    }
    let bins: Vec<&String> = model
        .vars
        .iter()
        .zip(&var_names)
        .filter(|(v, _)| v.domain == Domain::Bool)
        .map(|(_, n)| n)
        .collect();
    let ints: Vec<&String> = model
        .vars
        .iter()
        .zip(&var_names)
        .filter(|(v, _)| v.domain != Domain::Bool)
        .map(|(_, n)| n)
        .collect();
    for (header, list) in [("Binaries", bins), ("Generals", ints)] {
        if list.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{header}");
        for chunk in list.chunks(10) {
            let _ = writeln!(
                out,
                " {}",
                chunk
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
    }
    out.push_str("End\n");
    (out, var_names)
}

/// What an LP solver's solution file says.
#[derive(Clone, Debug, PartialEq)]
pub enum LpAnswer {
    /// A feasible (optimal) point: values by column name.
    Feasible(HashMap<String, f64>),
    /// No feasible point.
    Infeasible,
    /// Stopped without an answer (time limit …), with the solver's status line.
    Unknown(String),
}

/// Reads CBC's `solu` file: a status line, then `index name value reduced-cost` lines.
pub fn read_cbc_solution(text: &str) -> Result<LpAnswer, String> {
    let mut lines = text.lines();
    let status = lines.next().ok_or("empty CBC solution file")?.trim();
    if status.starts_with("Infeasible") || status.contains("infeasible") {
        return Ok(LpAnswer::Infeasible);
    }
    if !status.starts_with("Optimal") {
        return Ok(LpAnswer::Unknown(status.to_string()));
    }
    let mut values = HashMap::new();
    for line in lines {
        let toks: Vec<&str> = line.split_whitespace().collect();
        // Lines flagged `**` (infeasible rows) shift the columns by one.
        let toks: Vec<&str> = toks.into_iter().filter(|t| *t != "**").collect();
        if toks.len() >= 3 {
            let v: f64 = toks[2]
                .parse()
                .map_err(|_| format!("CBC solution: bad value in `{line}`"))?;
            values.insert(toks[1].to_string(), v);
        }
    }
    Ok(LpAnswer::Feasible(values))
}

/// Reads GLPK's plain solution file (`glpsol -w`): `s mip ROWS COLS STATUS OBJ`, `j COL VAL`.
pub fn read_glpk_solution(text: &str, col_names: &[String]) -> Result<LpAnswer, String> {
    let mut values = HashMap::new();
    let mut status = None;
    for line in text.lines() {
        let toks: Vec<&str> = line.split_whitespace().collect();
        match toks.first().copied() {
            Some("s") if toks.len() >= 5 => status = Some(toks[4].to_string()),
            Some("j") if toks.len() >= 3 => {
                let j: usize = toks[1].parse().map_err(|_| format!("GLPK: bad `{line}`"))?;
                let v: f64 = toks[2].parse().map_err(|_| format!("GLPK: bad `{line}`"))?;
                let name = col_names
                    .get(j.wrapping_sub(1))
                    .ok_or_else(|| format!("GLPK: column {j} out of range"))?;
                values.insert(name.clone(), v);
            }
            _ => {}
        }
    }
    match status.as_deref() {
        Some("o") | Some("f") => Ok(LpAnswer::Feasible(values)),
        Some("n") => Ok(LpAnswer::Infeasible),
        Some(s) => Ok(LpAnswer::Unknown(format!("GLPK status `{s}`"))),
        None => Err("no `s` status line in GLPK's solution file".into()),
    }
}

/// Whether a row holds for values read from a solution file (with integer rounding).
pub fn row_holds(row: &LinearRow, value: impl Fn(usize) -> i64) -> bool {
    let lhs: i64 = row
        .expr
        .terms
        .iter()
        .map(|&(c, v)| c * value(v.index()))
        .sum();
    match row.sense {
        Cmp::Le => lhs <= row.rhs,
        Cmp::Ge => lhs >= row.rhs,
        Cmp::Eq => lhs == row.rhs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_without_variables_names_one_with_coefficient_zero() {
        // The facts loop ends with an empty clause (`Σ ∅ ≥ 1`, infeasible); cbc and glpsol
        // reject `0 >= 1`, so the row is written over the first variable.
        let mut m = Model::new();
        m.new_bool("x");
        let rows = vec![crate::lower::linear::row(
            &crate::model::NamedConstraint::new("empty", crate::model::Constraint::clause([])),
        )];
        let (text, _) = write_lp(&m, &rows, &[]);
        assert!(text.contains(" empty: 0 x >= 1\n"), "{text}");
    }

    #[test]
    fn names_are_sanitised_and_unique() {
        let names = lp_names(["black[r3c4]", "black(r3c4)", "3x", "a b"].into_iter());
        assert_eq!(names, vec!["black_r3c4", "black_r3c4_2", "x3x", "a_b"]);
    }

    #[test]
    fn a_row_without_columns_still_names_one() {
        let mut m = Model::new();
        m.new_bool("x");
        let rows = [crate::lower::LinearRow {
            name: "constant".into(),
            expr: Default::default(),
            sense: crate::lower::RowSense::Eq,
            rhs: 0,
        }];
        let (text, _) = write_lp(&m, &rows, &[]);
        assert!(text.contains(" constant: 0 x = 0\n"), "{text}");
    }

    #[test]
    fn cbc_solution_is_read() {
        let text = "Optimal - objective value 0.00000000\n      0 x                1    0\n      2 y_2   1   0\n";
        let LpAnswer::Feasible(v) = read_cbc_solution(text).unwrap() else {
            panic!("expected feasible")
        };
        assert_eq!(v["x"], 1.0);
        assert_eq!(v["y_2"], 1.0);
        assert_eq!(
            read_cbc_solution("Infeasible - objective value 0\n").unwrap(),
            LpAnswer::Infeasible
        );
    }

    #[test]
    fn glpk_solution_is_read() {
        let cols = vec!["a".to_string(), "b".to_string()];
        let text = "c comment\ns mip 3 2 o 0\ni 1 1\nj 1 0\nj 2 1\ne o f\n";
        let LpAnswer::Feasible(v) = read_glpk_solution(text, &cols).unwrap() else {
            panic!("expected feasible")
        };
        assert_eq!((v["a"], v["b"]), (0.0, 1.0));
        assert_eq!(
            read_glpk_solution("s mip 3 2 n 0\n", &cols).unwrap(),
            LpAnswer::Infeasible
        );
    }
}
