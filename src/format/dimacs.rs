//! DIMACS CNF: writing (with `c var N name` comments), reading, and reading solver answers
//! (`s SATISFIABLE` / `v …` lines, and MiniSat's result file).

use crate::backend::sat::SatResult;
use std::io::{self, Write};

/// Writes a CNF with comment lines mapping variable numbers to names.
pub fn write_cnf(
    out: &mut dyn Write,
    num_vars: u32,
    clauses: &[Vec<i32>],
    names: &[(i32, String)],
    comments: &[String],
) -> io::Result<()> {
    let mut w = io::BufWriter::new(out);
    for c in comments {
        writeln!(w, "c {c}")?;
    }
    for (v, name) in names {
        writeln!(w, "c var {v} {name}")?;
    }
    writeln!(w, "p cnf {num_vars} {}", clauses.len())?;
    let mut line = String::new();
    for clause in clauses {
        line.clear();
        for l in clause {
            line.push_str(&l.to_string());
            line.push(' ');
        }
        line.push('0');
        writeln!(w, "{line}")?;
    }
    w.flush()
}

/// A CNF read from DIMACS text, with the variable names of `c var N name` comments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    /// Declared number of variables.
    pub num_vars: u32,
    /// The clauses.
    pub clauses: Vec<Vec<i32>>,
    /// Names from `c var` comments.
    pub names: Vec<(i32, String)>,
}

/// Reads DIMACS CNF text; errors name the line.
pub fn read_cnf(text: &str) -> Result<Cnf, String> {
    let mut cnf = Cnf::default();
    let mut header = false;
    let mut current = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("c var ") {
            if let Some((n, name)) = rest.split_once(' ') {
                if let Ok(n) = n.parse() {
                    cnf.names.push((n, name.to_string()));
                }
            }
            continue;
        }
        if line.is_empty() || line.starts_with('c') || line.starts_with('%') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("p cnf") {
            let nums: Vec<&str> = rest.split_whitespace().collect();
            cnf.num_vars = nums
                .first()
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("line {}: bad header `{line}`", i + 1))?;
            header = true;
            continue;
        }
        if !header {
            return Err(format!("line {}: clause before `p cnf` header", i + 1));
        }
        for tok in line.split_whitespace() {
            let l: i32 = tok
                .parse()
                .map_err(|_| format!("line {}: `{tok}` is not a literal", i + 1))?;
            if l == 0 {
                cnf.clauses.push(std::mem::take(&mut current));
            } else {
                current.push(l);
            }
        }
    }
    if !current.is_empty() {
        cnf.clauses.push(current);
    }
    Ok(cnf)
}

/// Reads a competition-format answer: `s SATISFIABLE|UNSATISFIABLE|UNKNOWN` and `v` lines.
pub fn read_competition_output(text: &str, num_vars: u32) -> Result<SatResult, String> {
    let mut status = None;
    let mut values = vec![false; num_vars as usize + 1];
    for line in text.lines() {
        let line = line.trim();
        if let Some(s) = line.strip_prefix("s ") {
            status = Some(s.trim().to_string());
        } else if let Some(v) = line.strip_prefix("v ") {
            set_values(v, &mut values)?;
        }
    }
    match status.as_deref() {
        Some("SATISFIABLE") => Ok(SatResult::Sat(values)),
        Some("UNSATISFIABLE") => Ok(SatResult::Unsat),
        Some(other) => Ok(SatResult::Unknown(format!("solver said `s {other}`"))),
        None => Err("no `s` status line in the solver's output".into()),
    }
}

/// Reads MiniSat's result file: `SAT` then the literals, `UNSAT`, or `INDET`.
pub fn read_minisat_result(text: &str, num_vars: u32) -> Result<SatResult, String> {
    let mut lines = text.lines();
    match lines.next().map(str::trim) {
        Some("SAT") => {
            let mut values = vec![false; num_vars as usize + 1];
            for line in lines {
                set_values(line, &mut values)?;
            }
            Ok(SatResult::Sat(values))
        }
        Some("UNSAT") => Ok(SatResult::Unsat),
        Some(other) => Ok(SatResult::Unknown(format!("minisat said `{other}`"))),
        None => Err("empty minisat result file".into()),
    }
}

fn set_values(line: &str, values: &mut [bool]) -> Result<(), String> {
    for tok in line.split_whitespace() {
        let l: i64 = tok
            .parse()
            .map_err(|_| format!("`{tok}` is not a literal in the solver's model"))?;
        let v = l.unsigned_abs() as usize;
        if v > 0 && v < values.len() {
            values[v] = l > 0;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_cnf_reads_back_with_names() {
        let clauses = vec![vec![1, -2], vec![2, 3, -1], vec![]];
        let names = vec![(1, "black[r0c0]".to_string()), (3, "x".to_string())];
        let mut buf = Vec::new();
        write_cnf(&mut buf, 3, &clauses, &names, &["hello".into()]).unwrap();
        let cnf = read_cnf(std::str::from_utf8(&buf).unwrap()).unwrap();
        assert_eq!(cnf.num_vars, 3);
        assert_eq!(cnf.clauses, clauses);
        assert_eq!(cnf.names, names);
    }

    #[test]
    fn competition_output_is_read() {
        let out = "c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n";
        assert_eq!(
            read_competition_output(out, 3).unwrap(),
            SatResult::Sat(vec![false, true, false, true])
        );
        assert_eq!(
            read_competition_output("s UNSATISFIABLE\n", 3).unwrap(),
            SatResult::Unsat
        );
        assert!(matches!(
            read_competition_output("s UNKNOWN\n", 3).unwrap(),
            SatResult::Unknown(_)
        ));
        assert!(read_competition_output("garbage", 3).is_err());
    }

    #[test]
    fn minisat_result_is_read() {
        assert_eq!(
            read_minisat_result("SAT\n-1 2 0\n", 2).unwrap(),
            SatResult::Sat(vec![false, false, true])
        );
        assert_eq!(read_minisat_result("UNSAT\n", 2).unwrap(), SatResult::Unsat);
        assert!(matches!(
            read_minisat_result("INDET\n", 2).unwrap(),
            SatResult::Unknown(_)
        ));
    }

    #[test]
    fn malformed_cnf_names_the_line() {
        assert!(read_cnf("p cnf 2 1\n1 x 0\n")
            .unwrap_err()
            .contains("line 2"));
        assert!(read_cnf("1 2 0\n").unwrap_err().contains("line 1"));
    }
}
