//! Rooms that each carry at most one number clue (heyawake, shimaguni, chocona, …), read from
//! the generic grid text, the letter grid or a puzz.link body, and written back to a URL.

use super::text::{cell_value, GridText, LetterGrid};
use super::{Cell, Clue, Grid, Rooms};
use crate::error::{Error, Result};
use crate::url::{error_at, Reader, Writer};

/// Rooms with their input labels and at most one clue each; a number clue never exceeds its
/// room's size (it counts cells of the room).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomClues {
    /// The rooms.
    pub rooms: Rooms,
    /// Each room's label as the input named it (a letter, an id token, or its number from 1).
    pub labels: Vec<String>,
    /// Each room's clue (`Clue::Unknown` for `?`, kept so the puzzle can be written back).
    pub clues: Vec<Option<Clue>>,
}

/// The clue if it fits a room of `size` cells.
fn fitting(clue: Option<Clue>, size: usize) -> std::result::Result<Option<Clue>, String> {
    match clue {
        Some(Clue::Number(n)) if n as usize > size => {
            Err(format!("clue {n} is larger than the room ({size} cells)"))
        }
        clue => Ok(clue),
    }
}

/// Labels `1, 2, …` for rooms that had no names in the input.
fn numbered(rooms: &Rooms) -> Vec<String> {
    (1..=rooms.len()).map(|i| i.to_string()).collect()
}

impl RoomClues {
    /// Reads the generic grid text: a room's clue in any one of its cells, then the room-id
    /// grid.
    pub fn from_grid_text(t: &GridText) -> Result<RoomClues> {
        let rooms = t.rooms()?;
        let mut clues: Vec<Option<Clue>> = vec![None; rooms.len()];
        t.map_cells(|c, v| {
            let room = rooms.room_of[c];
            match fitting(v.clue()?, rooms.cells[room].len())? {
                Some(_) if clues[room].is_some() => Err("a second clue in the same room".into()),
                clue => {
                    clues[room] = clues[room].or(clue);
                    Ok(())
                }
            }
        })?;
        let labels = numbered(&rooms);
        Ok(RoomClues {
            rooms,
            labels,
            clues,
        })
    }

    /// Reads a letter grid's `A=2` values as the rooms' clues.
    pub fn from_letters(t: &LetterGrid) -> Result<RoomClues> {
        let mut clues = vec![None; t.rooms.len()];
        for (room, value) in &t.values {
            let clue = cell_value(&value.text).clue();
            let clue = clue.and_then(|c| fitting(c, t.rooms.cells[*room].len()));
            let at = |m| Error::input(&t.source, value.line, value.col, m);
            clues[*room] = clue.map_err(at)?;
        }
        let labels = (0..t.rooms.len()).map(|r| t.label(r)).collect();
        Ok(RoomClues {
            rooms: t.rooms.clone(),
            labels,
            clues,
        })
    }

    /// Reads puzz.link's room borders, then one clue per room in raster order of the rooms'
    /// first cells.
    pub fn from_url(body: &mut Reader, grid: Grid) -> Result<RoomClues> {
        let rooms = body.rooms(grid)?;
        let clues = (body.numbers_at(rooms.len())?.into_iter().zip(&rooms.cells))
            .map(|(clue, cells)| match clue {
                Some((c, col)) => fitting(Some(c), cells.len()).map_err(|m| error_at(col, m)),
                None => Ok(None),
            })
            .collect::<Result<_>>()?;
        Ok(RoomClues {
            labels: numbered(&rooms),
            rooms,
            clues,
        })
    }

    /// Writes the borders and clues as [`RoomClues::from_url`] reads them.
    pub fn write_url(&self, body: &mut Writer, grid: Grid) -> Result<()> {
        body.rooms(grid, &self.rooms);
        body.numbers(&self.clues)
    }

    /// The rooms with their labels and the value of their number clue, if any.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[Cell], Option<u32>)> {
        (self.labels.iter().zip(&self.rooms.cells).zip(&self.clues))
            .map(|((label, cells), clue)| (label.as_str(), &cells[..], clue.and_then(Clue::value)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clue_larger_than_its_room_is_refused_in_every_input() {
        let t = GridText::parse("g", "2 2\n3 -\n- -\n\na a\nb b\n", true).unwrap();
        let e = RoomClues::from_grid_text(&t).unwrap_err().to_string();
        assert!(
            e.starts_with("g:2:1: clue 3 is larger than the room (2 cells)"),
            "{e}"
        );
        let t = LetterGrid::parse("l", "AB\nAB\nB=3\n").unwrap();
        let e = RoomClues::from_letters(&t).unwrap_err().to_string();
        assert!(e.starts_with("l:3:3: clue 3 is larger"), "{e}");
    }

    #[test]
    fn labels_follow_the_input() {
        let t = LetterGrid::parse("l", "AB\nAB\nB=?\n").unwrap();
        let r = RoomClues::from_letters(&t).unwrap();
        assert_eq!(r.labels, ["A", "B"]);
        assert_eq!(r.clues, [None, Some(Clue::Unknown)]);
        let t = GridText::parse("g", "1 2\n- 1\n\nx y\n", true).unwrap();
        let r = RoomClues::from_grid_text(&t).unwrap();
        assert_eq!(r.labels, ["1", "2"]);
        let rooms: Vec<_> = r
            .iter()
            .map(|(l, cells, clue)| (l, cells.len(), clue))
            .collect();
        assert_eq!(rooms, [("1", 1, None), ("2", 1, Some(1))]);
    }
}
