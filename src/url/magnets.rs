//! The pieces of pzprjs's magnets format: two numbers outside each line, plates as walls, and
//! an optional tail of given poles (circles) and cells on no plate.

use super::format::Piece;
use super::{error_at, Circle, Reader, Writer};
use crate::error::{Error, Result};
use crate::grid::margins::LineCounts;
use crate::grid::{Cell, Clue, Grid, Rooms};

/// Two numbers outside each line (pzprjs `Number16ExCell` over two rows of outside cells): per
/// column its inner then its outer number, then the same per row; the value is
/// `[outer, inner]`, as met from outside the grid in.
pub struct PairedMarginNumbers;

impl Piece for PairedMarginNumbers {
    type Value = [LineCounts; 2];
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        let items = body.numbers(2 * (grid.width + grid.height))?;
        // pzprjs's `?` outside a grid counts nothing: no number.
        let n = |i: usize| items[i].and_then(Clue::value);
        let (w, h) = (grid.width, grid.height);
        let side = |k: usize| LineCounts {
            columns: (0..w).map(|c| n(2 * c + k)).collect(),
            rows: (0..h).map(|r| n(2 * (w + r) + k)).collect(),
        };
        Ok([side(1), side(0)])
    }
    fn write(&self, body: &mut Writer, _: Grid, value: &Self::Value) -> Result<()> {
        let pairs = |line: fn(&LineCounts) -> &Vec<Option<u32>>| {
            let [outer, inner] = value.each_ref().map(line);
            inner.iter().zip(outer).flat_map(|(a, b)| [*a, *b])
        };
        let items: Vec<Option<Clue>> = (pairs(|c| &c.columns).chain(pairs(|c| &c.rows)))
            .map(|n| n.map(Clue::Number))
            .collect();
        body.numbers(&items)
    }
}

/// Plates as room walls, then an optional tail: a number 1 or 2 per cell (pzprjs's circle
/// code, e.g. given poles) and one bit per cell on no plate (left out when there is neither).
/// Walls next to a cell on no plate mean nothing; each other room of two cells is a plate. The
/// value is each cell's plate-mate and each cell's number.
pub struct PlatesAndNumbers;

impl Piece for PlatesAndNumbers {
    type Value = (Vec<Option<Cell>>, Vec<Option<u32>>);
    fn read(&self, body: &mut Reader, grid: Grid) -> Result<Self::Value> {
        let col = body.column();
        let (vertical, horizontal) = body.borders(grid)?;
        let code = |c: Option<Circle>| c.map(|c| 1 + u32::from(c == Circle::Black));
        let numbers = body.circles(grid.len())?.into_iter().map(code).collect();
        let free = body.cell_bits(grid.len())?;
        // A wall between row neighbours, else between column neighbours (`a` before `b`).
        let wall = |a: Cell, b: Cell| match grid.rc(a).0 == grid.rc(b).0 {
            true => vertical[a - a / grid.width],
            false => horizontal[a],
        };
        let rooms = Rooms::grown(grid, |a, b| !wall(a, b) && !free[a] && !free[b]);
        let mut partner = vec![None; grid.len()];
        for cells in &rooms.cells {
            match cells[..] {
                [a, b] => (partner[a], partner[b]) = (Some(b), Some(a)),
                [_] => {}
                _ => {
                    let at = grid.name(cells[0]);
                    let m = format!("the walls make a plate of {} cells at {at}", cells.len());
                    return Err(error_at(col, m));
                }
            }
        }
        Ok((partner, numbers))
    }
    fn write(&self, body: &mut Writer, grid: Grid, value: &Self::Value) -> Result<()> {
        let (partner, numbers) = value;
        let plate = |c: Cell| partner[c].map_or(c, |m| m.min(c));
        body.rooms(grid, &Rooms::grown(grid, |a, b| plate(a) == plate(b)));
        let circle = |n: &Option<u32>| match n {
            None => Ok(None),
            Some(1) => Ok(Some(Circle::White)),
            Some(2) => Ok(Some(Circle::Black)),
            Some(_) => Err(Error::Invalid(
                "a given other than + or - has no puzz.link form".into(),
            )),
        };
        let circles: Vec<Option<Circle>> = numbers.iter().map(circle).collect::<Result<_>>()?;
        let free: Vec<bool> = partner.iter().map(Option::is_none).collect();
        if circles.iter().any(Option::is_some) || free.contains(&true) {
            body.circles(&circles);
            body.cell_bits(&free);
        }
        Ok(())
    }
}
