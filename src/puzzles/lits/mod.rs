//! LITS: shade one tetromino (L, I, T or S, turned or mirrored) in every room so that (1) each
//! room's shaded cells are one such piece, (2) two equal pieces never share an edge across a
//! room border, (3) all shaded cells are connected and (4) no 2×2 block is fully shaded;
//! cells outside every room (janko.at's `@`) stay unshaded. Read top-down: the puzzle, its
//! rules (`check`), the formulations (`formulate.rs`), the inputs (`inputs.rs`).

pub mod formulate;
#[cfg(test)]
mod inputs;

use crate::error::Result;
use crate::graph::components;
use crate::grid::polyomino::{free_tetrominoes, identify, placements_within, Placement, Polyomino};
use crate::grid::text::GridText;
use crate::grid::{Cell, Grid, Rooms};
use crate::model::connectivity::ConnectivityEncoding;
use crate::puzzles::{Formulated, Formulation, FormulationKey, Puzzle};
use crate::render::{piece_colour, Sketch};
use crate::url::format::{Format, RoomWalls};

/// A LITS instance: a grid cut into rooms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lits {
    /// The grid.
    pub grid: Grid,
    /// The rooms; cells outside every room stay unshaded.
    pub rooms: Rooms,
}

/// A solution: the letter of the piece on each cell, `None` where the cell is unshaded.
pub type Pieces = Vec<Option<char>>;

/// The four LITS pieces: the free tetrominoes without the square.
pub fn lits_pieces() -> Vec<Polyomino> {
    free_tetrominoes()
        .into_iter()
        .filter(|p| p.letter != 'O')
        .collect()
}

impl Lits {
    /// A room's name in messages: its first cell.
    pub fn room_name(&self, room: usize) -> String {
        format!("the room at {}", self.grid.name(self.rooms.cells[room][0]))
    }

    /// Every placement of every LITS piece inside each room.
    pub fn room_placements(&self) -> Vec<Vec<Placement>> {
        let (pieces, room_of) = (lits_pieces(), &self.rooms.room_of);
        let inside = |r: usize| move |c: Cell| room_of[c] == r;
        let per_room = (self.rooms.cells.iter().enumerate())
            .map(|(r, cells)| placements_within(&self.grid, &pieces, cells, inside(r)));
        per_room.collect()
    }
}

impl Puzzle for Lits {
    type Solution = Pieces;
    const GENRE: &'static str = "lits";
    const RULES: &'static str =
        "shade one L, I, T or S per room: equal pieces never touch, all connected, no 2x2";
    const URL: Option<Format<Self>> = Some(Format::new(
        &["lits"],
        |p| &mut p.grid,
        // pzprjs's old URLs (flag `d`) give a room letter per cell instead of walls.
        |p, body| {
            let labels = body.flag('d');
            body.piece(RoomWalls { labels }, p.grid, &mut p.rooms)
        },
    ));
    fn keys() -> Vec<FormulationKey> {
        let doc = "how rule 3 (shaded cells connected) is encoded";
        vec![FormulationKey::of::<ConnectivityEncoding>(
            "connectivity",
            doc,
            "lazy",
        )]
    }
    fn read_text(source: &str, text: &str) -> Result<Self> {
        let t = GridText::parse_rooms_only(source, text)?;
        if let Some(extra) = t.extras.first() {
            return Err(t.error(extra, "a LITS header is `H W`, nothing more"));
        }
        let rooms = t.rooms_outside(&["@"])?;
        Ok(Lits {
            grid: t.grid,
            rooms,
        })
    }
    fn formulate(&self, formulation: &Formulation) -> Result<Formulated<Pieces>> {
        formulate::formulate(self, formulation)
    }
    fn rows(&self, solution: &Pieces) -> Vec<String> {
        self.grid.char_rows(|c| solution[c].unwrap_or('.'))
    }
    fn answer_text(&self, solution: &Pieces) -> Option<String> {
        Some(self.grid.answer_text("", |c| solution[c].unwrap_or('-')))
    }
    fn sketch(&self, solution: Option<&Pieces>) -> Sketch {
        let mut sketch = Sketch::of(self.grid).with_rooms(&self.rooms);
        // Each piece in its Tetris colour, so equal pieces are seen at a glance.
        for (content, letter) in sketch.answer.iter_mut().zip(solution.into_iter().flatten()) {
            content.fill = letter.and_then(piece_colour);
        }
        sketch
    }
    fn precheck(&self) -> Option<String> {
        let empty = self.room_placements().iter().position(|p| p.is_empty())?;
        let room = self.room_name(empty);
        Some(format!("{room} has no space for an L, I, T or S"))
    }

    /// Checks a solution against the four rules, then that each shaded cell carries its
    /// piece's letter; the error says which rule and where.
    fn verify(&self, pieces: &Self::Solution) -> std::result::Result<(), String> {
        let (g, shapes, room_of) = (self.grid, lits_pieces(), &self.rooms.room_of);
        g.check_answer_len(pieces)?;
        let on = |c: Cell| pieces[c].is_some();
        self.rooms.check_outside_empty(g, "is shaded", on)?;
        let mut letter = Vec::new(); // of each room's piece
        for (r, cells) in self.rooms.cells.iter().enumerate() {
            let shaded = cells.iter().filter(|&&c| on(c));
            let shaded: Vec<(usize, usize)> = shaded.map(|&c| g.rc(c)).collect();
            let Some(piece) = identify(&shapes, &shaded) else {
                let (room, n) = (self.room_name(r), shaded.len());
                let why = format!("rule 1: {room}'s {n} shaded cells are no L, I, T or S");
                return Err(why);
            };
            letter.push(piece.letter);
        }
        let across = |&(a, b): &(Cell, Cell)| room_of[a] != room_of[b];
        let both = |&(a, b): &(Cell, Cell)| on(a) && on(b);
        let same = |&(a, b): &(Cell, Cell)| letter[room_of[a]] == letter[room_of[b]];
        let edges = g.edges().into_iter().filter(across).filter(both);
        if let Some((a, b)) = edges.into_iter().find(same) {
            let (x, y, l) = (g.name(a), g.name(b), letter[room_of[a]]);
            return Err(format!("rule 2: two {l} pieces touch at {x} and {y}"));
        }
        let parts = components(&g.adjacency(), on);
        if let [first, second, ..] = &parts[..] {
            let (a, b) = (g.name(first[0]), g.name(second[0]));
            return Err(format!("rule 3: shaded {a} and {b} are not connected"));
        }
        if let Some(c) = g.full_2x2(on) {
            return Err(format!("rule 4: the 2×2 block at {} is shaded", g.name(c)));
        }
        let wrong = |&c: &Cell| pieces[c].is_some_and(|l| l != letter[room_of[c]]);
        let Some(c) = g.cells().find(wrong) else {
            return Ok(());
        };
        let (at, mark) = (g.name(c), pieces[c]);
        Err(format!("{at} is marked {mark:?}, its piece is not"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::Rng;
    use crate::solve::{solve_puzzle, Mode, SolveOptions};

    fn lits(rooms: &str) -> Lits {
        Lits::read_text("t", rooms).unwrap()
    }

    fn pieces(rows: &[&str]) -> Pieces {
        let cells = rows.iter().flat_map(|r| r.chars());
        cells.map(|ch| (ch != '.').then_some(ch)).collect()
    }

    /// Marks each shaded cell with the letter of its room's shaded cells (`?` if none).
    fn marked(p: &Lits, shaded: &[bool]) -> Pieces {
        let shapes = lits_pieces();
        let letter = |cells: &Vec<Cell>| {
            let rcs: Vec<_> = cells
                .iter()
                .filter(|&&c| shaded[c])
                .map(|&c| p.grid.rc(c))
                .collect();
            identify(&shapes, &rcs).map_or('?', |s| s.letter)
        };
        let letters: Vec<char> = p.rooms.cells.iter().map(letter).collect();
        let mark = |c: Cell| shaded[c].then(|| letters[p.rooms.room_of[c]]);
        p.grid.cells().map(mark).collect()
    }

    const PZPRJS_ROOMS: &str = "0 0 1 1\n0 0 1 2\n0 1 1 2\n2 2 2 2\n";

    #[test]
    fn pzprjs_failcheck_boards_are_rejected_and_its_answer_accepted() {
        // test/script/lits.js: boards failing cs2x2, bkShadeGt4, bkShadeDivide, bsSameShape,
        // csDivide, bkNoShade, bkShadeLt4 (our rule order reports rule 1 first for most).
        let p = lits(PZPRJS_ROOMS);
        for board in [
            ["##..", "##..", "....", "...."],
            ["..##", "..#.", ".##.", "...."],
            ["..##", "....", ".###", "...."],
            ["####", "#.#.", "#.#.", "...."],
            ["#.##", "#.#.", "#.#.", "...."],
            ["#.##", "###.", "#.#.", "...."],
            ["#.##", "###.", "#.#.", "..##"],
        ] {
            let shaded: Vec<bool> = board
                .iter()
                .flat_map(|r| r.chars())
                .map(|c| c == '#')
                .collect();
            assert!(p.verify(&marked(&p, &shaded)).is_err(), "{board:?}");
        }
        assert_eq!(p.verify(&pieces(&["T.LL", "TTL.", "T.L.", "IIII"])), Ok(()));
    }

    #[test]
    fn each_rule_is_enforced_with_its_number() {
        let p = lits(PZPRJS_ROOMS);
        let e = p
            .verify(&pieces(&["T.LL", "TTL.", "T...", "IIII"]))
            .unwrap_err();
        assert!(e.starts_with("rule 1: the room at r1c3's 3 shaded"), "{e}");
        let e = lits("a a a a b b b b")
            .verify(&pieces(&["IIIIIIII"]))
            .unwrap_err();
        assert_eq!(e, "rule 2: two I pieces touch at r1c4 and r1c5");
        let p = lits("a a a a c b b b b\nc c c c c c c c c\nc c c c c c c c c\n");
        let e = p
            .verify(&pieces(&["IIII.IIII", ".T.......", "TTT......"]))
            .unwrap_err();
        assert_eq!(e, "rule 3: shaded r1c1 and r1c6 are not connected");
        let e = lits("a a b\na b b\na b b")
            .verify(&pieces(&["LLT", "LTT", "L.T"]))
            .unwrap_err();
        assert_eq!(e, "rule 4: the 2×2 block at r1c1 is shaded");
        let e = lits(PZPRJS_ROOMS)
            .verify(&pieces(&["T.LL", "TTL.", "T.L.", "IIIS"]))
            .unwrap_err();
        assert!(e.starts_with("r4c4 is marked Some('S')"), "{e}");
        assert!(p.verify(&vec![None]).is_err());
    }

    /// Every valid solution, by trying every shading with four shaded cells in each room (rule
    /// 1 asks for that much, whatever the shapes).
    fn brute_force(p: &Lits) -> Vec<Pieces> {
        let mut shadings = vec![vec![false; p.grid.len()]];
        for cells in &p.rooms.cells {
            let fours = (0u32..1 << cells.len()).filter(|m| m.count_ones() == 4);
            let fours: Vec<u32> = fours.collect();
            let mut next = Vec::new();
            for s in &shadings {
                for &m in &fours {
                    let mut s = s.clone();
                    (0..cells.len()).for_each(|i| s[cells[i]] = m >> i & 1 == 1);
                    next.push(s);
                }
            }
            shadings = next;
        }
        let valid = shadings
            .iter()
            .map(|s| marked(p, s))
            .filter(|s| p.verify(s).is_ok());
        let mut all: Vec<Pieces> = valid.collect();
        all.sort();
        all
    }

    #[test]
    fn every_formulation_finds_exactly_the_brute_force_solutions_on_random_small_grids() {
        let mut rng = Rng::new(7);
        let (mut solved, mut none, mut mip, mut outside) = (0, 0, 0, 0);
        for round in 0..40 {
            let (h, w) = (2 + rng.below(3) as usize, 2 + rng.below(3) as usize);
            let grid = Grid::new(h, w);
            let mut wall = || rng.below(10) < 3;
            let vertical: Vec<bool> = (0..h * (w - 1)).map(|_| wall()).collect();
            let horizontal: Vec<bool> = (0..w * (h - 1)).map(|_| wall()).collect();
            let mut rooms = Rooms::from_walls(grid, &vertical, &horizontal);
            if round % 3 == 1 && rooms.len() > 1 {
                // The smallest room outside every room instead (janko.at's `@`).
                let small = (0..rooms.len())
                    .min_by_key(|&r| rooms.cells[r].len())
                    .unwrap();
                rooms = Rooms::from_labels_outside(grid, &rooms.room_of, |&r| r == small).unwrap();
            }
            let p = Lits { grid, rooms };
            let expected = brute_force(&p);
            let mut cases = vec![
                ("varisat", "connectivity=lazy"),
                ("batsat", "connectivity=tree"),
                ("batsat", "connectivity=propagator"),
            ];
            // microlp rebuilds its model for every solution (about half a second each here).
            if expected.len() <= 10 && round % 2 == 0 {
                cases.push(("microlp", "connectivity=flow"));
                mip += 1;
            }
            for (backend, spec) in cases {
                let opts = SolveOptions::new(backend, spec, Mode::Count(10_000));
                let mut found = solve_puzzle(&p, &opts).unwrap().solutions;
                found.sort();
                assert_eq!(found, expected, "{backend} {spec} on {:?}", p.rooms.cells);
            }
            if expected.is_empty() {
                none += 1
            } else {
                solved += 1;
                outside += usize::from(p.rooms.has_outside());
            }
        }
        // The random layouts cover both verdicts, not only "no solution".
        assert!(
            solved >= 5 && none >= 5,
            "{solved} with solutions, {none} without"
        );
        assert!(mip >= 5, "only {mip} runs on microlp");
        assert!(
            outside >= 3,
            "only {outside} solvable grids with cells outside every room"
        );
    }
}
