//! Formulation choices: each genre declares keys (e.g. `connectivity`) whose values are
//! documented, typed (read into enums through [`Choice`]) and marked complete or lazy; a
//! [`Formulation`] is one value per key, parsed from `KEY=VALUE,…`.

use crate::error::{Error, Result};
use std::collections::BTreeMap;

/// One value of a formulation key: its name, what it does, and whether the model it gives is
/// complete (no lazy constraints, so it can be exported to a solver file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    /// The value as written after `KEY=`.
    pub name: &'static str,
    /// What it does, in one line.
    pub doc: &'static str,
    /// Whether the model is complete with this value (exportable as DIMACS/LP).
    pub complete: bool,
    /// Whether a proof about the model's CNF covers what this value adds: false when the value
    /// writes conclusions of the genre's own reasoning into the model (e.g. nonogram's line
    /// logic), which `--certify` then replaces.
    pub certifiable: bool,
    /// Whether the value's reasoning runs inside the solver's search (a propagator), which
    /// only some backends run.
    pub in_solver: bool,
    /// A staged value: first solve with this other value of the same key, and with this one
    /// only if that run's cut loop thrashes (see [`Value::staged`]).
    pub first_try: Option<(&'static str, Thrashing)>,
}

/// When a lazy cut loop counts as thrashing: at least this many cut rounds, after at least
/// this long (the solver's and the cuts' time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thrashing {
    /// Cut rounds.
    pub rounds: usize,
    /// CPU time of the solving thread since the solver was set up (an external solver's own
    /// process is not in it: the staged values run on batsat, inside the thread).
    pub after: std::time::Duration,
}

impl Value {
    /// A value whose model is complete.
    pub const fn complete(name: &'static str, doc: &'static str) -> Value {
        Value {
            name,
            doc,
            complete: true,
            certifiable: true,
            in_solver: false,
            first_try: None,
        }
    }
    /// A value whose model has lazy constraints (cuts found while solving).
    pub const fn lazy(name: &'static str, doc: &'static str) -> Value {
        Value {
            name,
            doc,
            complete: false,
            certifiable: true,
            in_solver: false,
            first_try: None,
        }
    }
    /// A value whose reasoning runs inside the solver (a propagator): its conflicts are not
    /// clauses of the model, so no proof of the CNF covers them.
    pub const fn in_solver(name: &'static str, doc: &'static str) -> Value {
        Value {
            name,
            doc,
            complete: false,
            certifiable: false,
            in_solver: true,
            first_try: None,
        }
    }
    /// An in-solver value tried second: the run first solves with the value `first` of the
    /// same key (fast where its cuts converge) and keeps its answer unless its cut loop
    /// `thrashing`s, and only then solves with this one.
    pub const fn staged(
        name: &'static str,
        doc: &'static str,
        first: &'static str,
        thrashing: Thrashing,
    ) -> Value {
        Value {
            first_try: Some((first, thrashing)),
            ..Value::in_solver(name, doc)
        }
    }
    /// A complete value whose model holds conclusions of the genre's own search (e.g. cells
    /// decided by line logic): no proof of the CNF checks those, so `--certify` replaces it.
    pub const fn presolved(name: &'static str, doc: &'static str) -> Value {
        Value {
            name,
            doc,
            complete: true,
            certifiable: false,
            in_solver: false,
            first_try: None,
        }
    }
}

/// An enum a formulation value is read into (e.g. the connectivity encoding), so genres
/// never compare value strings.
pub trait Choice: Sized {
    /// Every value with its documentation.
    const VALUES: &'static [Value];
    /// The variant a value names (every name of [`Choice::VALUES`] must map to one).
    fn from_name(name: &str) -> Option<Self>;
}

/// One documented formulation choice: a key, its values and the genre's default.
#[derive(Clone, Debug)]
pub struct FormulationKey {
    /// The key, e.g. `connectivity`.
    pub key: &'static str,
    /// What the key chooses.
    pub doc: &'static str,
    /// The allowed values.
    pub values: &'static [Value],
    /// The value used when the key is not given.
    pub default: &'static str,
}

impl FormulationKey {
    /// A key whose values are a [`Choice`]'s, with the genre's default.
    pub fn of<C: Choice>(key: &'static str, doc: &'static str, default: &'static str) -> Self {
        FormulationKey::new(key, doc, C::VALUES, default)
    }
    /// A key with the given values and default.
    pub fn new(
        key: &'static str,
        doc: &'static str,
        values: &'static [Value],
        default: &'static str,
    ) -> Self {
        debug_assert!(
            values.iter().any(|v| v.name == default),
            "default `{default}` of `{key}` is not one of its values"
        );
        FormulationKey {
            key,
            doc,
            values,
            default,
        }
    }
    /// The value named `name`, if the key has it.
    pub fn value(&self, name: &str) -> Option<&'static Value> {
        self.values.iter().find(|v| v.name == name)
    }
}

/// Formulation keys every genre has: how the core lowers cardinality and pseudo-Boolean
/// constraints to CNF (ignored by MIP backends).
pub fn core_formulation_keys() -> Vec<FormulationKey> {
    vec![FormulationKey::new(
        "card",
        "CNF encoding of cardinality constraints (SAT backends)",
        CARD_VALUES,
        "totalizer",
    )]
}

/// The `card` key's values, read by `lower::CardEncoding`. Declared here with the core's keys,
/// not beside the encoder, because every model layer names formulation values and the encoder
/// sits above the model: naming it from here would tie this vocabulary to the encoder.
pub const CARD_VALUES: &[Value] = &[
    Value::complete(
        "totalizer",
        "totalizer (Bailleux–Boufkhad), O(n log n) clauses per bound",
    ),
    Value::complete("seq", "sequential counter (Sinz), O(n·k) clauses"),
];

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
            .map(|k| (k.key.to_string(), k.default.to_string()))
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
            if key.value(v.trim()).is_none() {
                return Err(Error::Usage(format!(
                    "unknown value `{}` for formulation key `{}` (values: {})",
                    v.trim(),
                    key.key,
                    key.values
                        .iter()
                        .map(|v| v.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
            values.insert(key.key.to_string(), v.trim().to_string());
        }
        Ok(Formulation { values })
    }
    /// The value of a key (its default when not given). Asking for a key the genre did not
    /// declare is a bug in the genre, not a user error, so it panics instead of silently
    /// meaning "default".
    pub fn get(&self, key: &str) -> &str {
        match self.values.get(key) {
            Some(v) => v,
            None => panic!("formulation key `{key}` is not declared by this genre"),
        }
    }
    /// Whether the genre declared the key (shared option sets whose keys a genre may leave out).
    pub fn has(&self, key: &str) -> bool {
        self.values.contains_key(key)
    }
    /// The value of a key read into its [`Choice`].
    pub fn choice<C: Choice>(&self, key: &str) -> C {
        let name = self.get(key);
        C::from_name(name)
            .unwrap_or_else(|| panic!("`{key}={name}` is declared but not read by its Choice"))
    }
    /// Whether every chosen value gives a complete model (see [`Value::complete`]).
    pub fn is_complete(&self, keys: &[FormulationKey]) -> bool {
        keys.iter()
            .all(|k| k.value(self.get(k.key)).is_none_or(|v| v.complete))
    }
    /// The spec `--certify` solves instead of `spec`: a key left at a default that is not
    /// [`Value::certifiable`] gets its first certifiable value (said in the returned notes);
    /// such a value given explicitly is a usage error.
    pub fn certifiable_spec(spec: &str, keys: &[FormulationKey]) -> Result<(String, Vec<String>)> {
        let (spec, replaced, refused) = Self::defaults_where(spec, keys, |v| v.certifiable)?;
        if let Some(key) = refused.first() {
            return Err(Error::Usage(format!(
                "--certify: {}={} puts reasoning outside the model's clauses (the genre's own \
                 conclusions, or a propagator's), which no proof checks; leave it out or choose {}",
                key.key,
                Formulation::parse(&spec, keys)?.get(key.key),
                (key.values.iter())
                    .filter(|v| v.certifiable)
                    .map(|v| format!("{}={}", key.key, v.name))
                    .collect::<Vec<_>>()
                    .join(" or ")
            )));
        }
        let in_solver = |key: &str, value: &str| {
            let key = keys.iter().find(|k| k.key == key);
            key.and_then(|k| k.value(value))
                .is_some_and(|v| v.in_solver)
        };
        let notes = replaced.iter().map(|(key, from, to)| {
            let why = match in_solver(key, from) {
                true => "that value reasons inside the solver's search, where no proof follows it",
                false => "that value writes the genre's own conclusions into the model, which no proof checks",
            };
            format!("solved with {key}={to} instead of the default {key}={from}: {why}")
        });
        Ok((spec, notes.collect()))
    }
    /// The spec a backend that runs no propagators solves instead of `spec`: a key left at a
    /// default that runs inside the solver gets its first value that does not (the statistics'
    /// formulation says which); a propagator value given explicitly stays, for the backend to
    /// refuse by name.
    pub fn spec_without_propagators(spec: &str, keys: &[FormulationKey]) -> Result<String> {
        Ok(Self::defaults_where(spec, keys, |v| !v.in_solver)?.0)
    }
    /// `spec` with every key left at a default value that fails `fits` set to the key's first
    /// value that passes, those replacements as `(key, default, value)`, and the keys given
    /// explicitly with a value that fails.
    #[allow(clippy::type_complexity)]
    fn defaults_where<'k>(
        spec: &str,
        keys: &'k [FormulationKey],
        fits: impl Fn(&Value) -> bool,
    ) -> Result<(
        String,
        Vec<(&'k str, String, &'static str)>,
        Vec<&'k FormulationKey>,
    )> {
        let chosen = Formulation::parse(spec, keys)?;
        let mut parts: Vec<String> = (spec.split(','))
            .filter(|p| !p.trim().is_empty())
            .map(String::from)
            .collect();
        let (mut replaced, mut refused) = (Vec::new(), Vec::new());
        for key in keys {
            let value = chosen.get(key.key);
            if key.value(value).is_none_or(&fits) {
                continue;
            }
            let given = parts
                .iter()
                .any(|p| p.split('=').next().map(str::trim) == Some(key.key));
            match (given, key.values.iter().find(|v| fits(v))) {
                (false, Some(r)) => {
                    replaced.push((key.key, value.to_string(), r.name));
                    parts.push(format!("{}={}", key.key, r.name));
                }
                _ => refused.push(key),
            }
        }
        Ok((parts.join(","), replaced, refused))
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
                    k.values.iter().map(move |v| {
                        if s.is_empty() {
                            format!("{}={}", k.key, v.name)
                        } else {
                            format!("{s},{}={}", k.key, v.name)
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

/// Every complete value of the keys, as `key=value`.
pub fn complete_values(keys: &[FormulationKey]) -> Vec<String> {
    keys.iter()
        .flat_map(|k| {
            (k.values.iter().filter(|v| v.complete)).map(move |v| format!("{}={}", k.key, v.name))
        })
        .collect()
}

/// The spec for export (the command line's and the Python package's): every key the spec leaves at a lazy default gets its first complete
/// value instead.
pub fn complete_default(keys: &[FormulationKey], spec: &str) -> String {
    let complete = Formulation::defaults_where(spec, keys, |v| v.complete);
    complete.map_or_else(|_| spec.to_string(), |(spec, _, _)| spec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::connectivity::ConnectivityEncoding;

    fn keys() -> Vec<FormulationKey> {
        vec![FormulationKey::of::<ConnectivityEncoding>(
            "connectivity",
            "test key",
            "tree",
        )]
    }

    #[test]
    fn the_genres_default_is_used_and_values_are_typed() {
        let f = Formulation::parse("", &keys()).unwrap();
        assert_eq!(f.get("connectivity"), "tree");
        assert_eq!(
            f.choice::<ConnectivityEncoding>("connectivity"),
            ConnectivityEncoding::Tree
        );
        assert!(f.is_complete(&keys()));
        let f = Formulation::parse("connectivity=lazy", &keys()).unwrap();
        assert!(!f.is_complete(&keys()));
        assert_eq!(f.spec(), "card=totalizer,connectivity=lazy");
    }

    #[test]
    fn unknown_keys_and_values_are_errors() {
        let e = Formulation::parse("conectivity=tree", &keys()).unwrap_err();
        assert!(
            e.to_string()
                .contains("unknown formulation key `conectivity`"),
            "{e}"
        );
        let e = Formulation::parse("connectivity=tre", &keys()).unwrap_err();
        assert!(e.to_string().contains("values: lazy, tree, flow"), "{e}");
        assert!(Formulation::parse("connectivity", &keys()).is_err());
    }

    #[test]
    fn certify_replaces_a_presolved_default_and_refuses_it_when_given() {
        const PRE: &[Value] = &[
            Value::presolved("line", "conclusions of line logic"),
            Value::complete("none", "nothing"),
        ];
        let keys = vec![FormulationKey::new("pre", "test key", PRE, "line")];
        let (spec, notes) = Formulation::certifiable_spec("card=seq", &keys).unwrap();
        assert_eq!(spec, "card=seq,pre=none");
        assert_eq!(notes.len(), 1);
        assert!(
            notes[0].contains("pre=none instead of the default pre=line"),
            "{notes:?}"
        );
        let (spec, notes) = Formulation::certifiable_spec("pre=none", &keys).unwrap();
        assert_eq!((spec.as_str(), notes.len()), ("pre=none", 0));
        let e = Formulation::certifiable_spec("pre=line", &keys).unwrap_err();
        assert!(e.to_string().contains("choose pre=none"), "{e}");
        assert_eq!(e.exit_code(), 2);
    }

    #[test]
    #[should_panic(expected = "not declared")]
    fn asking_for_an_undeclared_key_is_a_bug_not_a_default() {
        Formulation::parse("", &keys()).unwrap().get("line");
    }

    #[test]
    fn every_declared_value_is_read_by_its_choice() {
        for v in ConnectivityEncoding::VALUES {
            assert!(
                ConnectivityEncoding::from_name(v.name).is_some(),
                "{}",
                v.name
            );
        }
        for v in <crate::lower::CardEncoding as Choice>::VALUES {
            assert!(crate::lower::CardEncoding::from_name(v.name).is_some());
        }
    }
}
