//! The genre's inputs read and written back: text and puzz.link URLs.

use super::*;
use crate::puzzles::Puzzle;

fn parse_text(source: &str, text: &str) -> Result<Lits> {
    Lits::read_text(source, text)
}

fn parse_url(url: &str) -> Result<Lits> {
    Lits::read("URL", url)
}

fn parse(source: &str, text: &str) -> Result<Lits> {
    Lits::read(source, text)
}
use crate::grid::{Grid, Rooms};

const CSPUZ: &str = "https://puzz.link/p?lits/10/10/08p0i3jbhmjg5j5ik048rgtr8q1e5gkf9hnu";

#[test]
fn published_urls_are_written_back_byte_for_byte() {
    for url in [CSPUZ, "https://puzz.link/p?lits/4/4/9q02jg"] {
        assert_eq!(parse_url(url).unwrap().url().unwrap(), url);
    }
    let variant = "http://pzv.jp/p.html?lits_edit/10/10/08p0i3jbhmjg5j5ik048rgtr8q1e5gkf9hnu/";
    assert_eq!(parse_url(variant).unwrap().url().unwrap(), CSPUZ);
}

#[test]
fn the_old_form_with_one_label_per_cell_reads_the_same_rooms() {
    // pzprjs's 4x4 (`4/4/9q02jg`), its room ids as labels; a label in two separate parts
    // (the `a`s of the 1x5) is two rooms.
    let old = parse_url("http://pzv.jp/p.html?lits/d/4/4/0011001201122222").unwrap();
    assert_eq!(
        old,
        parse_url("https://puzz.link/p?lits/4/4/9q02jg").unwrap()
    );
    assert_eq!(old.url().unwrap(), "https://puzz.link/p?lits/4/4/9q02jg");
    assert_eq!(parse_url("p?lits/d/5/1/aabaa").unwrap().rooms.len(), 3);
    let e = parse_url("p?lits/d/4/4/00110012011").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("URL:1:25: the room labels stop after 11 of the grid's 16"),
        "{e}"
    );
    // Without the flag the labels are border digits.
    assert!(parse_url("p?lits/4/4/0011001201122222").is_err());
}

#[test]
fn the_room_id_text_reads_the_same_puzzle_as_its_url() {
    let text = include_str!("../../../models/lits/cspuz_10x10.txt");
    assert_eq!(
        parse("cspuz_10x10.txt", text).unwrap(),
        parse_url(CSPUZ).unwrap()
    );
    let url_file = include_str!("../../../models/lits/cspuz_10x10.url");
    assert_eq!(
        parse("cspuz_10x10.url", url_file).unwrap(),
        parse_url(CSPUZ).unwrap()
    );
}

#[test]
fn bad_inputs_name_line_and_column() {
    let e = parse_text("f", "2 2 1\na a\na a\n").unwrap_err();
    assert!(
        e.to_string().starts_with("f:1:5: a LITS header is `H W`"),
        "{e}"
    );
    let e = parse_text("f", "a b\nb a\n").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("f:2:1: room `b` is in two pieces"),
        "{e}"
    );
    let e = parse_text("f", "- 1\n- -\n\na a\na a\n").unwrap_err();
    assert!(
        e.to_string().starts_with("f:1:3: this genre has no clues"),
        "{e}"
    );
    let e = parse_url("https://puzz.link/p?lits/4/4/9q02j").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("URL:1:35: the border digits stop"),
        "{e}"
    );
    let e = parse_url("https://puzz.link/p?lits/4/4/9q02jg0").unwrap_err();
    assert!(e.to_string().starts_with("URL:1:36: unexpected `0`"), "{e}");
    let e = parse_url("https://puzz.link/p?lits/4/x/9q02jg").unwrap_err();
    assert!(
        e.to_string().starts_with("URL:1:28: expected the height"),
        "{e}"
    );
}

mod round_trip {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn decode_of_encode_is_the_puzzle(
            (h, w, walls) in (1usize..9, 1usize..9).prop_flat_map(|(h, w)| {
                let n = (w - 1) * h + w * (h - 1);
                (Just(h), Just(w), proptest::collection::vec(any::<bool>(), n))
            })
        ) {
            let grid = Grid::new(h, w);
            let (v, hz) = walls.split_at((w - 1) * h);
            let p = Lits { grid, rooms: Rooms::from_walls(grid, v, hz) };
            let url = p.url().unwrap();
            let back = parse_url(&url).unwrap();
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(back.url().unwrap(), url);
        }
    }
}

/// janko.at's LITS 1 as puzzlekit's dataset gives it (the spec's example), and its answer.
const JANKO_1: &str = "6 7
1 1 1 1 1 2 2
1 4 4 4 1 1 2
5 5 4 4 4 3 2
6 5 5 7 3 3 2
6 5 6 7 7 3 2
6 6 6 7 7 3 2
";
const JANKO_1_ANSWER: &str = "6 7
L L L - - L L
L - S S - - L
S S - S S I L
- S S T - I -
L - - T T I -
L L L T - I -
";

#[test]
fn janko_text_reads_and_the_answer_is_written_in_its_notation() {
    let p = parse("1_6x7", JANKO_1).unwrap();
    assert_eq!((p.grid, p.rooms.len()), (Grid::new(6, 7), 7));
    let rows: Vec<&str> = JANKO_1_ANSWER.lines().skip(1).collect();
    let pieces: Pieces = (rows.iter().flat_map(|r| r.split(' ')))
        .map(|t| (t != "-").then(|| t.chars().next().unwrap()))
        .collect();
    assert_eq!(p.verify(&pieces), Ok(()));
    assert_eq!(p.answer_text(&pieces).unwrap(), JANKO_1_ANSWER);
}

#[test]
fn janko_at_cells_are_outside_every_room_and_stay_unshaded() {
    // `@` in two separate places is no room in two pieces.
    let p = parse("t", "3 6\n@ a a a a @\nb b b b c c\n@ c c c c @\n").unwrap();
    assert_eq!(p.rooms.len(), 3);
    assert_eq!(p.rooms.outside().collect::<Vec<_>>(), vec![0, 5, 12, 17]);
    let mut pieces: Pieces = vec![None; 18];
    pieces[0] = Some('I');
    assert_eq!(
        p.verify(&pieces).unwrap_err(),
        "r1c1 is outside every room but is shaded"
    );
    let e = p.url().unwrap_err().to_string();
    assert!(
        e.contains("outside every room, has no puzz.link form"),
        "{e}"
    );
    // Another symbol is an ordinary room id, refused when split.
    let e = parse("t", "1 3\n# a #\n").unwrap_err();
    assert!(e.to_string().contains("room `#` is in two pieces"), "{e}");
}
