//! A puzzle input as users give it: a file, standard input, or a pasted URL, read into text
//! with where it came from.

use crate::error::{Error, Result};

/// A puzzle input: its text and where it came from.
#[derive(Clone, Debug, Default)]
pub struct Input {
    /// The file path, `-` for standard input, or `URL`.
    pub source: String,
    /// The text (the URL itself for URLs).
    pub text: String,
}

impl Input {
    /// Reads an input argument the way users paste it: a puzz.link / pzv.jp URL (with or
    /// without its scheme, surrounding spaces, percent-encoded as browsers copy it), `-` for
    /// standard input, or a file path. An existing file wins over a URL reading of the same text.
    pub fn read(arg: &str) -> Result<Input> {
        Input::read_with(arg, Input::url)
    }

    /// Like [`Input::read`], with `inline` recognising the arguments that hold their puzzle
    /// themselves (URLs, a genre's own inline notation such as fumen).
    pub fn read_with(arg: &str, inline: impl Fn(&str) -> Option<Input>) -> Result<Input> {
        let path = std::path::Path::new(arg);
        if arg != "-" && !path.exists() {
            if let Some(input) = inline(arg) {
                return Ok(input);
            }
        }
        let bytes = if arg == "-" {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
                .map_err(|e| Error::Io(format!("cannot read standard input: {e}")))?;
            bytes
        } else {
            std::fs::read(arg).map_err(|e| Error::Io(format!("cannot read {arg}: {e}")))?
        };
        Ok(Input {
            source: arg.to_string(),
            text: utf8_text(arg, bytes)?,
        })
    }

    /// A pasted puzz.link / pzv.jp URL in its canonical form, read without looking at any
    /// file; `None` for anything else.
    pub fn url(arg: &str) -> Option<Input> {
        pasted_url(arg).map(|url| Input {
            source: "URL".into(),
            text: url,
        })
    }

    /// An argument that is its own text (`source` `URL`), such as a fumen string.
    pub fn given(arg: &str) -> Input {
        Input {
            source: "URL".into(),
            text: arg.trim().to_string(),
        }
    }
}

/// The canonical form of a pasted puzz.link / pzv.jp URL: trimmed, percent-decoded, with a
/// scheme; `None` when the text is not such a URL.
fn pasted_url(arg: &str) -> Option<String> {
    let decoded = percent_encoding::percent_decode_str(arg.trim())
        .decode_utf8()
        .ok()?;
    let bare = (decoded.strip_prefix("https://"))
        .or_else(|| decoded.strip_prefix("http://"))
        .unwrap_or(&decoded);
    let known = [
        "puzz.link/",
        "pzv.jp/",
        "www.puzz.link/",
        "pzprxs.vercel.app/",
    ];
    if known.iter().any(|host| bare.starts_with(host)) && bare.contains('?') {
        Some(format!("https://{bare}"))
    } else if decoded.starts_with("http://") || decoded.starts_with("https://") {
        Some(decoded.into_owned())
    } else {
        None
    }
}

/// The bytes of an input as text; bytes that are not UTF-8 are an input error at their line,
/// column and byte offset.
pub fn utf8_text(source: &str, bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let before = String::from_utf8_lossy(&e.as_bytes()[..bad]);
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Error::input(
            source,
            line,
            col,
            format!(
                "byte 0x{:02x} at byte offset {bad} is not UTF-8 text (save the file as UTF-8)",
                e.as_bytes()[bad]
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CANONICAL: &str = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";

    #[test]
    fn urls_are_taken_as_users_paste_them() {
        for pasted in [
            CANONICAL,
            "  https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k \n",
            "puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k",
            "https://puzz.link/p%3Fheyawake%2F6%2F6%2Faa66aapv0fu0g2i3k",
            "puzz.link/p%3Fheyawake/6/6/aa66aapv0fu0g2i3k",
        ] {
            let input = Input::read(pasted).unwrap();
            assert_eq!(
                (input.source.as_str(), input.text.as_str()),
                ("URL", CANONICAL)
            );
        }
        let pzv = Input::read("pzv.jp/p.html?heyawake/6/6/aa66aapv0fu0g2i3k").unwrap();
        assert_eq!(
            pzv.text,
            "https://pzv.jp/p.html?heyawake/6/6/aa66aapv0fu0g2i3k"
        );
    }
}
