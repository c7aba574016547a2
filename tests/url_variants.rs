//! Every URL spelling pzprjs reads for the six toolkit genres (nurikabe, hitori, slitherlink,
//! masyu, LITS, star battle), through the binary: each decodes, solves to the answer its
//! source published (or one derived by hand from the rules, said where), and exports back as
//! the canonical URL pzprjs writes. Spellings pzprjs reads but puzzlec refuses are input
//! errors at a URL column, exit 2.

mod common;
use common::*;

use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The published answer of a shipped model, as `puzzlec solve` prints it.
fn answer(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join("models").join(path)).unwrap()
}

/// A spelling of a puzzle: the URL as pasted, the genre, the canonical URL `export --format
/// url` must write, the solutions `solve` must print (rows; several separated by a blank
/// line, in any order) and its verdict.
struct Variant {
    what: &'static str,
    url: String,
    genre: &'static str,
    canonical: &'static str,
    rows: String,
    verdict: &'static str,
}

fn variant(
    what: &'static str,
    url: impl Into<String>,
    genre: &'static str,
    canonical: &'static str,
    rows: impl Into<String>,
    verdict: &'static str,
) -> Variant {
    Variant {
        what,
        url: url.into(),
        genre,
        canonical,
        rows: rows.into(),
        verdict,
    }
}

/// The pzprjs test puzzle of each genre (published answer in `models/`): its genre, the name
/// pzprjs writes in URLs, the body after the name, and the answer file.
const PZPRJS: [(&str, &str, &str, &str); 6] = [
    (
        "nurikabe",
        "nurikabe",
        "5/5/g5k2o1k3g",
        "nurikabe/pzprjs_5x5.answer",
    ),
    (
        "hitori",
        "hitori",
        "4/4/1114142333214213",
        "hitori/pzprjs_4x4.answer",
    ),
    (
        "slitherlink",
        "slither",
        "5/5/cbcbcddad",
        "slitherlink/pzprjs_5x5.answer",
    ),
    (
        "masyu",
        "mashu",
        "6/6/1063000i3000",
        "masyu/pzprjs_6x6.answer",
    ),
    ("lits", "lits", "4/4/9q02jg", "lits/pzprjs_4x4.answer"),
    (
        "starbattle",
        "starbattle",
        "6/6/1/4ilbhgdnmhou",
        "starbattle/pzprjs_6x6.answer",
    ),
];

fn variants() -> Vec<Variant> {
    let mut out = Vec::new();
    for (genre, name, rest, answer_file) in PZPRJS {
        let canonical: &'static str = format!("https://puzz.link/p?{name}/{rest}").leak();
        let published = answer(answer_file);
        let mut spelled = |what, url: String| {
            out.push(variant(
                what,
                url,
                genre,
                canonical,
                published.clone(),
                "unique",
            ));
        };
        spelled("canonical", canonical.to_string());
        spelled("pzv.jp", format!("http://pzv.jp/p.html?{name}/{rest}"));
        spelled(
            "pzprxs",
            format!("https://pzprxs.vercel.app/p?{name}/{rest}"),
        );
        spelled(
            "_edit, trailing /",
            format!("https://puzz.link/p?{name}_edit/{rest}/"),
        );
        spelled(
            "_play, no scheme",
            format!("puzz.link/p?{name}_play/{rest}"),
        );
        spelled(
            "flag field",
            format!("https://puzz.link/p?{name}/v:/{rest}"),
        );
        spelled(
            "empty flag field",
            format!("https://puzz.link/p?{name}//{rest}"),
        );
        spelled("fragment", format!("https://puzz.link/p?{name}/{rest}#top"));
        spelled(
            "percent-encoded",
            format!(
                "https%3A%2F%2Fpuzz.link%2Fp%3F{name}%2F{}",
                rest.replace('/', "%2F")
            ),
        );
    }
    let published = |file| answer(file);
    out.extend([
        // Aliases pzprjs reads by (variety.js): kanpen ids and `pearl`.
        variant(
            "slitherlink alias",
            "https://puzz.link/p?slitherlink/5/5/cbcbcddad",
            "slitherlink",
            "https://puzz.link/p?slither/5/5/cbcbcddad",
            published("slitherlink/pzprjs_5x5.answer"),
            "unique",
        ),
        variant(
            "masyu alias (cspuz writes it)",
            "https://puzz.link/p?masyu/6/6/1063000i3000",
            "masyu",
            "https://puzz.link/p?mashu/6/6/1063000i3000",
            published("masyu/pzprjs_6x6.answer"),
            "unique",
        ),
        variant(
            "pearl alias",
            "https://puzz.link/p?pearl/6/6/1063000i3000",
            "masyu",
            "https://puzz.link/p?mashu/6/6/1063000i3000",
            published("masyu/pzprjs_6x6.answer"),
            "unique",
        ),
        // LITS's old form (flag `d`): one room label per cell, pzprjs's 4x4 with its room ids.
        variant(
            "LITS old labels",
            "http://pzv.jp/p.html?lits/d/4/4/0011001201122222",
            "lits",
            "https://puzz.link/p?lits/4/4/9q02jg",
            published("lits/pzprjs_4x4.answer"),
            "unique",
        ),
        // Hitori numbers past 35 (`-` and two base-36 digits): pzprjs's 4x4 with 40 added to
        // every number. The rules only compare numbers, so its answer stays the published one.
        variant(
            "hitori numbers 41-44",
            "https://puzz.link/p?hitori/4/4/-15-15-15-18-15-18-16-17-17-17-16-15-18-16-15-17",
            "hitori",
            "https://puzz.link/p?hitori/4/4/-15-15-15-18-15-18-16-17-17-17-16-15-18-16-15-17",
            published("hitori/pzprjs_4x4.answer"),
            "unique",
        ),
        // Hitori `?` (`%` as pzprjs reads it, `@` as it writes it): two unknowns side by side
        // never repeat, so one of them is shaded, either one (by hand: two solutions).
        variant(
            "hitori % and @",
            "https://puzz.link/p?hitori/2/1/%@",
            "hitori",
            "https://puzz.link/p?hitori/2/1/@@",
            "#.\n\n.#\n",
            "multiple",
        ),
        // Nurikabe `?` (`.`): an island of any size around it; the other cell is wall or land
        // (by hand: two solutions).
        variant(
            "nurikabe ?",
            "https://puzz.link/p?nurikabe/2/1/.g",
            "nurikabe",
            "https://puzz.link/p?nurikabe/2/1/.g",
            "..\n\n.#\n",
            "multiple",
        ),
        // Nurikabe `-hh` (16) on a 4x4: the one island is the whole grid (by hand).
        variant(
            "nurikabe -hh",
            "https://puzz.link/p?nurikabe/4/4/-10u",
            "nurikabe",
            "https://puzz.link/p?nurikabe/4/4/-10u",
            "....\n....\n....\n....\n",
            "unique",
        ),
        // `+hhh` (256) on a 16x16: the same.
        variant(
            "nurikabe +hhh",
            "https://puzz.link/p?nurikabe/16/16/+100zzzzzzzzzzzzu",
            "nurikabe",
            "https://puzz.link/p?nurikabe/16/16/+100zzzzzzzzzzzzu",
            format!("{}\n", ".".repeat(16)).repeat(16),
            "unique",
        ),
        // `=hhh` (4096 and up) on a 2x2: an island larger than the grid (by hand: none).
        variant(
            "nurikabe =hhh",
            "https://puzz.link/p?nurikabe/2/2/=000i",
            "nurikabe",
            "https://puzz.link/p?nurikabe/2/2/=000i",
            "",
            "no solution",
        ),
        // Slitherlink `?` (`.`): the only loop of a 1x1 grid is its square (by hand).
        variant(
            "slitherlink ?",
            "https://puzz.link/p?slither/1/1/.",
            "slitherlink",
            "https://puzz.link/p?slither/1/1/.",
            "es sw\nen nw\n",
            "unique",
        ),
        // Star battle: a star count written with a leading zero (pzprjs reads it as a
        // number), and a body that stops after it (no walls: one room).
        variant(
            "star count 01",
            "https://puzz.link/p?starbattle/6/6/01/4ilbhgdnmhou",
            "starbattle",
            "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou",
            published("starbattle/pzprjs_6x6.answer"),
            "unique",
        ),
        // An empty body is pzprjs's blank grid (star battle: the editor's K = 1); each
        // answer by hand from the rules.
        variant(
            "nurikabe empty body: one wall cell",
            "https://puzz.link/p?nurikabe/1/1/",
            "nurikabe",
            "https://puzz.link/p?nurikabe/1/1/g",
            "#\n",
            "unique",
        ),
        variant(
            "hitori empty body: one of two cells shaded",
            "https://puzz.link/p?hitori/2/1/",
            "hitori",
            "https://puzz.link/p?hitori/2/1/..",
            "#.\n\n.#\n",
            "multiple",
        ),
        variant(
            "slitherlink empty body: the square",
            "https://puzz.link/p?slither/1/1/",
            "slitherlink",
            "https://puzz.link/p?slither/1/1/g",
            "es sw\nen nw\n",
            "unique",
        ),
        variant(
            "masyu empty body: the 2x2 loop",
            "https://puzz.link/p?mashu/2/2/",
            "masyu",
            "https://puzz.link/p?mashu/2/2/00",
            "es sw\nen nw\n",
            "unique",
        ),
        variant(
            "LITS empty body: one I",
            "https://puzz.link/p?lits/4/1/",
            "lits",
            "https://puzz.link/p?lits/4/1/0",
            "IIII\n",
            "unique",
        ),
        variant(
            "star battle empty body: K = 1",
            "https://puzz.link/p?starbattle/1/1/",
            "starbattle",
            "https://puzz.link/p?starbattle/1/1/1/",
            "#\n",
            "unique",
        ),
        variant(
            "star battle without walls",
            "https://puzz.link/p?starbattle/1/1/1",
            "starbattle",
            "https://puzz.link/p?starbattle/1/1/1/",
            "#\n",
            "unique",
        ),
    ]);
    out
}

#[test]
fn every_spelling_pzprjs_reads_decodes_solves_to_its_answer_and_exports_canonically() {
    for v in variants() {
        // The genre comes from the URL itself, as a user pastes it.
        let out = puzzlec(&["solve", &v.url]);
        let text = stdout(&out);
        assert_eq!(
            out.status.code(),
            Some(if v.verdict == "no solution" { 1 } else { 0 }),
            "{} ({}): {}{}",
            v.what,
            v.url,
            text,
            stderr(&out)
        );
        // The solutions (two when multiple, in the solver's order), then the verdict.
        let mut blocks: Vec<&str> = text.trim_end().split("\n\n").collect();
        assert_eq!(
            blocks.pop(),
            Some(v.verdict),
            "{} ({}): {text}",
            v.what,
            v.url
        );
        let mut expected: Vec<&str> = v.rows.split("\n\n").map(str::trim_end).collect();
        expected.retain(|b| !b.is_empty());
        blocks.sort();
        expected.sort();
        assert_eq!(blocks, expected, "{} ({})", v.what, v.url);
        let out = puzzlec(&["export", v.genre, &v.url, "--format", "url"]);
        assert_eq!(
            stdout(&out),
            format!("{}\n", v.canonical),
            "{} ({}): {}",
            v.what,
            v.url,
            stderr(&out)
        );
    }
}

#[test]
fn spellings_puzzlec_does_not_read_are_input_errors_at_their_column() {
    for (what, genre, url, message) in [
        (
            "Kanpen",
            "hitori",
            "http://www.kanpen.net/hitori.html?problem=2/2/1_2/2_1/",
            "URL:1:12: a Kanpen URL (kanpen.net) is not read here",
        ),
        (
            "PUZ-PRE applet",
            "lits",
            "http://indi.s58.xrea.com/lits/sa/q.html?c/4/4/9q02jg",
            "URL:1:17: a PUZ-PRE applet URL",
        ),
        (
            "nurikabe 0 (pzprjs cannot enter it)",
            "nurikabe",
            "https://puzz.link/p?nurikabe/2/2/g0h",
            "URL:1:35: 0 is no island size",
        ),
        (
            "masyu cut short",
            "masyu",
            "https://puzz.link/p?mashu/6/6/1063000",
            "URL:1:38: the circle digits stop",
        ),
        (
            "LITS labels cut short",
            "lits",
            "https://puzz.link/p?lits/d/4/4/001100120112",
            "URL:1:44: the room labels stop",
        ),
        (
            "hitori `-` with one digit",
            "hitori",
            "https://puzz.link/p?hitori/2/1/1-1",
            "URL:1:33: `-` must be followed by two base-36 digits",
        ),
        (
            "star count 0",
            "starbattle",
            "https://puzz.link/p?starbattle/4/4/0/",
            "URL:1:36: the star count is 1 or more",
        ),
    ] {
        for args in [vec!["solve", url], vec!["solve", genre, url]] {
            let out = puzzlec(&args);
            assert_eq!(out.status.code(), Some(2), "{what}: {}", stdout(&out));
            assert!(
                stderr(&out).starts_with(&format!("error: {message}")),
                "{what}: {}",
                stderr(&out)
            );
        }
    }
}
