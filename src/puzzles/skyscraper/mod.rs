//! Skyscrapers: place heights 1–N in an N-wide square grid, each once per row and column (with
//! W−N empty cells when N < W, and on both diagonals too in the `D` variant), so that each edge
//! clue counts the buildings seen from there: a building hides every lower one behind it. Read
//! top-down: the puzzle, its rules (`verify`), the formulations (`formulate.rs`), the inputs
//! (`inputs.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;
#[cfg(test)]
mod tests;

use crate::error::Result;
use crate::grid::digits::{digit_rows, read_givens, Digits};
use crate::grid::edges::{diagonals, edge_counts, edge_lines};
use crate::grid::token_lines::TokenLines;
use crate::grid::{Cell, Clue, Grid};
use crate::model::int::IntOptions;
use crate::model::int_rules::{seen_count, SightEncoding};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::{Body, Format, Numbers};

/// A skyscraper instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Skyscraper {
    /// The grid (square).
    pub grid: Grid,
    /// The tallest height N: each row and column holds 1..=N once, its other cells empty.
    pub tallest: i64,
    /// Whether both main diagonals also hold 1..=N once.
    pub diagonals: bool,
    /// The edge clues in pzprjs's and janko.at's order: above each column, below each column,
    /// left of each row, right of each row.
    pub edges: Vec<Option<Clue>>,
    /// Given heights (0: a given empty cell).
    pub givens: Vec<Option<i64>>,
}

impl Skyscraper {
    /// Every line with a clue, each as seen from its edge (first cell nearest the clue).
    pub fn sights(&self) -> Vec<(String, Vec<Cell>, u32)> {
        let clued = (edge_lines(self.grid).into_iter().zip(&self.edges))
            .filter_map(|((name, line), clue)| Some((name, line, clue.and_then(|c| c.value())?)));
        clued.collect()
    }
    /// The lines that hold 1..=N once: rows, columns, and the diagonals in the `D` variant.
    pub fn latin_lines(&self) -> Vec<Vec<Cell>> {
        let mut lines = self.grid.lines();
        if self.diagonals {
            lines.extend(diagonals(self.grid));
        }
        lines
    }
}

impl Puzzle for Skyscraper {
    type Solution = Digits;
    const GENRE: &'static str = "skyscraper";
    const ALIASES: &'static [&'static str] = &["building", "skyscrapers"];
    const RULES: &'static str =
        "heights 1-N once per row and column; edge clues count the buildings seen from there";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["building", "skyscrapers"],
        |p| &mut p.grid,
        url_body,
    ));
    fn keys() -> Vec<FormulationKey> {
        let mut keys = IntOptions::keys_with_defaults("order", "values", "linear");
        let doc = "how 'seen from the edge' is stated";
        keys.push(FormulationKey::of::<SightEncoding>("sight", doc, "prefix"));
        keys
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        // `H W N`, or `H W N D` with the diagonals.
        let header_len = 3 + usize::from(text.split_whitespace().nth(3) == Some("D"));
        let mut t = TokenLines::new(source, text);
        let header = t.line(header_len, "a skyscraper header `H W N` or `H W N D`")?;
        let number = |i: usize, most: usize| {
            let tok = &header[i];
            let n = tok.text.parse().ok().filter(|n| (1..=most).contains(n));
            n.ok_or_else(|| t.error(tok, format!("`{}` is not a number 1 to {most}", tok.text)))
        };
        let (h, w) = (number(0, 30)?, number(1, 30)?);
        if h != w {
            return Err(t.error(&header[1], "a skyscraper grid is square"));
        }
        let tallest = number(2, w)? as i64;
        let grid = Grid::new(h, w);
        let edges = edge_counts(&mut t, grid)?;
        let givens = read_givens(&mut t, grid, 0..=tallest, "a row of given heights")?;
        if t.remaining() > 0 {
            return Err(t.error_here("unexpected line after the grid"));
        }
        let diagonals = header.len() == 4;
        Ok(Skyscraper { grid, tallest, diagonals, edges, givens })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Digits>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, heights: &Digits) -> Vec<String> {
        digit_rows(self.grid, heights, |c| heights[c] == 0)
    }
    fn answer_text(&self, heights: &Digits) -> Option<String> {
        let extras = format!(" {}{}", self.tallest, if self.diagonals { " D" } else { "" });
        Some(self.grid.answer_text(&extras, |c| heights[c]))
    }
    fn sketch(&self, heights: Option<&Digits>) -> Sketch {
        let (g, mut s) = (self.grid, Sketch::of(self.grid));
        let texts: Vec<String> = (self.edges.iter())
            .map(|c| c.and_then(|c| c.value()).map_or(String::new(), |n| n.to_string()))
            .collect();
        s = s.with_edge_clues(&texts);
        for c in g.cells() {
            s.given[c].text = self.givens[c].map(|v| v.to_string());
            let free = heights.filter(|_| self.givens[c].is_none());
            s.answer[c].text = free.map(|h| h[c].to_string());
        }
        s
    }

    /// Checks heights against the rules; the error says which rule and where.
    fn verify(&self, heights: &Digits) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(heights)?;
        if let Some(c) = g.cells().find(|&c| !(0..=self.tallest).contains(&heights[c])) {
            let (at, top) = (g.name(c), self.tallest);
            return Err(format!("{at} holds {}, not a height 0-{top}", heights[c]));
        }
        if let Some(c) = g.cells().find(|&c| self.givens[c].is_some_and(|v| v != heights[c])) {
            return Err(format!("{} holds {}, not its given height", g.name(c), heights[c]));
        }
        for line in self.latin_lines() {
            for h in 1..=self.tallest {
                let n = line.iter().filter(|&&c| heights[c] == h).count();
                if n != 1 {
                    return Err(format!("the line from {} holds {h} {n} times", g.name(line[0])));
                }
            }
        }
        for (name, line, clue) in self.sights() {
            let seen = seen_count(&line.iter().map(|&c| heights[c]).collect::<Vec<_>>());
            if seen != clue as usize {
                return Err(format!("{seen} buildings are seen from the {name}, not {clue}"));
            }
        }
        Ok(())
    }
}

/// pzprjs's `building` URL: the edge clues as one hex number stream; only a square grid of
/// heights 1..=W without givens or diagonals has one.
fn url_body(p: &mut Skyscraper, body: &mut Body) -> Result<()> {
    let g = p.grid;
    if p.givens.is_empty() {
        (p.tallest, p.givens) = (g.width as i64, vec![None; g.len()]);
    }
    let plain = p.tallest == g.width as i64 && !p.diagonals && g.width == g.height;
    if !plain || p.givens.iter().any(Option::is_some) {
        let msg = "only a skyscraper of heights 1-W without givens or diagonals has a URL";
        return Err(crate::error::Error::Invalid(msg.into()));
    }
    body.piece(Numbers, Grid::new(1, 2 * (g.width + g.height)), &mut p.edges)
}
