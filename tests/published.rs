//! The published collections (`tests/data/*_published/`, from puzzlekit-dataset; see
//! `tests/data/PUBLISHED.md`): every puzzle is unique, and each published answer is the one
//! solution puzzlec prints. One batch run per collection, as a user would run a folder.

use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A batch run's JSON lines, one per puzzle (the summary line dropped).
fn puzzle_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    let text = String::from_utf8(stdout.to_vec()).unwrap();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    lines.pop(); // the summary
    lines
}

/// Solves a folder in one batch run: input path → (verdict, solution rows).
fn batch(genre: &str, folder: &str) -> Vec<(String, String, Vec<String>)> {
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(["solve", genre, folder, "--json", "--jobs", "2"])
        .current_dir(ROOT)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = puzzle_lines(&out.stdout);
    lines
        .iter()
        .map(|v| {
            let rows = v["solutions"][0]
                .as_array()
                .map(|r| r.iter().map(|s| s.as_str().unwrap().to_string()).collect())
                .unwrap_or_default();
            (
                v["input"].as_str().unwrap().to_string(),
                v["verdict"].as_str().unwrap_or("error").to_string(),
                rows,
            )
        })
        .collect()
}

/// Checks a collection: every puzzle unique, every published answer found; returns how many
/// answers were compared.
fn check(genre: &str, folder: &str, puzzles: usize) -> usize {
    let results = batch(genre, folder);
    assert_eq!(results.len(), puzzles, "one line per puzzle of {folder}");
    let mut compared = 0;
    for (input, verdict, rows) in results {
        assert_eq!(verdict, "unique", "{input}");
        let answer = Path::new(ROOT).join(&input).with_extension("answer");
        if let Ok(published) = std::fs::read_to_string(&answer) {
            let published: Vec<String> = published.lines().map(str::to_string).collect();
            assert_eq!(rows, published, "{input}: not the published answer");
            compared += 1;
        }
    }
    compared
}

#[test]
fn published_heyawake_are_unique_with_their_published_answers() {
    let compared = check("heyawake", "tests/data/heyawake_published", 223);
    assert_eq!(compared, 223);
}

#[test]
fn published_nonograms_are_unique_with_their_published_answers() {
    let compared = check("nonogram", "tests/data/nonogram_published", 379);
    assert_eq!(compared, 24);
}

/// The collections imported in janko's answer notation (`KEY.answer` is the published solution
/// as the dataset writes it; puzzlec prints the same with `--answer-text`, `answer_text` in JSON).
const JANKO_COLLECTIONS: [(&str, &str, usize); 5] = [
    ("hitori", "tests/data/hitori_published", 138),
    ("starbattle", "tests/data/starbattle_published", 146),
    ("nurikabe", "tests/data/nurikabe_published", 166),
    ("lits", "tests/data/lits_published", 58),
    ("slitherlink", "tests/data/slitherlink_published", 55),
];

/// A collection's puzzle files, sorted by name.
fn puzzle_files(folder: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(Path::new(ROOT).join(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|p| format!("{folder}/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    files.sort();
    files
}

/// Whitespace-separated tokens line by line: the dataset ends some rows with a space.
fn tokens(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .filter(|l: &Vec<String>| !l.is_empty())
        .collect()
}

/// Solves the files in one batch run (each within `timeout` seconds) and returns every way a
/// puzzle missed its published answer: not unique, or another answer.
fn janko_misses(genre: &str, files: &[String], timeout: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args([
            "solve",
            genre,
            "--json",
            "--jobs",
            "2",
            "--timeout",
            timeout,
        ])
        .args(files)
        .current_dir(ROOT)
        .output()
        .unwrap();
    let lines = puzzle_lines(&out.stdout);
    assert_eq!(lines.len(), files.len(), "one line per puzzle of {genre}");
    let mut misses = Vec::new();
    for v in lines {
        let input = v["input"].as_str().unwrap().to_string();
        let verdict = v["verdict"].as_str().unwrap_or("error");
        let published =
            std::fs::read_to_string(Path::new(ROOT).join(&input).with_extension("answer")).unwrap();
        if verdict != "unique" {
            misses.push(format!("{input}: {verdict}"));
        } else if tokens(v["answer_text"].as_str().unwrap_or("")) != tokens(&published) {
            misses.push(format!("{input}: not the published answer"));
        }
    }
    misses
}

#[test]
fn published_janko_collections_every_tenth_puzzle_has_its_published_answer() {
    for (genre, folder, puzzles) in JANKO_COLLECTIONS {
        let files = puzzle_files(folder);
        assert_eq!(files.len(), puzzles, "{folder}");
        let sample: Vec<String> = files.into_iter().step_by(10).collect();
        let misses = janko_misses(genre, &sample, "60");
        assert!(misses.is_empty(), "{misses:#?}");
    }
}

/// All of them (`cargo test --release --test published -- --ignored`): the acceptance check of
/// issue 29 is that every puzzle comes out, each within 20 s on a release build.
#[test]
#[ignore]
fn published_janko_collections_all_have_their_published_answers() {
    let mut misses = Vec::new();
    for (genre, folder, _) in JANKO_COLLECTIONS {
        misses.extend(janko_misses(genre, &puzzle_files(folder), "20"));
    }
    assert!(misses.is_empty(), "{misses:#?}");
}

/// Nurikabes whose lazy islands thrash (thousands of cut rounds, over 20 s): `islands=staged`
/// leaves the hybrid for the propagator's membership and answers each in seconds.
#[test]
fn published_nurikabes_where_the_cut_loop_thrashes_have_their_published_answers() {
    let folder = "tests/data/nurikabe_published";
    let thrashing = ["687_17x17", "755_10x10", "756_15x15"];
    let files: Vec<String> = thrashing
        .iter()
        .map(|k| format!("{folder}/{k}.txt"))
        .collect();
    let misses = janko_misses("nurikabe", &files, "60");
    assert!(misses.is_empty(), "{misses:#?}");
}

/// Numberlink's published puzzles, `unique` under janko's rule that cells may stay empty: the
/// small ones in the suite.
#[test]
fn published_small_numberlinks_have_their_published_answers() {
    let folder = "tests/data/numberlink_published";
    let small = ["372_12x12", "573_12x12", "575_10x10", "580_10x10"];
    let files: Vec<String> = small.iter().map(|k| format!("{folder}/{k}.txt")).collect();
    let misses = janko_misses("numberlink", &files, "60");
    assert!(misses.is_empty(), "{misses:#?}");
}

/// All of them within 120 s each (`cargo test --release --test published -- --ignored`).
#[test]
#[ignore]
fn published_numberlinks_all_have_their_published_answers() {
    let files = puzzle_files("tests/data/numberlink_published");
    assert_eq!(files.len(), 15);
    let misses = janko_misses("numberlink", &files, "120");
    assert!(misses.is_empty(), "{misses:#?}");
}

/// The largest published yajilins and fillominos (up to the dataset's 39×57 and 50×64): every
/// one `unique` with its published answer.
#[test]
fn published_large_yajilins_and_fillominos_have_their_published_answers() {
    for (genre, puzzles) in [("yajilin", 6), ("fillomino", 5)] {
        let files = puzzle_files(&format!("tests/data/large_published/{genre}"));
        assert_eq!(files.len(), puzzles, "{genre}");
        let misses = janko_misses(genre, &files, "120");
        assert!(misses.is_empty(), "{misses:#?}");
    }
}

/// The large published numberlinks but `190_35x48`, `308_15x20`, `578_19x25` and the 20×20s (each has a second answer
/// under the rules, which the numberlink unit tests check), within 300 s each (`cargo test
/// --release --test published -- --ignored`); fails on `110_25x42`, `567_30x30` and `572_25x40`
/// for now, on purpose: issue 27's open cases.
#[test]
#[ignore]
fn published_large_numberlinks_have_their_published_answers() {
    let folder = "tests/data/large_published/numberlink";
    let several = [
        "190_35x48.txt",
        "308_15x20.txt",
        "528_20x20.txt",
        "537_20x20.txt",
        "546_20x20.txt",
        "549_20x20.txt",
        "550_20x20.txt",
        "578_19x25.txt",
    ];
    let files: Vec<String> = (puzzle_files(folder).into_iter())
        .filter(|f| !several.iter().any(|s| f.ends_with(s)))
        .collect();
    assert_eq!(files.len(), 4);
    let misses = janko_misses("numberlink", &files, "300");
    assert!(misses.is_empty(), "{misses:#?}");
}
