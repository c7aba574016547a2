//! The genre's text (clue lines, optional givens, plate ids) and its puzz.link URL.

use super::tests::JANKO;
use super::*;

#[test]
fn the_janko_text_reads_clues_and_plates_with_or_without_givens() {
    let p = Magnetic::read_text("t.txt", JANKO).unwrap();
    assert_eq!(p.grid, Grid::new(6, 6));
    assert_eq!(
        p.counts[0].columns,
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
        vec![Some('+'), None, None, Some('x')]
    );
    assert_eq!(q.counts[1].columns, vec![None, Some(1)]);
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

/// pzprjs's magnets test puzzle (5×5, a cell on no plate) and the answer its test script
/// accepts.
const PZPRJS: &str = "https://puzz.link/p?magnets/5/5/g222j2h2g22g0g32fubmo3or00000000000400";
const PZPRJS_ANSWER: &str = "5 5\n+ - + - x\n- + - + x\n+ - x x -\nx x + x +\n- + - + -\n";

#[test]
fn the_pzprjs_url_reads_counts_plates_and_the_cell_on_no_plate_and_writes_back() {
    let p = Magnetic::read("u", PZPRJS).unwrap();
    assert_eq!(p.counts[0].rows, vec![Some(2), Some(2), None, None, Some(2)]);
    assert_eq!(p.counts[1].columns, vec![None, Some(2), None, None, Some(2)]);
    assert_eq!(p.partner[12], None);
    assert_eq!((p.partner[0], p.partner[2]), (Some(1), Some(7)));
    let answer: Vec<char> = PZPRJS_ANSWER.lines().skip(1).flat_map(|l| l.split(' ')).map(|t| t.chars().next().unwrap()).collect();
    assert_eq!(p.verify(&answer), Ok(()));
    // pzprjs keeps walls next to a cell on no plate that mean nothing; ours has all of them.
    assert_eq!(Magnetic::read("u", &p.url().unwrap()).unwrap(), p);
    let mut given = p.clone();
    given.givens[0] = Some('+');
    given.givens[1] = Some('-');
    let back = Magnetic::read("u", &given.url().unwrap()).unwrap();
    assert_eq!(back.givens, given.givens);
    given.givens[0] = Some('x');
    assert!(given.url().unwrap_err().to_string().contains("no puzz.link form"));
}
