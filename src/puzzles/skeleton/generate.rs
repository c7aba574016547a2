//! Generating skeleton puzzles: the reference generator's placement rules (`is_placeable`, seed
//! 000) and a local search that keeps only puzzles a uniqueness oracle (the solver) accepts.
//!
//! The search adds placeable words until none fits, then repeatedly drops words, keeps the
//! largest connected part and refills. It steers toward uniqueness: when the oracle finds a
//! second solution, the words of the slots that differ are the ones dropped next, and refills
//! prefer words that cross more and whose length is rare on the board.

use super::parse::{Diagram, Direction, ListedWord, Square};
use super::{Skeleton, Solution};
use crate::error::{Error, Result};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

/// Why a word can or cannot go at a position (the seed's judgements, in the order checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The word can be placed.
    Placeable,
    /// Rule 1: the cell just before or after it is filled (it would extend another word: FOOH).
    ExtendsNeighbour,
    /// Rule 2: it crosses no placed word (white cells would not stay connected).
    NoCrossing,
    /// Rule 3: a filled cell it covers holds a different letter.
    WrongCrossing,
    /// Rule 4: the word is already on the board.
    AlreadyUsed,
    /// Rule 5: a cell beside one of its new letters is filled (it would form IF, YU, …).
    TouchesSide,
    /// Rule 6: it lies entirely on placed letters or on a cell disabled by an earlier placement
    /// (US/USA: USA over US would hide US).
    HidesWord,
    /// Rule 7: it covers a masked cell.
    OnMask,
    /// It does not fit inside the board (not a seed rule: the seed's callers never ask).
    OutOfBoard,
}

/// A word at a position: direction, 0-based first cell, letters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Its direction.
    pub dir: Direction,
    /// Row of its first letter.
    pub row: usize,
    /// Column of its first letter.
    pub col: usize,
    /// The letters.
    pub word: Vec<char>,
}

impl Placement {
    /// The cell of its `i`-th letter.
    pub fn cell(&self, i: usize) -> (usize, usize) {
        let (dr, dc) = self.dir.step();
        (self.row + dr * i, self.col + dc * i)
    }
}

/// A partly filled board: letters, cells disabled by placements, the mask and the placed words.
#[derive(Clone, Debug)]
pub struct Board {
    /// Number of rows.
    pub height: usize,
    /// Number of columns.
    pub width: usize,
    cells: Vec<Option<char>>,
    enabled: Vec<bool>,
    masked: Vec<bool>,
    used: HashSet<Vec<char>>,
    /// The words on the board in placement order.
    pub placed: Vec<Placement>,
}

impl Board {
    /// An empty board; `masked` cells (row-major, if given) may take no letter.
    pub fn new(height: usize, width: usize, masked: Option<Vec<bool>>) -> Board {
        Board {
            height,
            width,
            cells: vec![None; height * width],
            enabled: vec![true; height * width],
            masked: masked.unwrap_or_else(|| vec![false; height * width]),
            used: HashSet::new(),
            placed: Vec::new(),
        }
    }

    /// The letter at a cell, if filled.
    pub fn letter(&self, r: usize, c: usize) -> Option<char> {
        self.cells[r * self.width + c]
    }

    fn filled(&self, r: usize, c: usize) -> bool {
        self.letter(r, c).is_some()
    }

    /// The seed's `is_placeable`: whether `word` may go at (`dir`, `row`, `col`), and if not,
    /// the first rule it breaks. The first word is always placeable (mask and board permitting).
    pub fn is_placeable(&self, dir: Direction, row: usize, col: usize, word: &[char]) -> Judgement {
        let n = word.len();
        let (dr, dc) = dir.step();
        let fits = match dir {
            Direction::Across => row < self.height && col + n <= self.width,
            Direction::Down => col < self.width && row + n <= self.height,
        };
        if !fits || n == 0 {
            return Judgement::OutOfBoard;
        }
        let cell = |i: usize| (row + dr * i, col + dc * i);
        if self.placed.is_empty() {
            if (0..n).any(|i| {
                let (r, c) = cell(i);
                self.masked[r * self.width + c]
            }) {
                return Judgement::OnMask;
            }
            return Judgement::Placeable;
        }
        // 1. the cells just before and just after
        let (before, after) = match dir {
            Direction::Across => (
                (col > 0).then(|| (row, col - 1)),
                (col + n < self.width).then_some((row, col + n)),
            ),
            Direction::Down => (
                (row > 0).then(|| (row - 1, col)),
                (row + n < self.height).then_some((row + n, col)),
            ),
        };
        if [before, after]
            .into_iter()
            .flatten()
            .any(|(r, c)| self.filled(r, c))
        {
            return Judgement::ExtendsNeighbour;
        }
        // 2. it must cross something
        let empties: Vec<bool> = (0..n)
            .map(|i| {
                let (r, c) = cell(i);
                !self.filled(r, c)
            })
            .collect();
        if empties.iter().all(|&e| e) {
            return Judgement::NoCrossing;
        }
        // 3. crossings agree
        for (i, &letter) in word.iter().enumerate() {
            let (r, c) = cell(i);
            if let Some(l) = self.letter(r, c) {
                if l != letter {
                    return Judgement::WrongCrossing;
                }
            }
        }
        // 4. once per word
        if self.used.contains(word) {
            return Judgement::AlreadyUsed;
        }
        // 5. new letters have empty sides
        for (i, &empty) in empties.iter().enumerate() {
            if !empty {
                continue;
            }
            let (r, c) = cell(i);
            let sides = match dir {
                Direction::Across => [
                    (r > 0).then(|| (r - 1, c)),
                    (r + 1 < self.height).then_some((r + 1, c)),
                ],
                Direction::Down => [
                    (c > 0).then(|| (r, c - 1)),
                    (c + 1 < self.width).then_some((r, c + 1)),
                ],
            };
            if sides
                .into_iter()
                .flatten()
                .any(|(sr, sc)| self.filled(sr, sc))
            {
                return Judgement::TouchesSide;
            }
        }
        // 6. US/USA: disabled cells, or nothing new
        if (0..n).any(|i| {
            let (r, c) = cell(i);
            !self.enabled[r * self.width + c]
        }) || empties.iter().all(|&e| !e)
        {
            return Judgement::HidesWord;
        }
        // 7. the mask
        if (0..n).any(|i| {
            let (r, c) = cell(i);
            self.masked[r * self.width + c]
        }) {
            return Judgement::OnMask;
        }
        Judgement::Placeable
    }

    /// Puts a word on the board (no checks) and disables the cells just before and after it.
    pub fn place(&mut self, p: Placement) {
        let n = p.word.len();
        for (i, &l) in p.word.iter().enumerate() {
            let (r, c) = p.cell(i);
            self.cells[r * self.width + c] = Some(l);
        }
        let (dr, dc) = p.dir.step();
        if p.row >= dr && p.col >= dc {
            let (r, c) = (p.row - dr, p.col - dc);
            self.enabled[r * self.width + c] = false;
        }
        let (r, c) = (p.row + dr * n, p.col + dc * n);
        if r < self.height && c < self.width {
            self.enabled[r * self.width + c] = false;
        }
        self.used.insert(p.word.clone());
        self.placed.push(p);
    }

    /// Number of cells where an across and a down word cross.
    pub fn crossing_count(&self) -> usize {
        let mut count = vec![0u8; self.cells.len()];
        for p in &self.placed {
            for i in 0..p.word.len() {
                let (r, c) = p.cell(i);
                count[r * self.width + c] += 1;
            }
        }
        count.iter().filter(|&&k| k >= 2).count()
    }

    /// A board holding only the given placements (in order), e.g. after dropping some.
    pub fn rebuilt(&self, keep: &[Placement]) -> Board {
        let mut b = Board::new(self.height, self.width, Some(self.masked.clone()));
        for p in keep {
            b.place(p.clone());
        }
        b
    }

    /// The largest set of placed words connected through shared cells.
    pub fn largest_connected_part(&self) -> Vec<Placement> {
        let n = self.placed.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        let mut owner: HashMap<(usize, usize), usize> = HashMap::new();
        for (k, p) in self.placed.iter().enumerate() {
            for i in 0..p.word.len() {
                if let Some(&o) = owner.get(&p.cell(i)) {
                    let (a, b) = (find(&mut parent, o), find(&mut parent, k));
                    parent[a] = b;
                } else {
                    owner.insert(p.cell(i), k);
                }
            }
        }
        let mut size = vec![0usize; n];
        for k in 0..n {
            let root = find(&mut parent, k);
            size[root] += 1;
        }
        let Some(best) = (0..n).max_by_key(|&k| (size[k], std::cmp::Reverse(k))) else {
            return Vec::new();
        };
        (0..n)
            .filter(|&k| find(&mut parent, k) == best)
            .map(|k| self.placed[k].clone())
            .collect()
    }

    /// The board as a puzzle (filled cells white, the rest black) with its answer grid.
    pub fn to_puzzle(&self, source: &str) -> Result<(Skeleton, Solution)> {
        let squares = self
            .cells
            .iter()
            .map(|l| {
                if l.is_some() {
                    Square::White
                } else {
                    Square::Black
                }
            })
            .collect();
        let diagram = Diagram {
            grid: crate::grid::Grid::new(self.height, self.width),
            squares,
            first_line: 1,
        };
        let words = self
            .placed
            .iter()
            .map(|p| ListedWord {
                text: p.word.iter().collect(),
                letters: p.word.clone(),
                source: source.to_string(),
                line: 0,
            })
            .collect();
        let puzzle = Skeleton::new(source, diagram, words)?;
        let letters = (0..self.height)
            .map(|r| (0..self.width).map(|c| self.letter(r, c)).collect())
            .collect();
        Ok((puzzle, Solution { letters }))
    }
}

/// A small deterministic random number generator (splitmix64), so `--seed N` reproduces.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// What the uniqueness oracle says about a candidate puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// Exactly one solution.
    Unique,
    /// More than one: the words (as placed) of the slots where two solutions differ.
    Multiple(Vec<Vec<char>>),
    /// The oracle could not decide (timeout).
    Unknown,
}

/// Settings of a generator run.
#[derive(Clone, Debug)]
pub struct GenerateOptions {
    /// Board rows.
    pub height: usize,
    /// Board columns.
    pub width: usize,
    /// Cells that may take no letter (row-major), if shaped.
    pub mask: Option<Vec<bool>>,
    /// Random seed.
    pub seed: u64,
    /// Time budget for the search.
    pub time: Duration,
    /// Stop early once a unique puzzle has at least this many words.
    pub target_words: Option<usize>,
}

/// A generated puzzle, proven unique by the oracle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Skeleton,
    /// Its only solution.
    pub answer: Solution,
    /// Local-search iterations done.
    pub iterations: usize,
    /// Oracle calls made.
    pub oracle_calls: usize,
}

/// The local search state's score: unique first, then words, then crossings.
fn score(board: &Board, check: &Check) -> (bool, usize, usize) {
    (
        *check == Check::Unique,
        board.placed.len(),
        board.crossing_count(),
    )
}

/// Searches for a unique puzzle made of words from `words`; `oracle` decides uniqueness.
/// Returns the best unique puzzle found in the time budget, or `None`.
pub fn generate(
    words: &[String],
    opts: &GenerateOptions,
    oracle: &mut dyn FnMut(&Skeleton) -> Result<Check>,
) -> Result<Option<Generated>> {
    let start = Instant::now();
    let mut dictionary: Vec<Vec<char>> = words
        .iter()
        .map(|w| w.chars().collect::<Vec<char>>())
        .filter(|w| w.len() >= 2 && w.len() <= opts.height.max(opts.width))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if dictionary.is_empty() {
        return Err(Error::Invalid(format!(
            "no word of 2 to {} letters in the word list",
            opts.height.max(opts.width)
        )));
    }
    let mut rng = Rng::new(opts.seed);
    // shuffle so that ties break differently per seed
    for i in (1..dictionary.len()).rev() {
        let j = rng.below(i + 1);
        dictionary.swap(i, j);
    }
    let index = LetterIndex::new(&dictionary);
    let empty = Board::new(opts.height, opts.width, opts.mask.clone());
    let mut current = empty.clone();
    seed_first_word(&mut current, &dictionary, &mut rng);
    if current.placed.is_empty() {
        return Err(Error::Invalid(
            "no word fits on the board (size or mask too small)".into(),
        ));
    }
    fill(&mut current, &dictionary, &index, &mut rng);
    let mut calls = 0;
    let mut check = evaluate(&current, oracle, &mut calls)?;
    let mut best: Option<(Board, (bool, usize, usize))> = None;
    let mut iterations = 0;
    loop {
        if check == Check::Unique {
            let s = score(&current, &check);
            if best.as_ref().is_none_or(|(_, bs)| s > *bs) {
                best = Some((current.clone(), s));
            }
        }
        if let (Some(target), Some((b, _))) = (opts.target_words, &best) {
            if b.placed.len() >= target {
                break;
            }
        }
        if start.elapsed() >= opts.time {
            break;
        }
        iterations += 1;
        // drop: the ambiguous words, else a few random ones
        let mut drop: HashSet<Vec<char>> = match &check {
            Check::Multiple(ambiguous) => {
                let mut d: HashSet<Vec<char>> = HashSet::new();
                for w in ambiguous {
                    if rng.below(3) > 0 {
                        d.insert(w.clone());
                    }
                }
                if d.is_empty() {
                    if let Some(w) = ambiguous.first() {
                        d.insert(w.clone());
                    }
                }
                d
            }
            _ => HashSet::new(),
        };
        let extra = 1 + rng.below(3);
        for _ in 0..extra {
            if !current.placed.is_empty() {
                let k = rng.below(current.placed.len());
                drop.insert(current.placed[k].word.clone());
            }
        }
        let keep: Vec<Placement> = current
            .placed
            .iter()
            .filter(|p| !drop.contains(&p.word))
            .cloned()
            .collect();
        let partial = current.rebuilt(&keep);
        let mut candidate = partial.rebuilt(&partial.largest_connected_part());
        if candidate.placed.is_empty() {
            seed_first_word(&mut candidate, &dictionary, &mut rng);
        }
        fill(&mut candidate, &dictionary, &index, &mut rng);
        let candidate_check = evaluate(&candidate, oracle, &mut calls)?;
        let (new, old) = (score(&candidate, &candidate_check), score(&current, &check));
        let accept = new >= old || (!old.0 && !new.0 && rng.below(4) == 0);
        if accept {
            current = candidate;
            check = candidate_check;
        }
    }
    match best {
        None => Ok(None),
        Some((board, _)) => {
            let (puzzle, answer) = board.to_puzzle("generated")?;
            Ok(Some(Generated {
                puzzle,
                answer,
                iterations,
                oracle_calls: calls,
            }))
        }
    }
}

/// Runs the oracle on a board's puzzle; a board whose slots do not read its words (should not
/// happen under the placement rules) counts as not unique.
fn evaluate(
    board: &Board,
    oracle: &mut dyn FnMut(&Skeleton) -> Result<Check>,
    calls: &mut usize,
) -> Result<Check> {
    let Ok((puzzle, answer)) = board.to_puzzle("generated") else {
        return Ok(Check::Unknown);
    };
    if puzzle.verify_solution(&answer).is_err() {
        return Ok(Check::Unknown);
    }
    *calls += 1;
    oracle(&puzzle)
}

/// Places a random long word somewhere near the centre of an empty board.
fn seed_first_word(board: &mut Board, dictionary: &[Vec<char>], rng: &mut Rng) {
    let longest = dictionary.iter().map(Vec::len).max().unwrap_or(0);
    for _ in 0..200 {
        let w = &dictionary[rng.below(dictionary.len())];
        if w.len() + 3 < longest.min(board.width) && rng.below(4) > 0 {
            continue;
        }
        let dir = if rng.below(2) == 0 {
            Direction::Across
        } else {
            Direction::Down
        };
        let (rows, cols) = match dir {
            Direction::Across => (board.height, board.width.saturating_sub(w.len()) + 1),
            Direction::Down => (board.height.saturating_sub(w.len()) + 1, board.width),
        };
        if rows == 0 || cols == 0 {
            continue;
        }
        let (row, col) = match dir {
            Direction::Across => (board.height / 2, rng.below(cols)),
            Direction::Down => (rng.below(rows), board.width / 2),
        };
        if board.is_placeable(dir, row, col, w) == Judgement::Placeable {
            board.place(Placement {
                dir,
                row,
                col,
                word: w.clone(),
            });
            return;
        }
    }
}

/// For each letter, the (word, position) pairs where it occurs.
struct LetterIndex(HashMap<char, Vec<(usize, usize)>>);

impl LetterIndex {
    fn new(dictionary: &[Vec<char>]) -> LetterIndex {
        let mut m: HashMap<char, Vec<(usize, usize)>> = HashMap::new();
        for (k, w) in dictionary.iter().enumerate() {
            for (i, &l) in w.iter().enumerate() {
                m.entry(l).or_default().push((k, i));
            }
        }
        LetterIndex(m)
    }
}

/// Adds placeable words until none fits, each time the best by: crossings made, a length rare
/// on the board, random jitter.
fn fill(board: &mut Board, dictionary: &[Vec<char>], index: &LetterIndex, rng: &mut Rng) {
    loop {
        let mut length_count: HashMap<usize, usize> = HashMap::new();
        for p in &board.placed {
            *length_count.entry(p.word.len()).or_default() += 1;
        }
        let mut best: Option<(u64, Placement)> = None;
        let mut seen: HashSet<(Direction, usize, usize, usize)> = HashSet::new();
        for r in 0..board.height {
            for c in 0..board.width {
                let Some(l) = board.letter(r, c) else {
                    continue;
                };
                let Some(entries) = index.0.get(&l) else {
                    continue;
                };
                for &(k, i) in entries {
                    let w = &dictionary[k];
                    for dir in [Direction::Across, Direction::Down] {
                        let (row, col) = match dir {
                            Direction::Across if c >= i => (r, c - i),
                            Direction::Down if r >= i => (r - i, c),
                            _ => continue,
                        };
                        if !seen.insert((dir, row, col, k)) {
                            continue;
                        }
                        if board.is_placeable(dir, row, col, w) != Judgement::Placeable {
                            continue;
                        }
                        let p = Placement {
                            dir,
                            row,
                            col,
                            word: w.clone(),
                        };
                        let crosses = (0..w.len())
                            .filter(|&j| {
                                let (rr, cc) = p.cell(j);
                                board.letter(rr, cc).is_some()
                            })
                            .count() as u64;
                        let same_length = *length_count.get(&w.len()).unwrap_or(&0) as u64;
                        let rarity = 8u64.saturating_sub(same_length.min(8));
                        let value =
                            crosses * 64 + rarity * 16 + w.len() as u64 * 4 + rng.next_u64() % 48;
                        if best.as_ref().is_none_or(|(b, _)| value > *b) {
                            best = Some((value, p));
                        }
                    }
                }
            }
        }
        match best {
            Some((_, p)) => board.place(p),
            None => return,
        }
    }
}

/// The words of the slots where two solutions of a puzzle differ (as placed in `a`).
pub fn ambiguous_words(puzzle: &Skeleton, a: &Solution, b: &Solution) -> Vec<Vec<char>> {
    puzzle
        .slots
        .iter()
        .filter_map(|s| {
            let g = &puzzle.diagram.grid;
            let (x, y) = (a.read(g, s)?, b.read(g, s)?);
            (x != y).then(|| x.chars().collect())
        })
        .collect()
}

/// A uniqueness oracle backed by the solver (`backend`, `formulation` as for `solve`): a second
/// solution names the words of the slots where the two differ.
pub fn solver_oracle(
    backend: &str,
    formulation: &str,
    timeout: Option<f64>,
) -> impl FnMut(&Skeleton) -> Result<Check> {
    let mut opts =
        crate::solve::SolveOptions::new(backend, formulation, crate::solve::Mode::Unique);
    opts.timeout = timeout;
    move |puzzle: &Skeleton| {
        let report = crate::solve::solve_puzzle(puzzle, &opts)?;
        Ok(match report.verdict {
            crate::solve::Verdict::Unique => Check::Unique,
            crate::solve::Verdict::Multiple if report.solutions.len() >= 2 => Check::Multiple(
                ambiguous_words(puzzle, &report.solutions[0], &report.solutions[1]),
            ),
            _ => Check::Unknown,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::{Across, Down};

    fn w(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    fn board_with(placements: &[(Direction, usize, usize, &str)]) -> Board {
        let mut b = Board::new(5, 5, None);
        for &(dir, row, col, word) in placements {
            b.place(Placement {
                dir,
                row,
                col,
                word: w(word),
            });
        }
        b
    }

    /// The seed's 5×5 board with HOGE across row 3 and FUGA down column 2.
    fn hoge_fuga() -> Board {
        board_with(&[(Across, 3, 0, "HOGE"), (Down, 1, 2, "FUGA")])
    }

    #[test]
    fn first_word_is_always_placeable() {
        let b = Board::new(5, 5, None);
        assert_eq!(b.is_placeable(Down, 0, 0, &w("FOO")), Judgement::Placeable);
    }

    #[test]
    fn rule1_foo_above_hoge_would_make_fooh() {
        let b = board_with(&[(Across, 3, 0, "HOGE")]);
        assert_eq!(
            b.is_placeable(Down, 0, 0, &w("FOO")),
            Judgement::ExtendsNeighbour
        );
    }

    #[test]
    fn rule2_foo_in_column_4_crosses_nothing() {
        assert_eq!(
            hoge_fuga().is_placeable(Down, 0, 4, &w("FOO")),
            Judgement::NoCrossing
        );
    }

    #[test]
    fn rule3_crossing_letter_must_agree() {
        // down column 1 through the O of HOGE, but with an X there
        assert_eq!(
            hoge_fuga().is_placeable(Down, 2, 1, &w("AXB")),
            Judgement::WrongCrossing
        );
    }

    #[test]
    fn rule4_a_word_is_used_once() {
        // a second HOGE down column 3, ending on the E of the first one: rules 1–3 pass
        assert_eq!(
            hoge_fuga().is_placeable(Down, 0, 3, &w("HOGE")),
            Judgement::AlreadyUsed
        );
    }

    #[test]
    fn rule5_piyo_beside_fuga_would_make_if_and_yu() {
        assert_eq!(
            hoge_fuga().is_placeable(Down, 0, 1, &w("PIYO")),
            Judgement::TouchesSide
        );
    }

    #[test]
    fn rule6_usa_over_us_would_hide_us() {
        let b = board_with(&[(Down, 0, 2, "FUGA"), (Across, 1, 2, "US")]);
        assert_eq!(
            b.is_placeable(Across, 1, 2, &w("USA")),
            Judgement::HidesWord
        );
        // lying entirely on placed letters is refused too (board built without the rules)
        let b = board_with(&[(Across, 0, 0, "AB"), (Across, 1, 0, "CD")]);
        assert_eq!(b.is_placeable(Down, 0, 0, &w("AC")), Judgement::HidesWord);
    }

    #[test]
    fn rule7_masked_cells_take_no_letter() {
        let mut mask = vec![false; 25];
        mask[3 * 5 + 4] = true;
        let mut b = Board::new(5, 5, Some(mask));
        b.place(Placement {
            dir: Down,
            row: 1,
            col: 2,
            word: w("FUGA"),
        });
        assert_eq!(b.is_placeable(Across, 3, 1, &w("OGEE")), Judgement::OnMask);
        assert_eq!(
            b.is_placeable(Across, 3, 0, &w("HOGE")),
            Judgement::Placeable
        );
    }

    #[test]
    fn words_off_the_board_are_refused_not_panicking() {
        assert_eq!(
            hoge_fuga().is_placeable(Across, 4, 3, &w("GAGA")),
            Judgement::OutOfBoard
        );
    }

    #[test]
    fn largest_connected_part_keeps_crossing_words() {
        let b = board_with(&[
            (Across, 3, 0, "HOGE"),
            (Down, 1, 2, "FUGA"),
            (Across, 0, 0, "XY"),
        ]);
        let part = b.largest_connected_part();
        assert_eq!(part.len(), 2);
        assert_eq!(b.crossing_count(), 1);
    }

    #[test]
    fn board_to_puzzle_reads_back_its_words() {
        let b = hoge_fuga();
        let (puzzle, answer) = b.to_puzzle("g").unwrap();
        assert_eq!(puzzle.slots.len(), 2);
        assert_eq!(puzzle.verify_solution(&answer), Ok(()));
    }

    #[test]
    fn generation_with_an_always_unique_oracle_yields_a_valid_board() {
        let words: Vec<String> = ["CAT", "TAC", "ACT", "TOAST", "STAT", "COAT", "OAT", "SCOT"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let opts = GenerateOptions {
            height: 6,
            width: 6,
            mask: None,
            seed: 7,
            time: Duration::from_millis(50),
            target_words: None,
        };
        let g = generate(&words, &opts, &mut |_| Ok(Check::Unique))
            .unwrap()
            .unwrap();
        assert!(g.puzzle.words.len() >= 2);
        assert_eq!(g.puzzle.verify_solution(&g.answer), Ok(()));
    }

    #[test]
    fn generated_boards_keep_off_the_mask() {
        let words: Vec<String> = ["CAT", "TAC", "ACT", "TOAST", "STAT", "COAT", "OAT", "SCOT"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // a plus-shaped board: the four 2×2 corners are masked
        let masked: Vec<bool> = (0..36)
            .map(|i| {
                let (r, c) = (i / 6, i % 6);
                !(2..=3).contains(&r) && !(2..=3).contains(&c)
            })
            .collect();
        for seed in 0..5 {
            let opts = GenerateOptions {
                height: 6,
                width: 6,
                mask: Some(masked.clone()),
                seed,
                time: Duration::ZERO,
                target_words: None,
            };
            let g = generate(&words, &opts, &mut |_| Ok(Check::Unique))
                .unwrap()
                .unwrap();
            for (i, &m) in masked.iter().enumerate() {
                if m {
                    assert_eq!(g.answer.letters[i / 6][i % 6], None, "seed {seed} cell {i}");
                }
            }
        }
    }
}
