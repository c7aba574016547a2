//! The block-start model of one line, for black-and-white and colour nonograms alike: a
//! boolean per possible start of each block, exactly one start per block, a start colours the
//! cells it covers, consecutive blocks stay in order, and a coloured cell is covered by some
//! block of its colour.

use crate::model::{Constraint, Lit, Model, Var};

/// How consecutive blocks are kept in order. Each genre kept the form that suits its lines,
/// so both stay: the model sizes of every formulation are unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// A binary clause for every pair of starts that would overlap (few starts per block).
    Pairs,
    /// For every start, one clause listing the next block's possible later starts and one the
    /// previous block's earlier ones (many starts per block, as with colours).
    Supports,
}

/// A clue block: a run of `length` cells of one colour (an index into the colour table, never
/// the background; 1 in a black-and-white puzzle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Block {
    /// Run length.
    pub length: usize,
    /// Colour index.
    pub colour: usize,
}

/// The cells of a line as the block-start model reads them.
pub(super) struct LineCells<F: Fn(usize, usize) -> Lit> {
    /// How many cells the line has.
    pub len: usize,
    /// Colours `1..colours` need a covering block where a cell takes them (colour 0, the
    /// background, needs none).
    pub colours: usize,
    /// The literal "cell `i` has colour `k`".
    pub lit: F,
}

/// Adds the block-start model of a line named `name`: block `j` of `clue` starts at one of
/// `starts[j]`.
pub(super) fn add_block_line(
    model: &mut Model,
    name: &str,
    clue: &[Block],
    starts: &[Vec<usize>],
    cells: LineCells<impl Fn(usize, usize) -> Lit>,
    order: Order,
) {
    // Blocks of one colour need a gap between them; of different colours they may touch.
    let gap = |j: usize| usize::from(j + 1 < clue.len() && clue[j].colour == clue[j + 1].colour);
    let starts = start_vars(model, name, starts);
    for (j, options) in starts.iter().enumerate() {
        let Block { length, colour } = clue[j];
        model.add(
            crate::name!(name, " block ", j + 1, " has one start"),
            Constraint::exactly_one(options.iter().map(|(_, v)| v.lit())),
        );
        let covers = crate::name!(name, " block ", j + 1, " covers");
        let after = crate::name!(name, " blocks ", j + 1, " and ", j + 2, " in order");
        let before = crate::name!(name, " blocks ", j, " and ", j + 1, " in order");
        for &(p, v) in options {
            for i in p..p + length {
                model.add(
                    covers.clone(),
                    Constraint::implies(v.lit(), (cells.lit)(i, colour)),
                );
            }
            let next = starts.get(j + 1).map_or(&[][..], Vec::as_slice);
            let earliest = p + length + gap(j);
            match order {
                Order::Pairs => {
                    for &(_, w) in next.iter().filter(|(q, _)| *q < earliest) {
                        model.add(after.clone(), Constraint::clause([!v, !w]));
                    }
                }
                Order::Supports => {
                    if j + 1 < starts.len() {
                        let later = next.iter().filter(|(q, _)| *q >= earliest);
                        let clause = [!v].into_iter().chain(later.map(|(_, w)| w.lit()));
                        model.add(after.clone(), Constraint::clause(clause));
                    }
                    if j > 0 {
                        let ends = |q: usize| q + clue[j - 1].length + gap(j - 1);
                        let earlier = starts[j - 1].iter().filter(|(q, _)| ends(*q) <= p);
                        let clause = [!v].into_iter().chain(earlier.map(|(_, w)| w.lit()));
                        model.add(before.clone(), Constraint::clause(clause));
                    }
                }
            }
        }
    }
    for i in 0..cells.len {
        for k in 1..cells.colours {
            let covering = (starts.iter().enumerate())
                .filter(|&(j, _)| clue[j].colour == k)
                .flat_map(|(j, options)| {
                    let covers = move |p: usize| p <= i && i < p + clue[j].length;
                    options.iter().filter(move |(p, _)| covers(*p))
                })
                .map(|(_, v)| v.lit());
            let clause = [!(cells.lit)(i, k)].into_iter().chain(covering);
            model.add(
                crate::name!(name, " cell ", i + 1, " is covered"),
                Constraint::clause(clause),
            );
        }
    }
}

/// A boolean "block `j` starts at `p`" for every `p` of `starts[j]`, with its position.
pub(super) fn start_vars(
    model: &mut Model,
    name: &str,
    starts: &[Vec<usize>],
) -> Vec<Vec<(usize, Var)>> {
    (starts.iter().enumerate())
        .map(|(j, positions)| {
            (positions.iter())
                .map(|&p| {
                    let at = crate::name!(name, " block ", j + 1, " starts at ", p + 1);
                    (p, model.new_bool(at))
                })
                .collect()
        })
        .collect()
}
