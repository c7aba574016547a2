//! Tents: place tents so that every tree has a tent of its own next to it (orthogonally, one
//! to one), no two tents touch, not even diagonally, and every row and column holds the number
//! of tents written beside it. Read top-down: the puzzle, its rules (`verify`), the model
//! (`formulate`), the inputs' tests (`inputs.rs`).

#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::kings::{LineCount, NoTouching};
use crate::grid::margins::{LineCounts, Margin, MarginText};
use crate::grid::pairing::{add_pairing, unpaired};
use crate::grid::Grid;
use crate::model::Model;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Colour, Sketch};
use crate::url::format::Format;
use crate::url::marks::{MarginNumbers, Marks};

/// A tents instance: the trees and the tents per row and column.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tent {
    /// The grid.
    pub grid: Grid,
    /// Whether each cell holds a tree.
    pub trees: Vec<bool>,
    /// The tents of each column and row.
    pub counts: LineCounts,
}

/// A solution: whether each cell holds a tent.
pub type Tents = Vec<bool>;

impl Puzzle for Tent {
    type Solution = Tents;
    const GENRE: &'static str = "tent";
    const ALIASES: &'static [&'static str] = &["tents"];
    const RULES: &'static str =
        "a tent beside every tree, one to one; tents never touch, not even diagonally; counts per row and column";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["tents"],
        |p| &mut p.grid,
        |p, body| {
            body.piece(MarginNumbers, p.grid, &mut p.counts)?;
            body.piece(Marks, p.grid, &mut p.trees)
        },
    ));
    fn keys() -> Vec<FormulationKey> {
        vec![
            FormulationKey::of::<NoTouching>(
                "touching",
                "how no two tents touch is encoded",
                "windows",
            ),
            FormulationKey::of::<LineCount>(
                "lines",
                "how a row's or column's tents are counted",
                "pairs",
            ),
        ]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = MarginText::parse(source, text, &[Margin::Columns, Margin::Rows])?;
        t.text.no_extras("tents")?;
        let trees = t.text.map_symbols(&[("x", ())], "a tree")?;
        Ok(Tent {
            grid: t.text.grid,
            trees: trees.iter().map(Option::is_some).collect(),
            counts: LineCounts::of(&t)?,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Tents>> {
        let g = self.grid;
        let mut m = Model::new();
        let tent = g.answer_bools(&mut m, "tent");
        add_pairing(&mut m, g, &self.trees, &tent, "tree-tent");
        g.add_no_touching(&mut m, &tent, formulation.choice("touching"));
        let count = formulation.choice::<LineCount>("lines");
        (self.counts).add(&mut m, g, "tents", |m, cells| {
            g.line_counters(m, &tent, cells, count)
        });
        Ok(Formulated::shading(m, tent))
    }
    fn rows(&self, tents: &Tents) -> Vec<String> {
        self.grid.char_rows(|c| {
            if self.trees[c] {
                'T'
            } else if tents[c] {
                'A'
            } else {
                '.'
            }
        })
    }
    fn answer_text(&self, tents: &Tents) -> Option<String> {
        let token = |c| {
            if self.trees[c] {
                "x"
            } else if tents[c] {
                "o"
            } else {
                "-"
            }
        };
        Some(self.grid.answer_text("", token))
    }
    fn sketch(&self, tents: Option<&Tents>) -> Sketch {
        let mut sketch = Sketch::of(self.grid).with_margin_counts(&self.counts);
        for c in self.grid.cells().filter(|&c| self.trees[c]) {
            sketch.given[c].fill = Some(Colour(0xd4, 0xfb, 0x79));
            sketch.given[c].text = Some("T".into());
        }
        for c in self.grid.cells().filter(|&c| tents.is_some_and(|t| t[c])) {
            sketch.answer[c].text = Some("▲".into());
        }
        sketch
    }
    fn precheck(&self) -> Option<String> {
        let trees = self.trees.iter().filter(|&&t| t).count() as u32;
        let total = |counts: &[Option<u32>]| counts.iter().copied().sum::<Option<u32>>();
        let sums = [total(&self.counts.columns), total(&self.counts.rows)];
        let off = sums.into_iter().flatten().find(|&n| n != trees);
        off.map(|n| format!("the counts add up to {n} tents, but there are {trees} trees"))
    }

    /// Checks tents against the rules; the error says which rule and where.
    fn verify(&self, tents: &Tents) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(tents)?;
        for a in g.cells().filter(|&a| tents[a]) {
            if let Some(b) = g.neighbours8(a).find(|&b| b > a && tents[b]) {
                return Err(format!("tents {} and {} touch", g.name(a), g.name(b)));
            }
        }
        if let Some(c) = unpaired(g, &self.trees, tents) {
            return Err(match (self.trees[c], tents[c]) {
                (true, true) => format!("a tent stands on the tree at {}", g.name(c)),
                (true, false) => format!("the tree at {} has no tent of its own", g.name(c)),
                _ => format!("the tent at {} has no tree of its own", g.name(c)),
            });
        }
        self.counts.check(g, tents, "tents")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    /// The spec's worked example, `133_8x12`, and its published answer.
    pub(super) const JANKO: &str = "8 12\n1 3 0 3 1 2 1 2 2 0 3 1\n3 2 1 4 0 4 0 5\n\
        - - - - - - - x - - - x\n- x - - x - - - - - - -\n- x - - - x - - - - - -\n\
        - - - - x - - - x - - -\n- - - - x - x - - - x -\nx - - - - - x - - - - -\n\
        - - - - - x - - - - - x\n- x x - - - x - - x - -\n";
    const ANSWER: &str = "8 12\n- o - - - - - x o - o x\n- x - o x o - - - - - -\n\
        - x - - - x - - o - - -\n- o - o x - o - x - o -\n- - - - x - x - - - x -\n\
        x o - - o - x o - - - o\n- - - - - x - - - - - x\no x x o - o x o - x o -\n";

    fn tents(p: &Tent, answer: &str) -> Tents {
        let tokens = answer.lines().skip(1).flat_map(str::split_whitespace);
        let tents: Tents = tokens.map(|t| t == "o").collect();
        assert_eq!(tents.len(), p.grid.len());
        tents
    }

    #[test]
    fn the_published_answer_passes_and_broken_boards_fail_for_their_reason() {
        let p = Tent::read_text("t", JANKO).unwrap();
        let good = tents(&p, ANSWER);
        assert_eq!(p.verify(&good), Ok(()));
        assert_eq!(p.answer_text(&good).unwrap(), ANSWER);
        let g = p.grid;
        let mut touching = good.clone();
        touching[g.cell(1, 2)] = true; // beside the tent at r1c2, diagonally
        assert!(p.verify(&touching).unwrap_err().contains("touch"));
        let mut moved = good.clone();
        moved[g.cell(0, 1)] = false;
        moved[g.cell(0, 0)] = true; // r1c1: no tree next to it
        let e = p.verify(&moved).unwrap_err();
        assert!(
            e.contains("has no tree of its own") || e.contains("has no tent"),
            "{e}"
        );
        let mut missing = good.clone();
        missing[g.cell(0, 1)] = false;
        assert!(p
            .verify(&missing)
            .unwrap_err()
            .contains("tree at r2c2 has no tent"));
        let lone = Tent::read_text("t", "1 2\n1 0\n1\nx -\n").unwrap();
        let e = lone.verify(&vec![true, false]).unwrap_err();
        assert!(e.contains("a tent stands on the tree at r1c1"), "{e}");
    }

    /// A random grid of up to 4×4 with a few trees and counts.
    fn random_puzzle(rng: &mut Rng) -> Tent {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let trees: Vec<bool> = grid.cells().map(|_| rng.below(4) == 0).collect();
        // Counts of a random shading, about half of them given: often satisfiable.
        let some: Vec<bool> = grid.cells().map(|_| rng.below(4) == 0).collect();
        let mut count = |lines: Vec<Vec<usize>>| -> Vec<Option<u32>> {
            let n = |l: &[usize]| l.iter().filter(|&&c| some[c]).count() as u32;
            lines
                .iter()
                .map(|l| (rng.below(2) == 0).then(|| n(l)))
                .collect()
        };
        let counts = LineCounts {
            columns: count(grid.columns()),
            rows: count(grid.rows()),
        };
        Tent {
            grid,
            trees,
            counts,
        }
    }

    #[test]
    fn every_formulation_finds_exactly_the_tents_the_rules_accept() {
        let mut rng = Rng::new(25);
        let specs = [
            "touching=windows,lines=pairs",
            "touching=pairs,lines=cells",
            "touching=windows,lines=cells",
        ];
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..80 {
            let p = random_puzzle(&mut rng);
            let n = assert_matches_brute_force(&p, p.grid.len(), &specs, &["varisat", "batsat"]);
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
            if p.grid.len() <= 9 {
                assert_matches_brute_force(&p, p.grid.len(), &specs[..2], &["microlp"]);
            }
        }
        assert!(
            solvable >= 15 && several >= 5,
            "{solvable} solvable, {several} with several"
        );
    }
}
