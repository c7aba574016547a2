//! janko.at puzzles in their own text notation (tests/data/janko, see SOURCE.md there): every
//! entry of every genre puzzlec knows is read as given, solved with the default formulation,
//! found unique, and its `answer_text` equals the published answer.

use puzzlec::registry::{self, Input};
use puzzlec::solve::{Mode, SolveOptions, Verdict};
use serde_json::Value;
use std::path::Path;

/// Genres of puzzlec that do not read janko text and write their answer in it yet: listed, so
/// that a genre that does is never skipped by accident.
const NOT_YET: &[&str] = &[];

/// The genres' CLI names by the dataset's file names.
fn genre_of_file(stem: &str) -> String {
    stem.to_lowercase()
}

/// The tokens of an answer grid as the acceptance check compares them: the header line dropped
/// (when the first line is `H W …` and more lines follow), lines up to junk (`[solution]`,
/// `[moves]`), split on whitespace, normalised for the genre.
pub fn answer_tokens(genre: &str, text: &str) -> Vec<Vec<String>> {
    let mut lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.len() > 1 {
        lines.remove(0);
    }
    let width = lines.first().map_or(0, |l| l.split_whitespace().count());
    let grid: Vec<Vec<String>> = (lines.iter())
        .take_while(|l| !l.trim_start().starts_with('[') && l.split_whitespace().count() == width)
        .map(|l| l.split_whitespace().map(|t| token(genre, t)).collect())
        .collect();
    match genre {
        "shikaku" | "galaxies" | "dominos" => renumbered(grid),
        _ => grid,
    }
}

/// One token as the acceptance check reads it.
fn token(genre: &str, t: &str) -> String {
    // Akari's black cells are written three ways (repeated number, `x`, `-`): only lamps count,
    // before numbers are compared as numbers.
    if genre == "akari" && t != "o" {
        return "-".into();
    }
    if let Ok(n) = t.parse::<i64>() {
        return n.to_string();
    }
    match genre {
        "masyu" | "yajilin" | "countryroad" | "numberlink"
            if t.chars().all(|c| "nsew".contains(c)) =>
        {
            let mut letters: Vec<char> = t.chars().collect();
            letters.sort_unstable();
            letters.into_iter().collect()
        }
        "akari" if t != "o" => "-".into(),
        "starbattle" if t != "x" => "-".into(),
        "minesweeper" if t == "." => "-".into(),
        "abcendview" => t.to_uppercase(),
        _ => t.to_string(),
    }
}

/// Region labels renumbered by first appearance (labels are arbitrary).
fn renumbered(grid: Vec<Vec<String>>) -> Vec<Vec<String>> {
    let mut seen: Vec<String> = Vec::new();
    let mut number = |t: String| match seen.iter().position(|s| *s == t) {
        Some(i) => i.to_string(),
        None => {
            seen.push(t);
            (seen.len() - 1).to_string()
        }
    };
    (grid.into_iter())
        .map(|row| row.into_iter().map(&mut number).collect())
        .collect()
}

#[test]
fn every_published_answer_of_a_known_genre_is_found_unique_in_its_notation() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/janko");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let (mut solved, mut genres, mut failures) = (0, Vec::new(), Vec::new());
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
    {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let genre = genre_of_file(&stem);
        let Ok(entry) = registry::genre(&genre) else {
            println!("{stem}: not a genre of puzzlec yet");
            continue;
        };
        if NOT_YET.contains(&genre.as_str()) {
            println!("{stem}: janko text not read yet");
            continue;
        }
        let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        for (id, puzzle) in data["data"].as_object().unwrap() {
            let published = puzzle["solution"].as_str().unwrap_or_default();
            if published.trim().is_empty() {
                continue;
            }
            let input = Input {
                source: format!("{stem}/{id}"),
                text: puzzle["problem"].as_str().unwrap().to_string(),
            };
            let outcome = entry.load(&input, None).and_then(|p| {
                let opts = SolveOptions::new(puzzlec::backend::DEFAULT, "", Mode::Unique);
                p.solve(&opts)
            });
            let problem = match outcome {
                Err(e) => Some(format!("{e}")),
                Ok(r) if r.verdict != Verdict::Unique => Some(format!("verdict {:?}", r.verdict)),
                Ok(r) => match r.answer_texts.first() {
                    None => Some("no answer_text".into()),
                    Some(text)
                        if answer_tokens(&genre, text) != answer_tokens(&genre, published) =>
                    {
                        Some(format!(
                            "answer_text differs:\n{text}\npublished:\n{published}"
                        ))
                    }
                    Some(_) => None,
                },
            };
            match problem {
                Some(why) => failures.push(format!("{stem}/{id}: {why}")),
                None => solved += 1,
            }
        }
        genres.push(genre);
    }
    println!(
        "{solved} published answers matched in {} genres: {genres:?}",
        genres.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
