//! Solving one line: left-most packing (seed 001 "PackFront") and its mirror with the overlap
//! deductions, and a complete O(n·k) dynamic-programming line solver that finds every cell
//! forced by the clue and the known cells. The exponential pattern enumeration of seed 003
//! §3.2 is kept only as a test oracle.

/// The state of one cell while solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not decided yet.
    Unknown,
    /// Known to be filled.
    Filled,
    /// Known to be empty.
    Empty,
}

impl Cell {
    /// The cell as a character: `#` filled, `.` empty, `?` unknown.
    pub fn symbol(self) -> char {
        match self {
            Cell::Unknown => '?',
            Cell::Filled => '#',
            Cell::Empty => '.',
        }
    }
}

/// The known cells and clue of a line admit no arrangement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Left-most packing (seed 001 `PackFront`): the end position of every block placed as far
/// left as the known cells allow, or `None` when no placement exists.
///
/// Blocks are matched from the back of the current block: a known-empty cell inside it moves
/// the block past that cell, filled cells right after it extend it, and a filled cell left
/// uncovered between it and the previous block sends the search back to the previous block,
/// which must then cover that cell.
pub fn pack_front(clue: &[usize], line: &[Cell]) -> Option<Vec<usize>> {
    let n = line.len();
    let last_filled = line.iter().rposition(|&c| c == Cell::Filled);
    if clue.is_empty() {
        return last_filled.is_none().then(Vec::new);
    }
    if clue.contains(&0) {
        return None;
    }
    let k = clue.len();
    let mut ends = vec![0usize; k];
    let mut h = 0usize;
    loop {
        // The first candidate end of block h: packed against the previous block.
        let mut end = if h == 0 {
            clue[0] - 1
        } else {
            ends[h - 1] + 1 + clue[h]
        };
        // The last block must cover the last known-filled cell.
        if h == k - 1 {
            if let Some(lf) = last_filled {
                end = end.max(lf);
            }
        }
        'matching: loop {
            if end >= n {
                return None;
            }
            // Filled cells right after the block belong to it.
            while end + 1 < n && line[end + 1] == Cell::Filled {
                end += 1;
            }
            let start = end + 1 - clue[h];
            // A known-empty cell inside the block: restart just past the last one.
            for c in (start..=end).rev() {
                if line[c] == Cell::Empty {
                    end = c + clue[h];
                    continue 'matching;
                }
            }
            // A filled cell between the previous block and this one: the previous block must
            // move right to cover it.
            let gap_start = if h == 0 { 0 } else { ends[h - 1] + 1 };
            for c in (gap_start..start).rev() {
                if line[c] == Cell::Filled {
                    if h == 0 {
                        return None;
                    }
                    h -= 1;
                    end = c;
                    continue 'matching;
                }
            }
            ends[h] = end;
            break;
        }
        if h == k - 1 {
            return Some(ends);
        }
        h += 1;
    }
}

/// Right-most packing: the start position of every block placed as far right as the known
/// cells allow (the left-most packing of the reversed line), or `None` when there is none.
pub fn pack_back(clue: &[usize], line: &[Cell]) -> Option<Vec<usize>> {
    let n = line.len();
    let reversed_line: Vec<Cell> = line.iter().rev().copied().collect();
    let reversed_clue: Vec<usize> = clue.iter().rev().copied().collect();
    let ends = pack_front(&reversed_clue, &reversed_line)?;
    Some(ends.iter().rev().map(|&e| n - 1 - e).collect())
}

/// The range of start positions of every block: `(left-most start, right-most start)` from
/// the two packings, or `None` when the line has no arrangement.
pub fn start_bounds(clue: &[usize], line: &[Cell]) -> Option<Vec<(usize, usize)>> {
    let ends = pack_front(clue, line)?;
    let right_starts = pack_back(clue, line)?;
    Some(
        clue.iter()
            .zip(ends.iter().zip(&right_starts))
            .map(|(&len, (&end, &right))| (end + 1 - len, right))
            .collect(),
    )
}

/// The overlap deductions of the two packings: cells covered by block t in both packings are
/// filled, cells no block can reach (between the right-most end of block t and the left-most
/// start of block t+1, and outside all blocks) are empty. Sound but not complete.
pub fn overlap(clue: &[usize], line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    let bounds = start_bounds(clue, line).ok_or(Contradiction)?;
    let mut out = line.to_vec();
    let mut reachable = vec![false; line.len()];
    for (&len, &(left, right)) in clue.iter().zip(&bounds) {
        for cell in &mut reachable[left..right + len] {
            *cell = true;
        }
        for cell in out.iter_mut().take(left + len).skip(right) {
            *cell = merge(*cell, Cell::Filled)?;
        }
    }
    for (c, &reach) in reachable.iter().enumerate() {
        if !reach {
            out[c] = merge(out[c], Cell::Empty)?;
        }
    }
    Ok(out)
}

fn merge(known: Cell, deduced: Cell) -> Result<Cell, Contradiction> {
    match (known, deduced) {
        (Cell::Unknown, d) => Ok(d),
        (k, d) if k == d => Ok(k),
        _ => Err(Contradiction),
    }
}

/// The line solver's tables, kept between calls (one set per thread): line logic solves
/// hundreds of lines per puzzle, and allocating and freeing six tables at every call was a
/// third of a line-solvable 30×30's line logic (callgrind).
#[derive(Default)]
struct LineTables {
    /// `empties_before[i]`: known-empty cells in `0..i` (a block fits in O(1)).
    empties_before: Vec<usize>,
    /// `filled_before[i]`: known-filled cells in `0..i`.
    filled_before: Vec<usize>,
    /// `prefix[j * w + i]`: cells `0..i` hold exactly blocks `0..j`, all ending before `i`.
    prefix: Vec<bool>,
    /// `suffix[j * w + i]`: cells `i..n` hold exactly blocks `j..k`, all starting at or after `i`.
    suffix: Vec<bool>,
    /// +1 where a valid placement of some block starts, -1 where it ends.
    cover_delta: Vec<i64>,
    /// Whether a cell lies in a gap of some arrangement.
    can_empty: Vec<bool>,
    /// `head[j]`: cells needed by blocks `0..j`.
    head: Vec<usize>,
    /// `tail[j]`: cells needed by blocks `j..k`.
    tail: Vec<usize>,
}

impl LineTables {
    /// Empties the tables and sizes them for a clue of `k` blocks in a line of `n` cells.
    fn reset(&mut self, k: usize, n: usize) {
        let w = n + 1;
        for table in [&mut self.empties_before, &mut self.filled_before] {
            table.clear();
            table.resize(w, 0);
        }
        for table in [&mut self.prefix, &mut self.suffix] {
            table.clear();
            table.resize((k + 1) * w, false);
        }
        self.cover_delta.clear();
        self.cover_delta.resize(w, 0);
        self.can_empty.clear();
        self.can_empty.resize(n, false);
        for table in [&mut self.head, &mut self.tail] {
            table.clear();
            table.resize(k + 1, 0);
        }
    }
}

thread_local! {
    static LINE_TABLES: std::cell::RefCell<LineTables> = std::cell::RefCell::new(LineTables::default());
}

/// The complete line solver: every cell that takes the same value in all arrangements of the
/// clue consistent with the known cells is decided. O(n·k) time by dynamic programming over
/// (position, number of blocks placed) from both ends.
pub fn solve_line(clue: &[usize], line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    if clue.contains(&0) {
        return Err(Contradiction);
    }
    if !line.contains(&Cell::Unknown) {
        // A complete line only needs checking.
        let cells = line.iter().map(|&c| c == Cell::Filled);
        return if crate::puzzles::nonogram::clue_of(cells) == clue {
            Ok(line.to_vec())
        } else {
            Err(Contradiction)
        };
    }
    let min_length = crate::puzzles::nonogram::min_length(clue);
    if min_length > line.len() {
        return Err(Contradiction);
    }
    if !line.contains(&Cell::Filled) && !line.contains(&Cell::Empty) {
        return Ok(solve_open_line(clue, line.len(), min_length));
    }
    LINE_TABLES.with(|tables| match tables.try_borrow_mut() {
        Ok(mut tables) => solve_line_with(&mut tables, clue, line),
        // Only reachable by a re-entrant call; fresh tables keep it correct.
        Err(_) => solve_line_with(&mut LineTables::default(), clue, line),
    })
}

/// [`solve_line`] on a line with no known cell (every line at the start of line logic), in
/// closed form: with slack, every cell is covered by some arrangement and left empty by
/// another except the overlap of each block's left-most and right-most placements (filled);
/// without slack there is one arrangement; an empty clue makes every cell empty.
fn solve_open_line(clue: &[usize], n: usize, min_length: usize) -> Vec<Cell> {
    if clue.is_empty() {
        return vec![Cell::Empty; n];
    }
    let slack = n - min_length;
    // Without slack the one arrangement leaves every cell between blocks empty.
    let between = if slack == 0 { Cell::Empty } else { Cell::Unknown };
    let mut out = vec![between; n];
    let mut start = 0;
    for &len in clue {
        for cell in &mut out[start + slack..start + len.max(slack)] {
            *cell = Cell::Filled;
        }
        start += len + 1;
    }
    out
}

/// [`solve_line`]'s dynamic programme on a line with an unknown cell and a clue that fits
/// its length, in the given tables.
fn solve_line_with(
    tables: &mut LineTables,
    clue: &[usize],
    line: &[Cell],
) -> Result<Vec<Cell>, Contradiction> {
    let n = line.len();
    let k = clue.len();
    tables.reset(k, n);
    // Slices, not the tables' vectors: their lengths and addresses stay in registers (through
    // `&mut Vec` every store made the compiler reload them; the solver ran 20% slower).
    let empties_before = &mut tables.empties_before[..];
    let filled_before = &mut tables.filled_before[..];
    let prefix = &mut tables.prefix[..];
    let suffix = &mut tables.suffix[..];
    let cover_delta = &mut tables.cover_delta[..];
    let can_empty = &mut tables.can_empty[..];
    let head = &mut tables.head[..];
    let tail = &mut tables.tail[..];
    for i in 0..n {
        empties_before[i + 1] = empties_before[i] + usize::from(line[i] == Cell::Empty);
        filled_before[i + 1] = filled_before[i] + usize::from(line[i] == Cell::Filled);
    }
    let block_fits = |s: usize, e: usize| e <= n && empties_before[e] == empties_before[s];
    // head[j]: cells needed by blocks 0..j; tail[j]: cells needed by blocks j..k. Only the
    // window of positions where both sides fit is computed (O(k·slack) instead of O(k·n));
    // entries outside stay false and are only read where the other side is false anyway.
    for j in 1..=k {
        head[j] = head[j - 1] + clue[j - 1] + usize::from(j > 1);
    }
    for j in (0..k).rev() {
        tail[j] = tail[j + 1] + clue[j] + usize::from(j + 1 < k);
    }
    let w = n + 1;
    for i in 0..=n {
        prefix[i] = filled_before[i] == 0;
    }
    for j in 1..=k {
        let len = clue[j - 1];
        let last = if j < k { n - 1 - tail[j] } else { n };
        for i in head[j].max(1)..=last {
            let mut ok = line[i - 1] != Cell::Filled && prefix[j * w + i - 1];
            if !ok && i >= len && block_fits(i - len, i) {
                let s = i - len;
                ok = if s == 0 {
                    j == 1
                } else {
                    line[s - 1] != Cell::Filled && prefix[(j - 1) * w + s - 1]
                };
            }
            prefix[j * w + i] = ok;
        }
    }
    if !prefix[k * w + n] {
        return Err(Contradiction);
    }
    for i in 0..=n {
        suffix[k * w + i] = filled_before[n] == filled_before[i];
    }
    for j in (0..k).rev() {
        let len = clue[j];
        let first = if j == 0 { 0 } else { head[j] + 1 };
        for i in (first..=n - tail[j]).rev() {
            let mut ok = line[i] != Cell::Filled && suffix[j * w + i + 1];
            if !ok && block_fits(i, i + len) {
                let e = i + len;
                ok = if e == n {
                    j == k - 1
                } else {
                    line[e] != Cell::Filled && suffix[(j + 1) * w + e + 1]
                };
            }
            suffix[j * w + i] = ok;
        }
    }
    // Which cells can be filled (a valid placement of some block covers them) and which can
    // be empty (they lie in a gap of some arrangement).
    for j in 0..k {
        let len = clue[j];
        let first = if j == 0 { 0 } else { head[j] + 1 };
        for s in first..=n - tail[j] {
            let e = s + len;
            if !block_fits(s, e) {
                continue;
            }
            let left_ok = if s == 0 {
                j == 0
            } else {
                line[s - 1] != Cell::Filled && prefix[j * w + s - 1]
            };
            let right_ok = if e == n {
                j == k - 1
            } else {
                line[e] != Cell::Filled && suffix[(j + 1) * w + e + 1]
            };
            if left_ok && right_ok {
                cover_delta[s] += 1;
                cover_delta[e] -= 1;
            }
        }
    }
    // Cell c lies in the gap after j blocks when prefix[j][c] and suffix[j][c + 1]; both are
    // false unless head[j] ≤ c < n - tail[j], so only that window is scanned.
    for j in 0..=k {
        let (gap_prefix, gap_suffix) = (&prefix[j * w..], &suffix[j * w + 1..]);
        for c in head[j]..n - tail[j] {
            can_empty[c] |= gap_prefix[c] && gap_suffix[c];
        }
    }
    let mut out = Vec::with_capacity(n);
    let mut covered = 0i64;
    for c in 0..n {
        covered += cover_delta[c];
        let empty_possible = can_empty[c] && line[c] != Cell::Filled;
        out.push(match (covered > 0, empty_possible) {
            (true, true) => Cell::Unknown,
            (true, false) => Cell::Filled,
            (false, true) => Cell::Empty,
            (false, false) => return Err(Contradiction),
        });
    }
    Ok(out)
}

/// Every arrangement of a clue in a line of length `n` (seed 003 §3.2), as filled flags.
/// Exponential: a test oracle for short lines only.
pub fn all_patterns(n: usize, clue: &[usize]) -> Vec<Vec<bool>> {
    let Some((&first, rest)) = clue.split_first() else {
        return vec![vec![false; n]];
    };
    let rest_min = rest.iter().sum::<usize>() + rest.len();
    let mut result = Vec::new();
    if first + rest_min > n {
        return result;
    }
    for start in 0..=n - first - rest_min {
        let mut head = vec![false; start];
        head.extend(std::iter::repeat_n(true, first));
        if rest.is_empty() {
            head.resize(n, false);
            result.push(head);
            continue;
        }
        head.push(false);
        for tail in all_patterns(n - head.len(), rest) {
            let mut p = head.clone();
            p.extend(tail);
            result.push(p);
        }
    }
    result
}

/// The line solved by enumerating all patterns, filtering by the known cells and keeping
/// the cells on which all agree (seed 003 §3.2). Test oracle.
pub fn solve_line_by_patterns(clue: &[usize], line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
    let valid: Vec<Vec<bool>> = all_patterns(line.len(), clue)
        .into_iter()
        .filter(|p| {
            p.iter().zip(line).all(|(&f, &c)| match c {
                Cell::Unknown => true,
                Cell::Filled => f,
                Cell::Empty => !f,
            })
        })
        .collect();
    if valid.is_empty() {
        return Err(Contradiction);
    }
    Ok((0..line.len())
        .map(|i| {
            if valid.iter().all(|p| p[i]) {
                Cell::Filled
            } else if valid.iter().all(|p| !p[i]) {
                Cell::Empty
            } else {
                Cell::Unknown
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn cells(s: &str) -> Vec<Cell> {
        s.chars()
            .map(|c| match c {
                '#' => Cell::Filled,
                '.' => Cell::Empty,
                _ => Cell::Unknown,
            })
            .collect()
    }

    fn show(line: &[Cell]) -> String {
        line.iter().map(|c| c.symbol()).collect()
    }

    #[test]
    fn pack_front_packs_an_empty_line_to_the_left() {
        // Seed 001: hints 3 2 packed to the front end at 2 and 5.
        assert_eq!(pack_front(&[3, 2], &cells("????????")), Some(vec![2, 5]));
    }

    #[test]
    fn pack_front_jumps_past_a_known_empty_cell() {
        // Seed 001: a block of 3 ending at 4 hits the empty cell 4 and moves to 5..7.
        assert_eq!(pack_front(&[1, 3], &cells("????.?????")), Some(vec![0, 7]));
        assert_eq!(pack_front(&[3], &cells("??.???????")), Some(vec![5]));
    }

    #[test]
    fn pack_front_goes_back_for_an_uncovered_filled_cell() {
        // Seed 001's example: `.###?#.##?` — the filled cell 5 left between the blocks makes
        // the first block move to cover it: it ends at 5 (cells 3..5).
        let line = cells(".????#.???");
        assert_eq!(pack_front(&[3, 2], &line), Some(vec![5, 8]));
    }

    #[test]
    fn pack_front_detects_contradictions() {
        assert_eq!(pack_front(&[2], &cells("#.#")), None);
        assert_eq!(pack_front(&[], &cells("?#?")), None);
        assert_eq!(pack_front(&[4], &cells("???")), None);
    }

    #[test]
    fn overlap_of_a_long_block_fills_the_middle() {
        // Seed 003 §3.3: width 10, clue [7]: cells 3..7 are filled.
        assert_eq!(
            show(&overlap(&[7], &cells("??????????")).unwrap()),
            "???####???"
        );
    }

    #[test]
    fn overlap_marks_unreachable_cells_empty() {
        assert_eq!(show(&overlap(&[2], &cells("?#????")).unwrap()), "?#?...");
    }

    #[test]
    fn complete_solver_finds_what_overlap_misses() {
        // [1,1] in `?#??`: the second block can't touch the first, so cells 0 and 2 are empty
        // and only cell 3 is left: the line is `.#.#`.
        assert_eq!(show(&solve_line(&[1, 1], &cells("?#??")).unwrap()), ".#.#");
    }

    #[test]
    fn open_lines_match_the_pattern_oracle() {
        // Every clue of up to three blocks in lines of up to 9 cells with no known cell: the
        // closed form (overlap; no slack: one arrangement) against the enumeration.
        for n in 1..=9 {
            let open = vec![Cell::Unknown; n];
            for clue in (0..64usize).map(|code| -> Vec<usize> {
                let digits = [code % 4, code / 4 % 4, code / 16 % 4];
                digits.into_iter().take_while(|&d| d > 0).collect()
            }) {
                let expected = solve_line_by_patterns(&clue, &open);
                assert_eq!(solve_line(&clue, &open), expected, "{clue:?} in {n} cells");
            }
        }
    }

    #[test]
    fn pattern_enumeration_lists_the_seed_example() {
        // Seed 003 §3.2: width 5, clue [2, 1] has three patterns.
        assert_eq!(all_patterns(5, &[2, 1]).len(), 3);
    }

    fn clue_and_line() -> impl Strategy<Value = (Vec<usize>, Vec<Cell>)> {
        (1usize..=11).prop_flat_map(|n| {
            (
                proptest::collection::vec(1usize..=4, 0..=4),
                proptest::collection::vec(
                    prop_oneof![
                        4 => Just(Cell::Unknown),
                        1 => Just(Cell::Filled),
                        1 => Just(Cell::Empty)
                    ],
                    n,
                ),
            )
        })
    }

    /// A clue together with a line whose known cells come from a real arrangement, so that
    /// consistent lines (the interesting case) are frequent.
    fn consistent_clue_and_line() -> impl Strategy<Value = (Vec<usize>, Vec<Cell>)> {
        proptest::collection::vec(any::<bool>(), 1..=12).prop_flat_map(|pattern| {
            let clue = crate::puzzles::nonogram::clue_of(pattern.iter().copied());
            let n = pattern.len();
            proptest::collection::vec(0u8..3, n).prop_map(move |mask| {
                let line = pattern
                    .iter()
                    .zip(&mask)
                    .map(|(&f, &m)| match (m, f) {
                        (0, true) => Cell::Filled,
                        (0, false) => Cell::Empty,
                        _ => Cell::Unknown,
                    })
                    .collect();
                (clue.clone(), line)
            })
        })
    }

    fn leftmost_by_patterns(clue: &[usize], line: &[Cell]) -> Option<Vec<usize>> {
        // The left-most arrangement is the lexicographically smallest start vector.
        let mut best: Option<Vec<usize>> = None;
        for p in all_patterns(line.len(), clue) {
            let fits = p.iter().zip(line).all(|(&f, &c)| match c {
                Cell::Unknown => true,
                Cell::Filled => f,
                Cell::Empty => !f,
            });
            if !fits {
                continue;
            }
            let ends: Vec<usize> = (0..p.len())
                .filter(|&i| p[i] && (i + 1 == p.len() || !p[i + 1]))
                .collect();
            if best.as_ref().is_none_or(|b| ends < *b) {
                best = Some(ends);
            }
        }
        best
    }

    proptest! {
        #[test]
        fn dp_solver_equals_pattern_oracle((clue, line) in clue_and_line()) {
            prop_assert_eq!(solve_line(&clue, &line), solve_line_by_patterns(&clue, &line));
        }

        #[test]
        fn dp_solver_equals_oracle_on_consistent_lines((clue, line) in consistent_clue_and_line()) {
            prop_assert_eq!(solve_line(&clue, &line), solve_line_by_patterns(&clue, &line));
        }

        #[test]
        fn pack_front_is_the_leftmost_arrangement((clue, line) in clue_and_line()) {
            prop_assert_eq!(pack_front(&clue, &line), leftmost_by_patterns(&clue, &line));
        }

        #[test]
        fn pack_front_on_consistent_lines((clue, line) in consistent_clue_and_line()) {
            prop_assert_eq!(pack_front(&clue, &line), leftmost_by_patterns(&clue, &line));
        }

        #[test]
        fn pack_back_mirrors_pack_front((clue, line) in consistent_clue_and_line()) {
            let rev_line: Vec<Cell> = line.iter().rev().copied().collect();
            let rev_clue: Vec<usize> = clue.iter().rev().copied().collect();
            let starts = pack_back(&clue, &line).expect("consistent line packs");
            let rev_ends = pack_front(&rev_clue, &rev_line).expect("consistent line packs");
            let n = line.len();
            let mirrored: Vec<usize> = rev_ends.iter().rev().map(|&e| n - 1 - e).collect();
            prop_assert_eq!(starts, mirrored);
        }

        #[test]
        fn overlap_is_sound_and_weaker_than_the_oracle((clue, line) in clue_and_line()) {
            let exact = solve_line_by_patterns(&clue, &line);
            match overlap(&clue, &line) {
                Err(Contradiction) => prop_assert!(exact.is_err()),
                Ok(out) => {
                    if let Ok(exact) = exact {
                        for (o, e) in out.iter().zip(&exact) {
                            prop_assert!(*o == Cell::Unknown || o == e);
                        }
                    }
                }
            }
        }
    }
}
