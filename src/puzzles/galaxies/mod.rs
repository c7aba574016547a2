//! Galaxies (tentaisho): divide the grid into regions, each holding exactly one of the given
//! centres (at a cell's centre, an edge's midpoint or a corner) and symmetric under a half turn
//! about it. Read top-down: the puzzle, its rules (`verify`), the model (`formulate.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::rooms::Rooms;
use crate::grid::text::{CellValue, GridText};
use crate::grid::{Cell, Grid};
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::division::first_appearance;
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
        let text = self.answer_text(labels).unwrap_or_default();
        text.lines().skip(1).map(str::to_string).collect()
    }
    fn answer_text(&self, labels: &Labels) -> Option<String> {
        let numbers = first_appearance(labels);
        Some(self.grid.answer_text("", |c| numbers[c]))
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
        g.check_answer_len(labels)?;
        let rooms = Rooms::from_labels(g, labels).map_err(|split| {
            let (a, b) = (g.name(split.first), g.name(split.second));
            format!("the region of {a} also has the separate piece at {b}")
        })?;
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
