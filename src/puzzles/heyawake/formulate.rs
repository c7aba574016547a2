//! Heyawake as a model: one 0/1 `shaded` variable per cell (the answer keys), and each rule as
//! constraints, read like the rules.

use super::{Heyawake, Shading};
use crate::error::Result;
use crate::model::connectivity::{
    add_connected, add_no_small_islands, ConnectivityEncoding, NodeGraph,
};
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
        let unshaded: Vec<Lit> = shaded.iter().map(|&v| !v).collect();
        let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
        let graph =
            NodeGraph::new(unshaded.iter().map(|&l| l.into()), &edges).with_names(|v| g.name(v));
        // Redundant but sound: with rule 1 at most half the cells are shaded, so a grid of six
        // or more cells has at least three unshaded ones. These cuts are the ones the lazy loop
        // would find first, over and over, on big rooms.
        if g.len() >= 6 {
            add_no_small_islands(&mut m, "unshaded", &graph);
        }
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
