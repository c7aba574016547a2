//! Grid texts whose cell tokens may hold commas (Kakuro's `a,b` sum clues), split on
//! whitespace only: the header `H W …`, then H lines of W tokens, with every token's position
//! for `file:line:col` errors. Blank lines and `//` comments are skipped.

use super::text::Token;
use super::Grid;
use crate::error::{Error, Result};

/// A header and a grid of whitespace-separated tokens.
#[derive(Clone, Debug)]
pub struct WordGrid {
    /// The grid's shape.
    pub grid: Grid,
    /// The header's tokens after `H W`.
    pub extras: Vec<Token>,
    /// A token per cell, in raster order.
    pub cells: Vec<Token>,
}

/// The whitespace-separated tokens of a line with their 1-based character columns.
fn words(line_no: usize, line: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut current: Option<Token> = None;
    for (i, ch) in line.chars().enumerate() {
        match (ch.is_whitespace(), current.as_mut()) {
            (true, Some(_)) => out.extend(current.take()),
            (false, Some(t)) => t.text.push(ch),
            (false, None) => {
                let (text, col) = (ch.to_string(), i + 1);
                current = Some(Token {
                    text,
                    line: line_no,
                    col,
                });
            }
            (true, None) => {}
        }
    }
    out.extend(current);
    out
}

impl WordGrid {
    /// Reads the header `H W …` and the H×W grid after it; nothing may follow.
    pub fn parse(source: &str, text: &str) -> Result<WordGrid> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = (text.lines().enumerate())
            .map(|(i, l)| words(i + 1, l))
            .filter(|w| w.first().is_some_and(|t| !t.text.starts_with("//")));
        let end = text.lines().count() + 1;
        let err = |t: &Token, msg: String| Error::input(source, t.line, t.col, msg);
        let header = lines
            .next()
            .ok_or_else(|| Error::input(source, 1, 1, "no puzzle; expected a header `H W`"))?;
        let dim = |i: usize, what: &str| -> Result<usize> {
            let Some(t) = header.get(i) else {
                let last = &header[header.len() - 1];
                return Err(err(
                    last,
                    format!("expected a header `H W`, missing the {what}"),
                ));
            };
            (t.text.parse().ok().filter(|n| (1..=1000).contains(n)))
                .ok_or_else(|| err(t, format!("`{}` is not a {what} (1 to 1000)", t.text)))
        };
        let grid = Grid::new(dim(0, "height")?, dim(1, "width")?);
        let mut cells = Vec::with_capacity(grid.len());
        for r in 0..grid.height {
            let Some(row) = lines.next() else {
                let msg = format!("the grid has {r} rows, the header says {}", grid.height);
                return Err(Error::input(source, end, 1, msg));
            };
            if row.len() != grid.width {
                let at = row.get(grid.width).unwrap_or(&row[row.len() - 1]);
                let msg = format!("this row has {} cells, expected {}", row.len(), grid.width);
                return Err(err(at, msg));
            }
            cells.extend(row);
        }
        if let Some(more) = lines.next() {
            return Err(err(&more[0], "unexpected line after the grid".into()));
        }
        let extras = header[2..].to_vec();
        Ok(WordGrid {
            grid,
            extras,
            cells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_keep_their_commas_and_positions() {
        let g = WordGrid::parse("t", "// c\n2 2\n- 3,\n,4  0\n").unwrap();
        assert_eq!((g.grid.height, g.grid.width), (2, 2));
        let t = &g.cells[3];
        assert_eq!((t.text.as_str(), t.line, t.col), ("0", 4, 5));
        assert_eq!(g.cells[1].text, "3,");
        for (text, at) in [
            ("2 x\n", "t:1:3: `x` is not a width"),
            ("2 2\n- -\n-\n", "t:3:1: this row has 1 cells"),
            ("2 2\n- -\n", "t:3:1: the grid has 1 rows"),
            ("1 1\n-\n-\n", "t:3:1: unexpected line"),
            ("2\n", "t:1:1: expected a header"),
        ] {
            let e = WordGrid::parse("t", text).unwrap_err().to_string();
            assert!(e.starts_with(at), "{text:?}: {e}");
        }
    }
}
