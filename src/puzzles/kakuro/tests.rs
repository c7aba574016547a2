//! The rules against published answers and broken boards, and every formulation against brute
//! force on tiny grids.

use super::*;
use crate::grid::sums::Square;
use crate::model::testing::Rng;
use crate::puzzles::testing::{accepted, assert_finds_exactly_the_accepted};

/// The spec's worked example, janko.at's Kakuro 94, and its published answer.
fn janko94() -> (Kakuro, Digits) {
    let text = "6 6\n- - - 27, 9, 6,\n- - 14,7 0 0 0\n- 10,14 0 0 0 0\n,16 0 0 0 0 0\n\
                ,24 0 0 0 - -\n,5 0 0 - - -\n";
    let answer = "0 0 0 0 0 0 0 0 0 4 2 1 0 0 1 8 3 2 0 1 2 6 4 3 0 7 8 9 0 0 0 2 3 0 0 0";
    let digits = answer.split(' ').map(|d| d.parse().unwrap()).collect();
    (Kakuro::read_text("t", text).unwrap(), digits)
}

#[test]
fn the_published_answer_passes_and_broken_boards_fail_for_their_reason() {
    let (p, good) = janko94();
    assert_eq!(p.verify(&good), Ok(()));
    assert_eq!(
        p.answer_text(&good).unwrap(),
        "6 6\n- - - - - -\n- - - 4 2 1\n- - 1 8 3 2\n- 1 2 6 4 3\n- 7 8 9 - -\n- 2 3 - - -\n"
    );
    let broken = |at: usize, d: i64| {
        let mut b = good.clone();
        b[at] = d;
        p.verify(&b).unwrap_err()
    };
    assert!(broken(0, 3).contains("r1c1 holds 3"));
    assert!(broken(9, 0).contains("r2c4 holds 0"));
    assert!(broken(9, 5).contains("the run r2c4 across adds up to 8, not 7"));
    let twice = broken(10, 4);
    assert!(twice.contains("the run r2c4 across has 4 twice, at r2c4 and r2c5"), "{twice}");
    assert!(p.verify(&good[1..].to_vec()).is_err());
}

/// A random kakuro of up to 3×4 (black first row and column), its sums those of a random fill
/// (now and then one changed, which may leave no solution).
fn random_puzzle(rng: &mut Rng) -> Kakuro {
    let grid = Grid::new(2 + rng.below(2) as usize, 2 + rng.below(3) as usize);
    let mut squares: Vec<Square> = (grid.cells())
        .map(|c| {
            let (r, col) = grid.rc(c);
            match r == 0 || col == 0 || rng.below(5) == 0 {
                true => BLACK,
                false => Square::White,
            }
        })
        .collect();
    let digits: Vec<i64> = grid.cells().map(|_| 1 + rng.below(9) as i64).collect();
    let p = SumGrid { grid, squares: squares.clone() };
    for run in p.runs() {
        let mut sum: i64 = run.cells.iter().map(|&c| digits[c]).sum();
        sum += i64::from(rng.below(6) == 0);
        let (r, c) = grid.rc(run.cells[0]);
        let across = run.name.ends_with("across");
        let before = if across { grid.cell(r, c - 1) } else { grid.cell(r - 1, c) };
        if let Square::Black { down, right } = &mut squares[before] {
            let side = if across { right } else { down };
            *side = (rng.below(4) != 0).then_some(sum as u32);
        }
    }
    Kakuro::new(SumGrid { grid, squares })
}

/// Every digit fill of the white cells (at most 9^4).
fn all_fills(p: &Kakuro) -> Vec<Digits> {
    let g = p.sums.grid;
    let whites: Vec<Cell> = g.cells().filter(|&c| p.sums.is_white(c)).collect();
    let mut out = vec![vec![0; g.len()]];
    for &c in &whites {
        out = (out.iter())
            .flat_map(|f| (1..=9).map(move |d| (f.clone(), d)))
            .map(|(mut f, d)| {
                f[c] = d;
                f
            })
            .collect();
    }
    out
}

#[test]
fn every_formulation_finds_exactly_the_digits_the_rules_accept() {
    let mut rng = Rng::new(26);
    // Every value of every key, the other keys at their defaults.
    let specs = crate::grid::digits::each_value_specs(&Kakuro::keys());
    let (mut solvable, mut several, mut tried) = (0, 0, 0);
    while tried < 30 {
        let p = random_puzzle(&mut rng);
        let whites = p.sums.squares.iter().filter(|&&s| s == Square::White).count();
        if whites == 0 || whites > 4 {
            continue;
        }
        let candidates = all_fills(&p);
        // Few solutions, so that enumerating them all on every formulation stays quick.
        if accepted(&p, candidates.clone()).len() > 30 {
            continue;
        }
        tried += 1;
        for spec in &specs {
            let mut runs = vec![("varisat", spec.as_str()), ("batsat", spec.as_str())];
            if whites <= 2 {
                runs.push(("microlp", spec.as_str()));
            }
            let label = format!("{p:?}");
            let n = assert_finds_exactly_the_accepted(&p, candidates.clone(), &runs, &label);
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
    }
    assert!(solvable >= 60 && several >= 15, "{solvable} solvable, {several} with several");
}
