//! The genre's inputs read and written back: janko text and puzz.link URLs.

use super::*;
use proptest::prelude::*;

fn parse_url(url: &str) -> Result<Cave> {
    Cave::read("URL", url)
}

#[test]
fn published_urls_are_written_back_and_other_spellings_read() {
    let url = "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g";
    assert_eq!(parse_url(url).unwrap().url().unwrap(), url);
    assert_eq!(
        parse_url("https://puzz.link/p?bag/6/6/g3q2h3jbj3i3i2g")
            .unwrap()
            .url()
            .unwrap(),
        url
    );
}

#[test]
fn janko_text_reads_numbers_and_question_marks_and_errors_with_positions() {
    let p = Cave::read_text("t", "2 3\n3 - ?\n. 12 -\n").unwrap();
    let n = |v| Some(Clue::Number(v));
    assert_eq!(
        p.clues,
        vec![n(3), None, Some(Clue::Unknown), None, n(12), None]
    );
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?cave/3/2/3g.gcg");
    for (text, at, what) in [
        ("2 2\n- x\n- -\n", "t:2:3", "`x` is not a clue"),
        ("2 2\n- 0\n- -\n", "t:2:3", "0 is no"),
        ("2 2\n- -\n-\n", "t:3:2", "ragged"),
        ("2 2 1\n- -\n- -\n", "t:1:5", "header is `H W`"),
    ] {
        let e = Cave::read_text("t", text).unwrap_err().to_string();
        assert!(e.starts_with(at) && e.contains(what), "{text:?}: {e}");
    }
    let e = parse_url("https://puzz.link/p?cave/2/2/g0h").unwrap_err();
    assert!(e.to_string().starts_with("URL:1:"), "{e}");
    assert!(e.to_string().contains("0 is no"), "{e}");
}

fn puzzle() -> impl Strategy<Value = Cave> {
    (1usize..9, 1usize..9).prop_flat_map(|(h, w)| {
        let clue = prop_oneof![
            4 => Just(None),
            1 => Just(Some(Clue::Unknown)),
            2 => (1u32..300).prop_map(|n| Some(Clue::Number(n))),
        ];
        proptest::collection::vec(clue, h * w).prop_map(move |clues| Cave {
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
