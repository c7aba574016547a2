//! A genre's URL format stated once: a [`Format`] names the URL's genre spellings and describes
//! its body as a sequence of [`Piece`]s over the puzzle's fields, and the same description
//! reads a URL into a puzzle and writes a puzzle back as the URL pzprjs would write.

use super::{error_at, Frame, Reader, Writer};
use crate::error::{Error, Result};
use crate::grid::{Clue, Grid, Rooms};

/// The largest width and height a URL may give: far above any published puzzle, low enough
/// that a typo (`9999`) is an error and not an allocation of a hundred million cells.
pub const MAX_SIDE: usize = 200;

/// One part of a URL body: how a value is read from it and written to it.
pub trait Piece {
    /// The value the piece holds (a clue per cell, the rooms, a count …).
    type Value;
    /// Reads the value of a grid's puzzle.
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value>;
    /// Writes the value in the shortest form pzprjs writes.
    fn write(&self, body: &mut Writer, grid: Grid, value: &Self::Value) -> Result<()>;
}

/// A URL body on its way in or out: the same [`Format::body`] runs it both ways.
pub enum Body {
    /// Reading: each piece replaces the blank puzzle's field with what the URL says.
    Read(Reader, Flags),
    /// Writing: each piece writes the puzzle's field.
    Write(Writer),
}

/// The URL's flag field, with the flags a genre has asked about (the others are refused).
pub struct Flags {
    text: String,
    col: usize,
    asked: Vec<char>,
}

impl Body {
    /// Reads or writes one piece of the body at `field`.
    pub fn piece<P: Piece>(&mut self, piece: P, grid: Grid, field: &mut P::Value) -> Result<()> {
        match self {
            Body::Read(r, _) => *field = piece.read(r, grid)?,
            Body::Write(w) => piece.write(w, grid, field)?,
        }
        Ok(())
    }

    /// Whether the URL carries the flag (always false when writing: we write the plain form).
    pub fn flag(&mut self, flag: char) -> bool {
        match self {
            Body::Read(_, flags) => {
                flags.asked.push(flag);
                flags.text.contains(flag)
            }
            Body::Write(_) => false,
        }
    }

    /// Whether a body being read has nothing left (pzprjs leaves some bodies empty for a
    /// blank puzzle); never when writing.
    pub fn is_at_end(&self) -> bool {
        match self {
            Body::Read(r, _) => r.is_at_end(),
            Body::Write(_) => false,
        }
    }

    /// The column the next piece starts at when reading (for errors on a value).
    pub fn column(&self) -> usize {
        match self {
            Body::Read(r, _) => r.column(),
            Body::Write(_) => 0,
        }
    }
}

/// A genre's puzz.link URL format.
pub struct Format<P> {
    /// The genre spellings pzprjs reads (`mashu`, `masyu`, `pearl`); the first is the one written.
    pub names: &'static [&'static str],
    grid: fn(&mut P) -> &mut Grid,
    body: fn(&mut P, &mut Body) -> Result<()>,
    blank: fn() -> P,
}

impl<P: Clone> Format<P> {
    /// The format of URLs named `names` (the first is written): `grid` is the puzzle's grid,
    /// set on a blank puzzle before `body` reads its pieces in order, each into a field.
    pub const fn new(
        names: &'static [&'static str],
        grid: fn(&mut P) -> &mut Grid,
        body: fn(&mut P, &mut Body) -> Result<()>,
    ) -> Self
    where
        P: Default,
    {
        let blank = P::default;
        Format {
            names,
            grid,
            body,
            blank,
        }
    }

    /// Reads a URL of the format into a puzzle: the frame, the body, nothing after it, and no
    /// flag the genre does not know.
    pub fn read(&self, url: &str) -> Result<P> {
        let frame = Frame::parse_named(url, self.names, MAX_SIDE)?;
        let flags = Flags {
            text: frame.flags.clone(),
            col: frame.flags_col,
            asked: Vec::new(),
        };
        let mut puzzle = (self.blank)();
        *(self.grid)(&mut puzzle) = frame.grid();
        let mut body = Body::Read(frame.reader(), flags);
        (self.body)(&mut puzzle, &mut body)?;
        let Body::Read(reader, flags) = body else {
            unreachable!("a body being read stays one")
        };
        reader.expect_end()?;
        flags.check()?;
        Ok(puzzle)
    }

    /// The puzzle as its canonical puzz.link URL (what pzprjs writes for it). Fails for sides
    /// above [`MAX_SIDE`] and values the format cannot hold.
    pub fn write(&self, puzzle: &P) -> Result<String> {
        // The description takes `&mut` fields to serve reading too; writing runs it on a copy.
        let mut copy = puzzle.clone();
        let grid = *(self.grid)(&mut copy);
        let genre = self.names[0];
        if grid.width.max(grid.height) > MAX_SIDE {
            return Err(Error::Invalid(format!(
                "a {}x{} {genre} has no URL here: puzz.link sides are 1..={MAX_SIDE}",
                grid.width, grid.height
            )));
        }
        let mut body = Body::Write(Writer::new());
        (self.body)(&mut copy, &mut body)?;
        let Body::Write(writer) = body else {
            unreachable!("a body being written stays one")
        };
        Ok(super::url(genre, grid.width, grid.height, &writer.finish()))
    }
}

impl Flags {
    /// Refuses a flag no piece asked about: dropping it would read another puzzle than the
    /// URL's (pzprjs flags change rules, not just looks).
    fn check(&self) -> Result<()> {
        let known = |c: char| self.asked.contains(&c) || c == 'v' || c == ':';
        match self.text.char_indices().find(|&(_, c)| !known(c)) {
            None => Ok(()),
            Some((i, c)) => Err(error_at(
                self.col + self.text[..i].chars().count(),
                format!("the URL flag `{c}` is not understood here, so its puzzle cannot be read faithfully"),
            )),
        }
    }
}

/// The hex number stream, one item per cell (`0`–`f`, `-hh`, `.` for `?`, `g`–`z` skips).
pub struct Numbers;

impl Piece for Numbers {
    type Value = Vec<Option<Clue>>;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        body.numbers(grid.len())
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &Self::Value) -> Result<()> {
        body.numbers(value)
    }
}

/// Numbers 0–4 with up to two empty cells folded into the digit (slitherlink).
pub struct Numbers4;

impl Piece for Numbers4 {
    type Value = Vec<Option<Clue>>;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        body.numbers4(grid.len())
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &Self::Value) -> Result<()> {
        body.numbers4(value)
    }
}

/// One number per cell, base 36 (hitori).
pub struct CellNumbers;

impl Piece for CellNumbers {
    type Value = Vec<Option<Clue>>;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        body.cell_numbers(grid.len())
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &Self::Value) -> Result<()> {
        body.cell_numbers(value)
    }
}

/// White and black circles, three cells per base-27 digit (masyu).
pub struct Circles;

impl Piece for Circles {
    type Value = Vec<Option<super::Circle>>;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        body.circles(grid.len())
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &Self::Value) -> Result<()> {
        body.circles(value);
        Ok(())
    }
}

/// The rooms as the walls between them, 5 bits per base-32 digit; with `labels`, pzprjs's old
/// form of one character per cell instead (LITS's flag `d`), read only.
pub struct RoomWalls {
    /// Read the one-character-per-cell form.
    pub labels: bool,
}

impl Piece for RoomWalls {
    type Value = Rooms;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Rooms> {
        match self.labels {
            true => body.room_labels(grid),
            false => body.rooms(grid),
        }
    }
    fn write(&self, body: &mut Writer, grid: Grid, rooms: &Rooms) -> Result<()> {
        if let Some(c) = rooms.outside().next() {
            let why = "has no puzz.link form (walls cannot leave a cell outside every room)";
            return Err(Error::Invalid(format!(
                "{}, outside every room, {why}",
                grid.name(c)
            )));
        }
        body.rooms(grid, rooms);
        Ok(())
    }
}

/// A positive decimal number closed by `/` (star battle's star count); an empty body keeps
/// the blank puzzle's value, as pzprjs keeps its editor's.
pub struct Count(pub &'static str);

impl Piece for Count {
    type Value = u32;
    fn read(&self, body: &mut Reader, _: Grid) -> Result<u32> {
        let at = body.column();
        match body.decimal(self.0)? {
            0 => Err(error_at(at, format!("the {} is 1 or more", self.0))),
            n => Ok(n),
        }
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &u32) -> Result<()> {
        body.decimal(*value);
        Ok(())
    }
}

/// The hex number stream with values that must pass a check, refused at their column when
/// read and as invalid when written (e.g. nurikabe's 0, which pzprjs would read as `?`).
pub struct NumbersWhere(pub fn(&Clue) -> Option<&'static str>);

impl Piece for NumbersWhere {
    type Value = Vec<Option<Clue>>;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        let items = body.numbers_at(grid.len())?;
        if let Some((why, col)) =
            (items.iter().flatten()).find_map(|(c, col)| Some((self.0(c)?, *col)))
        {
            return Err(error_at(col, why));
        }
        Ok(items.into_iter().map(|i| i.map(|(clue, _)| clue)).collect())
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &Self::Value) -> Result<()> {
        if let Some(why) = value.iter().flatten().find_map(self.0) {
            return Err(Error::Invalid(why.to_string()));
        }
        body.numbers(value)
    }
}

/// The rooms' walls, then one number per room in raster order of the rooms' first cells
/// (heyawake).
pub struct RoomNumbers;

impl Piece for RoomNumbers {
    type Value = crate::grid::RoomClues;
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        crate::grid::RoomClues::from_url(body, grid)
    }
    fn write(&self, body: &mut Writer, grid: Grid, value: &Self::Value) -> Result<()> {
        value.write_url(body, grid)
    }
}
