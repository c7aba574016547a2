//! Gokigen Naname: draw one diagonal in every cell so that each number on a corner counts the
//! diagonals touching it and the diagonals form no loop. Read top-down: the puzzle, its rules
//! (`verify`), the model (`formulate`), the tests.

use crate::error::Result;
use crate::grid::slants::{add_no_slant_loop, SlantEncoding};
use crate::grid::{Clue, Grid};
use crate::model::{LinExpr, Model};
use crate::grid::vertices::read_vertex_clues;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;
use crate::url::format::Format;
use crate::url::vertices::VertexNumbers4;

/// A gokigen naname instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Gokigen {
    /// The grid of cells.
    pub grid: Grid,
    /// The clue of each vertex ([`Grid::vertices`]): 0–4, `?`, or none.
    pub clues: Vec<Option<Clue>>,
}

/// A solution: whether each cell's diagonal is `/` (else `\`).
pub type Slants = Vec<bool>;

/// A clued corner: its id, its number, and the cells around it each with the diagonal (`/` or
/// not) that touches the corner there.
pub type Corner = (usize, u32, Vec<(usize, bool)>);

impl Gokigen {
    /// For each clued vertex, its number and the cells around it with the diagonal that would
    /// touch it there (`/` or not).
    pub fn touching(&self) -> Vec<Corner> {
        let g = self.grid;
        let clued = (g.vertices().cells()).filter_map(|v| Some((v, self.clues[v]?.value()?)));
        clued
            .map(|(v, n)| {
                let around = g.cells_around_vertex(v).into_iter();
                let touch = around.map(|c| (c, [true, false].into_iter().find(|&s| {
                    let (a, b) = g.slant_ends(c, s);
                    a == v || b == v
                }).expect("one diagonal of a cell touches each of its corners")));
                (v, n, touch.collect())
            })
            .collect()
    }
}

impl Puzzle for Gokigen {
    type Solution = Slants;
    const GENRE: &'static str = "gokigennaname";
    const ALIASES: &'static [&'static str] = &["gokigen"];
    const RULES: &'static str =
        "a diagonal in every cell: corner numbers count the diagonals touching them; no loop";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["gokigen"],
        |p| &mut p.grid,
        |p, body| body.piece(VertexNumbers4, p.grid, &mut p.clues),
    ));
    fn keys() -> Vec<FormulationKey> {
        let doc = "how rule 2 (the diagonals form no loop) is encoded";
        vec![FormulationKey::of::<SlantEncoding>("loops", doc, "lazy")]
    }
    /// The vertex-clue text (as creek's): the cells' `H W`, then the (H+1)×(W+1) corner numbers.
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let (grid, clues) = read_vertex_clues(source, text, "gokigen")?;
        Ok(Gokigen { grid, clues })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Slants>> {
        let g = self.grid;
        let mut m = Model::new();
        let slash = g.answer_bools(&mut m, "slash");
        for (v, n, touch) in self.touching() {
            let mut sum = LinExpr::new();
            for (c, s) in touch {
                sum.add_lit(1, if s { slash[c].lit() } else { !slash[c] });
            }
            m.add(format!("{} touched {n} times", g.vertex_name(v)), sum.eq(n as i64));
        }
        add_no_slant_loop(&mut m, g, &slash, formulation.choice::<SlantEncoding>("loops"));
        Ok(Formulated::shading(m, slash))
    }
    fn rows(&self, solution: &Slants) -> Vec<String> {
        self.grid.char_rows(|c| if solution[c] { '/' } else { '\\' })
    }
    fn answer_text(&self, solution: &Slants) -> Option<String> {
        Some(self.grid.answer_text("", |c| if solution[c] { "/" } else { "\\" }))
    }
    fn sketch(&self, solution: Option<&Slants>) -> Sketch {
        let mut sketch = Sketch::of(self.grid);
        if let Some(s) = solution {
            for (content, &slash) in sketch.answer.iter_mut().zip(s) {
                content.text = Some(if slash { "/" } else { "\\" }.into());
            }
        }
        let clues = self.touching().into_iter().map(|(v, n, _)| format!("{}={n}", self.grid.vertex_name(v)));
        sketch.note = Some(format!("corner numbers: {}", clues.collect::<Vec<_>>().join(", ")));
        sketch
    }

    /// Checks diagonals against the rules: (1) each corner number counts the diagonals
    /// touching that corner, (2) the diagonals form no loop.
    fn verify(&self, slash: &Slants) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(slash)?;
        for (v, n, touch) in self.touching() {
            let count = touch.iter().filter(|&&(c, s)| slash[c] == s).count();
            if count != n as usize {
                return Err(format!("rule 1: {} is touched {count} times, not {n}", g.vertex_name(v)));
            }
        }
        match g.slant_cycle(slash) {
            Some(cells) => Err(format!("rule 2: the diagonals loop through {}", g.name(cells[0]))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::{all_shadings, assert_finds_exactly_the_accepted};
    use crate::solve::{solve_puzzle, Mode, SolveOptions, Verdict};

    #[test]
    fn the_janko_example_is_unique_with_its_published_answer_and_the_url_round_trips() {
        let text = "6 6\n- 0 - 0 - - 0\n- - - - - 2 1\n2 2 - - - 3 -\n- - 2 3 1 - 1\n2 - - 1 2 - -\n- 2 2 - 3 - 0\n1 - - 1 - - -\n";
        let answer = "6 6\n\\ / \\ / \\ \\\n/ / / / \\ \\\n\\ \\ / / / \\\n/ \\ / \\ / \\\n\\ \\ \\ \\ / /\n/ / / / / \\\n";
        let p = Gokigen::read("t.txt", text).unwrap();
        for spec in ["loops=lazy", "loops=regions"] {
            let report = solve_puzzle(&p, &SolveOptions::new("batsat", spec, Mode::Count(2))).unwrap();
            assert_eq!(report.verdict, Verdict::Unique);
            assert_eq!(p.answer_text(&report.solutions[0]).unwrap(), answer);
        }
        let url = p.url().unwrap();
        assert!(url.starts_with("https://puzz.link/p?gokigen/6/6/"), "{url}");
        assert_eq!(Gokigen::read("URL", &url).unwrap(), p);
        let diamond = vec![true, false, false, true];
        let q = Gokigen { grid: Grid::new(2, 2), clues: vec![None; 9] };
        assert!(q.verify(&diamond).unwrap_err().starts_with("rule 2"));
        assert!(p.verify(&vec![false; 36]).unwrap_err().starts_with("rule 1"));
    }

    #[test]
    fn every_formulation_finds_exactly_the_diagonals_a_brute_force_accepts() {
        let mut rng = Rng::new(7);
        for case in 0..24 {
            let (h, w) = [(2, 2), (2, 3), (3, 3), (3, 4)][case % 4];
            let g = Grid::new(h, w);
            let clues = (0..g.vertices().len())
                .map(|_| (rng.below(3) == 0).then(|| Clue::Number(rng.below(3) as u32)))
                .collect();
            let p = Gokigen { grid: g, clues };
            let mut runs = vec![("varisat", "loops=lazy"), ("batsat", "loops=regions")];
            if h * w <= 4 {
                runs.push(("microlp", "loops=regions"));
            }
            let label = format!("case {case}: {p:?}");
            assert_finds_exactly_the_accepted(&p, all_shadings(g.len()), &runs, &label);
        }
    }
}
