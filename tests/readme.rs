//! Every command the README shows, run as written from the repository's root (in a scratch
//! directory that links `models/` and `tests/`, so files the commands write stay out of the
//! clone): the exit code is the one the README states (`# exit N` in the line's comment, else
//! 0), and for `$ command` blocks the output lines the README shows appear in order (a line with
//! `…` is checked up to the `…`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// A command from a fenced block of the README: its line, the shell text and what it shows.
struct Shown {
    line: usize,
    command: String,
    exit: i32,
    output: Vec<String>,
}

/// The commands of every fenced block: lines starting with `puzzlec`, `cargo run`, or a pipe
/// into `puzzlec`, with or without a `$ ` prompt; output lines follow a prompted command.
fn commands(readme: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let (mut fenced, mut prompted) = (false, false);
    for (i, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
            prompted = false;
            continue;
        }
        if !fenced {
            continue;
        }
        let (text, has_prompt) = match line.strip_prefix("$ ") {
            Some(rest) => (rest, true),
            None => (line, false),
        };
        let runnable = text.starts_with("puzzlec ")
            || text.starts_with("cargo run --release -- ")
            || (text.contains("| puzzlec ") && !text.starts_with('|'));
        if runnable && (has_prompt || !prompted) {
            let (command, comment) = match text.find(" #") {
                Some(at) => (&text[..at], &text[at + 2..]),
                None => (text, ""),
            };
            let exit = comment
                .split("exit ")
                .nth(1)
                .and_then(|rest| rest.chars().next()?.to_digit(10))
                .map_or(0, |d| d as i32);
            shown.push(Shown {
                line: i + 1,
                command: command.trim().to_string(),
                exit,
                output: Vec::new(),
            });
            prompted = has_prompt;
        } else if prompted {
            shown.last_mut().unwrap().output.push(line.to_string());
        }
    }
    shown
}

/// A scratch directory with `models/` and `tests/` linked from the repository.
fn scratch() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("puzzlec-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for linked in ["models", "tests"] {
        std::os::unix::fs::symlink(root.join(linked), dir.join(linked)).unwrap();
    }
    dir
}

#[test]
fn every_readme_command_runs_as_written() {
    let readme = include_str!("../README.md");
    let shown = commands(readme);
    assert!(shown.len() >= 40, "only {} commands found", shown.len());
    let binary = env!("CARGO_BIN_EXE_puzzlec");
    let dir = scratch();
    let mut failures = Vec::new();
    for s in &shown {
        let script = s
            .command
            .replace("cargo run --release -- ", "puzzlec ")
            .replace("puzzlec ", &format!("{binary} "));
        let started = std::time::Instant::now();
        let out = Command::new("sh")
            .args(["-c", &script])
            .current_dir(&dir)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let code = out.status.code().unwrap_or(-1);
        eprintln!("{:6.2}s  {}", started.elapsed().as_secs_f64(), s.command);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if code != s.exit {
            failures.push(format!(
                "README line {}: `{}` exited {code}, the README says {}\n{stderr}",
                s.line, s.command, s.exit
            ));
            continue;
        }
        let text: Vec<&str> = stdout.lines().chain(stderr.lines()).collect();
        let mut at = 0;
        for expected in &s.output {
            let wanted = expected.split('…').next().unwrap_or("").trim_end();
            if wanted.is_empty() {
                continue;
            }
            match text[at..].iter().position(|l| l.contains(wanted)) {
                Some(found) => at += found + 1,
                None => failures.push(format!(
                    "README line {}: `{}` does not print `{wanted}`; it printed:\n{stdout}",
                    s.line, s.command
                )),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_extractor_reads_prompts_outputs_and_exit_comments() {
    let readme = "```\npuzzlec a   # exit 1: none\n$ puzzlec b\nline one\n…more…\n```\ntext\n";
    let shown = commands(readme);
    assert_eq!(shown.len(), 2);
    assert_eq!((shown[0].command.as_str(), shown[0].exit), ("puzzlec a", 1));
    assert_eq!(shown[1].output, ["line one", "…more…"]);
}
