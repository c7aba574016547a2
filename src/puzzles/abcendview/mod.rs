//! ABC End View (Easy as ABC): write the letters `a`..`L` once in every row and column, the
//! other cells stay empty; a letter outside the grid is the first letter met looking in from
//! there. Read top-down: the puzzle, its rules (`verify`), the model (`formulate.rs`), the
//! inputs' tests.

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::{Error, Result};
use crate::grid::{edges::edge_lines, int_lines::first_not_once, int_lines::first_seen};
use crate::grid::margins::{Margin::{Columns, Rows}, MarginText};
use crate::grid::Grid;
use crate::model::int::IntOptions;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Label, Sketch};
use crate::url::edges::EdgeNumbers;
use crate::url::format::{Body, Count, Format};

/// An ABC End View instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AbcEndView {
    /// The grid.
    pub grid: Grid,
    /// How many letters: `a` up to the `letters`-th.
    pub letters: u32,
    /// The letter (1 = `a`) seen from outside, `2·(W + H)` of them: above each column, below
    /// each column, left of each row, right of each row.
    pub edges: Vec<Option<u32>>,
    /// Letters given in the grid.
    pub givens: Vec<Option<u32>>,
}

/// A solution: each cell's letter (1 = `a`), 0 for an empty cell.
pub type Letters = Vec<u32>;

/// The janko token of a cell: its letter, or `-`.
pub fn token(letter: u32) -> char {
    match letter {
        0 => '-',
        n => char::from(b'a' + (n - 1) as u8),
    }
}

/// The letter (1 = `a`) a one-letter token names, if any.
fn letter(token: &str) -> Option<u32> {
    match token.as_bytes() {
        &[b] if b.is_ascii_alphabetic() => Some(u32::from(b.to_ascii_lowercase() - b'a') + 1),
        _ => None,
    }
}

impl Puzzle for AbcEndView {
    type Solution = Letters;
    const GENRE: &'static str = "abcendview";
    const ALIASES: &'static [&'static str] = &["easyasabc"];
    const RULES: &'static str = "each letter once per row and column, the rest empty; a letter \
        outside is the first one seen from there";
    const URL: Option<Format<Self>> = Some(Format::new(&["easyasabc"], |p| &mut p.grid, url_body));
    /// Only the integer encoding: the rules are stated on `[x = v]` literals, with no sum and
    /// no all-different.
    fn keys() -> Vec<FormulationKey> {
        IntOptions::keys_named(&["int"])
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = MarginText::parse(source, text, &[Columns, Columns, Rows, Rows])?;
        let header = "an ABC End View header is `H W L`, L the last letter";
        let letters = match &t.text.extras[..] {
            [l] => letter(&l.text).ok_or_else(|| t.text.error(l, header))?,
            [_, l, ..] => return Err(t.text.error(l, header)),
            [] => return Err(t.text.missing_extra("L (the last letter)")),
        };
        let read = |x: &str| match x {
            "-" | "." => Ok(None),
            x => (letter(x).filter(|&n| n <= letters).map(Some))
                .ok_or_else(|| format!("`{x}` is not a letter of the puzzle (a..{})", token(letters))),
        };
        let edges = (t.margins.iter().flatten())
            .map(|tok| read(&tok.text).map_err(|e| t.text.error(tok, e)))
            .collect::<Result<_>>()?;
        let givens = t.text.map_cells(|c, _| read(&t.text.cells[c].text))?;
        Ok(AbcEndView {
            grid: t.text.grid,
            letters,
            edges,
            givens,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Letters>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, solution: &Letters) -> Vec<String> {
        self.grid.char_rows(|c| token(solution[c]))
    }
    fn answer_text(&self, solution: &Letters) -> Option<String> {
        let extras = format!(" {}", token(self.letters));
        Some(self.grid.answer_text(&extras, |c| token(solution[c])))
    }
    fn sketch(&self, solution: Option<&Letters>) -> Sketch {
        let g = self.grid;
        let mut sketch = Sketch::of(g);
        let upper = |n: u32| token(n).to_ascii_uppercase().to_string();
        for c in g.cells() {
            let answer = solution.map_or(0, |s| s[c]);
            let (layer, n) = match self.givens[c] {
                Some(n) => (&mut sketch.given, n),
                None => (&mut sketch.answer, answer),
            };
            layer[c].text = (n > 0).then(|| upper(n));
        }
        // Clues from the far sides come second, with an arrow pointing the way they look.
        let label = |i: usize, arrow| self.edges[i].map(|n| Label::plain(format!("{arrow}{}", upper(n))));
        let (w, h) = (g.width, g.height);
        let both = |a, b, arrow| label(a, "").into_iter().chain(label(b, arrow)).collect();
        sketch.column_clues = (0..w).map(|j| both(j, w + j, "↑")).collect();
        sketch.row_clues = (0..h).map(|r| both(2 * w + r, 2 * w + h + r, "←")).collect();
        sketch.note = Some(format!("letters A–{}", upper(self.letters)));
        sketch
    }
    fn precheck(&self) -> Option<String> {
        let (n, g) = (self.letters, self.grid);
        let why = format!("{n} letters do not fit in a line of a {}x{} grid", g.height, g.width);
        (n as usize > g.width.min(g.height)).then_some(why)
    }

    /// Checks the letters against the rules; the error says which rule and where.
    fn verify(&self, letters: &Letters) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(letters)?;
        if let Some(c) = g.cells().find(|&c| letters[c] > self.letters) {
            return Err(format!("{} holds no letter of the puzzle", g.name(c)));
        }
        if let Some(c) = g.cells().find(|&c| self.givens[c].is_some_and(|n| n != letters[c])) {
            return Err(format!("the given letter at {} is changed", g.name(c)));
        }
        for line in g.lines() {
            if let Some((n, found)) = first_not_once(&line, 1..=self.letters, |c| letters[c]) {
                let (at, x) = (g.name(line[0]), token(n));
                return Err(format!("the line from {at} holds {found} `{x}`, not one"));
            }
        }
        let seen = |c: usize| (letters[c] > 0).then_some(letters[c]);
        for (i, (place, line)) in edge_lines(g).iter().enumerate() {
            let Some(clue) = self.edges[i] else { continue };
            if first_seen(line, seen).map(|(_, n)| n) != Some(clue) {
                let x = token(clue);
                return Err(format!("the first letter seen from the {place} is not `{x}`"));
            }
        }
        Ok(())
    }
}

/// The URL: the letter count, then the clues outside (pzprjs has no letters inside the grid).
fn url_body(p: &mut AbcEndView, body: &mut Body) -> Result<()> {
    let inside = matches!(body, Body::Write(_)) && p.givens.iter().any(Option::is_some);
    match body.is_at_end() {
        true => p.letters = 3, // pzprjs's blank grid has its editor's three letters
        false => body.piece(Count("letter count"), p.grid, &mut p.letters)?,
    }
    body.piece(EdgeNumbers, p.grid, &mut p.edges)?;
    let beyond = (0..p.edges.len()).find(|&i| p.edges[i].is_some_and(|n| n > p.letters));
    let why = match beyond {
        _ if inside => "letters given inside the grid have no puzz.link form".to_string(),
        _ if p.letters > 26 => format!("{} letters: the alphabet has 26", p.letters),
        Some(i) => format!("the clue {} is beyond the letters", edge_lines(p.grid)[i].0),
        None => {
            p.givens = vec![None; p.grid.len()];
            return Ok(());
        }
    };
    Err(Error::Invalid(why))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;

    /// janko.at's ABC End View 7 and its published answer.
    pub const JANKO: &str =
        "4 4 c\n- - b -\n- c - -\n- - - -\n- - - c\n- - - -\n- - - -\n- - - -\n- - - -\n";
    pub const ANSWER: &str = "4 4 c\nc a b -\n- b c a\na c - b\nb - a c\n";

    pub fn letters(answer: &str) -> Letters {
        let tokens = answer.lines().skip(1).flat_map(|l| l.split(' '));
        tokens.map(|t| t.bytes().next().map_or(0, |b| match b {
            b'-' => 0,
            b => u32::from(b - b'a') + 1,
        })).collect()
    }

    #[test]
    fn the_published_answer_passes_and_broken_ones_fail_for_their_reason() {
        let p = AbcEndView::read_text("t", JANKO).unwrap();
        let a = letters(ANSWER);
        assert_eq!(p.verify(&a), Ok(()));
        assert_eq!(p.answer_text(&a).unwrap(), ANSWER);
        let mut twice = a.clone();
        twice[3] = 1; // r1: c a b a
        let e = p.verify(&twice).unwrap_err();
        assert!(e.contains("line from r1c1 holds 2 `a`"), "{e}");
        // Swapping r1's a and blank keeps the lines but not the clue seen left of r2c1.
        let mut p2 = p.clone();
        p2.edges[2 * 4 + 1] = Some(1);
        let e = p2.verify(&a).unwrap_err();
        assert!(e.contains("first letter seen from the left of r2c1 is not `a`"), "{e}");
        let mut given = p.clone();
        given.givens[0] = Some(2);
        assert!(given.verify(&a).unwrap_err().contains("given letter at r1c1"));
        let mut far = a.clone();
        far[0] = 4;
        assert!(p.verify(&far).unwrap_err().contains("r1c1 holds no letter"));
    }

    /// A random 2×2 to 3×3 grid with one or two letters and a few clues and givens.
    fn random_puzzle(rng: &mut Rng) -> AbcEndView {
        let n = 2 + rng.below(2) as usize;
        let grid = Grid::new(n, n);
        let letters = 1 + rng.below(2) as u32;
        let mut clue = || (rng.below(3) == 0).then(|| 1 + rng.below(u64::from(letters)) as u32);
        let edges = (0..4 * n).map(|_| clue()).collect();
        let givens = grid.cells().map(|_| clue().filter(|_| false)).collect();
        AbcEndView {
            grid,
            letters,
            edges,
            givens,
        }
    }

    /// Every filling of the grid with empty cells and the puzzle's letters.
    fn all_fillings(p: &AbcEndView) -> Vec<Letters> {
        let (n, k) = (p.grid.len() as u32, p.letters + 1);
        (0..k.pow(n))
            .map(|code| (0..n).map(|i| code / k.pow(i) % k).collect())
            .collect()
    }

    #[test]
    fn every_formulation_finds_exactly_the_fillings_the_rules_accept() {
        let mut rng = Rng::new(5);
        let (mut solvable, mut several) = (0, 0);
        for round in 0..30 {
            let mut p = random_puzzle(&mut rng);
            if round % 5 == 0 {
                p.givens[0] = Some(1);
            }
            let mut runs = vec![];
            for backend in ["varisat", "batsat"] {
                for spec in ["int=direct", "int=order", "int=log"] {
                    runs.push((backend, spec));
                }
            }
            if p.grid.len() <= 4 {
                runs.push(("microlp", "int=direct"));
            }
            let n = assert_finds_exactly_the_accepted(&p, all_fillings(&p), &runs, "abc");
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
        assert!(solvable >= 8 && several >= 2, "{solvable} solvable, {several} with several");
    }
}
