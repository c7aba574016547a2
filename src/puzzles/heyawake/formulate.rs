//! Heyawake as a model: one 0/1 `shaded` variable per cell (the answer keys), and each rule as
//! constraints, read like the rules.

use super::{Heyawake, Shading};
use crate::error::Result;
use crate::grid::Clue;
use crate::model::connectivity::{add_connected, ConnectivityEncoding, NodeGraph};
use crate::model::{Constraint, LinExpr, Lit, Model};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};

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
        let edges = g.edges();
        for &(a, b) in &edges {
            let name = format!("no touching {}-{}", g.name(a), g.name(b));
            m.add(name, Constraint::clause([!shaded[a], !shaded[b]]));
        }
        for room in &self.rooms {
            if let Some(clue) = room.clue.and_then(Clue::value) {
                let count = LinExpr::sum_vars(room.cells.iter().map(|&c| shaded[c]));
                m.add(format!("room {} count", room.label), count.eq(clue as i64));
            }
        }
        // Rule 4: between two consecutive room borders of a line (and one cell beyond each),
        // something is shaded.
        for line in g.lines() {
            let borders: Vec<usize> = (0..line.len().saturating_sub(1))
                .filter(|&i| self.room_of[line[i]] != self.room_of[line[i + 1]])
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
        // Redundant but sound: with rule 1 at most half the cells are shaded, so a grid of six
        // or more cells has at least three unshaded ones, and no unshaded cell or pair of cells
        // can be walled in by shaded neighbours. These are the cuts the lazy loop would find
        // first, over and over, on big rooms; stating them up front saves the rounds.
        if g.len() >= 6 {
            for v in g.cells() {
                let walls = g.neighbours4(v).map(|u| !shaded[u]);
                let clause = std::iter::once(shaded[v].lit()).chain(walls);
                m.add(
                    format!("no walled-in cell {}", g.name(v)),
                    Constraint::clause(clause),
                );
            }
            for &(a, b) in &edges {
                let around = g.neighbours4(a).chain(g.neighbours4(b));
                let walls = around.filter(|&u| u != a && u != b).map(|u| !shaded[u]);
                let clause = [shaded[a].lit(), shaded[b].lit()].into_iter().chain(walls);
                let name = format!("no walled-in pair {}-{}", g.name(a), g.name(b));
                m.add(name, Constraint::clause(clause));
            }
        }
        let unshaded: Vec<Lit> = shaded.iter().map(|&v| !v).collect();
        let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
        let graph =
            NodeGraph::new(unshaded.iter().map(|&l| l.into()), &edges).with_names(|v| g.name(v));
        add_connected(&mut m, "unshaded connected", &graph, None, encoding);
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
    fn url(&self) -> Result<String> {
        self.to_url()
    }
    fn precheck(&self) -> Option<String> {
        self.rooms.iter().find_map(|room| {
            let (clue, most) = (room.clue?.value()? as usize, self.max_shaded(room));
            (clue > most).then(|| {
                format!(
                    "room {} asks for {clue} shaded cells but can hold at most {most} without \
                     two touching",
                    room.label
                )
            })
        })
    }
}
