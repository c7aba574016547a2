//! The genre's inputs: janko text (binairo has no puzz.link form).

use super::*;

#[test]
fn the_janko_text_reads_digits_and_blanks_and_the_classic_flag() {
    let p = Binairo::read_text("t.txt", "2 4\n1 - - 2\n- 2 . -\n").unwrap();
    assert_eq!(p.grid, Grid::new(2, 4));
    let expected = [
        Some(false),
        None,
        None,
        Some(true),
        None,
        Some(true),
        None,
        None,
    ];
    assert_eq!(p.givens, expected);
    assert!(!p.distinct);
    let classic = Binairo::read_text("t.txt", "2 4 distinct\n1 - - 2\n- 2 . -\n").unwrap();
    assert!(classic.distinct);
    assert!(p.url().is_err());
}

#[test]
fn bad_text_names_line_and_column() {
    let e = Binairo::read_text("t.txt", "2 4\n1 - - 2\n- 3 . -\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("t.txt:3:3: `3` is not a binairo digit"),
        "{e}"
    );
    let e = Binairo::read_text("t.txt", "2 4 x\n1 - - 2\n- 2 . -\n")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("t.txt:1:5: a binairo header"), "{e}");
    let e = Binairo::read_text("t.txt", "2 4\n1 - - 2\n- 2 .\n")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("t.txt:3:"), "{e}");
}
