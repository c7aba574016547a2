//! Nonogram (paint by numbers): every row and column clue lists the lengths of its runs of
//! filled cells in order. Parsing (`.non`, puzz.link URLs, pictures), the line solver, line
//! logic to a fixpoint, and the SAT/MIP formulations.

mod blocks;
pub mod cli;
pub mod colour;
pub mod formulate;
pub mod line;
pub mod logic;
pub mod parse;

/// One line's clue: the lengths of its blocks in reading order (empty = an empty line).
pub type Clue = Vec<usize>;

/// A nonogram instance: the clues of every row and column, plus metadata from the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nonogram {
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// Row clues, top to bottom.
    pub rows: Vec<Clue>,
    /// Column clues, left to right.
    pub columns: Vec<Clue>,
    /// Metadata lines kept from the input (`title`, `by`, `copyright`, …) as key and raw value.
    pub meta: Vec<(String, String)>,
    /// Line logic's and probing's results, once computed (`Default::default()` when building
    /// a puzzle).
    pub logic: LogicMemo,
}

/// The preprocessing results of a puzzle, each computed at most once: the deduction shortcut
/// and the model both start from them, and running line logic twice was a fifth of a 30×30
/// that needs search. Not part of the puzzle's identity: memos always compare equal.
#[derive(Clone, Debug, Default)]
pub struct LogicMemo {
    line: std::sync::OnceLock<logic::LogicResult>,
    probed: std::sync::OnceLock<logic::LogicResult>,
}

impl PartialEq for LogicMemo {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for LogicMemo {}

/// A filled-in grid: `grid[r][c]` is true for a filled cell.
pub type Grid = Vec<Vec<bool>>;

/// The block lengths of a line of cells (its clue).
pub fn clue_of(cells: impl IntoIterator<Item = bool>) -> Clue {
    let mut clue = Vec::new();
    let mut run = 0;
    for filled in cells {
        if filled {
            run += 1;
        } else if run > 0 {
            clue.push(run);
            run = 0;
        }
    }
    if run > 0 {
        clue.push(run);
    }
    clue
}

/// The minimum length of a line that holds a clue (blocks plus one gap between each two).
pub fn min_length(clue: &[usize]) -> usize {
    // Saturating: a clue read from a file may hold any number, and is then refused as too long.
    clue.iter()
        .fold(0usize, |total, &n| total.saturating_add(n))
        .saturating_add(clue.len().saturating_sub(1))
}

/// Rows or columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// A row.
    Row,
    /// A column.
    Column,
}

impl LineKind {
    /// `row` or `column`.
    pub fn name(self) -> &'static str {
        match self {
            LineKind::Row => "row",
            LineKind::Column => "column",
        }
    }
}

/// One line of the grid: a row or a column by 0-based index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineRef {
    /// Row or column.
    pub kind: LineKind,
    /// 0-based index.
    pub index: usize,
}

impl Nonogram {
    /// Line logic to its fixpoint from an empty grid (computed once per puzzle; check the
    /// memory budget with [`logic::check_budget`] first).
    pub fn line_logic(&self) -> &logic::LogicResult {
        self.logic.line.get_or_init(|| logic::line_logic(self))
    }

    /// Line logic, then probing from its fixpoint ([`logic::probed`]; computed once, cut short
    /// at `deadline`).
    pub fn probed(&self, deadline: Option<std::time::Instant>) -> &logic::LogicResult {
        let probe = || logic::probed(self, self.line_logic(), deadline);
        self.logic.probed.get_or_init(probe)
    }

    /// What the formulation's `pre=` key asks for: line logic, line logic and probing, or
    /// nothing (`None`).
    pub fn preprocessed(
        &self,
        formulation: &crate::puzzles::Formulation,
    ) -> Option<&logic::LogicResult> {
        match formulation.get("pre") {
            "line" => Some(self.line_logic()),
            // Computed by the deduction shortcut first, under the run's deadline.
            "probe" => Some(self.probed(None)),
            _ => None,
        }
    }

    /// A puzzle from its clues (no metadata); checks the clues fit and the sums agree.
    pub fn new(rows: Vec<Clue>, columns: Vec<Clue>) -> crate::Result<Nonogram> {
        let puzzle = Nonogram {
            width: columns.len(),
            height: rows.len(),
            rows,
            columns,
            meta: Vec::new(),
            logic: Default::default(),
        };
        if let Some(problem) = puzzle.clue_problem() {
            return Err(crate::Error::Invalid(problem));
        }
        Ok(puzzle)
    }

    /// The clues that describe a picture.
    pub fn from_grid(grid: &Grid) -> Nonogram {
        let height = grid.len();
        let width = grid.first().map_or(0, Vec::len);
        Nonogram {
            width,
            height,
            rows: grid.iter().map(|r| clue_of(r.iter().copied())).collect(),
            columns: (0..width)
                .map(|c| clue_of(grid.iter().map(|r| r[c])))
                .collect(),
            meta: Vec::new(),
            logic: Default::default(),
        }
    }

    /// The first reason the clues cannot have a solution that is visible without solving:
    /// a zero block, a clue longer than its line, or row and column totals that differ.
    pub fn clue_problem(&self) -> Option<String> {
        self.located_clue_problem().map(|(_, message)| message)
    }

    /// [`Nonogram::clue_problem`] with the line it is about (`None` for the totals), so that
    /// a reader can point at that line's clue in its input.
    pub fn located_clue_problem(&self) -> Option<(Option<LineRef>, String)> {
        for (kind, clues, len) in [
            (LineKind::Row, &self.rows, self.width),
            (LineKind::Column, &self.columns, self.height),
        ] {
            let name = kind.name();
            for (i, clue) in clues.iter().enumerate() {
                let at = Some(LineRef { kind, index: i });
                if clue.contains(&0) {
                    return Some((at, format!("{name} {} has a block of length 0", i + 1)));
                }
                if min_length(clue) > len {
                    return Some((
                        at,
                        format!(
                            "{name} {} clue {} needs {} cells but the {name} has {len}",
                            i + 1,
                            format_clue(clue),
                            min_length(clue)
                        ),
                    ));
                }
            }
        }
        let row_total: usize = self.rows.iter().flatten().sum();
        let column_total: usize = self.columns.iter().flatten().sum();
        if row_total != column_total {
            return Some((
                None,
                format!(
                    "the row clues fill {row_total} cells but the column clues fill {column_total}"
                ),
            ));
        }
        None
    }

    /// Checks a grid against the clues, recomputing every line's clue from its cells.
    pub fn check_grid(&self, grid: &Grid) -> Result<(), String> {
        if grid.len() != self.height || grid.iter().any(|r| r.len() != self.width) {
            return Err(format!(
                "the grid is not {}x{} (width x height)",
                self.width, self.height
            ));
        }
        for (r, clue) in self.rows.iter().enumerate() {
            let got = clue_of(grid[r].iter().copied());
            if &got != clue {
                return Err(format!(
                    "row {} reads {} but its clue is {}",
                    r + 1,
                    format_clue(&got),
                    format_clue(clue)
                ));
            }
        }
        for (c, clue) in self.columns.iter().enumerate() {
            let got = clue_of(grid.iter().map(|row| row[c]));
            if &got != clue {
                return Err(format!(
                    "column {} reads {} but its clue is {}",
                    c + 1,
                    format_clue(&got),
                    format_clue(clue)
                ));
            }
        }
        Ok(())
    }

    /// The puzzle in Simpson's `.non` format (metadata first, `0` for empty lines).
    pub fn to_non(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.meta {
            out.push_str(&format!("{k} {v}\n"));
        }
        out.push_str(&format!(
            "width {}\nheight {}\n\nrows\n",
            self.width, self.height
        ));
        for clue in &self.rows {
            out.push_str(&format_clue(clue));
            out.push('\n');
        }
        out.push_str("\ncolumns\n");
        for clue in &self.columns {
            out.push_str(&format_clue(clue));
            out.push('\n');
        }
        out
    }
}

/// A clue as written in `.non` files: `2,1`, or `0` for an empty line.
pub fn format_clue(clue: &[usize]) -> String {
    if clue.is_empty() {
        "0".to_string()
    } else {
        clue.iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// A grid as text rows, `#` filled and `.` empty.
pub fn grid_rows(grid: &Grid) -> Vec<String> {
    grid.iter()
        .map(|r| r.iter().map(|&b| if b { '#' } else { '.' }).collect())
        .collect()
}

/// Nonogram's formulation keys.
pub fn formulation_keys() -> Vec<crate::puzzles::FormulationKey> {
    use crate::puzzles::FormulationKey;
    vec![
        FormulationKey::of::<formulate::LineModel>(
            "line",
            "how each row and column is modelled",
            "order",
        ),
        FormulationKey::new(
            "pre",
            "preprocessing with the line solver",
            PRE_VALUES,
            "probe",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_of_counts_runs_in_order() {
        let cells = "##.#..###.".chars().map(|c| c == '#');
        assert_eq!(clue_of(cells), vec![2, 1, 3]);
        assert_eq!(clue_of([false, false]), Vec::<usize>::new());
        assert_eq!(clue_of([true, true]), vec![2]);
    }

    #[test]
    fn check_grid_names_the_first_wrong_line() {
        let p = Nonogram::new(vec![vec![1], vec![]], vec![vec![1], vec![]]).unwrap();
        assert!(p
            .check_grid(&vec![vec![true, false], vec![false, false]])
            .is_ok());
        let err = p
            .check_grid(&vec![vec![false, true], vec![false, false]])
            .unwrap_err();
        assert!(err.contains("column 1"), "{err}");
    }

    #[test]
    fn clues_that_cannot_fit_are_rejected() {
        assert!(Nonogram::new(vec![vec![2, 1]], vec![vec![1], vec![1], vec![1]]).is_err());
        assert!(Nonogram::new(vec![vec![1]], vec![vec![1], vec![1]]).is_err());
    }
}

/// The `pre=` formulation values: preprocessing before the model is built.
const PRE_VALUES: &[crate::puzzles::Value] = &[
    crate::puzzles::Value::presolved("probe", "line logic, then probing: each undecided cell next to a decided one is tried both ways, a value whose line logic fails fixes the other, and what both ways agree on is fixed"),
    crate::puzzles::Value::presolved("line", "line logic to its fixpoint first: decided cells become unit facts, packings narrow the starts"),
    crate::puzzles::Value::complete("none", "no preprocessing: start ranges from the clues alone"),
];

impl crate::puzzles::Puzzle for Nonogram {
    type Solution = Grid;
    const GENRE: &'static str = "nonogram";
    const RULES: &'static str = "paint cells so that each row's and column's runs match its clue";
    const NATIVE_SOLVERS: &'static [&'static str] = NATIVE_SOLVERS;
    const VERBS: Option<crate::puzzles::verbs::Verbs> = Some(cli::VERBS);
    fn keys() -> Vec<crate::puzzles::FormulationKey> {
        formulation_keys()
    }
    fn read_text(source: &str, text: &str) -> crate::Result<Self> {
        parse::parse_any(source, text)
    }
    fn read(source: &str, text: &str) -> crate::Result<Self> {
        parse::parse_any(source, text)
    }

    fn formulate(
        &self,
        formulation: &crate::puzzles::Formulation,
    ) -> crate::Result<crate::puzzles::Formulated<Grid>> {
        let line = formulation.choice::<formulate::LineModel>("line");
        if formulation.get("pre") != "none" {
            logic::check_budget(self)?;
        }
        let (model, cells) = formulate::build(self, line, self.preprocessed(formulation))?;
        Ok(crate::puzzles::Formulated {
            model,
            decode: Box::new(move |a| {
                cells
                    .iter()
                    .map(|row| row.iter().map(|&v| a.bool(v)).collect())
                    .collect()
            }),
        })
    }

    fn deduced(
        &self,
        formulation: &crate::puzzles::Formulation,
        deadline: Option<std::time::Instant>,
    ) -> crate::Result<Option<crate::puzzles::Deduced<Grid>>> {
        let pre = formulation.get("pre");
        if pre == "none" {
            return Ok(None);
        }
        logic::check_budget(self)?;
        let (logic, how) = match (self.line_logic(), pre) {
            (line, _) if line.is_solved() => (line, "line logic"),
            (_, "probe") => (self.probed(deadline), "line logic and probing"),
            _ => return Ok(None),
        };
        if !logic.is_solved() {
            return Ok(None);
        }
        let grid = (logic.cells.iter())
            .map(|row| row.iter().map(|&c| c == line::Cell::Filled).collect())
            .collect();
        Ok(Some(crate::puzzles::Deduced::Unique(grid, how)))
    }

    fn verify(&self, solution: &Grid) -> Result<(), String> {
        self.check_grid(solution)
    }

    fn rows(&self, solution: &Grid) -> Vec<String> {
        grid_rows(solution)
    }

    fn answer_text(&self, solution: &Grid) -> Option<String> {
        let cells = crate::grid::Grid::new(self.height, self.width);
        Some(cells.shading_answer("", &solution.concat()))
    }

    fn sketch(&self, solution: Option<&Grid>) -> crate::render::Sketch {
        use crate::render::{Label, Sketch};
        // An empty line's clue is written 0, as in the printed puzzles.
        let labels = |clue: &Clue| -> Vec<Label> {
            match clue.is_empty() {
                true => vec![Label::plain("0")],
                false => clue.iter().map(|n| Label::plain(n.to_string())).collect(),
            }
        };
        let mut sketch = Sketch::new(self.height, self.width);
        sketch.row_clues = self.rows.iter().map(labels).collect();
        sketch.column_clues = self.columns.iter().map(labels).collect();
        sketch.bold_every = Some(5);
        let filled = solution.map(|g| g.concat());
        sketch.with_shading(filled.as_deref())
    }

    fn precheck(&self) -> Option<String> {
        self.clue_problem()
    }

    fn url(&self) -> crate::Result<String> {
        self.to_url()
    }

    fn solve_native(
        &self,
        solver: &str,
        limit: usize,
        deadline: Option<std::time::Instant>,
    ) -> crate::Result<(Vec<Grid>, bool)> {
        if solver != "native" {
            return Err(crate::Error::Usage(format!(
                "unknown nonogram solver `{solver}`"
            )));
        }
        logic::check_budget(self)?;
        Ok(logic::search(self, limit, deadline))
    }
}

/// The genre's model-free solvers: line logic with depth-first search on guesses.
pub const NATIVE_SOLVERS: &[&str] = &["native"];

/// The n-Dom scaling family (spec): a (2n+1)×(2n+1) puzzle with a unique solution that line
/// logic barely helps with; 9-Dom is webpbn #8098. `None` for n = 0.
pub fn dom(n: usize) -> Option<Nonogram> {
    if n == 0 {
        return None;
    }
    let mut rows = vec![vec![3]];
    let mut columns = vec![vec![1]];
    for _ in 1..n {
        rows.push(vec![1]);
        rows.push(vec![3, 1]);
        columns.push(vec![1]);
        columns.push(vec![1, 3]);
    }
    rows.extend([vec![1], vec![1]]);
    columns.extend([vec![1], vec![3]]);
    let mut puzzle = Nonogram::new(rows, columns).ok()?;
    puzzle
        .meta
        .push(("title".into(), format!("\"{n}-Dom (generated)\"")));
    Some(puzzle)
}

#[cfg(test)]
mod dom_tests {
    use super::*;

    #[test]
    fn nine_dom_matches_webpbn_8098() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/nonogram/webpbn-8098.non"
        );
        let published = parse::parse_non(path, &std::fs::read_to_string(path).unwrap()).unwrap();
        let generated = dom(9).unwrap();
        assert_eq!(generated.rows, published.rows);
        assert_eq!(generated.columns, published.columns);
    }

    #[test]
    fn dom_sizes_grow_as_2n_plus_1() {
        for n in 1..6 {
            let p = dom(n).unwrap();
            assert_eq!((p.width, p.height), (2 * n + 1, 2 * n + 1));
        }
        assert!(dom(0).is_none());
    }

    #[test]
    fn non_output_parses_back_to_the_same_clues() {
        let p = dom(4).unwrap();
        let back = parse::parse_non("dom.non", &p.to_non()).unwrap();
        assert_eq!((back.rows, back.columns), (p.rows, p.columns));
    }
}
