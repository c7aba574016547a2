//! Margin numbers that count along rows and columns ([`LineCounts`]: magnetic's poles, tents,
//! thermometers, battleship segments), drawn as labels left of each row and above each column.

use super::{Label, Sketch};
use crate::grid::counts::LineCounts;

impl Sketch {
    /// Draws one label per count and line, each count's text behind its `prefix` (`+3`, `-1`),
    /// `?` where a line has no number.
    pub fn with_line_counts(mut self, counts: &[(&str, &LineCounts)]) -> Sketch {
        let label = |prefix: &str, n: Option<usize>| {
            Label::plain(format!(
                "{prefix}{}",
                n.map_or("?".into(), |n| n.to_string())
            ))
        };
        let lines = |pick: fn(&LineCounts) -> &[Option<usize>], len: usize| -> Vec<Vec<Label>> {
            (0..len)
                .map(|i| counts.iter().map(|(p, c)| label(p, pick(c)[i])).collect())
                .collect()
        };
        self.row_clues = lines(|c| &c.rows, self.height);
        self.column_clues = lines(|c| &c.cols, self.width);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_and_column_gets_a_label_per_count() {
        let plus = LineCounts {
            rows: vec![Some(1), None],
            cols: vec![Some(0)],
        };
        let minus = LineCounts {
            rows: vec![None, Some(2)],
            cols: vec![None],
        };
        let s = Sketch::new(2, 1).with_line_counts(&[("+", &plus), ("-", &minus)]);
        let text = |l: &Vec<Label>| l.iter().map(|l| l.text.clone()).collect::<Vec<_>>();
        assert_eq!(
            s.row_clues.iter().map(text).collect::<Vec<_>>(),
            vec![vec!["+1", "-?"], vec!["+?", "-2"]]
        );
        assert_eq!(text(&s.column_clues[0]), vec!["+0", "-?"]);
    }
}
