//! Clues outside the four edges (Skyscrapers, ABC End View), drawn as margin labels: above
//! and below each column, left and right of each row.

use super::{Label, Sketch};

impl Sketch {
    /// Draws the edge clues, given in janko.at's and pzprjs's order (above each column, below
    /// each column, left of each row, right of each row); an empty text draws nothing.
    pub fn with_edge_clues(mut self, texts: &[String]) -> Sketch {
        let (w, h) = (self.width, self.height);
        let label = |i: usize| Label::plain(texts.get(i).cloned().unwrap_or_default());
        self.column_clues = (0..w).map(|x| vec![label(x), label(w + x)]).collect();
        self.row_clues = (0..h)
            .map(|y| vec![label(2 * w + y), label(2 * w + h + y)])
            .collect();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_gets_its_two_clues() {
        let texts: Vec<String> = (1..=8).map(|i| i.to_string()).collect();
        let s = Sketch::new(2, 2).with_edge_clues(&texts);
        let text = |l: &Vec<Label>| l.iter().map(|l| l.text.clone()).collect::<Vec<_>>();
        assert_eq!(text(&s.column_clues[1]), ["2", "4"]);
        assert_eq!(text(&s.row_clues[0]), ["5", "7"]);
    }
}
