//! The published collections (`tests/data/*_published/`, from puzzlekit-dataset; see
//! `tests/data/PUBLISHED.md`): every puzzle is unique, and each published answer is the one
//! solution puzzlec prints. One batch run per collection, as a user would run a folder.

use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

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
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    lines.pop(); // the summary
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
