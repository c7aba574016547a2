//! Hitori inputs: the generic grid text (a number, `?` or `-`/`.` per cell) and puzz.link URLs
//! (`https://puzz.link/p?hitori/W/H/BODY`, one number per cell).

use super::Hitori;
use crate::error::{Error, Result};
use crate::grid::text::GridText;
use crate::url::{self, Frame, Writer};

/// The largest width and height a hitori URL may give.
pub const MAX_SIDE: usize = 200;

/// Reads a text file or a URL, whichever the input is.
pub fn parse(source: &str, text: &str) -> Result<Hitori> {
    match url::in_text(text, "hitori") {
        Some(url) => parse_url(url),
        None => parse_text(source, text),
    }
}

/// Reads the generic grid text: a number, `?` or `-`/`.` per cell.
pub fn parse_text(source: &str, text: &str) -> Result<Hitori> {
    let t = GridText::parse(source, text, false)?;
    let numbers = t.map_cells(|_, v| v.clue())?;
    Ok(Hitori {
        grid: t.grid,
        numbers,
    })
}

/// Reads `https://puzz.link/p?hitori/W/H/BODY` (also pzv.jp, `v:` tokens, `_edit`/`_play`).
pub fn parse_url(url: &str) -> Result<Hitori> {
    let frame = Frame::parse(url, "hitori", MAX_SIDE)?;
    let (grid, mut body) = (frame.grid(), frame.reader());
    let numbers = body.cell_numbers(grid.len())?;
    body.expect_end()?;
    Ok(Hitori { grid, numbers })
}

impl Hitori {
    /// The puzzle as its canonical puzz.link URL (what pzprjs writes for it). Fails for sides
    /// above [`MAX_SIDE`] and numbers above [`url::MAX_CELL_NUMBER`].
    pub fn to_url(&self) -> Result<String> {
        let g = self.grid;
        if g.width.max(g.height) > MAX_SIDE {
            return Err(Error::Invalid(format!(
                "a {}x{} hitori has no URL here: puzz.link sides are 1..={MAX_SIDE}",
                g.width, g.height
            )));
        }
        let mut body = Writer::new();
        body.cell_numbers(&self.numbers)?;
        Ok(url::url("hitori", g.width, g.height, &body.finish()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Clue, Grid};
    use proptest::prelude::*;

    #[test]
    fn published_urls_are_written_back_byte_for_byte() {
        for url in [
            "https://puzz.link/p?hitori/4/4/1114142333214213",
            "https://puzz.link/p?hitori/6/5/111.45.2..453.3.1..2....3.3.1.",
            "https://puzz.link/p?hitori/10/10/1174453399113445756a2345678aa82513328aa85417a698323227a9411566517a43236688115329986a115274aa99886611",
        ] {
            assert_eq!(parse_url(url).unwrap().to_url().unwrap(), url);
        }
        let p = parse_url("http://pzv.jp/p.html?hitori_edit/3/1/%-10/").unwrap();
        let expected = vec![Some(Clue::Unknown), Some(Clue::Number(36)), None];
        assert_eq!(p.numbers, expected);
        assert_eq!(p.to_url().unwrap(), "https://puzz.link/p?hitori/3/1/@-10.");
    }

    #[test]
    fn the_grid_text_reads_a_grid_of_numbers_with_or_without_a_header() {
        let p = parse("t.txt", "2 1\n1\n2\n").unwrap();
        assert_eq!(
            (p.grid.height, p.grid.width),
            (2, 1),
            "`2 1`, two rows of one: a header"
        );
        let p = parse("t.txt", "2 1\n1 2\n").unwrap();
        assert_eq!(
            (p.grid.height, p.grid.width),
            (2, 2),
            "rows of one length: all numbers"
        );
        let q = parse("t.txt", "1 1 2\n2 ? 1\n").unwrap();
        assert_eq!((q.grid.height, q.grid.width), (2, 3));
        assert_eq!(q.to_url().unwrap(), "https://puzz.link/p?hitori/3/2/1122@1");
        let e = parse("t.txt", "1 2\n2 x\n").unwrap_err();
        assert!(
            e.to_string().starts_with("t.txt:2:3: `x` is not a clue"),
            "{e}"
        );
    }

    #[test]
    fn bad_urls_name_the_column() {
        let e = parse_url("https://puzz.link/p?hitori/2/2/12!").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("URL:1:34: unexpected character `!`"),
            "{e}"
        );
        let e = parse_url("https://puzz.link/p?hitori/2/2/12345").unwrap_err();
        assert!(
            e.to_string().starts_with("URL:1:36: unexpected `5` after"),
            "{e}"
        );
        let wide = Hitori {
            grid: Grid::new(1, 201),
            numbers: vec![None; 201],
        };
        assert!(wide.to_url().unwrap_err().to_string().contains("1..=200"));
    }

    fn puzzle() -> impl Strategy<Value = Hitori> {
        (1usize..9, 1usize..9).prop_flat_map(|(h, w)| {
            let number = prop_oneof![
                1 => Just(None),
                1 => Just(Some(Clue::Unknown)),
                6 => (0u32..=url::MAX_CELL_NUMBER).prop_map(|n| Some(Clue::Number(n))),
            ];
            proptest::collection::vec(number, h * w).prop_map(move |numbers| Hitori {
                grid: Grid::new(h, w),
                numbers,
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
