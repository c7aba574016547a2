//! Ships on a grid (battleships and any genre of straight pieces): a fleet of ships of given
//! lengths, each lying horizontally or vertically, no two touching, not even diagonally. The
//! answer is which cells hold a ship; which part of a ship a cell is (`o n s w e m`) follows
//! from its neighbours. Two complete encodings of "the ship cells form exactly this fleet", the
//! parts a puzzle gives, and the rules check.

use super::{Cell, Grid};
use crate::formulation::{Choice, Value};
use crate::model::{Constraint, LinExpr, Lit, Model, Var};

/// A part of a ship as puzzles draw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShipPart {
    /// `o`: a ship of one cell.
    Single,
    /// `n`: the top end of a vertical ship.
    North,
    /// `s`: the bottom end of a vertical ship.
    South,
    /// `w`: the left end of a horizontal ship.
    West,
    /// `e`: the right end of a horizontal ship.
    East,
    /// `m`: a middle cell of a ship of three or more.
    Middle,
}

impl ShipPart {
    /// Every part with its letter.
    pub const LETTERS: [(&'static str, ShipPart); 6] = [
        ("o", ShipPart::Single),
        ("n", ShipPart::North),
        ("s", ShipPart::South),
        ("w", ShipPart::West),
        ("e", ShipPart::East),
        ("m", ShipPart::Middle),
    ];
    /// The part's letter.
    pub fn letter(self) -> &'static str {
        let found = Self::LETTERS.iter().find(|(_, p)| *p == self);
        found.expect("every part has a letter").0
    }
}

/// The fleet: `ships[i]` ships of length `i + 1`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fleet {
    /// How many ships of each length, shortest first.
    pub ships: Vec<u32>,
}

impl Fleet {
    /// The longest ship's length (0 for no ships).
    pub fn longest(&self) -> usize {
        self.ships.iter().rposition(|&n| n > 0).map_or(0, |i| i + 1)
    }
    /// The number of cells the whole fleet covers.
    pub fn cells(&self) -> usize {
        let per_length = self.ships.iter().enumerate();
        per_length.map(|(i, &n)| (i + 1) * n as usize).sum()
    }
}

/// The four orthogonal neighbours of a cell, `None` off the grid: up, down, left, right.
fn around(g: Grid, c: Cell) -> [Option<Cell>; 4] {
    [(-1, 0), (1, 0), (0, -1), (0, 1)].map(|(dr, dc)| g.offset(c, dr, dc))
}

/// Which part each ship cell is (`None` for water), read off its ship neighbours; meaningful
/// when the ships are straight and apart (see [`check_fleet`]).
pub fn ship_parts(g: Grid, ship: &[bool]) -> Vec<Option<ShipPart>> {
    let on = |c: Option<Cell>| c.is_some_and(|c| ship[c]);
    let part = |c: Cell| {
        let [up, down, left, right] = around(g, c).map(on);
        Some(match (up, down, left, right) {
            (false, false, false, false) => ShipPart::Single,
            (false, true, _, _) => ShipPart::North,
            (true, false, _, _) => ShipPart::South,
            (true, true, _, _) => ShipPart::Middle,
            (_, _, false, true) => ShipPart::West,
            (_, _, true, false) => ShipPart::East,
            (_, _, true, true) => ShipPart::Middle,
        })
    };
    g.cells()
        .map(|c| ship[c].then(|| part(c)).flatten())
        .collect()
}

/// Checks that the ship cells form the fleet: each group of touching ship cells (diagonals
/// included) is one straight ship, and there are as many ships of each length as the fleet has.
pub fn check_fleet(g: Grid, ship: &[bool], fleet: &Fleet) -> Result<(), String> {
    let touching: Vec<Vec<Cell>> = g.cells().map(|c| g.neighbours8(c).collect()).collect();
    let mut lengths = vec![0u32; fleet.ships.len().max(g.height.max(g.width))];
    for group in crate::graph::components(&touching, |c| ship[c]) {
        let first = g.rc(group[0]);
        let along =
            |axis: fn((usize, usize)) -> usize| group.iter().all(|&c| axis(g.rc(c)) == axis(first));
        // Touching cells all in one row or column are a run without gaps.
        let straight = along(|rc| rc.0) || along(|rc| rc.1);
        if !straight {
            let at = g.name(group[0]);
            return Err(format!(
                "the ship at {at} is not straight, or touches another ship"
            ));
        }
        lengths[group.len() - 1] += 1;
    }
    for (i, &n) in lengths.iter().enumerate() {
        let want = fleet.ships.get(i).copied().unwrap_or(0);
        if n != want {
            let len = i + 1;
            return Err(format!("{n} ships of length {len}, the fleet has {want}"));
        }
    }
    Ok(())
}

/// How "the ship cells form exactly the fleet" is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FleetEncoding {
    /// A 0/1 per place a ship could lie: a cell holds a ship exactly when one chosen place
    /// covers it, a chosen place keeps the cells around it empty, and each length has its
    /// number of places.
    Placements,
    /// No two diagonal neighbours both hold a ship (so every group is a straight line), no
    /// line of ship cells longer than the longest ship, and each maximal segment of ship cells
    /// is recognised by a 0/1 counted per length.
    Segments,
}

impl Choice for FleetEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete(
            "placements",
            "a 0/1 per place a ship could lie, covering its cells, with water around it",
        ),
        Value::complete(
            "segments",
            "no diagonal ship neighbours; each maximal run of ship cells is counted by length",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "placements" => Some(FleetEncoding::Placements),
            "segments" => Some(FleetEncoding::Segments),
            _ => None,
        }
    }
}

/// Every place a ship of `len` cells could lie: its cells in order (one place per cell for a
/// ship of one cell, which has no direction).
pub fn places(g: Grid, len: usize) -> Vec<Vec<Cell>> {
    let mut out = Vec::new();
    let directions: &[(isize, isize)] = if len == 1 {
        &[(0, 1)]
    } else {
        &[(0, 1), (1, 0)]
    };
    for c in g.cells() {
        for &(dr, dc) in directions {
            let cells: Option<Vec<Cell>> = (0..len as isize)
                .map(|k| g.offset(c, dr * k, dc * k))
                .collect();
            out.extend(cells);
        }
    }
    out
}

/// Adds "the cells whose `ship` variable is true form exactly the fleet" (straight ships of the
/// fleet's lengths and numbers, no two touching, not even diagonally).
pub fn add_fleet(m: &mut Model, g: Grid, ship: &[Var], fleet: &Fleet, encoding: FleetEncoding) {
    let longest = fleet.longest();
    let span = |cells: &[Cell]| format!("{}-{}", g.name(cells[0]), g.name(cells[cells.len() - 1]));
    if encoding == FleetEncoding::Segments {
        for w in g.windows2x2() {
            for (a, b) in [(w[0], w[3]), (w[1], w[2])] {
                let name = format!("ships apart {}-{}", g.name(a), g.name(b));
                m.add(name, Constraint::clause([!ship[a], !ship[b]]));
            }
        }
        for line in g.lines() {
            for run in line.windows(longest + 1) {
                let too_long = Constraint::clause(run.iter().map(|&c| !ship[c]));
                m.add(
                    format!("no ship longer than {longest} at {}", span(run)),
                    too_long,
                );
            }
        }
    }
    let mut covering: Vec<LinExpr> = ship
        .iter()
        .map(|&v| LinExpr::sum_lits([!v.lit()]))
        .collect();
    for len in 1..=longest {
        let want = fleet.ships.get(len - 1).copied().unwrap_or(0) as i64;
        let mut count = LinExpr::new();
        for cells in places(g, len) {
            let here = m.new_bool(format!("ship[{}]", span(&cells)));
            count.add_term(1, here);
            match encoding {
                FleetEncoding::Placements => {
                    for &c in &cells {
                        covering[c].add_term(1, here);
                    }
                    let mut halo: Vec<Cell> = (cells.iter())
                        .flat_map(|&c| g.neighbours8(c))
                        .filter(|h| !cells.contains(h))
                        .collect();
                    halo.sort_unstable();
                    halo.dedup();
                    for h in halo {
                        let name = format!("water around ship {} at {}", span(&cells), g.name(h));
                        m.add(name, Constraint::clause([!here, !ship[h]]));
                    }
                }
                FleetEncoding::Segments => {
                    // The run is a whole ship when its cells hold one and its ends do not (for
                    // one cell, its four sides); its sides follow from "no diagonal neighbours".
                    let caps: Vec<Cell> = match cells[..] {
                        [c] => g.neighbours4(c).collect(),
                        _ => ends(g, &cells),
                    };
                    let mut whole: Vec<Lit> = vec![here.lit()];
                    let name = format!("ship {} whole", span(&cells));
                    for &c in &cells {
                        m.add(name.clone(), Constraint::implies(here.lit(), ship[c].lit()));
                        whole.push(!ship[c]);
                    }
                    for &h in &caps {
                        m.add(name.clone(), Constraint::implies(here.lit(), !ship[h]));
                        whole.push(ship[h].lit());
                    }
                    m.add(name, Constraint::clause(whole));
                }
            }
        }
        m.add(format!("{want} ships of length {len}"), count.eq(want));
    }
    if encoding == FleetEncoding::Placements {
        for (c, sum) in covering.into_iter().enumerate() {
            m.add(format!("ship cell {} covered once", g.name(c)), sum.eq(1));
        }
    }
}

/// The cells just beyond both ends of a straight run of two or more cells, where inside.
fn ends(g: Grid, cells: &[Cell]) -> Vec<Cell> {
    let (a, b) = (g.rc(cells[0]), g.rc(cells[1]));
    let (dr, dc) = (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize);
    let before = g.offset(cells[0], -dr, -dc);
    before
        .into_iter()
        .chain(g.offset(cells[cells.len() - 1], dr, dc))
        .collect()
}

/// Adds "the cell is this part of a ship": a ship cell whose neighbours along the part's
/// direction are ship cells and across it water.
pub fn add_given_part(m: &mut Model, g: Grid, ship: &[Var], c: Cell, part: ShipPart) {
    let [up, down, left, right] = around(g, c);
    let name = format!("{} at {}", part.letter(), g.name(c));
    // A neighbour off the grid is water: as a literal, a contradiction with the cell's ship.
    let on = |n: Option<Cell>| n.map_or(!ship[c], |n| ship[n].lit());
    let off = |n: Option<Cell>| n.map(|n| !ship[n]);
    m.add(name.clone(), Constraint::clause([ship[c].lit()]));
    let (ships, waters): (Vec<Option<Cell>>, Vec<Option<Cell>>) = match part {
        ShipPart::Single => (vec![], vec![up, down, left, right]),
        ShipPart::North => (vec![down], vec![up, left, right]),
        ShipPart::South => (vec![up], vec![down, left, right]),
        ShipPart::West => (vec![right], vec![left, up, down]),
        ShipPart::East => (vec![left], vec![right, up, down]),
        ShipPart::Middle => {
            // Straight through: (up and down) or (left and right), as four clauses.
            for (a, b) in [(up, left), (up, right), (down, left), (down, right)] {
                m.add(name.clone(), Constraint::clause([on(a), on(b)]));
            }
            (vec![], vec![])
        }
    };
    for n in ships {
        m.add(name.clone(), Constraint::clause([on(n)]));
    }
    for lit in waters.into_iter().filter_map(off) {
        m.add(name.clone(), Constraint::clause([lit]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::satisfiable_projections;
    use std::collections::BTreeSet;

    fn occupied(g: Grid, mask: u64) -> Vec<bool> {
        g.cells().map(|c| mask >> c & 1 == 1).collect()
    }

    #[test]
    fn both_encodings_allow_exactly_the_placements_the_check_accepts() {
        let fleets = [
            vec![2, 1],
            vec![1, 0, 1],
            vec![0, 2],
            vec![3],
            vec![1, 1, 1],
        ];
        for (h, w) in [(1, 4), (2, 3), (3, 3), (3, 4), (4, 3)] {
            let g = Grid::new(h, w);
            for ships in &fleets {
                let fleet = Fleet {
                    ships: ships.clone(),
                };
                let expected: BTreeSet<u64> = (0..1u64 << g.len())
                    .filter(|&m| check_fleet(g, &occupied(g, m), &fleet).is_ok())
                    .collect();
                for encoding in [FleetEncoding::Placements, FleetEncoding::Segments] {
                    let mut m = Model::new();
                    let ship = g.answer_bools(&mut m, "ship");
                    add_fleet(&mut m, g, &ship, &fleet, encoding);
                    let found = satisfiable_projections(&m, &ship);
                    assert_eq!(found, expected, "{h}x{w} {ships:?} {encoding:?}");
                }
            }
        }
    }

    #[test]
    fn a_given_part_holds_exactly_where_the_parts_read_off_say_so() {
        let g = Grid::new(3, 4);
        let fleet = Fleet {
            ships: vec![1, 1, 1],
        };
        for c in g.cells() {
            for (_, part) in ShipPart::LETTERS {
                let expected: BTreeSet<u64> = (0..1u64 << g.len())
                    .filter(|&m| {
                        let ship = occupied(g, m);
                        check_fleet(g, &ship, &fleet).is_ok()
                            && ship_parts(g, &ship)[c] == Some(part)
                    })
                    .collect();
                let mut m = Model::new();
                let ship = g.answer_bools(&mut m, "ship");
                add_fleet(&mut m, g, &ship, &fleet, FleetEncoding::Segments);
                add_given_part(&mut m, g, &ship, c, part);
                assert_eq!(
                    satisfiable_projections(&m, &ship),
                    expected,
                    "{part:?} at {c}"
                );
            }
        }
    }

    #[test]
    fn parts_and_checks_read_like_the_rules() {
        let g = Grid::new(3, 4);
        // w e . o
        // . . . .
        // n . . .   (n without its s below: a ship of one cell in the bottom row)
        let ship = occupied(g, 0b0001_0000_1011);
        let letters: Vec<&str> = ship_parts(g, &ship)
            .iter()
            .map(|p| p.map_or("-", |p| p.letter()))
            .collect();
        assert_eq!(letters.concat(), "we-o----o---");
        let fleet = Fleet { ships: vec![2, 1] };
        assert_eq!(check_fleet(g, &ship, &fleet), Ok(()));
        let e = check_fleet(g, &ship, &Fleet { ships: vec![1, 1] }).unwrap_err();
        assert!(e.contains("2 ships of length 1, the fleet has 1"), "{e}");
        let bent = occupied(g, 0b0000_0010_0011);
        let e = check_fleet(
            g,
            &bent,
            &Fleet {
                ships: vec![0, 0, 1],
            },
        )
        .unwrap_err();
        assert!(e.contains("r1c1 is not straight"), "{e}");
        assert_eq!(
            Fleet {
                ships: vec![4, 3, 2, 1, 0]
            }
            .longest(),
            4
        );
        assert_eq!(
            Fleet {
                ships: vec![4, 3, 2, 1]
            }
            .cells(),
            20
        );
    }
}
