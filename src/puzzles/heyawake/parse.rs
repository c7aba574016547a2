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
use crate::graph::{adjacency, components, grid_edges};

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
    } else {
        parse_text(source, text)
    }
}

/// Reads the letter-grid text format.
pub fn parse_text(source: &str, text: &str) -> Result<Heyawake> {
    let mut grid: Vec<(usize, Vec<char>)> = Vec::new();
    let mut clue_lines: Vec<(usize, &str)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let t = line.trim_end();
        if t.trim().is_empty() || t.trim_start().starts_with("//") {
            continue;
        }
        if t.contains('=') {
            clue_lines.push((line_no, t));
        } else {
            if !clue_lines.is_empty() {
                return Err(Error::input(
                    source,
                    line_no,
                    1,
                    "grid row after the clue lines; expected clues like `A=2`",
                ));
            }
            if let Some(col) = t.find(char::is_whitespace) {
                return Err(Error::input(
                    source,
                    line_no,
                    t[..col].chars().count() + 1,
                    "space inside a grid row; expected one room label per cell",
                ));
            }
            grid.push((line_no, t.chars().collect()));
        }
    }
    let Some((first_line, first)) = grid.first() else {
        return Err(Error::input(
            source,
            1,
            1,
            "no grid rows; expected rows of room labels",
        ));
    };
    let width = first.len();
    for (line_no, row) in &grid {
        if row.len() != width {
            return Err(Error::input(
                source,
                *line_no,
                row.len().min(width) + 1,
                format!(
                    "ragged grid: this row has {} cells, row at line {first_line} has {width}",
                    row.len()
                ),
            ));
        }
    }
    let height = grid.len();
    let labels: Vec<char> = grid.iter().flat_map(|(_, r)| r.iter().copied()).collect();
    // Each label must name one connected room.
    let edges: Vec<(usize, usize)> = grid_edges(height, width)
        .into_iter()
        .filter(|&(a, b)| labels[a] == labels[b])
        .collect();
    let comps = components(&adjacency(width * height, &edges), |_| true);
    let mut seen: std::collections::HashMap<char, usize> = Default::default();
    for comp in &comps {
        let label = labels[comp[0]];
        if let Some(&other) = seen.get(&label) {
            let cell = comp[0];
            return Err(Error::input(
                source,
                grid[cell / width].0,
                cell % width + 1,
                format!(
                    "room `{label}` is in two pieces (also at line {}, column {}); give each \
                     room its own label",
                    grid[other / width].0,
                    other % width + 1
                ),
            ));
        }
        seen.insert(label, comp[0]);
    }
    let mut clues: std::collections::HashMap<char, Option<u32>> = Default::default();
    for (line_no, line) in clue_lines {
        for (token_col, token) in crate::puzzles::clue_tokens(line) {
            let Some((label, value)) = token.split_once('=') else {
                return Err(Error::input(
                    source,
                    line_no,
                    token_col,
                    format!("`{token}`: expected ROOM=NUMBER"),
                ));
            };
            let mut chars = label.chars();
            let (Some(l), None) = (chars.next(), chars.next()) else {
                return Err(Error::input(
                    source,
                    line_no,
                    token_col,
                    format!("`{label}` is not a single room label"),
                ));
            };
            let Some(&first_cell) = seen.get(&l) else {
                return Err(Error::input(
                    source,
                    line_no,
                    token_col,
                    format!("no room `{l}` in the grid"),
                ));
            };
            let value_col = token_col + label.chars().count() + 1;
            let clue = if value == "?" {
                None
            } else {
                let n: u32 = value.parse().map_err(|_| {
                    Error::input(
                        source,
                        line_no,
                        value_col,
                        format!("`{value}` is not a number or `?`"),
                    )
                })?;
                let size = labels.iter().filter(|&&c| c == l).count();
                if n as usize > size {
                    return Err(Error::input(
                        source,
                        line_no,
                        value_col,
                        format!("clue {n} for room `{l}` is larger than the room ({size} cells)"),
                    ));
                }
                Some(n)
            };
            if clues.insert(l, clue).is_some() {
                return Err(Error::input(
                    source,
                    line_no,
                    token_col,
                    format!("room `{l}` has two clues"),
                ));
            }
            let _ = first_cell;
        }
    }
    let ids: Vec<usize> = labels.iter().map(|&c| c as usize).collect();
    Ok(Heyawake::from_room_ids(
        width,
        height,
        &ids,
        |id| {
            char::from_u32(id as u32)
                .map(String::from)
                .unwrap_or_default()
        },
        |id| {
            char::from_u32(id as u32)
                .and_then(|c| clues.get(&c).copied())
                .flatten()
        },
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
    Ok(Heyawake::from_room_ids(
        width,
        height,
        &ids,
        |id| (id + 1).to_string(),
        |id| clues[id],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cspuz_example_url_decodes_to_eleven_rooms_with_two_clues() {
        let p = parse_url("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k").unwrap();
        assert_eq!((p.width, p.height, p.rooms.len()), (6, 6, 11));
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
