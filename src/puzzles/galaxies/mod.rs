//! Galaxies (tentaisho): divide the grid into regions, each holding exactly one of the given
//! centres (at a cell's centre, an edge's midpoint or a corner) and symmetric under a half turn
//! about it. Read top-down: the puzzle, its rules (`verify`), the model (`formulate.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::text::{CellValue, GridText};
use crate::grid::{Cell, Grid};
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::division::{division_answer_text, division_rooms, division_rows};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{borders, Sketch};
use crate::url::dots::Dots;
use crate::url::format::Format;

/// A galaxies instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Galaxies {
    /// The grid.
    pub grid: Grid,
    /// The centres in half-cell units: cell (r, c)'s centre is (2r + 1, 2c + 1).
    pub centres: Vec<(usize, usize)>,
}

/// A solution: the galaxy (index into the centres) of each cell.
pub type Labels = Vec<usize>;

/// The janko codes of a centre near a cell: its centre, right edge, bottom edge, bottom-right
/// corner, as offsets in half-cell units.
const CODES: [(usize, usize); 4] = [(1, 1), (1, 2), (2, 1), (2, 2)];

impl Galaxies {
    /// The cells a centre touches (one, two or four): they are in its galaxy.
    pub fn touching(&self, (y, x): (usize, usize)) -> Vec<Cell> {
        let near = |v: usize| if v % 2 == 1 { vec![v / 2] } else { vec![v / 2 - 1, v / 2] };
        let cols = near(x);
        (near(y).into_iter())
            .flat_map(|r| cols.iter().map(move |&c| self.grid.cell(r, c)))
            .collect()
    }
    /// The cell a half turn about a centre takes a cell to, if it is on the grid.
    pub fn mirror(&self, (y, x): (usize, usize), cell: Cell) -> Option<Cell> {
        let (r, c) = self.grid.rc(cell);
        let (r, c) = (y.checked_sub(r + 1)?, x.checked_sub(c + 1)?);
        (r < self.grid.height && c < self.grid.width).then(|| self.grid.cell(r, c))
    }
}

impl Puzzle for Galaxies {
    type Solution = Labels;
    const GENRE: &'static str = "galaxies";
    const ALIASES: &'static [&'static str] = &["tentaisho"];
    const RULES: &'static str = "divide into regions, each holding one centre and symmetric \
        under a half turn about it";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["tentaisho"],
        |p| &mut p.grid,
        |p, body| body.piece(Dots, p.grid, &mut p.centres),
    ));
    fn keys() -> Vec<FormulationKey> {
        let what = "how each galaxy is kept connected";
        // The propagator answers the dev puzzles without a decision; lazy cuts took rounds.
        // (Measured on galaxies 17_14x24: propagator 0.4 s, tree 1.6 s, lazy 16 s, debug build.)
        vec![FormulationKey::of::<ConnectivityEncoding>("connectivity", what, "propagator")]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let g = t.grid;
        let codes = t.map_cells(|c, v| match v {
            CellValue::Empty => Ok(None),
            CellValue::Number(n) if n < 4 => {
                let (r, col) = g.rc(c);
                let (dy, dx) = CODES[n as usize];
                let (y, x) = (2 * r + dy, 2 * col + dx);
                match y < 2 * g.height && x < 2 * g.width {
                    true => Ok(Some((y, x))),
                    false => Err(format!("the centre `{n}` lies on the grid's edge")),
                }
            }
            _ => Err("a centre is `0` to `3` (`-` for none)".to_string()),
        })?;
        let mut centres: Vec<(usize, usize)> = codes.into_iter().flatten().collect();
        centres.sort_unstable(); // reading order of the points, as a URL lists them
        Ok(Galaxies { grid: g, centres })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Labels>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, labels: &Labels) -> Vec<String> {
        division_rows(self.grid, labels)
    }
    fn answer_text(&self, labels: &Labels) -> Option<String> {
        Some(division_answer_text(self.grid, labels))
    }
    fn sketch(&self, labels: Option<&Labels>) -> Sketch {
        let mut sketch = Sketch::of(self.grid);
        for &(y, x) in &self.centres {
            let at = self.grid.cell((y - 1) / 2, (x - 1) / 2);
            let mark = ["o", "o→", "o↓", "o↘"][(y % 2 == 0) as usize * 2 + (x % 2 == 0) as usize];
            sketch.given[at].text = Some(mark.to_string());
        }
        if let Some(labels) = labels {
            sketch.answer_lines = borders(self.grid, |c| labels[c]);
        }
        sketch
    }

    /// Checks the division against the rules; the error says which rule and where.
    fn verify(&self, labels: &Labels) -> std::result::Result<(), String> {
        let g = self.grid;
        let rooms = division_rooms(g, labels, "region")?;
        let mut centre_of = vec![None; rooms.len()];
        for &centre in &self.centres {
            let touching = self.touching(centre);
            let room = rooms.room_of[touching[0]];
            let at = g.name(touching[0]);
            if touching.iter().any(|&c| rooms.room_of[c] != room) {
                return Err(format!("the centre at {at} lies on a region's border"));
            }
            if centre_of[room].replace(centre).is_some() {
                return Err(format!("the region of {at} holds two centres"));
            }
        }
        for (cells, centre) in rooms.cells.iter().zip(centre_of) {
            let at = g.name(cells[0]);
            let centre = centre.ok_or(format!("the region of {at} holds no centre"))?;
            let same = |c: Cell| self.mirror(centre, c).is_some_and(|m| labels[m] == labels[c]);
            if let Some(&c) = cells.iter().find(|&&c| !same(c)) {
                return Err(format!("the region of {at} is not symmetric at {}", g.name(c)));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::division::all_divisions;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;

    fn labels(text: &str) -> Labels {
        text.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn the_example_answer_passes_and_broken_ones_fail_for_their_reason() {
        // The spec's example 01_7x7 and its published answer.
        let text = "7 7\n- 0 - - - 3 -\n- - - - - - -\n- - - 0 - 2 -\n3 - - - - - -\n\
                    - - - - - - 0\n- - 2 - 0 - -\n- - - - - 0 -\n";
        let p = Galaxies::read("t.txt", text).unwrap();
        let answer = labels(
            "1 1 1 3 3 6 6 2 2 3 3 3 6 6 2 2 3 3 3 7 9 2 2 3 3 3 7 9 2 2 3 3 5 5 9 \
             2 2 4 5 5 5 9 2 2 4 5 5 8 9",
        );
        assert_eq!(p.verify(&answer), Ok(()));
        let mut moved = answer.clone();
        moved[2] = 3; // r1c3 joins the big galaxy: r1c1's galaxy loses its symmetry
        assert!(p.verify(&moved).unwrap_err().contains("not symmetric"));
        let mut joined = answer.clone();
        (joined[19], joined[26]) = (3, 3); // galaxy 7 (r3c6-r4c6) joins galaxy 3 with its centre
        assert!(p.verify(&joined).unwrap_err().contains("holds two centres"));
        let mut split = answer.clone();
        split[0] = 8;
        assert!(p.verify(&split).unwrap_err().contains("separate piece"));
    }

    #[test]
    fn every_formulation_finds_exactly_the_divisions_the_rules_accept() {
        let mut rng = Rng::new(36);
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..40 {
            let grid = Grid::new(1 + rng.below(3) as usize, 1 + rng.below(3) as usize);
            let mut centres = Vec::new();
            for _ in 0..1 + rng.below(3) {
                let point = (1 + rng.below(2 * grid.height as u64 - 1) as usize, 1 + rng.below(2 * grid.width as u64 - 1) as usize);
                if !centres.contains(&point) {
                    centres.push(point);
                }
            }
            centres.sort_unstable();
            let p = Galaxies { grid, centres };
            let mut runs = vec![
                ("varisat", "connectivity=lazy"),
                ("varisat", "connectivity=tree"),
                ("batsat", "connectivity=propagator"),
            ];
            if grid.len() <= 4 {
                runs.extend([("microlp", "connectivity=flow"), ("microlp", "connectivity=lazy")]);
            }
            let all = all_divisions(grid.len(), grid.len());
            let n = assert_finds_exactly_the_accepted(&p, all, &runs, "galaxies");
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
        assert!(solvable >= 10, "{solvable} solvable, {several} with several");
    }
}
