//! The genre's inputs read and written back: text and puzz.link URLs.

use super::*;

#[test]
fn the_janko_text_reads_numbers_and_blanks_and_refuses_other_tokens() {
    let p = Shikaku::read("t.txt", "2 3\n2 - 4\n. - -\n").unwrap();
    let n = |v| Some(Clue::Number(v));
    assert_eq!(p.clues, vec![n(2), None, n(4), None, None, None]);
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?shikaku/3/2/2g4i");
    for (text, at) in [("1 2\n0 -\n", "t.txt:2:1: 0 is no"), ("1 2\n- ?\n", "t.txt:2:3: `?`")] {
        let e = Shikaku::read("t.txt", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{e}");
    }
}

#[test]
fn urls_round_trip() {
    let url = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j";
    assert_eq!(Shikaku::read("URL", url).unwrap().url().unwrap(), url);
}
