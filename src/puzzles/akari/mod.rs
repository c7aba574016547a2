//! Akari (Light Up): place lamps on white cells so that every white cell is lit (a lamp lights
//! its row and column up to the black cells), no two lamps light each other, and a numbered
//! black cell has exactly that many lamps beside it. Read top-down: the puzzle, its rules
//! (`verify`), the formulations (`formulate.rs`), the inputs (`inputs.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::text::{CellValue, GridText};
use crate::grid::visibility::CoverEncoding;
use crate::grid::{Cell, Clue, Grid};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Colour, Sketch, Symbol};
use crate::url::format::{Format, Numbers4};

/// An akari instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Akari {
    /// The grid.
    pub grid: Grid,
    /// The black cells: `Some(Number(n))` with n lamps beside it, `Some(Unknown)` without a
    /// number, `None` for a white cell.
    pub walls: Vec<Option<Clue>>,
}

/// A solution: whether each cell holds a lamp.
pub type Lamps = Vec<bool>;

impl Akari {
    /// Whether a cell is black.
    pub fn is_wall(&self, c: Cell) -> bool {
        self.walls[c].is_some()
    }
    /// The white cells a lamp at `c` lights besides itself, along the four directions.
    pub fn lit_from(&self, c: Cell) -> Vec<Cell> {
        self.grid.rays(c, |x| self.is_wall(x)).concat()
    }
}

impl Puzzle for Akari {
    type Solution = Lamps;
    const GENRE: &'static str = "akari";
    const ALIASES: &'static [&'static str] = &["lightup", "bijutsukan"];
    const RULES: &'static str =
        "place lamps: every white cell lit, no lamp lights another, numbers count adjacent lamps";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["akari", "lightup", "bijutsukan"],
        |p| &mut p.grid,
        |p, body| body.piece(Numbers4, p.grid, &mut p.walls),
    ));
    fn keys() -> Vec<FormulationKey> {
        vec![FormulationKey::of::<CoverEncoding>(
            "light",
            "how 'every white cell is lit' is stated",
            "runs",
        )]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        t.no_extras(Self::GENRE)?;
        let walls = t.map_cells(|_, v| match v {
            CellValue::Empty => Ok(None),
            CellValue::Number(n) if n <= 4 => Ok(Some(Clue::Number(n))),
            CellValue::Other(x) if x.eq_ignore_ascii_case("x") => Ok(Some(Clue::Unknown)),
            other => Err(format!(
                "`{}` is not an akari cell (`-` white, `x` black, `0`-`4` numbered black)",
                token(&other)
            )),
        })?;
        Ok(Akari {
            grid: t.grid,
            walls,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Lamps>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, lamps: &Lamps) -> Vec<String> {
        self.grid.char_rows(|c| match (self.walls[c], lamps[c]) {
            (Some(Clue::Number(n)), _) => char::from_digit(n, 10).unwrap_or('#'),
            (Some(Clue::Unknown), _) => '#',
            (None, true) => 'o',
            (None, false) => '.',
        })
    }
    fn answer_text(&self, lamps: &Lamps) -> Option<String> {
        Some(
            self.grid
                .answer_text("", |c| match (self.walls[c], lamps[c]) {
                    (Some(Clue::Number(n)), _) => n.to_string(),
                    (Some(Clue::Unknown), _) => "x".into(),
                    (None, true) => "o".into(),
                    (None, false) => "-".into(),
                }),
        )
    }
    fn sketch(&self, lamps: Option<&Lamps>) -> Sketch {
        let mut s = Sketch::of(self.grid);
        for c in self.grid.cells() {
            if let Some(wall) = self.walls[c] {
                s.given[c].fill = Some(Colour::INK);
                s.given[c].text = wall.value().map(|n| n.to_string());
            } else if lamps.is_some_and(|l| l[c]) {
                s.answer[c].symbol = Some(Symbol::BlackCircle);
            }
        }
        s
    }

    /// Checks lamps against the rules; the error says which rule and where.
    fn verify(&self, lamps: &Lamps) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(lamps)?;
        if let Some(c) = g.cells().find(|&c| lamps[c] && self.is_wall(c)) {
            return Err(format!("a lamp stands on the black cell {}", g.name(c)));
        }
        for c in g.cells().filter(|&c| lamps[c]) {
            if let Some(&other) = self.lit_from(c).iter().find(|&&x| lamps[x]) {
                let (a, b) = (g.name(c), g.name(other));
                return Err(format!("the lamps at {a} and {b} light each other"));
            }
        }
        for c in g.cells() {
            if let Some(Clue::Number(n)) = self.walls[c] {
                let beside = g.neighbours4(c).filter(|&x| lamps[x]).count();
                if beside != n as usize {
                    let at = g.name(c);
                    return Err(format!("the {n} at {at} has {beside} lamps beside it"));
                }
            }
        }
        let dark = |c: Cell| !lamps[c] && !self.lit_from(c).iter().any(|&x| lamps[x]);
        match g.cells().find(|&c| !self.is_wall(c) && dark(c)) {
            Some(c) => Err(format!("the white cell {} is not lit", g.name(c))),
            None => Ok(()),
        }
    }
}

/// A cell value as it was written, for messages.
fn token(v: &CellValue) -> String {
    match v {
        CellValue::Empty => "-".into(),
        CellValue::Number(n) => n.to_string(),
        CellValue::Unknown => "?".into(),
        CellValue::Other(x) => x.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_matches_brute_force;

    fn lamps(p: &Akari, rows: &str) -> Lamps {
        let rows: Vec<&str> = rows.split('/').collect();
        let shading = rows
            .join("")
            .chars()
            .map(|ch| ch == 'o')
            .collect::<Vec<_>>();
        assert_eq!(shading.len(), p.grid.len());
        shading
    }

    /// janko.at's Akari 521 (the spec's worked example) and its published answer.
    fn janko521() -> Akari {
        let text = "5 5\n- - 2 - -\n- - - - -\n0 - 2 - 2\n- - - - -\n- - x - -\n";
        Akari::read_text("t", text).unwrap()
    }

    #[test]
    fn the_published_answer_passes_and_broken_boards_fail_for_their_reason() {
        let p = janko521();
        let good = ".o..o/..o../...o./....o/o....";
        assert_eq!(p.verify(&lamps(&p, good)), Ok(()));
        let mut on_wall = lamps(&p, good);
        on_wall[2] = true;
        assert!(p.verify(&on_wall).unwrap_err().contains("black cell r1c3"));
        for (rows, why) in [
            (".o..o/..o../...o./o...o/o....", "light each other"),
            (".o..o/..o../...o./....o/.....", "r5c1 is not lit"),
            (".o..o/...../...o./....o/o....", "beside it"),
            (".o.../..o../...o./....o/o....", "r1c5 is not lit"),
        ] {
            let err = p.verify(&lamps(&p, rows)).unwrap_err();
            assert!(err.contains(why), "{rows}: {err}");
        }
        let mut q = p.clone();
        q.walls[0] = Some(Clue::Unknown);
        q.walls[1] = Some(Clue::Unknown);
        let err = q
            .verify(&lamps(&q, "...../..o../...o./....o/o...."))
            .unwrap_err();
        assert!(
            err.contains("r2c2 is not lit") || err.contains("beside"),
            "{err}"
        );
        assert_eq!(
            p.answer_text(&lamps(&p, good)).unwrap(),
            "5 5\n- o 2 - o\n- - o - -\n0 - 2 o 2\n- - - - o\no - x - -\n"
        );
    }

    /// A random grid of up to 4×4 with a few black cells, some numbered.
    fn random_puzzle(rng: &mut Rng) -> Akari {
        let grid = Grid::new(1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let walls = grid
            .cells()
            .map(|_| match rng.below(8) {
                0 => Some(Clue::Unknown),
                1 | 2 => Some(Clue::Number(rng.below(4) as u32)),
                _ => None,
            })
            .collect();
        Akari { grid, walls }
    }

    #[test]
    fn every_formulation_finds_exactly_the_lamps_the_rules_accept() {
        let mut rng = Rng::new(11);
        let (mut solvable, mut several) = (0, 0);
        for _ in 0..80 {
            let p = random_puzzle(&mut rng);
            let specs = ["light=runs", "light=cross"];
            let n = assert_matches_brute_force(&p, p.grid.len(), &specs, &["varisat", "batsat"]);
            if p.grid.len() <= 9 {
                assert_matches_brute_force(&p, p.grid.len(), &specs, &["microlp"]);
            }
            solvable += usize::from(n > 0);
            several += usize::from(n > 1);
        }
        assert!(
            solvable >= 15 && several >= 5,
            "{solvable} solvable, {several} with several"
        );
    }
}
