//! The genre's inputs: janko text and puzz.link URLs.

use super::*;

#[test]
fn the_janko_text_reads_givens_and_the_diagonal_flag() {
    let p = Sudoku::read_text("t.txt", "4 4\n1 - - -\n- . 3 -\n- - - -\n- - - 4\n").unwrap();
    assert_eq!(p.grid, Grid::new(4, 4));
    assert_eq!(p.givens[0], Some(Clue::Number(1)));
    assert_eq!(p.givens[6], Some(Clue::Number(3)));
    assert_eq!(p.givens.iter().flatten().count(), 3);
    assert!(!p.diagonal);
    let x = Sudoku::read_text("t.txt", "4 4 diagonal\n- - - -\n- - - -\n- - - -\n- - - -\n");
    assert!(x.unwrap().diagonal);
    let big = "16 16\n".to_string() + &"16 - - - - - - - - - - - - - - -\n".repeat(16);
    assert_eq!(Sudoku::read_text("t", &big).unwrap().givens[0], Some(Clue::Number(16)));
}

#[test]
fn bad_text_names_line_and_column() {
    let e = Sudoku::read_text("t.txt", "4 4\n1 - - -\n- - 5 -\n- - - -\n- - - 4\n");
    let e = e.unwrap_err().to_string();
    assert!(e.starts_with("t.txt:3:5: expected a digit 1 to 4"), "{e}");
    let e = Sudoku::read_text("t.txt", "4 4 x\n1 - - -\n- - - -\n- - - -\n- - - 4\n");
    assert!(e.unwrap_err().to_string().starts_with("t.txt:1:5: a sudoku header"));
    let e = Sudoku::read_text("t.txt", "2 3\n1 - -\n- - -\n").unwrap_err().to_string();
    assert!(e.contains("square"), "{e}");
}

#[test]
fn urls_round_trip() {
    let p = Sudoku::read_text("t", "4 4\n1 - - -\n- - 3 -\n- - - -\n- - - 4\n").unwrap();
    let url = p.url().unwrap();
    assert_eq!(url, "https://puzz.link/p?sudoku/4/4/1k3n4");
    let back = Sudoku::read("URL", &url).unwrap();
    assert_eq!(back.givens, p.givens);
    let p = Sudoku::read("URL", "https://puzz.link/p?sudoku/4/4/5o").unwrap();
    assert!(p.precheck().unwrap().contains("r1c1 is not a digit 1 to 4"));
}
