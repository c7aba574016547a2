//! The skeleton-only verbs: `puzzlec skeleton generate`.

use super::generate::{generate, solver_oracle, GenerateOptions};
use super::parse::parse_word_list;
use crate::error::{Error, Result};
use crate::puzzles::verbs::{self, Verbs};
use clap::Subcommand;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Skeleton-only commands.
#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Generate a skeleton puzzle that the solver proves unique, from a list of candidate words.
    ///
    /// Places words by the reference generator's placement rules, improves the board by local
    /// search (drop words, keep the largest connected part, refill) and keeps only puzzles whose
    /// uniqueness the solver proves. Prints the puzzle file (grid, blank line, words) on stdout.
    Generate {
        /// Candidate words, one per line.
        #[arg(long)]
        words: PathBuf,
        /// Board size ROWSxCOLS (taken from the mask when one is given).
        #[arg(long)]
        size: Option<String>,
        /// A picture of the board shape: `#` cells take no letter, `.` cells may.
        #[arg(long)]
        mask: Option<PathBuf>,
        /// Random seed (the same seed and time give the same search).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Seconds of search.
        #[arg(long, default_value_t = 10.0)]
        time: f64,
        /// Stop as soon as a unique puzzle has this many words.
        #[arg(long)]
        min_words: Option<usize>,
        /// Write the answer grid to this file (otherwise it goes to stderr).
        #[arg(long)]
        answer: Option<PathBuf>,
        /// Backend of the uniqueness check.
        #[arg(short, long, default_value = crate::backend::DEFAULT)]
        backend: String,
        /// Formulation of the uniqueness check.
        #[arg(short, long, default_value = "letters=support")]
        formulation: String,
        /// Print one JSON object (the puzzle text, the answer rows, the words and the search's
        /// counts) instead of the puzzle.
        #[arg(long)]
        json: bool,
    },
}

/// The skeleton verbs, as the application offers them (`puzzlec skeleton …`). The search
/// keeps its own `--time`, so it needs no worker with a deadline.
pub const VERBS: Verbs = Verbs {
    // The enum's own doc is its about text; the genre command's comes after it.
    command: |genre| Command::augment_subcommands(genre).about("Skeleton-only commands (generate)"),
    run: |matches, _| run(verbs::parse(matches)?),
    json: |matches| verbs::parse::<Command>(matches).is_ok_and(|Command::Generate { json, .. }| json),
};

/// Runs a skeleton command; returns the exit code (0 done, 1 nothing found, 2 input, 3 solver).
pub fn run(cmd: Command) -> Result<i32> {
    execute(cmd)
}

fn read(path: &PathBuf) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|e| Error::Io(format!("{}: {e}", path.display())))?;
    crate::input::utf8_text(&path.display().to_string(), bytes)
}

/// Parses `15x15` into (rows, cols).
pub fn parse_size(s: &str) -> Result<(usize, usize)> {
    let bad = || Error::Usage(format!("--size `{s}`: expected ROWSxCOLS, e.g. 15x15"));
    let (r, c) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (r, c): (usize, usize) = (
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    );
    if !(2..=100).contains(&r) || !(2..=100).contains(&c) {
        return Err(Error::Usage(format!(
            "--size `{s}`: rows and columns must be between 2 and 100"
        )));
    }
    Ok((r, c))
}

/// Reads a mask picture: rows of `#` (no letter) and `.` (free), all of one length.
pub fn parse_mask(source: &str, text: &str) -> Result<(usize, usize, Vec<bool>)> {
    let mut cells = Vec::new();
    let mut width = None;
    let mut height = 0;
    for (k, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() {
            continue;
        }
        let row: Vec<char> = line.chars().collect();
        if let Some(w) = width {
            if row.len() != w {
                return Err(Error::input(
                    source,
                    k + 1,
                    row.len().min(w) + 1,
                    format!("mask row has {} cells but the first row has {w}", row.len()),
                ));
            }
        }
        width = Some(row.len());
        for (c, ch) in row.iter().enumerate() {
            match ch {
                '#' => cells.push(true),
                '.' => cells.push(false),
                other => {
                    return Err(Error::input(
                        source,
                        k + 1,
                        c + 1,
                        format!("mask cell `{other}`: expected `#` (blocked) or `.` (free)"),
                    ))
                }
            }
        }
        height += 1;
    }
    match width {
        Some(w) if height >= 2 && w >= 2 => Ok((height, w, cells)),
        _ => Err(Error::input(
            source,
            1,
            1,
            "the mask needs at least 2 rows and 2 columns",
        )),
    }
}

fn execute(cmd: Command) -> Result<i32> {
    let Command::Generate {
        words,
        size,
        mask,
        seed,
        time,
        min_words,
        answer,
        backend,
        formulation,
        json,
    } = cmd;
    let words_source = words.display().to_string();
    let list: Vec<String> = parse_word_list(&words_source, &read(&words)?)?
        .into_iter()
        .map(|w| w.letters.iter().collect())
        .collect();
    let (height, width, mask) = match (&mask, &size) {
        (Some(path), size) => {
            let (h, w, cells) = parse_mask(&path.display().to_string(), &read(path)?)?;
            if let Some(s) = size {
                if parse_size(s)? != (h, w) {
                    return Err(Error::Usage(format!(
                        "--size {s} differs from the mask's {h}x{w}"
                    )));
                }
            }
            (h, w, Some(cells))
        }
        (None, Some(s)) => {
            let (h, w) = parse_size(s)?;
            (h, w, None)
        }
        (None, None) => (15, 15, None),
    };
    if !(time.is_finite() && time >= 0.0) {
        return Err(Error::Usage(format!("--time {time}: expected seconds ≥ 0")));
    }
    // Reject an unknown backend or formulation before searching.
    crate::puzzles::Formulation::parse(&formulation, &super::formulate::keys())?;
    if !crate::backend::available_backends().contains(&backend) {
        return Err(Error::Usage(format!(
            "backend `{backend}` is not available here (available: {})",
            crate::backend::available_backends().join(", ")
        )));
    }
    let opts = GenerateOptions {
        height,
        width,
        mask,
        seed,
        time: Duration::from_secs_f64(time),
        target_words: min_words,
    };
    let start = Instant::now();
    let mut oracle = solver_oracle(&backend, &formulation, Some(time.max(1.0)));
    let Some(g) = generate(&list, &opts, &mut oracle)? else {
        eprintln!(
            "no unique puzzle found in {time} s; try more time, another --seed or more words"
        );
        if json {
            println!("{}", serde_json::json!({"genre": "skeleton", "verdict": "none"}));
        }
        return Ok(1);
    };
    let rows = g.puzzle.solution_rows(&g.answer).join("\n") + "\n";
    if json {
        let words: Vec<&str> = g.puzzle.words.iter().map(|w| w.text.as_str()).collect();
        let v = serde_json::json!({
            "genre": "skeleton",
            "verdict": "unique",
            "puzzle": g.puzzle.to_text(),
            "answer": g.puzzle.solution_rows(&g.answer),
            "words": words,
            "iterations": g.iterations,
            "uniqueness_checks": g.oracle_calls,
            "seconds": start.elapsed().as_secs_f64(),
        });
        if let Some(path) = &answer {
            std::fs::write(path, &rows)
                .map_err(|e| Error::Io(format!("{}: {e}", path.display())))?;
        }
        println!("{v}");
        return Ok(0);
    }
    print!("{}", g.puzzle.to_text());
    match answer {
        Some(path) => std::fs::write(&path, &rows)
            .map_err(|e| Error::Io(format!("{}: {e}", path.display())))?,
        None => eprint!("answer:\n{rows}"),
    }
    eprintln!(
        "{} words, {} iterations, {} uniqueness checks, {:.2} s",
        g.puzzle.words.len(),
        g.iterations,
        g.oracle_calls,
        start.elapsed().as_secs_f64()
    );
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_bad_sizes_are_usage_errors() {
        assert_eq!(parse_size("15x15"), Ok((15, 15)));
        assert_eq!(parse_size("7X9"), Ok((7, 9)));
        assert!(matches!(parse_size("15"), Err(Error::Usage(_))));
        assert!(matches!(parse_size("1x15"), Err(Error::Usage(_))));
    }

    #[test]
    fn masks_parse_and_report_bad_cells() {
        let (h, w, cells) = parse_mask("m", "#..\n...\n").unwrap();
        assert_eq!((h, w), (2, 3));
        assert_eq!(cells, vec![true, false, false, false, false, false]);
        assert_eq!(
            parse_mask("m", "#..\n.x.\n").unwrap_err().to_string(),
            "m:2:2: mask cell `x`: expected `#` (blocked) or `.` (free)"
        );
    }
}
