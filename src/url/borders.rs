//! Room walls: one bit per wall between two cells, five bits per base-32 digit (first wall in
//! the highest bit, the last digit padded with zeros), the `(W-1)·H` vertical walls (row by row)
//! and then, starting on a fresh digit, the `W·(H-1)` horizontal walls.

use super::{error_at, Reader, Writer};
use crate::error::Result;
use crate::grid::{Grid, Rooms};

/// Bits per base-32 digit.
const BITS: usize = 5;

/// How many digits hold `bits` bits.
fn digits_for(bits: usize) -> usize {
    bits.div_ceil(BITS)
}

/// The number of vertical and horizontal walls of a grid.
fn wall_counts(grid: Grid) -> (usize, usize) {
    (
        grid.width.saturating_sub(1) * grid.height,
        grid.width * grid.height.saturating_sub(1),
    )
}

/// The first `count` bits of `digits`, highest bit of each digit first.
fn unpack(digits: &[u32], count: usize) -> Vec<bool> {
    let mut bits: Vec<bool> = digits
        .iter()
        .flat_map(|&d| (0..BITS).rev().map(move |b| d >> b & 1 == 1))
        .collect();
    bits.truncate(count);
    bits
}

/// The bits packed into digits, the last one padded with zeros.
fn pack(bits: &[bool]) -> impl Iterator<Item = u32> + '_ {
    bits.chunks(BITS).map(|chunk| {
        (0..BITS).fold(0, |acc, i| {
            acc << 1 | u32::from(chunk.get(i) == Some(&true))
        })
    })
}

impl Reader {
    /// Reads the walls of a grid as `(vertical, horizontal)` in [`Rooms::from_walls`]'s
    /// order. An empty rest of the body means no walls; a partial one is an error.
    pub fn borders(&mut self, grid: Grid) -> Result<(Vec<bool>, Vec<bool>)> {
        let (nv, nh) = wall_counts(grid);
        let (dv, dh) = (digits_for(nv), digits_for(nh));
        let digits = self.fixed_digits(dv + dh, 32, "border")?;
        Ok((unpack(&digits[..dv], nv), unpack(&digits[dv..], nh)))
    }

    /// Reads one bit per cell, five to a base-32 digit (pzprjs's `decodeQues`: e.g. the cells
    /// outside the puzzle). An empty rest of the body means no bits set.
    pub fn cell_bits(&mut self, len: usize) -> Result<Vec<bool>> {
        let digits = self.fixed_digits(digits_for(len), 32, "cell")?;
        Ok(unpack(&digits, len))
    }

    /// Reads the walls of a grid as its rooms.
    pub fn rooms(&mut self, grid: Grid) -> Result<Rooms> {
        let (vertical, horizontal) = self.borders(grid)?;
        Ok(Rooms::from_walls(grid, &vertical, &horizontal))
    }

    /// Reads rooms written as one character per cell, a wall between two neighbouring cells
    /// whose characters differ (pzprjs's old LITS URLs, flag `d`): two parts of one label that
    /// do not touch are two rooms, as pzprjs reads them.
    pub fn room_labels(&mut self, grid: Grid) -> Result<Rooms> {
        let col = self.column();
        let labels: Vec<char> = (0..grid.len()).map_while(|_| self.next_char()).collect();
        if labels.len() < grid.len() {
            return Err(error_at(
                col + labels.len(),
                format!(
                    "the room labels stop after {} of the grid's {} cells (is the URL cut short?)",
                    labels.len(),
                    grid.len()
                ),
            ));
        }
        Ok(Rooms::grown(grid, |a, b| labels[a] == labels[b]))
    }
}

impl Writer {
    /// Writes walls given in [`Rooms::from_walls`]'s order.
    pub fn borders(&mut self, vertical: &[bool], horizontal: &[bool]) {
        self.fixed_digits(pack(vertical));
        self.fixed_digits(pack(horizontal));
    }

    /// Writes one bit per cell, five to a base-32 digit.
    pub fn cell_bits(&mut self, bits: &[bool]) {
        self.fixed_digits(pack(bits));
    }

    /// Writes the walls between a grid's rooms.
    pub fn rooms(&mut self, grid: Grid, rooms: &Rooms) {
        let (vertical, horizontal) = rooms.walls(grid);
        self.borders(&vertical, &horizontal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use proptest::prelude::*;

    fn read(body: &str, grid: Grid) -> Result<(Vec<bool>, Vec<bool>)> {
        let mut r = Reader::new(body, 1);
        let walls = r.borders(grid)?;
        r.expect_end()?;
        Ok(walls)
    }

    #[test]
    fn cspuz_example_borders_split_the_grid_into_eleven_rooms() {
        // cspuz_core's worked example: `aa66aa` vertical, `pv0fu0` horizontal, 11 rooms.
        let g = Grid::new(6, 6);
        let mut r = Reader::new("aa66aapv0fu0g2i3k", 1);
        let rooms = r.rooms(g).unwrap();
        assert_eq!(rooms.len(), 11);
        assert_eq!(r.column(), 13);
        // `a` = 01010: walls right of c2 and c4 in row 1.
        let (v, _) = read("aa66aapv0fu0", g).unwrap();
        assert_eq!(&v[..5], &[false, true, false, true, false]);
    }

    #[test]
    fn bits_fill_each_digit_from_the_top_and_pad_the_last() {
        // 3x2: 4 vertical walls (one digit), 3 horizontal walls (one digit).
        let g = Grid::new(2, 3);
        let v = [true, false, false, true];
        let h = [false, true, true];
        let mut w = Writer::new();
        w.borders(&v, &h);
        // 1001(0) = 18 = `i`; 011(00) = 12 = `c`.
        assert_eq!(w.body(), "ic");
        assert_eq!(read("ic", g).unwrap(), (v.to_vec(), h.to_vec()));
    }

    #[test]
    fn an_empty_body_means_no_walls() {
        let g = Grid::new(3, 3);
        let (v, h) = read("", g).unwrap();
        assert!(v.iter().chain(&h).all(|&b| !b));
        assert_eq!(v.len() + h.len(), 12);
    }

    #[test]
    fn a_cut_short_border_stream_is_an_error_at_its_end() {
        let e = read("aa66", Grid::new(6, 6)).unwrap_err();
        assert!(
            matches!(&e, Error::Input { col: 5, message, .. } if message.contains("4 of their 12")),
            "{e}"
        );
    }

    #[test]
    fn a_bad_digit_names_its_column() {
        let e = read("0w", Grid::new(2, 2)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "URL:1:2: `w` is not a border digit (0-9, a-v)"
        );
    }

    #[test]
    fn one_row_and_one_column_grids_have_one_kind_of_wall() {
        let (v, h) = read("k", Grid::new(1, 4)).unwrap();
        assert_eq!((v, h), (vec![true, false, true], vec![]));
        let (v, h) = read("k", Grid::new(4, 1)).unwrap();
        assert_eq!((v, h), (vec![], vec![true, false, true]));
        assert_eq!(read("", Grid::new(1, 1)).unwrap(), (vec![], vec![]));
    }

    fn grid_and_walls() -> impl Strategy<Value = (Grid, Vec<bool>, Vec<bool>)> {
        (1usize..9, 1usize..9).prop_flat_map(|(h, w)| {
            let g = Grid::new(h, w);
            let (nv, nh) = wall_counts(g);
            (
                Just(g),
                proptest::collection::vec(any::<bool>(), nv),
                proptest::collection::vec(any::<bool>(), nh),
            )
        })
    }

    proptest! {
        #[test]
        fn walls_round_trip((g, v, h) in grid_and_walls()) {
            let mut w = Writer::new();
            w.borders(&v, &h);
            let body = w.finish();
            prop_assert_eq!(read(&body, g).unwrap(), (v.clone(), h.clone()));
            let (v2, h2) = read(&body, g).unwrap();
            let mut again = Writer::new();
            again.borders(&v2, &h2);
            prop_assert_eq!(again.finish(), body);
        }

        #[test]
        fn rooms_round_trip((g, v, h) in grid_and_walls()) {
            let rooms = Rooms::from_walls(g, &v, &h);
            let mut w = Writer::new();
            w.rooms(g, &rooms);
            let mut r = Reader::new(w.body(), 1);
            prop_assert_eq!(r.rooms(g).unwrap(), rooms);
        }
    }
}
