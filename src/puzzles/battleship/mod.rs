//! Battleships: place the fleet (ships of given lengths, each straight, horizontal or
//! vertical) so that no two ships touch, not even diagonally, every row and column holds the
//! number of ship cells written beside it, and the given ship parts and water cells are kept.
//! The fleet is the core's (`grid::fleet`). Read top-down: the puzzle, its rules (`verify`),
//! the model (`formulate`), the inputs' tests.

#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::fleet::{add_fleet, add_given_part, check_fleet, ship_parts};
use crate::grid::fleet::{Fleet, FleetEncoding, ShipPart};
use crate::grid::margins::{LineCounts, Margin, MarginText};
use crate::grid::Grid;
use crate::model::{Constraint, Model};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Colour, Sketch};

/// What a puzzle gives in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Given {
    /// `x`: no ship here.
    Water,
    /// A part of a ship.
    Part(ShipPart),
}

/// A battleships instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Battleship {
    /// The grid.
    pub grid: Grid,
    /// The ships to place.
    pub fleet: Fleet,
    /// The ship cells of each column and row.
    pub counts: LineCounts,
    /// What each cell gives, if anything.
    pub given: Vec<Option<Given>>,
}

/// A solution: whether each cell holds part of a ship.
pub type Ships = Vec<bool>;

impl Puzzle for Battleship {
    type Solution = Ships;
    const GENRE: &'static str = "battleship";
    const ALIASES: &'static [&'static str] = &["battleships"];
    const RULES: &'static str =
        "place the fleet: straight ships, never touching (not even diagonally); ship cells per row and column as given";
    fn keys() -> Vec<FormulationKey> {
        let doc = "how \"the ship cells form exactly the fleet\" is encoded";
        vec![FormulationKey::of::<FleetEncoding>(
            "fleet",
            doc,
            "placements",
        )]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = MarginText::parse(source, text, &[Margin::Columns, Margin::Rows])?;
        let extras = &t.text.extras;
        if extras.is_empty() {
            return Err(t.text.missing_extra("FLEET"));
        }
        let ships = extras.iter().map(|n| {
            let why = "the fleet is the number of ships of length 1, 2, …";
            n.text.parse().map_err(|_| t.text.error(n, why))
        });
        let fleet = Fleet {
            ships: ships.collect::<Result<_>>()?,
        };
        let mut symbols = vec![("x", Given::Water)];
        symbols.extend(ShipPart::LETTERS.map(|(l, p)| (l, Given::Part(p))));
        let given = t.text.map_symbols(&symbols, "a ship part or water")?;
        Ok(Battleship {
            grid: t.text.grid,
            fleet,
            counts: LineCounts::of(&t)?,
            given,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Ships>> {
        let g = self.grid;
        let mut m = Model::new();
        let ship = g.answer_bools(&mut m, "ship");
        add_fleet(&mut m, g, &ship, &self.fleet, formulation.choice("fleet"));
        for c in g.cells() {
            match self.given[c] {
                Some(Given::Water) => m.add(
                    format!("water at {}", g.name(c)),
                    Constraint::clause([!ship[c]]),
                ),
                Some(Given::Part(part)) => add_given_part(&mut m, g, &ship, c, part),
                None => {}
            }
        }
        self.counts.add(&mut m, g, "ship cells", |_, cells| {
            cells.iter().map(|&c| ship[c]).collect()
        });
        Ok(Formulated::shading(m, ship))
    }
    fn rows(&self, ships: &Ships) -> Vec<String> {
        let parts = ship_parts(self.grid, ships);
        self.grid
            .char_rows(|c| parts[c].map_or('.', |p| p.letter().chars().next().unwrap_or('#')))
    }
    fn answer_text(&self, ships: &Ships) -> Option<String> {
        let parts = ship_parts(self.grid, ships);
        let fleet: String = self.fleet.ships.iter().map(|n| format!(" {n}")).collect();
        Some(
            self.grid
                .answer_text(&fleet, |c| parts[c].map_or("-", ShipPart::letter)),
        )
    }
    fn sketch(&self, ships: Option<&Ships>) -> Sketch {
        let mut sketch = Sketch::of(self.grid).with_margin_counts(&self.counts);
        for (c, given) in self.given.iter().enumerate() {
            sketch.given[c].text = given.map(|g| match g {
                Given::Water => "~".into(),
                Given::Part(p) => p.letter().into(),
            });
        }
        let parts = ships.map(|s| ship_parts(self.grid, s)).unwrap_or_default();
        for (c, part) in parts.iter().enumerate().filter(|(_, p)| p.is_some()) {
            sketch.answer[c].fill = Some(Colour::INK);
            sketch.answer[c].text = part.map(|p| p.letter().into());
        }
        let fleet: Vec<String> = (self.fleet.ships.iter().enumerate())
            .filter(|(_, &n)| n > 0)
            .map(|(i, n)| format!("{n}×{}", i + 1))
            .collect();
        sketch.note = Some(format!("fleet: {}", fleet.join(", ")));
        sketch
    }
    fn precheck(&self) -> Option<String> {
        let cells = self.fleet.cells() as u32;
        let total = |counts: &[Option<u32>]| counts.iter().copied().sum::<Option<u32>>();
        let sums = [total(&self.counts.columns), total(&self.counts.rows)];
        let off = sums.into_iter().flatten().find(|&n| n != cells);
        off.map(|n| format!("the counts add up to {n} ship cells, the fleet has {cells}"))
    }

    /// Checks ships against the rules; the error says which rule and where.
    fn verify(&self, ships: &Ships) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(ships)?;
        check_fleet(g, ships, &self.fleet)?;
        let parts = ship_parts(g, ships);
        for c in g.cells() {
            let found = parts[c].map(Given::Part).unwrap_or(Given::Water);
            if let Some(given) = self.given[c].filter(|&given| given != found) {
                let (at, show) = (g.name(c), |x: Given| match x {
                    Given::Water => "water",
                    Given::Part(p) => p.letter(),
                });
                return Err(format!(
                    "{at} is given as {}, not {}",
                    show(given),
                    show(found)
                ));
            }
        }
        self.counts.check(g, ships, "ship cells")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    /// The spec's worked example `71_6x6` and its published answer.
    pub(super) const JANKO: &str = "6 6 3 2 1 0 0\n1 2 1 3 0 3\n2 0 2 1 1 4\n\
        - - w - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n";
    const ANSWER: &str = "6 6 3 2 1 0 0\n- - w e - -\n- - - - - -\n- o - o - -\n\
        - - - - - n\n- - - - - m\nw e - o - s\n";

    #[test]
    fn the_published_answer_passes_and_broken_boards_fail_for_their_reason() {
        let p = Battleship::read_text("t", JANKO).unwrap();
        let good: Ships = ANSWER
            .split_whitespace()
            .skip(7)
            .map(|t| t != "-")
            .collect();
        assert_eq!(p.verify(&good), Ok(()));
        assert_eq!(p.answer_text(&good).unwrap(), ANSWER);
        let g = p.grid;
        let mut touching = good.clone();
        touching[g.cell(1, 4)] = true;
        assert!(p
            .verify(&touching)
            .unwrap_err()
            .contains("r1c3 is not straight, or touches"));
        let mut shifted = good.clone();
        shifted[g.cell(0, 2)] = false;
        shifted[g.cell(0, 4)] = true;
        assert!(p
            .verify(&shifted)
            .unwrap_err()
            .contains("r1c3 is given as w, not water"));
        let mut short = good;
        short[g.cell(3, 5)] = false;
        let e = p.verify(&short).unwrap_err();
        assert!(e.contains("ships of length 2, the fleet has 2"), "{e}");
    }

    /// A random grid of up to 4×4 with a small fleet, counts and a few givens.
    fn random_puzzle(rng: &mut Rng) -> Battleship {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let fleet = Fleet {
            ships: (0..1 + rng.below(3)).map(|_| rng.below(3) as u32).collect(),
        };
        // Counts of a random shading, about half of them given: often satisfiable.
        let some: Vec<bool> = grid.cells().map(|_| rng.below(4) == 0).collect();
        let mut count = |lines: Vec<Vec<usize>>| -> Vec<Option<u32>> {
            let n = |l: &[usize]| l.iter().filter(|&&c| some[c]).count() as u32;
            lines
                .iter()
                .map(|l| (rng.below(2) == 0).then(|| n(l)))
                .collect()
        };
        let counts = LineCounts {
            columns: count(grid.columns()),
            rows: count(grid.rows()),
        };
        let given = (grid.cells())
            .map(|_| match rng.below(16) {
                0 => Some(Given::Water),
                1 => Some(Given::Part(ShipPart::LETTERS[rng.below(6) as usize].1)),
                _ => None,
            })
            .collect();
        Battleship {
            grid,
            fleet,
            counts,
            given,
        }
    }

    #[test]
    fn every_formulation_finds_exactly_the_ships_the_rules_accept() {
        let mut rng = Rng::new(71);
        let specs = ["fleet=placements", "fleet=segments"];
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..100 {
            let p = random_puzzle(&mut rng);
            let n = assert_matches_brute_force(&p, p.grid.len(), &specs, &["varisat", "batsat"]);
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
            if p.grid.len() <= 9 {
                assert_matches_brute_force(&p, p.grid.len(), &specs, &["microlp"]);
            }
        }
        assert!(
            solvable >= 15 && several >= 5,
            "{solvable} solvable, {several} with several"
        );
    }
}
