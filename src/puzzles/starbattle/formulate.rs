//! Star battle as a model: one 0/1 `star` per cell (the answer keys), "no two touching" by the
//! chosen encoding, and one cardinality row per row, column and room (the core `card` key picks
//! its CNF encoding; MIP backends take the rows as they are).

use super::{StarBattle, Stars};
use crate::error::Result;
use crate::grid::kings::{LineCount, NoTouching};
use crate::model::{LinExpr, Model};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Sketch, Symbol};

/// Star battle's formulation keys.
pub fn formulation_keys() -> Vec<FormulationKey> {
    let doc = "how rule 1 (no two stars touch, diagonals included) is encoded";
    let lines = "how rule 3 counts the stars of a row or column";
    vec![
        FormulationKey::of::<NoTouching>("touching", doc, "windows"),
        FormulationKey::of::<LineCount>("lines", lines, "pairs"),
    ]
}

impl Puzzle for StarBattle {
    type Solution = Stars;
    fn genre(&self) -> &'static str {
        "starbattle"
    }
    fn formulation_keys(&self) -> Vec<FormulationKey> {
        formulation_keys()
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Stars>> {
        let g = self.grid;
        let mut m = Model::new();
        let star = g.answer_bools(&mut m, "star");
        g.add_no_touching(&mut m, &star, formulation.choice("touching"));
        let count = formulation.choice::<LineCount>("lines");
        let lines = g.rows().into_iter().chain(g.columns()).map(|l| (l, true));
        let rooms = self.rooms.cells.iter().map(|cells| (cells.clone(), false));
        for (cells, is_line) in lines.chain(rooms) {
            let counters = match is_line {
                true => g.line_counters(&mut m, &star, &cells, count),
                false => cells.iter().map(|&c| star[c]).collect(),
            };
            let name = format!(
                "stars of {}..{}",
                g.name(cells[0]),
                g.name(cells[cells.len() - 1])
            );
            m.add(name, LinExpr::sum_vars(counters).eq(self.stars as i64));
        }
        let decode = move |a: &crate::model::Assignment| star.iter().map(|&v| a.bool(v)).collect();
        Ok(Formulated {
            model: m,
            decode: Box::new(decode),
        })
    }
    fn verify(&self, solution: &Stars) -> std::result::Result<(), String> {
        self.check(solution)
    }
    fn rows(&self, solution: &Stars) -> Vec<String> {
        self.grid.shading_rows(solution)
    }
    fn sketch(&self, solution: Option<&Stars>) -> Sketch {
        let mut sketch = Sketch::of(self.grid).with_rooms(&self.rooms);
        for (content, &star) in sketch.answer.iter_mut().zip(solution.into_iter().flatten()) {
            content.symbol = star.then_some(Symbol::Star);
        }
        let k = self.stars;
        let stars = if k == 1 { "star" } else { "stars" };
        sketch.note = Some(format!("{k} {stars} in every row, column and room"));
        sketch
    }
    fn url(&self) -> Result<String> {
        self.to_url()
    }
    fn precheck(&self) -> Option<String> {
        // Counting the stars by rows, by columns and by rooms must give one total.
        let (h, w, r, k) = (
            self.grid.height,
            self.grid.width,
            self.rooms.len(),
            self.stars,
        );
        let counts = format!("{h} rows, {w} columns and {r} rooms");
        (h != w || h != r).then(|| format!("{counts} of {k} stars each give different totals"))
    }
}
