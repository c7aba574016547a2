//! Solving one line of a colour nonogram: the complete line solver generalised to colours.
//! Every cell holds the set of colours still possible; the solver keeps exactly the colours
//! that some placement of the clue consistent with those sets gives the cell. A prefix and a
//! suffix feasibility table (position × blocks placed) make it O(n·k + n·colours).

use super::Block;
use crate::puzzles::nonogram::line::Contradiction;

/// A set of colours (indices into a colour table, 0 the background) as a bitmask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColourSet(pub u64);

impl ColourSet {
    /// The most colours (background included) a set can hold.
    pub const CAPACITY: usize = 64;

    /// Colours `0..count` (capped at [`ColourSet::CAPACITY`]).
    pub fn all(count: usize) -> ColourSet {
        match count {
            n if n >= Self::CAPACITY => ColourSet(u64::MAX),
            n => ColourSet((1u64 << n) - 1),
        }
    }

    /// The set holding only `colour` (empty when `colour` is past the capacity).
    pub fn only(colour: usize) -> ColourSet {
        ColourSet(1u64.checked_shl(colour as u32).unwrap_or(0))
    }

    /// Whether `colour` is in the set.
    pub fn contains(self, colour: usize) -> bool {
        self.0 & Self::only(colour).0 != 0
    }

    /// The set with `colour` added.
    pub fn with(self, colour: usize) -> ColourSet {
        ColourSet(self.0 | Self::only(colour).0)
    }

    /// Whether no colour is left.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The colour, when exactly one is left.
    pub fn single(self) -> Option<usize> {
        (self.0.count_ones() == 1).then(|| self.0.trailing_zeros() as usize)
    }

    /// The colours in the set, smallest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..Self::CAPACITY).filter(move |&c| self.contains(c))
    }
}

/// The feasibility tables of one line. `prefix[j·w + i]`: cells `0..i` can hold exactly
/// blocks `0..j`; `suffix[j·w + i]`: cells `i..n` can hold exactly blocks `j..k` (w = n + 1).
struct LineTables<'a> {
    clue: &'a [Block],
    line: &'a [ColourSet],
    w: usize,
    /// `misfits[c·w + i]`: cells in `0..i` that cannot take colour `c` (a block test in O(1)).
    misfits: Vec<usize>,
    prefix: Vec<bool>,
    suffix: Vec<bool>,
}

impl<'a> LineTables<'a> {
    /// The tables, or the contradiction when the clue has no placement on the line.
    fn new(clue: &'a [Block], line: &'a [ColourSet]) -> Result<LineTables<'a>, Contradiction> {
        let n = line.len();
        let w = n + 1;
        let k = clue.len();
        if clue
            .iter()
            .any(|b| b.length == 0 || b.colour == 0 || b.colour >= ColourSet::CAPACITY)
        {
            return Err(Contradiction);
        }
        let colours = clue.iter().map(|b| b.colour + 1).max().unwrap_or(1);
        let mut misfits = vec![0usize; colours * w];
        for c in 0..colours {
            for i in 0..n {
                misfits[c * w + i + 1] = misfits[c * w + i] + usize::from(!line[i].contains(c));
            }
        }
        let mut tables = LineTables {
            clue,
            line,
            w,
            misfits,
            prefix: vec![false; (k + 1) * w],
            suffix: vec![false; (k + 1) * w],
        };
        tables.prefix[0] = true;
        for i in 1..=n {
            tables.prefix[i] = tables.prefix[i - 1] && tables.background(i - 1);
        }
        for j in 1..=k {
            let len = clue[j - 1].length;
            for i in 1..=n {
                let gap = tables.background(i - 1) && tables.prefix[j * w + i - 1];
                let ends_here =
                    i >= len && tables.fits(j - 1, i - len) && tables.left_ok(j - 1, i - len);
                tables.prefix[j * w + i] = gap || ends_here;
            }
        }
        if !tables.prefix[k * w + n] {
            return Err(Contradiction);
        }
        tables.suffix[k * w + n] = true;
        for i in (0..n).rev() {
            tables.suffix[k * w + i] = tables.suffix[k * w + i + 1] && tables.background(i);
        }
        for j in (0..k).rev() {
            for i in (0..n).rev() {
                let gap = tables.background(i) && tables.suffix[j * w + i + 1];
                let starts_here = tables.fits(j, i) && tables.right_ok(j, i + clue[j].length);
                tables.suffix[j * w + i] = gap || starts_here;
            }
        }
        Ok(tables)
    }

    fn n(&self) -> usize {
        self.line.len()
    }

    fn background(&self, i: usize) -> bool {
        self.line[i].contains(0)
    }

    /// Whether block `j` starting at `s` stays in the line on cells that allow its colour.
    fn fits(&self, j: usize, s: usize) -> bool {
        let (c, e) = (self.clue[j].colour, s + self.clue[j].length);
        e <= self.n() && self.misfits[c * self.w + e] == self.misfits[c * self.w + s]
    }

    /// Whether blocks `0..j` fit before block `j` starting at `s` (with a background cell
    /// between two blocks of one colour).
    fn left_ok(&self, j: usize, s: usize) -> bool {
        if j > 0 && self.clue[j - 1].colour == self.clue[j].colour {
            s >= 1 && self.background(s - 1) && self.prefix[j * self.w + s - 1]
        } else {
            self.prefix[j * self.w + s]
        }
    }

    /// Whether blocks `j+1..k` fit after block `j` ending just before cell `e`.
    fn right_ok(&self, j: usize, e: usize) -> bool {
        let next = (j + 1) * self.w;
        if j + 1 < self.clue.len() && self.clue[j + 1].colour == self.clue[j].colour {
            e < self.n() && self.background(e) && self.suffix[next + e + 1]
        } else {
            self.suffix[next + e]
        }
    }

    /// Whether block `j` can start at `s` in some placement of the whole clue.
    fn valid_start(&self, j: usize, s: usize) -> bool {
        self.fits(j, s) && self.left_ok(j, s) && self.right_ok(j, s + self.clue[j].length)
    }

    /// Every cell's colours over all placements.
    fn cells(&self) -> Result<Vec<ColourSet>, Contradiction> {
        let (n, w) = (self.n(), self.w);
        let colours = self.misfits.len() / w;
        // Per colour, a difference array of how many valid block placements cover each cell.
        let mut cover = vec![0i64; colours * w];
        for (j, block) in self.clue.iter().enumerate() {
            for s in 0..=n.saturating_sub(block.length) {
                if self.valid_start(j, s) {
                    cover[block.colour * w + s] += 1;
                    cover[block.colour * w + s + block.length] -= 1;
                }
            }
        }
        let mut running = vec![0i64; colours];
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let mut set = ColourSet::default();
            if self.background(i)
                && (0..=self.clue.len())
                    .any(|j| self.prefix[j * w + i] && self.suffix[j * w + i + 1])
            {
                set = set.with(0);
            }
            for (c, count) in running.iter_mut().enumerate().skip(1) {
                *count += cover[c * w + i];
                if *count > 0 {
                    set = set.with(c);
                }
            }
            if set.is_empty() {
                return Err(Contradiction);
            }
            out.push(set);
        }
        Ok(out)
    }
}

/// The complete colour line solver: for every cell, the colours it takes in at least one
/// placement of `clue` that agrees with the colour sets of `line`; a contradiction when there
/// is no such placement.
pub fn solve_colour_line(
    clue: &[Block],
    line: &[ColourSet],
) -> Result<Vec<ColourSet>, Contradiction> {
    LineTables::new(clue, line)?.cells()
}

/// Every start of every block in some placement of `clue` that agrees with `line`, per block in
/// increasing order; a contradiction when there is no placement.
pub fn colour_block_starts(
    clue: &[Block],
    line: &[ColourSet],
) -> Result<Vec<Vec<usize>>, Contradiction> {
    let tables = LineTables::new(clue, line)?;
    Ok(clue
        .iter()
        .enumerate()
        .map(|(j, b)| {
            (0..=line.len().saturating_sub(b.length))
                .filter(|&s| tables.valid_start(j, s))
                .collect()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn block(length: usize, colour: usize) -> Block {
        Block { length, colour }
    }

    /// Every colouring of a line of `n` cells that the clue describes, by trying every start
    /// of every block: the exponential oracle.
    fn all_placements(n: usize, clue: &[Block]) -> Vec<Vec<usize>> {
        fn place(
            n: usize,
            clue: &[Block],
            from: usize,
            line: &mut Vec<usize>,
            out: &mut Vec<Vec<usize>>,
        ) {
            let Some((first, rest)) = clue.split_first() else {
                out.push(line.clone());
                return;
            };
            for s in from..n {
                if s + first.length > n {
                    break;
                }
                line[s..s + first.length].fill(first.colour);
                let gap = usize::from(rest.first().is_some_and(|b| b.colour == first.colour));
                place(n, rest, s + first.length + gap, line, out);
                line[s..s + first.length].fill(0);
            }
        }
        let mut out = Vec::new();
        place(n, clue, 0, &mut vec![0; n], &mut out);
        out
    }

    /// The line solved by enumerating every placement and uniting the colours of those that
    /// agree with the sets.
    fn solve_by_placements(
        clue: &[Block],
        line: &[ColourSet],
    ) -> Result<Vec<ColourSet>, Contradiction> {
        let agreeing: Vec<Vec<usize>> = all_placements(line.len(), clue)
            .into_iter()
            .filter(|p| p.iter().zip(line).all(|(&c, set)| set.contains(c)))
            .collect();
        if agreeing.is_empty() {
            return Err(Contradiction);
        }
        Ok((0..line.len())
            .map(|i| {
                agreeing
                    .iter()
                    .fold(ColourSet::default(), |s, p| s.with(p[i]))
            })
            .collect())
    }

    fn starts_by_placements(clue: &[Block], line: &[ColourSet]) -> Vec<Vec<usize>> {
        let mut starts = vec![std::collections::BTreeSet::new(); clue.len()];
        for p in all_placements(line.len(), clue) {
            if !p.iter().zip(line).all(|(&c, set)| set.contains(c)) {
                continue;
            }
            // Blocks in order: a run starts where the colour changes to a non-background one.
            let runs = (0..p.len()).filter(|&i| p[i] != 0 && (i == 0 || p[i - 1] != p[i]));
            for (j, s) in runs.enumerate() {
                starts[j].insert(s);
            }
        }
        starts
            .into_iter()
            .map(|s| s.into_iter().collect())
            .collect()
    }

    #[test]
    fn the_oracle_counts_placements_of_touching_and_separated_blocks() {
        // `1r 1u` in 3 cells: r at 0 with u at 1 or 2, r at 1 with u at 2.
        assert_eq!(all_placements(3, &[block(1, 1), block(1, 2)]).len(), 3);
        // `1r 1r` in 3 cells needs the gap: one placement.
        assert_eq!(
            all_placements(3, &[block(1, 1), block(1, 1)]),
            vec![vec![1, 0, 1]]
        );
    }

    #[test]
    fn touching_colours_are_fixed_where_the_clue_fills_the_line() {
        let all = ColourSet::all(3);
        let out = solve_colour_line(&[block(2, 1), block(1, 2)], &[all; 3]).unwrap();
        assert_eq!(
            out,
            vec![ColourSet::only(1), ColourSet::only(1), ColourSet::only(2)]
        );
    }

    #[test]
    fn a_cell_without_colours_is_a_contradiction() {
        let all = ColourSet::all(2);
        let line = [all, ColourSet::default(), all];
        assert_eq!(solve_colour_line(&[block(1, 1)], &line), Err(Contradiction));
    }

    #[test]
    fn colours_past_the_capacity_are_never_contained() {
        assert!(!ColourSet::all(64).contains(64));
        assert_eq!(ColourSet::only(70), ColourSet::default());
        assert_eq!(ColourSet::all(70), ColourSet(u64::MAX));
        assert_eq!(ColourSet::only(5).single(), Some(5));
        assert_eq!(ColourSet::all(3).iter().collect::<Vec<_>>(), vec![0, 1, 2]);
    }

    /// A random clue of up to 4 blocks in up to 3 colours and a line of 1–9 cells with random
    /// colour sets (sometimes empty, so contradictions come up too).
    fn clue_and_sets() -> impl Strategy<Value = (Vec<Block>, Vec<ColourSet>)> {
        (
            prop::collection::vec((1usize..4, 1usize..4), 0..5),
            prop::collection::vec(0u64..32, 1..10),
        )
            .prop_map(|(blocks, masks)| {
                let clue = blocks.into_iter().map(|(l, c)| block(l, c)).collect();
                // Mostly unconstrained cells, so that clues still fit often.
                let sets = masks
                    .into_iter()
                    .map(|m| {
                        if m >= 8 {
                            ColourSet::all(4)
                        } else {
                            ColourSet(m * 3 % 16)
                        }
                    })
                    .collect();
                (clue, sets)
            })
    }

    /// A random colouring, its clue, and sets that contain the colouring's colours (so there is
    /// at least one placement).
    fn consistent_clue_and_sets() -> impl Strategy<Value = (Vec<Block>, Vec<ColourSet>)> {
        prop::collection::vec((0usize..4, 0u64..16), 1..10).prop_map(|cells| {
            let colours: Vec<usize> = cells.iter().map(|&(c, _)| c).collect();
            let sets = cells
                .iter()
                .map(|&(c, extra)| ColourSet(extra).with(c))
                .collect();
            (super::super::clue_of(&colours), sets)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn dp_solver_equals_placement_oracle((clue, line) in clue_and_sets()) {
            prop_assert_eq!(solve_colour_line(&clue, &line), solve_by_placements(&clue, &line));
        }

        #[test]
        fn dp_solver_equals_oracle_on_consistent_lines((clue, line) in consistent_clue_and_sets()) {
            let solved = solve_colour_line(&clue, &line);
            prop_assert!(solved.is_ok());
            prop_assert_eq!(solved, solve_by_placements(&clue, &line));
        }

        #[test]
        fn block_starts_equal_the_oracle((clue, line) in consistent_clue_and_sets()) {
            prop_assert_eq!(colour_block_starts(&clue, &line).unwrap(), starts_by_placements(&clue, &line));
        }
    }
}
