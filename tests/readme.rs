//! Every command the README and the Markdown files of `docs/` show, run as written from the
//! repository's root (in a scratch directory that links `models/` and `tests/`, so files the
//! commands write stay out of the clone): the exit code is the one the document states (`# exit
//! N` in the line's comment, else 0), and for `$ command` blocks the output lines the document
//! shows appear in order (a line with `…` is checked up to the `…`). Commands written in running
//! text, not in a fenced block, are not run: that is where slow ones (benchmarks, long
//! comparisons) belong.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A command from a fenced block of a document: where it is, the shell text and what it shows.
struct Shown {
    file: String,
    line: usize,
    command: String,
    exit: i32,
    output: Vec<String>,
}

/// The commands of every fenced block: lines starting with `puzzlec`, `cargo run`, or a pipe
/// into `puzzlec`, with or without a `$ ` prompt; output lines follow a prompted command.
fn commands(file: &str, readme: &str) -> Vec<Shown> {
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
                file: file.to_string(),
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

/// The documents whose commands run: the README, then every Markdown file under `docs/`, by
/// path, as (path from the repository's root, text).
fn documents() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![root.join("README.md")];
    let mut folders = vec![root.join("docs")];
    let mut found = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    paths.extend(found);
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.strip_prefix(root).unwrap().display().to_string();
            (name, text)
        })
        .collect()
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
fn every_documented_command_runs_as_written() {
    let documents = documents();
    let shown: Vec<Shown> = documents
        .iter()
        .flat_map(|(file, text)| commands(file, text))
        .collect();
    let in_readme = shown.iter().filter(|s| s.file == "README.md").count();
    assert!(
        in_readme >= 5,
        "only {in_readme} commands found in README.md"
    );
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
                "{}:{}: `{}` exited {code}, the document says {}\n{stderr}",
                s.file, s.line, s.command, s.exit
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
                    "{}:{}: `{}` does not print `{wanted}`; it printed:\n{stdout}",
                    s.file, s.line, s.command
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
    let shown = commands("doc.md", readme);
    assert_eq!(shown.len(), 2);
    assert_eq!((shown[0].file.as_str(), shown[0].line), ("doc.md", 2));
    assert_eq!((shown[0].command.as_str(), shown[0].exit), ("puzzlec a", 1));
    assert_eq!(shown[1].output, ["line one", "…more…"]);
}

/// The targets of a document's relative links (`[text](target)`, without the `#anchor`).
fn relative_links(text: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for piece in line.split("](").skip(1) {
            let Some(end) = piece.find(')') else { continue };
            let target = piece[..end].split('#').next().unwrap_or("");
            let external = target.contains("://") || target.starts_with("mailto:");
            if !target.is_empty() && !external {
                links.push((i + 1, target.to_string()));
            }
        }
    }
    links
}

#[test]
fn every_relative_link_of_the_documents_leads_to_a_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut broken = Vec::new();
    for (file, text) in documents() {
        let folder = root.join(&file).parent().unwrap().to_path_buf();
        for (line, target) in relative_links(&text) {
            if !folder.join(&target).exists() {
                broken.push(format!("{file}:{line}: no such file `{target}`"));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_link_reader_keeps_relative_targets_without_anchors() {
    let text = "see [a](docs/a.md#top) and [b](https://x.org/b)\n![p](docs/p.png)";
    assert_eq!(
        relative_links(text),
        [(1, "docs/a.md".to_string()), (2, "docs/p.png".to_string())]
    );
}
