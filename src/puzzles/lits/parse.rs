//! LITS inputs: the generic grid text (the room-id grid, alone or after an empty clue grid) and
//! puzz.link URLs `https://puzz.link/p?lits/W/H/BORDERS`.

use super::Lits;
use crate::error::Result;
use crate::grid::text::GridText;
use crate::url::{self, Frame, Writer};

/// The largest width and height a LITS URL may give.
pub const MAX_SIDE: usize = 200;

/// Reads a text file or a URL, whichever the input is.
pub fn parse(source: &str, text: &str) -> Result<Lits> {
    match url::in_text(text, "lits") {
        Some(url) => parse_url(url),
        None => parse_text(source, text),
    }
}

/// Reads the generic grid text: an optional `H W` header and the room-id grid, alone or after
/// a clue grid of `-`.
pub fn parse_text(source: &str, text: &str) -> Result<Lits> {
    let t = GridText::parse_rooms_only(source, text)?;
    if let Some(extra) = t.extras.first() {
        return Err(t.error(extra, "a LITS header is `H W`, nothing more"));
    }
    let rooms = t.rooms()?;
    Ok(Lits {
        grid: t.grid,
        rooms,
    })
}

/// Reads `https://puzz.link/p?lits/W/H/BORDERS` (also pzv.jp, `_edit`, a flag field), and
/// pzprjs's old form `lits/d/W/H/LABELS` (flag `d`: one room label per cell).
pub fn parse_url(url: &str) -> Result<Lits> {
    let frame = Frame::parse(url, "lits", MAX_SIDE)?;
    let (grid, mut body) = (frame.grid(), frame.reader());
    let rooms = if frame.flags.contains('d') {
        body.room_labels(grid)?
    } else {
        body.rooms(grid)?
    };
    body.expect_end()?;
    Ok(Lits { grid, rooms })
}

impl Lits {
    /// The puzzle as its canonical puzz.link URL (what pzprjs writes for it).
    pub fn to_url(&self) -> Result<String> {
        let mut body = Writer::new();
        body.rooms(self.grid, &self.rooms);
        url::sized_url("lits", self.grid, MAX_SIDE, &body.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Rooms};

    const CSPUZ: &str = "https://puzz.link/p?lits/10/10/08p0i3jbhmjg5j5ik048rgtr8q1e5gkf9hnu";

    #[test]
    fn published_urls_are_written_back_byte_for_byte() {
        for url in [CSPUZ, "https://puzz.link/p?lits/4/4/9q02jg"] {
            assert_eq!(parse_url(url).unwrap().to_url().unwrap(), url);
        }
        let variant = "http://pzv.jp/p.html?lits_edit/10/10/08p0i3jbhmjg5j5ik048rgtr8q1e5gkf9hnu/";
        assert_eq!(parse_url(variant).unwrap().to_url().unwrap(), CSPUZ);
    }

    #[test]
    fn the_old_form_with_one_label_per_cell_reads_the_same_rooms() {
        // pzprjs's 4x4 (`4/4/9q02jg`), its room ids as labels; a label in two separate parts
        // (the `a`s of the 1x5) is two rooms.
        let old = parse_url("http://pzv.jp/p.html?lits/d/4/4/0011001201122222").unwrap();
        assert_eq!(
            old,
            parse_url("https://puzz.link/p?lits/4/4/9q02jg").unwrap()
        );
        assert_eq!(old.to_url().unwrap(), "https://puzz.link/p?lits/4/4/9q02jg");
        assert_eq!(parse_url("p?lits/d/5/1/aabaa").unwrap().rooms.len(), 3);
        let e = parse_url("p?lits/d/4/4/00110012011").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("URL:1:25: the room labels stop after 11 of the grid's 16"),
            "{e}"
        );
        // Without the flag the labels are border digits.
        assert!(parse_url("p?lits/4/4/0011001201122222").is_err());
    }

    #[test]
    fn the_room_id_text_reads_the_same_puzzle_as_its_url() {
        let text = include_str!("../../../models/lits/cspuz_10x10.txt");
        assert_eq!(
            parse("cspuz_10x10.txt", text).unwrap(),
            parse_url(CSPUZ).unwrap()
        );
        let url_file = include_str!("../../../models/lits/cspuz_10x10.url");
        assert_eq!(
            parse("cspuz_10x10.url", url_file).unwrap(),
            parse_url(CSPUZ).unwrap()
        );
    }

    #[test]
    fn bad_inputs_name_line_and_column() {
        let e = parse_text("f", "2 2 1\na a\na a\n").unwrap_err();
        assert!(
            e.to_string().starts_with("f:1:5: a LITS header is `H W`"),
            "{e}"
        );
        let e = parse_text("f", "a b\nb a\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("f:2:1: room `b` is in two pieces"),
            "{e}"
        );
        let e = parse_text("f", "- 1\n- -\n\na a\na a\n").unwrap_err();
        assert!(
            e.to_string().starts_with("f:1:3: this genre has no clues"),
            "{e}"
        );
        let e = parse_url("https://puzz.link/p?lits/4/4/9q02j").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("URL:1:35: the border digits stop"),
            "{e}"
        );
        let e = parse_url("https://puzz.link/p?lits/4/4/9q02jg0").unwrap_err();
        assert!(e.to_string().starts_with("URL:1:36: unexpected `0`"), "{e}");
        let e = parse_url("https://puzz.link/p?lits/4/x/9q02jg").unwrap_err();
        assert!(
            e.to_string().starts_with("URL:1:28: expected the height"),
            "{e}"
        );
    }

    mod round_trip {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn decode_of_encode_is_the_puzzle(
                (h, w, walls) in (1usize..9, 1usize..9).prop_flat_map(|(h, w)| {
                    let n = (w - 1) * h + w * (h - 1);
                    (Just(h), Just(w), proptest::collection::vec(any::<bool>(), n))
                })
            ) {
                let grid = Grid::new(h, w);
                let (v, hz) = walls.split_at((w - 1) * h);
                let p = Lits { grid, rooms: Rooms::from_walls(grid, v, hz) };
                let url = p.to_url().unwrap();
                let back = parse_url(&url).unwrap();
                prop_assert_eq!(&back, &p);
                prop_assert_eq!(back.to_url().unwrap(), url);
            }
        }
    }
}
