//! The genre's inputs read and written back: text and puzz.link URLs.

use super::*;

#[test]
fn the_janko_text_reads_numbers_and_blanks_and_refuses_other_tokens() {
    let p = Fillomino::read("t.txt", "2 3\n1 - 3\n. 10 -\n").unwrap();
    let n = |v| Some(Clue::Number(v));
    assert_eq!(p.clues, vec![n(1), None, n(3), None, n(10), None]);
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?fillomino/3/2/1g3gag");
    for (text, at) in [("1 2\n0 -\n", "t.txt:2:1: 0 is no"), ("1 2\n- ?\n", "t.txt:2:3: `?`")] {
        let e = Fillomino::read("t.txt", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{e}");
    }
}

#[test]
fn urls_round_trip() {
    // pzprjs's fillomino test board (`test/script/fillomino.js`).
    let url = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h";
    let p = Fillomino::read("URL", url).unwrap();
    assert_eq!(p.url().unwrap(), url);
    let e = Fillomino::read("URL", "https://puzz.link/p?fillomino/2/2/.").unwrap_err();
    assert!(e.to_string().contains("`?`"), "{e}");
}

#[test]
fn a_number_above_the_cell_count_has_no_solution_and_costs_no_classes() {
    let p = Fillomino::read("t.txt", "1 2\n4000000000 -\n").unwrap();
    let options = crate::solve::SolveOptions::new("batsat", "", crate::solve::Mode::Count(2));
    let report = crate::solve::solve_puzzle(&p, &options).unwrap();
    assert!(report.solutions.is_empty());
}
