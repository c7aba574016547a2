//! Star battle logic before any solver: the deductions a person makes, each sound on its own,
//! run to a fixpoint. A janko.at puzzle is made to be solved this way, so most of them end with
//! every cell decided (then there is exactly that one solution and no solver is needed); on the
//! rest the decided cells become unit facts of the model.
//!
//! The deductions: a star empties the cells around it; a line or room that has its K stars
//! empties its other cells, one whose open cells are exactly the stars it lacks fills them, and
//! one whose open cells cannot hold the stars it lacks apart is a contradiction (confinement
//! of bands: when k rooms lie within k consecutive rows (columns), the rows' other cells are
//! empty, and when k consecutive rows meet only k rooms, those rooms' cells elsewhere are
//! empty); then probing: each open cell is tried as a star, and one whose star leads to a
//! contradiction by these rules is empty. (Trying cells as empty too, and keeping what both
//! trials agree on, decided no more on 19 janko.at puzzles and cost more.)

use super::StarBattle;
use crate::grid::rooms::OUTSIDE;
use std::time::Instant;

/// What is known of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Not decided yet.
    Open,
    /// Holds a star.
    Star,
    /// Holds no star.
    Empty,
}

/// The rules broke: no solution holds the marks that led here.
#[derive(Debug)]
struct Contradiction;

/// Steps a search for K cells apart within one unit may take before it gives up and counts the
/// unit as able to take them (which claims nothing, so it stays sound).
const PLACING_STEPS: u32 = 2_000;

/// The puzzle's units (every row, column and room holds K stars; every two neighbouring rows
/// or columns hold 2K) and neighbourhoods, indexed once.
struct Rules {
    k: usize,
    width: usize,
    height: usize,
    /// The cells around each cell, diagonals included.
    around: Vec<Vec<usize>>,
    /// Rows, then columns (cells in order along them), then rooms (raster order), then bands
    /// of two neighbouring rows, then of two neighbouring columns (the cell pairs across the
    /// band, in order along it).
    units: Vec<Vec<usize>>,
    /// The units of each cell (a cell outside every room is in no room).
    units_of: Vec<Vec<usize>>,
    /// The index of the first room in `units`.
    first_room: usize,
    /// The index of the first band in `units`.
    first_band: usize,
}

impl Rules {
    fn new(p: &StarBattle) -> Rules {
        let g = p.grid;
        let mut units = g.rows();
        units.extend(g.columns());
        let first_room = units.len();
        units.extend(p.rooms.cells.iter().cloned());
        let first_band = units.len();
        let rows = (1..g.height).map(|r| g.cells().skip((r - 1) * g.width).take(g.width));
        units.extend(rows.map(|row| row.flat_map(|c| [c, c + g.width]).collect()));
        let columns = (1..g.width).map(|c| (0..g.height).map(move |r| r * g.width + c - 1));
        units.extend(columns.map(|col| col.flat_map(|c| [c, c + 1]).collect()));
        let mut units_of = vec![Vec::with_capacity(7); g.len()];
        for (u, cells) in units.iter().enumerate() {
            for &c in cells {
                units_of[c].push(u);
            }
        }
        Rules {
            k: p.stars as usize,
            width: g.width,
            height: g.height,
            around: g.cells().map(|c| g.neighbours8(c).collect()).collect(),
            units,
            units_of,
            first_room,
            first_band,
        }
    }
    /// The stars unit `u` holds.
    fn stars_of(&self, u: usize) -> usize {
        match u >= self.first_band {
            true => 2 * self.k,
            false => self.k,
        }
    }
    /// Whether two distinct cells touch (diagonals included).
    fn touch(&self, a: usize, b: usize) -> bool {
        let (ra, ca) = (a / self.width, a % self.width);
        let (rb, cb) = (b / self.width, b % self.width);
        ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
    }
    /// Whether `need` cells of `cells` (raster order) can be chosen with no two touching.
    fn apart(&self, cells: &[usize], need: usize) -> bool {
        let mut chosen = Vec::with_capacity(need);
        let mut steps = PLACING_STEPS;
        self.choose(cells, need, &mut chosen, 0, &mut steps)
    }
    fn choose(
        &self,
        cells: &[usize],
        need: usize,
        chosen: &mut Vec<usize>,
        from: usize,
        steps: &mut u32,
    ) -> bool {
        if chosen.len() == need {
            return true;
        }
        for i in from..cells.len() {
            if cells.len() - i < need - chosen.len() {
                return false;
            }
            if *steps == 0 {
                return true;
            }
            *steps -= 1;
            let c = cells[i];
            if chosen.iter().all(|&d| !self.touch(c, d)) {
                chosen.push(c);
                if self.choose(cells, need, chosen, i + 1, steps) {
                    return true;
                }
                chosen.pop();
            }
        }
        false
    }
}

/// The marks, with each unit's count of stars and of open cells, and the units to look at again.
#[derive(Clone)]
struct Board {
    marks: Vec<Mark>,
    stars: Vec<usize>,
    open: Vec<usize>,
    pending: Vec<usize>,
    queued: Vec<bool>,
    /// Room for a list of cells while settling, kept to spare allocations.
    scratch: Vec<usize>,
    /// Room for the rooms' spans while confining.
    spans: Vec<(usize, usize)>,
    /// Room for the counts of rooms by band while confining.
    table: Vec<usize>,
}

impl Board {
    fn new(rules: &Rules, p: &StarBattle) -> Board {
        let units = rules.units.len();
        let mut board = Board {
            marks: vec![Mark::Open; rules.around.len()],
            stars: vec![0; units],
            open: rules.units.iter().map(Vec::len).collect(),
            pending: (0..units).rev().collect(),
            queued: vec![true; units],
            scratch: Vec::new(),
            spans: Vec::new(),
            table: Vec::new(),
        };
        for c in p.rooms.room_of.iter().enumerate().filter(|(_, &r)| r == OUTSIDE) {
            board.set(rules, c.0, Mark::Empty);
        }
        board
    }
    fn is_solved(&self) -> bool {
        !self.marks.contains(&Mark::Open)
    }
    /// Marks an open cell and queues its units.
    fn set(&mut self, rules: &Rules, c: usize, mark: Mark) {
        self.marks[c] = mark;
        for &u in &rules.units_of[c] {
            self.open[u] -= 1;
            if mark == Mark::Star {
                self.stars[u] += 1;
            }
            if !self.queued[u] {
                self.queued[u] = true;
                self.pending.push(u);
            }
        }
    }
    fn empty(&mut self, rules: &Rules, c: usize) -> Result<bool, Contradiction> {
        match self.marks[c] {
            Mark::Open => self.set(rules, c, Mark::Empty),
            Mark::Empty => return Ok(false),
            Mark::Star => return Err(Contradiction),
        }
        Ok(true)
    }
    fn star(&mut self, rules: &Rules, c: usize) -> Result<bool, Contradiction> {
        match self.marks[c] {
            Mark::Open => self.set(rules, c, Mark::Star),
            Mark::Star => return Ok(false),
            Mark::Empty => return Err(Contradiction),
        }
        for &d in &rules.around[c] {
            self.empty(rules, d)?;
        }
        Ok(true)
    }
    /// Applies the unit rules until no queued unit is left.
    fn settle(&mut self, rules: &Rules) -> Result<(), Contradiction> {
        while let Some(u) = self.pending.pop() {
            self.queued[u] = false;
            let (stars, open, k) = (self.stars[u], self.open[u], rules.stars_of(u));
            if stars > k || stars + open < k {
                return Err(Contradiction);
            }
            if open == 0 {
                continue;
            }
            let need = k - stars;
            if need == 0 {
                for &c in &rules.units[u] {
                    if self.marks[c] == Mark::Open {
                        self.empty(rules, c)?;
                    }
                }
            } else if u < rules.first_room {
                self.settle_line(rules, u, need)?;
            } else if u >= rules.first_band {
                self.settle_band(rules, u)?;
            } else {
                let mut cells = std::mem::take(&mut self.scratch);
                cells.clear();
                let marks = &self.marks;
                cells.extend(rules.units[u].iter().filter(|&&c| marks[c] == Mark::Open));
                let settled = match rules.apart(&cells, need) {
                    false => Err(Contradiction),
                    true if open == need => {
                        cells.iter().try_for_each(|&c| self.star(rules, c).map(drop))
                    }
                    true => Ok(()),
                };
                self.scratch = cells;
                settled?;
            }
        }
        Ok(())
    }
    /// A row or column lacking `need` stars: a run of L open cells takes at most ⌈L/2⌉ of
    /// them (its other cells are empty or touch a star); when the runs take exactly `need`,
    /// a run of odd length has its stars on every other cell from its first.
    fn settle_line(&mut self, rules: &Rules, u: usize, need: usize) -> Result<(), Contradiction> {
        let line = &rules.units[u];
        let open = |marks: &[Mark], i: usize| marks[line[i]] == Mark::Open;
        let most = runs_most(line.len(), |i| open(&self.marks, i));
        if most < need {
            return Err(Contradiction);
        }
        if most == need {
            let mut stars = std::mem::take(&mut self.scratch);
            stars.clear();
            runs_forced(line.len(), |i| open(&self.marks, i), |i| stars.push(line[i]));
            let placed = stars.iter().try_for_each(|&c| self.star(rules, c).map(drop));
            self.scratch = stars;
            placed?;
        }
        Ok(())
    }
    /// Two neighbouring rows (columns) hold 2K stars, at most one per position across them
    /// and none at two neighbouring positions: a run of L positions with a cell that may hold
    /// a star takes at most ⌈L/2⌉; when the runs take exactly 2K, every other position of
    /// an odd run, from its first, holds a star (in its one cell that may, if only one may).
    fn settle_band(&mut self, rules: &Rules, u: usize) -> Result<(), Contradiction> {
        let band = &rules.units[u];
        let live = |marks: &[Mark], i: usize| {
            (marks[band[2 * i]] != Mark::Empty, marks[band[2 * i + 1]] != Mark::Empty)
        };
        let kept = |marks: &[Mark], i: usize| live(marks, i) != (false, false);
        let most = runs_most(band.len() / 2, |i| kept(&self.marks, i));
        if most < 2 * rules.k {
            return Err(Contradiction);
        }
        if most == 2 * rules.k {
            let mut stars = std::mem::take(&mut self.scratch);
            stars.clear();
            let marks = &self.marks;
            runs_forced(band.len() / 2, |i| kept(marks, i), |i| match live(marks, i) {
                (true, false) => stars.push(band[2 * i]),
                (false, true) => stars.push(band[2 * i + 1]),
                _ => {}
            });
            let placed = stars.iter().try_for_each(|&c| self.star(rules, c).map(drop));
            self.scratch = stars;
            placed?;
        }
        Ok(())
    }
    /// Confinement of bands of consecutive rows (`rows`) or columns: see the module's comment.
    fn confine(&mut self, rules: &Rules, rows: bool) -> Result<bool, Contradiction> {
        let n = if rows { rules.height } else { rules.width };
        let line_of = |c: usize| match rows {
            true => c / rules.width,
            false => c % rules.width,
        };
        // Each room's first and last line holding a cell that may still take a star.
        let mut spans = std::mem::take(&mut self.spans);
        spans.clear();
        spans.extend(rules.units[rules.first_room..rules.first_band].iter().map(|cells| {
            let live = cells.iter().filter(|&&c| self.marks[c] != Mark::Empty);
            live.fold((usize::MAX, 0), |(lo, hi), &c| {
                (lo.min(line_of(c)), hi.max(line_of(c)))
            })
        }));
        let confined = self.confine_spans(rules, &spans, n, line_of);
        self.spans = spans;
        confined
    }
    /// [`Board::confine`] given each room's span of lines.
    fn confine_spans(
        &mut self,
        rules: &Rules,
        spans: &[(usize, usize)],
        n: usize,
        line_of: impl Fn(usize) -> usize,
    ) -> Result<bool, Contradiction> {
        if spans.iter().any(|&(lo, _)| lo == usize::MAX) {
            return Err(Contradiction);
        }
        // within[a * n + b]: the rooms lying within lines a..=b; ending[x] (starting[x]): the
        // rooms whose last (first) line is x, to count the rooms meeting a band. One table
        // kept on the board: a probe confines twice per trial.
        let mut table = std::mem::take(&mut self.table);
        table.clear();
        table.resize(n * n + 2 * n, 0);
        let (within, rest) = table.split_at_mut(n * n);
        let (ending, starting) = rest.split_at_mut(n);
        for &(lo, hi) in spans {
            within[lo * n + hi] += 1;
            ending[hi] += 1;
            starting[lo] += 1;
        }
        for a in (0..n).rev() {
            for b in 0..n {
                let below = if a + 1 < n { within[(a + 1) * n + b] } else { 0 };
                let left = if b > 0 { within[a * n + b - 1] } else { 0 };
                let both = if a + 1 < n && b > 0 { within[(a + 1) * n + b - 1] } else { 0 };
                within[a * n + b] += below + left - both;
            }
        }
        let confined = self.confine_bands(rules, spans, n, line_of, within, ending, starting);
        self.table = table;
        confined
    }
    /// [`Board::confine_spans`] given the counts of rooms within and meeting each band.
    #[allow(clippy::too_many_arguments)]
    fn confine_bands(
        &mut self,
        rules: &Rules,
        spans: &[(usize, usize)],
        n: usize,
        line_of: impl Fn(usize) -> usize,
        within: &[usize],
        ending: &[usize],
        starting: &[usize],
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        let mut ended_before = 0; // rooms whose last line is before a
        for a in 0..n {
            let mut starting_after: usize = starting[a + 1..].iter().sum();
            for b in a..n {
                let len = b - a + 1;
                if b > a {
                    starting_after -= starting[b];
                }
                if len == n {
                    continue; // every room meets the whole grid: nothing to learn
                }
                let inside = |&(lo, hi): &(usize, usize)| lo >= a && hi <= b;
                let meets = |&(lo, hi): &(usize, usize)| lo <= b && hi >= a;
                let within = within[a * n + b];
                let meeting = spans.len() - ended_before - starting_after;
                if within > len || meeting < len {
                    return Err(Contradiction);
                }
                // Nothing to empty unless the band's rooms decide it and some room crosses it.
                if (within < len && meeting > len) || within == meeting {
                    continue;
                }
                let crossing = |(_, s): &(usize, &(usize, usize))| meets(s) && !inside(s);
                for (room, span) in spans.iter().enumerate().filter(crossing) {
                    let cells = &rules.units[rules.first_room + room];
                    for &c in cells {
                        let in_band = (a..=b).contains(&line_of(c));
                        // k rooms within the band fill its lines: other rooms' cells there are
                        // empty; k rooms meeting the band fill it: their cells elsewhere are.
                        let emptied = match in_band {
                            true => within == len && !inside(span),
                            false => meeting == len && meets(span),
                        };
                        if emptied {
                            changed |= self.empty(rules, c)?;
                        }
                    }
                }
            }
            ended_before += ending[a];
        }
        Ok(changed)
    }
    /// This board made equal to `other`, reusing its allocations.
    fn copy_from(&mut self, other: &Board) {
        self.marks.clone_from(&other.marks);
        self.stars.clone_from(&other.stars);
        self.open.clone_from(&other.open);
        self.pending.clone_from(&other.pending);
        self.queued.clone_from(&other.queued);
    }
    /// One round of probing over the open cells: a cell whose star leads to a contradiction
    /// is empty. Whether it decided any.
    fn probe(&mut self, rules: &Rules, deadline: Option<Instant>) -> Result<bool, Contradiction> {
        let mut changed = false;
        let mut trial = self.clone();
        for c in 0..self.marks.len() {
            if self.marks[c] != Mark::Open {
                continue;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break; // what is decided so far holds
            }
            trial.copy_from(self);
            if trial.star_holds(rules, c).is_err() {
                self.empty(rules, c)?;
                self.settle(rules)?;
                changed = true;
            }
        }
        Ok(changed)
    }
    /// Puts a star on `c` and follows the unit rules and one round of confinement.
    fn star_holds(&mut self, rules: &Rules, c: usize) -> Result<(), Contradiction> {
        self.star(rules, c)?;
        self.settle(rules)?;
        // Most stars that fail, fail here or just after.
        if self.confine(rules, true)? | self.confine(rules, false)? {
            self.settle(rules)?;
        }
        Ok(())
    }
}

/// The most stars the maximal runs of consecutive `kept` positions of `0..n` can take, none
/// at two neighbouring positions (⌈L/2⌉ for a run of L); with `tight`, calls `forced` for each
/// position that holds a star in every such placement when that most is `tight`.
fn runs_most(n: usize, kept: impl Fn(usize) -> bool) -> usize {
    let (mut most, mut run) = (0usize, 0usize);
    for i in 0..n {
        match kept(i) {
            true => run += 1,
            false => {
                most += run.div_ceil(2);
                run = 0;
            }
        }
    }
    most + run.div_ceil(2)
}

/// The positions of `0..n` that hold a star in every placement of the most stars the runs of
/// `kept` positions can take: every other position of an odd run, from its first.
fn runs_forced(n: usize, kept: impl Fn(usize) -> bool, mut forced: impl FnMut(usize)) {
    let mut start = 0;
    for i in 0..=n {
        if i < n && kept(i) {
            continue;
        }
        if (i - start) % 2 == 1 {
            (start..i).step_by(2).for_each(&mut forced);
        }
        start = i + 1;
    }
}

/// Every cell's mark after the deductions, or `None` when they reach a contradiction (the
/// puzzle has no solution). Probing stops at `deadline`.
pub fn deduce(p: &StarBattle, deadline: Option<Instant>) -> Option<Vec<Mark>> {
    let rules = Rules::new(p);
    let mut board = Board::new(&rules, p);
    let run = |board: &mut Board| -> Result<(), Contradiction> {
        board.settle(&rules)?;
        while !board.is_solved() {
            let confined = board.confine(&rules, true)? | board.confine(&rules, false)?;
            board.settle(&rules)?;
            if !confined && !board.probe(&rules, deadline)? {
                break;
            }
        }
        Ok(())
    };
    run(&mut board).ok().map(|_| board.marks)
}
