//! Yajilin: shade some cells and draw one loop through all the others; shaded cells do not
//! share an edge, and an arrow clue counts the shaded cells in its direction. Clue cells (with
//! or without a number) and blocked cells are neither shaded nor visited. Read top-down: the
//! puzzle, its rules (`verify`), the formulation (`formulate.rs`).

pub mod formulate;

use crate::error::Result;
use crate::grid::lines::DIRECTIONS;
use crate::grid::text::{CellValue, GridText};
use crate::grid::{Cell, Grid};
use crate::model::loops::LoopEncoding;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{Colour, Points, Sketch};
use crate::url::{arrows::{ArrowClue, ArrowNumbers}, format::{Body, Format}};

/// What a cell holds before solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Given {
    /// A cell to shade or visit.
    Free,
    /// A clue cell: `n` shaded cells from it to the edge in direction `(dr, dc)`, or no number.
    Arrow(Option<(u32, isize, isize)>),
    /// A cell outside the puzzle (`@`).
    Blocked,
}

/// A yajilin instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Yajilin {
    /// The grid of cells.
    pub grid: Grid,
    /// Each cell's content.
    pub givens: Vec<Given>,
}

/// A solution: the loop's links (in the order of `grid.edges()`) and the shaded cells.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Answer {
    /// Whether the loop joins each pair of adjacent cells.
    pub links: Vec<bool>,
    /// Whether each cell is shaded.
    pub shaded: Vec<bool>,
}

/// Reads `2e`, `0w`, `13s`: a count and a direction letter.
fn arrow(token: &str) -> Option<(u32, isize, isize)> {
    let (digits, letter) = token.split_at(token.find(|c: char| !c.is_ascii_digit())?);
    let &(_, dr, dc) = DIRECTIONS.iter().find(|d| letter.len() == 1 && letter.starts_with(d.0))?;
    Some((digits.parse().ok()?, dr, dc))
}

/// The URL body: pzprjs's arrow numbers (a `?` or an arrowless number is a clue cell without a
/// count, written back as `0.`); its flag `b` only greys clue cells.
fn url_body(p: &mut Yajilin, body: &mut Body) -> Result<()> {
    body.flag('b');
    if p.givens.contains(&Given::Blocked) {
        return Err(crate::error::Error::Invalid("a blocked cell (`@`) has no puzz.link form".into()));
    }
    let mut clues: Vec<_> = p.givens.iter().map(|g| match *g { Given::Arrow(a) => Some(ArrowClue::from(a)), _ => None }).collect();
    body.piece(ArrowNumbers, p.grid, &mut clues)?;
    p.givens = clues.iter().map(|c| c.map_or(Given::Free, |a| Given::Arrow(a.counted()))).collect();
    Ok(())
}

impl Yajilin {
    /// The cells an arrow at `c` pointing `(dr, dc)` sees, up to the edge.
    pub fn ray(&self, c: Cell, dr: isize, dc: isize) -> Vec<Cell> {
        std::iter::successors(self.grid.offset(c, dr, dc), |&p| self.grid.offset(p, dr, dc)).collect()
    }
}

impl Puzzle for Yajilin {
    type Solution = Answer;
    const GENRE: &'static str = "yajilin";
    const ALIASES: &'static [&'static str] = &["yajirin"];
    const URL: Option<Format<Self>> = Some(Format::new(&["yajilin", "yajirin"], |p| &mut p.grid, url_body));
    const RULES: &'static str =
        "shade cells apart, one loop through every other free cell; arrows count shaded cells";
    fn keys() -> Vec<FormulationKey> {
        vec![FormulationKey::of::<LoopEncoding>(
            "loop",
            "how rule 2 (one loop, not several) is encoded",
            "lazy",
        )]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse(source, text, false)?;
        let givens = t.map_cells(|_, v| match v {
            CellValue::Empty => Ok(Given::Free),
            CellValue::Other(x) if x == "x" || x == "X" => Ok(Given::Arrow(None)),
            CellValue::Other(x) if x == "@" => Ok(Given::Blocked),
            CellValue::Other(x) if arrow(&x).is_some() => Ok(Given::Arrow(arrow(&x))),
            _ => Err("expected an arrow clue (`2e`: a count and n, s, e or w), `x`, `@` or `-`".into()),
        })?;
        Ok(Yajilin { grid: t.grid, givens })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Answer>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, a: &Answer) -> Vec<String> {
        let mut rows = self.grid.line_rows(&a.links);
        for (row, cells) in rows.iter_mut().zip(self.grid.rows()) {
            let tokens = row.split(' ').zip(cells).map(|(t, c)| match (a.shaded[c], self.givens[c]) {
                (true, _) => "#",
                (_, Given::Free) => t,
                _ => "+",
            });
            *row = tokens.collect::<Vec<_>>().join(" ");
        }
        rows
    }
    fn answer_text(&self, a: &Answer) -> Option<String> {
        let lines = self.grid.line_answer("", &a.links);
        let mut tokens = lines.lines().skip(1).flat_map(str::split_whitespace);
        let cells: Vec<&str> = self.grid.cells().map(|_| tokens.next().unwrap_or("-")).collect();
        Some(self.grid.answer_text("", |c| if a.shaded[c] { "x" } else { cells[c] }))
    }
    fn sketch(&self, solution: Option<&Answer>) -> Sketch {
        let mut sketch = Sketch::of(self.grid);
        for (content, given) in sketch.given.iter_mut().zip(&self.givens) {
            match given {
                Given::Arrow(Some((n, dr, dc))) => {
                    let letter = DIRECTIONS.iter().find(|d| (d.1, d.2) == (*dr, *dc)).map_or('?', |d| d.0);
                    content.text = Some(format!("{n}{letter}"));
                }
                Given::Arrow(None) | Given::Blocked => content.fill = Some(Colour(160, 160, 160)),
                Given::Free => {}
            }
        }
        let sketch = sketch.with_shading(solution.map(|a| a.shaded.as_slice()));
        sketch.with_lines(Points::Centres, self.grid, solution.map(|a| a.links.as_slice()))
    }

    /// Checks an answer against the rules: (1) clue and blocked cells are neither shaded nor
    /// on the loop, every other cell exactly one of them, (2) one loop, (3) no two shaded cells
    /// share an edge, (4) each arrow's count of shaded cells.
    fn verify(&self, a: &Answer) -> std::result::Result<(), String> {
        let g = self.grid;
        g.check_answer_len(&a.shaded)?;
        g.check_single_loop(&a.links).map_err(|e| format!("rule 2: {e}"))?;
        for c in g.cells() {
            let on = DIRECTIONS.iter().any(|&(_, dr, dc)| g.line_uses(&a.links, c, dr, dc));
            let free = self.givens[c] == Given::Free;
            if (free && on == a.shaded[c]) || (!free && (on || a.shaded[c])) {
                return Err(format!("rule 1: {} is wrongly shaded or visited", g.name(c)));
            }
            if a.shaded[c] && g.neighbours4(c).any(|d| a.shaded[d]) {
                return Err(format!("rule 3: {} touches another shaded cell", g.name(c)));
            }
            if let Given::Arrow(Some((n, dr, dc))) = self.givens[c] {
                let seen = self.ray(c, dr, dc).into_iter().filter(|&p| a.shaded[p]).count();
                if seen != n as usize {
                    return Err(format!("rule 4: the arrow at {} sees {seen} shaded cells, not {n}", g.name(c)));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::lines::tests::all_single_loops;
    use crate::model::testing::Rng;
    use crate::puzzles::testing::assert_finds_exactly_the_accepted;
    use crate::solve::{solve_puzzle, Mode, SolveOptions, Verdict};

    /// Every loop with the free cells off it shaded: the only answers the rules can accept.
    fn candidates(p: &Yajilin) -> Vec<Answer> {
        let g = p.grid;
        (all_single_loops(g).into_iter())
            .map(|links| {
                let on = |c| DIRECTIONS.iter().any(|&(_, dr, dc)| g.line_uses(&links, c, dr, dc));
                let shaded = g.cells().map(|c| p.givens[c] == Given::Free && !on(c)).collect();
                Answer { links, shaded }
            })
            .collect()
    }

    #[test]
    fn the_janko_example_is_unique_with_its_published_answer() {
        let text = "7 7\n- - - - - - -\n- - - - - - -\n- - 2e - - - -\n- - - - - - -\n- - 2e - - - -\n- - - - - - -\n- - - 0w - - -\n";
        let answer = "7 7\nse ew ew ew ew sw x\nns se ew ew sw ne sw\nns ns - x ns x ns\nns ns x se nw se nw\nns ns - ns x ns x\nns ne sw ne sw ne sw\nne ew nw - ne ew nw\n";
        let p = Yajilin::read("t.txt", text).unwrap();
        let report = solve_puzzle(&p, &SolveOptions::new("batsat", "", Mode::Count(2))).unwrap();
        assert_eq!(report.verdict, Verdict::Unique);
        assert_eq!(p.answer_text(&report.solutions[0]).unwrap(), answer);
        let mut broken = report.solutions[0].clone();
        broken.shaded[6] = false;
        assert!(p.verify(&broken).unwrap_err().starts_with("rule 1"));
        let e = Yajilin::read("t.txt", "2 2\n- 2q\n- -\n").unwrap_err().to_string();
        assert!(e.starts_with("t.txt:2:3: expected an arrow clue"), "{e}");
    }

    /// pzprjs's test script (`test/script/yajilin.js`): the URL `5/5/m32j10` and the accepted
    /// answer's lines (cells joined to their right neighbour, then to the one below) and
    /// shaded cells. That answer leaves r3c3 neither shaded nor visited (pzprjs checks empty
    /// cells leniently), and its left arrow 2 then counts only r3c1, so the rules need r3c3
    /// shaded too.
    #[test]
    fn pzprjs_test_url_solves_to_its_published_loop_and_round_trips() {
        let url = "https://puzz.link/p?yajilin/5/5/m32j10";
        let p = Yajilin::read("URL", url).unwrap();
        assert_eq!(p.givens[13], Given::Arrow(Some((2, 0, -1))));
        assert_eq!(p.givens[24], Given::Arrow(Some((0, -1, 0))));
        assert_eq!(p.url().unwrap(), url);
        let yajirin = Yajilin::read("URL", "https://puzz.link/p?yajirin/b/5/5/m32j10").unwrap();
        assert_eq!(yajirin, p);
        let report = solve_puzzle(&p, &SolveOptions::new("batsat", "", Mode::Count(2))).unwrap();
        assert_eq!(report.verdict, Verdict::Unique);
        let a = &report.solutions[0];
        let right = ["1 1 -1 1", "1 -1 1 -1", "0 0 0 -1", "1 -1 1 1", "1 1 0 0"];
        let down = ["1 -1 1 1 1", "0 1 0 0 1", "0 1 0 0 1", "1 -1 1 0 0"];
        let g = p.grid;
        for (r, row) in right.iter().enumerate() {
            for (c, v) in row.split(' ').enumerate() {
                assert_eq!(g.line_uses(&a.links, g.cell(r, c), 0, 1), v == "1", "r{r}c{c} right");
            }
        }
        for (r, row) in down.iter().enumerate() {
            for (c, v) in row.split(' ').enumerate() {
                assert_eq!(g.line_uses(&a.links, g.cell(r, c), 1, 0), v == "1", "r{r}c{c} down");
            }
        }
        let shaded: Vec<usize> = g.cells().filter(|&c| a.shaded[c]).collect();
        assert_eq!(shaded, [10, 12, 23]);
        let mut blocked = p.clone();
        blocked.givens[0] = Given::Blocked;
        assert!(blocked.url().is_err());
        for bad in ["https://puzz.link/p?yajilin/5/5/m32j1!", "https://puzz.link/p?yajilin/c/5/5/m32"] {
            assert!(Yajilin::read("URL", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_formulation_finds_exactly_the_answers_a_brute_force_over_all_loops_accepts() {
        let mut rng = Rng::new(11);
        let (mut solutions, mut empty) = (0, 0);
        for case in 0..30 {
            let (h, w) = [(3, 3), (3, 4), (4, 3), (4, 4)][case % 4];
            let g = Grid::new(h, w);
            let mut p = Yajilin { grid: g, givens: vec![Given::Free; g.len()] };
            for _ in 0..1 + rng.below(2) {
                let c = rng.below(g.len() as u64) as usize;
                let (_, dr, dc) = DIRECTIONS[rng.below(4) as usize];
                let n = rng.below(3) as u32;
                p.givens[c] = match rng.below(5) {
                    0 => Given::Blocked,
                    1 => Given::Arrow(None),
                    _ => Given::Arrow(Some((n, dr, dc))),
                };
            }
            let mut runs = vec![("varisat", "loop=lazy"), ("batsat", "loop=tree"), ("batsat", "loop=propagator")];
            if h * w <= 9 {
                runs.push(("microlp", "loop=flow"));
            }
            let label = format!("case {case} {h}x{w}: {p:?}");
            let n = assert_finds_exactly_the_accepted(&p, candidates(&p), &runs, &label);
            solutions += n;
            empty += usize::from(n == 0);
        }
        assert!(solutions >= 20 && empty >= 2, "{solutions} solutions, {empty} empty");
    }
}
