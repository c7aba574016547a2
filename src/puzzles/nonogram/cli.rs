//! The nonogram verbs: `logic` (line logic alone), `from-picture` (picture → clues and a
//! uniqueness verdict, the authoring loop) and `dom` (the n-Dom generator).
//!
//! The application offers them through [`VERBS`], listed in `registry::genre_verbs`.

use super::logic::line_logic;
use super::parse::{parse_any, parse_picture};
use super::{dom, grid_rows, Nonogram};
use crate::error::{Error, Result};
use crate::puzzles::verbs::{self, Deadline, Verbs};
use crate::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
use clap::Subcommand;

/// Nonogram-specific commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Line logic alone: whether it solves the puzzle, how many cells it decides, and the
    /// partial grid (`?` = undecided).
    Logic {
        /// Puzzle file (`.non`), `-`, or a puzz.link URL.
        input: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Give up after this many seconds (exit code 3); `inf` is no limit.
        #[arg(short, long, value_parser = crate::budget::parse_seconds)]
        timeout: Option<f64>,
    },
    /// Clues from a picture (text art, `#` filled, `.` empty; or a PNG, dark pixels filled):
    /// writes `.non` and reports whether the resulting puzzle has a unique solution.
    FromPicture {
        /// The picture file (text art or PNG), or `-` for text art on standard input.
        picture: String,
        /// PNG only: pixels darker than this (0–255 grey level) are filled.
        #[arg(long, default_value_t = 128)]
        threshold: u8,
        /// Where to write the `.non` (standard output when absent).
        #[arg(short, long)]
        output: Option<String>,
        /// The backend for the uniqueness check.
        #[arg(short, long, default_value = crate::backend::DEFAULT)]
        backend: String,
        /// The formulation for the uniqueness check.
        #[arg(short, long, default_value = "line=order")]
        formulation: String,
        /// Give up the uniqueness check after this many seconds (exit code 3; the clues are
        /// written first). `inf` is no limit.
        #[arg(short, long, value_parser = crate::budget::parse_seconds)]
        timeout: Option<f64>,
        /// Print one JSON object: the verdict, the `.non` text (or the file it went to) and,
        /// when the clues allow several pictures, two of them as `grids`.
        #[arg(long)]
        json: bool,
    },
    /// Writes the n-Dom puzzle ((2n+1)×(2n+1), unique, hard for backtracking) as `.non`.
    Dom {
        /// n ≥ 1 (9-Dom is webpbn #8098).
        n: usize,
        /// Where to write the `.non` (standard output when absent).
        #[arg(short, long)]
        output: Option<String>,
        /// Print one JSON object: n and the `.non` text (or the file it went to).
        #[arg(long)]
        json: bool,
    },
}

/// The nonogram verbs, as the application offers them (`puzzlec nonogram …`).
pub const VERBS: Verbs = Verbs {
    // The enum's own doc is its about text; the genre command's comes after it.
    command: |genre| {
        Command::augment_subcommands(genre)
            .about("Nonogram-only commands (line logic, picture → puzzle, n-Dom)")
    },
    run: |matches, deadline| run(verbs::parse(matches)?, deadline),
    json: |matches| verbs::parse::<Command>(matches).is_ok_and(|c| c.json()),
};

/// Runs a nonogram command on the application's worker; returns the process exit code.
pub fn run(cmd: Command, deadline: &dyn Deadline) -> Result<i32> {
    let timeout = match &cmd {
        Command::Logic { timeout, .. } | Command::FromPicture { timeout, .. } => *timeout,
        Command::Dom { .. } => None,
    };
    deadline.within(timeout, move || execute(cmd))
}

fn read(arg: &str) -> Result<(String, String)> {
    let input = crate::input::Input::read(arg)?;
    Ok((input.source, input.text))
}

/// Largest PNG side we turn into clues: past it the "picture" is a photo, not a nonogram.
const MAX_PNG_SIDE: u32 = 200;

fn is_png(path: &str) -> bool {
    let mut magic = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
        .is_ok()
        && magic == *b"\x89PNG\r\n\x1a\n"
}

/// Reads a PNG as a grid: one cell per pixel, filled where the grey level (transparent pixels
/// count as white) is below the threshold.
fn png_picture(path: &str, threshold: u8) -> Result<super::Grid> {
    let bytes = std::fs::read(path).map_err(|e| Error::Io(format!("cannot read {path}: {e}")))?;
    let image = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .map_err(|e| Error::Usage(format!("{path}: not a readable PNG: {e}")))?
        .to_luma_alpha8();
    let (width, height) = image.dimensions();
    if width > MAX_PNG_SIDE || height > MAX_PNG_SIDE {
        return Err(Error::Usage(format!(
            "{path}: the picture is {width}×{height} pixels; one pixel becomes one cell, so scale \
             it down to at most {MAX_PNG_SIDE}×{MAX_PNG_SIDE} first"
        )));
    }
    Ok((0..height)
        .map(|y| {
            (0..width)
                .map(|x| {
                    let [grey, alpha] = image.get_pixel(x, y).0;
                    alpha >= 128 && grey < threshold
                })
                .collect()
        })
        .collect())
}

fn write(output: Option<&str>, text: &str) -> Result<()> {
    match output {
        Some(path) => {
            std::fs::write(path, text).map_err(|e| Error::Io(format!("cannot write {path}: {e}")))
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

impl Command {
    /// Whether the verb was asked for JSON output.
    pub fn json(&self) -> bool {
        match self {
            Command::Logic { json, .. }
            | Command::FromPicture { json, .. }
            | Command::Dom { json, .. } => *json,
        }
    }
}

fn execute(cmd: Command) -> Result<i32> {
    match cmd {
        Command::Logic { input, json, .. } => {
            let (source, text) = read(&input)?;
            let puzzle = parse_any(&source, &text)?;
            super::logic::check_budget(&puzzle)?;
            let result = line_logic(&puzzle);
            let total = puzzle.width * puzzle.height;
            if json {
                let verdict = match (result.contradiction, result.is_solved()) {
                    (true, _) => "contradiction",
                    (false, true) => "solved",
                    (false, false) => "partial",
                };
                let v = serde_json::json!({
                    "genre": "nonogram",
                    "verdict": verdict,
                    "decided": result.decided(),
                    "cells": total,
                    "line_solves": result.line_solves,
                    // `grid`, not `rows`: in a report's stats `rows` counts LP rows.
                    "grid": result.rows(),
                });
                println!("{v}");
                return Ok(if result.contradiction { 1 } else { 0 });
            }
            if result.contradiction {
                println!("line logic: contradiction (no solution); {} of {total} cells decided before it", result.decided());
                return Ok(1);
            }
            let verdict = if result.is_solved() {
                "solved by line logic alone"
            } else {
                "not line-solvable (needs guessing)"
            };
            println!(
                "line logic: {verdict}; {} of {total} cells decided ({} line solves)",
                result.decided(),
                result.line_solves
            );
            for row in result.rows() {
                println!("{row}");
            }
            Ok(0)
        }
        Command::FromPicture {
            picture,
            threshold,
            output,
            backend,
            formulation,
            timeout,
            json,
        } => {
            let grid = if picture != "-" && is_png(&picture) {
                png_picture(&picture, threshold)?
            } else {
                let (source, text) = read(&picture)?;
                parse_picture(&source, &text)?
            };
            let puzzle = Nonogram::from_grid(&grid);
            let non = puzzle.to_non();
            if !json || output.is_some() {
                write(output.as_deref(), &non)?;
            }
            let mut opts = SolveOptions::new(&backend, &formulation, Mode::Unique);
            opts.timeout = timeout;
            let report = solve_puzzle(&puzzle, &opts)?;
            if json {
                let grids: Vec<Vec<String>> = report.solutions.iter().map(grid_rows).collect();
                let mut v = serde_json::json!({
                    "genre": "nonogram",
                    "verdict": report.verdict,
                    "grids": grids,
                });
                match output {
                    Some(path) => v["output"] = serde_json::json!(path),
                    None => v["non"] = serde_json::json!(non),
                }
                println!("{v}");
                return Ok(report.verdict.exit_code());
            }
            match report.verdict {
                Verdict::Unique => eprintln!("unique: the clues determine the picture"),
                Verdict::Multiple => {
                    eprintln!("multiple: these two grids have the same clues");
                    for (a, b) in grid_rows(&report.solutions[0])
                        .iter()
                        .zip(grid_rows(&report.solutions[1]))
                    {
                        eprintln!("{a}   {b}");
                    }
                }
                other => eprintln!("{}", other.as_str()),
            }
            Ok(report.verdict.exit_code())
        }
        Command::Dom { n, output, json } => {
            // 2n+1 clue lines each way of one or two blocks, and their text.
            let side = (n as u64).saturating_mul(2).saturating_add(1);
            crate::budget::check(side.saturating_mul(160), || {
                format!("the {n}-Dom nonogram ({side}×{side})")
            })?;
            let puzzle = dom(n).ok_or_else(|| Error::Usage("n-Dom needs n ≥ 1".into()))?;
            let non = puzzle.to_non();
            if !json || output.is_some() {
                write(output.as_deref(), &non)?;
            }
            if json {
                let mut v = serde_json::json!({"genre": "nonogram", "n": n});
                match output {
                    Some(path) => v["output"] = serde_json::json!(path),
                    None => v["non"] = serde_json::json!(non),
                }
                println!("{v}");
            }
            Ok(0)
        }
    }
}
