//! Pictures of puzzles and their answers. A genre describes what to draw as a [`Sketch`] (a grid
//! of cells with a layer of givens and a layer of answer content, walls, lines and margin
//! clues); [`Picture`] arranges sketches into panels (one answer, two solutions side by side
//! with their differences highlighted, facts with the undetermined cells marked, a gallery);
//! [`svg`] writes a picture as an SVG string and [`png`] rasterises that string. Nothing here
//! knows a genre, and nothing here prints: choosing the picture of a run and writing it out is
//! the application's (`src/app/picture.rs` in the binary).

pub mod compose;
mod edges;
pub mod margins;
pub mod png;
pub mod svg;

pub use compose::{Mark, Panel, Picture};

use crate::grid::{Cell, Clue, Grid, RoomClues, Rooms};

/// An RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colour(pub u8, pub u8, pub u8);

impl Colour {
    /// Shaded cells, black cells and walls: the ink of a printed puzzle.
    pub const INK: Colour = Colour(0x22, 0x22, 0x22);
    /// Cells that are not part of the puzzle (outside a tetromino region).
    pub const OUTSIDE: Colour = Colour(0xcf, 0xcf, 0xcf);
    /// Loops drawn as an answer (masyu, slitherlink), pzprjs's green.
    pub const LOOP: Colour = Colour(0x10, 0x8a, 0x2e);
    /// Letters and numbers written as an answer, told apart from the givens.
    pub const ANSWER_TEXT: Colour = Colour(0x1a, 0x3e, 0x9a);
    /// White.
    pub const WHITE: Colour = Colour(0xff, 0xff, 0xff);

    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
    /// Reads `#rrggbb` or `rrggbb` (either case); `None` for anything else.
    pub fn parse_hex(text: &str) -> Option<Colour> {
        let digits = text.strip_prefix('#').unwrap_or(text);
        if digits.len() != 6 || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&digits[i..i + 2], 16).ok();
        Some(Colour(byte(0)?, byte(2)?, byte(4)?))
    }
    /// Whether text on this colour should be white (its relative luminance is low).
    pub fn is_dark(self) -> bool {
        let (r, g, b) = (self.0 as u32, self.1 as u32, self.2 as u32);
        // Rec. 601 luma, scaled by 1000; below the middle reads better in white.
        299 * r + 587 * g + 114 * b < 140 * 1000
    }
}

/// The colour of a tetromino by its letter: the Tetris guideline colours (I cyan, O yellow,
/// T purple, S green, Z red, J blue, L orange), shared by every genre drawing such pieces.
pub fn piece_colour(letter: char) -> Option<Colour> {
    match letter.to_ascii_uppercase() {
        'I' => Some(Colour(0x00, 0xd8, 0xf0)),
        'O' => Some(Colour(0xf0, 0xe0, 0x00)),
        'T' => Some(Colour(0xa0, 0x00, 0xf0)),
        'S' => Some(Colour(0x00, 0xd0, 0x00)),
        'Z' => Some(Colour(0xf0, 0x00, 0x00)),
        'J' => Some(Colour(0x00, 0x40, 0xf0)),
        'L' => Some(Colour(0xf0, 0xa0, 0x00)),
        _ => None,
    }
}

/// A small drawing inside a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    /// A five-pointed star (star battle).
    Star,
    /// A white circle: masyu's white pearl.
    WhiteCircle,
    /// A black disc: masyu's black pearl.
    BlackCircle,
}

/// What one cell shows in one layer: a fill, a symbol and a text, each optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Content {
    /// The cell's background colour.
    pub fill: Option<Colour>,
    /// A symbol in the cell.
    pub symbol: Option<Symbol>,
    /// A number or letters in the cell.
    pub text: Option<String>,
}

impl Content {
    /// Whether nothing is drawn.
    pub fn is_empty(&self) -> bool {
        self.fill.is_none() && self.symbol.is_none() && self.text.is_none()
    }
}

/// Where a line's ends lie: the centres of cells (masyu) or the corners between them
/// (slitherlink, walls, piece outlines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Points {
    /// Cell centres: point `(r, c)` is the middle of cell `(r, c)`.
    Centres,
    /// Cell corners: point `(r, c)` is the top-left corner of cell `(r, c)`, on an `(H+1)×(W+1)`
    /// lattice.
    Corners,
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pen {
    /// A thick border between rooms or pieces.
    Wall,
    /// An answer's loop.
    Loop,
}

/// A straight unit line between two neighbouring points, in half-cell units: a cell's centre
/// `(r, c)` is `(2r+1, 2c+1)`, its top-left corner `(2r, 2c)`. The ends are sorted, so equal
/// lines compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Segment {
    /// The end nearer the top-left.
    pub from: (usize, usize),
    /// The other end.
    pub to: (usize, usize),
    /// How it is drawn.
    pub pen: Pen,
}

impl Segment {
    /// The line between two neighbouring points of a lattice.
    pub fn between(points: Points, a: (usize, usize), b: (usize, usize), pen: Pen) -> Segment {
        let half = |(r, c): (usize, usize)| match points {
            Points::Centres => (2 * r + 1, 2 * c + 1),
            Points::Corners => (2 * r, 2 * c),
        };
        let (from, to) = (half(a).min(half(b)), half(a).max(half(b)));
        Segment { from, to, pen }
    }
    /// The cells (row, column) whose drawing the line touches: the two it joins or separates,
    /// fewer on the grid's edge.
    pub fn cells(&self, height: usize, width: usize) -> Vec<(usize, usize)> {
        // The midpoint, in half units: a unit line's midpoint has one odd coordinate (on a row or
        // column of centres) and one even (on a grid line); the cells it touches are the two
        // whose centres lie one half unit away across the even one.
        let (my, mx) = ((self.from.0 + self.to.0) / 2, (self.from.1 + self.to.1) / 2);
        let inside = |r: usize, c: usize| (r < height && c < width).then_some((r, c));
        let mut out = Vec::new();
        if my % 2 == 1 {
            // On the row of centres my/2, on the grid line mx/2: left and right of it.
            let r = my / 2;
            if mx >= 2 {
                out.extend(inside(r, mx / 2 - 1));
            }
            out.extend(inside(r, mx / 2));
        } else {
            // On the column of centres mx/2, on the grid line my/2: above and below it.
            let c = mx / 2;
            if my >= 2 {
                out.extend(inside(my / 2 - 1, c));
            }
            out.extend(inside(my / 2, c));
        }
        out.dedup();
        out
    }
}

/// A clue in a margin (a nonogram's row and column numbers), on a coloured square for colour
/// puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The text.
    pub text: String,
    /// The square behind it, if any.
    pub fill: Option<Colour>,
}

impl Label {
    /// A label without a colour.
    pub fn plain(text: impl Into<String>) -> Label {
        Label {
            text: text.into(),
            fill: None,
        }
    }
}

/// How the grid itself is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lattice {
    /// Thin lines around every cell and a thick frame.
    Cells,
    /// A dot on every corner, nothing else (slitherlink).
    Dots,
}

/// What to draw of one puzzle, and of one solution on top of it: built by each genre's
/// [`crate::puzzles::Puzzle::sketch`], drawn by [`svg`], compared cell by cell by [`compose`].
#[derive(Clone, Debug, PartialEq)]
pub struct Sketch {
    /// Rows.
    pub height: usize,
    /// Columns.
    pub width: usize,
    /// The puzzle's own content of each cell, in raster order (clues, pearls, black cells).
    pub given: Vec<Content>,
    /// The answer's content of each cell, in raster order (shading, stars, letters).
    pub answer: Vec<Content>,
    /// Lines that belong to the puzzle (room walls).
    pub given_lines: Vec<Segment>,
    /// Lines that belong to the answer (loops, piece outlines), sorted.
    pub answer_lines: Vec<Segment>,
    /// Clues left of each row, in reading order (empty when the genre has none).
    pub row_clues: Vec<Vec<Label>>,
    /// Clues above each column, top to bottom (empty when the genre has none).
    pub column_clues: Vec<Vec<Label>>,
    /// How the grid is drawn.
    pub lattice: Lattice,
    /// Every how many cells a grid line is drawn bolder (nonograms: 5).
    pub bold_every: Option<usize>,
    /// A few words about the puzzle for the caption (e.g. star battle's stars per line).
    pub note: Option<String>,
}

impl Sketch {
    /// An empty `height × width` grid.
    pub fn new(height: usize, width: usize) -> Sketch {
        Sketch {
            height,
            width,
            given: vec![Content::default(); height * width],
            answer: vec![Content::default(); height * width],
            given_lines: Vec::new(),
            answer_lines: Vec::new(),
            row_clues: Vec::new(),
            column_clues: Vec::new(),
            lattice: Lattice::Cells,
            bold_every: None,
            note: None,
        }
    }
    /// An empty sketch of a toolkit grid.
    pub fn of(grid: Grid) -> Sketch {
        Sketch::new(grid.height, grid.width)
    }
    /// The grid's shape.
    pub fn grid(&self) -> Grid {
        Grid::new(self.height, self.width)
    }
    /// Writes each clue's number (`?` for a clue without a value) into its cell.
    pub fn with_clues(mut self, clues: &[Option<Clue>]) -> Sketch {
        for (cell, clue) in clues.iter().enumerate() {
            if let Some(clue) = clue {
                self.given[cell].text = Some(clue_text(*clue));
            }
        }
        self
    }
    /// Writes each cell's given text (digits, poles) in the puzzle's layer and, where none is
    /// given, the answer's text in the answer's layer.
    pub fn with_texts(
        mut self,
        given: impl Fn(Cell) -> Option<String>,
        answer: impl Fn(Cell) -> Option<String>,
    ) -> Sketch {
        for c in 0..self.given.len() {
            match given(c) {
                Some(text) => self.given[c].text = Some(text),
                None => self.answer[c].text = answer(c),
            }
        }
        self
    }
    /// Draws the walls between rooms, and cells outside every room greyed.
    pub fn with_rooms(mut self, rooms: &Rooms) -> Sketch {
        let room_of = &rooms.room_of;
        self.given_lines = borders(self.grid(), |c| Some(room_of[c]));
        for c in rooms.outside() {
            self.given[c].fill = Some(Colour(0xc8, 0xc8, 0xc8));
        }
        self
    }
    /// Draws rooms that carry one number each: the walls, and each clue in its room's first
    /// cell in reading order (the top-left one, where puzz.link draws it).
    pub fn with_room_clues(self, rooms: &RoomClues) -> Sketch {
        let mut sketch = self.with_rooms(&rooms.rooms);
        for (cells, clue) in rooms.rooms.cells.iter().zip(&rooms.clues) {
            if let (Some(&first), Some(clue)) = (cells.first(), clue) {
                sketch.given[first].text = Some(clue_text(*clue));
            }
        }
        sketch
    }
    /// Shades the cells of an answer.
    pub fn with_shading(mut self, shaded: Option<&[bool]>) -> Sketch {
        for (cell, &s) in shaded.unwrap_or(&[]).iter().enumerate() {
            if s {
                self.answer[cell].fill = Some(Colour::INK);
            }
        }
        self
    }
    /// Draws an answer's lines: `used[e]` for each pair `(a, b)` of `points.edges()`, whose
    /// points are cell centres or corners.
    pub fn with_lines(mut self, on: Points, points: Grid, used: Option<&[bool]>) -> Sketch {
        if let Some(used) = used {
            for (&(a, b), _) in points.edges().iter().zip(used).filter(|(_, &u)| u) {
                let segment = Segment::between(on, points.rc(a), points.rc(b), Pen::Loop);
                self.answer_lines.push(segment);
            }
            self.answer_lines.sort();
        }
        self
    }
    /// Outlines an answer's pieces: a wall between two neighbouring cells of different pieces,
    /// and between a piece and a cell of none (`None`).
    pub fn with_piece_outlines(mut self, piece: impl Fn(Cell) -> Option<usize>) -> Sketch {
        let grid = self.grid();
        let covered = |c: Cell| piece(c).is_some();
        self.answer_lines = borders(grid, &piece)
            .into_iter()
            .filter(|s| {
                // Between two uncovered cells there is no piece to outline.
                let cells = s.cells(grid.height, grid.width);
                cells.iter().any(|&(r, c)| covered(grid.cell(r, c)))
            })
            .collect();
        self
    }
    /// The answer's content and lines as they touch each cell: what a cell shows of the
    /// answer, for comparing two answers cell by cell.
    pub fn answer_by_cell(&self) -> Vec<(Content, Vec<Segment>)> {
        let mut out: Vec<(Content, Vec<Segment>)> = self
            .answer
            .iter()
            .map(|c| (c.clone(), Vec::new()))
            .collect();
        for s in &self.answer_lines {
            for (r, c) in s.cells(self.height, self.width) {
                out[r * self.width + c].1.push(*s);
            }
        }
        out
    }
    /// Whether the sketch holds any answer content.
    pub fn has_answer(&self) -> bool {
        !self.answer_lines.is_empty() || self.answer.iter().any(|c| !c.is_empty())
    }
}

/// A clue as drawn: its number, or `?`.
pub fn clue_text(clue: Clue) -> String {
    match clue {
        Clue::Number(n) => n.to_string(),
        Clue::Unknown => "?".into(),
    }
}

/// The walls along cell corners between neighbouring cells of different labels; `None` is a
/// label of its own (equal to another `None`).
pub fn borders<T: PartialEq>(grid: Grid, label: impl Fn(Cell) -> T) -> Vec<Segment> {
    let mut out = Vec::new();
    for (a, b) in grid.edges() {
        if label(a) != label(b) {
            let (r, c) = grid.rc(b);
            // The wall is the side the two cells share: left of b (same row) or above it.
            let (from, to) = if b == a + 1 && c > 0 && grid.rc(a).0 == r {
                ((r, c), (r + 1, c))
            } else {
                ((r, c), (r, c + 1))
            };
            out.push(Segment::between(Points::Corners, from, to, Pen::Wall));
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_touches_the_cells_beside_it() {
        // Between the centres of (0,0) and (0,1): both cells.
        let s = Segment::between(Points::Centres, (0, 0), (0, 1), Pen::Loop);
        assert_eq!(s.cells(2, 2), vec![(0, 0), (0, 1)]);
        // Between the centres of (0,1) and (1,1).
        let s = Segment::between(Points::Centres, (1, 1), (0, 1), Pen::Loop);
        assert_eq!(s.cells(2, 2), vec![(0, 1), (1, 1)]);
        // The top side of cell (0,0): only that cell; the side between (0,0) and (1,0).
        let top = Segment::between(Points::Corners, (0, 0), (0, 1), Pen::Loop);
        assert_eq!(top.cells(2, 2), vec![(0, 0)]);
        let middle = Segment::between(Points::Corners, (1, 0), (1, 1), Pen::Loop);
        assert_eq!(middle.cells(2, 2), vec![(0, 0), (1, 0)]);
        // The vertical side between (1,0) and (1,1), and the grid's right edge.
        let v = Segment::between(Points::Corners, (1, 1), (2, 1), Pen::Loop);
        assert_eq!(v.cells(2, 2), vec![(1, 0), (1, 1)]);
        let right = Segment::between(Points::Corners, (0, 2), (1, 2), Pen::Loop);
        assert_eq!(right.cells(2, 2), vec![(0, 1)]);
    }

    #[test]
    fn room_walls_separate_exactly_the_cells_of_different_rooms() {
        let g = Grid::new(2, 3);
        let rooms = Rooms::from_labels(g, &['a', 'a', 'b', 'c', 'c', 'b']).unwrap();
        let walls = Sketch::of(g).with_rooms(&rooms).given_lines;
        let mut separated: Vec<Vec<(usize, usize)>> = walls.iter().map(|s| s.cells(2, 3)).collect();
        separated.sort();
        // a|b on row 0, c|b on row 1, a over c twice.
        assert_eq!(
            separated,
            vec![
                vec![(0, 0), (1, 0)],
                vec![(0, 1), (0, 2)],
                vec![(0, 1), (1, 1)],
                vec![(1, 1), (1, 2)],
            ]
        );
    }

    #[test]
    fn cells_outside_every_room_are_greyed_and_walled_off() {
        let g = Grid::new(1, 3);
        let rooms = Rooms::from_labels_outside(g, &['@', 'a', 'a'], |&l| l == '@').unwrap();
        let sketch = Sketch::of(g).with_rooms(&rooms);
        let filled: Vec<bool> = sketch.given.iter().map(|c| c.fill.is_some()).collect();
        assert_eq!(filled, vec![true, false, false]);
        assert_eq!(sketch.given_lines.len(), 1);
    }

    #[test]
    fn colours_read_and_write_hex() {
        assert_eq!(Colour::parse_hex("#FF0000"), Some(Colour(255, 0, 0)));
        assert_eq!(Colour::parse_hex("4040ff"), Some(Colour(0x40, 0x40, 0xff)));
        assert_eq!(Colour::parse_hex("#FF00"), None);
        assert_eq!(Colour::parse_hex("#GG0000"), None);
        assert_eq!(Colour(1, 2, 255).hex(), "#0102ff");
        assert!(Colour::INK.is_dark() && !Colour::WHITE.is_dark());
        assert!(!piece_colour('O').unwrap().is_dark());
    }
}
