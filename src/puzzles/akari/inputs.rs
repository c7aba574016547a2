//! The genre's inputs read and written back: janko text and puzz.link URLs.

use super::*;
use proptest::prelude::*;

fn parse_url(url: &str) -> Result<Akari> {
    Akari::read("URL", url)
}

#[test]
fn pzprjs_board_reads_and_its_answer_passes() {
    // pzprjs's test board (`test/script/lightup.js`) and its accepted answer.
    let p = parse_url("https://puzz.link/p?lightup/6/6/nekcakbl").unwrap();
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?akari/6/6/nekcakbl");
    let n = |v| Some(Clue::Number(v));
    assert_eq!(
        (p.walls[8], p.walls[16], p.walls[19], p.walls[27]),
        (n(4), n(2), n(0), n(1))
    );
    assert_eq!(p.walls.iter().flatten().count(), 4);
    let lamps: Vec<bool> = "..o.../.o.o../..o..o/....o./o...../...o.."
        .replace('/', "")
        .chars()
        .map(|c| c == 'o')
        .collect();
    assert_eq!(p.verify(&lamps), Ok(()));
    let p = parse_url("http://pzv.jp/p.html?bijutsukan/6/6/nekcakbl").unwrap();
    assert_eq!(p.walls[8], n(4));
}

#[test]
fn janko_text_reads_black_cells_numbers_and_errors_with_positions() {
    let p = Akari::read_text("t", "2 3\n- x 4\nX 0 -\n").unwrap();
    let n = |v| Some(Clue::Number(v));
    let x = Some(Clue::Unknown);
    assert_eq!(p.walls, vec![None, x, n(4), x, n(0), None]);
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?akari/3/2/g.4.a");
    for (text, at, what) in [
        ("2 2\n- 5\n- -\n", "t:2:3", "`5` is not an akari cell"),
        ("2 2\n- ?\n- -\n", "t:2:3", "`?` is not an akari cell"),
        ("2 2\n- -\n- - -\n", "t:3:5", "ragged"),
        ("2 2 1\n- -\n- -\n", "t:1:5", "header is `H W`"),
    ] {
        let e = Akari::read_text("t", text).unwrap_err().to_string();
        assert!(e.starts_with(at) && e.contains(what), "{text:?}: {e}");
    }
}

#[test]
fn bad_urls_name_the_column() {
    let e = parse_url("https://puzz.link/p?akari/2/2/0!").unwrap_err();
    assert!(
        e.to_string().starts_with("URL:1:32: unexpected character"),
        "{e}"
    );
    let big = Akari {
        grid: Grid::new(1, 2),
        walls: vec![Some(Clue::Number(5)), None],
    };
    assert!(big.url().is_err());
}

fn puzzle() -> impl Strategy<Value = Akari> {
    (1usize..9, 1usize..9).prop_flat_map(|(h, w)| {
        let wall = prop_oneof![
            4 => Just(None),
            1 => Just(Some(Clue::Unknown)),
            2 => (0u32..5).prop_map(|n| Some(Clue::Number(n))),
        ];
        proptest::collection::vec(wall, h * w).prop_map(move |walls| Akari {
            grid: Grid::new(h, w),
            walls,
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
        let text = p.answer_text(&vec![false; p.grid.len()]).unwrap();
        prop_assert_eq!(Akari::read_text("t", &text).unwrap(), p);
    }
}
