//! The genre's inputs read and written back: text and puzz.link URLs.

use super::*;
use crate::puzzles::Puzzle;

fn parse_url(url: &str) -> Result<Hitori> {
    Hitori::read("URL", url)
}

fn parse(source: &str, text: &str) -> Result<Hitori> {
    Hitori::read(source, text)
}
use crate::grid::{Clue, Grid};
use proptest::prelude::*;

#[test]
fn published_urls_are_written_back_byte_for_byte() {
    for url in [
        "https://puzz.link/p?hitori/4/4/1114142333214213",
        "https://puzz.link/p?hitori/6/5/111.45.2..453.3.1..2....3.3.1.",
        "https://puzz.link/p?hitori/10/10/1174453399113445756a2345678aa82513328aa85417a698323227a9411566517a43236688115329986a115274aa99886611",
    ] {
        assert_eq!(parse_url(url).unwrap().url().unwrap(), url);
    }
    let p = parse_url("http://pzv.jp/p.html?hitori_edit/3/1/%-10/").unwrap();
    let expected = vec![Some(Clue::Unknown), Some(Clue::Number(36)), None];
    assert_eq!(p.numbers, expected);
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?hitori/3/1/@-10.");
}

#[test]
fn the_grid_text_reads_a_grid_of_numbers_with_or_without_a_header() {
    let p = parse("t.txt", "2 1\n1\n2\n").unwrap();
    assert_eq!(
        (p.grid.height, p.grid.width),
        (2, 1),
        "`2 1`, two rows of one: a header"
    );
    let p = parse("t.txt", "2 1\n1 2\n").unwrap();
    assert_eq!(
        (p.grid.height, p.grid.width),
        (2, 2),
        "rows of one length: all numbers"
    );
    let q = parse("t.txt", "1 1 2\n2 ? 1\n").unwrap();
    assert_eq!((q.grid.height, q.grid.width), (2, 3));
    assert_eq!(q.url().unwrap(), "https://puzz.link/p?hitori/3/2/1122@1");
    let e = parse("t.txt", "1 2\n2 x\n").unwrap_err();
    assert!(
        e.to_string().starts_with("t.txt:2:3: `x` is not a clue"),
        "{e}"
    );
}

#[test]
fn bad_urls_name_the_column() {
    let e = parse_url("https://puzz.link/p?hitori/2/2/12!").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("URL:1:34: unexpected character `!`"),
        "{e}"
    );
    let e = parse_url("https://puzz.link/p?hitori/2/2/12345").unwrap_err();
    assert!(
        e.to_string().starts_with("URL:1:36: unexpected `5` after"),
        "{e}"
    );
    let wide = Hitori {
        grid: Grid::new(1, 201),
        numbers: vec![None; 201],
    };
    assert!(wide.url().unwrap_err().to_string().contains("1..=200"));
}

fn puzzle() -> impl Strategy<Value = Hitori> {
    (1usize..9, 1usize..9).prop_flat_map(|(h, w)| {
        let number = prop_oneof![
            1 => Just(None),
            1 => Just(Some(Clue::Unknown)),
            6 => (0u32..=crate::url::MAX_CELL_NUMBER).prop_map(|n| Some(Clue::Number(n))),
        ];
        proptest::collection::vec(number, h * w).prop_map(move |numbers| Hitori {
            grid: Grid::new(h, w),
            numbers,
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

#[test]
fn janko_text_reads_and_the_answer_is_written_in_its_notation() {
    // The spec's example, janko.at's Hitori 1 as puzzlekit's dataset gives it.
    let p = parse("01_4x4", "4 4\n3 3 1 4\n4 3 2 2\n1 3 4 2\n3 4 3 2\n").unwrap();
    assert_eq!(p.grid, Grid::new(4, 4));
    let answer = "4 4\n- x - -\n- - - x\n- x - -\nx - - x\n";
    let shading: Vec<bool> = (answer.lines().skip(1).flat_map(|l| l.split(' ')))
        .map(|t| t == "x")
        .collect();
    assert_eq!(p.verify(&shading), Ok(()));
    assert_eq!(p.answer_text(&shading).unwrap(), answer);
}
