//! Fuzzing kept in the suite (bounded): every parser over arbitrary bytes and over mutations
//! of the shipped models. A parser may refuse anything, but never panic, and every refusal is
//! an input error at a position inside the input; what it accepts, small enough to solve here,
//! solves to the same verdict on varisat and batsat with every solution verified by the rules.
//! The long campaign over every verb of the binary is `tests/campaign.rs` (`--ignored`).

use proptest::prelude::*;
use puzzlec::error::Error;
use puzzlec::registry::{self, Input};
use puzzlec::solve::{Mode, SolveOptions, Verdict};
use std::path::Path;

const GENRES: [&str; 4] = ["heyawake", "nonogram", "skeleton", "tetromino"];

/// The shipped puzzle files of a genre (answers, word lists and notes left out).
fn seeds(genre: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models")
        .join(genre);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            !(name.ends_with(".answer")
                || name.ends_with(".md")
                || name.ends_with(".tsv")
                || name.starts_with("words-"))
        })
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// Checks that an error from reading `text` is an input error inside the input: a line that
/// exists (or the one after the last) and a column within that line (or just after it).
fn assert_positioned(genre: &str, source: &str, text: &str, e: &Error) {
    match e {
        Error::Input {
            source: s,
            line,
            col,
            message,
        } => {
            assert_eq!(s, source, "{genre}: {e}");
            let lines: Vec<&str> = if source == "URL" {
                vec![text.trim()]
            } else {
                text.split('\n').collect()
            };
            assert!(
                *line >= 1 && *line <= lines.len() + 1,
                "{genre}: line {line} of {}: {e}\n{text:?}",
                lines.len()
            );
            let width = lines.get(line - 1).map_or(0, |l| l.chars().count());
            assert!(
                *col >= 1 && *col <= width + 1,
                "{genre}: col {col} of {width}: {e}\n{text:?}"
            );
            assert!(!message.is_empty());
        }
        other => panic!("{genre}: an error without a position: {other}\n{text:?}"),
    }
}

/// Reads a text as a puzzle of the genre; a refusal must be positioned.
fn load(genre: &str, source: &str, text: &str) -> Option<Box<dyn registry::DynPuzzle>> {
    let input = Input {
        source: source.to_string(),
        text: text.to_string(),
    };
    match registry::load(genre, &input) {
        Ok(p) => Some(p),
        Err(e) => {
            assert_positioned(genre, source, text, &e);
            None
        }
    }
}

/// Solves a small accepted puzzle on varisat and batsat: the same verdict (or a clean time or
/// budget stop), and never a solver failure (which would mean a solution broke the rules).
fn solves_alike(genre: &str, p: &dyn registry::DynPuzzle, text: &str) {
    let mut verdicts = Vec::new();
    for backend in ["varisat", "batsat"] {
        let mut opts = SolveOptions::new(backend, "", Mode::Unique);
        opts.timeout = Some(5.0);
        match p.solve(&opts) {
            Ok(r) if r.complete() => verdicts.push(r.verdict),
            Ok(_) | Err(Error::Timeout(_)) | Err(Error::Memory { .. }) => return,
            Err(e @ Error::Solver(_)) => panic!("{genre} {backend}: {e}\n{text:?}"),
            // A formulation may refuse an instance (e.g. too many patterns): not a crash.
            Err(e) => {
                assert_eq!(e.exit_code(), 2, "{genre} {backend}: {e}");
                return;
            }
        }
    }
    assert_eq!(
        verdicts[0], verdicts[1],
        "{genre}: varisat and batsat differ\n{text:?}"
    );
    assert!(matches!(
        verdicts[0],
        Verdict::Unique | Verdict::Multiple | Verdict::None
    ));
}

/// One mutation of a text, by a kind of damage that real files have.
#[derive(Clone, Debug)]
enum Mutation {
    /// Replace the character at a position with another.
    Replace(usize, char),
    /// Insert a character.
    Insert(usize, char),
    /// Delete a run of characters.
    Delete(usize, usize),
    /// Duplicate a line.
    DuplicateLine(usize),
    /// Drop a line.
    DropLine(usize),
    /// Put a large number where a number was (or at a position).
    BigNumber(usize, u64),
    /// Cut the text short.
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let chars = prop_oneof![
        Just('0'),
        Just('9'),
        Just('#'),
        Just('.'),
        Just('X'),
        Just('_'),
        Just('?'),
        Just('-'),
        Just('/'),
        Just(','),
        Just('='),
        Just(' '),
        Just('\n'),
        Just('\t'),
        Just('é'),
        Just('界'),
        any::<char>(),
    ];
    prop_oneof![
        (any::<usize>(), chars.clone()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        (any::<usize>(), chars).prop_map(|(i, c)| Mutation::Insert(i, c)),
        (any::<usize>(), 1usize..8).prop_map(|(i, n)| Mutation::Delete(i, n)),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        any::<usize>().prop_map(Mutation::DropLine),
        (
            any::<usize>(),
            prop_oneof![
                Just(0u64),
                Just(1000),
                Just(1 << 31),
                Just(u64::MAX),
                0u64..100
            ]
        )
            .prop_map(|(i, n)| Mutation::BigNumber(i, n)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

/// Applies mutations to a text (positions taken modulo its length, in characters).
fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for m in mutations {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        match *m {
            Mutation::Replace(i, c) if !chars.is_empty() => {
                let i = at(i, chars.len());
                chars[i] = c;
            }
            Mutation::Replace(..) => {}
            Mutation::Insert(i, c) => {
                let i = at(i, chars.len() + 1);
                chars.insert(i, c);
            }
            Mutation::Delete(i, n) => {
                let i = at(i, chars.len());
                let end = (i + n).min(chars.len());
                chars.drain(i..end);
            }
            Mutation::DuplicateLine(i) | Mutation::DropLine(i) => {
                let text: String = chars.iter().collect();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let k = at(i, lines.len());
                if matches!(m, Mutation::DuplicateLine(_)) {
                    lines.insert(k, lines[k]);
                } else if lines.len() > 1 {
                    lines.remove(k);
                }
                chars = lines.join("\n").chars().collect();
            }
            Mutation::BigNumber(i, n) => {
                // Over the digits at (or after) the position, or inserted there.
                let i = at(i, chars.len() + 1);
                let start = (i..chars.len())
                    .find(|&j| chars[j].is_ascii_digit())
                    .unwrap_or(i);
                let end = (start..chars.len())
                    .find(|&j| !chars[j].is_ascii_digit())
                    .unwrap_or(chars.len());
                chars.splice(start..end, n.to_string().chars());
            }
            Mutation::Truncate(i) => {
                let i = at(i, chars.len() + 1);
                chars.truncate(i);
            }
        }
    }
    chars.into_iter().collect()
}

/// Small enough to solve in the normal suite.
fn small(text: &str) -> bool {
    text.len() <= 400
}

/// Cases per property: 64 in the normal suite, `FUZZ_CASES=N` for a longer run.
fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_are_read_or_refused_at_a_position(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        genre in 0usize..4,
    ) {
        let genre = GENRES[genre];
        match puzzlec::input::utf8_text("fuzz.txt", bytes.clone()) {
            Err(e) => {
                let text = String::from_utf8_lossy(&bytes).to_string();
                assert_positioned(genre, "fuzz.txt", &text, &e);
            }
            Ok(text) => {
                if let Some(p) = load(genre, "fuzz.txt", &text) {
                    if small(&text) {
                        solves_alike(genre, p.as_ref(), &text);
                    }
                }
            }
        }
    }

    #[test]
    fn arbitrary_text_in_puzzle_alphabets_is_read_or_refused_at_a_position(
        text in "[#.X_?0-9 ,=A-Da-d\\n/-]{0,200}",
        genre in 0usize..4,
    ) {
        let genre = GENRES[genre];
        if let Some(p) = load(genre, "fuzz.txt", &text) {
            if small(&text) {
                solves_alike(genre, p.as_ref(), &text);
            }
        }
    }

    #[test]
    fn mutated_shipped_models_are_read_or_refused_at_a_position(
        genre in 0usize..4,
        pick in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 1..5),
    ) {
        let genre = GENRES[genre];
        let seeds = seeds(genre);
        let (name, text) = &seeds[pick % seeds.len()];
        let text = mutate(text, &mutations);
        // A URL file keeps being a URL: its mutations are read as one.
        let source = if text.trim_start().starts_with("http") && !text.trim().contains('\n') {
            "URL"
        } else {
            name.as_str()
        };
        if let Some(p) = load(genre, source, &text) {
            if small(&text) {
                solves_alike(genre, p.as_ref(), &text);
            }
        }
    }

    #[test]
    fn mutated_urls_are_read_or_refused_at_their_column(
        genre in 0usize..2,
        pick in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        let urls = [
            "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k",
            "https://puzz.link/p?heyawake/6/6/lll155007rs12222j",
            "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h",
            "https://puzz.link/p?nonogram/6/6/x12c",
        ];
        let genre = ["heyawake", "nonogram"][genre];
        let url = urls[pick % urls.len()];
        let text = mutate(url, &mutations).replace('\n', "");
        let _ = load(genre, "URL", &text);
    }

    #[test]
    fn solver_output_readers_never_panic(text in "[svcSATUNIFO0-9 \\n-]{0,200}", vars in 0u32..20) {
        let _ = puzzlec::format::dimacs::read_competition_output(&text, vars);
        let _ = puzzlec::format::dimacs::read_minisat_result(&text, vars);
        let _ = puzzlec::format::dimacs::read_cnf(&text);
        let _ = puzzlec::format::lp::read_cbc_solution(&text);
        let _ = puzzlec::format::lp::read_glpk_solution(&text, &["x".to_string(), "y".to_string()]);
    }
}

#[test]
fn the_mutator_damages_text_the_way_it_says() {
    assert_eq!(mutate("ab\ncd", &[Mutation::Replace(1, 'x')]), "ax\ncd");
    assert_eq!(
        mutate("ab\ncd", &[Mutation::DuplicateLine(1)]),
        "ab\ncd\ncd"
    );
    assert_eq!(mutate("ab\ncd", &[Mutation::DropLine(0)]), "cd");
    assert_eq!(
        mutate("w 12 x", &[Mutation::BigNumber(0, 99999)]),
        "w 99999 x"
    );
    assert_eq!(mutate("abc", &[Mutation::Truncate(1)]), "a");
    assert_eq!(mutate("abc", &[Mutation::Delete(1, 5)]), "a");
    assert_eq!(mutate("", &[Mutation::Insert(7, 'z')]), "z");
}

#[test]
fn every_genre_has_shipped_models_to_mutate() {
    for genre in GENRES {
        assert!(seeds(genre).len() >= 5, "{genre}");
    }
}
