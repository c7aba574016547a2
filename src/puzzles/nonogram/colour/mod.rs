//! Colour nonograms (Olšák's `.g` format with a `#d` colour table): every clue block has a
//! colour; blocks of different colours may touch, blocks of the same colour need a gap. The
//! model is the block-start formulation generalised to colours: one-hot cell colours, one start
//! per block, order and cover/support clauses.

pub mod line;
pub mod logic;

use super::blocks::{add_block_line, LineCells, Order};
use crate::error::{Error, Result};
use crate::grid::cell_name;
use crate::model::active::add_contradiction;
use crate::model::{Constraint, Model, Var};
use crate::puzzles::nonogram::logic::LogicResult;
use crate::puzzles::{Deduced, Formulated, Formulation, FormulationKey, Puzzle};
use line::{colour_block_starts, ColourSet};
use logic::{check_colour_budget, colour_line_logic};
use std::collections::BTreeMap;

/// One colour of the table: its clue letter and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colour {
    /// The letter clues use (`r` in `3r`); the background's is usually `0`.
    pub code: char,
    /// The name from the table (`red`), or the hex value when there is none.
    pub name: String,
    /// The table's `#RRGGBB` value, when it gives one.
    pub rgb: Option<crate::render::Colour>,
}

/// Declared with the block-start model that both kinds of nonogram build from it.
pub use super::blocks::Block;

/// A colour per cell (index into the colour table; 0 is the background).
pub type ColourGrid = Vec<Vec<usize>>;

/// A colour nonogram: the colour table (background first) and the row and column clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourNonogram {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The colour table; entry 0 is the background.
    pub colours: Vec<Colour>,
    /// Row clues, top to bottom.
    pub rows: Vec<Vec<Block>>,
    /// Column clues, left to right.
    pub columns: Vec<Vec<Block>>,
}

/// Whether a text is a colour `.g` file (it has a `#d` colour table).
pub fn is_colour_g(text: &str) -> bool {
    text.lines().any(|l| l.trim() == "#d")
}

/// The clue of a line of colours: its runs of non-background cells, split where the colour
/// changes.
pub fn clue_of(cells: &[usize]) -> Vec<Block> {
    let mut clue: Vec<Block> = Vec::new();
    let mut previous = 0;
    for &c in cells {
        if c != 0 {
            match clue.last_mut() {
                Some(b) if previous == c => b.length += 1,
                _ => clue.push(Block {
                    length: 1,
                    colour: c,
                }),
            }
        }
        previous = c;
    }
    clue
}

/// Fewest cells a clue needs: its blocks plus one gap between same-coloured neighbours.
fn min_length(clue: &[Block]) -> usize {
    clue.iter()
        .fold(0usize, |total, b| total.saturating_add(b.length))
        .saturating_add(
            clue.windows(2)
                .filter(|w| w[0].colour == w[1].colour)
                .count(),
        )
}

/// Parses Olšák's colour `.g`: free header lines, `#d` and the colour table (`C:X #RRGGBB
/// name`, background first), then `: rows` and `: columns` with clues like `3r 1u` (a bare
/// number is the first non-background colour; `0` or an empty line is an empty line).
pub fn parse_g(source: &str, text: &str) -> Result<ColourNonogram> {
    enum Part {
        Header,
        Table,
        Rows,
        Columns,
    }
    let mut part = Part::Header;
    let mut colours: Vec<Colour> = Vec::new();
    let mut row_lines: Vec<(usize, &str)> = Vec::new();
    let mut column_lines: Vec<(usize, &str)> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        match line {
            "#d" => {
                part = Part::Table;
                continue;
            }
            ": rows" => {
                part = Part::Rows;
                continue;
            }
            ": columns" => {
                part = Part::Columns;
                continue;
            }
            _ => {}
        }
        match part {
            Part::Header => {}
            Part::Table => {
                if line.is_empty() {
                    continue;
                }
                let col = raw.find(line).map_or(1, |p| p + 1);
                let code = line.chars().next().expect("non-empty line");
                let rest = line[code.len_utf8()..].trim_start();
                if !rest.starts_with(':') {
                    return Err(Error::input(
                        source,
                        line_no,
                        col,
                        "expected a colour entry like `r:*  #FF0000  red`",
                    ));
                }
                if colours.iter().any(|c| c.code == code) {
                    return Err(Error::input(
                        source,
                        line_no,
                        col,
                        format!("colour `{code}` is defined twice"),
                    ));
                }
                let words: Vec<&str> = rest[1..].split_whitespace().collect();
                let name = words
                    .iter()
                    .rev()
                    .find(|w| !w.starts_with('#'))
                    .or(words.last())
                    .map_or(String::new(), |w| w.to_string());
                let rgb = words
                    .iter()
                    .find_map(|w| crate::render::Colour::parse_hex(w));
                colours.push(Colour { code, name, rgb });
            }
            Part::Rows => row_lines.push((line_no, raw)),
            Part::Columns => column_lines.push((line_no, raw)),
        }
    }
    let last_line = text.lines().count().max(1);
    if colours.len() < 2 {
        return Err(Error::input(
            source,
            last_line,
            1,
            "the colour table (`#d`) needs the background and at least one colour",
        ));
    }
    for (lines, name) in [(&mut row_lines, "rows"), (&mut column_lines, "columns")] {
        while lines.last().is_some_and(|l| l.1.trim().is_empty()) {
            lines.pop();
        }
        if lines.is_empty() {
            return Err(Error::input(
                source,
                last_line,
                1,
                format!("no `: {name}` section with clue lines"),
            ));
        }
    }
    let (width, height) = (column_lines.len(), row_lines.len());
    let parse_lines = |lines: &[(usize, &str)], length: usize, kind: &str| {
        lines
            .iter()
            .map(|&(line_no, raw)| parse_clue(source, line_no, raw, &colours, length, kind))
            .collect::<Result<Vec<_>>>()
    };
    let rows = parse_lines(&row_lines, width, "row")?;
    let columns = parse_lines(&column_lines, height, "column")?;
    let puzzle = ColourNonogram {
        width,
        height,
        colours,
        rows,
        columns,
    };
    if let Some(problem) = puzzle.colour_totals_problem() {
        let line = column_lines.first().map_or(last_line, |l| l.0);
        return Err(Error::input(source, line, 1, problem));
    }
    Ok(puzzle)
}

/// One clue line: tokens `LENGTH[COLOUR]` separated by spaces or commas.
fn parse_clue(
    source: &str,
    line_no: usize,
    raw: &str,
    colours: &[Colour],
    length: usize,
    kind: &str,
) -> Result<Vec<Block>> {
    let mut clue = Vec::new();
    for (col, token) in crate::puzzles::clue_tokens(raw) {
        let digits = token
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(token.len());
        let bad = |what: String| Error::input(source, line_no, col, what);
        let run: usize = token[..digits].parse().map_err(|_| {
            bad(format!(
                "expected LENGTH[COLOUR] like `3r`, found `{token}`"
            ))
        })?;
        let code = &token[digits..];
        let colour = if code.is_empty() {
            1
        } else {
            let mut chars = code.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(bad(format!("`{code}` is not one colour letter")));
            };
            colours
                .iter()
                .position(|x| x.code == c)
                .filter(|&i| i != 0)
                .ok_or_else(|| bad(format!("no colour `{c}` in the colour table")))?
        };
        if run > 0 {
            clue.push(Block {
                length: run,
                colour,
            });
        }
    }
    if min_length(&clue) > length {
        return Err(Error::input(
            source,
            line_no,
            1,
            format!(
                "{kind} clue needs {} cells but the line has {length}",
                min_length(&clue)
            ),
        ));
    }
    Ok(clue)
}

impl ColourNonogram {
    /// Colour line logic to its fixpoint (refused past the memory budget); `None` when the
    /// table has more colours than line logic handles ([`ColourSet::CAPACITY`]), so the model
    /// is built without it.
    pub fn line_logic(&self) -> Result<Option<LogicResult<ColourSet>>> {
        check_colour_budget(self)?;
        Ok(colour_line_logic(self))
    }

    /// The clue of a row or column.
    pub fn clue(&self, line: crate::puzzles::nonogram::LineRef) -> &[Block] {
        match line.kind {
            crate::puzzles::nonogram::LineKind::Row => &self.rows[line.index],
            crate::puzzles::nonogram::LineKind::Column => &self.columns[line.index],
        }
    }

    /// Why the clues cannot agree, if the cells of some colour add up differently over the
    /// rows and over the columns.
    pub fn colour_totals_problem(&self) -> Option<String> {
        let totals = |lines: &[Vec<Block>]| {
            let mut t: BTreeMap<usize, usize> = BTreeMap::new();
            for b in lines.iter().flatten() {
                *t.entry(b.colour).or_default() += b.length;
            }
            t
        };
        let (rows, columns) = (totals(&self.rows), totals(&self.columns));
        (rows != columns).then(|| {
            let name = |(&c, &n): (&usize, &usize)| format!("{n} {}", self.colours[c].name);
            format!(
                "the row clues fill {} cells but the column clues fill {}",
                rows.iter().map(name).collect::<Vec<_>>().join(", "),
                columns.iter().map(name).collect::<Vec<_>>().join(", ")
            )
        })
    }

    /// Checks a grid against the clues (recomputed from the grid), written from the rules.
    pub fn check(&self, grid: &ColourGrid) -> std::result::Result<(), String> {
        if grid.len() != self.height || grid.iter().any(|r| r.len() != self.width) {
            return Err(format!("the grid is not {}×{}", self.width, self.height));
        }
        if grid.iter().flatten().any(|&c| c >= self.colours.len()) {
            return Err("a cell has a colour outside the table".into());
        }
        for (r, row) in grid.iter().enumerate() {
            if clue_of(row) != self.rows[r] {
                return Err(format!("row {} does not match its clue", r + 1));
            }
        }
        for c in 0..self.width {
            let column: Vec<usize> = grid.iter().map(|row| row[c]).collect();
            if clue_of(&column) != self.columns[c] {
                return Err(format!("column {} does not match its clue", c + 1));
            }
        }
        Ok(())
    }

    /// The same puzzle as a black-and-white nonogram when the table has one colour besides the
    /// background (webpbn exports black-and-white puzzles so), for the faster black-and-white
    /// pipeline (line logic, `line=order`, the native solver).
    pub fn as_black_and_white(&self) -> Option<super::Nonogram> {
        if self.colours.len() != 2 {
            return None;
        }
        let lengths = |clues: &[Vec<Block>]| -> Vec<super::Clue> {
            clues
                .iter()
                .map(|clue| clue.iter().map(|b| b.length).collect())
                .collect()
        };
        Some(super::Nonogram {
            width: self.width,
            height: self.height,
            rows: lengths(&self.rows),
            columns: lengths(&self.columns),
            meta: Vec::new(),
            logic: Default::default(),
        })
    }

    /// The colour a picture paints colour `k` in: the table's value, or one of a few distinct
    /// colours when the table gives none.
    pub fn paint(&self, k: usize) -> crate::render::Colour {
        use crate::render::Colour;
        const SPARE: [Colour; 6] = [
            Colour(0x22, 0x22, 0x22),
            Colour(0xd6, 0x27, 0x28),
            Colour(0x1f, 0x77, 0xb4),
            Colour(0x2c, 0xa0, 0x2c),
            Colour(0xff, 0x7f, 0x0e),
            Colour(0x94, 0x67, 0xbd),
        ];
        let table = self.colours.get(k).and_then(|c| c.rgb);
        table.unwrap_or(SPARE[k.saturating_sub(1) % SPARE.len()])
    }

    /// The grid as rows of colour letters, `.` for the background.
    pub fn render(&self, grid: &ColourGrid) -> Vec<String> {
        grid.iter()
            .map(|row| {
                row.iter()
                    .map(|&c| if c == 0 { '.' } else { self.colours[c].code })
                    .collect()
            })
            .collect()
    }

    /// The block-start model: `colour[rRcC=k]` one-hot per cell, per line one start per block
    /// (exactly one), same-coloured neighbours a gap apart, a block colours the cells it
    /// covers, and a coloured cell needs a block of its colour that covers it. With `known`
    /// (the colour sets line logic left, `pre=line`) colours outside a cell's set are unit
    /// facts `¬colour`, a decided cell is a unit fact, a line whose cells are all decided gets
    /// no line model (its facts say it all), and the starts of a block are only those of some
    /// placement of its line.
    pub fn model(&self, known: Option<&[Vec<ColourSet>]>) -> (Model, Vec<Vec<Vec<Var>>>) {
        let mut model = Model::new();
        let cells: Vec<Vec<Vec<Var>>> = (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| {
                        (0..self.colours.len())
                            .map(|k| {
                                let name =
                                    format!("colour[{}={}]", cell_name(r, c), self.colours[k].code);
                                if k == 0 {
                                    model.new_bool(name)
                                } else {
                                    model.new_answer_bool(name)
                                }
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        for (r, row) in cells.iter().enumerate() {
            for (c, options) in row.iter().enumerate() {
                model.add(
                    format!("one colour {}", cell_name(r, c)),
                    Constraint::exactly_one(options.iter().map(|v| v.lit())),
                );
                let Some(set) = known.map(|k| k[r][c]) else {
                    continue;
                };
                for (k, var) in options.iter().enumerate() {
                    let code = self.colours[k].code;
                    if set.single() == Some(k) {
                        let name = format!("line logic: {} is {code}", cell_name(r, c));
                        model.add(name, Constraint::clause([var.lit()]));
                    } else if !set.contains(k) {
                        let name = format!("line logic: {} is not {code}", cell_name(r, c));
                        model.add(name, Constraint::clause([!var.lit()]));
                    }
                }
            }
        }
        let mut lines = Vec::with_capacity(self.height + self.width);
        for r in 0..self.height {
            let line: Vec<&[Var]> = cells[r].iter().map(Vec::as_slice).collect();
            let sets = known.map(|k| k[r].clone());
            lines.push((format!("row {}", r + 1), &self.rows[r], line, sets));
        }
        for c in 0..self.width {
            let line: Vec<&[Var]> = cells.iter().map(|row| row[c].as_slice()).collect();
            let sets = known.map(|k| k.iter().map(|row| row[c]).collect::<Vec<_>>());
            lines.push((format!("column {}", c + 1), &self.columns[c], line, sets));
        }
        for (name, clue, line, sets) in lines {
            if model.over_budget() {
                break; // refused by the driver; building the rest would only take time
            }
            let starts = match &sets {
                None => packed_starts(clue, line.len()),
                Some(sets) if sets.iter().all(|s| s.single().is_some()) => continue,
                Some(sets) => match colour_block_starts(clue, sets) {
                    Ok(starts) => starts,
                    Err(_) => {
                        let reason = format!("{name}: the clue does not fit the line logic");
                        add_contradiction(&mut model, &reason);
                        continue;
                    }
                },
            };
            let cells = LineCells {
                len: line.len(),
                colours: self.colours.len(),
                lit: |i: usize, k: usize| line[i][k].lit(),
            };
            add_block_line(&mut model, &name, clue, &starts, cells, Order::Supports);
        }
        (model, cells)
    }
}

/// Every start of every block between its left-most and right-most packing.
fn packed_starts(clue: &[Block], n: usize) -> Vec<Vec<usize>> {
    let gap = |j: usize| usize::from(j + 1 < clue.len() && clue[j].colour == clue[j + 1].colour);
    let mut lo = Vec::with_capacity(clue.len());
    let mut at = 0;
    for (j, b) in clue.iter().enumerate() {
        lo.push(at);
        at += b.length + gap(j);
    }
    let mut hi = vec![0; clue.len()];
    let mut end = n;
    for j in (0..clue.len()).rev() {
        if j + 1 < clue.len() {
            end -= gap(j);
        }
        hi[j] = end - clue[j].length;
        end = hi[j];
    }
    lo.into_iter()
        .zip(hi)
        .map(|(lo, hi)| (lo..=hi).collect())
        .collect()
}

/// The `line=` values of colour puzzles.
const COLOUR_LINE_VALUES: &[crate::puzzles::Value] = &[crate::puzzles::Value::complete(
    "blocks",
    "one start per coloured block, order / cover / support clauses",
)];

/// The `pre=` values of colour puzzles, as for black-and-white ones.
const COLOUR_PRE_VALUES: &[crate::puzzles::Value] = &[
    crate::puzzles::Value::presolved(
        "line",
        "colour line logic to its fixpoint first: decided cells and excluded colours become unit facts, block starts narrow to those of some placement",
    ),
    crate::puzzles::Value::complete("none", "no preprocessing: start ranges from the clues alone"),
];

/// The formulation keys of colour puzzles: one line model, and line logic first or not.
pub fn formulation_keys() -> Vec<FormulationKey> {
    vec![
        FormulationKey::new(
            "line",
            "how a line's clue is encoded (colour puzzles)",
            COLOUR_LINE_VALUES,
            "blocks",
        ),
        FormulationKey::new(
            "pre",
            "preprocessing with the colour line solver",
            COLOUR_PRE_VALUES,
            "line",
        ),
    ]
}

impl Puzzle for ColourNonogram {
    type Solution = ColourGrid;
    const GENRE: &'static str = "nonogram";
    const RULES: &'static str = "paint cells so that each row's and column's runs match its clue";
    const NATIVE_SOLVERS: &'static [&'static str] = super::NATIVE_SOLVERS;
    fn keys() -> Vec<FormulationKey> {
        formulation_keys()
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        parse_g(source, text)
    }
    fn native_solvers(&self) -> &'static [&'static str] {
        &[] // the line solver and its search know two colours only
    }
    /// A `.g` file of more than one colour (a one-colour `.g` reads as a black-and-white
    /// nonogram); one that does not parse, so that its errors are the `.g` reader's.
    fn claims(text: &str) -> bool {
        is_colour_g(text) && parse_g("", text).map_or(true, |p| p.as_black_and_white().is_none())
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<ColourGrid>> {
        let known = match formulation.get("pre") {
            "line" => self.line_logic()?,
            _ => None,
        };
        let usable = known.as_ref().filter(|logic| !logic.contradiction);
        let (mut model, cells) = self.model(usable.map(|logic| &logic.cells[..]));
        if known.is_some_and(|logic| logic.contradiction) {
            add_contradiction(&mut model, "line logic finds a contradiction");
        }
        Ok(Formulated {
            model,
            decode: Box::new(move |a| {
                cells
                    .iter()
                    .map(|row| {
                        row.iter()
                            .map(|options| options.iter().position(|&v| a.bool(v)).unwrap_or(0))
                            .collect()
                    })
                    .collect()
            }),
        })
    }
    fn deduced(
        &self,
        formulation: &Formulation,
        _deadline: Option<std::time::Instant>,
    ) -> Result<Option<Deduced<ColourGrid>>> {
        if formulation.get("pre") != "line" {
            return Ok(None);
        }
        let Some(logic) = self.line_logic()? else {
            return Ok(None);
        };
        if !logic.is_solved() {
            return Ok(None);
        }
        let grid = (logic.cells.iter())
            .map(|row| row.iter().map(|set| set.single().unwrap_or(0)).collect())
            .collect();
        Ok(Some(Deduced::Unique(grid, "colour line logic")))
    }
    fn verify(&self, solution: &ColourGrid) -> std::result::Result<(), String> {
        self.check(solution)
    }
    fn rows(&self, solution: &ColourGrid) -> Vec<String> {
        self.render(solution)
    }
    fn sketch(&self, solution: Option<&ColourGrid>) -> crate::render::Sketch {
        use crate::render::{Label, Sketch};
        let paint = |k: usize| self.paint(k);
        let labels = |clue: &Vec<Block>| -> Vec<Label> {
            match clue.is_empty() {
                true => vec![Label::plain("0")],
                false => (clue.iter())
                    .map(|b| Label {
                        text: b.length.to_string(),
                        fill: Some(paint(b.colour)),
                    })
                    .collect(),
            }
        };
        let mut sketch = Sketch::new(self.height, self.width);
        sketch.row_clues = self.rows.iter().map(labels).collect();
        sketch.column_clues = self.columns.iter().map(labels).collect();
        sketch.bold_every = Some(5);
        let cells = solution.map(|g| g.concat()).unwrap_or_default();
        for (content, &k) in sketch.answer.iter_mut().zip(&cells) {
            content.fill = (k != 0).then(|| paint(k));
        }
        sketch
    }
    fn native_unavailable(&self, solver: &str) -> String {
        format!(
            "`{solver}` (line logic and search) solves black-and-white nonograms only, and this \
             is a colour nonogram; use a SAT or MIP backend (varisat, batsat, microlp, …)"
        )
    }
    fn url(&self) -> Result<String> {
        Err(Error::Usage(
            "a colour nonogram has no puzz.link URL: puzz.link's nonogram is black and white"
                .into(),
        ))
    }
    fn precheck(&self) -> Option<String> {
        self.colour_totals_problem()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{solve_puzzle, Mode, SolveOptions, Verdict};

    const TABLE: &str =
        "#d\n   0:   #FFFFFF   white\n   r:*  #FF0000   red\n   u:@  #4040FF   blue\n";

    #[test]
    fn clues_split_runs_where_the_colour_changes() {
        assert_eq!(
            clue_of(&[0, 1, 1, 2, 0, 1]),
            vec![
                Block {
                    length: 2,
                    colour: 1
                },
                Block {
                    length: 1,
                    colour: 2
                },
                Block {
                    length: 1,
                    colour: 1
                }
            ]
        );
    }

    #[test]
    fn touching_blocks_of_two_colours_solve_uniquely() {
        // Rows `1r 1u` and `1u 1r` on 2×2: red/blue touch without a gap.
        let text = format!("{TABLE}: rows\n1r 1u\n1u 1r\n: columns\n1r 1u\n1u 1r\n");
        let p = parse_g("t.g", &text).unwrap();
        let r = solve_puzzle(&p, &SolveOptions::new("varisat", "", Mode::Unique)).unwrap();
        assert_eq!(r.verdict, Verdict::Unique);
        assert_eq!(p.render(&r.solutions[0]), vec!["ru", "ur"]);
    }

    #[test]
    fn same_coloured_blocks_need_a_gap() {
        // `1r 1r` needs 3 cells.
        let text = format!("{TABLE}: rows\n1r 1r\n: columns\n1r\n0\n1r\n");
        let p = parse_g("t.g", &text).unwrap();
        let r = solve_puzzle(&p, &SolveOptions::new("varisat", "", Mode::Unique)).unwrap();
        assert_eq!(p.render(&r.solutions[0]), vec!["r.r"]);
        let short = format!("{TABLE}: rows\n1r 1r\n: columns\n1r\n1r\n");
        let e = parse_g("s.g", &short).unwrap_err().to_string();
        assert!(e.contains("s.g:6:1") && e.contains("needs 3 cells"), "{e}");
    }

    #[test]
    fn full_width_spaces_separate_colour_clues() {
        let text = format!("{TABLE}: rows\n1r\u{3000}1u\n: columns\n1r\n1u\n");
        assert_eq!(parse_g("t.g", &text).unwrap().rows[0].len(), 2);
        let bad = format!("{TABLE}: rows\n1r\u{3000}1x\n: columns\n1r\n1u\n");
        let e = parse_g("t.g", &bad).unwrap_err().to_string();
        assert!(e.contains("t.g:6:4"), "{e}");
    }

    #[test]
    fn bad_colour_letters_and_totals_are_clear_errors() {
        let e = parse_g("b.g", &format!("{TABLE}: rows\n1x\n: columns\n1r\n"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("b.g:6:1") && e.contains("no colour `x`"), "{e}");
        let e = parse_g("t.g", &format!("{TABLE}: rows\n1r\n: columns\n1u\n"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("1 red") && e.contains("1 blue"), "{e}");
    }

    #[test]
    fn tables_past_the_colour_set_capacity_solve_without_line_logic() {
        // Background plus 70 colours: line logic steps aside instead of failing.
        let mut text = String::from("#d\n   0:   #FFFFFF   white\n");
        for code in ('A'..='Z')
            .chain('a'..='z')
            .chain('1'..='9')
            .chain('α'..='ω')
            .take(70)
        {
            text += &format!("   {code}:*  #FF0000   c{code}\n");
        }
        text += ": rows\n1B 1C\n: columns\n1B\n1C\n";
        let p = parse_g("many.g", &text).unwrap();
        assert!(p.colours.len() > ColourSet::CAPACITY);
        assert_eq!(p.line_logic().unwrap(), None);
        let r = solve_puzzle(&p, &SolveOptions::new("batsat", "pre=line", Mode::Unique)).unwrap();
        assert_eq!(r.verdict, Verdict::Unique);
        assert_eq!(p.render(&r.solutions[0]), vec!["BC"]);
    }
}
