//! Certified verdicts (`--certify`): a verdict that rests on an UNSAT answer ("unique", "no
//! solution", a complete count, facts) is backed by a DRAT proof that an independent checker
//! accepts, and every lazy cut that proof may use by a justification checked apart from the
//! code that made it. A verdict that rests on solutions alone is already re-checked by each
//! genre's `verify`.
//!
//! The route, chosen for robustness over speed: the search runs as usual (incrementally, with
//! cuts and blocking clauses); when it ends on UNSAT, the final CNF — base model, every cut,
//! every blocking clause — is solved once more from scratch by a proof-logging solver of the
//! same kind, and the proof is checked against exactly that CNF ([`drat`]). The verdict stays
//! the one the search found; a fresh call that disagrees, no proof, or a rejected one is an
//! error (exit code 3). Then:
//! - each cut is checked against its lazy constraint's meaning ([`cuts`]);
//! - each blocking clause is checked to exclude exactly one verified solution's answer keys.
//!
//! What remains trusted: the formulation's eager constraints (the rules as written in each
//! genre's `formulate`) and their CNF lowering.

pub mod cuts;
pub mod drat;
pub mod export;

use crate::backend::proof::{prove_unsat, Proved};
use crate::error::{Error, Result};
use crate::lower::CnfEncoder;
use crate::model::NamedConstraint;
use crate::model::{Active, Assignment, Constraint, Justification, Lit, Meaning, Model};
use serde::Serialize;
use std::collections::BTreeSet;
use std::time::Instant;

/// What `--certify` checked, reported next to the verdict.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Certificate {
    /// `drat` when the verdict rests on an UNSAT answer (proved and checked), `none` when it
    /// rests on verified solutions alone.
    pub proof: &'static str,
    /// Whether everything the verdict rests on was checked (always true in a report: a failed
    /// check is an error instead).
    pub checked: bool,
    /// Lazy cuts whose justification passed the independent check.
    pub cuts_justified: usize,
    /// Blocking clauses checked to exclude exactly one verified solution.
    pub blocking_checked: usize,
    /// The solver that wrote the proof.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prover: Option<String>,
    /// The checker that accepted it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checker: Option<&'static str>,
    /// Clauses of the CNF the proof refutes (base model, cuts, blocking clauses).
    pub clauses: usize,
    /// Lemmas (added clauses) of the proof, each checked.
    pub lemmas: u64,
    /// Seconds spent certifying: the fresh proof-logging solve, the proof check and the cut
    /// checks.
    pub seconds: f64,
    /// Of those, seconds in the proof-logging solve.
    pub seconds_prove: f64,
    /// Of those, seconds checking the proof.
    pub seconds_check: f64,
    /// What `--certify` changed or could not cover, in words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Certificate {
    /// The one-line summary printed after the verdict: `certified: …`.
    pub fn describe(&self) -> String {
        let cuts = match self.cuts_justified {
            0 => String::new(),
            n => format!(", {n} cut(s) justified"),
        };
        let mut line = match self.proof {
            "drat" => format!(
                "certified: DRAT proof by {} ({} lemmas over {} clauses) accepted by {}{cuts}, \
                 {:.3} s",
                self.prover.as_deref().unwrap_or("?"),
                self.lemmas,
                self.clauses,
                self.checker.unwrap_or("?"),
                self.seconds
            ),
            _ => format!(
                "certified: the verdict rests on solutions only, each re-checked by the rules \
                 (no UNSAT answer to prove){cuts}"
            ),
        };
        for note in &self.notes {
            line.push_str(&format!("\n  note: {note}"));
        }
        line
    }
}

/// The files of a certificate, kept for `export --certificate`.
#[derive(Clone, Debug)]
pub struct CertificateFiles {
    /// Variables of the final CNF.
    pub num_vars: u32,
    /// The final CNF's clauses.
    pub clauses: Vec<Vec<i32>>,
    /// Names of the SAT variables that stand for model variables.
    pub names: Vec<(i32, String)>,
    /// The text DRAT proof (when the verdict rests on UNSAT).
    pub proof: Option<String>,
    /// Every lazy constraint's meaning and every cut with its justification, in DIMACS
    /// literals.
    pub cuts: serde_json::Value,
}

/// A cut as the search found it: the constraint, the lazy constraint it came from (index in
/// the model's list) and its justification.
#[derive(Clone, Debug)]
pub struct FoundCut {
    /// The cut.
    pub constraint: NamedConstraint,
    /// Index of its lazy constraint in [`Model::lazy`].
    pub lazy: usize,
    /// Why it holds.
    pub why: Option<Justification>,
}

/// What a finished search hands over for certification.
pub struct Evidence<'a> {
    /// The backend's name.
    pub backend: &'a str,
    /// The model solved.
    pub model: &'a Model,
    /// The CNF the backend held at the end (SAT backends).
    pub cnf: Option<&'a CnfEncoder>,
    /// The cuts found.
    pub cuts: &'a [FoundCut],
    /// Each blocking clause with the verified solution it blocks.
    pub blocked: &'a [(Constraint, Assignment)],
    /// Whether the verdict rests on the last call's UNSAT answer.
    pub rests_on_unsat: bool,
}

/// Checks everything a verdict rests on (see the module documentation); `keep` also returns
/// the files for `export --certificate`.
pub fn certify(
    e: &Evidence,
    deadline: Option<Instant>,
    keep: bool,
) -> Result<(Certificate, Option<CertificateFiles>)> {
    let start = Instant::now();
    let meanings: Vec<Option<Meaning>> = e.model.lazy.iter().map(|l| l.meaning()).collect();
    let checkers: Vec<Option<cuts::CutChecker>> = (e.model.lazy.iter().zip(&meanings))
        .map(|(lazy, m)| {
            m.as_ref()
                .map(cuts::CutChecker::new)
                .transpose()
                .map_err(|reason| {
                    Error::Uncertified(format!("the graph of `{}`: {reason}", lazy.name()))
                })
        })
        .collect::<Result<_>>()?;
    for cut in e.cuts {
        let name = &cut.constraint.name;
        let checker = checkers[cut.lazy].as_ref().ok_or_else(|| {
            Error::Uncertified(format!(
                "cut `{name}` comes from a constraint without a meaning"
            ))
        })?;
        let why = cut.why.as_ref().ok_or_else(|| {
            Error::Uncertified(format!("cut `{name}` came without a justification"))
        })?;
        checker
            .check(&cut.constraint.constraint, why)
            .map_err(|reason| {
                Error::Uncertified(format!("cut `{name}` is not justified: {reason}"))
            })?;
    }
    for (i, (clause, solution)) in e.blocked.iter().enumerate() {
        check_blocking(e.model, clause, solution)
            .map_err(|reason| Error::Uncertified(format!("blocking clause {}: {reason}", i + 1)))?;
        // Each solution found after a blocking clause must satisfy it: two solutions that
        // agree on every answer key are one solution, whatever the solver said.
        for (j, (earlier, _)) in e.blocked[..i].iter().enumerate() {
            if !earlier.holds(|v| solution.value(v)) {
                return Err(Error::Uncertified(format!(
                    "solution {} breaks blocking clause {}: it repeats solution {}",
                    i + 1,
                    j + 1,
                    j + 1
                )));
            }
        }
    }
    let mut certificate = Certificate {
        proof: "none",
        checked: true,
        cuts_justified: e.cuts.len(),
        blocking_checked: e.blocked.len(),
        prover: None,
        checker: None,
        clauses: 0,
        lemmas: 0,
        seconds: 0.0,
        seconds_prove: 0.0,
        seconds_check: 0.0,
        notes: Vec::new(),
    };
    let mut proof_text = None;
    if e.rests_on_unsat {
        let cnf = e.cnf.ok_or_else(|| {
            Error::Usage(format!("--certify: {} holds no CNF to prove", e.backend))
        })?;
        let proving = Instant::now();
        let text = match prove_unsat(e.backend, cnf.num_vars(), cnf.clauses(), deadline)? {
            Proved::Unsat(text) => text,
            Proved::NoProof(why) => {
                return Err(Error::Uncertified(format!("no proof: {why}")));
            }
            Proved::Sat => {
                return Err(Error::Uncertified(format!(
                    "{} answered UNSAT during the search, but a fresh call on the same clauses \
                     finds a model: the verdict cannot be trusted",
                    e.backend
                )))
            }
            Proved::Unknown(why) => {
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    return Err(Error::Uncertified(format!(
                        "the time limit came while proving the UNSAT answer ({why})"
                    )));
                }
                return Err(Error::Uncertified(format!("no proof: {why}")));
            }
        };
        certificate.seconds_prove = proving.elapsed().as_secs_f64();
        let checking = Instant::now();
        let checked = drat::check(cnf.num_vars(), cnf.clauses(), &text).map_err(|reason| {
            Error::Uncertified(format!(
                "proof rejected: the DRAT proof by {} does not refute the final CNF: {reason}",
                e.backend
            ))
        })?;
        certificate.seconds_check = checking.elapsed().as_secs_f64();
        certificate.proof = "drat";
        certificate.prover = Some(e.backend.to_string());
        certificate.checker = Some(drat::CHECKER);
        certificate.clauses = cnf.clauses().len();
        certificate.lemmas = checked.lemmas;
        proof_text = Some(text);
    }
    certificate.seconds = start.elapsed().as_secs_f64();
    let files = match (keep, e.cnf) {
        (true, Some(cnf)) => Some(CertificateFiles {
            num_vars: cnf.num_vars(),
            clauses: cnf.clauses().to_vec(),
            names: cnf.names().to_vec(),
            proof: proof_text,
            cuts: cuts_json(e, &meanings, cnf),
        }),
        _ => None,
    };
    Ok((certificate, files))
}

/// Checks that a blocking clause is exactly "some answer key differs from this solution".
fn check_blocking(
    model: &Model,
    clause: &Constraint,
    solution: &Assignment,
) -> std::result::Result<(), String> {
    let Constraint::Clause { lits } = clause else {
        return Err("not a clause".into());
    };
    let got: BTreeSet<Lit> = lits.iter().copied().collect();
    let want: BTreeSet<Lit> = (model.answer_keys.iter())
        .map(|&k| if solution.bool(k) { !k } else { k.lit() })
        .collect();
    if got == want {
        Ok(())
    } else {
        Err(
            "it is not the negation of its solution's answer keys, so it may exclude other \
             solutions"
                .into(),
        )
    }
}

/// A node's or edge's activity in DIMACS terms: a literal, or `true` / `false`.
fn active_json(a: Active, cnf: &CnfEncoder) -> serde_json::Value {
    match a {
        Active::Never => false.into(),
        Active::Always => true.into(),
        Active::When(l) => cnf.lit(l).into(),
    }
}

/// The lazy constraints' meanings and the cuts with their justifications, in the DIMACS
/// numbering of the exported CNF, so that a third party can check them.
fn cuts_json(e: &Evidence, meanings: &[Option<Meaning>], cnf: &CnfEncoder) -> serde_json::Value {
    use serde_json::json;
    let constraints: Vec<serde_json::Value> = (e.model.lazy.iter().zip(meanings))
        .map(|(lazy, meaning)| {
            let mut v = json!({ "name": lazy.name() });
            let nodes = |names: &[String], active: &[Active]| -> Vec<serde_json::Value> {
                (names.iter().zip(active))
                    .map(|(n, &a)| json!({"name": n, "active": active_json(a, cnf)}))
                    .collect()
            };
            match meaning {
                None => v["meaning"] = json!(null),
                Some(Meaning::Connected {
                    active,
                    edges,
                    root,
                    names,
                }) => {
                    v["meaning"] = json!({
                        "kind": "connected", "nodes": nodes(names, active), "edges": edges,
                        "root": root,
                    })
                }
                Some(Meaning::SingleLoop {
                    on,
                    edges,
                    used,
                    root,
                    names,
                }) => {
                    let used: Vec<_> = used.iter().map(|&u| active_json(u, cnf)).collect();
                    v["meaning"] = json!({
                        "kind": "single_loop", "nodes": nodes(names, on), "edges": edges,
                        "edge_used": used, "root": root,
                    })
                }
                Some(Meaning::SizedRegions {
                    active,
                    edges,
                    regions,
                    all_in_regions,
                    names,
                }) => {
                    v["meaning"] = json!({
                        "kind": "sized_regions", "nodes": nodes(names, active), "edges": edges,
                        "regions": regions, "all_in_regions": all_in_regions,
                    })
                }
                Some(Meaning::SizedClasses {
                    member,
                    classes,
                    edges,
                    names,
                }) => {
                    let member: Vec<Vec<_>> = (member.iter())
                        .map(|m| m.iter().map(|&a| active_json(a, cnf)).collect())
                        .collect();
                    v["meaning"] = json!({
                        "kind": "sized_classes", "names": names, "member": member,
                        "classes": classes, "edges": edges,
                    })
                }
            }
            v
        })
        .collect();
    let cuts: Vec<serde_json::Value> = e
        .cuts
        .iter()
        .map(|c| {
            let clause: Vec<i32> = match &c.constraint.constraint {
                Constraint::Clause { lits } => lits.iter().map(|&l| cnf.lit(l)).collect(),
                _ => Vec::new(),
            };
            json!({"name": c.constraint.name, "constraint": c.lazy, "clause": clause, "why": c.why})
        })
        .collect();
    json!({"constraints": constraints, "cuts": cuts})
}
