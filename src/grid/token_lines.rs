//! janko.at texts made of blocks of different widths (magnetic, tent, battleship, thermometer:
//! clue lines of W and of H tokens beside H×W grids), read line by line with every token's
//! position, so errors carry `file:line:col`. Blank lines and `//` comments are skipped.

use super::text::{clue_tokens, Token};
use crate::error::{Error, Result};

/// The content lines of a text, read front to back.
pub struct TokenLines {
    source: String,
    lines: Vec<Vec<Token>>,
    next: usize,
    end_line: usize,
}

impl TokenLines {
    /// The content lines of `text`.
    pub fn new(source: &str, text: &str) -> TokenLines {
        let line = |(i, l): (usize, &str)| -> Vec<Token> {
            let token = |(col, t): (usize, &str)| Token {
                text: t.to_string(),
                line: i + 1,
                col,
            };
            clue_tokens(l).into_iter().map(token).collect()
        };
        let lines = (text.lines().enumerate().map(line))
            .filter(|t| t.first().is_some_and(|t| !t.text.starts_with("//")))
            .collect();
        let end_line = text.lines().count() + 1;
        TokenLines {
            source: source.to_string(),
            lines,
            next: 0,
            end_line,
        }
    }
    /// How many lines are left.
    pub fn remaining(&self) -> usize {
        self.lines.len() - self.next
    }
    /// An input error at a token.
    pub fn error(&self, at: &Token, message: impl Into<String>) -> Error {
        Error::input(&self.source, at.line, at.col, message)
    }
    /// An input error where the next line is (or at the end).
    pub fn error_here(&self, message: impl Into<String>) -> Error {
        let line = self
            .lines
            .get(self.next)
            .map_or(self.end_line, |l| l[0].line);
        Error::input(&self.source, line, 1, message)
    }
    /// The next line, which must hold `n` tokens (`what` names it in errors).
    pub fn line(&mut self, n: usize, what: &str) -> Result<Vec<Token>> {
        let Some(line) = self.lines.get(self.next).cloned() else {
            return Err(self.error_here(format!("missing {what}")));
        };
        self.next += 1;
        if line.len() != n {
            let at = line
                .get(n)
                .unwrap_or(line.last().expect("content lines have tokens"));
            let found = line.len();
            return Err(self.error(at, format!("{what} has {found} tokens, expected {n}")));
        }
        Ok(line)
    }
    /// The header `H W` and nothing more.
    pub fn header(&mut self, genre: &str) -> Result<(usize, usize)> {
        let what = format!("a {genre} header `H W`");
        let line = self.line(2, &what)?;
        let dim = |t: &Token| t.text.parse().ok().filter(|n| (1..=1000).contains(n));
        match (dim(&line[0]), dim(&line[1])) {
            (Some(h), Some(w)) => Ok((h, w)),
            (None, _) => Err(self.error(
                &line[0],
                format!("`{}` is not a height (1 to 1000)", line[0].text),
            )),
            (_, None) => Err(self.error(
                &line[1],
                format!("`{}` is not a width (1 to 1000)", line[1].text),
            )),
        }
    }
    /// The next line as `n` counts, `-` for none.
    pub fn counts(&mut self, n: usize, what: &str) -> Result<Vec<Option<u32>>> {
        let line = self.line(n, what)?;
        let count = |t: &Token| match t.text.as_str() {
            "-" => Ok(None),
            x => x
                .parse()
                .map(Some)
                .map_err(|_| self.error(t, format!("`{x}` is not a count (a number or `-`)"))),
        };
        line.iter().map(count).collect()
    }
    /// The next `h` lines of `w` tokens each, in raster order.
    pub fn grid(&mut self, h: usize, w: usize, what: &str) -> Result<Vec<Token>> {
        let mut out = Vec::with_capacity(h * w);
        for _ in 0..h {
            out.extend(self.line(w, what)?);
        }
        Ok(out)
    }
    /// The next `h` lines of `w` symbols, each read through `symbols` (a token and its value);
    /// any other token is an error that lists them, `what` naming a cell's content.
    pub fn symbols<T: Copy>(
        &mut self,
        (h, w): (usize, usize),
        symbols: &[(&str, T)],
        what: &str,
    ) -> Result<Vec<T>> {
        let tokens = self.grid(h, w, &format!("a row of {what}s"))?;
        let read = |t: &Token| {
            let found = symbols.iter().find(|(s, _)| *s == t.text).map(|&(_, v)| v);
            let list: Vec<String> = symbols.iter().map(|(s, _)| format!("`{s}`")).collect();
            found.ok_or_else(|| {
                self.error(
                    t,
                    format!("`{}` is not a {what}: expected {}", t.text, list.join(", ")),
                )
            })
        };
        tokens.iter().map(read).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_of_different_widths_read_in_turn_with_positions() {
        let mut t = TokenLines::new("t", "// c\n2 3\n1 - 2\n\n- 4\na b c\nd e f\n");
        assert_eq!(t.header("x").unwrap(), (2, 3));
        assert_eq!(
            t.counts(3, "columns").unwrap(),
            vec![Some(1), None, Some(2)]
        );
        assert_eq!(t.remaining(), 3);
        assert_eq!(t.counts(2, "rows").unwrap(), vec![None, Some(4)]);
        let grid = t.grid(2, 3, "a row").unwrap();
        assert_eq!(
            (grid[4].text.as_str(), grid[4].line, grid[4].col),
            ("e", 7, 3)
        );
        let e = t.line(1, "more").unwrap_err().to_string();
        assert!(e.starts_with("t:8:1: missing more"), "{e}");
        let mut bad = TokenLines::new("t", "2 3\n1 x 2\n");
        bad.header("x").unwrap();
        let e = bad.counts(3, "columns").unwrap_err().to_string();
        assert!(e.starts_with("t:2:3: `x` is not a count"), "{e}");
        let mut ragged = TokenLines::new("t", "2 3 4\n");
        let e = ragged.header("x").unwrap_err().to_string();
        assert!(e.starts_with("t:1:5: a x header `H W` has 3 tokens"), "{e}");
    }

    #[test]
    fn symbols_read_through_their_table_and_list_it_when_refused() {
        let mut t = TokenLines::new(
            "t", "a b
b c
",
        );
        let table = [("a", 1), ("b", 2)];
        let e = t.symbols((2, 2), &table, "letter").unwrap_err().to_string();
        assert!(
            e.starts_with("t:2:3: `c` is not a letter: expected `a`, `b`"),
            "{e}"
        );
        let mut t = TokenLines::new(
            "t", "a b
b a
",
        );
        assert_eq!(
            t.symbols((2, 2), &table, "letter").unwrap(),
            vec![1, 2, 2, 1]
        );
    }
}
