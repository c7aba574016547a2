//! Magnetic's janko text: `H W`, four clue lines (`+` per column, `-` per column, `+` per row,
//! `-` per row; `-` for no number), an optional grid of given poles (`.` unknown, `+`, `-`,
//! `x`), then the grid of plate ids (two neighbouring cells per id, `@` for no plate). The two
//! forms differ in their line count: 4+H or 4+2H lines after the header.

use super::Magnetic;
use crate::error::Result;
use crate::grid::margins::LineCounts;
use crate::grid::token_lines::TokenLines;
use crate::grid::Grid;

/// The tokens of the grid of givens.
const GIVENS: [(&str, Option<char>); 5] = [
    (".", None),
    ("+", Some('+')),
    ("-", Some('-')),
    ("x", Some('x')),
    ("X", Some('x')),
];

/// Reads the text.
pub fn read(source: &str, text: &str) -> Result<Magnetic> {
    let mut t = TokenLines::new(source, text);
    let (h, w) = t.header("magnetic")?;
    let n = t.remaining();
    let has_givens = n == 4 + 2 * h;
    if !has_givens && n != 4 + h {
        let (plain, givens) = (4 + h, 4 + 2 * h);
        let m = format!("{n} lines after the header; expected {plain} (clues, plates) or {givens} (clues, givens, plates)");
        return Err(t.error_here(m));
    }
    let cols = [t.counts(w, "the `+` column line")?, t.counts(w, "the `-` column line")?];
    let ([plus_cols, minus_cols], [plus_rows, minus_rows]) =
        (cols, [t.counts(h, "the `+` row line")?, t.counts(h, "the `-` row line")?]);
    let counts = [(plus_cols, plus_rows), (minus_cols, minus_rows)]
        .map(|(columns, rows)| LineCounts { columns, rows });
    let grid = Grid::new(h, w);
    let givens = match has_givens {
        true => t.symbols((h, w), &GIVENS, "given pole")?,
        false => vec![None; grid.len()],
    };
    let ids = t.grid(h, w, "a row of plate ids")?;
    let labels: Vec<&str> = ids.iter().map(|t| t.text.as_str()).collect();
    let not_a_plate = |c: usize| format!("plate `{}` is not two neighbouring cells", ids[c].text);
    let partner = (grid.partners_from_labels(&labels, "@"))
        .map_err(|c| t.error(&ids[c], not_a_plate(c)))?;
    Ok(Magnetic {
        grid,
        counts,
        partner,
        givens,
    })
}
