//! Country Road: draw one loop through cell centres that enters every room exactly once; a
//! room's number counts its cells on the loop, and two cells off the loop never touch across
//! a room border. Cells marked `@` belong to no room and stay off the loop. Read top-down: the
//! puzzle, its rules (`verify`), the model (`formulate`), the tests.

use crate::error::Result;
use crate::grid::lines::{GridLines, DIRECTIONS};
use crate::grid::text::GridText;
use crate::grid::{Cell, Clue, Grid, RoomClues};
use crate::model::active::add_clause;
use crate::model::loops::{LoopEncoding, LoopGuard};
use crate::model::{Active, LinExpr, Model};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Points, Sketch};
use crate::url::format::{Format, RoomNumbers};

/// A country road instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountryRoad {
    /// The grid of cells.
    pub grid: Grid,
    /// The rooms and their numbers.
    pub rooms: RoomClues,
}

/// A solution: whether the loop joins each pair of adjacent cells, in the order of
/// `grid.edges()`.
pub type Links = Vec<bool>;

impl CountryRoad {
    /// The pairs of adjacent cells in different rooms, by edge index.
    fn borders(&self) -> Vec<(usize, Cell, Cell)> {
        let edges = self.grid.edges().into_iter().enumerate();
        let rooms = &self.rooms.rooms;
        edges.filter(|&(_, (a, b))| rooms.room_of[a] != rooms.room_of[b]).map(|(e, (a, b))| (e, a, b)).collect()
    }
}

impl Puzzle for CountryRoad {
    type Solution = Links;
    const GENRE: &'static str = "countryroad";
    const ALIASES: &'static [&'static str] = &["country"];
    const RULES: &'static str = "one loop entering every room once; numbers count its cells in the room; empty cells never touch across a border";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["country"],
        |p| &mut p.grid,
        |p, body| body.piece(RoomNumbers, p.grid, &mut p.rooms),
    ));
    fn keys() -> Vec<FormulationKey> {
        let doc = "how rule 1 (one loop, not several) is encoded";
        vec![FormulationKey::of::<LoopEncoding>("loop", doc, "lazy")]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, true)?;
        let rooms = t.rooms_outside(&["@"])?;
        let mut clues: Vec<Option<Clue>> = vec![None; rooms.len()];
        t.map_cells(|c, v| match (v.clue()?, rooms.room_of.get(c).and_then(|&r| clues.get_mut(r))) {
            (None, _) => Ok(()),
            (Some(_), None) => Err("a number outside every room".to_string()),
            (Some(_), Some(Some(_))) => Err("a second number in the same room".to_string()),
            (Some(n), Some(slot)) => {
                *slot = Some(n);
                Ok(())
            }
        })?;
        let labels = (1..=rooms.len()).map(|r| r.to_string()).collect();
        Ok(CountryRoad { grid: t.grid, rooms: RoomClues { rooms, labels, clues } })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Links>> {
        let (g, rooms) = (self.grid, &self.rooms.rooms);
        let mut m = Model::new();
        let lines = GridLines::new(&mut m, g, "line");
        for (e, &(a, b)) in g.edges().iter().enumerate() {
            if rooms.room_of[a] == crate::grid::rooms::OUTSIDE || rooms.room_of[b] == crate::grid::rooms::OUTSIDE {
                add_clause(&mut m, format!("no line at @ {}", g.name(a)), [!Active::from(lines.used[e])]);
            }
        }
        let encoding = formulation.choice::<LoopEncoding>("loop");
        let on = lines.add_single_loop(&mut m, "loop", LoopGuard::NonEmpty, encoding);
        let borders = self.borders();
        for (r, cells) in rooms.cells.iter().enumerate() {
            let mut crossing = LinExpr::new();
            for &(e, a, b) in &borders {
                if rooms.room_of[a] == r || rooms.room_of[b] == r {
                    crossing.add_term(1, lines.used[e]);
                }
            }
            m.add(format!("room {} entered once", r + 1), crossing.eq(2));
            if let Some(n) = self.rooms.clues[r].and_then(Clue::value) {
                let mut count = LinExpr::new();
                for &c in cells {
                    count.add_active(1, on[c]);
                }
                m.add(format!("room {} has {n} loop cells", r + 1), count.eq(n as i64));
            }
        }
        for &(_, a, b) in &borders {
            if rooms.between_rooms(a, b) {
                add_clause(&mut m, format!("{} or {} on the loop", g.name(a), g.name(b)), [on[a], on[b]]);
            }
        }
        Ok(Formulated::new(m, move |a| lines.decode(a)))
    }
    fn rows(&self, solution: &Links) -> Vec<String> {
        self.grid.line_rows(solution)
    }
    fn answer_text(&self, solution: &Links) -> Option<String> {
        Some(self.grid.line_answer("", solution))
    }
    fn sketch(&self, solution: Option<&Links>) -> Sketch {
        let sketch = Sketch::of(self.grid).with_room_clues(&self.rooms);
        sketch.with_lines(Points::Centres, self.grid, solution.map(Vec::as_slice))
    }

    /// Checks links against the rules: (1) one loop, (2) it crosses each room's border exactly
    /// twice and never enters an `@` cell, (3) a room's number counts its cells on the loop,
    /// (4) two cells off the loop never touch across a room border.
    fn verify(&self, used: &Links) -> std::result::Result<(), String> {
        let (g, rooms) = (self.grid, &self.rooms.rooms);
        g.check_single_loop(used).map_err(|e| format!("rule 1: {e}"))?;
        let on = |c: Cell| DIRECTIONS.iter().any(|&(_, dr, dc)| g.line_uses(used, c, dr, dc));
        if let Some(c) = rooms.outside().find(|&c| on(c)) {
            return Err(format!("rule 2: the loop enters {}, outside every room", g.name(c)));
        }
        let borders = self.borders();
        for (r, (label, cells, clue)) in self.rooms.iter().enumerate() {
            let touching = |&&(e, a, b): &&(usize, Cell, Cell)| used[e] && (rooms.room_of[a] == r || rooms.room_of[b] == r);
            let crossings = borders.iter().filter(touching).count();
            if crossings != 2 {
                return Err(format!("rule 2: the loop crosses room {label}'s border {crossings} times, not twice"));
            }
            let count = cells.iter().filter(|&&c| on(c)).count();
            if clue.is_some_and(|n| n as usize != count) {
                return Err(format!("rule 3: room {label} has {count} loop cells, not {}", clue.unwrap_or(0)));
            }
        }
        match borders.iter().find(|&&(_, a, b)| rooms.between_rooms(a, b) && !on(a) && !on(b)) {
            Some(&(_, a, b)) => Err(format!("rule 4: {} and {} are both off the loop", g.name(a), g.name(b))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{solve_puzzle, Mode, SolveOptions, Verdict};

    #[test]
    fn the_janko_example_is_unique_with_its_published_answer_on_every_loop_encoding() {
        let text = "5 5\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n1 1 1 1 1\n2 2 4 7 7\n3 2 4 7 8\n4 4 4 6 8\n5 6 6 6 8\n";
        let answer = "5 5\nse ew ew ew sw\nne sw - se nw\nse nw - ne sw\nns - - se nw\nne ew ew nw -\n";
        let p = CountryRoad::read("t.txt", text).unwrap();
        for (backend, spec) in [("batsat", "loop=lazy"), ("varisat", "loop=tree"), ("batsat", "loop=propagator")] {
            let report = solve_puzzle(&p, &SolveOptions::new(backend, spec, Mode::Count(2))).unwrap();
            assert_eq!(report.verdict, Verdict::Unique, "{spec}");
            assert_eq!(p.answer_text(&report.solutions[0]).unwrap(), answer);
        }
        let url = p.url().unwrap();
        assert_eq!(CountryRoad::read("URL", &url).unwrap(), p);
        assert!(p.verify(&vec![false; 40]).unwrap_err().starts_with("rule 1"));
    }

    #[test]
    fn every_formulation_finds_exactly_the_loops_a_brute_force_over_all_loops_accepts() {
        use crate::grid::lines::tests::all_single_loops;
        use crate::grid::Rooms;
        use crate::model::testing::Rng;
        use crate::puzzles::testing::assert_finds_exactly_the_accepted;
        let mut rng = Rng::new(3);
        let mut solutions = 0;
        for case in 0..24 {
            let (h, w) = [(3, 3), (3, 4), (4, 3), (4, 4)][case % 4];
            let g = Grid::new(h, w);
            // Rooms as blocks of a random row and column cut.
            let (rc, cc) = (1 + rng.below(h as u64 - 1) as usize, 1 + rng.below(w as u64 - 1) as usize);
            let labels: Vec<usize> = g.cells().map(|c| 2 * usize::from(g.rc(c).0 >= rc) + usize::from(g.rc(c).1 >= cc)).collect();
            let rooms = Rooms::from_labels(g, &labels).unwrap();
            let clues = (0..rooms.len()).map(|_| (rng.below(2) == 0).then(|| Clue::Number(rng.below(4) as u32))).collect();
            let labels = (1..=rooms.len()).map(|r| r.to_string()).collect();
            let p = CountryRoad { grid: g, rooms: RoomClues { rooms, labels, clues } };
            let runs = [("varisat", "loop=lazy"), ("batsat", "loop=tree"), ("batsat", "loop=propagator")];
            let label = format!("case {case}: {p:?}");
            solutions += assert_finds_exactly_the_accepted(&p, all_single_loops(g), &runs, &label);
        }
        assert!(solutions >= 10, "{solutions}");
    }
}
