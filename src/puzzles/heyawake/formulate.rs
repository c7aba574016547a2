//! Heyawake as a model: one 0/1 `shaded` variable per cell (the answer keys), and each rule as
//! constraints, read like the rules.

use super::{Heyawake, Shading};
use crate::error::Result;
use crate::model::connectivity::{add_connected, ConnectivityEncoding, NodeGraph};
use crate::model::{Constraint, LinExpr, Lit, Model, Var};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};

/// Heyawake's formulation keys.
pub fn formulation_keys() -> Vec<FormulationKey> {
    vec![FormulationKey {
        key: "connectivity",
        doc: "how rule 2 (unshaded cells connected) is encoded",
        values: ConnectivityEncoding::VALUES,
    }]
}

impl Heyawake {
    /// The model of a formulation and the decoder of its solutions.
    pub fn model(&self, formulation: &Formulation) -> Formulated<Shading> {
        let mut m = Model::new();
        let w = self.width;
        let shaded: Vec<Var> = (0..self.cells())
            .map(|i| m.new_answer_bool(format!("shaded[r{}c{}]", i / w + 1, i % w + 1)))
            .collect();
        let edges = crate::graph::grid_edges(self.height, self.width);
        // Rule 1: no two shaded cells share an edge.
        for &(a, b) in &edges {
            m.add(
                format!(
                    "no touching r{}c{}-r{}c{}",
                    a / w + 1,
                    a % w + 1,
                    b / w + 1,
                    b % w + 1
                ),
                Constraint::clause([!shaded[a], !shaded[b]]),
            );
        }
        // Rule 3: a numbered room holds exactly its number of shaded cells.
        for room in &self.rooms {
            if let Some(clue) = room.clue {
                m.add(
                    format!("room {} count", room.label),
                    LinExpr::sum_vars(room.cells.iter().map(|&c| shaded[c])).eq(clue as i64),
                );
            }
        }
        // Rule 4: between two consecutive room borders of a line (and one cell beyond each),
        // something is shaded.
        for line in self.lines() {
            let borders: Vec<usize> = (0..line.len().saturating_sub(1))
                .filter(|&i| self.room_of[line[i]] != self.room_of[line[i + 1]])
                .collect();
            for pair in borders.windows(2) {
                let (first, last) = (pair[0], pair[1] + 1);
                let cells = &line[first..=last];
                m.add(
                    format!(
                        "no run over two borders r{}c{}..r{}c{}",
                        cells[0] / w + 1,
                        cells[0] % w + 1,
                        cells[cells.len() - 1] / w + 1,
                        cells[cells.len() - 1] % w + 1
                    ),
                    Constraint::clause(cells.iter().map(|&c| shaded[c].lit())),
                );
            }
        }
        // Rule 5: something is shaded.
        m.add(
            "something shaded",
            Constraint::clause(shaded.iter().map(|v| v.lit())),
        );
        // Rule 2: the unshaded cells are connected.
        let unshaded: Vec<Lit> = shaded.iter().map(|&v| !v).collect();
        // Redundant but sound: with rule 1 at most half the cells are shaded, so a grid of six
        // or more cells has at least three unshaded ones, and no unshaded cell or pair of cells
        // can be walled in by shaded neighbours. These are the cuts the lazy loop would find
        // first, over and over, on big rooms; stating them up front saves the rounds.
        if self.cells() >= 6 {
            let adj = crate::graph::adjacency(self.cells(), &edges);
            for (v, neighbours) in adj.iter().enumerate() {
                m.add(
                    format!("no walled-in cell r{}c{}", v / w + 1, v % w + 1),
                    Constraint::clause(
                        std::iter::once(shaded[v].lit())
                            .chain(neighbours.iter().map(|&u| !shaded[u])),
                    ),
                );
            }
            for &(a, b) in &edges {
                let mut clause = vec![shaded[a].lit(), shaded[b].lit()];
                clause.extend(
                    adj[a]
                        .iter()
                        .chain(adj[b].iter())
                        .filter(|&&u| u != a && u != b)
                        .map(|&u| !shaded[u]),
                );
                m.add(
                    format!(
                        "no walled-in pair r{}c{}-r{}c{}",
                        a / w + 1,
                        a % w + 1,
                        b / w + 1,
                        b % w + 1
                    ),
                    Constraint::clause(clause),
                );
            }
        }
        let encoding = ConnectivityEncoding::from_name(formulation.get("connectivity"))
            .unwrap_or(ConnectivityEncoding::Lazy);
        let graph = NodeGraph::new(unshaded.iter().map(|&l| l.into()), &edges)
            .with_names(|v| format!("r{}c{}", v / w + 1, v % w + 1));
        add_connected(&mut m, "unshaded connected", &graph, None, encoding);
        Formulated {
            model: m,
            decode: Box::new(move |a| shaded.iter().map(|&v| a.bool(v)).collect()),
        }
    }
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
        Ok(self.model(formulation))
    }
    fn verify(&self, solution: &Shading) -> std::result::Result<(), String> {
        self.check(solution)
    }
    fn rows(&self, solution: &Shading) -> Vec<String> {
        self.render(solution)
    }
    fn precheck(&self) -> Option<String> {
        self.rooms.iter().find_map(|room| {
            let clue = room.clue? as usize;
            let most = self.max_shaded(room);
            (clue > most).then(|| {
                format!(
                    "room {} asks for {clue} shaded cells but can hold at most {most} without two touching",
                    room.label
                )
            })
        })
    }
}
