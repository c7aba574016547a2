//! Groups of cells (rooms, rows, columns) that must hold a given number of cells with a
//! property: "every region has two shaded cells" (norinori), "a numbered region has that many"
//! (shimaguni), "this row has three `+` poles" (magnetic), "half of every line is `2`"
//! (binairo). One cardinality row per counted group in the model, one count per group in a
//! rules check.

use super::{Cell, Grid};
use crate::model::active::add_contradiction;
use crate::model::{Constraint, LinExpr, Lit, Model};

/// How many of `cells` have the property, as the sum of their literals.
pub fn count_of(cells: &[Cell], lit: impl Fn(Cell) -> Lit) -> LinExpr {
    LinExpr::sum_lits(cells.iter().map(|&c| lit(c)))
}

/// Adds "group `i` holds exactly `count(i)` cells whose literal is true" for every group with
/// a count, named `{name} at {place(i)}`.
pub fn add_counts(
    model: &mut Model,
    name: &str,
    groups: &[Vec<Cell>],
    lit: impl Fn(Cell) -> Lit,
    count: impl Fn(usize) -> Option<usize>,
    place: impl Fn(usize) -> String,
) {
    for (i, cells) in groups.iter().enumerate() {
        if let Some(n) = count(i) {
            let at = format!("{name} at {}", place(i));
            model.add(at, count_of(cells, &lit).eq(n as i64));
        }
    }
}

/// Names group `i` by its first cell (rooms, rows, columns).
pub fn first_cell(grid: Grid, groups: &[Vec<Cell>]) -> impl Fn(usize) -> String + '_ {
    move |i| {
        groups[i]
            .first()
            .map_or_else(String::new, |&c| grid.name(c))
    }
}

/// The first group whose count is wrong: `(group, found, wanted)`.
pub fn first_miscount(
    groups: &[Vec<Cell>],
    has: impl Fn(Cell) -> bool,
    count: impl Fn(usize) -> Option<usize>,
) -> Option<(usize, usize, usize)> {
    groups.iter().enumerate().find_map(|(i, cells)| {
        let wanted = count(i)?;
        let found = cells.iter().filter(|&&c| has(c)).count();
        (found != wanted).then_some((i, found, wanted))
    })
}

/// A group's count as literals: a known number, or a ladder `at_least[k - 1]` = "at least k
/// cells have the property", tied to the cells by one row (shimaguni's island sizes, where
/// neighbouring regions must differ).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountLits {
    /// The count is this number (a clue states it).
    Known(usize),
    /// "At least k" literals, k = 1, 2, … up to the group's size.
    Ladder(Vec<Lit>),
}

impl CountLits {
    /// A ladder for the count of `cells` with the property, with its row and its order
    /// clauses, named `{name}`; `min` is the least count (the ladder's first rungs are fixed).
    pub fn ladder(
        model: &mut Model,
        name: &str,
        cells: &[Cell],
        lit: impl Fn(Cell) -> Lit,
        min: usize,
    ) -> CountLits {
        let at_least: Vec<Lit> = (1..=cells.len())
            .map(|k| model.new_bool(format!("{name} {k}+")).lit())
            .collect();
        for (k, w) in at_least.windows(2).enumerate() {
            model.add(
                format!("{name} ladder {}", k + 2),
                Constraint::implies(w[1], w[0]),
            );
        }
        for &l in at_least.iter().take(min) {
            model.add(format!("{name} at least {min}"), Constraint::clause([l]));
        }
        let mut sum = count_of(cells, lit);
        for &l in &at_least {
            sum.add_lit(-1, l);
        }
        model.add(name, sum.eq(0));
        CountLits::Ladder(at_least)
    }
    /// The literals whose conjunction says "the count is k" (`None`: never; empty: always).
    pub fn is(&self, k: usize) -> Option<Vec<Lit>> {
        match self {
            CountLits::Known(n) => (*n == k).then(Vec::new),
            CountLits::Ladder(at_least) if k == 0 || k > at_least.len() => {
                (k == 0).then(|| at_least.first().map(|&l| vec![!l]).unwrap_or_default())
            }
            CountLits::Ladder(at_least) => {
                let mut lits = vec![at_least[k - 1]];
                lits.extend(at_least.get(k).map(|&l| !l));
                Some(lits)
            }
        }
    }
}

/// Adds "the two counts differ" (both at most `max`), named `name`.
pub fn add_counts_differ(model: &mut Model, name: &str, a: &CountLits, b: &CountLits, max: usize) {
    for k in 0..=max {
        let (Some(x), Some(y)) = (a.is(k), b.is(k)) else {
            continue;
        };
        if x.is_empty() && y.is_empty() {
            add_contradiction(model, name);
        } else {
            model.add(name, Constraint::clause(x.iter().chain(&y).map(|&l| !l)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Constraint;

    #[test]
    fn a_group_count_is_one_named_row_and_the_check_finds_the_first_miscount() {
        let g = Grid::new(2, 2);
        let mut m = Model::new();
        let x = g.answer_bools(&mut m, "x");
        let groups = g.rows();
        let at = first_cell(g, &groups);
        add_counts(
            &mut m,
            "row",
            &groups,
            |c| x[c].lit(),
            |i| (i == 1).then_some(1),
            at,
        );
        assert_eq!(m.constraints.len(), 1);
        assert_eq!(m.constraints[0].name, "row at r2c1");
        assert!(matches!(
            m.constraints[0].constraint,
            Constraint::Linear { .. }
        ));
        let has = [true, true, false, false];
        assert_eq!(
            first_miscount(&groups, |c| has[c], |_| Some(1)),
            Some((0, 2, 1))
        );
        assert_eq!(
            first_miscount(&groups, |c| has[c], |i| (i == 0).then_some(2)),
            None
        );
    }

    #[test]
    fn ladders_count_and_differing_counts_exclude_exactly_the_equal_ones() {
        use crate::model::testing::satisfiable_projections;
        let g = Grid::new(1, 5);
        let mut m = Model::new();
        let x = g.answer_bools(&mut m, "x");
        let a = CountLits::ladder(&mut m, "a", &[0, 1, 2], |c| x[c].lit(), 1);
        let b = CountLits::ladder(&mut m, "b", &[3, 4], |c| x[c].lit(), 0);
        add_counts_differ(&mut m, "differ", &a, &b, 3);
        add_counts_differ(&mut m, "not 2", &a, &CountLits::Known(2), 3);
        let ones = |m: u64, cells: std::ops::Range<u64>| cells.filter(|c| m >> c & 1 == 1).count();
        let expected = (0u64..32)
            .filter(|&m| {
                let (na, nb) = (ones(m, 0..3), ones(m, 3..5));
                na >= 1 && na != nb && na != 2
            })
            .collect();
        assert_eq!(satisfiable_projections(&m, &x), expected);
    }
}
