//! The genre interface: a puzzle formulates itself as a [`Model`], decodes assignments into
//! its own solutions and verifies them by its own rules.

pub mod heyawake;
pub mod nonogram;
pub mod skeleton;
pub mod tetromino;

use crate::error::{Error, Result};
use crate::model::{Assignment, Model};
use std::collections::BTreeMap;

/// One documented formulation choice: a key, its values (each with a one-line description) and
/// the default.
#[derive(Clone, Debug)]
pub struct FormulationKey {
    /// The key, e.g. `connectivity`.
    pub key: &'static str,
    /// What the key chooses.
    pub doc: &'static str,
    /// The allowed values with a description each; the first is the default.
    pub values: &'static [(&'static str, &'static str)],
}

/// Formulation keys every genre has: how the core lowers cardinality and pseudo-Boolean
/// constraints to CNF (ignored by MIP backends).
pub fn core_formulation_keys() -> Vec<FormulationKey> {
    vec![FormulationKey {
        key: "card",
        doc: "CNF encoding of cardinality constraints (SAT backends)",
        values: &[
            (
                "totalizer",
                "totalizer (Bailleux–Boufkhad), O(n log n) clauses per bound",
            ),
            ("seq", "sequential counter (Sinz), O(n·k) clauses"),
        ],
    }]
}

/// The non-empty tokens of a clue line with their 1-based character columns; separators are
/// commas and any Unicode whitespace (Japanese files use the full-width space U+3000, three
/// bytes, so columns are counted in chars, never bytes).
pub fn clue_tokens(line: &str) -> Vec<(usize, &str)> {
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column)
    for (column, (i, c)) in line.char_indices().enumerate() {
        let separator = c.is_whitespace() || c == ',';
        match (separator, start) {
            (true, Some((s, col))) => {
                tokens.push((col, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some((i, column + 1)),
            _ => {}
        }
    }
    if let Some((s, col)) = start {
        tokens.push((col, &line[s..]));
    }
    tokens
}

/// A chosen formulation: a value for every key of a genre (defaults filled in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formulation {
    values: BTreeMap<String, String>,
}

impl Formulation {
    /// Parses `k=v,k=v` against the genre's keys (plus the core's), filling in defaults.
    pub fn parse(spec: &str, keys: &[FormulationKey]) -> Result<Formulation> {
        let mut all: Vec<FormulationKey> = keys.to_vec();
        all.extend(core_formulation_keys());
        let mut values: BTreeMap<String, String> = all
            .iter()
            .map(|k| (k.key.to_string(), k.values[0].0.to_string()))
            .collect();
        for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(|| {
                Error::Usage(format!(
                    "formulation `{part}`: expected KEY=VALUE (keys: {})",
                    all.iter().map(|k| k.key).collect::<Vec<_>>().join(", ")
                ))
            })?;
            let key = all.iter().find(|fk| fk.key == k.trim()).ok_or_else(|| {
                Error::Usage(format!(
                    "unknown formulation key `{}` (keys: {})",
                    k.trim(),
                    all.iter().map(|k| k.key).collect::<Vec<_>>().join(", ")
                ))
            })?;
            if !key.values.iter().any(|(val, _)| *val == v.trim()) {
                return Err(Error::Usage(format!(
                    "unknown value `{}` for formulation key `{}` (values: {})",
                    v.trim(),
                    key.key,
                    key.values
                        .iter()
                        .map(|v| v.0)
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
            values.insert(key.key.to_string(), v.trim().to_string());
        }
        Ok(Formulation { values })
    }
    /// The value of a key (its default when not given).
    pub fn get(&self, key: &str) -> &str {
        self.values.get(key).map(String::as_str).unwrap_or("")
    }
    /// The formulation written back as `k=v,k=v`.
    pub fn spec(&self) -> String {
        self.values
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    }
    /// Every combination of values of the given keys (the others at their defaults).
    pub fn all_combinations(keys: &[FormulationKey]) -> Vec<Formulation> {
        let mut specs = vec![String::new()];
        for k in keys {
            specs = specs
                .iter()
                .flat_map(|s| {
                    k.values.iter().map(move |(v, _)| {
                        if s.is_empty() {
                            format!("{}={v}", k.key)
                        } else {
                            format!("{s},{}={v}", k.key)
                        }
                    })
                })
                .collect();
        }
        specs
            .iter()
            .map(|s| Formulation::parse(s, keys).expect("combinations of declared values parse"))
            .collect()
    }
}

/// A model together with the function that turns its assignments into the puzzle's solutions.
pub struct Formulated<S> {
    /// The model.
    pub model: Model,
    /// Reads a solution off an assignment of the model's variables.
    pub decode: Box<dyn Fn(&Assignment) -> S + Send + Sync>,
}

/// A puzzle genre's instance: the rules, its formulations and how to show a solution.
pub trait Puzzle: Send + Sync {
    /// The genre's solution type.
    type Solution: Clone + Send;
    /// The genre's name as used on the command line.
    fn genre(&self) -> &'static str;
    /// The formulation keys this genre understands (the core's `card` is added by the driver).
    fn formulation_keys(&self) -> Vec<FormulationKey>;
    /// Builds the model of a formulation.
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Self::Solution>>;
    /// Checks a solution against the puzzle's rules, written from the rules, not from a model.
    fn verify(&self, solution: &Self::Solution) -> std::result::Result<(), String>;
    /// The solution as text rows (for printing and JSON).
    fn rows(&self, solution: &Self::Solution) -> Vec<String>;
    /// A reason the puzzle has no solution found without solving (a cheap necessary
    /// condition that fails), if any.
    fn precheck(&self) -> Option<String> {
        None
    }
    /// The genre's own solvers that search without a model (e.g. tetromino's `native` exact
    /// cover), accepted wherever a backend name is, so `compare` can put them beside SAT and MIP.
    fn native_solvers(&self) -> &'static [&'static str] {
        &[]
    }
    /// Up to `limit` solutions from the named native solver, and whether its search finished
    /// (so that fewer than `limit` solutions means there are no more).
    fn solve_native(&self, solver: &str, _limit: usize) -> Result<(Vec<Self::Solution>, bool)> {
        Err(crate::error::Error::Usage(format!(
            "`{solver}` is not a native solver of {}",
            self.genre()
        )))
    }
    /// How two solutions differ, in the genre's words (e.g. `row 9 across: lemon ↔ melon`);
    /// shown with a `multiple` verdict. Empty when the genre has nothing to add to the grids.
    fn differences(&self, _a: &Self::Solution, _b: &Self::Solution) -> Vec<String> {
        Vec::new()
    }
    /// The puzzle as its canonical puzz.link URL. Fails when the genre has no URL encoder or
    /// this instance has no URL form (too large, a colour nonogram, …).
    fn url(&self) -> Result<String> {
        Err(Error::Usage(format!(
            "{} has no puzz.link URL encoder yet",
            self.genre()
        )))
    }
}
