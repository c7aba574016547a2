//! Digit grids of the Sudoku family: an n×n grid of digits 1..=n, each digit once in every
//! house (row, column, box or region, and optionally both main diagonals). The houses, the
//! model (one integer per cell, all-different per house) and the rules check live here so
//! that sudoku, jigsaw sudoku and killer sudoku state only what is their own.

use super::text::{CellValue, GridText};
use super::{Cell, Clue, Grid, Rooms};
use crate::error::Result;
use crate::model::int::{all_different, fix, IntOptions, IntVar};
use crate::model::Model;

/// A set of cells that holds each digit at most once, named for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    /// What it is: `row`, `column`, `box`, `region`, `diagonal`, `cage`.
    pub kind: &'static str,
    /// Its cells, in raster order.
    pub cells: Vec<Cell>,
}

/// The box shape an n×n Sudoku implies (rows × columns of a box): the most nearly square
/// factorisation with no more rows than columns (4 → 2×2, 6 → 2×3, 8 → 2×4, 9 → 3×3,
/// 12 → 3×4, 16 → 4×4); none for a prime side.
pub fn box_shape(n: usize) -> Option<(usize, usize)> {
    let rows = (2..=n)
        .take_while(|r| r * r <= n)
        .filter(|r| n.is_multiple_of(*r))
        .last()?;
    Some((rows, n / rows))
}

/// The boxes of an n×n grid with boxes of `rows × cols` cells, as rooms.
pub fn boxes(grid: Grid, (rows, cols): (usize, usize)) -> Rooms {
    let labels: Vec<usize> = (grid.cells())
        .map(|c| {
            let (r, col) = grid.rc(c);
            (r / rows) * (grid.width / cols) + col / cols
        })
        .collect();
    Rooms::from_labels(grid, &labels).expect("boxes are connected")
}

/// The houses: every row and column, each room as `kind`, and both main diagonals when asked.
pub fn houses(grid: Grid, rooms: &Rooms, kind: &'static str, diagonals: bool) -> Vec<House> {
    let mut out: Vec<House> = (grid
        .rows()
        .into_iter()
        .map(|cells| House { kind: "row", cells }))
    .chain((grid.columns().into_iter()).map(|cells| House {
        kind: "column",
        cells,
    }))
    .chain((rooms.cells.iter().cloned()).map(|cells| House { kind, cells }))
    .collect();
    if diagonals {
        let n = grid.height.min(grid.width);
        let down = (0..n).map(|i| grid.cell(i, i)).collect();
        let up = (0..n).map(|i| grid.cell(n - 1 - i, i)).collect();
        out.push(House {
            kind: "diagonal",
            cells: down,
        });
        out.push(House {
            kind: "diagonal",
            cells: up,
        });
    }
    out
}

/// Reads the header's optional `diagonal` flag (both main diagonals are houses too).
pub fn read_diagonal_flag(t: &GridText, genre: &str) -> Result<bool> {
    match &t.extras[..] {
        [] => Ok(false),
        [x] if x.text.eq_ignore_ascii_case("diagonal") => Ok(true),
        [x, ..] => Err(t.error(x, format!("a {genre} header is `H W`, or `H W diagonal`"))),
    }
}

/// Reads the clue grid as givens: digits 1..=n (n the side), `-` for an empty cell; the grid
/// must be square.
pub fn read_givens(t: &GridText) -> Result<Vec<Option<Clue>>> {
    let n = t.grid.height;
    if t.grid.width != n {
        let at = &t.cells[0];
        let (h, w) = (t.grid.height, t.grid.width);
        return Err(t.error(at, format!("a {h}x{w} grid: digit grids are square")));
    }
    t.map_cells(|_, v| match v {
        CellValue::Empty => Ok(None),
        CellValue::Number(d) if (1..=n as u32).contains(&d) => Ok(Some(Clue::Number(d))),
        _ => Err(format!("expected a digit 1 to {n} or `-`")),
    })
}

/// One integer 1..=n per cell (the answer keys), the givens fixed, all-different per house.
pub fn add_digits(
    model: &mut Model,
    grid: Grid,
    houses: &[House],
    givens: &[Option<Clue>],
    options: &IntOptions,
) -> Vec<IntVar> {
    let n = grid.height as i64;
    let values: Vec<i64> = (1..=n).collect();
    let digits: Vec<IntVar> = (grid.cells())
        .map(|c| IntVar::new(model, &format!("digit[{}]", grid.name(c)), &values, options))
        .collect();
    for x in &digits {
        model.answer_keys.extend(x.key_vars());
    }
    for (c, given) in givens.iter().enumerate() {
        if let Some(Clue::Number(d)) = given {
            fix(
                model,
                &format!("given {}", grid.name(c)),
                &digits[c],
                *d as i64,
            );
        }
    }
    for h in houses {
        let vars: Vec<IntVar> = h.cells.iter().map(|&c| digits[c].clone()).collect();
        let name = format!("{} of {} all different", h.kind, grid.name(h.cells[0]));
        all_different(model, &name, &vars, options);
    }
    digits
}

/// Checks digits against the family's rules: each digit 1..=n, the givens kept, no digit
/// twice in a house; the error names the rule and the cell.
pub fn check_digits(
    grid: Grid,
    houses: &[House],
    givens: &[Option<Clue>],
    digits: &[u32],
) -> std::result::Result<(), String> {
    grid.check_answer_len(digits)?;
    let n = grid.height as u32;
    if let Some(c) = grid.cells().find(|&c| !(1..=n).contains(&digits[c])) {
        return Err(format!(
            "{} holds {}, not a digit 1 to {n}",
            grid.name(c),
            digits[c]
        ));
    }
    if let Some(c) = grid
        .cells()
        .find(|&c| matches!(givens[c], Some(Clue::Number(g)) if g != digits[c]))
    {
        return Err(format!("the given digit at {} is changed", grid.name(c)));
    }
    for h in houses {
        for (i, &a) in h.cells.iter().enumerate() {
            if let Some(&b) = h.cells[i + 1..].iter().find(|&&b| digits[b] == digits[a]) {
                return Err(format!(
                    "{} at {} and {} in the same {}",
                    digits[a],
                    grid.name(a),
                    grid.name(b),
                    h.kind
                ));
            }
        }
    }
    Ok(())
}

/// The first given digit outside 1..=n (a URL can carry any number), as a precheck message.
pub fn given_out_of_range(grid: Grid, givens: &[Option<Clue>]) -> Option<String> {
    let n = grid.height as u32;
    let c = (grid.cells())
        .find(|&c| matches!(givens[c], Some(Clue::Number(d)) if !(1..=n).contains(&d)))?;
    Some(format!(
        "the given at {} is not a digit 1 to {n}",
        grid.name(c)
    ))
}

/// The digits as text rows, space-separated (16×16 has two-digit numbers).
pub fn digit_rows(grid: Grid, digits: &[u32]) -> Vec<String> {
    (grid.rows().iter())
        .map(|row| {
            row.iter()
                .map(|&c| digits[c].to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// The picture: the rooms' walls, the givens (none when `givens` is empty), and the
/// answer's other digits.
pub fn sketch(
    grid: Grid,
    rooms: &Rooms,
    givens: &[Option<Clue>],
    digits: Option<&Vec<u32>>,
) -> crate::render::Sketch {
    let mut sketch = crate::render::Sketch::of(grid).with_rooms(rooms);
    for c in grid.cells() {
        match (givens.get(c).copied().flatten(), digits) {
            (Some(Clue::Number(d)), _) => sketch.given[c].text = Some(d.to_string()),
            (_, Some(digits)) => sketch.answer[c].text = Some(digits[c].to_string()),
            _ => {}
        }
    }
    sketch
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_shapes_follow_the_size() {
        assert_eq!(box_shape(4), Some((2, 2)));
        assert_eq!(box_shape(6), Some((2, 3)));
        assert_eq!(box_shape(8), Some((2, 4)));
        assert_eq!(box_shape(9), Some((3, 3)));
        assert_eq!(box_shape(12), Some((3, 4)));
        assert_eq!(box_shape(16), Some((4, 4)));
        assert_eq!(box_shape(7), None);
        let g = Grid::new(6, 6);
        let b = boxes(g, (2, 3));
        assert_eq!(b.cells.len(), 6);
        assert_eq!(b.cells[1], vec![3, 4, 5, 9, 10, 11]);
    }

    #[test]
    fn the_check_names_the_house_and_cells() {
        let g = Grid::new(2, 2);
        let rooms = Rooms::from_labels(g, &[0, 1, 2, 3]).unwrap();
        let h = houses(g, &rooms, "box", true);
        assert_eq!(
            check_digits(g, &h, &[None; 4], &[1, 2, 2, 1]),
            Err("1 at r1c1 and r2c2 in the same diagonal".into())
        );
        assert_eq!(
            check_digits(g, &h, &[None; 4], &[1, 2, 1, 2]),
            Err("1 at r1c1 and r2c1 in the same column".into())
        );
        assert_eq!(
            check_digits(g, &h, &[None; 4], &[1, 3, 2, 1]),
            Err("r1c2 holds 3, not a digit 1 to 2".into())
        );
        let h = houses(g, &rooms, "box", false);
        assert_eq!(
            check_digits(
                g,
                &h,
                &[Some(Clue::Number(2)), None, None, None],
                &[1, 2, 2, 1]
            ),
            Err("the given digit at r1c1 is changed".into())
        );
        assert_eq!(check_digits(g, &h, &[None; 4], &[1, 2, 2, 1]), Ok(()));
    }
}
