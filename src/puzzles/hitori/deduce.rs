//! Hitori by deduction, before any model: the toolkit's shading logic (a shaded cell's
//! neighbours are unshaded, a cell that would cut the unshaded cells apart is unshaded,
//! probing) with hitori's own rules: an unshaded number shades its equals in the row and
//! column; of two equal numbers side by side one stays unshaded, so the line's other equals are
//! shaded; a number between two equals is unshaded. All of them hold in every solution, so a
//! grid they decide completely is the only one. (The solvers' rule "a number without an equal
//! in its row and column is unshaded" holds only in puzzles already known to be unique, so it is
//! not used: such a cell is decided by its neighbours or by connectivity, or not at all.)

use super::Hitori;
use crate::grid::shading_logic::{Contradiction, ShadingLogic, ShadingRules};
use crate::grid::Cell;
use std::time::Instant;

/// Per cell, the other cells of its row and column holding its number.
struct Equals(Vec<Vec<Cell>>);

impl ShadingRules for Equals {
    fn propagate(
        &self,
        logic: &mut ShadingLogic,
        cell: Cell,
        shaded: bool,
    ) -> Result<(), Contradiction> {
        if !shaded {
            for &other in &self.0[cell] {
                logic.set(other, true)?;
            }
        }
        Ok(())
    }
}

/// The cells the deductions decide (all of them when they solve the puzzle), or the
/// contradiction they reach (the puzzle has no solution). Probing stops at the deadline.
pub fn deduce(p: &Hitori, deadline: Option<Instant>) -> Result<ShadingLogic, Contradiction> {
    let g = p.grid;
    let mut logic = ShadingLogic::new(g);
    let mut equals = Equals(vec![Vec::new(); g.len()]);
    for (_, cells) in p.repeats() {
        for &a in &cells {
            equals.0[a].extend(cells.iter().copied().filter(|&b| b != a));
        }
        // `repeats` lists a line's cells in line order.
        for pair in cells.windows(2) {
            let ((ra, ca), (rb, cb)) = (g.rc(pair[0]), g.rc(pair[1]));
            let apart = (rb - ra) + (cb - ca);
            if apart == 1 {
                // They cannot both be shaded, so one of them is the line's unshaded one.
                for &other in cells.iter().filter(|&&c| c != pair[0] && c != pair[1]) {
                    logic.set(other, true)?;
                }
            } else if apart == 2 {
                // Shading the middle would unshade both equals beside it.
                logic.set(g.cell((ra + rb) / 2, (ca + cb) / 2), false)?;
            }
        }
    }
    logic.settle_and_probe(&equals, deadline)?;
    Ok(logic)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Clue, Grid};
    use crate::model::testing::Rng;
    use crate::puzzles::testing::all_shadings;
    use crate::puzzles::Puzzle;

    /// A random grid of up to 4×4 with numbers 1–4 and a few `?`.
    fn random_puzzle(rng: &mut Rng) -> Hitori {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let numbers = grid
            .cells()
            .map(|_| match rng.below(12) {
                0 => Some(Clue::Unknown),
                _ => Some(Clue::Number(1 + rng.below(4) as u32)),
            })
            .collect();
        Hitori { grid, numbers }
    }

    #[test]
    fn every_decided_cell_holds_in_every_solution_and_a_contradiction_means_none() {
        let mut rng = Rng::new(29);
        let (mut solved, mut contradictions, mut partial) = (0, 0, 0);
        for _ in 0..300 {
            let p = random_puzzle(&mut rng);
            let solutions: Vec<Vec<bool>> = all_shadings(p.grid.len())
                .filter(|s| p.verify(s).is_ok())
                .collect();
            match deduce(&p, None) {
                Err(Contradiction) => {
                    assert!(solutions.is_empty(), "{p:?}: {solutions:?}");
                    contradictions += 1;
                }
                Ok(logic) => {
                    for s in &solutions {
                        for (c, known) in logic.cells.iter().enumerate() {
                            assert!(known.is_none_or(|k| k == s[c]), "{p:?}: {c} in {s:?}");
                        }
                    }
                    if let Some(shading) = logic.shading() {
                        // Decided completely: the only candidate (it may still break "something
                        // shaded", which the deductions do not use).
                        assert!(solutions.len() <= 1, "{p:?}");
                        solved += usize::from(solutions == [shading]);
                    } else {
                        partial += 1;
                    }
                }
            }
        }
        assert!(
            solved >= 20 && contradictions >= 20 && partial >= 5,
            "{solved} solved, {contradictions} contradictions, {partial} partial"
        );
    }
}
