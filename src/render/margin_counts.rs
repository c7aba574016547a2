//! Counts beside a grid's columns and rows (tents, battleships, thermometers) as margin labels.

use super::{Label, Sketch};
use crate::grid::margins::LineCounts;

impl Sketch {
    /// Writes each column's count above it and each row's left of it (none where not given).
    pub fn with_margin_counts(mut self, counts: &LineCounts) -> Sketch {
        let labels = |counts: &[Option<u32>]| -> Vec<Vec<Label>> {
            let label = |n: &Option<u32>| n.map(|n| Label::plain(n.to_string()));
            counts
                .iter()
                .map(|n| label(n).into_iter().collect())
                .collect()
        };
        self.column_clues = labels(&counts.columns);
        self.row_clues = labels(&counts.rows);
        self
    }
}
