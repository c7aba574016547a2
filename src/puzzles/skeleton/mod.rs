//! Skeleton puzzles: put every word of a list into the grid's slots, one word per slot, so that
//! crossing slots share their letter and given letters are kept.
//!
//! Reads top-down like the spec: [`parse`] (grid, words, slots, input checks) → the rules
//! ([`Skeleton::verify_solution`]) → [`formulate`] (word-per-slot models) → [`generate`] (placement rules
//! and local search for unique puzzles).

pub mod cli;
pub mod formulate;
pub mod generate;
pub mod parse;

use crate::error::Result;
use parse::{Diagram, ListedWord, Slot, Square};
use std::collections::BTreeMap;

/// A skeleton puzzle: the grid, its slots and the word list.
#[derive(Clone, Debug)]
pub struct Skeleton {
    /// The file the grid came from.
    pub source: String,
    /// The grid with black cells, white cells and given letters.
    pub diagram: Diagram,
    /// The slots, across row by row then down column by column.
    pub slots: Vec<Slot>,
    /// The word list, duplicates kept.
    pub words: Vec<ListedWord>,
}

/// A filled grid: a letter in every white cell, `None` in black cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// The cells row by row.
    pub letters: Vec<Vec<Option<char>>>,
}

impl Solution {
    /// The letters a slot of a puzzle on `grid` reads in this solution (`None` if a cell of it
    /// is black or missing).
    pub fn read(&self, grid: &crate::grid::Grid, slot: &Slot) -> Option<String> {
        (slot.cells.iter())
            .map(|&cell| {
                let (r, c) = grid.rc(cell);
                self.letters
                    .get(r)
                    .and_then(|row| row.get(c))
                    .copied()
                    .flatten()
            })
            .collect()
    }
}

/// Loads a puzzle from its file text and, optionally, a separate word list `(source, text)`.
pub fn load_texts(source: &str, text: &str, words: Option<(&str, &str)>) -> Result<Skeleton> {
    let (diagram, mut listed) = parse::parse_puzzle_text(source, text)?;
    if let Some((words_source, words_text)) = words {
        if let Some(first) = listed.first() {
            return Err(crate::Error::input(
                source,
                first.line,
                1,
                format!("the puzzle file lists words and --words {words_source} gives them too; use one"),
            ));
        }
        listed = parse::parse_word_list(words_source, words_text)?;
    }
    Skeleton::new(source, diagram, listed)
}

impl Skeleton {
    /// A puzzle from a parsed grid and word list, after the input checks of [`parse::validate`].
    pub fn new(source: &str, diagram: Diagram, words: Vec<ListedWord>) -> Result<Skeleton> {
        let slots = diagram.slots();
        parse::validate(source, &diagram, &slots, &words)?;
        Ok(Skeleton {
            source: source.to_string(),
            diagram,
            slots,
            words,
        })
    }

    /// The distinct words with how often each is listed, in a fixed order.
    pub fn word_classes(&self) -> Vec<(Vec<char>, usize)> {
        let mut classes: BTreeMap<&[char], usize> = BTreeMap::new();
        for w in &self.words {
            *classes.entry(&w.letters).or_default() += 1;
        }
        classes.into_iter().map(|(w, n)| (w.to_vec(), n)).collect()
    }

    /// A slot's readable name: `row 9 across` (1-based), with its start when the line has more
    /// than one slot in that direction (`row 9 across from col 4`).
    pub fn slot_name(&self, slot: &Slot) -> String {
        use parse::Direction::{Across, Down};
        let g = self.diagram.grid;
        let (row, col) = g.rc(slot.cells[0]);
        let line = |s: &Slot| {
            let (r, c) = g.rc(s.cells[0]);
            (s.dir, if s.dir == Across { r } else { c })
        };
        let alone = self.slots.iter().filter(|s| line(s) == line(slot)).count() == 1;
        match (slot.dir, alone) {
            (Across, true) => format!("row {} across", row + 1),
            (Across, false) => format!("row {} across from col {}", row + 1, col + 1),
            (Down, true) => format!("col {} down", col + 1),
            (Down, false) => format!("col {} down from row {}", col + 1, row + 1),
        }
    }

    /// The slots two solutions fill differently, as `row 9 across: lemon ↔ melon`.
    pub fn differing_slots(&self, a: &Solution, b: &Solution) -> Vec<String> {
        self.slots
            .iter()
            .filter_map(|s| {
                let g = &self.diagram.grid;
                let (x, y) = (a.read(g, s)?, b.read(g, s)?);
                (x != y).then(|| format!("{}: {x} ↔ {y}", self.slot_name(s)))
            })
            .collect()
    }

    /// Checks a filled grid against the rules: same shape and black cells, given letters kept,
    /// and the words read from the slots are exactly the word list (as a multiset). Crossing
    /// slots agree by construction, since each cell holds one letter.
    pub fn verify_solution(&self, solution: &Solution) -> std::result::Result<(), String> {
        let g = &self.diagram.grid;
        if solution.letters.len() != g.height {
            return Err(format!(
                "the solution has {} rows, the grid {}",
                solution.letters.len(),
                g.height
            ));
        }
        for (r, row) in solution.letters.iter().enumerate() {
            if row.len() != g.width {
                return Err(format!(
                    "solution row {} has {} cells, the grid {}",
                    r + 1,
                    row.len(),
                    g.width
                ));
            }
            for (c, &letter) in row.iter().enumerate() {
                match (self.diagram.square(g.cell(r, c)), letter) {
                    (Square::Black, None) | (Square::White, Some(_)) => {}
                    (Square::Given(x), Some(y)) if x == y => {}
                    (Square::Given(x), Some(y)) => {
                        return Err(format!(
                            "row {} col {}: given letter `{x}` but the solution has `{y}`",
                            r + 1,
                            c + 1
                        ))
                    }
                    (Square::Black, Some(y)) => {
                        return Err(format!(
                            "row {} col {} is black but holds `{y}`",
                            r + 1,
                            c + 1
                        ))
                    }
                    (_, None) => {
                        return Err(format!("row {} col {} is white but empty", r + 1, c + 1))
                    }
                }
            }
        }
        let mut balance: BTreeMap<String, i64> = BTreeMap::new();
        for w in &self.words {
            *balance.entry(w.letters.iter().collect()).or_default() += 1;
        }
        for s in &self.slots {
            let read = solution
                .read(g, s)
                .ok_or_else(|| format!("{} has an empty cell", self.slot_name(s)))?;
            *balance.entry(read).or_default() -= 1;
        }
        let missing: Vec<&str> = balance
            .iter()
            .filter(|(_, &n)| n > 0)
            .map(|(w, _)| w.as_str())
            .collect();
        let extra: Vec<&str> = balance
            .iter()
            .filter(|(_, &n)| n < 0)
            .map(|(w, _)| w.as_str())
            .collect();
        if missing.is_empty() && extra.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "the slots read words not on the list ({}) and miss listed words ({})",
                extra.join(", "),
                missing.join(", ")
            ))
        }
    }

    /// The solution as rows of letters and `#`.
    pub fn solution_rows(&self, solution: &Solution) -> Vec<String> {
        solution
            .letters
            .iter()
            .map(|row| row.iter().map(|l| l.unwrap_or('#')).collect())
            .collect()
    }

    /// The puzzle as a file: grid rows, a blank line, the words.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let width = self.diagram.grid.width.max(1);
        for row in self.diagram.squares.chunks(width) {
            out.extend(row.iter().map(|&square| match square {
                Square::Black => '#',
                Square::White => '.',
                Square::Given(l) => l,
            }));
            out.push('\n');
        }
        out.push('\n');
        for w in &self.words {
            out.push_str(&w.text);
            out.push('\n');
        }
        out
    }
}

impl crate::puzzles::Puzzle for Skeleton {
    type Solution = Solution;
    const GENRE: &'static str = "skeleton";
    const RULES: &'static str =
        "fill-in crossword: every listed word into one slot, crossings agree";
    const VERBS: Option<crate::puzzles::verbs::Verbs> = Some(cli::VERBS);
    fn keys() -> Vec<crate::puzzles::FormulationKey> {
        formulate::keys()
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        load_texts(source, text, None)
    }
    fn read_with_words(input: &crate::input::Input, words: &crate::input::Input) -> Result<Self> {
        load_texts(
            &input.source,
            &input.text,
            Some((&words.source, &words.text)),
        )
    }
    fn formulate(
        &self,
        formulation: &crate::puzzles::Formulation,
    ) -> Result<crate::puzzles::Formulated<Solution>> {
        formulate::formulate(self, formulation)
    }
    fn verify(&self, solution: &Solution) -> std::result::Result<(), String> {
        self.verify_solution(solution)
    }
    fn rows(&self, solution: &Solution) -> Vec<String> {
        self.solution_rows(solution)
    }
    fn sketch(&self, solution: Option<&Solution>) -> crate::render::Sketch {
        use crate::render::{Colour, Sketch};
        let g = self.diagram.grid;
        let mut sketch = Sketch::new(g.height, g.width);
        let capital = |l: char| l.to_uppercase().collect::<String>();
        for cell in g.cells() {
            let (given, answer) = (&mut sketch.given[cell], &mut sketch.answer[cell]);
            match self.diagram.square(cell) {
                Square::Black => given.fill = Some(Colour::INK),
                Square::Given(l) => given.text = Some(capital(l)),
                Square::White => {
                    let (r, c) = g.rc(cell);
                    let letter = solution.and_then(|s| *s.letters.get(r)?.get(c)?);
                    answer.text = letter.map(capital);
                }
            }
        }
        sketch
    }
    fn precheck(&self) -> Option<String> {
        formulate::precheck(self)
    }
    fn differences(&self, a: &Solution, b: &Solution) -> Vec<String> {
        self.differing_slots(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "....\n...#\n....\n\nboat\nart\nneed\nban\nore\nate\n";

    fn grid_of(rows: &[&str]) -> Solution {
        Solution {
            letters: rows
                .iter()
                .map(|r| r.chars().map(|c| (c != '#').then_some(c)).collect())
                .collect(),
        }
    }

    #[test]
    fn published_answer_of_the_small_instance_verifies() {
        let p = load_texts("p", SMALL, None).unwrap();
        let answer = grid_of(&["boat", "art#", "need"]);
        assert_eq!(p.verify_solution(&answer), Ok(()));
        assert_eq!(p.solution_rows(&answer), vec!["boat", "art#", "need"]);
    }

    #[test]
    fn verify_rejects_words_off_the_list_and_wrong_cells() {
        let p = load_texts("p", SMALL, None).unwrap();
        let swapped = grid_of(&["need", "art#", "boat"]);
        let e = p.verify_solution(&swapped).unwrap_err();
        assert!(e.contains("not on the list"), "{e}");
        let black_filled = grid_of(&["boat", "arte", "need"]);
        assert!(p
            .verify_solution(&black_filled)
            .unwrap_err()
            .contains("is black"));
        let p2 = load_texts(
            "p",
            "b...\n...#\n....\n\nboat\nart\nneed\nban\nore\nate\n",
            None,
        )
        .unwrap();
        assert_eq!(
            p2.verify_solution(&grid_of(&["boat", "art#", "need"])),
            Ok(())
        );
        let p3 = load_texts(
            "p",
            "...t\n...#\n....\n\nboat\nart\nneed\nban\nore\nate\n",
            None,
        )
        .unwrap();
        assert!(p3
            .verify_solution(&grid_of(&["boat", "art#", "need"]))
            .is_ok());
    }

    #[test]
    fn duplicate_words_must_appear_as_often_as_listed() {
        let p = load_texts("p", "..\n.#\n\nab\nab\n", None).unwrap();
        assert_eq!(p.word_classes(), vec![(vec!['a', 'b'], 2)]);
        assert_eq!(p.verify_solution(&grid_of(&["ab", "b#"])), Ok(()));
        let p = load_texts("p", "..\n.#\n\nab\nab\nab\n", None);
        assert!(p.is_err());
    }

    #[test]
    fn differing_slots_name_the_slot_and_both_words() {
        let p = load_texts("p", "..\n.#\n\nab\nac\n", None).unwrap();
        let a = grid_of(&["ab", "c#"]);
        let b = grid_of(&["ac", "b#"]);
        assert_eq!(
            p.differing_slots(&a, &b),
            vec!["row 1 across: ab ↔ ac", "col 1 down: ac ↔ ab"]
        );
    }

    #[test]
    fn separate_word_list_is_used_and_double_lists_are_refused() {
        let p = load_texts("p", "..\n.#\n", Some(("w", "ab\nac\n"))).unwrap();
        assert_eq!(p.words.len(), 2);
        assert!(load_texts("p", "..\n.#\n\nab\nac\n", Some(("w", "ab\nac\n"))).is_err());
    }

    #[test]
    fn slot_names_disambiguate_lines_with_two_slots() {
        let p = load_texts("p", "..#..\n.....\n\nab\ncd\nefghi\nab\ncd\nef\ngh\n", None);
        let p = p.unwrap();
        let names: Vec<String> = p.slots.iter().map(|s| p.slot_name(s)).collect();
        assert_eq!(names[0], "row 1 across from col 1");
        assert_eq!(names[2], "row 2 across");
        assert_eq!(names[3], "col 1 down");
    }

    #[test]
    fn to_text_round_trips() {
        let p = load_texts("p", SMALL, None).unwrap();
        let again = load_texts("p", &p.to_text(), None).unwrap();
        assert_eq!(again.diagram, p.diagram);
        assert_eq!(again.words, p.words);
    }
}
