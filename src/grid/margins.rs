//! Grid texts with clue lines outside the grid (tents, battleships, thermometers, magnets):
//! the header `H W extras…`, then one line per margin (a column line of W tokens, a row line
//! of H tokens), then the grid, as janko.at writes them. Errors carry `file:line:col`.

use super::text::{clue_tokens, GridText, Token};
use super::{Cell, Grid};
use crate::error::{Error, Result};
use crate::model::{LinExpr, Model, Var};

/// Which cells a margin line's tokens stand beside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Margin {
    /// One token per column, left to right.
    Columns,
    /// One token per row, top to bottom.
    Rows,
}

/// A grid text with its margin lines.
#[derive(Clone, Debug)]
pub struct MarginText {
    /// The header, the grid and its position information.
    pub text: GridText,
    /// The tokens of each margin line, in the order asked for.
    pub margins: Vec<Vec<Token>>,
}

impl MarginText {
    /// Parses a header `H W …`, then one line per entry of `margins`, then the `H × W` grid.
    pub fn parse(source: &str, text: &str, margins: &[Margin]) -> Result<MarginText> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let content = |l: &str| !l.trim().is_empty() && !l.trim_start().starts_with("//");
        let mut lines = text.lines().enumerate().filter(|(_, l)| content(l));
        let err = |line: usize, col: usize, msg: String| Error::input(source, line, col, msg);
        let Some((header_no, header)) = lines.next() else {
            return Err(err(1, 1, "no puzzle; expected a header line `H W`".into()));
        };
        let dims: Vec<(usize, &str)> = clue_tokens(header).into_iter().take(2).collect();
        let dim = |i: usize| dims.get(i).and_then(|(_, t)| t.parse::<usize>().ok());
        let (Some(h), Some(w)) = (dim(0), dim(1)) else {
            let col = dims.first().map_or(1, |(c, _)| *c);
            return Err(err(
                header_no + 1,
                col,
                "expected a header line `H W`".into(),
            ));
        };
        let mut blanked: Vec<&str> = text.lines().collect();
        let mut out = Vec::new();
        for &margin in margins {
            let (what, len) = match margin {
                Margin::Columns => ("column line", w),
                Margin::Rows => ("row line", h),
            };
            let end = blanked.len() + 1;
            let Some((no, line)) = lines.next() else {
                return Err(err(end, 1, format!("missing the {what} ({len} numbers)")));
            };
            let tokens: Vec<Token> = (clue_tokens(line).into_iter())
                .map(|(col, t)| Token {
                    text: t.to_string(),
                    line: no + 1,
                    col,
                })
                .collect();
            if tokens.len() != len {
                let col = tokens.get(len).or(tokens.last()).map_or(1, |t| t.col);
                let msg = format!("the {what} has {} numbers, expected {len}", tokens.len());
                return Err(err(no + 1, col, msg));
            }
            blanked[no] = "";
            out.push(tokens);
        }
        // The grid reader sees the header, blank lines where the margins were, then the grid:
        // its positions stay those of the file.
        let rest = blanked.join("\n");
        let text = GridText::parse(source, &rest, false)?;
        if (text.grid.height, text.grid.width) != (h, w) {
            let msg = format!(
                "the header says {h}x{w}, the grid is {}x{}",
                text.grid.height, text.grid.width
            );
            return Err(err(header_no + 1, 1, msg));
        }
        Ok(MarginText { text, margins: out })
    }

    /// A margin line as counts: a number, or `-` / `?` for no count.
    pub fn counts(&self, margin: usize) -> Result<Vec<Option<u32>>> {
        (self.margins[margin].iter())
            .map(|t| match t.text.as_str() {
                "-" | "?" | "." => Ok(None),
                n => n.parse().map(Some).map_err(|_| {
                    let msg = format!("`{n}` is not a count (a number, or `-` for none)");
                    self.text.error(t, msg)
                }),
            })
            .collect()
    }
}

/// Numbers beside the grid that count cells with a property along each column and row (tents,
/// battleship segments, thermometers, magnetic's poles), `None` where no number is given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineCounts {
    /// One per column, left to right.
    pub columns: Vec<Option<u32>>,
    /// One per row, top to bottom.
    pub rows: Vec<Option<u32>>,
}

impl LineCounts {
    /// The counts of a text read with the margins `[Columns, Rows]`.
    pub fn of(text: &MarginText) -> Result<LineCounts> {
        let (columns, rows) = (text.counts(0)?, text.counts(1)?);
        Ok(LineCounts { columns, rows })
    }

    /// Every counted line: its name, its cells and its count.
    pub fn lines(&self, g: Grid) -> Vec<(String, Vec<Cell>, u32)> {
        let columns = (g.columns().into_iter().zip(&self.columns))
            .enumerate()
            .map(|(i, (cells, n))| (format!("column {}", i + 1), cells, *n));
        let rows = (g.rows().into_iter().zip(&self.rows))
            .enumerate()
            .map(|(i, (cells, n))| (format!("row {}", i + 1), cells, *n));
        let counted = columns
            .chain(rows)
            .filter_map(|(name, cells, n)| Some((name, cells, n?)));
        counted.collect()
    }

    /// Adds "each counted line holds its count of chosen cells", each line counted over the
    /// variables `counters` gives for its cells (the cells' own, or fewer that sum to them).
    pub fn add(
        &self,
        m: &mut Model,
        g: Grid,
        what: &str,
        mut counters: impl FnMut(&mut Model, &[Cell]) -> Vec<Var>,
    ) {
        for (name, cells, n) in self.lines(g) {
            let sum = LinExpr::sum_vars(counters(m, &cells));
            m.add(format!("{what} in {name}"), sum.eq(n as i64));
        }
    }

    /// Checks the counts of chosen cells; the error names the line.
    pub fn check(&self, g: Grid, chosen: &[bool], what: &str) -> std::result::Result<(), String> {
        for (name, cells, n) in self.lines(g) {
            let found = cells.iter().filter(|&&c| chosen[c]).count();
            if found != n as usize {
                return Err(format!("{name} holds {found} {what}, not {n}"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    const TENT: &str = "2 3\n1 0 1\n1 1\nx - -\n- - x\n";

    #[test]
    fn margin_lines_come_before_the_grid_and_keep_their_positions() {
        let m = MarginText::parse("f", TENT, &[Margin::Columns, Margin::Rows]).unwrap();
        assert_eq!(m.text.grid, Grid::new(2, 3));
        assert_eq!(m.counts(0).unwrap(), vec![Some(1), Some(0), Some(1)]);
        assert_eq!(m.counts(1).unwrap(), vec![Some(1), Some(1)]);
        assert_eq!((m.text.cells[5].line, m.text.cells[5].col), (5, 5));
        let extras = MarginText::parse("f", "1 2 3 4\n- 1\n1\n- o\n", &[Margin::Columns]);
        let extras = extras.unwrap_err().to_string();
        assert!(extras.starts_with("f:3:2: ragged grid"), "{extras}");
        let m = MarginText::parse(
            "f",
            "1 2 3 4\n- 1\n1\n- o\n",
            &[Margin::Columns, Margin::Rows],
        );
        let m = m.unwrap();
        assert_eq!(m.text.extras.len(), 2);
        assert_eq!(m.counts(0).unwrap(), vec![None, Some(1)]);
    }

    #[test]
    fn errors_name_line_and_column() {
        let both = [Margin::Columns, Margin::Rows];
        for (text, at) in [
            ("", "f:1:1: no puzzle"),
            ("x 3\n", "f:1:1: expected a header"),
            (
                "2 3\n1 0\n1 1\nx - -\n- - x\n",
                "f:2:3: the column line has 2",
            ),
            (
                "2 3\n1 0 1\n1 1 1\nx - -\n- - x\n",
                "f:3:5: the row line has 3",
            ),
            ("2 3\n1 0 1\n", "f:3:1: missing the row line"),
            ("2 3\n1 0 1\n1 1\nx - -\n", "has 1 rows, the header says 2"),
            ("3 3\n1 0 1\n1 1 0\nx - -\n- - x\n", "the grid has 2 rows"),
        ] {
            let e = MarginText::parse("f", text, &both).unwrap_err().to_string();
            assert!(e.contains(at), "{text:?}: {e}");
        }
        let m = MarginText::parse("f", "2 3\n1 y 1\n1 1\nx - -\n- - x\n", &both).unwrap();
        let e = m.counts(0).unwrap_err().to_string();
        assert!(e.starts_with("f:2:3: `y` is not a count"), "{e}");
    }

    #[test]
    fn line_counts_check_and_constrain_the_counted_lines() {
        let m = MarginText::parse(
            "f",
            "2 2\n1 -\n2 0\n- -\n- -\n",
            &[Margin::Columns, Margin::Rows],
        );
        let counts = LineCounts::of(&m.unwrap()).unwrap();
        let g = Grid::new(2, 2);
        assert_eq!(
            counts.check(g, &[true, true, false, false], "tents"),
            Ok(())
        );
        let e = counts
            .check(g, &[true, false, true, false], "tents")
            .unwrap_err();
        assert_eq!(e, "column 1 holds 2 tents, not 1");
        let mut model = Model::new();
        let chosen = g.answer_bools(&mut model, "x");
        counts.add(&mut model, g, "tents", |_, cells| {
            cells.iter().map(|&c| chosen[c]).collect()
        });
        let found = crate::model::testing::satisfiable_projections(&model, &chosen);
        assert_eq!(found.into_iter().collect::<Vec<u64>>(), vec![0b0011]);
    }
}
