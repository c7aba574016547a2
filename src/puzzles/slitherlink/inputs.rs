//! The genre's inputs read and written back: text and puzz.link URLs.

use super::*;
use crate::puzzles::Puzzle;

fn parse_url(url: &str) -> Result<Slitherlink> {
    Slitherlink::read("URL", url)
}

fn parse(source: &str, text: &str) -> Result<Slitherlink> {
    Slitherlink::read(source, text)
}
use crate::grid::{Clue, Grid};
use proptest::prelude::*;

const PUBLISHED: [&str; 4] = [
    "https://puzz.link/p?slither/5/5/cbcbcddad",
    "https://puzz.link/p?slither/4/4/dgdh2c7b",
    "https://puzz.link/p?slither/9/9/k0cg35dg1bibjdg53cg38dgbjdi1cg80dg1di",
    "https://puzz.link/p?slither/18/10/c82chcdgcbgd63c173ah6aibi81b71cdjcdcb123ddbcbjb37d16didi8dh161c36cdgcagdbh28bb",
];

#[test]
fn published_urls_are_written_back_byte_for_byte() {
    for url in PUBLISHED {
        assert_eq!(parse_url(url).unwrap().url().unwrap(), url);
    }
    // cspuz writes the last 1 as `1` (pzprjs folds the two cells past the end: `b`).
    let alias = "http://pzv.jp/p.html?slitherlink_edit/4/4/dgdh2c71/";
    assert_eq!(parse_url(alias).unwrap().url().unwrap(), PUBLISHED[1]);
}

#[test]
fn the_generic_text_reads_the_same_puzzle_as_the_url() {
    // cspuz_rs_puzzles' slitherlink test puzzle, whose URL is `4/4/dgdh2c7b`.
    let text = "// cspuz 4x4\n4 4\n3 - - -\n3 . . .\n- 2 2 -\n- 2 ? 1\n";
    let mut expected = parse_url(PUBLISHED[1]).unwrap();
    expected.clues[14] = Some(Clue::Unknown);
    assert_eq!(parse("t.txt", text).unwrap(), expected);
    assert_eq!(
        parse("u", &format!("// from cspuz\n{}\n", PUBLISHED[1]))
            .unwrap()
            .grid,
        Grid::new(4, 4)
    );
}

#[test]
fn bad_text_and_urls_name_the_position() {
    let e = parse("t.txt", "2 2\n1 5\n- -\n").unwrap_err().to_string();
    assert!(
        e.starts_with("t.txt:2:3: clue 5 is more than a cell's 4 sides"),
        "{e}"
    );
    let e = parse("t.txt", "1 w\n- -\n").unwrap_err().to_string();
    assert!(e.starts_with("t.txt:1:3: `w` is not a clue"), "{e}");
    let e = parse("t.txt", "1 2\n- -\n3\n").unwrap_err().to_string();
    assert!(e.starts_with("t.txt:3:"), "{e}");
    let e = parse_url("https://puzz.link/p?slither/2/2/0f")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("URL:1:34: unexpected character `f`"), "{e}");
    let e = parse_url("https://puzz.link/p?slither/2/2/00000")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("URL:1:37: unexpected `0`"), "{e}");
    let e = parse_url("https://puzz.link/p?mashu/2/2/0")
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a slither URL"), "{e}");
}

#[test]
fn oversized_grids_have_no_url() {
    let wide = Slitherlink {
        grid: Grid::new(1, 201),
        clues: vec![None; 201],
    };
    assert!(wide.url().unwrap_err().to_string().contains("1..=200"));
}

fn puzzle() -> impl Strategy<Value = Slitherlink> {
    (1usize..12, 1usize..12).prop_flat_map(|(h, w)| {
        let clue = prop_oneof![
            3 => Just(None),
            1 => Just(Some(Clue::Unknown)),
            2 => (0u32..=4).prop_map(|n| Some(Clue::Number(n))),
        ];
        proptest::collection::vec(clue, h * w).prop_map(move |clues| Slitherlink {
            grid: Grid::new(h, w),
            clues,
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
fn janko_text_reads_and_the_answer_is_the_cells_inside_the_loop() {
    // puzzlekit's 1_4x4 (the spec's example), `.` for a cell without a clue as in 8 entries.
    let p = parse("1_4x4", "4 4\n1 - - 0\n- - - -\n1 . 2 1\n- 2 3 -\n").unwrap();
    assert_eq!(p.clues[1], None);
    let inside = "-x---x---xx---x-";
    let inside: Vec<bool> = inside.chars().map(|c| c == 'x').collect();
    // The loop: every side between an inside and an outside cell (or the border).
    let v = p.vertices();
    let cell = |r: usize, c: usize| r < 4 && c < 4 && inside[p.grid.cell(r, c)];
    let mut used = vec![false; v.edges().len()];
    for (e, &(a, b)) in v.edges().iter().enumerate() {
        let ((r, c), (rb, _)) = (v.rc(a), v.rc(b));
        used[e] = match rb == r {
            true => (r > 0 && cell(r - 1, c)) != cell(r, c),
            false => (c > 0 && cell(r, c - 1)) != cell(r, c),
        };
    }
    assert_eq!(p.verify(&used), Ok(()));
    let answer = "4 4\n- x - -\n- x - -\n- x x -\n- - x -\n";
    assert_eq!(p.answer_text(&used).unwrap(), answer);
}
