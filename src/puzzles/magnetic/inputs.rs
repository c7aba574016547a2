//! The genre's text: clue lines, optional givens, plate ids (magnetic has no puzz.link form
//! here).

use super::tests::JANKO;
use super::*;

#[test]
fn the_janko_text_reads_clues_and_plates_with_or_without_givens() {
    let p = Magnetic::read_text("t.txt", JANKO).unwrap();
    assert_eq!(p.grid, Grid::new(6, 6));
    assert_eq!(
        p.plus.cols,
        vec![Some(2), Some(2), Some(0), Some(2), Some(2), Some(2)]
    );
    assert_eq!(
        (p.partner[0], p.partner[6], p.partner[4]),
        (Some(1), Some(12), Some(10))
    );
    let text = "2 2\n1 -\n- 1\n1 -\n- -\n+ .\n. x\n1 1\n2 2\n";
    let q = Magnetic::read_text("t.txt", text).unwrap();
    assert_eq!(
        q.givens,
        vec![Some(Pole::Plus), None, None, Some(Pole::Neutral)]
    );
    assert_eq!(q.minus.cols, vec![None, Some(1)]);
    let loose = Magnetic::read_text("t.txt", "1 3\n- - -\n- - -\n-\n-\n1 1 @\n").unwrap();
    assert_eq!(loose.partner, vec![Some(1), Some(0), None]);
}

#[test]
fn bad_text_names_line_and_column() {
    let e = |text: &str| Magnetic::read_text("t.txt", text).unwrap_err().to_string();
    let plates = "1 3\n- - -\n- - -\n-\n-\n1 2 1\n";
    assert!(e(plates).starts_with("t.txt:6:"), "{}", e(plates));
    assert!(e(plates).contains("plate `1` is not two"), "{}", e(plates));
    let count = "1 2\n- a\n- -\n-\n-\n1 1\n";
    assert!(
        e(count).starts_with("t.txt:2:3: `a` is not a count"),
        "{}",
        e(count)
    );
    let short = "1 2\n- -\n- -\n-\n1 1\n";
    assert!(e(short).contains("lines after the header"), "{}", e(short));
    let pole = "1 2\n- -\n- -\n-\n-\n+ y\n1 1\n";
    assert!(
        e(pole).starts_with("t.txt:6:3: `y` is not a given pole: expected `.`, `+`"),
        "{}",
        e(pole)
    );
    let ragged = "1 2\n- -\n- - -\n-\n-\n1 1\n";
    assert!(
        e(ragged).starts_with("t.txt:3:5: the `-` column line has 3"),
        "{}",
        e(ragged)
    );
}
