//! The rules against published answers and broken boards, and every formulation against brute
//! force on tiny grids.

use super::*;
use crate::model::int_rules::CageOp;
use crate::model::testing::Rng;
use crate::puzzles::testing::{accepted, assert_finds_exactly_the_accepted};

/// The spec's worked example, janko.at's Kendoku 1, and its published answer.
fn janko1() -> (KenKen, Digits) {
    let text = "4 4\n24* 2/ . 3-\n. . 7+ .\n3- 5+ . 3\n. . 2/ .\n\
                1 2 2 3\n1 1 4 3\n5 6 4 7\n5 6 8 8\n";
    let answer = [3, 1, 2, 4, 2, 4, 3, 1, 1, 2, 4, 3, 4, 3, 1, 2];
    (KenKen::read_text("t", text).unwrap(), answer.to_vec())
}

#[test]
fn the_published_answer_passes_and_broken_boards_fail_for_their_reason() {
    let (p, good) = janko1();
    assert_eq!(p.verify(&good), Ok(()));
    assert_eq!(
        p.answer_text(&good).unwrap(),
        "4 4\n3 1 2 4\n2 4 3 1\n1 2 4 3\n4 3 1 2\n"
    );
    let mut bad = good.clone();
    bad[0] = 5;
    assert!(p.verify(&bad).unwrap_err().contains("r1c1 holds 5"));
    bad.swap(0, 1);
    bad[1] = 3;
    bad[0] = 1;
    let err = p.verify(&bad).unwrap_err();
    assert!(err.contains("is twice in a line"), "{err}");
    // Swapping two columns keeps the square Latin but breaks cages.
    let swapped: Digits = (0..16).map(|i| good[i / 4 * 4 + [1, 0, 2, 3][i % 4]]).collect();
    let err = p.verify(&swapped).unwrap_err();
    assert!(err.contains("the cage at r1c1 ([1, 4, 2]) does not make 24*"), "{err}");
}

#[test]
fn cages_hold_by_their_operation() {
    use CageOp::*;
    assert!(cage_holds(Difference, 2, &[3, 1]) && cage_holds(Difference, 2, &[1, 3]));
    assert!(cage_holds(Quotient, 3, &[2, 6]) && !cage_holds(Quotient, 3, &[2, 5]));
    assert!(!cage_holds(Difference, 0, &[3, 2, 1]), "differences are of two cells");
    assert!(cage_holds(Any, 6, &[1, 2, 3]) && cage_holds(Any, 4, &[1, 5]));
    assert!(cage_holds(Any, 5, &[5]));
    assert!(!cage_holds(Any, 7, &[1, 2, 3]));
}

/// A random kenken of 2×2 or 3×3: cages grown cell by cell onto the left or upper
/// neighbour's, clues made by a random Latin square with random operations (a bare number now
/// and then), some cages without a clue.
fn random_puzzle(rng: &mut Rng) -> KenKen {
    let n = 2 + rng.below(2) as usize;
    let grid = Grid::new(n, n);
    let mut labels = vec![0; grid.len()];
    for c in grid.cells() {
        let (r, col) = grid.rc(c);
        labels[c] = match rng.below(3) {
            0 if col > 0 => labels[c - 1],
            1 if r > 0 => labels[c - n],
            _ => c,
        };
    }
    let cages = Rooms::from_labels(grid, &labels).unwrap();
    let shift = rng.below(n as u64) as usize;
    let latin: Vec<i64> = grid.cells().map(|c| ((c / n + c % n + shift) % n + 1) as i64).collect();
    let mut clues = vec![None; grid.len()];
    for cells in &cages.cells {
        let values: Vec<i64> = cells.iter().map(|&c| latin[c]).collect();
        let ops = [CageOp::Sum, CageOp::Product, CageOp::Difference, CageOp::Quotient, CageOp::Any];
        let op = ops[rng.below(5) as usize];
        let target = (1..=30).find(|&t| cage_holds(op, t, &values));
        if rng.below(5) != 0 {
            clues[cells[rng.below(cells.len() as u64) as usize]] =
                target.map(|target| CageClue { op, target });
        }
    }
    KenKen { grid, cages, clues }
}

/// Every fill of the grid with 1..=n.
fn all_fills(n: usize) -> Vec<Digits> {
    let mut out = vec![vec![]];
    for _ in 0..n * n {
        out = (out.iter())
            .flat_map(|f: &Digits| (1..=n as i64).map(move |d| [f.clone(), vec![d]].concat()))
            .collect();
    }
    out
}

#[test]
fn every_formulation_finds_exactly_the_digits_the_rules_accept() {
    let mut rng = Rng::new(7);
    // Every value of every key, the other keys at their defaults.
    let specs = crate::grid::digits::each_value_specs(&KenKen::keys());
    let fills = [all_fills(2), all_fills(3)];
    let (mut solvable, mut several) = (0, 0);
    for _ in 0..30 {
        let p = random_puzzle(&mut rng);
        let candidates = fills[p.grid.width - 2].clone();
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
