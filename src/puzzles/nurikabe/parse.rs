//! Nurikabe inputs: the generic grid text (numbers, `?`, `-`/`.` for empty cells) and
//! puzz.link URLs (`https://puzz.link/p?nurikabe/W/H/BODY`, the hex number stream).

use super::Nurikabe;
use crate::error::{Error, Result};
use crate::grid::text::GridText;
use crate::grid::Clue;
use crate::url::{self, Frame, Writer};

/// Why a 0 is refused: pzprjs cannot enter it and would read it as `?`, a reading nobody means.
const ZERO: &str = "0 is no island size (a number is 1 or more, `?` for an unknown size)";

/// The largest width and height a nurikabe URL may give.
pub const MAX_SIDE: usize = 200;

/// Reads a text file or a URL, whichever the input is.
pub fn parse(source: &str, text: &str) -> Result<Nurikabe> {
    match url::in_text(text, "nurikabe") {
        Some(url) => parse_url(url),
        None => parse_text(source, text),
    }
}

/// Reads the generic grid text: a number, `?` or `-`/`.` per cell.
pub fn parse_text(source: &str, text: &str) -> Result<Nurikabe> {
    let t = GridText::parse(source, text, false)?;
    let clues = t.map_cells(|_, v| match v.clue()? {
        Some(Clue::Number(0)) => Err(ZERO.to_string()),
        clue => Ok(clue),
    })?;
    Ok(Nurikabe {
        grid: t.grid,
        clues,
    })
}

/// Reads `https://puzz.link/p?nurikabe/W/H/BODY` (also pzv.jp, `v:` tokens, `_edit`/`_play`):
/// one hex-stream item per cell in raster order.
pub fn parse_url(url: &str) -> Result<Nurikabe> {
    let frame = Frame::parse(url, "nurikabe", MAX_SIDE)?;
    let (grid, mut body) = (frame.grid(), frame.reader());
    let items = body.numbers_at(grid.len())?;
    body.expect_end()?;
    if let Some((_, col)) = items.iter().flatten().find(|(c, _)| *c == Clue::Number(0)) {
        return Err(url::error_at(*col, ZERO));
    }
    let clues = items.into_iter().map(|i| i.map(|(clue, _)| clue)).collect();
    Ok(Nurikabe { grid, clues })
}

impl Nurikabe {
    /// The puzzle as its canonical puzz.link URL (what pzprjs writes for it). Fails for sides
    /// above [`MAX_SIDE`] and numbers the stream cannot hold.
    pub fn to_url(&self) -> Result<String> {
        let g = self.grid;
        if g.width.max(g.height) > MAX_SIDE {
            return Err(Error::Invalid(format!(
                "a {}x{} nurikabe has no URL here: puzz.link sides are 1..={MAX_SIDE}",
                g.width, g.height
            )));
        }
        let mut body = Writer::new();
        body.numbers(&self.clues)?;
        Ok(url::url("nurikabe", g.width, g.height, &body.finish()))
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
            "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
            "https://puzz.link/p?nurikabe/6/6/m8n8i9u",
            "https://puzz.link/p?nurikabe/10/10/zj7n7j9n7t7i7n7zj",
            "https://puzz.link/p?nurikabe/30/20/h4gbh7i-12j2m8h3r4u1i2zufgczger1h6l1zr2t1j3kal2zzj1m3zjdk3l1h4u2o3k3zq3t5i1keq9r3zk3g7zczj-10zz3g2j1r3g8j2p4h-10rcj1g5k1",
        ] {
            assert_eq!(parse_url(url).unwrap().to_url().unwrap(), url);
        }
        let p = parse_url("http://pzv.jp/p.html?nurikabe_edit/6/6/m8n8i9u/").unwrap();
        assert_eq!(p.clues[7], Some(Clue::Number(8)));
        assert_eq!(
            p.to_url().unwrap(),
            "https://puzz.link/p?nurikabe/6/6/m8n8i9u"
        );
    }

    #[test]
    fn the_grid_text_reads_numbers_question_marks_and_blanks() {
        let p = parse("t.txt", "2 3\n1 - ?\n. 10 -\n").unwrap();
        let n = |v| Some(Clue::Number(v));
        assert_eq!(
            p.clues,
            vec![n(1), None, Some(Clue::Unknown), None, n(10), None]
        );
        assert_eq!(
            p.to_url().unwrap(),
            "https://puzz.link/p?nurikabe/3/2/1g.gag"
        );
        let e = parse("t.txt", "1 x\n- -\n").unwrap_err();
        assert!(
            e.to_string().starts_with("t.txt:1:3: `x` is not a clue"),
            "{e}"
        );
    }

    #[test]
    fn bad_urls_name_the_column() {
        let e = parse_url("https://puzz.link/p?nurikabe/2/2/0!").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("URL:1:35: unexpected character `!`"),
            "{e}"
        );
        let e = parse_url("https://puzz.link/p?nurikabe/2/2/11111").unwrap_err();
        assert!(
            e.to_string().starts_with("URL:1:38: unexpected `1` after"),
            "{e}"
        );
        let e = parse_url("https://puzz.link/p?nurikabe/2/2/k").unwrap_err();
        assert!(e.to_string().contains("skips 5 items but only 4"), "{e}");
        // pzprjs cannot enter a 0 (and would read one as `?`): refused, in a URL and in text.
        let e = parse_url("https://puzz.link/p?nurikabe/2/2/g0h").unwrap_err();
        assert!(
            e.to_string().starts_with("URL:1:35: 0 is no island size"),
            "{e}"
        );
        let e = parse_text("t", "2 2\n1 -\n- 0\n").unwrap_err();
        assert!(
            e.to_string().starts_with("t:3:3: 0 is no island size"),
            "{e}"
        );
        let wide = Nurikabe {
            grid: Grid::new(1, 201),
            clues: vec![None; 201],
        };
        assert!(wide.to_url().unwrap_err().to_string().contains("1..=200"));
    }

    fn puzzle() -> impl Strategy<Value = Nurikabe> {
        (1usize..9, 1usize..9).prop_flat_map(|(h, w)| {
            let clue = prop_oneof![
                4 => Just(None),
                1 => Just(Some(Clue::Unknown)),
                2 => (1u32..5000).prop_map(|n| Some(Clue::Number(n))),
            ];
            proptest::collection::vec(clue, h * w).prop_map(move |clues| Nurikabe {
                grid: Grid::new(h, w),
                clues,
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
