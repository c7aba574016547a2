//! Masyu: draw one closed loop through cell centres that passes every pearl; it goes straight
//! through a white pearl and turns in the cell before or after it, and turns on a black pearl
//! and goes straight through the next cell on both sides. Read top-down: the puzzle, its rules
//! (`check`), the formulation (`formulate.rs`), the inputs (`parse.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::grid::lines::DIRECTIONS;
use crate::grid::text::GridText;
use crate::grid::{Cell, Grid};
use crate::model::loops::LoopEncoding;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Points, Sketch, Symbol};
use crate::url::format::{Circles, Format};
pub use crate::url::Circle as Pearl;

/// A masyu instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Masyu {
    /// The grid of cells.
    pub grid: Grid,
    /// Each cell's pearl, if any.
    pub pearls: Vec<Option<Pearl>>,
}

/// A solution: whether the loop joins each pair of adjacent cells, in the order of
/// `grid.edges()`.
pub type Links = Vec<bool>;

impl Masyu {
    /// The pearls with their cells, in raster order.
    pub fn pearl_cells(&self) -> impl Iterator<Item = (Cell, Pearl)> + '_ {
        (self.pearls.iter().enumerate()).filter_map(|(c, p)| p.map(|p| (c, p)))
    }
}

impl Puzzle for Masyu {
    type Solution = Links;
    const GENRE: &'static str = "masyu";
    const ALIASES: &'static [&'static str] = &["mashu", "pearl"];
    const RULES: &'static str =
        "draw one loop through cell centres and every pearl: straight on white, turning on black";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["mashu", "masyu", "pearl"],
        |p| &mut p.grid,
        |p, body| body.piece(Circles, p.grid, &mut p.pearls),
    ));
    fn keys() -> Vec<FormulationKey> {
        vec![FormulationKey::of::<LoopEncoding>(
            "loop",
            "how rule 1 (one loop, not several) is encoded",
            "lazy",
        )]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        // janko.at writes `1` and `2` for the pearls in some puzzles.
        let symbols = [("w", Pearl::White), ("b", Pearl::Black)];
        let symbols = [symbols, [("1", Pearl::White), ("2", Pearl::Black)]].concat();
        let pearls = t.map_symbols(&symbols, "a pearl")?;
        Ok(Masyu {
            grid: t.grid,
            pearls,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Links>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, solution: &Links) -> Vec<String> {
        self.grid.line_rows(solution)
    }
    fn answer_text(&self, solution: &Links) -> Option<String> {
        Some(self.grid.line_answer("", solution))
    }
    fn sketch(&self, solution: Option<&Links>) -> Sketch {
        let mut sketch = Sketch::of(self.grid);
        for (content, pearl) in sketch.given.iter_mut().zip(&self.pearls) {
            content.symbol = pearl.map(|p| match p {
                Pearl::White => Symbol::WhiteCircle,
                Pearl::Black => Symbol::BlackCircle,
            });
        }
        sketch.with_lines(Points::Centres, self.grid, solution.map(Vec::as_slice))
    }

    /// Checks links against the rules: (1) one closed loop without branches or crossings,
    /// (2) through every pearl, (3) straight through a white pearl, turning in at least one of
    /// the cells next to it, (4) turning on a black pearl, straight through both cells next to it.
    fn verify(&self, used: &Self::Solution) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_single_loop(used)
            .map_err(|e| format!("rule 1: {e}"))?;
        for (p, pearl) in self.pearl_cells() {
            if let Some(what) = pearl_error(g, used, p, pearl) {
                return Err(format!("rule {what} at {}", g.name(p)));
            }
        }
        Ok(())
    }
}

/// Which of rules 2–4 a pearl at `p` breaks with these links (whose loop is not checked), if any.
pub fn pearl_error(g: Grid, used: &[bool], p: Cell, pearl: Pearl) -> Option<&'static str> {
    let uses = |p: Cell, (dr, dc): (isize, isize)| g.line_uses(used, p, dr, dc);
    // The loop leaves `p` in direction d and goes on the same way from the next cell.
    let goes_on = |d: (isize, isize)| g.offset(p, d.0, d.1).is_some_and(|q| uses(q, d));
    let ways: Vec<(isize, isize)> = (DIRECTIONS.iter())
        .map(|&(_, dr, dc)| (dr, dc))
        .filter(|&d| uses(p, d))
        .collect();
    if ways.len() != 2 {
        return Some("2: the loop does not pass once through the pearl");
    }
    let straight = ways[0] == (-ways[1].0, -ways[1].1);
    match pearl {
        Pearl::White if !straight => Some("3: the loop turns on the white pearl"),
        Pearl::White if ways.iter().all(|&d| goes_on(d)) => {
            Some("3: the loop turns in neither cell next to the white pearl")
        }
        Pearl::Black if straight => Some("4: the loop goes straight through the black pearl"),
        Pearl::Black if !ways.iter().all(|&d| goes_on(d)) => {
            Some("4: the loop turns in a cell next to the black pearl")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::lines::tests::all_single_loops;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;

    fn pzprjs_6x6() -> (Masyu, Links) {
        let p = Masyu::read("URL", "https://puzz.link/p?mashu/6/6/1063000i3000").unwrap();
        let rows: Vec<&str> = include_str!("../../../models/masyu/pzprjs_6x6.answer")
            .lines()
            .collect();
        let answer = p.grid.parse_line_rows(&rows).unwrap();
        (p, answer)
    }

    /// The links of the loop around the cells of a rectangle of cells (rows r0..=r1, columns
    /// c0..=c1).
    fn rectangle(g: Grid, (r0, c0): (usize, usize), (r1, c1): (usize, usize)) -> Links {
        let mut used = vec![false; g.edges().len()];
        let mut link = |a: (usize, usize), b: (usize, usize)| {
            used[g.edge_index(g.cell(a.0, a.1), g.cell(b.0, b.1)).unwrap()] = true
        };
        for c in c0..c1 {
            link((r0, c), (r0, c + 1));
            link((r1, c), (r1, c + 1));
        }
        for r in r0..r1 {
            link((r, c0), (r + 1, c0));
            link((r, c1), (r + 1, c1));
        }
        used
    }

    #[test]
    fn the_published_answer_keeps_every_rule_and_each_rule_is_enforced() {
        let (p, answer) = pzprjs_6x6();
        assert_eq!(p.verify(&answer), Ok(()));
        let g = p.grid;
        let rule = |pearls: &[(usize, Pearl)], used: &Links| {
            let mut q = Masyu {
                grid: g,
                pearls: vec![None; 36],
            };
            for &(c, pearl) in pearls {
                q.pearls[c] = Some(pearl);
            }
            q.verify(used).map_err(|e| e[..6].to_string())
        };
        // The loop around the whole grid: straight along the edges, turning at the corners.
        let border = rectangle(g, (0, 0), (5, 5));
        let (w, b) = (Pearl::White, Pearl::Black);
        assert_eq!(rule(&[(0, b), (1, w)], &border), Ok(()));
        assert_eq!(rule(&[(14, w)], &border).unwrap_err(), "rule 2");
        assert_eq!(rule(&[(0, w)], &border).unwrap_err(), "rule 3");
        // r1c2 is straight next to the r1c1 corner; r1c3 has straight neighbours on both sides.
        assert_eq!(rule(&[(1, w)], &border), Ok(()));
        assert_eq!(rule(&[(2, w)], &border).unwrap_err(), "rule 3");
        assert_eq!(rule(&[(3, b)], &border).unwrap_err(), "rule 4");
        // A 2×2 loop turns right next to each of its corners.
        assert_eq!(
            rule(&[(0, b)], &rectangle(g, (0, 0), (1, 1))).unwrap_err(),
            "rule 4"
        );
        assert_eq!(rule(&[], &vec![false; border.len()]).unwrap_err(), "rule 1");
    }

    /// A random tiny puzzle: pearls where a random loop allows them, and a few random ones.
    fn random_puzzle(rng: &mut Rng, h: usize, w: usize) -> Masyu {
        let g = Grid::new(h, w);
        let loops = all_single_loops(g);
        let planted = &loops[rng.below(loops.len() as u64) as usize];
        let mut p = Masyu {
            grid: g,
            pearls: vec![None; h * w],
        };
        for c in g.cells() {
            let roll = rng.below(12);
            for pearl in [Pearl::White, Pearl::Black] {
                let mut one = Masyu {
                    grid: g,
                    pearls: vec![None; h * w],
                };
                one.pearls[c] = Some(pearl);
                if roll < 5 && one.verify(planted).is_ok() {
                    p.pearls[c] = Some(pearl);
                }
            }
            if roll == 11 {
                p.pearls[c] = Some([Pearl::White, Pearl::Black][rng.below(2) as usize]);
            }
        }
        p
    }

    #[test]
    fn every_formulation_finds_exactly_the_loops_a_brute_force_over_all_loops_accepts() {
        let mut rng = Rng::new(5);
        let (mut solutions, mut empty) = (0, 0);
        for case in 0..40 {
            let (h, w) = [(2, 2), (2, 4), (3, 3), (3, 4), (4, 3), (4, 4)][case % 6];
            let p = random_puzzle(&mut rng, h, w);
            let mut runs = vec![
                ("varisat", "loop=lazy"),
                ("batsat", "loop=tree"),
                ("batsat", "loop=propagator"),
            ];
            if h * w <= 9 {
                runs.push(("microlp", "loop=flow"));
            }
            let label = format!("case {case} {h}x{w}: {p:?}");
            let loops = all_single_loops(p.grid);
            let n = assert_finds_exactly_the_accepted(&p, loops, &runs, &label);
            solutions += n;
            empty += usize::from(n == 0);
        }
        assert!(
            solutions >= 40 && empty >= 3,
            "{solutions} solutions, {empty} empty"
        );
    }
}
