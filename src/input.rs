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
            // Shaped like a URL: its error is about the URL, not a file of that name.
            if let Some(e) = Input::url_error(arg) {
                return Err(e);
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
    /// file; `None` for anything else (and for a URL whose percent escapes are not text, which
    /// [`Input::url_error`] describes).
    pub fn url(arg: &str) -> Option<Input> {
        match pasted_url(arg)? {
            Ok(url) => Some(Input {
                source: "URL".into(),
                text: url,
            }),
            Err(_) => None,
        }
    }

    /// Why an argument shaped like a URL cannot be read as one, at its column (`URL:1:COL`).
    pub fn url_error(arg: &str) -> Option<Error> {
        pasted_url(arg)?.err()
    }

    /// An argument that is its own text (`source` `URL`), such as a fumen string.
    pub fn given(arg: &str) -> Input {
        Input {
            source: "URL".into(),
            text: arg.trim().to_string(),
        }
    }
}

/// The hosts whose URLs are canonicalised to `https://HOST/…`.
const KNOWN_HOSTS: [&str; 4] = ["puzz.link", "pzv.jp", "www.puzz.link", "pzprxs.vercel.app"];

/// The canonical form of a pasted URL, recognised by its shape: an `http`/`https` scheme in
/// any case and with one slash or more, or no scheme before a known host. Trimmed, with the
/// scheme and host in lower case and the rest percent-decoded; a known host's URL gets
/// `https://` and is only a URL with a query (`?`). `None` when the text is not shaped like a
/// URL; an error at its column when its percent escapes do not decode to text.
fn pasted_url(arg: &str) -> Option<Result<String>> {
    let trimmed = arg.trim();
    match url_shape(trimmed) {
        Some(shape) => Some(shape),
        // Pasted fully encoded (`https%3A%2F%2F…`): the shape shows once decoded.
        None => {
            let decoded = percent_encoding::percent_decode_str(trimmed)
                .decode_utf8()
                .ok()?;
            match decoded == trimmed {
                true => None,
                false => url_shape(&decoded),
            }
        }
    }
}

/// [`pasted_url`] on text already trimmed, without a second decoding.
fn url_shape(text: &str) -> Option<Result<String>> {
    // ASCII lowering keeps every byte offset, so positions in `lower` are positions in `text`.
    let lower = text.to_ascii_lowercase();
    let scheme = ["https", "http"].into_iter().find_map(|scheme| {
        let after = lower.strip_prefix(scheme)?.strip_prefix(':')?;
        let slashes = after.len() - after.trim_start_matches('/').len();
        (slashes > 0).then_some((scheme, scheme.len() + 1 + slashes))
    });
    let host_at = scheme.map_or(0, |(_, at)| at);
    let rest = &lower[host_at..];
    let host_end = host_at + rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = &lower[host_at..host_end];
    let known = KNOWN_HOSTS.contains(&host);
    if scheme.is_none() && !(known && rest[host.len()..].starts_with('/')) {
        return None;
    }
    let tail = &text[host_end..];
    let decoded = match decode_at(tail) {
        Ok(decoded) => decoded,
        Err((offset, escape)) => {
            let col = text[..host_end + offset].chars().count() + 1;
            return Some(Err(Error::input(
                "URL",
                1,
                col,
                format!(
                    "the percent escape `{escape}` does not decode to UTF-8 text (a URL \
                     copied from a browser encodes text as UTF-8)"
                ),
            )));
        }
    };
    if known && decoded.contains('?') {
        return Some(Ok(format!("https://{host}{decoded}")));
    }
    let (scheme, _) = scheme?;
    Some(Ok(format!("{scheme}://{host}{decoded}")))
}

/// Percent-decodes text; on bytes that are not UTF-8, the byte offset in `text` of the escape
/// where the decoding broke, and that escape.
fn decode_at(text: &str) -> std::result::Result<String, (usize, String)> {
    let bytes = percent_encoding::percent_decode_str(text).collect::<Vec<u8>>();
    let valid = match String::from_utf8(bytes) {
        Ok(decoded) => return Ok(decoded),
        Err(e) => e.utf8_error().valid_up_to(),
    };
    // Walk the text as the decoder did until the decoded bytes reach the first bad one.
    let (mut at, mut decoded) = (0, 0);
    let raw = text.as_bytes();
    while at < raw.len() {
        let escape = raw[at] == b'%'
            && raw.len() > at + 2
            && raw[at + 1].is_ascii_hexdigit()
            && raw[at + 2].is_ascii_hexdigit();
        let width = if escape { 3 } else { 1 };
        if decoded >= valid {
            let end = (at + width).min(raw.len());
            return Err((at, String::from_utf8_lossy(&raw[at..end]).into_owned()));
        }
        at += width;
        decoded += 1;
    }
    Err((raw.len(), String::new()))
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
        // Recognised by its shape: a scheme or host in capitals, one slash after the scheme.
        for pasted in [
            "HTTPS://PUZZ.LINK/p?heyawake/6/6/aa66aapv0fu0g2i3k",
            "https:/puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k",
            "Https://Puzz.Link/p?heyawake/6/6/aa66aapv0fu0g2i3k",
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

    #[test]
    fn a_url_with_an_escape_that_is_not_text_is_an_error_at_its_column() {
        let e = Input::read("https://puzz.link/p?heyawake/6/6/aa%FF").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(
            e.to_string()
                .starts_with("URL:1:36: the percent escape `%FF`"),
            "{e}"
        );
        // A long URL is a URL, not a file name that is too long.
        let long = format!("https://puzz.link/p?heyawake/6/6/{}", "a".repeat(5000));
        assert_eq!(Input::read(&long).unwrap().source, "URL");
        // Text without a URL's shape is still a file name.
        let e = Input::read("no/such/file.txt").unwrap_err();
        assert!(
            e.to_string().contains("cannot read no/such/file.txt"),
            "{e}"
        );
    }
}
