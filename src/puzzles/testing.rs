//! Test helpers for shading genres: every shading the rules accept, by brute force, against
//! what each formulation × backend enumerates.

use super::Puzzle;
use crate::solve::{solve_puzzle, Mode, SolveOptions};
use std::collections::BTreeSet;

/// Every shading of `cells` cells (at most 20) that the puzzle's `verify` accepts.
pub fn brute_shadings<P: Puzzle<Solution = Vec<bool>>>(p: &P, cells: usize) -> BTreeSet<Vec<bool>> {
    assert!(cells <= 20, "2^{cells} shadings is too many to enumerate");
    (0u32..1 << cells)
        .map(|bits| {
            (0..cells)
                .map(|i| bits >> i & 1 == 1)
                .collect::<Vec<bool>>()
        })
        .filter(|s| p.verify(s).is_ok())
        .collect()
}

/// Asserts that each formulation spec on each backend enumerates exactly the shadings the
/// brute force accepts (the driver verifies each solution, so this checks that none is
/// missing and none is extra). Returns how many shadings there are.
pub fn assert_matches_brute_force<P: Puzzle<Solution = Vec<bool>>>(
    p: &P,
    cells: usize,
    specs: &[&str],
    backends: &[&str],
) -> usize {
    let expected = brute_shadings(p, cells);
    for backend in backends {
        for spec in specs {
            let opts = SolveOptions::new(backend, spec, Mode::Count(expected.len() + 1));
            let report = solve_puzzle(p, &opts).unwrap_or_else(|e| panic!("{backend} {spec}: {e}"));
            let found: BTreeSet<Vec<bool>> = report.solutions.into_iter().collect();
            assert_eq!(found, expected, "{backend} {spec}");
        }
    }
    expected.len()
}
