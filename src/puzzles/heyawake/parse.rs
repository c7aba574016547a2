//! Heyawake inputs: the seed's letter-grid text and puzz.link / pzv.jp URLs.
//!
//! Text format (one grid row per line, one character per cell naming its room; every room must
//! be orthogonally connected; then clue lines `A=2 I=5 K=? …`; blank lines and lines starting
//! with `//` are ignored):
//! ```text
//! AABCCCDDDD
//! AABCCCEEEF
//! ...
//! A=2 I=5 K=0 L=1 N=2 O=1 P=2 U=3
//! ```

use super::Heyawake;
use crate::error::{Error, Result};
use crate::graph::{adjacency, components};
use crate::grid::text::{cell_value, looks_generic, CellValue, GridText, LetterGrid};
use crate::grid::{Grid, Rooms};

/// Reads a text file or a URL, whichever the input is.
pub fn parse(source: &str, text: &str) -> Result<Heyawake> {
    // A file may hold a URL under `//` comment lines (its source and attribution).
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .unwrap_or("");
    if first.starts_with("http://") || first.starts_with("https://") || first.contains("?heyawake")
    {
        parse_url(first)
    } else if looks_generic(text) {
        parse_generic(source, text)
    } else {
        parse_text(source, text)
    }
}

/// A room's clue from a cell value: a number up to the room's size, or none.
fn room_clue(value: CellValue, size: usize) -> std::result::Result<Option<u32>, String> {
    match value {
        CellValue::Empty | CellValue::Unknown => Ok(None),
        CellValue::Number(n) if n as usize > size => {
            Err(format!("clue {n} is larger than the room ({size} cells)"))
        }
        CellValue::Number(n) => Ok(Some(n)),
        CellValue::Other(x) => Err(format!("`{x}` is not a clue (a number, `-` or `?`)")),
    }
}

/// Reads the generic grid text: a clue grid (a room's number in any one of its cells) and
/// a room-id grid.
pub fn parse_generic(source: &str, text: &str) -> Result<Heyawake> {
    let t = GridText::parse(source, text, true)?;
    let rooms = t.rooms()?;
    let mut clues: Vec<Option<u32>> = vec![None; rooms.len()];
    t.map_cells(|c, v| {
        let room = rooms.room_of[c];
        match room_clue(v, rooms.cells[room].len())? {
            Some(_) if clues[room].is_some() => Err("a second clue in the same room".into()),
            clue => {
                clues[room] = clues[room].or(clue);
                Ok(())
            }
        }
    })?;
    Ok(Heyawake::new(
        t.grid,
        rooms,
        |r| (r + 1).to_string(),
        |r| clues[r],
    ))
}

/// Reads the letter-grid text format.
pub fn parse_text(source: &str, text: &str) -> Result<Heyawake> {
    let t = LetterGrid::parse(source, text)?;
    let mut clues = vec![None; t.rooms.len()];
    for (room, value) in &t.values {
        let clue = room_clue(cell_value(&value.text), t.rooms.cells[*room].len());
        clues[*room] = clue.map_err(|m| Error::input(source, value.line, value.col, m))?;
    }
    Ok(Heyawake::new(
        t.grid,
        t.rooms.clone(),
        |r| t.label(r),
        |r| clues[r],
    ))
}

/// A URL error at a character position (1-based column of the whole URL).
fn url_error(col: usize, message: impl Into<String>) -> Error {
    Error::input("URL", 1, col, message)
}

/// Reads `https://puzz.link/p?heyawake/W/H/BODY` (also pzv.jp, `v:` tokens, `_edit`/`_play`).
pub fn parse_url(url: &str) -> Result<Heyawake> {
    let query_start = url.find('?').map_or(0, |i| i + 1);
    let query = &url[query_start..];
    let mut parts: Vec<(usize, &str)> = Vec::new();
    let mut offset = query_start;
    for part in query.split('/') {
        parts.push((offset, part));
        offset += part.len() + 1;
    }
    let mut it = parts.into_iter().filter(|(_, p)| !p.starts_with("v:"));
    let (gcol, genre) = it
        .next()
        .ok_or_else(|| url_error(1, "empty URL; expected ...?heyawake/W/H/BODY"))?;
    let genre_name = genre
        .trim_end_matches("_edit")
        .trim_end_matches("_play")
        .trim_end_matches("_test");
    if genre_name != "heyawake" {
        return Err(url_error(
            gcol + 1,
            format!("`{genre}` is not a heyawake URL; expected ...?heyawake/W/H/BODY"),
        ));
    }
    let mut number = |what: &str| -> Result<(usize, usize)> {
        let (col, tok) = it
            .next()
            .ok_or_else(|| url_error(url.len() + 1, format!("URL ends before the {what}")))?;
        let n: usize = tok.parse().map_err(|_| {
            url_error(
                col + 1,
                format!("`{tok}` is not a {what} (a positive number)"),
            )
        })?;
        if n == 0 || n > 200 {
            return Err(url_error(
                col + 1,
                format!("{what} {n} is out of range 1..=200"),
            ));
        }
        Ok((col, n))
    };
    let (_, width) = number("width")?;
    let (_, height) = number("height")?;
    let (body_col, body) = it.next().unwrap_or((url.len(), ""));
    let body: Vec<char> = body.chars().collect();
    let col_of = |i: usize| body_col + i + 1;

    let nv = (width - 1) * height;
    let nh = width * (height - 1);
    let read_bits = |start: usize, count: usize| -> Result<(Vec<bool>, usize)> {
        let chars = count.div_ceil(5);
        let mut bits = Vec::with_capacity(chars * 5);
        for i in 0..chars {
            let v = match body.get(start + i) {
                None => 0,
                Some(&ch) => ch.to_digit(32).ok_or_else(|| {
                    url_error(
                        col_of(start + i),
                        format!("`{ch}` is not a border digit (0-9, a-v)"),
                    )
                })?,
            };
            for b in (0..5).rev() {
                bits.push(v >> b & 1 == 1);
            }
        }
        bits.truncate(count);
        Ok((bits, start + chars))
    };
    let (vertical, pos) = read_bits(0, nv)?;
    let (horizontal, pos) = read_bits(pos, nh)?;
    let mut edges = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let c = y * width + x;
            if x + 1 < width && !vertical[y * (width - 1) + x] {
                edges.push((c, c + 1));
            }
            if y + 1 < height && !horizontal[y * width + x] {
                edges.push((c, c + width));
            }
        }
    }
    let comps = components(&adjacency(width * height, &edges), |_| true);
    let mut ids = vec![0; width * height];
    for (r, comp) in comps.iter().enumerate() {
        for &c in comp {
            ids[c] = r;
        }
    }
    let mut clues: Vec<Option<u32>> = vec![None; comps.len()];
    let mut room = 0;
    let mut i = pos;
    let hex = |from: usize, len: usize| -> Result<u32> {
        let digits: String = body
            .get(from..from + len)
            .map(|s| s.iter().collect())
            .ok_or_else(|| {
                url_error(
                    col_of(body.len()),
                    format!("clue cut short: expected {len} hex digits"),
                )
            })?;
        u32::from_str_radix(&digits, 16)
            .map_err(|_| url_error(col_of(from), format!("`{digits}` is not hexadecimal")))
    };
    while room < comps.len() && i < body.len() {
        let ch = body[i];
        match ch {
            '0'..='9' | 'a'..='f' => {
                clues[room] = Some(ch.to_digit(16).unwrap_or(0));
                room += 1;
                i += 1;
            }
            '-' => {
                clues[room] = Some(hex(i + 1, 2)?);
                room += 1;
                i += 3;
            }
            '+' => {
                clues[room] = Some(hex(i + 1, 3)?);
                room += 1;
                i += 4;
            }
            '.' => {
                room += 1;
                i += 1;
            }
            'g'..='z' => {
                room += (ch as usize) - ('g' as usize) + 1;
                i += 1;
            }
            _ => {
                return Err(url_error(
                    col_of(i),
                    format!("`{ch}` is not a clue (0-f, -hh, +hhh, ., g-z)"),
                ))
            }
        }
    }
    for (r, comp) in comps.iter().enumerate() {
        if let Some(n) = clues[r] {
            if n as usize > comp.len() {
                return Err(url_error(
                    body_col + 1,
                    format!(
                        "clue {n} of room {} (first cell r{}c{}) is larger than the room ({} cells)",
                        r + 1,
                        comp[0] / width + 1,
                        comp[0] % width + 1,
                        comp.len()
                    ),
                ));
            }
        }
    }
    let rooms = Rooms {
        room_of: ids,
        cells: comps,
    };
    Ok(Heyawake::new(
        Grid::new(height, width),
        rooms,
        |r| (r + 1).to_string(),
        |r| clues[r],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cspuz_example_url_decodes_to_eleven_rooms_with_two_clues() {
        let p = parse_url("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k").unwrap();
        assert_eq!((p.grid.width, p.grid.height, p.rooms.len()), (6, 6, 11));
        // Rooms numbered from 0 in raster order of their first cell, as the spec counts them.
        let clued: Vec<(usize, u32)> = p
            .rooms
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.clue.map(|c| (i, c)))
            .collect();
        assert_eq!(clued, vec![(1, 2), (5, 3)]);
    }

    #[test]
    fn full_width_space_separates_clues_and_errors_point_at_the_right_column() {
        // Japanese input often separates with U+3000 (three bytes); columns are counted in chars.
        let p = parse_text("t.txt", "AB\nAB\nA=1\u{3000}B=0\n").unwrap();
        let clues: Vec<Option<u32>> = p.rooms.iter().map(|r| r.clue).collect();
        assert_eq!(clues, vec![Some(1), Some(0)]);
        let e = parse_text("t.txt", "AB\nAB\nA=1\u{3000}C=0\n").unwrap_err();
        assert!(e.to_string().contains("t.txt:3:5"), "{e}");
    }

    #[test]
    fn truncated_stream_means_zero_bits_and_no_clues() {
        let p = parse_url("https://puzz.link/p?heyawake/3/3/").unwrap();
        assert_eq!(p.rooms.len(), 1);
        assert_eq!(p.rooms[0].clue, None);
    }

    #[test]
    fn pzv_and_edit_suffix_and_version_token_are_tolerated() {
        let a = parse_url("http://pzv.jp/p.html?heyawake/6/6/aa66aapv0fu0g2i3k").unwrap();
        let b = parse_url("https://puzz.link/p?heyawake_edit/v:/6/6/aa66aapv0fu0g2i3k").unwrap();
        let c = parse_url("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k").unwrap();
        assert_eq!(a, c);
        assert_eq!(b, c);
    }

    #[test]
    fn bad_urls_name_the_column() {
        let e = parse_url("https://puzz.link/p?heyawake/6/x/aa").unwrap_err();
        assert!(matches!(e, Error::Input { col: 32, .. }), "{e}");
        let e = parse_url("https://puzz.link/p?heyawake/2/2/!").unwrap_err();
        assert!(e.to_string().contains("not a border digit"), "{e}");
        let e = parse_url("https://puzz.link/p?nurikabe/2/2/00").unwrap_err();
        assert!(e.to_string().contains("not a heyawake URL"), "{e}");
        let e = parse_url("https://puzz.link/p?heyawake/2/2/009").unwrap_err();
        assert!(e.to_string().contains("larger than the room"), "{e}");
    }

    #[test]
    fn the_generic_grid_text_reads_the_same_puzzle_as_the_letter_grid() {
        let letters =
            parse_text("s", include_str!("../../../models/heyawake/seed004.txt")).unwrap();
        let generic = include_str!("../../../models/heyawake/seed004.grid.txt");
        let p = parse("seed004.grid.txt", generic).unwrap();
        assert_eq!(p.room_of, letters.room_of);
        let clues = |h: &Heyawake| h.rooms.iter().map(|r| r.clue).collect::<Vec<_>>();
        assert_eq!(clues(&p), clues(&letters));
    }

    #[test]
    fn generic_text_errors_name_line_and_column() {
        let e = parse("g", "2 2\n1 -\n2 -\n\na a\na a\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("g:3:1: a second clue in the same room"),
            "{e}"
        );
        let e = parse("g", "2 2\n5 -\n- -\n\na a\nb b\n").unwrap_err();
        assert!(e.to_string().starts_with("g:2:1: clue 5 is larger"), "{e}");
        let e = parse("g", "2 2\nx -\n- -\n\na a\nb b\n").unwrap_err();
        assert!(e.to_string().starts_with("g:2:1: `x` is not a clue"), "{e}");
    }

    #[test]
    fn text_errors_name_line_and_column() {
        let e = parse_text("f.txt", "AAB\nAB\n").unwrap_err();
        assert!(e.to_string().starts_with("f.txt:2:3: ragged grid"), "{e}");
        let e = parse_text("f.txt", "AB\nAB\nA=5\n").unwrap_err();
        assert!(e.to_string().starts_with("f.txt:3:3: clue 5"), "{e}");
        let e = parse_text("f.txt", "AB\nAB\nC=1\n").unwrap_err();
        assert!(e.to_string().contains("no room `C`"), "{e}");
        let e = parse_text("f.txt", "ABA\nBBB\n").unwrap_err();
        assert!(e.to_string().contains("two pieces"), "{e}");
        let e = parse_text("f.txt", "AB\nAB\nA=x\n").unwrap_err();
        assert!(e.to_string().starts_with("f.txt:3:3:"), "{e}");
        assert!(parse_text("f.txt", "\n\n").is_err());
    }
}
