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

/// Reads `https://puzz.link/p?lits/W/H/BORDERS` (also pzv.jp, `_edit`, `v:` tokens).
pub fn parse_url(url: &str) -> Result<Lits> {
    let frame = Frame::parse(url, "lits", MAX_SIDE)?;
    let (grid, mut body) = (frame.grid(), frame.reader());
    let rooms = body.rooms(grid)?;
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
