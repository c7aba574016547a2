//! Magnetic's janko text: `H W`, four clue lines (`+` per column, `-` per column, `+` per row,
//! `-` per row; `-` for no number), an optional grid of given poles (`.` unknown, `+`, `-`,
//! `x`), then the grid of plate ids (two neighbouring cells per id, `@` for no plate). The two
//! forms differ in their line count: 4+H or 4+2H lines after the header.

use super::{Magnetic, Pole};
use crate::error::Result;
use crate::grid::counts::LineCounts;
use crate::grid::token_lines::TokenLines;
use crate::grid::Grid;

/// The tokens of the grid of givens.
const GIVENS: [(&str, Option<Pole>); 5] = [
    (".", None),
    ("+", Some(Pole::Plus)),
    ("-", Some(Pole::Minus)),
    ("x", Some(Pole::Neutral)),
    ("X", Some(Pole::Neutral)),
];

/// Reads the text.
pub fn read(source: &str, text: &str) -> Result<Magnetic> {
    let mut t = TokenLines::new(source, text);
    let (h, w) = t.header("magnetic")?;
    let with_givens = match t.remaining() {
        n if n == 4 + 2 * h => true,
        n if n == 4 + h => false,
        n => {
            let (plain, givens) = (4 + h, 4 + 2 * h);
            let m = format!("{n} lines after the header; expected {plain} (clues, plates) or {givens} (clues, givens, plates)");
            return Err(t.error_here(m));
        }
    };
    let (plus_cols, minus_cols) = (
        t.counts(w, "the `+` column line")?,
        t.counts(w, "the `-` column line")?,
    );
    let plus = LineCounts {
        cols: plus_cols,
        rows: t.counts(h, "the `+` row line")?,
    };
    let minus = LineCounts {
        cols: minus_cols,
        rows: t.counts(h, "the `-` row line")?,
    };
    let grid = Grid::new(h, w);
    let givens = match with_givens {
        true => t.symbols((h, w), &GIVENS, "given pole")?,
        false => vec![None; grid.len()],
    };
    let ids = t.grid(h, w, "a row of plate ids")?;
    let labels: Vec<&str> = ids.iter().map(|t| t.text.as_str()).collect();
    let partner = grid.partners_from_labels(&labels, "@").map_err(|c| {
        t.error(
            &ids[c],
            format!("plate `{}` is not two neighbouring cells", ids[c].text),
        )
    })?;
    Ok(Magnetic {
        grid,
        plus,
        minus,
        partner,
        givens,
    })
}
