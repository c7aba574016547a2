//! Heyawake as a model: one 0/1 `shaded` variable per cell (the answer keys), and each rule as
//! constraints, read like the rules.

use super::{Heyawake, Shading};
use crate::error::Result;
use crate::grid::shading::{add_apart_and_connected, SmallIslands};
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::{Constraint, LinExpr, Model};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::Sketch;

/// Heyawake's formulation keys.
pub fn formulation_keys() -> Vec<FormulationKey> {
    vec![FormulationKey::of::<ConnectivityEncoding>(
        "connectivity",
        "how rule 2 (unshaded cells connected) is encoded",
        "lazy",
    )]
}

impl Puzzle for Heyawake {
    type Solution = Shading;
    fn genre(&self) -> &'static str {
        "heyawake"
    }
    fn formulation_keys(&self) -> Vec<FormulationKey> {
        formulation_keys()
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Shading>> {
        let g = self.grid;
        let mut m = Model::new();
        let shaded = g.answer_bools(&mut m, "shaded");
        for (label, cells, clue) in self.rooms.iter() {
            if let Some(clue) = clue {
                let count = LinExpr::sum_vars(cells.iter().map(|&c| shaded[c]));
                m.add(format!("room {label} count"), count.eq(clue as i64));
            }
        }
        // Rule 4: between two consecutive room borders of a line (and one cell beyond each),
        // something is shaded.
        for line in g.lines() {
            let borders: Vec<usize> = (0..line.len().saturating_sub(1))
                .filter(|&i| self.rooms.rooms.wall_between(line[i], line[i + 1]))
                .collect();
            for pair in borders.windows(2) {
                let cells = &line[pair[0]..=pair[1] + 1];
                let name = format!(
                    "no run over two borders {}..{}",
                    g.name(cells[0]),
                    g.name(cells[cells.len() - 1])
                );
                m.add(
                    name,
                    Constraint::clause(cells.iter().map(|&c| shaded[c].lit())),
                );
            }
        }
        m.add(
            "something shaded",
            Constraint::clause(shaded.iter().map(|v| v.lit())),
        );
        // Rules 1 and 2.
        let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
        add_apart_and_connected(&mut m, g, &shaded, encoding, SmallIslands::Stated);
        Ok(Formulated {
            model: m,
            decode: Box::new(move |a| shaded.iter().map(|&v| a.bool(v)).collect()),
        })
    }
    fn verify(&self, solution: &Shading) -> std::result::Result<(), String> {
        self.check(solution)
    }
    fn rows(&self, solution: &Shading) -> Vec<String> {
        self.grid.shading_rows(solution)
    }
    fn sketch(&self, solution: Option<&Shading>) -> Sketch {
        let puzzle = Sketch::of(self.grid).with_room_clues(&self.rooms);
        puzzle.with_shading(solution.map(Vec::as_slice))
    }
    fn url(&self) -> Result<String> {
        self.to_url()
    }
    fn precheck(&self) -> Option<String> {
        // The most shaded cells a room can hold with no two touching (rule 1).
        self.rooms.iter().find_map(|(label, cells, clue)| {
            let (clue, most) = (clue? as usize, self.grid.max_independent(cells));
            (clue > most).then(|| {
                format!(
                    "room {label} asks for {clue} shaded cells but can hold at most {most} \
                     without two touching"
                )
            })
        })
    }
}
