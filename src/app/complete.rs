//! What shell completion offers where a word goes: genre names for a genre, backend names for
//! `--backend`, `KEY=VALUE` formulation choices for `--formulation`, file names where a file
//! goes. clap_complete's generated scripts offer an argument's "possible values" and follow its
//! value hint; this module gives every argument of the command tree both, from
//! [`registry::GENRES`] and the backend list at the time the script is generated, so a new
//! genre, backend or formulation key is offered with no edit here.
//!
//! The values are offered, not enforced: a genre position also takes a URL or a file, and
//! `--backend` also takes `dimacs:CMD`, so the value parser accepts any text (the commands
//! check it and suggest near misses) and the lists stay out of `--help`.

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use clap::{Arg, Command, ValueHint};
use puzzlec::puzzles::core_formulation_keys;
use puzzlec::registry::GENRES;
use std::sync::LazyLock;

/// Words offered for an argument, any text accepted.
#[derive(Clone)]
struct Offered(&'static LazyLock<Vec<&'static str>>);

impl TypedValueParser for Offered {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|&v| PossibleValue::new(v))))
    }
}

/// Every genre's name (aliases are accepted but not offered: one word per genre).
static GENRE_NAMES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| GENRES.iter().map(|g| g.name).collect());

/// Every backend this build knows and every genre's native solver name.
static BACKEND_NAMES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut names: Vec<&'static str> = (puzzlec::backend::backends().into_iter())
        .map(|b| &*b.name.leak())
        .collect();
    for g in GENRES.iter() {
        names.extend(g.native_solvers.iter().copied());
    }
    dedup(names)
});

/// Every `KEY=VALUE` of every genre's formulation keys and the core's.
static FORMULATION_CHOICES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let keys = (GENRES.iter().flat_map(|g| (g.keys)())).chain(core_formulation_keys());
    let choices =
        keys.flat_map(|k| (k.values.iter()).map(move |v| &*format!("{}={}", k.key, v.name).leak()));
    dedup(choices.collect())
});

fn dedup(mut words: Vec<&'static str>) -> Vec<&'static str> {
    words.sort_unstable();
    words.dedup();
    words
}

/// Argument ids that name a file to read or write (their value hint is a file path).
const FILE_ARGS: &[&str] = &[
    "input",
    "more_inputs",
    "inputs_from",
    "resume",
    "output",
    "words",
    "picture",
    "mask",
    "answer",
    "file",
];

/// The command tree with what completion offers set on every argument, subcommands included.
pub fn offer_values(cmd: Command) -> Command {
    let cmd = cmd.mut_args(offer);
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    names
        .iter()
        .fold(cmd, |cmd, name| cmd.mut_subcommand(name, offer_values))
}

/// One argument with its completion: words for a genre, backend or formulation, a file hint
/// for a file.
fn offer(arg: Arg) -> Arg {
    let takes_values =
        arg.get_num_args().is_none_or(|n| n.takes_values()) && arg.get_action().takes_values();
    if !takes_values {
        return arg;
    }
    let words = match (arg.get_id().as_str(), arg.get_long()) {
        ("genre", _) => Some(&GENRE_NAMES),
        (_, Some("backend")) => Some(&BACKEND_NAMES),
        (_, Some("formulation")) => Some(&FORMULATION_CHOICES),
        _ => None,
    };
    if let Some(words) = words {
        return arg.value_parser(Offered(words)).hide_possible_values(true);
    }
    let is_file = FILE_ARGS.contains(&arg.get_id().as_str())
        || (arg.get_value_names()).is_some_and(|n| n.iter().any(|n| n.as_str() == "FILE"));
    if is_file && arg.get_value_hint() == ValueHint::Unknown {
        return arg.value_hint(ValueHint::FilePath);
    }
    arg
}

#[cfg(test)]
mod tests {
    #[test]
    fn genres_backends_and_formulations_are_offered_and_anything_is_accepted() {
        let tree = crate::app::cli::command_line();
        let solve = tree.find_subcommand("solve").unwrap();
        let offered = |id: &str| -> Vec<String> {
            let arg = solve.get_arguments().find(|a| a.get_id() == id).unwrap();
            (arg.get_possible_values().iter())
                .map(|v| v.get_name().to_string())
                .collect()
        };
        assert!(offered("genre").contains(&"nurikabe".to_string()));
        assert!(offered("backend").contains(&"batsat".to_string()));
        assert!(offered("backend").contains(&"native".to_string()));
        assert!(offered("formulation").contains(&"card=totalizer".to_string()));
        let m = tree.try_get_matches_from(["puzzlec", "solve", "https://puzz.link/p?x", "-b", "x"]);
        assert!(m.is_ok(), "{m:?}");
    }
}
