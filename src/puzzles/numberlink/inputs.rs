//! The genre's inputs read and written back: text and puzz.link URLs.

use super::*;
use crate::puzzles::Puzzle;
use crate::solve::{solve_puzzle, Mode, SolveOptions, Verdict};

const PZPRJS: &str = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3";

#[test]
fn the_pzprjs_url_reads_like_its_text_and_is_written_back() {
    let p = Numberlink::read("URL", PZPRJS).unwrap();
    let text = "5 5\n1 - - - -\n2 - - 3 -\n- - - - -\n- 1 - - 2\n- - - - 3\n";
    assert_eq!(Numberlink::read("t.txt", text).unwrap(), p);
    assert_eq!(p.url().unwrap(), PZPRJS);
    let report = solve_puzzle(&p, &SolveOptions::new("batsat", "", Mode::Count(2))).unwrap();
    assert_eq!(report.verdict, Verdict::Unique);
}

#[test]
fn bad_text_and_urls_name_the_position() {
    let e = Numberlink::read("t.txt", "2 2\n1 -\n- ?\n").unwrap_err().to_string();
    assert!(e.starts_with("t.txt:3:3: a numberlink end needs its number"), "{e}");
    let e = Numberlink::read("t.txt", "2 2\n1 x\n- 1\n").unwrap_err().to_string();
    assert!(e.starts_with("t.txt:2:3:"), "{e}");
    let e = Numberlink::read("URL", "https://puzz.link/p?numlin/2/2/1.h").unwrap_err();
    assert!(e.to_string().starts_with("URL:1:"), "{e}");
}

#[test]
fn a_number_not_written_twice_has_no_solution() {
    let p = Numberlink::read("t.txt", "2 3\n1 - 1\n- 1 -\n").unwrap();
    assert_eq!(p.precheck().unwrap(), "the number 1 is written 3 times, not twice");
    let report = solve_puzzle(&p, &SolveOptions::new("batsat", "", Mode::Count(2))).unwrap();
    assert_eq!(report.verdict, Verdict::None);
}

#[test]
fn janko_text_with_padded_tokens_reads_and_answers_in_direction_letters() {
    let text = "5 5\n7 - - - 3\n9 1 3 - -\n- - - 7 -\n- - - - -\n9 - - - 1\n";
    let answer = "5 5\ne ew ew sw s\ns s s ns ns\nns ns ns n ns\nns ns ne ew nw\nn ne ew ew w\n";
    let p = Numberlink::read("t.txt", text).unwrap();
    let report = solve_puzzle(&p, &SolveOptions::new("batsat", "", Mode::Count(2))).unwrap();
    assert_eq!(report.verdict, Verdict::Unique);
    assert_eq!(p.answer_text(&report.solutions[0]).unwrap(), answer);
}
