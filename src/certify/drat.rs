//! Checking a text DRAT proof against a CNF with the `dratify` crate's forward checker (RUP
//! and RAT, deletions applied, unit deletions ignored as drat-trim does). This module only
//! reads the proof's text into clauses; every inference is judged by the checker.

/// What a checked proof held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProofCheck {
    /// Clauses the proof added (each checked RUP or RAT).
    pub lemmas: u64,
    /// Of those, the ones that needed the RAT rule.
    pub rat_lemmas: u64,
    /// Deletions applied.
    pub deletions: u64,
}

/// The checker's name and version, as reported in certificates.
pub const CHECKER: &str = "dratify 0.1.10 (forward DRAT checker)";

/// How far past the CNF's variables a proof may name new ones (extension variables): enough
/// for any real proof, and a bound on what a bogus one can make the checker allocate.
const EXTRA_VARS: u64 = 1 << 20;

/// One proof line: a deletion or not, and its literals in the checker's encoding.
type Step = (bool, Vec<dratify::Lit>);

/// The checker's literal for a DIMACS literal: variable `|l| − 1`, even when positive.
fn checker_lit(l: i64) -> dratify::Lit {
    let var = l.unsigned_abs() - 1;
    (2 * var + u64::from(l < 0)) as dratify::Lit
}

/// Reads text DRAT: clauses of DIMACS literals ended by `0`, deletions starting with `d`,
/// `c` comment lines. Anything else (binary DRAT, stray text) is an error naming the line.
fn parse(text: &str, max_var: u64) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut current: Vec<dratify::Lit> = Vec::new();
    let mut deletion = false;
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('c') {
            continue;
        }
        for token in line.split_whitespace() {
            if token == "d" && !open {
                deletion = true;
                open = true;
                continue;
            }
            let l: i64 = token.parse().map_err(|_| {
                format!(
                    "line {}: `{}` is not a literal (is it binary DRAT? puzzlec asks for text)",
                    i + 1,
                    token.chars().take(20).collect::<String>()
                )
            })?;
            if l == 0 {
                steps.push((deletion, std::mem::take(&mut current)));
                deletion = false;
                open = false;
                continue;
            }
            if l.unsigned_abs() > max_var {
                return Err(format!(
                    "line {}: variable {} is far beyond the CNF's",
                    i + 1,
                    l.unsigned_abs()
                ));
            }
            current.push(checker_lit(l));
            open = true;
        }
    }
    if open {
        return Err("the proof ends inside a clause (no closing 0)".into());
    }
    Ok(steps)
}

/// Checks that a text DRAT proof refutes the CNF; the error says why not (the step that
/// failed, or that no empty clause was derived).
pub fn check(num_vars: u32, clauses: &[Vec<i32>], proof: &str) -> Result<ProofCheck, String> {
    let max_var = u64::from(num_vars) + EXTRA_VARS;
    let steps = parse(proof, max_var)?;
    let formula: Vec<Vec<dratify::Lit>> = clauses
        .iter()
        .map(|c| c.iter().map(|&l| checker_lit(i64::from(l))).collect())
        .collect();
    let mut checker = dratify::Checker::new(num_vars, &formula, true, true);
    let result = checker.check(&steps);
    if !result.ok {
        let at = usize::try_from(result.failed_step - 1)
            .ok()
            .and_then(|i| steps.get(i))
            .map(|(_, lits)| {
                let dimacs: Vec<String> = lits
                    .iter()
                    .map(|&l| {
                        let v = i64::from(l >> 1) + 1;
                        (if l & 1 == 1 { -v } else { v }).to_string()
                    })
                    .collect();
                format!(" at step {} (`{} 0`)", result.failed_step, dimacs.join(" "))
            })
            .unwrap_or_default();
        return Err(format!("{}{at}", result.reason));
    }
    Ok(ProofCheck {
        lemmas: result.rup_steps + result.rat_steps,
        rat_lemmas: result.rat_steps,
        deletions: result.deletions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (1 ∨ 2)(¬1 ∨ 2)(1 ∨ ¬2)(¬1 ∨ ¬2): unsatisfiable, refuted by `2`, then the empty clause.
    fn xor_square() -> Vec<Vec<i32>> {
        vec![vec![1, 2], vec![-1, 2], vec![1, -2], vec![-1, -2]]
    }

    #[test]
    fn a_correct_refutation_is_accepted() {
        let r = check(2, &xor_square(), "c a comment\n2 0\nd 1 2 0\n0\n").unwrap();
        assert_eq!(r.lemmas, 2);
        assert_eq!(r.deletions, 1);
    }

    #[test]
    fn the_empty_clause_without_reason_is_rejected() {
        let e = check(2, &xor_square(), "0\n").unwrap_err();
        assert!(e.contains("step 1"), "{e}");
        let e = check(2, &xor_square(), "").unwrap_err();
        assert!(e.contains("never derives the empty clause"), "{e}");
    }

    #[test]
    fn a_satisfiable_cnf_cannot_be_refuted() {
        let sat = vec![vec![1, 2], vec![-1, 2]];
        assert!(check(2, &sat, "2 0\n0\n").is_err());
        assert!(check(2, &sat, "-2 0\n0\n").is_err());
    }

    #[test]
    fn binary_or_garbled_proofs_are_errors_naming_the_line() {
        let e = check(2, &xor_square(), "2 0\na\u{1}\u{2}\n").unwrap_err();
        assert!(e.contains("line 2"), "{e}");
        let e = check(2, &xor_square(), "2").unwrap_err();
        assert!(e.contains("closing 0"), "{e}");
        let e = check(2, &xor_square(), "99999999999 0\n").unwrap_err();
        assert!(e.contains("far beyond"), "{e}");
    }
}
