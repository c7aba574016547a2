//! `--explain`: why a model has no solution, as a minimal set of its named constraints that
//! cannot hold together. The constraints are grouped by name ([`group_of`]: the parts of one
//! island or of one connectivity encoding are one group), each group is switched on by a
//! selector literal, and batsat solves under the selectors as assumptions. A minimal failing
//! set of groups is found by bisection over an order (`Explainer::progression`), then the
//! same search runs over the single constraints (and cuts) of those groups, whose names are
//! given when they are few.
//!
//! Lazy constraints and propagated ones are honest members: a candidate that breaks one gets
//! that constraint's cuts, each under a selector that its constraint's group switches on (a cut
//! follows from its constraint alone), and "these hold together" is only said of an
//! assignment that draws no cut.

use crate::backend::sat::{check_cnf_budget, BatsatSolver, SatResult, SatSolver};
use crate::error::Result;
use crate::lower::{CardEncoding, CnfEncoder};
use crate::model::propagator::{ConnectedPropagator, NodeState, Propagated};
use crate::model::{Assignment, Constraint, Model};
use serde::Serialize;
use std::collections::HashMap;
use std::time::Instant;

/// A set of the model's constraints that cannot hold together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The names of the constraints (or, when those would be too many, of their groups: see
    /// [`group_of`]), in the model's order.
    pub names: Vec<String>,
    /// False when the time limit came before the set was shrunk to a minimal one (it still
    /// cannot hold together, but a member may be superfluous).
    pub minimal: bool,
}

impl Explanation {
    /// The lines under "no solution" that `--explain` prints: what the set is, then the
    /// constraints, one per line.
    pub fn describe(&self) -> String {
        let what = match self.minimal {
            true => "these constraints cannot hold together (none of them can be left out):",
            false => {
                "these constraints cannot hold together (the time limit came before the set \
                 was made minimal):"
            }
        };
        let lines: Vec<String> = self.names.iter().map(|n| format!("  {n}")).collect();
        format!("{what}\n{}", lines.join("\n"))
    }
    /// The grid cells the names mention (`r3c4` is row 3, column 4; 1-based; `r1c1..r1c9`
    /// is every cell from one to the other), each once, in order of first mention: what a
    /// picture marks.
    pub fn cells(&self) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for word in self.names.iter().flat_map(|n| n.split(' ')) {
            let named = cell_names(word);
            let mentioned = match (word.contains(".."), named.as_slice()) {
                (true, &[(r1, c1), (r2, c2)]) => (r1.min(r2)..=r1.max(r2))
                    .flat_map(|r| (c1.min(c2)..=c1.max(c2)).map(move |c| (r, c)))
                    .collect(),
                _ => named,
            };
            for cell in mentioned {
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
        }
        cells
    }
}

/// Every `rRcC` cell name in a text, as (row, column), 1-based.
fn cell_names(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let number = |from: usize| {
        let end = (from..b.len())
            .find(|&i| !b[i].is_ascii_digit())
            .unwrap_or(b.len());
        (end > from).then(|| (text[from..end].parse::<usize>().ok(), end))
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i] == b'r' && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        if let (true, Some((Some(r), after_r))) = (starts, number(i + 1)) {
            if b.get(after_r) == Some(&b'c') {
                if let Some((Some(c), end)) = number(after_r + 1) {
                    if b.get(end).is_none_or(|x| !x.is_ascii_alphanumeric()) {
                        out.push((r, c));
                        i = end;
                        continue;
                    }
                }
            }
        }
        i += 1;
    }
    out
}

/// Whether a word is one cell's name (`r3c4`), possibly followed by `:` or `,`.
fn is_cell_word(word: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let word = word.trim_end_matches([':', ',']);
    (word.strip_prefix('r').and_then(|rest| rest.split_once('c')))
        .is_some_and(|(r, c)| digits(r) && digits(c))
}

/// The group a constraint belongs to, by its name:
/// - a name with an encoding part in brackets (`unshaded connected parent[r1c1->r1c2]`,
///   `islands r1c4 reach[r2c4]`) belongs to the words before that part: one connected region,
///   one island, one loop, whose encodings have many parts that only together mean anything;
/// - else a name with a cell after its first word (`islands r1c2 closed at r1c1-r2c1`,
///   `number r1c2 unshaded`) belongs to the words through that cell: everything said of the
///   region or clue at that cell;
/// - else the name is its own group (`no 2x2 wall at r3c3`, `room A count`).
pub fn group_of(name: &str) -> &str {
    let words: Vec<(usize, &str)> = (name.split(' '))
        .scan(0, |at, w| {
            let start = *at;
            *at += w.len() + 1;
            Some((start, w))
        })
        .collect();
    if let Some(k) = words.iter().position(|(_, w)| w.contains('[')) {
        // The tree encodings' `one direction[u-v]` is a two-word part.
        let k = match k {
            1.. if words[k - 1].1 == "one" => k - 1,
            _ => k,
        };
        if k > 0 {
            return name[..words[k].0].trim_end();
        }
    }
    match (words.iter().skip(1)).find(|(_, w)| is_cell_word(w)) {
        Some(&(start, w)) => name[..start + w.trim_end_matches([':', ',']).len()].trim_end(),
        None => name,
    }
}

/// Whether a set of selectors holds together.
enum Holds {
    /// Yes: an assignment satisfies them (and draws no cut, when cuts are looked for).
    Together,
    /// No: the selectors the refutation rests on.
    Failed(Vec<i32>),
    /// The time limit came first.
    Unknown,
}

/// A group of constraints, or one constraint (a unit), switched on by its selector.
struct Item {
    name: String,
    selector: i32,
    /// For a group: its eager constraints (`usize::MAX` for a lazy or propagated one); for a
    /// unit: its group.
    size_or_group: usize,
}

/// The model in batsat with one selector per group and one per constraint (unit): a group's
/// selector switches on its units' selectors, a unit's selector its clauses.
struct Explainer<'m> {
    model: &'m Model,
    encoder: CnfEncoder,
    solver: BatsatSolver,
    groups: Vec<Item>,
    units: Vec<Item>,
    group_of_selector: HashMap<i32, usize>,
    unit_of_selector: HashMap<i32, usize>,
    lazy_groups: Vec<usize>,
    propagated: Vec<(usize, ConnectedPropagator)>,
    deadline: Option<Instant>,
}

impl<'m> Explainer<'m> {
    fn new(model: &'m Model, card: CardEncoding, deadline: Option<Instant>) -> Self {
        let mut encoder = CnfEncoder::new(model, card);
        // The constant made on first use must not hang on the selector of the constraint
        // that first used it: every later user relies on it.
        encoder.true_literal();
        let mut solver = BatsatSolver::new();
        for clause in encoder.clauses() {
            solver.add_clause(clause);
        }
        let mut x = Explainer {
            model,
            encoder,
            solver,
            groups: Vec::new(),
            units: Vec::new(),
            group_of_selector: HashMap::new(),
            unit_of_selector: HashMap::new(),
            lazy_groups: Vec::new(),
            propagated: Vec::new(),
            deadline,
        };
        let mut by_name: HashMap<&str, usize> = HashMap::new();
        for c in &model.constraints {
            let key = group_of(&c.name);
            let g = match by_name.get(key) {
                Some(&g) => g,
                None => {
                    let g = x.new_group(key, 0);
                    by_name.insert(key, g);
                    g
                }
            };
            x.groups[g].size_or_group += 1;
            x.add_unit(g, &c.name, &c.constraint);
        }
        for lazy in &model.lazy {
            let g = x.new_group(lazy.name(), usize::MAX);
            x.lazy_groups.push(g);
        }
        for p in &model.propagated {
            let Propagated::Connected { graph, .. } = p;
            let g = x.new_group(p.name(), usize::MAX);
            x.propagated.push((g, ConnectedPropagator::new(graph)));
        }
        x
    }

    fn new_group(&mut self, name: &str, size: usize) -> usize {
        let selector = self.encoder.fresh();
        self.group_of_selector.insert(selector, self.groups.len());
        self.groups.push(Item {
            name: name.to_string(),
            selector,
            size_or_group: size,
        });
        self.groups.len() - 1
    }

    /// Adds a constraint as a unit of a group: its clauses hold when the unit's selector is
    /// true, which the group's selector makes it.
    fn add_unit(&mut self, group: usize, name: &str, constraint: &Constraint) {
        let selector = self.encoder.fresh();
        self.unit_of_selector.insert(selector, self.units.len());
        self.units.push(Item {
            name: name.to_string(),
            selector,
            size_or_group: group,
        });
        self.solver
            .add_clause(&[-self.groups[group].selector, selector]);
        let before = self.encoder.clauses().len();
        self.encoder.encode(constraint);
        let mut guarded = Vec::new();
        for clause in &self.encoder.clauses()[before..] {
            guarded.clear();
            guarded.extend_from_slice(clause);
            guarded.push(-selector);
            self.solver.add_clause(&guarded);
        }
    }

    /// Whether the selectors hold together; with `cuts`, the lazy and propagated groups among
    /// them add their cuts (as units) until an assignment draws none.
    fn holds(&mut self, selectors: &[i32], cuts: bool) -> Result<Holds> {
        loop {
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(Holds::Unknown);
            }
            let num_vars = self.encoder.num_vars();
            let values = match self.solver.solve_assuming(num_vars, selectors) {
                (SatResult::Unsat, failed) => return Ok(Holds::Failed(failed)),
                (SatResult::Unknown(_), _) => return Ok(Holds::Unknown),
                (SatResult::Sat(values), _) => values,
            };
            if !cuts {
                return Ok(Holds::Together);
            }
            let a = (self.encoder).decode(|v| values.get(v as usize).copied().unwrap_or(false));
            let groups: Vec<usize> = (selectors.iter())
                .filter_map(|s| self.group_of_selector.get(s).copied())
                .collect();
            if !self.add_cuts(&groups, &a) {
                return Ok(Holds::Together);
            }
        }
    }

    /// Adds the cuts that the chosen lazy and propagated groups draw from an assignment;
    /// false when there are none.
    fn add_cuts(&mut self, groups: &[usize], a: &Assignment) -> bool {
        let model = self.model;
        let mut cuts = Vec::new();
        for (lazy, &g) in model.lazy.iter().zip(&self.lazy_groups) {
            if groups.contains(&g) {
                cuts.extend(lazy.cuts(a).into_iter().map(|c| (g, c.name, c.constraint)));
            }
        }
        for (p, (g, propagator)) in model.propagated.iter().zip(&mut self.propagated) {
            let Propagated::Connected { graph, .. } = p;
            if !groups.contains(g) {
                continue;
            }
            let state: Vec<NodeState> = (graph.active().iter())
                .map(|x| match x.holds(a) {
                    true => NodeState::Active,
                    false => NodeState::Inactive,
                })
                .collect();
            if propagator.check(&state, false) {
                continue;
            }
            // The conflict's facts cannot all hold: the cut says one of them is otherwise.
            let facts = propagator.conflict();
            let lits = facts.iter().filter_map(|f| {
                let lit = graph.active()[f.node].lit()?;
                Some(if f.active { !lit } else { lit })
            });
            let ends: Vec<&str> = (facts.iter().filter(|f| f.active))
                .map(|f| graph.name(f.node))
                .collect();
            let name = format!("{} cut: {} apart", p.name(), ends.join(" and "));
            cuts.push((*g, name, Constraint::clause(lits)));
        }
        for (g, name, cut) in &cuts {
            self.add_unit(*g, name, cut);
        }
        !cuts.is_empty()
    }

    /// A minimal set of the selectors that cannot hold together, preferring those early in
    /// `order` (which all together cannot): the shortest failing prefix, found by bisection,
    /// ends in a selector that every refutation of the prefix needs; it is kept, and the rest
    /// of the prefix (as far as the refutation used it) is searched again, until the kept
    /// ones fail alone. Also whether it finished (else the time limit came, and the set is
    /// not shrunk to the end).
    fn progression(&mut self, order: Vec<i32>, cuts: bool) -> Result<(Vec<i32>, bool)> {
        let mut kept: Vec<i32> = Vec::new();
        let mut candidates = order;
        let with = |kept: &[i32], prefix: &[i32]| [kept, prefix].concat();
        loop {
            match self.holds(&kept, cuts)? {
                Holds::Failed(_) => return Ok((kept, true)),
                Holds::Unknown => return Ok((with(&kept, &candidates), false)),
                Holds::Together => {}
            }
            // kept + candidates[..hi] fails, kept + candidates[..lo] holds.
            let (mut lo, mut hi) = (0, candidates.len());
            let mut used: Option<Vec<i32>> = None;
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                match self.holds(&with(&kept, &candidates[..mid]), cuts)? {
                    Holds::Failed(core) => (hi, used) = (mid, Some(core)),
                    Holds::Together => lo = mid,
                    Holds::Unknown => return Ok((with(&kept, &candidates), false)),
                }
            }
            let Some(&needed) = candidates.get(hi.wrapping_sub(1)) else {
                return Ok((kept, true)); // not reached: kept alone would have failed
            };
            kept.push(needed);
            candidates.truncate(hi - 1);
            if let Some(core) = used {
                candidates.retain(|s| core.contains(s));
            }
        }
    }

    /// The shorter of the two minimal sets [`Self::progression`] finds from `items` in the
    /// order given and reversed, as the items' indices in order; with whether it finished.
    fn shortest(
        &mut self,
        order: Vec<usize>,
        items: fn(&Self) -> &[Item],
        cuts: bool,
    ) -> Result<Option<(Vec<usize>, bool)>> {
        let mut best: Option<(Vec<usize>, bool)> = None;
        let reversed: Vec<usize> = order.iter().rev().copied().collect();
        for order in [order, reversed] {
            let selectors = order.iter().map(|&i| items(self)[i].selector).collect();
            let (set, minimal) = self.progression(selectors, cuts)?;
            let index = |s: &i32| (items(self).iter()).position(|item| item.selector == *s);
            let mut set: Vec<usize> = set.iter().filter_map(index).collect();
            set.sort_unstable();
            if best.as_ref().is_none_or(|b| set.len() < b.0.len()) {
                best = Some((set, minimal));
            }
            if !minimal {
                break; // out of time: no second try
            }
        }
        Ok(best)
    }
}

/// How many constraints an explanation may name one by one before it names their groups.
const MOST_UNITS: usize = 12;

/// A minimal set of the model's constraints that cannot hold together, or `None` when the
/// model has a solution after all: first a minimal set of groups (the biggest first and the
/// smallest first, the shorter kept, since a puzzle may fail in several places), then within
/// those groups a minimal set of single constraints and cuts, named instead when there are
/// at most [`MOST_UNITS`] of them. At the time limit the set found so far is given, marked not
/// minimal (or `None` when the first refutation did not come in time).
pub fn explain(
    model: &Model,
    card: CardEncoding,
    deadline: Option<Instant>,
) -> Result<Option<Explanation>> {
    check_cnf_budget(model, true)?;
    let mut x = Explainer::new(model, card, deadline);
    let all: Vec<i32> = x.groups.iter().map(|g| g.selector).collect();
    if !matches!(x.holds(&all, true)?, Holds::Failed(_)) {
        return Ok(None);
    }
    let mut order: Vec<usize> = (0..x.groups.len()).collect();
    order.sort_by_key(|&g| (std::cmp::Reverse(x.groups[g].size_or_group), g));
    let Some((groups, minimal)) = x.shortest(order, |x| &x.groups, true)? else {
        return Ok(None);
    };
    // Several constraints may share a name (a loop's degree at a point): named once.
    let names = |items: &[Item], set: &[usize]| {
        let mut names: Vec<String> = Vec::new();
        for &i in set {
            if !names.contains(&items[i].name) {
                names.push(items[i].name.clone());
            }
        }
        names
    };
    let by_groups = Explanation {
        names: names(&x.groups, &groups),
        minimal,
    };
    if !minimal {
        return Ok(Some(by_groups));
    }
    // The constraints of those groups, and the cuts their lazy constraints gave, one by one.
    let units: Vec<usize> = (0..x.units.len())
        .filter(|&u| groups.contains(&x.units[u].size_or_group))
        .collect();
    let selectors: Vec<i32> = units.iter().map(|&u| x.units[u].selector).collect();
    if !matches!(x.holds(&selectors, false)?, Holds::Failed(_)) {
        return Ok(Some(by_groups)); // a lazy constraint needs cuts not found yet
    }
    match x.shortest(units, |x| &x.units, false)? {
        Some((set, true)) if set.len() <= MOST_UNITS => Ok(Some(Explanation {
            names: names(&x.units, &set),
            minimal: true,
        })),
        _ => Ok(Some(by_groups)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_parts_belong_to_their_constraint_and_clue_parts_to_their_cell() {
        let cases = [
            (
                "unshaded connected parent[r1c1->r1c2]",
                "unshaded connected",
            ),
            (
                "unshaded connected one direction[r1c1-r1c2]",
                "unshaded connected",
            ),
            ("loop degree[r2c3]", "loop"),
            ("islands r1c4 parent[r2c3->r1c3]", "islands r1c4"),
            ("islands r1c2 closed at r1c1-r2c1", "islands r1c2"),
            ("islands r1c2 has r1c1: active", "islands r1c2"),
            (
                "islands: r6c6 is out of every region's reach",
                "islands: r6c6",
            ),
            ("number r1c2 unshaded", "number r1c2"),
            ("no 2x2 wall at r3c3", "no 2x2 wall at r3c3"),
            ("r3c4 ray 2 sees 3", "r3c4 ray 2 sees 3"),
            ("no touching r1c1-r1c2", "no touching r1c1-r1c2"),
            ("room A count", "room A count"),
        ];
        for (name, group) in cases {
            assert_eq!(group_of(name), group, "{name}");
        }
    }

    #[test]
    fn cells_are_read_from_names() {
        assert_eq!(
            cell_names("islands r1c2 closed at r1c1-r12c3"),
            [(1, 2), (1, 1), (12, 3)]
        );
        assert_eq!(cell_names("parent[r2c3->r1c3]"), [(2, 3), (1, 3)]);
        assert!(cell_names("order r1 c2 for3c4").is_empty());
        let e = Explanation {
            names: vec!["stars of r1c2..r2c3".into(), "islands r1c2".into()],
            minimal: true,
        };
        assert_eq!(e.cells(), [(1, 2), (1, 3), (2, 2), (2, 3)]);
    }

    #[test]
    fn the_explanation_is_a_minimal_conflicting_set() {
        // a, b, c with "a", "not a or b", "not b", and an unrelated "c": the first three.
        let mut m = Model::new();
        let a = m.new_bool("a");
        let b = m.new_bool("b");
        let c = m.new_bool("c");
        m.add("c holds", Constraint::clause([c.lit()]));
        m.add("a holds", Constraint::clause([a.lit()]));
        m.add("a gives b", Constraint::clause([!a, b.lit()]));
        m.add("a or c", Constraint::clause([a.lit(), c.lit()]));
        m.add("b fails", Constraint::clause([!b]));
        let e = explain(&m, CardEncoding::Totalizer, None).unwrap().unwrap();
        assert_eq!(e.names, ["a holds", "a gives b", "b fails"]);
        assert!(e.minimal);
        m.constraints.pop();
        assert_eq!(explain(&m, CardEncoding::Totalizer, None).unwrap(), None);
    }
}
