//! Killer sudoku against its rules: inputs, the published answer, broken answers, and every
//! formulation against brute force on a 4×4.

use super::*;
use crate::puzzles::testing::assert_finds_exactly_the_accepted;

/// janko.at's Killer Sudoku 7 (a dev puzzle) and its published answer.
const JANKO: &str = "4 4\n6 4 - 5\n- 3 7 -\n4 - - 5\n- 6 - -\n1 2 2 3\n1 4 5 3\n6 4 5 7\n6 8 8 7\n";
const ANSWER: &str = "4 4\n4 3 1 2\n2 1 4 3\n1 2 3 4\n3 4 2 1\n";

fn digits(text: &str) -> Digits {
    let tokens = text.lines().skip(1).flat_map(str::split_whitespace);
    tokens.map(|t| t.parse().unwrap()).collect()
}

#[test]
fn the_text_reads_cages_and_sums_and_errors_name_the_place() {
    let p = KillerSudoku::read_text("t", JANKO).unwrap();
    assert_eq!(p.cages.len(), 8);
    assert_eq!(p.sums[0], Some((0, 6)));
    assert_eq!(p.sums[p.cages.room_of[6]], Some((6, 7)));
    let e = KillerSudoku::read_text("t", "3 3\n3 3 -\n- - -\n- - -\n1 1 2\n3 3 2\n3 3 2\n").unwrap_err();
    assert!(e.to_string().starts_with("t:2:3: a second sum"), "{e}");
    let e = KillerSudoku::read_text("t", "3 3\n3 x -\n- - -\n- - -\n1 1 2\n3 3 2\n3 3 2\n").unwrap_err();
    assert!(e.to_string().starts_with("t:2:3: expected a cage sum"), "{e}");
    let e = KillerSudoku::read_text("t", &JANKO.replace("4 4\n6", "4 4 y\n6")).unwrap_err();
    assert!(e.to_string().starts_with("t:1:5: a killersudoku header"), "{e}");
    assert!(KillerSudoku::read_text("t", &JANKO.replace("4 4\n6", "4 4 diagonal\n6")).unwrap().diagonal);
}

#[test]
fn the_published_answer_passes_and_broken_ones_fail_for_their_reason() {
    let p = KillerSudoku::read_text("t", JANKO).unwrap();
    let a = digits(ANSWER);
    assert_eq!(p.verify(&a), Ok(()));
    assert_eq!(p.answer_text(&a).unwrap(), ANSWER);
    // Columns 1 and 2 swapped: still a sudoku, the cages' sums break.
    let swapped = digits("4 4\n3 4 1 2\n1 2 4 3\n2 1 3 4\n4 3 2 1\n");
    let err = p.verify(&swapped).unwrap_err();
    assert!(err.contains("the cage of r1c1 adds up to 4, not 6"), "{err}");
    let err = p.verify(&digits("4 4\n4 3 1 2\n2 1 4 3\n1 2 3 4\n3 4 1 2\n")).unwrap_err();
    assert!(err.contains("same column"), "{err}");
    let mut x = p.clone();
    x.diagonal = true;
    assert!(x.verify(&a).unwrap_err().contains("same diagonal"));
}

#[test]
fn every_formulation_finds_exactly_the_grids_the_rules_accept() {
    // Candidates: every 4×4 sudoku (rows of permutations, filtered by verify).
    let perms: Vec<Vec<u32>> = (0..256u32)
        .map(|k| (0..4).map(|i| k >> (2 * i) & 3).map(|d| d + 1).collect::<Vec<u32>>())
        .filter(|p| (1..=4).all(|d| p.contains(&d)))
        .collect();
    let mut cands: Vec<Digits> = Vec::new();
    for a in &perms {
        for b in &perms {
            for c in &perms {
                for d in &perms {
                    cands.push([a.clone(), b.clone(), c.clone(), d.clone()].concat());
                }
            }
        }
    }
    // Few sums, so several solutions.
    let text = "4 4\n6 - - 5\n- - - -\n- - - -\n- - - -\n1 2 2 3\n1 4 5 3\n6 4 5 7\n6 8 8 7\n";
    let p = KillerSudoku::read_text("t", text).unwrap();
    let mut specs = Vec::new();
    for i in ["direct", "order", "log"] {
        for s in ["cage=sum,sum=linear", "cage=sum,sum=mdd", "cage=sets"] {
            specs.push(format!("int={i},alldiff=values,{s}"));
        }
        specs.push(format!("int={i},alldiff=pairwise,cage=sum"));
    }
    let mut runs: Vec<(&str, &str)> = vec![("microlp", "int=order,cage=sum")];
    for b in ["batsat", "varisat"] {
        runs.extend(specs.iter().map(|s| (b, s.as_str())));
    }
    let n = assert_finds_exactly_the_accepted(&p, cands, &runs, "killer 4x4");
    assert!(n > 1, "{n}");
}
