//! Test helpers for every genre: the candidate solutions the rules accept, by brute force,
//! against what each formulation × backend enumerates. The caller supplies the candidates
//! (every shading of a few cells, every loop of a tiny grid, …), so any solution type works.

use super::Puzzle;
use crate::grid::{Grid, Rooms};
use crate::model::testing::Rng;
use crate::solve::{solve_puzzle, Mode, SolveOptions};
use std::collections::BTreeSet;
use std::fmt::Debug;

/// The candidates that the puzzle's `verify` accepts.
pub fn accepted<P: Puzzle>(
    p: &P,
    candidates: impl IntoIterator<Item = P::Solution>,
) -> BTreeSet<P::Solution>
where
    P::Solution: Ord,
{
    (candidates.into_iter())
        .filter(|s| p.verify(s).is_ok())
        .collect()
}

/// Asserts that each `(backend, formulation spec)` run enumerates exactly the candidates the
/// puzzle's `verify` accepts (the driver verifies each solution, so this checks that none is
/// missing and none is extra); `label` names the instance in a failure. Returns how many
/// candidates are accepted.
pub fn assert_finds_exactly_the_accepted<P: Puzzle>(
    p: &P,
    candidates: impl IntoIterator<Item = P::Solution>,
    runs: &[(&str, &str)],
    label: &str,
) -> usize
where
    P::Solution: Ord + Debug,
{
    let expected = accepted(p, candidates);
    for &(backend, spec) in runs {
        // One more than expected is enough to see an extra solution.
        let opts = SolveOptions::new(backend, spec, Mode::Count(expected.len() + 1));
        let report =
            solve_puzzle(p, &opts).unwrap_or_else(|e| panic!("{label} {backend} {spec}: {e}"));
        let found: BTreeSet<P::Solution> = report.solutions.into_iter().collect();
        assert_eq!(found, expected, "{label} {backend} {spec}");
    }
    expected.len()
}

/// Every shading of `cells` cells (at most 20).
pub fn all_shadings(cells: usize) -> impl Iterator<Item = Vec<bool>> {
    assert!(cells <= 20, "2^{cells} shadings is too many to enumerate");
    (0u32..1 << cells).map(move |bits| (0..cells).map(|i| bits >> i & 1 == 1).collect())
}

/// [`assert_finds_exactly_the_accepted`] over every shading of `cells` cells, each formulation
/// spec on each backend. Returns how many shadings there are.
pub fn assert_matches_brute_force<P: Puzzle<Solution = Vec<bool>>>(
    p: &P,
    cells: usize,
    specs: &[&str],
    backends: &[&str],
) -> usize {
    let runs: Vec<(&str, &str)> = (backends.iter())
        .flat_map(|&backend| specs.iter().map(move |&spec| (backend, spec)))
        .collect();
    assert_finds_exactly_the_accepted(p, all_shadings(cells), &runs, "")
}

/// A shading written as rows of `#` and `.` joined by `/` (`"#./.#"`), for tests of `verify`.
pub fn shading(grid: Grid, rows: &str) -> Vec<bool> {
    grid.parse_shading(&rows.split('/').collect::<Vec<_>>())
        .unwrap()
}

/// The grid cut into random regions, grown from at most half as many random seeds as cells.
pub fn random_rooms(rng: &mut Rng, grid: Grid) -> Rooms {
    let seeds = 1 + rng.below(grid.len() as u64 / 2);
    let labels: Vec<u64> = grid.cells().map(|_| rng.below(seeds)).collect();
    Rooms::grown(grid, |a, b| labels[a] == labels[b])
}
