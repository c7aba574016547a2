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
use crate::grid::digits::{digit_rows, Digits};
use crate::grid::text::clue_tokens;
use crate::grid::token_lines::TokenLines;
use crate::grid::{Cell, Clue, Grid};
use crate::model::int::IntOptions;
use crate::model::int_rules::{seen_count, SightEncoding};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Label, Sketch};
use crate::url::format::{Format, Numbers};

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
    /// Every line with its clue, each as seen from its edge (first cell nearest the clue).
    pub fn sights(&self) -> Vec<(String, Vec<Cell>, u32)> {
        let g = self.grid;
        let (rows, cols) = (g.rows(), g.columns());
        let reversed = |l: &Vec<Cell>| l.iter().rev().copied().collect::<Vec<_>>();
        let sides = [("top", cols.clone()), ("bottom", cols.iter().map(reversed).collect())];
        let sides = sides.into_iter().chain([("left", rows.clone()), ("right", rows.iter().map(reversed).collect())]);
        let lines = sides.flat_map(|(side, lines)| lines.into_iter().map(move |l| (side, l)));
        (lines.zip(&self.edges))
            .filter_map(|((side, l), clue)| {
                let n = clue.and_then(|c| c.value())?;
                Some((format!("{side} of {}", g.name(l[0])), l, n))
            })
            .collect()
    }
    /// The lines that hold 1..=N once: rows, columns, and the diagonals in the `D` variant.
    pub fn latin_lines(&self) -> Vec<Vec<Cell>> {
        let g = self.grid;
        let mut lines = g.lines();
        if self.diagonals {
            lines.push((0..g.width).map(|i| g.cell(i, i)).collect());
            lines.push((0..g.width).map(|i| g.cell(i, g.width - 1 - i)).collect());
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
    const URL: Option<Format<Self>> = Some(Format::new(&["building", "skyscrapers"], |p| &mut p.grid, |p, body| {
        let g = p.grid;
        if p.givens.is_empty() {
            (p.tallest, p.givens) = (g.width as i64, vec![None; g.len()]);
        }
        if p.tallest != g.width as i64 || p.diagonals || p.givens.iter().any(Option::is_some) || g.width != g.height {
            let msg = "only a square skyscraper of heights 1-W without givens or diagonals has a puzz.link URL";
            return Err(crate::error::Error::Invalid(msg.into()));
        }
        body.piece(Numbers, Grid::new(1, 2 * (g.width + g.height)), &mut p.edges)
    }));
    fn keys() -> Vec<FormulationKey> {
        let mut keys = IntOptions::keys_with_defaults("order", "values", "linear");
        let doc = "how 'seen from the edge' is stated";
        keys.push(FormulationKey::of::<SightEncoding>("sight", doc, "prefix"));
        keys
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let header_len = (text.lines().map(clue_tokens))
            .find(|l| l.first().is_some_and(|(_, t)| !t.starts_with("//")))
            .map_or(3, |l| l.len().clamp(3, 4));
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
        if let Some(d) = header.get(3).filter(|d| d.text != "D") {
            return Err(t.error(d, format!("`{}` is not `D` (both diagonals too)", d.text)));
        }
        let mut edges = Vec::new();
        for (n, what) in [(w, "the top clues"), (w, "the bottom clues"), (h, "the left clues"), (h, "the right clues")] {
            edges.extend(t.counts(n, what)?.into_iter().map(|c| c.map(|n| Clue::Number(n as u32))));
        }
        let cells = t.grid(h, w, "a row of given heights")?;
        let given = |tok: &crate::grid::text::Token| match tok.text.as_str() {
            "-" | "." => Ok(None),
            x => (x.parse().ok().filter(|&v| (0..=tallest).contains(&v)).map(Some))
                .ok_or_else(|| t.error(tok, format!("`{x}` is not a height 0 to {tallest} or `-`"))),
        };
        let givens = cells.iter().map(given).collect::<Result<_>>()?;
        if t.remaining() > 0 {
            return Err(t.error_here("unexpected line after the grid"));
        }
        let diagonals = header.len() == 4;
        Ok(Skyscraper { grid: Grid::new(h, w), tallest, diagonals, edges, givens })
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
        let label = |i: usize| Label::plain(self.edges[i].and_then(|c| c.value()).map_or(String::new(), |n| n.to_string()));
        s.column_clues = (0..g.width).map(|x| vec![label(x), label(g.width + x)]).collect();
        s.row_clues = (0..g.height).map(|y| vec![label(2 * g.width + y), label(2 * g.width + g.height + y)]).collect();
        for c in g.cells() {
            s.given[c].text = self.givens[c].map(|v| v.to_string());
            s.answer[c].text = heights.filter(|_| self.givens[c].is_none()).map(|h| h[c].to_string());
        }
        s
    }

    /// Checks heights against the rules; the error says which rule and where.
    fn verify(&self, heights: &Digits) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(heights)?;
        if let Some(c) = g.cells().find(|&c| !(0..=self.tallest).contains(&heights[c])) {
            return Err(format!("{} holds {}, not a height 0-{}", g.name(c), heights[c], self.tallest));
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
