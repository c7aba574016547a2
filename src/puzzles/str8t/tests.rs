//! The rules against published answers and broken boards, and every formulation against brute
//! force on tiny grids.

use super::*;
use crate::model::testing::Rng;
use crate::puzzles::testing::{accepted, assert_finds_exactly_the_accepted};

/// The spec's worked example, janko.at's Straights 2, and its published answer.
fn janko2() -> (Str8t, Digits) {
    let text = "6 6\n3 4 x - - x\n- - 1x 6 - x\n- - - - - x\n\
                x - - - 1 -\nx - 3 x - -\nx - - x - -\n";
    let answer = "3 4 0 5 6 0 4 3 1 6 5 0 5 1 4 3 2 0 0 5 2 4 1 3 0 2 3 0 4 5 0 6 5 0 3 4";
    let digits = answer.split(' ').map(|d| d.parse().unwrap()).collect();
    (Str8t::read_text("t", text).unwrap(), digits)
}

#[test]
fn the_published_answer_passes_and_broken_boards_fail_for_their_reason() {
    let (p, good) = janko2();
    assert_eq!(p.verify(&good), Ok(()));
    assert_eq!(
        p.answer_text(&good).unwrap(),
        "6 6\n3 4 - 5 6 -\n4 3 1 6 5 -\n5 1 4 3 2 -\n- 5 2 4 1 3\n- 2 3 - 4 5\n- 6 5 - 3 4\n"
    );
    let broken = |at: usize, d: i64| {
        let mut b = good.clone();
        b[at] = d;
        p.verify(&b).unwrap_err()
    };
    assert!(broken(0, 2).contains("r1c1 holds 2, not its given"));
    assert!(broken(8, 0).contains("r2c3 holds 0"));
    assert!(broken(2, 1).contains("r1c3 holds 1"));
    assert!(broken(6, 1).contains("1 is twice in a line, at r2c1 and r2c3"));
    let err = p.verify(&[&good[..12], &[6, 1, 4, 3, 2], &good[17..]].concat()).unwrap_err();
    assert!(err.contains("the run from r3c1 ([6, 1, 4, 3, 2]) is not a straight"), "{err}");
    assert!(!is_straight(&[1, 3]) && is_straight(&[3, 2]) && !is_straight(&[2, 2]));
}

/// A random str8ts of 2×2 or 3×3: black cells now and then (some with a digit), a given white
/// digit now and then.
fn random_puzzle(rng: &mut Rng) -> Str8t {
    let n = 2 + rng.below(2) as usize;
    let grid = Grid::new(n, n);
    let digit = |rng: &mut Rng| Some(1 + rng.below(n as u64) as i64);
    let squares = (grid.cells())
        .map(|_| match rng.below(10) {
            0 | 1 => Square::Black(None),
            2 => Square::Black(digit(rng)),
            3 => Square::White(digit(rng)),
            _ => Square::White(None),
        })
        .collect();
    Str8t { grid, squares }
}

/// Every fill of the white cells with 1..=n (black cells keep their digit or 0).
fn all_fills(p: &Str8t) -> Vec<Digits> {
    let mut out = vec![vec![]];
    for s in &p.squares {
        let choices: Vec<i64> = match s {
            Square::Black(d) => vec![d.unwrap_or(0)],
            Square::White(_) => (1..=p.grid.width as i64).collect(),
        };
        out = (out.iter())
            .flat_map(|f: &Digits| choices.iter().map(move |&d| [f.clone(), vec![d]].concat()))
            .collect();
    }
    out
}

#[test]
fn every_formulation_finds_exactly_the_digits_the_rules_accept() {
    let mut rng = Rng::new(8);
    let specs = crate::grid::digits::each_value_specs(&Str8t::keys());
    let (mut solvable, mut several) = (0, 0);
    for _ in 0..30 {
        let p = random_puzzle(&mut rng);
        let candidates = all_fills(&p);
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
    assert!(solvable >= 40 && several >= 10, "{solvable} solvable, {several} with several");
}
