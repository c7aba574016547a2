//! Margin numbers that count along rows and columns ([`LineCounts`]: magnetic's poles, tents,
//! thermometers, battleship segments), drawn as labels left of each row and above each column.

use super::{Label, Sketch};
use crate::grid::margins::LineCounts;

impl Sketch {
    /// Writes each column's count above it and each row's left of it (none where not given).
    pub fn with_margin_counts(self, counts: &LineCounts) -> Sketch {
        self.with_line_counts(&[("", counts)])
    }

    /// Draws one label per count and line, each count's text behind its `prefix` (`+3`, `-1`);
    /// where a line has no number, nothing when there is one count per line, else `?` (so that
    /// the labels of a line stay in their order).
    pub fn with_line_counts(mut self, counts: &[(&str, &LineCounts)]) -> Sketch {
        let several = counts.len() > 1;
        let label = |prefix: &str, n: Option<u32>| match (n, several) {
            (Some(n), _) => Some(Label::plain(format!("{prefix}{n}"))),
            (None, true) => Some(Label::plain(format!("{prefix}?"))),
            (None, false) => None,
        };
        let lines = |pick: fn(&LineCounts) -> &[Option<u32>], len: usize| -> Vec<Vec<Label>> {
            (0..len)
                .map(|i| {
                    let at = |(p, c): &(&str, &LineCounts)| label(p, pick(c).get(i).copied()?);
                    counts.iter().filter_map(at).collect()
                })
                .collect()
        };
        self.row_clues = lines(|c| &c.rows, self.height);
        self.column_clues = lines(|c| &c.columns, self.width);
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
            columns: vec![Some(0)],
        };
        let minus = LineCounts {
            rows: vec![None, Some(2)],
            columns: vec![None],
        };
        let s = Sketch::new(2, 1).with_line_counts(&[("+", &plus), ("-", &minus)]);
        let text = |l: &Vec<Label>| l.iter().map(|l| l.text.clone()).collect::<Vec<_>>();
        assert_eq!(
            s.row_clues.iter().map(text).collect::<Vec<_>>(),
            vec![vec!["+1", "-?"], vec!["+?", "-2"]]
        );
        assert_eq!(text(&s.column_clues[0]), vec!["+0", "-?"]);
        let alone = Sketch::new(2, 1).with_margin_counts(&plus);
        assert_eq!(
            alone.row_clues.iter().map(text).collect::<Vec<_>>(),
            vec![vec!["1"], vec![]]
        );
    }
}
