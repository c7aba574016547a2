//! The formulations of a nonogram: cell variables (the answer keys) plus one line model per
//! row and column, chosen by `line=`:
//! - `dfa`: a per-line automaton (core `model::regular`), states pruned by the left-most and
//!   right-most packings; unit propagation on a line equals the complete line solver;
//! - `blocks`: one boolean per (block, start), exactly one per block, pairwise order
//!   conflicts, cover and support clauses;
//! - `order`: order-encoded block starts (`start ≥ p` literals) with ordering clauses, each
//!   cell tied to the starts of the blocks around it;
//! - `patterns`: one selector per arrangement of each line (seed 003 §3.2), refused past
//!   [`PATTERN_CAP`] arrangements per line;
//! - `mip`: the classic 0-1 block-start model with linear rows (exactly one start per block,
//!   `b[t][s] ≤ Σ b[t+1][s' ≥ s+len+1]`, cell = Σ covering starts), meant for MIP backends.
//!
//! `pre=line` runs line logic first (`pre=probe`, the default, probing after it): decided cells
//! become unit facts and the packings of the partial lines narrow every block's start range.

use super::blocks::{add_block_line, start_vars, Block, LineCells, Order};
use super::line::{all_patterns, start_bounds, Cell};
use super::logic::LogicResult;
use super::Nonogram;
use crate::error::Result;
use crate::grid::cell_name;
use crate::model::active::{add_clause, add_contradiction};
use crate::model::regular::{add_regular, BinaryDfa};
use crate::model::Active;
use crate::model::{Constraint, LinExpr, Lit, Model, Var};

/// How each line is modelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineModel {
    /// Per-line automaton.
    Dfa,
    /// Block-start booleans.
    Blocks,
    /// Order-encoded block starts.
    Order,
    /// 0-1 block starts with linear rows.
    Mip,
    /// One selector per pattern of the line (short lines only).
    Patterns,
}

impl crate::puzzles::Choice for LineModel {
    const VALUES: &'static [crate::puzzles::Value] = &[
        crate::puzzles::Value::complete("order", "order-encoded block starts (start ≥ p literals), ordering clauses, cells tied to the starts of the blocks around them"),
        crate::puzzles::Value::complete("dfa", "cell variables + per-line automaton (pruned by the packings); unit propagation = complete line solver"),
        crate::puzzles::Value::complete("blocks", "one boolean per block start, exactly one per block, pairwise order conflicts, cover/support clauses"),
        crate::puzzles::Value::complete("mip", "classic 0-1 block-start model with linear rows (for MIP backends; SAT lowers it with card=)"),
        crate::puzzles::Value::complete("patterns", "one selector per arrangement of each line (seed 003 §3.2); refused past 20,000 per line"),
    ];
    fn from_name(name: &str) -> Option<LineModel> {
        match name {
            "dfa" => Some(LineModel::Dfa),
            "blocks" => Some(LineModel::Blocks),
            "order" => Some(LineModel::Order),
            "mip" => Some(LineModel::Mip),
            "patterns" => Some(LineModel::Patterns),
            _ => None,
        }
    }
}

/// One line of the grid as the model sees it: clue, cell literals, known cells, start bounds.
struct LineView<'a> {
    name: String,
    clue: &'a [usize],
    cells: Vec<Lit>,
    bounds: Vec<(usize, usize)>,
    known: Vec<Cell>,
}

/// The most patterns `line=patterns` enumerates for one line.
pub const PATTERN_CAP: u64 = 20_000;

/// How many arrangements a clue has in a line of length `n`: C(n - min_length + k, k),
/// saturating.
pub fn pattern_count(n: usize, clue: &[usize]) -> u64 {
    let k = clue.len() as u64;
    let min = super::min_length(clue);
    if min > n {
        return 0;
    }
    let free = (n - min) as u64;
    // C(free + k, k) computed incrementally; each step stays an integer.
    let mut count: u64 = 1;
    for i in 1..=k {
        count = match count.checked_mul(free + i) {
            Some(c) => c / i,
            None => return u64::MAX,
        };
    }
    count
}

/// Builds the model of a formulation; returns the model and the cell variables `[r][c]`.
pub fn build(
    puzzle: &Nonogram,
    line: LineModel,
    known: Option<&LogicResult>,
) -> Result<(Model, Vec<Vec<Var>>)> {
    let mut model = Model::new();
    let cells: Vec<Vec<Var>> = (0..puzzle.height)
        .map(|r| {
            (0..puzzle.width)
                .map(|c| model.new_answer_bool(["filled[", &cell_name(r, c), "]"].concat()))
                .collect()
        })
        .collect();
    let known = if let Some(logic) = known {
        if logic.contradiction {
            add_contradiction(&mut model, "line logic finds a contradiction");
            return Ok((model, cells));
        }
        for (r, row) in logic.cells.iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                let v = cells[r][c];
                match cell {
                    Cell::Filled => model.add(
                        ["line logic: ", &cell_name(r, c), " filled"].concat(),
                        Constraint::clause([v.lit()]),
                    ),
                    Cell::Empty => model.add(
                        ["line logic: ", &cell_name(r, c), " empty"].concat(),
                        Constraint::clause([!v]),
                    ),
                    Cell::Unknown => {}
                }
            }
        }
        logic.cells.clone()
    } else {
        vec![vec![Cell::Unknown; puzzle.width]; puzzle.height]
    };
    let mut lines = Vec::with_capacity(puzzle.height + puzzle.width);
    for r in 0..puzzle.height {
        lines.push((
            crate::name!("row ", r + 1),
            &puzzle.rows[r][..],
            cells[r].iter().map(|v| v.lit()).collect::<Vec<_>>(),
            known[r].clone(),
        ));
    }
    for c in 0..puzzle.width {
        lines.push((
            crate::name!("column ", c + 1),
            &puzzle.columns[c][..],
            cells.iter().map(|row| row[c].lit()).collect(),
            known.iter().map(|row| row[c]).collect(),
        ));
    }
    for (name, clue, lits, known_line) in lines {
        if model.over_budget() {
            break; // refused by the driver; building the rest would only take time
        }
        if known_line.iter().all(|&cell| cell != Cell::Unknown) {
            // Line logic decided the whole line from its clue, so the unit facts above already
            // say all its model would (on line-solvable puzzles: every line).
            continue;
        }
        let Some(bounds) = start_bounds(clue, &known_line) else {
            add_contradiction(&mut model, &format!("{name}: the clue does not fit"));
            continue;
        };
        if line == LineModel::Patterns {
            let count = pattern_count(lits.len(), clue);
            if count > PATTERN_CAP {
                return Err(crate::Error::Usage(format!(
                    "line=patterns: {name} has {count} patterns (cap {PATTERN_CAP}); use line=dfa, blocks or order"
                )));
            }
        }
        let view = LineView {
            name,
            clue,
            cells: lits,
            bounds,
            known: known_line,
        };
        match line {
            LineModel::Dfa => add_dfa_line(&mut model, &view),
            LineModel::Blocks => add_blocks_line(&mut model, &view),
            LineModel::Order => add_order_line(&mut model, &view),
            LineModel::Mip => add_mip_line(&mut model, &view),
            LineModel::Patterns => add_patterns_line(&mut model, &view),
        }
    }
    Ok((model, cells))
}

/// What a state of the line automaton stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineState {
    /// In the gap before block `g` (`g` = number of blocks finished).
    Gap(usize),
    /// Inside block `t`, having read `j` (1-based) of its cells.
    Block(usize, usize),
}

/// The automaton of a clue: `0* 1^s1 0+ 1^s2 … 1^sk 0*`, and the meaning of each state.
fn clue_automaton(clue: &[usize]) -> (BinaryDfa, Vec<LineState>) {
    let mut meaning = vec![LineState::Gap(0)];
    for (t, &len) in clue.iter().enumerate() {
        for j in 1..=len {
            meaning.push(LineState::Block(t, j));
        }
        meaning.push(LineState::Gap(t + 1));
    }
    let m = meaning.len();
    let mut next = vec![[None, None]; m];
    for q in 0..m {
        let following = meaning.get(q + 1).copied();
        next[q][0] = match (meaning[q], following) {
            (LineState::Gap(_), _) => Some(q),
            (LineState::Block(..), Some(LineState::Gap(_))) => Some(q + 1),
            _ => None,
        };
        next[q][1] = match following {
            Some(LineState::Block(..)) => Some(q + 1),
            _ => None,
        };
    }
    let mut accepting = vec![false; m];
    accepting[m - 1] = true;
    if m >= 2 {
        accepting[m - 2] = true;
    }
    (
        BinaryDfa {
            start: 0,
            accepting,
            next,
        },
        meaning,
    )
}

fn add_dfa_line(model: &mut Model, line: &LineView) {
    let (dfa, meaning) = clue_automaton(line.clue);
    let clue = line.clue;
    let bounds = &line.bounds;
    // State q after i cells is possible only if it agrees with the start ranges.
    let allowed = |i: usize, q: usize| match meaning[q] {
        LineState::Block(t, j) => i >= j && (bounds[t].0..=bounds[t].1).contains(&(i - j)),
        LineState::Gap(g) => {
            if i == 0 {
                return g == 0;
            }
            let previous_done = g == 0 || bounds[g - 1].0 + clue[g - 1] < i;
            let next_not_started = g == clue.len() || bounds[g].1 >= i;
            previous_done && next_not_started
        }
    };
    add_regular(model, &line.name, &dfa, &line.cells, allowed);
}

/// Every start of every block within its bounds.
fn start_ranges(line: &LineView) -> Vec<Vec<usize>> {
    (line.bounds.iter())
        .map(|&(lo, hi)| (lo..=hi).collect())
        .collect()
}

fn add_blocks_line(model: &mut Model, line: &LineView) {
    let clue: Vec<Block> = (line.clue.iter())
        .map(|&length| Block { length, colour: 1 })
        .collect();
    let cells = LineCells {
        len: line.cells.len(),
        colours: 2,
        lit: |i: usize, _black: usize| line.cells[i],
    };
    let starts = start_ranges(line);
    add_block_line(model, &line.name, &clue, &starts, cells, Order::Pairs);
}

fn add_order_line(model: &mut Model, line: &LineView) {
    let n = line.cells.len();
    let k = line.clue.len();
    // at_least[t][p - lo - 1] is the literal `start_t ≥ p` for p in lo+1..=hi.
    let at_least: Vec<Vec<Var>> = (0..k)
        .map(|t| {
            let (lo, hi) = line.bounds[t];
            (lo + 1..=hi)
                .map(|p| {
                    model.new_bool(crate::name!(
                        line.name,
                        " block ",
                        t + 1,
                        " starts at or after ",
                        p + 1
                    ))
                })
                .collect()
        })
        .collect();
    let ge = |t: usize, p: isize| -> Active {
        let (lo, hi) = line.bounds[t];
        if p <= lo as isize {
            Active::Always
        } else if p > hi as isize {
            Active::Never
        } else {
            Active::When(at_least[t][p as usize - lo - 1].lit())
        }
    };
    if k == 0 {
        for &cell in &line.cells {
            model.add(crate::name!(line.name, " is empty"), Constraint::clause([!cell]));
        }
        return;
    }
    for t in 0..k {
        let (lo, hi) = line.bounds[t];
        let len = line.clue[t];
        let order = crate::name!(line.name, " block ", t + 1, " order encoding");
        for p in lo + 1..hi {
            add_clause(
                model,
                order.clone(),
                [!ge(t, p as isize + 1), ge(t, p as isize)],
            );
        }
        if t + 1 < k {
            let name = crate::name!(line.name, " blocks ", t + 1, " and ", t + 2, " in order");
            for p in lo + 1..=hi {
                let next = ge(t + 1, (p + len + 1) as isize);
                add_clause(model, name.clone(), [!ge(t, p as isize), next]);
            }
        }
        // The cells tied to the starts without a variable per (block, cell): when block t has
        // started at or before cell c and block t+1 has not, c is filled exactly when block t
        // still runs there (start_t ≥ c-len+1). Cover variables, one per (block, cell), made
        // the survey's Gettys twice the size and 5× slower (37 s against 6.6 s CPU).
        let name = crate::name!(line.name, " block ", t + 1, " and the gap after it");
        let next_hi = if t + 1 < k { line.bounds[t + 1].1 } else { n };
        for (c, &cell) in line.cells.iter().enumerate().take(next_hi).skip(lo) {
            let started = !ge(t, c as isize + 1);
            let next_not_started = if t + 1 < k {
                ge(t + 1, c as isize + 1)
            } else {
                Active::Always
            };
            let running = ge(t, c as isize - len as isize + 1);
            let cell = Active::When(cell);
            add_clause(
                model,
                name.clone(),
                [!started, !next_not_started, !running, cell],
            );
            add_clause(
                model,
                name.clone(),
                [!started, !next_not_started, running, !cell],
            );
        }
    }
    // Before the first block starts every cell is empty.
    let name = crate::name!(line.name, " before block 1");
    for (c, &cell) in line.cells.iter().enumerate().take(line.bounds[0].1) {
        add_clause(model, name.clone(), [!ge(0, c as isize + 1), !Active::When(cell)]);
    }
}

fn add_patterns_line(model: &mut Model, line: &LineView) {
    let n = line.cells.len();
    let patterns: Vec<Vec<bool>> = all_patterns(n, line.clue)
        .into_iter()
        .filter(|p| {
            p.iter().zip(&line.known).all(|(&f, &k)| match k {
                Cell::Unknown => true,
                Cell::Filled => f,
                Cell::Empty => !f,
            })
        })
        .collect();
    let selectors: Vec<Var> = (0..patterns.len())
        .map(|i| model.new_bool(crate::name!(line.name, " pattern ", i + 1)))
        .collect();
    model.add(
        crate::name!(line.name, " has one pattern"),
        Constraint::exactly_one(selectors.iter().map(|v| v.lit())),
    );
    let pattern_cell = crate::name!(line.name, " pattern cell");
    for (pattern, &sel) in patterns.iter().zip(&selectors) {
        for (c, &filled) in pattern.iter().enumerate() {
            let cell = if filled {
                line.cells[c]
            } else {
                !line.cells[c]
            };
            model.add(pattern_cell.clone(), Constraint::implies(sel.lit(), cell));
        }
    }
    for c in 0..n {
        for filled in [true, false] {
            let cell = if filled {
                line.cells[c]
            } else {
                !line.cells[c]
            };
            let mut clause = vec![!cell];
            clause.extend(
                patterns
                    .iter()
                    .zip(&selectors)
                    .filter(|(p, _)| p[c] == filled)
                    .map(|(_, v)| v.lit()),
            );
            model.add(
                crate::name!(line.name, " cell ", c + 1, " has a pattern"),
                Constraint::clause(clause),
            );
        }
    }
}

fn add_mip_line(model: &mut Model, line: &LineView) {
    let starts = start_vars(model, &line.name, &start_ranges(line));
    let n = line.cells.len();
    let mut covering: Vec<Vec<Var>> = vec![Vec::new(); n];
    for (t, options) in starts.iter().enumerate() {
        let len = line.clue[t];
        let one = LinExpr::sum_vars(options.iter().map(|&(_, v)| v));
        model.add(
            crate::name!(line.name, " block ", t + 1, " has one start"),
            one.eq(1),
        );
        for &(s, b) in options {
            for cell in covering.iter_mut().skip(s).take(len) {
                cell.push(b);
            }
            if let Some(next) = starts.get(t + 1) {
                let later = LinExpr::sum_vars(
                    next.iter()
                        .filter(|&&(s2, _)| s2 > s + len)
                        .map(|&(_, v)| v),
                );
                model.add(
                    crate::name!(
                        line.name,
                        " block ",
                        t + 1,
                        " at ",
                        s + 1,
                        " before block ",
                        t + 2
                    ),
                    (LinExpr::from(b) - later).leq(0),
                );
            }
        }
    }
    for (c, vars) in covering.into_iter().enumerate() {
        let expr = LinExpr::from(line.cells[c]) - LinExpr::sum_vars(vars);
        model.add(
            crate::name!(line.name, " cell ", c + 1, " = covering starts"),
            expr.eq(0),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Assignment;
    use crate::puzzles::nonogram::line::all_patterns;

    #[test]
    fn the_clue_automaton_accepts_exactly_the_patterns() {
        for clue in [vec![], vec![1], vec![2, 1], vec![1, 1, 1], vec![3]] {
            let (dfa, _) = clue_automaton(&clue);
            for n in 0..8usize {
                let patterns = all_patterns(n, &clue);
                for word in 0u32..1 << n {
                    let letters: Vec<bool> = (0..n).map(|i| word >> i & 1 == 1).collect();
                    assert_eq!(
                        dfa.accepts(&letters),
                        patterns.contains(&letters),
                        "{clue:?} {letters:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn pattern_counts_match_the_enumeration() {
        for n in 0..10 {
            for clue in [vec![], vec![1], vec![2, 1], vec![1, 1, 1], vec![3, 3]] {
                assert_eq!(
                    pattern_count(n, &clue),
                    all_patterns(n, &clue).len() as u64,
                    "{n} {clue:?}"
                );
            }
        }
    }

    #[test]
    fn the_patterns_model_refuses_long_lines() {
        // One row of 40 cells with ten 1-blocks: C(31, 10) arrangements.
        let mut columns = vec![vec![1]; 10];
        columns.extend(vec![vec![]; 30]);
        let puzzle = Nonogram {
            width: 40,
            height: 1,
            rows: vec![vec![1; 10]],
            columns,
            meta: vec![],
            logic: Default::default(),
        };
        match build(&puzzle, LineModel::Patterns, None) {
            Err(e) => assert!(e.to_string().contains("row 1 has 44352165 patterns"), "{e}"),
            Ok(_) => panic!("line=patterns must refuse a line with 44 million patterns"),
        }
        assert!(build(
            &crate::puzzles::nonogram::dom(3).unwrap(),
            LineModel::Patterns,
            None
        )
        .is_ok());
    }

    #[test]
    fn preprocessing_a_line_solvable_puzzle_fixes_every_cell() {
        let puzzle =
            Nonogram::new(vec![vec![1, 1], vec![3]], vec![vec![2], vec![1], vec![2]]).unwrap();
        let (model, cells) = build(&puzzle, LineModel::Blocks, Some(puzzle.line_logic())).unwrap();
        let units = model
            .constraints
            .iter()
            .filter(|c| c.name.starts_with("line logic"))
            .count();
        assert_eq!(units, 6);
        // The published-style answer `#.#` / `###` satisfies the unit facts.
        let mut values = vec![0i64; model.vars.len()];
        for (r, row) in ["#.#", "###"].iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                values[cells[r][c].index()] = i64::from(ch == '#');
            }
        }
        let a = Assignment { values };
        for c in model
            .constraints
            .iter()
            .filter(|c| c.name.starts_with("line logic"))
        {
            assert!(c.constraint.holds(|v| a.value(v)), "{}", c.name);
        }
    }
}
