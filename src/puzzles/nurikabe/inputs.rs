//! The genre's inputs read and written back: text and puzz.link URLs.

use super::*;
use crate::grid::Grid;
use crate::puzzles::Puzzle;
use proptest::prelude::*;

fn parse_text(source: &str, text: &str) -> Result<Nurikabe> {
    Nurikabe::read_text(source, text)
}

fn parse_url(url: &str) -> Result<Nurikabe> {
    Nurikabe::read("URL", url)
}

fn parse(source: &str, text: &str) -> Result<Nurikabe> {
    Nurikabe::read(source, text)
}

#[test]
fn published_urls_are_written_back_byte_for_byte() {
    for url in [
        "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
        "https://puzz.link/p?nurikabe/6/6/m8n8i9u",
        "https://puzz.link/p?nurikabe/10/10/zj7n7j9n7t7i7n7zj",
        "https://puzz.link/p?nurikabe/30/20/h4gbh7i-12j2m8h3r4u1i2zufgczger1h6l1zr2t1j3kal2zzj1m3zjdk3l1h4u2o3k3zq3t5i1keq9r3zk3g7zczj-10zz3g2j1r3g8j2p4h-10rcj1g5k1",
    ] {
        assert_eq!(parse_url(url).unwrap().url().unwrap(), url);
    }
    let p = parse_url("http://pzv.jp/p.html?nurikabe_edit/6/6/m8n8i9u/").unwrap();
    assert_eq!(p.clues[7], Some(Clue::Number(8)));
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?nurikabe/6/6/m8n8i9u");
}

#[test]
fn the_grid_text_reads_numbers_question_marks_and_blanks() {
    let p = parse("t.txt", "2 3\n1 - ?\n. 10 -\n").unwrap();
    let n = |v| Some(Clue::Number(v));
    assert_eq!(
        p.clues,
        vec![n(1), None, Some(Clue::Unknown), None, n(10), None]
    );
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?nurikabe/3/2/1g.gag");
    let e = parse("t.txt", "1 x\n- -\n").unwrap_err();
    assert!(
        e.to_string().starts_with("t.txt:1:3: `x` is not a clue"),
        "{e}"
    );
}

#[test]
fn bad_urls_name_the_column() {
    let e = parse_url("https://puzz.link/p?nurikabe/2/2/0!").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("URL:1:35: unexpected character `!`"),
        "{e}"
    );
    let e = parse_url("https://puzz.link/p?nurikabe/2/2/11111").unwrap_err();
    assert!(
        e.to_string().starts_with("URL:1:38: unexpected `1` after"),
        "{e}"
    );
    let e = parse_url("https://puzz.link/p?nurikabe/2/2/k").unwrap_err();
    assert!(e.to_string().contains("skips 5 items but only 4"), "{e}");
    // pzprjs cannot enter a 0 (and would read one as `?`): refused, in a URL and in text.
    let e = parse_url("https://puzz.link/p?nurikabe/2/2/g0h").unwrap_err();
    assert!(
        e.to_string().starts_with("URL:1:35: 0 is no island size"),
        "{e}"
    );
    let e = parse_text("t", "2 2\n1 -\n- 0\n").unwrap_err();
    assert!(
        e.to_string().starts_with("t:3:3: 0 is no island size"),
        "{e}"
    );
    let wide = Nurikabe {
        grid: Grid::new(1, 201),
        clues: vec![None; 201],
    };
    assert!(wide.url().unwrap_err().to_string().contains("1..=200"));
}

fn puzzle() -> impl Strategy<Value = Nurikabe> {
    (1usize..9, 1usize..9).prop_flat_map(|(h, w)| {
        let clue = prop_oneof![
            4 => Just(None),
            1 => Just(Some(Clue::Unknown)),
            2 => (1u32..5000).prop_map(|n| Some(Clue::Number(n))),
        ];
        proptest::collection::vec(clue, h * w).prop_map(move |clues| Nurikabe {
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
