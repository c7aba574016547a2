//! Thermometers: fill cells so that every thermometer is filled from its bulb without gaps
//! (possibly not at all) and every row and column holds the number of filled cells written
//! beside it. janko.at writes each cell as `T.P`: thermometer T, position P along it, `1` the
//! bulb. Read top-down: the puzzle, its rules (`verify`), the model (`formulate`), the inputs.

#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::margins::{LineCounts, Margin, MarginText};
use crate::grid::text::CellValue;
use crate::grid::{Cell, Grid};
use crate::model::{Constraint, Model};
use crate::puzzles::{Formulated, Formulation, Puzzle};
use crate::render::{borders, Sketch, Symbol};

/// A thermometer puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thermometer {
    /// The grid.
    pub grid: Grid,
    /// Each thermometer's cells, bulb first.
    pub thermometers: Vec<Vec<Cell>>,
    /// The filled cells of each column and row.
    pub counts: LineCounts,
}

/// A solution: whether each cell is filled.
pub type Filled = Vec<bool>;

impl Thermometer {
    /// Each cell's thermometer.
    fn owner(&self) -> Vec<usize> {
        let mut owner = vec![0; self.grid.len()];
        for (t, cells) in self.thermometers.iter().enumerate() {
            cells.iter().for_each(|&c| owner[c] = t);
        }
        owner
    }
}

impl Puzzle for Thermometer {
    type Solution = Filled;
    const GENRE: &'static str = "thermometer";
    const RULES: &'static str =
        "fill each thermometer from its bulb without gaps; filled cells per row and column as given";
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = MarginText::parse(source, text, &[Margin::Columns, Margin::Rows])?;
        t.text.no_extras("thermometer")?;
        const CELL: &str = "expected a cell `T.P` (thermometer T, position P from 1 at the bulb)";
        let cells = t.text.map_cells(|_, v| {
            let CellValue::Other(x) = v else {
                return Err(CELL.to_string());
            };
            let parsed = x
                .split_once('.')
                .and_then(|(t, p)| Some((t.to_string(), p.parse().ok()?)));
            parsed
                .filter(|&(_, p): &(String, usize)| p >= 1)
                .ok_or_else(|| CELL.to_string())
        })?;
        let g = t.text.grid;
        let mut names: Vec<&str> = cells.iter().map(|(name, _)| name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        let mut thermometers = vec![Vec::new(); names.len()];
        for (c, (name, p)) in cells.iter().enumerate() {
            thermometers[names.binary_search(&name.as_str()).expect("a listed name")].push((*p, c));
        }
        for cells in &mut thermometers {
            cells.sort_unstable();
            // Positions 1, 2, … in order, each next to the one before.
            for (i, &(p, c)) in cells.iter().enumerate() {
                let follows = i == 0 || g.neighbours4(cells[i - 1].1).any(|d| d == c);
                if p != i + 1 || !follows {
                    let at = &t.text.cells[c];
                    let why = "a thermometer's positions run 1, 2, … from the bulb, each next to the one before";
                    return Err(t.text.error(at, format!("`{}`: {why}", at.text)));
                }
            }
        }
        let thermometers = thermometers
            .into_iter()
            .map(|t| t.into_iter().map(|(_, c)| c).collect());
        let counts = LineCounts::of(&t)?;
        Ok(Thermometer {
            grid: g,
            thermometers: thermometers.collect(),
            counts,
        })
    }
    fn formulate(&self, _: &Formulation) -> Result<Formulated<Filled>> {
        let g = self.grid;
        let mut m = Model::new();
        let filled = g.answer_bools(&mut m, "filled");
        for cells in &self.thermometers {
            for pair in cells.windows(2) {
                let name = format!("{} filled after {}", g.name(pair[1]), g.name(pair[0]));
                m.add(
                    name,
                    Constraint::implies(filled[pair[1]].lit(), filled[pair[0]].lit()),
                );
            }
        }
        self.counts.add(&mut m, g, "filled", |_, cells| {
            cells.iter().map(|&c| filled[c]).collect()
        });
        Ok(Formulated::shading(m, filled))
    }
    fn rows(&self, filled: &Filled) -> Vec<String> {
        self.grid.shading_rows(filled)
    }
    fn answer_text(&self, filled: &Filled) -> Option<String> {
        Some(self.grid.shading_answer("", filled))
    }
    fn sketch(&self, filled: Option<&Filled>) -> Sketch {
        let mut sketch = Sketch::of(self.grid).with_margin_counts(&self.counts);
        let owner = self.owner();
        sketch.given_lines = borders(self.grid, |c| owner[c]);
        for cells in &self.thermometers {
            sketch.given[cells[0]].symbol = Some(Symbol::WhiteCircle);
        }
        sketch.with_shading(filled.map(Vec::as_slice))
    }

    /// Checks a filling against the rules; the error says which rule and where.
    fn verify(&self, filled: &Filled) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(filled)?;
        for cells in &self.thermometers {
            if let Some(pair) = cells.windows(2).find(|p| filled[p[1]] && !filled[p[0]]) {
                let (gap, bulb) = (g.name(pair[0]), g.name(cells[0]));
                return Err(format!("the thermometer from {bulb} has a gap at {gap}"));
            }
        }
        self.counts.check(g, filled, "filled cells")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    /// The spec's worked example `3_6x6` and its published answer.
    pub(super) const JANKO: &str = "6 6\n2 3 1 4 3 3\n1 3 2 4 5 1\n\
        3.1 3.2 3.3 3.4 3.5 8.1\n1.1 4.3 5.5 6.1 6.2 8.2\n1.2 4.2 5.4 7.3 6.3 6.4\n\
        1.3 4.1 5.3 7.2 9.4 9.3\n1.4 5.1 5.2 7.1 9.5 9.2\n2.1 2.2 2.3 2.4 2.5 9.1\n";
    const ANSWER: &str = "6 6\nx - - - - -\nx - - x x -\n- x - x - -\n- x - x x x\n\
        - x x x x x\n- - - - - x\n";

    #[test]
    fn the_published_answer_passes_and_broken_boards_fail_for_their_reason() {
        let p = Thermometer::read_text("t", JANKO).unwrap();
        assert_eq!(p.thermometers.len(), 9);
        let good: Filled = ANSWER
            .split_whitespace()
            .skip(2)
            .map(|t| t == "x")
            .collect();
        assert_eq!(p.verify(&good), Ok(()));
        assert_eq!(p.answer_text(&good).unwrap(), ANSWER);
        let mut gap = good.clone();
        gap[p.grid.cell(1, 0)] = false; // the bulb of thermometer 1, the rest of it empty
        let e = p.verify(&gap).unwrap_err();
        assert!(e.contains("column 1 holds 1 filled cells, not 2"), "{e}");
        let mut gap = good;
        gap[p.grid.cell(4, 1)] = false; // thermometer 5 from r5c2: r5c3 stays filled
        let e = p.verify(&gap).unwrap_err();
        assert!(
            e.contains("the thermometer from r5c2 has a gap at r5c2"),
            "{e}"
        );
    }

    /// A random grid of up to 4×4 cut into straight thermometers along its rows or columns.
    fn random_puzzle(rng: &mut Rng) -> Thermometer {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let lines = match rng.below(2) {
            0 => grid.rows(),
            _ => grid.columns(),
        };
        let mut thermometers = Vec::new();
        for mut line in lines {
            if rng.below(2) == 0 {
                line.reverse();
            }
            while !line.is_empty() {
                let len = 1 + rng.below(line.len() as u64) as usize;
                thermometers.push(line.drain(..len).collect());
            }
        }
        let mut count = |n: usize| {
            (0..n)
                .map(|_| (rng.below(3) > 0).then(|| rng.below(3) as u32))
                .collect()
        };
        let counts = LineCounts {
            columns: count(grid.width),
            rows: count(grid.height),
        };
        Thermometer {
            grid,
            thermometers,
            counts,
        }
    }

    #[test]
    fn the_model_finds_exactly_the_fillings_the_rules_accept() {
        let mut rng = Rng::new(10);
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..80 {
            let p = random_puzzle(&mut rng);
            let n = assert_matches_brute_force(
                &p,
                p.grid.len(),
                &["", "card=totalizer"],
                &["varisat", "batsat"],
            );
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
            if p.grid.len() <= 9 {
                assert_matches_brute_force(&p, p.grid.len(), &[""], &["microlp"]);
            }
        }
        assert!(
            solvable >= 15 && several >= 5,
            "{solvable} solvable, {several} with several"
        );
    }
}
