//! The genre's inputs read: the janko text.

use super::*;

#[test]
fn the_janko_text_reads_pips_and_refuses_others() {
    let p = Dominos::read("t.txt", "2 3\n0 1 1\n0 0 1\n").unwrap();
    assert_eq!((p.largest, p.pips.clone()), (1, vec![0, 1, 1, 0, 0, 1]));
    assert_eq!((p.domino(0, 0), p.domino(1, 0), p.domino(1, 1)), (0, 1, 2));
    for (text, at) in [
        ("2 3\n0 2 1\n0 0 1\n", "t.txt:2:3: a cell holds pips 0 to 1"),
        ("2 3\n0 - 1\n0 0 1\n", "t.txt:2:3: a cell holds"),
        ("2 2\n0 0\n0 0\n", "t.txt:1:1: 2×2 cells hold no full set"),
    ] {
        let e = Dominos::read("t.txt", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{e}");
    }
}
