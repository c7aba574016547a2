//! The genre's inputs read and written back: text and puzz.link URLs.

use super::*;
use crate::puzzles::Puzzle;

fn parse_text(source: &str, text: &str) -> Result<StarBattle> {
    StarBattle::read_text(source, text)
}

fn parse_url(url: &str) -> Result<StarBattle> {
    StarBattle::read("URL", url)
}

fn parse(source: &str, text: &str) -> Result<StarBattle> {
    StarBattle::read(source, text)
}
use crate::grid::{Grid, Rooms};

const CSPUZ: &str = "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk";

#[test]
fn published_urls_are_written_back_byte_for_byte() {
    for url in [
        CSPUZ,
        "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou",
        "https://puzz.link/p?starbattle/10/10/2/5g252c2qkgbakk98igse7g88cp3730so000u",
    ] {
        assert_eq!(parse_url(url).unwrap().url().unwrap(), url);
    }
    let variant = "http://pzv.jp/p.html?starbattle_edit/6/6/1/2u9gn9c9jpmk/";
    assert_eq!(parse_url(variant).unwrap().url().unwrap(), CSPUZ);
    // A body that stops after the star count is a grid without walls (pzprjs reads it so),
    // and an empty body the editor's blank grid, K = 1.
    let bare = parse_url("p?starbattle/4/4/2").unwrap();
    assert_eq!((bare.stars, bare.rooms.len()), (2, 1));
    let blank = parse_url("p?starbattle/4/4/").unwrap();
    assert_eq!((blank.stars, blank.rooms.len()), (1, 1));
}

#[test]
fn the_room_id_text_reads_the_same_puzzle_as_its_url() {
    let text = include_str!("../../../models/starbattle/cspuz_6x6.txt");
    assert_eq!(
        parse("cspuz_6x6.txt", text).unwrap(),
        parse_url(CSPUZ).unwrap()
    );
    // The same rooms after a clue grid of `-`.
    let (header, ids) = text.split_once("\n6 6 1\n").unwrap();
    let with_clues = format!("{header}\n6 6 1\n{}\n{ids}", "- - - - - -\n".repeat(6));
    assert_eq!(parse("t", &with_clues).unwrap(), parse_url(CSPUZ).unwrap());
}

#[test]
fn bad_inputs_name_line_and_column() {
    let e = parse_text("f", "a a\na a\n").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("f:1:1: missing K: expected a header line `H W K`"),
        "{e}"
    );
    let e = parse_text("f", "2 2 0\na a\na a\n").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("f:1:5: K (stars per row, column and room)"),
        "{e}"
    );
    let e = parse_text("f", "2 2 1 1\na a\na a\n").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("f:1:7: a star battle header is `H W K`"),
        "{e}"
    );
    let e = parse_url("https://puzz.link/p?starbattle/6/6/0/2u9gn9c9jpmk").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("URL:1:36: the star count is 1 or more"),
        "{e}"
    );
    let e = parse_url("https://puzz.link/p?starbattle/6/6/2u9gn9c9jpmk").unwrap_err();
    assert!(
        e.to_string().starts_with("URL:1:37: `u` in the star count"),
        "{e}"
    );
    let e = parse_url("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpm").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("URL:1:49: the border digits stop"),
        "{e}"
    );
}

/// janko.at's Sternenschlacht 18 as puzzlekit's dataset gives it (the spec's example).
const JANKO_18: &str = "5 5 1\n1 1 4 4 4\n2 1 1 1 4\n2 3 1 3 5\n2 3 3 3 5\n2 2 2 5 5\n";

#[test]
fn janko_text_reads_and_the_answer_is_written_in_its_notation() {
    let p = parse("18_5x5", JANKO_18).unwrap();
    assert_eq!((p.grid, p.stars, p.rooms.len()), (Grid::new(5, 5), 1, 5));
    let answer = "5 5 1\n- - - x -\n- x - - -\n- - - - x\n- - x - -\nx - - - -\n";
    let stars: Vec<bool> = (answer.lines().skip(1).flat_map(|l| l.split(' ')))
        .map(|t| t == "x")
        .collect();
    assert_eq!(p.verify(&stars), Ok(()));
    assert_eq!(p.answer_text(&stars).unwrap(), answer);
}

#[test]
fn janko_at_and_hash_cells_are_outside_every_room_and_hold_no_star() {
    // Two separate `@` pieces and a `#` piece: no room, so neither "in two pieces".
    let text = "4 4 1\n@ a a @\nb b c c\n# b c d\nb b d d\n";
    let p = parse("t", text).unwrap();
    assert_eq!(p.rooms.len(), 4);
    assert_eq!(p.rooms.outside().collect::<Vec<_>>(), vec![0, 3, 8]);
    let e = p.verify(&vec![true; 16]).unwrap_err();
    assert_eq!(e, "r1c1 is outside every room but holds a star");
    let e = p.url().unwrap_err().to_string();
    assert!(
        e.contains("r1c1, outside every room, has no puzz.link form"),
        "{e}"
    );
}

mod round_trip {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn decode_of_encode_is_the_puzzle(
            (h, w, stars, walls) in (1usize..9, 1usize..9, 1u32..12).prop_flat_map(|(h, w, k)| {
                let n = (w - 1) * h + w * (h - 1);
                (Just(h), Just(w), Just(k), proptest::collection::vec(any::<bool>(), n))
            })
        ) {
            let grid = Grid::new(h, w);
            let (v, hz) = walls.split_at((w - 1) * h);
            let p = StarBattle { grid, rooms: Rooms::from_walls(grid, v, hz), stars };
            let url = p.url().unwrap();
            let back = parse_url(&url).unwrap();
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(back.url().unwrap(), url);
        }
    }
}
