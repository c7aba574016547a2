//! Masyu inputs: the generic grid text (`w`/`b` pearls, `-`/`.` empty) and puzz.link URLs
//! (`mashu`, or its aliases `masyu` and `pearl`: circles, three cells per base-27 digit).

use super::{Masyu, Pearl};
use crate::error::{Error, Result};
use crate::grid::text::{CellValue, GridText};
use crate::url::{self, Frame, Writer};

/// The names pzprjs reads a masyu URL by; the first is the one it writes.
pub const URL_NAMES: [&str; 3] = ["mashu", "masyu", "pearl"];

/// The largest width and height a masyu URL may give.
pub const MAX_SIDE: usize = 200;

/// Reads a URL or the generic grid text, whichever the input is.
pub fn parse(source: &str, text: &str) -> Result<Masyu> {
    let url = URL_NAMES.iter().find_map(|name| url::in_text(text, name));
    match url {
        Some(url) => parse_url(url),
        None => parse_text(source, text),
    }
}

/// Reads the generic grid text: one token per cell, `w` (white), `b` (black), or `-`/`.`.
pub fn parse_text(source: &str, text: &str) -> Result<Masyu> {
    let t = GridText::parse(source, text, false)?;
    let pearls = t.map_cells(|_, value| match value {
        CellValue::Empty => Ok(None),
        CellValue::Other(x) if x.eq_ignore_ascii_case("w") => Ok(Some(Pearl::White)),
        CellValue::Other(x) if x.eq_ignore_ascii_case("b") => Ok(Some(Pearl::Black)),
        other => {
            let token = match other {
                CellValue::Number(n) => n.to_string(),
                CellValue::Other(x) => x,
                _ => "?".into(),
            };
            Err(format!(
                "`{token}` is not a pearl: expected `w`, `b`, `-` or `.`"
            ))
        }
    })?;
    Ok(Masyu {
        grid: t.grid,
        pearls,
    })
}

/// Reads `https://puzz.link/p?mashu/W/H/BODY`: the pearls as base-27 circles.
pub fn parse_url(url: &str) -> Result<Masyu> {
    let frame = Frame::parse_named(url, &URL_NAMES, MAX_SIDE)?;
    let (grid, mut body) = (frame.grid(), frame.reader());
    let pearls = body.circles(grid.len())?;
    body.expect_end()?;
    Ok(Masyu { grid, pearls })
}

impl Masyu {
    /// The puzzle as its canonical puzz.link URL (what pzprjs writes for it).
    pub fn to_url(&self) -> Result<String> {
        let g = self.grid;
        if g.width.max(g.height) > MAX_SIDE {
            return Err(Error::Invalid(format!(
                "a {}x{} masyu has no URL here: puzz.link sides are 1..={MAX_SIDE}",
                g.width, g.height
            )));
        }
        let mut body = Writer::new();
        body.circles(&self.pearls);
        Ok(url::url(URL_NAMES[0], g.width, g.height, &body.finish()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use proptest::prelude::*;

    #[test]
    fn published_urls_are_written_back_byte_for_byte() {
        for url in [
            "https://puzz.link/p?mashu/6/6/1063000i3000",
            "https://puzz.link/p?mashu/13/9/013009k10a3a39310c9313693i016030j039a20",
        ] {
            assert_eq!(parse_url(url).unwrap().to_url().unwrap(), url);
        }
        // cspuz writes `masyu`, pzv.jp and play links add their own decorations.
        for alias in [
            "https://puzz.link/p?masyu/10/10/0600003i06b1300600000a30600i090330",
            "http://pzv.jp/p.html?pearl_play/v:/10/10/0600003i06b1300600000a30600i090330/",
        ] {
            let url = parse_url(alias).unwrap().to_url().unwrap();
            assert_eq!(
                url,
                "https://puzz.link/p?mashu/10/10/0600003i06b1300600000a30600i090330"
            );
        }
    }

    #[test]
    fn the_generic_text_reads_the_same_puzzle_as_the_url() {
        // pzprjs's 6×6: white at r1c3, r2c5, r5c2; black at r2c2, r4c4.
        let text = "// pzprjs 6x6\n- - w - - -\n- b - - W -\n. . . . . .\n- - - B - -\n- w - - - -\n- - - - - -\n";
        let from_url = parse_url("https://puzz.link/p?mashu/6/6/1063000i3000").unwrap();
        assert_eq!(parse("t.txt", text).unwrap(), from_url);
        let file = "// from pzprjs\nhttps://puzz.link/p?masyu/6/6/1063000i3000\n";
        assert_eq!(parse("u", file).unwrap(), from_url);
    }

    #[test]
    fn bad_text_and_urls_name_the_position() {
        let e = parse("t.txt", "2 2\nw -\n- 3\n").unwrap_err().to_string();
        assert!(e.starts_with("t.txt:3:3: `3` is not a pearl"), "{e}");
        let e = parse("t.txt", "w ?\n- -\n").unwrap_err().to_string();
        assert!(e.starts_with("t.txt:1:3: `?` is not a pearl"), "{e}");
        let e = parse_url("https://puzz.link/p?mashu/3/2/0z")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("URL:1:32: `z` is not a circle digit"), "{e}");
        let e = parse_url("https://puzz.link/p?mashu/3/2/0")
            .unwrap_err()
            .to_string();
        assert!(e.contains("stop after 1 of their 2"), "{e}");
        let e = parse_url("https://puzz.link/p?mashu/3/1/00")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("URL:1:32: unexpected `0`"), "{e}");
    }

    #[test]
    fn oversized_grids_have_no_url() {
        let tall = Masyu {
            grid: Grid::new(201, 1),
            pearls: vec![None; 201],
        };
        assert!(tall.to_url().unwrap_err().to_string().contains("1..=200"));
    }

    fn puzzle() -> impl Strategy<Value = Masyu> {
        (1usize..12, 1usize..12).prop_flat_map(|(h, w)| {
            let pearl = prop_oneof![
                3 => Just(None),
                1 => Just(Some(Pearl::White)),
                1 => Just(Some(Pearl::Black)),
            ];
            proptest::collection::vec(pearl, h * w).prop_map(move |pearls| Masyu {
                grid: Grid::new(h, w),
                pearls,
            })
        })
    }

    proptest! {
        #[test]
        fn decode_of_encode_is_the_puzzle(p in puzzle()) {
            let url = p.to_url().unwrap();
            let back = parse_url(&url).unwrap();
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(back.to_url().unwrap(), url);
        }
    }
}
