//! The rules against published answers and broken boards, and every formulation against brute
//! force on tiny grids.

use super::*;
use crate::model::testing::Rng;
use crate::puzzles::testing::{accepted, assert_finds_exactly_the_accepted};

/// The spec's worked example, janko.at's Wolkenkratzer 15 (heights 1-3 in a 4x4 grid), and
/// its published answer.
fn janko15() -> (Skyscraper, Digits) {
    let text = "4 4 3\n2 2 1 2\n1 2 3 1\n2 2 3 1\n2 2 1 3\n- - - -\n- - - -\n- - - -\n- - - -\n";
    let answer = [0, 1, 3, 2, 2, 3, 0, 1, 1, 0, 2, 3, 3, 2, 1, 0];
    (Skyscraper::read_text("t", text).unwrap(), answer.to_vec())
}

#[test]
fn the_published_answer_passes_and_broken_boards_fail_for_their_reason() {
    let (p, good) = janko15();
    assert_eq!(p.verify(&good), Ok(()));
    assert_eq!(
        p.answer_text(&good).unwrap(),
        "4 4 3\n0 1 3 2\n2 3 0 1\n1 0 2 3\n3 2 1 0\n"
    );
    let mut bad = good.clone();
    bad[0] = 4;
    assert!(p.verify(&bad).unwrap_err().contains("r1c1 holds 4"));
    bad[0] = 1;
    assert!(p.verify(&bad).unwrap_err().contains("the line from r1c1 holds 1 2 times"));
    // Rows 1 and 2 swapped: still Latin, but not what the edges see.
    let swapped: Digits = [&good[4..8], &good[0..4], &good[8..]].concat();
    let err = p.verify(&swapped).unwrap_err();
    assert!(err.contains("buildings are seen from the top of r1c2, not 2"), "{err}");
    let mut given = p.clone();
    given.givens[5] = Some(2);
    assert!(given.verify(&good).unwrap_err().contains("r2c2 holds 3, not its given height"));
    let mut diagonal = p.clone();
    diagonal.diagonals = true;
    assert!(diagonal.verify(&good).unwrap_err().contains("line from r1c1 holds 1 0 times"));
}

#[test]
fn seen_counts_follow_the_highest_so_far() {
    assert_eq!(crate::model::int_rules::seen_count(&[0, 2, 1, 3, 0]), 2);
    assert_eq!(crate::model::int_rules::seen_count(&[1, 2, 3]), 3);
    assert_eq!(crate::model::int_rules::seen_count(&[0, 0]), 0);
}

/// A random skyscraper of 2×2 or 3×3 (heights up to N = W or W − 1, diagonals now and then),
/// its clues those of a random valid fill, some removed, a few changed; and every fill whose
/// lines hold 1..=N once (the candidates: any solution is one of them).
fn random_puzzle(rng: &mut Rng) -> (Skyscraper, Vec<Digits>) {
    let w = 2 + rng.below(2) as usize;
    let grid = Grid::new(w, w);
    let tallest = w as i64 - rng.below(2) as i64;
    let diagonals = rng.below(4) == 0;
    let (edges, givens) = (vec![None; 4 * w], vec![None; w * w]);
    let blank = Skyscraper { grid, tallest, diagonals, edges, givens };
    let fills = all_fills(&blank);
    let valid: Vec<Digits> = fills.into_iter().filter(|f| blank.verify(f).is_ok()).collect();
    let mut p = blank.clone();
    if valid.is_empty() {
        return (p, valid);
    }
    let fill = valid[rng.below(valid.len() as u64) as usize].clone();
    p.edges = vec![Some(Clue::Number(0)); 4 * w];
    let seen_in = |l: &Vec<Cell>| seen_count(&l.iter().map(|&c| fill[c]).collect::<Vec<_>>());
    let seen: Vec<u32> = p.sights().iter().map(|(_, l, _)| seen_in(l) as u32).collect();
    for (edge, n) in p.edges.iter_mut().zip(seen) {
        *edge = match rng.below(6) {
            0 | 1 => None,
            2 => Some(Clue::Number(n + 1)),
            _ => Some(Clue::Number(n)),
        };
    }
    if rng.below(3) == 0 {
        let c = rng.below(grid.len() as u64) as usize;
        p.givens[c] = Some(fill[c]);
    }
    (p, valid)
}

/// Every fill of the grid with heights 0..=N (at most 4^9).
fn all_fills(p: &Skyscraper) -> Vec<Digits> {
    let mut out = vec![vec![]];
    for _ in p.grid.cells() {
        out = (out.iter())
            .flat_map(|f: &Digits| (0..=p.tallest).map(move |d| [f.clone(), vec![d]].concat()))
            .collect();
    }
    out
}

#[test]
fn every_formulation_finds_exactly_the_heights_the_rules_accept() {
    let mut rng = Rng::new(5);
    let specs = crate::grid::digits::each_value_specs(&Skyscraper::keys());
    let (mut solvable, mut several) = (0, 0);
    for _ in 0..40 {
        let (p, candidates) = random_puzzle(&mut rng);
        if accepted(&p, candidates.clone()).len() > 12 {
            continue;
        }
        for spec in &specs {
            let mut runs = vec![("varisat", spec.as_str()), ("batsat", spec.as_str())];
            if p.grid.width == 2 {
                runs.push(("microlp", spec.as_str()));
            }
            let label = format!("{p:?}");
            let n = assert_finds_exactly_the_accepted(&p, candidates.clone(), &runs, &label);
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
    }
    assert!(solvable >= 40 && several >= 20, "{solvable} solvable, {several} with several");
}

