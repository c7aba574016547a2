//! The genre's inputs read: the janko text.

use super::*;

#[test]
fn the_janko_text_reads_centre_codes_and_refuses_others() {
    let p = Galaxies::read("t.txt", "3 3\n0 1 -\n2 3 -\n- - -\n").unwrap();
    assert_eq!(p.centres, vec![(1, 1), (1, 4), (4, 1), (4, 4)]);
    for (text, at) in [
        ("1 2\n4 -\n", "t.txt:2:1: a centre is"),
        ("1 2\n- 1\n", "t.txt:2:3: the centre `1` lies on"),
        ("2 2\n- -\n2 -\n", "t.txt:3:1: the centre `2` lies on"),
    ] {
        let e = Galaxies::read("t.txt", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{e}");
    }
}
