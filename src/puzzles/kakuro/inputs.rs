//! The genre's inputs read and written back: text and puzz.link URLs.

use super::*;
use crate::grid::sums::Square;

#[test]
fn the_text_reads_white_cells_black_cells_and_sums() {
    let p = Kakuro::read_text("t", "3 3\n- 4, 3,\n,7 0 0\n,2 0 -\n").unwrap();
    let black = |down, right| Square::Black { down, right };
    assert_eq!(p.sums.squares[1], black(Some(4), None));
    assert_eq!(p.sums.squares[6], black(None, Some(2)));
    assert_eq!(p.sums.squares[8], BLACK);
    assert!(p.sums.is_white(4));
    assert_eq!((p.board.height, p.board.width), (2, 2));
    for (text, at) in [
        ("2 2\n- 4,\n,4 x\n", "t:3:4: `x` is not a kakuro cell"),
        ("2 2\n- ,\n,4 0\n", "t:2:3: `,` is not a kakuro cell"),
        ("2 2\n- 46,\n,4 0\n", "t:2:3: `46,` is not"),
        ("2 2 9\n- -\n- -\n", "t:1:5: a kakuro header is `H W`"),
        ("2 2\n- -\n- - -\n", "t:3:5: this row has 3 cells"),
    ] {
        let e = Kakuro::read_text("t", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{text:?}: {e}");
    }
}

#[test]
fn urls_read_and_write_back_through_the_outside_sums() {
    // The spec's 6x6 example on a 5x5 board; then the outside sums 27 9 6 and 16 24 5.
    let text = "6 6\n- - - 27, 9, 6,\n- - 14,7 0 0 0\n- 10,14 0 0 0 0\n,16 0 0 0 0 0\n\
                ,24 0 0 0 - -\n,5 0 0 - - -\n";
    let p = Kakuro::read_text("t", text).unwrap();
    let url = p.url().unwrap();
    assert_eq!(url, "https://puzz.link/p?kakuro/5/5/.e7maev..l...H96gE5");
    assert_eq!(Kakuro::read("URL", &url).unwrap(), p);
    for (bad, why) in [
        ("https://puzz.link/p?kakuro/2/2/o", "URL:1:32: `o` skips past the last cell"),
        ("https://puzz.link/p?kakuro/2/2/.k!", "URL:1:34: `!` is not a sum"),
        ("https://puzz.link/p?kakuro/2/2/m!", "URL:1:33: `!` is not a sum"),
    ] {
        let e = Kakuro::read("URL", bad).unwrap_err().to_string();
        assert!(e.starts_with(why), "{bad}: {e}");
    }
    // Cut short, as pzprjs reads it: the other cells white, no sums.
    let short = Kakuro::read("URL", "https://puzz.link/p?kakuro/2/2/.k").unwrap();
    assert_eq!(short.sums.squares.iter().filter(|s| **s == Square::White).count(), 3);
    assert_eq!(short.url().unwrap(), "https://puzz.link/p?kakuro/2/2/.m00");
    let mut wide = p.clone();
    wide.sums.squares[3] = Square::White;
    assert!(wide.url().unwrap_err().to_string().contains("r1c4 is on the first row"));
}
