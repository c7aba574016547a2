//! puzz.link URLs end to end: every URL the project ships is written back byte for byte, and
//! `puzzlec export GENRE IN --format url` writes URLs that solve to the published answers.

mod common;
use common::*;

use puzzlec::registry::{self, Input};
use puzzlec::url::Frame;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every file under a folder (recursively).
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The puzz.link / pzv.jp URLs written in a text.
fn urls_in(text: &str) -> Vec<String> {
    let mut urls = Vec::new();
    for (start, _) in text.match_indices("http") {
        let url: String = text[start..]
            .chars()
            .take_while(|c| !c.is_whitespace() && !"\"'`<>()[]|\\,".contains(*c))
            .collect();
        if url.contains("puzz.link/p") || url.contains("pzv.jp/p") {
            urls.push(url);
        }
    }
    urls
}

/// The genre a puzz.link URL names (without an `_edit`-like suffix), if puzzlec knows it.
fn genre_of(url: &str) -> Option<&'static str> {
    let input = Input {
        source: "URL".into(),
        text: url.to_string(),
    };
    registry::url_genre(&input)
}

/// The canonical URL of a puzzle URL, if it names a genre of puzzlec and decodes.
fn written_back(url: &str) -> Option<String> {
    let input = Input {
        source: "URL".into(),
        text: url.to_string(),
    };
    registry::load(genre_of(url)?, &input).ok()?.url().ok()
}

#[test]
fn every_shipped_url_is_written_back_byte_for_byte() {
    let mut paths = Vec::new();
    for dir in ["models", "tests", "src"] {
        files(&Path::new(ROOT).join(dir), &mut paths);
    }
    paths.push(Path::new(ROOT).join("README.md"));
    let mut round_tripped = Vec::new();
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue; // binary files (pictures)
        };
        let in_models = path.starts_with(Path::new(ROOT).join("models"));
        for url in urls_in(&text) {
            // Placeholders (`W/H/BODY`) and the deliberately broken URLs of error tests do not
            // decode; every URL of a shipped model must.
            let Some(back) = written_back(&url) else {
                assert!(!in_models, "{}: {url} does not decode", path.display());
                continue;
            };
            // A pzv.jp or `_edit` spelling is written back in its canonical frame; an empty body
            // (pzprjs's shorthand for a blank grid) is written back in full.
            let written = puzzlec::url::genre_of(&url).unwrap();
            let mut frame = Frame::parse(&url, &written, 1000).unwrap();
            // An alias (`masyu` for `mashu`) is written back under the canonical name.
            frame.genre = puzzlec::url::genre_of(&back).unwrap();
            // The same shorthand after a header field (star battle's `K`): no border digits
            // at all, written back as zeros.
            let blank_tail = back.strip_prefix(url.trim_end_matches('/'));
            if frame.body.is_empty()
                || blank_tail
                    .is_some_and(|t| !t.is_empty() && t.chars().all(|c| c == '0' || c == '/'))
            {
                continue;
            }
            // Source files also hold deliberate other spellings of one puzzle (cspuz's `…71`
            // for pzprjs's `…7b`): those must be written back as a canonical URL, a fixed point.
            if !in_models && back != frame.to_url() {
                assert_eq!(
                    written_back(&back).as_ref(),
                    Some(&back),
                    "{}",
                    path.display()
                );
                continue;
            }
            // For a URL spelled canonically this is the URL itself, byte for byte.
            assert_eq!(back, frame.to_url(), "{}", path.display());
            if back == url {
                round_tripped.push(url);
            }
        }
    }
    // The shipped heyawake, LITS and star battle models, the spec's nonogram, and the docs'
    // examples.
    for needle in [
        "heyawake/6/6/aa66aapv0fu0g2i3k",
        "heyawake/6/6/lll155007rs12222j",
        "heyawake/10/10/274ssohvv",
        "heyawake/17/17/ju1vv0vv",
        "nonogram/6/6/12g1111h11112j12g11g21j11g3h",
        "lits/10/10/08p0i3jbhmjg5j5ik048rgtr8q1e5gkf9hnu",
        "lits/24/24/0000000o01lnmg5dvc0dntsq94ia94i814i914i976i94i294i294i8t",
        "starbattle/6/6/1/2u9gn9c9jpmk",
        "starbattle/15/15/3/31g94h1gk30glmiuum28c52kl8mh0i10o51gh4i1go2h84a48",
    ] {
        assert!(
            round_tripped.iter().any(|u| u.contains(needle)),
            "{needle} not found among {round_tripped:?}"
        );
    }
}

#[test]
fn export_format_url_writes_each_shipped_url_back() {
    for name in [
        "cspuz_6x6.url",
        "pzprjs_6x6.url",
        "edge_none_10x10.url",
        "edge_multiple_17x17.url",
    ] {
        let path = format!("models/heyawake/{name}");
        let text = std::fs::read_to_string(Path::new(ROOT).join(&path)).unwrap();
        let url = text.lines().find(|l| l.starts_with("https://")).unwrap();
        let out = puzzlec(&["export", "heyawake", &path, "--format", "url"]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        assert_eq!(stdout(&out), format!("{url}\n"), "{name}");
    }
    let spec = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";
    let out = puzzlec(&["export", "nonogram", spec, "--format", "url"]);
    assert_eq!(stdout(&out), format!("{spec}\n"), "{}", stderr(&out));
}

#[test]
fn a_text_puzzle_exported_as_a_url_solves_to_its_published_answer() {
    let dir = std::env::temp_dir().join(format!("puzzlec-url-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("seed004.url");
    let out = puzzlec(&[
        "export",
        "heyawake",
        "models/heyawake/seed004.txt",
        "--format",
        "url",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    let url = std::fs::read_to_string(&file).unwrap();
    assert!(
        url.starts_with("https://puzz.link/p?heyawake/10/10/"),
        "{url}"
    );
    let out = puzzlec(&["solve", "heyawake", url.trim()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let answer =
        std::fs::read_to_string(Path::new(ROOT).join("models/heyawake/seed004.answer")).unwrap();
    assert!(
        stdout(&out).starts_with(answer.trim_end()),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).trim_end().ends_with("unique"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn genres_and_puzzles_without_a_url_form_are_usage_errors() {
    let out = puzzlec(&[
        "export",
        "nonogram",
        "models/nonogram/webpbn-color-00047.g",
        "--format",
        "url",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("colour nonogram has no puzz.link URL"),
        "{}",
        stderr(&out)
    );
    let out = puzzlec(&[
        "export",
        "tetromino",
        "models/tetromino/4x4.txt",
        "--format",
        "url",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("tetromino has no puzz.link URL encoder"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty());
}
