//! The genre's inputs: janko.at's text.

use super::*;

#[test]
fn the_text_reads_white_black_and_given_digits() {
    let p = Str8t::read_text("t", "3 3\n- 2 x\n3x - -\n- - 1X\n").unwrap();
    use Square::*;
    assert_eq!(p.squares[..4], [White(None), White(Some(2)), Black(None), Black(Some(3))]);
    assert_eq!(p.squares[8], Black(Some(1)));
    assert_eq!(p.candidates(4), vec![1, 2]);
    assert_eq!(p.straights().len(), 7);
    for (text, at) in [
        ("3 3\n- 4 x\n- - -\n- - -\n", "t:2:3: `4` is not a str8ts cell"),
        ("3 3\n- y x\n- - -\n- - -\n", "t:2:3: `y` is not a str8ts cell"),
        ("3 3\n- - 0x\n- - -\n- - -\n", "t:2:5: `0x` is not"),
        ("2 3\n- - -\n- - -\n", "t:1:1: a str8ts grid is square"),
    ] {
        let e = Str8t::read_text("t", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{text:?}: {e}");
    }
}
