//! The genre's inputs read and written back: text and puzz.link URLs.

use super::*;
use crate::puzzles::Puzzle;

fn parse_url(url: &str) -> Result<Masyu> {
    Masyu::read("URL", url)
}

fn parse(source: &str, text: &str) -> Result<Masyu> {
    Masyu::read(source, text)
}
use crate::grid::Grid;
use proptest::prelude::*;

#[test]
fn published_urls_are_written_back_byte_for_byte() {
    for url in [
        "https://puzz.link/p?mashu/6/6/1063000i3000",
        "https://puzz.link/p?mashu/13/9/013009k10a3a39310c9313693i016030j039a20",
    ] {
        assert_eq!(parse_url(url).unwrap().url().unwrap(), url);
    }
    // cspuz writes `masyu`, pzv.jp and play links add their own decorations.
    for alias in [
        "https://puzz.link/p?masyu/10/10/0600003i06b1300600000a30600i090330",
        "http://pzv.jp/p.html?pearl_play/v:/10/10/0600003i06b1300600000a30600i090330/",
    ] {
        let url = parse_url(alias).unwrap().url().unwrap();
        assert_eq!(
            url,
            "https://puzz.link/p?mashu/10/10/0600003i06b1300600000a30600i090330"
        );
    }
}

#[test]
fn the_generic_text_reads_the_same_puzzle_as_the_url() {
    // pzprjs's 6×6: white at r1c3, r2c5, r5c2; black at r2c2, r4c4.
    let text = "// pzprjs 6x6\n- - w - - -\n- b - - W -\n. . . . . .\n- - - B - -\n- w - - - -\n- - - - - -\n";
    let from_url = parse_url("https://puzz.link/p?mashu/6/6/1063000i3000").unwrap();
    assert_eq!(parse("t.txt", text).unwrap(), from_url);
    let file = "// from pzprjs\nhttps://puzz.link/p?masyu/6/6/1063000i3000\n";
    assert_eq!(parse("u", file).unwrap(), from_url);
}

#[test]
fn bad_text_and_urls_name_the_position() {
    let e = parse("t.txt", "2 2\nw -\n- 3\n").unwrap_err().to_string();
    assert!(e.starts_with("t.txt:3:3: `3` is not a pearl"), "{e}");
    let e = parse("t.txt", "w ?\n- -\n").unwrap_err().to_string();
    assert!(e.starts_with("t.txt:1:3: `?` is not a pearl"), "{e}");
    let e = parse_url("https://puzz.link/p?mashu/3/2/0z")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("URL:1:32: `z` is not a circle digit"), "{e}");
    let e = parse_url("https://puzz.link/p?mashu/3/2/0")
        .unwrap_err()
        .to_string();
    assert!(e.contains("stop after 1 of their 2"), "{e}");
    let e = parse_url("https://puzz.link/p?mashu/3/1/00")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("URL:1:32: unexpected `0`"), "{e}");
}

#[test]
fn oversized_grids_have_no_url() {
    let tall = Masyu {
        grid: Grid::new(201, 1),
        pearls: vec![None; 201],
    };
    assert!(tall.url().unwrap_err().to_string().contains("1..=200"));
}

fn puzzle() -> impl Strategy<Value = Masyu> {
    (1usize..12, 1usize..12).prop_flat_map(|(h, w)| {
        let pearl = prop_oneof![
            3 => Just(None),
            1 => Just(Some(Pearl::White)),
            1 => Just(Some(Pearl::Black)),
        ];
        proptest::collection::vec(pearl, h * w).prop_map(move |pearls| Masyu {
            grid: Grid::new(h, w),
            pearls,
        })
    })
}

proptest! {
    #[test]
    fn decode_of_encode_is_the_puzzle(p in puzzle()) {
        let url = p.url().unwrap();
        let back = parse_url(&url).unwrap();
        prop_assert_eq!(&back, &p);
        prop_assert_eq!(back.url().unwrap(), url);
    }
}

/// janko.at's Masyu 71 as puzzlekit's dataset gives it (the spec's example), and its answer.
const JANKO_71: &str = "5 5\n- - - - -\n- b - b -\n- - - - -\nw - - - -\n- - - - b\n";
const JANKO_71_ANSWER: &str = "5 5
se ew ew ew sw
ns se ew sw ns
ns ns - ns ns
ns ns se nw ns
ne nw ne ew nw
";

#[test]
fn janko_text_reads_with_letters_or_digits_and_the_answer_is_direction_pairs() {
    let p = parse("71_5x5", JANKO_71).unwrap();
    let digits = parse("t", &JANKO_71.replace('b', "2").replace('w', "1")).unwrap();
    assert_eq!(digits, p);
    let rows: Vec<String> = (JANKO_71_ANSWER.lines().skip(1))
        .map(|l| l.replace('-', "."))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let links = p.grid.parse_line_rows(&rows).unwrap();
    assert_eq!(p.verify(&links), Ok(()));
    assert_eq!(p.answer_text(&links).unwrap(), JANKO_71_ANSWER);
    let e = parse("t", "2 2\n3 -\n- -\n").unwrap_err().to_string();
    assert!(
        e.contains("`3` is not a pearl: expected `w`, `b`, `1`, `2`"),
        "{e}"
    );
}
