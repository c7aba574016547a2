//! The genre's inputs: janko text and puzz.link's `ripple` URL.

use super::tests::{numbers, JANKO};
use super::*;
use crate::solve::{solve_puzzle, Mode, SolveOptions};

#[test]
fn the_janko_text_reads_givens_and_regions() {
    let p = Hakyuu::read_text("t.txt", JANKO).unwrap();
    assert_eq!(p.grid, Grid::new(6, 6));
    assert_eq!(p.rooms.len(), 12);
    assert_eq!(p.givens[12], Some(Clue::Number(2)));
    assert_eq!(p.givens.iter().flatten().count(), 6);
}

#[test]
fn bad_text_names_line_and_column() {
    for (text, at) in [
        (JANKO.replacen("2 - - 1", "0 - - 1", 1), "t.txt:4:1: a Hakyuu number is 1 or more"),
        (JANKO.replacen("2 - - 1", "? - - 1", 1), "t.txt:4:1: a Hakyuu cell is a number"),
        (JANKO.replacen("6 6\n", "6 6 x\n", 1), "t.txt:1:5: a hakyuu header is `H W`"),
        (JANKO.replacen("10 9 1 2 2 2", "10 9 1 2 2 6", 1), "t.txt:13:"),
    ] {
        let e = Hakyuu::read_text("t.txt", &text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{e}");
    }
}

#[test]
fn pzprjs_s_ripple_url_reads_solves_and_round_trips() {
    let url = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k";
    let p = Hakyuu::read("u", url).unwrap();
    assert_eq!(p.url().unwrap(), url);
    let report = solve_puzzle(&p, &SolveOptions::new("batsat", "", Mode::Count(2))).unwrap();
    let answer = numbers("4 4\n1 2 3 1\n2 1 4 2\n4 3 2 1\n1 2 1 3\n");
    assert_eq!(report.solutions, vec![answer]);
    let e = Hakyuu::read("u", "https://puzz.link/p?ripple/4/4/9n8rigk10h32k").unwrap_err();
    assert!(e.to_string().contains("1 or more"), "{e}");
    let back = Hakyuu::read("u", &Hakyuu::read_text("t", JANKO).unwrap().url().unwrap()).unwrap();
    assert_eq!(back, Hakyuu::read_text("t", JANKO).unwrap());
}
