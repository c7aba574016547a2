//! A decimal field closed by `/` (star battle's star count `starbattle/W/H/K/…`): the digits
//! up to the next `/` or the end of the body.

use super::{error_at, Reader, Writer};
use crate::error::Result;

impl Reader {
    /// Reads a decimal number (`what` names it in errors) and the `/` after it, if any.
    pub fn decimal(&mut self, what: &str) -> Result<u32> {
        let start = self.column();
        let mut value: u32 = 0;
        let mut digits = 0;
        while let Some(ch) = self.peek().filter(|&ch| ch != '/') {
            let digit = ch.to_digit(10).ok_or_else(|| {
                error_at(
                    self.column(),
                    format!("`{ch}` in the {what}: expected a decimal digit"),
                )
            })?;
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(digit))
                .ok_or_else(|| error_at(start, format!("the {what} is too large")))?;
            digits += 1;
            self.next_char();
        }
        if digits == 0 {
            return Err(error_at(
                start,
                format!("expected the {what} (a decimal number)"),
            ));
        }
        if self.peek() == Some('/') {
            self.next_char();
        }
        Ok(value)
    }
}

impl Writer {
    /// Writes a decimal number and a `/`, as [`Reader::decimal`] reads it.
    pub fn decimal(&mut self, value: u32) {
        self.body.push_str(&format!("{value}/"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;

    fn col(e: Error) -> usize {
        match e {
            Error::Input { col, .. } => col,
            other => panic!("not an input error: {other}"),
        }
    }

    #[test]
    fn a_number_and_its_slash_are_read_and_written_back() {
        let mut r = Reader::new("12/ab", 1);
        assert_eq!(r.decimal("star count").unwrap(), 12);
        assert_eq!(r.column(), 4);
        let mut w = Writer::new();
        w.decimal(12);
        assert_eq!(w.body(), "12/");
    }

    #[test]
    fn a_number_at_the_end_of_the_body_needs_no_slash() {
        let mut r = Reader::new("3", 1);
        assert_eq!(r.decimal("star count").unwrap(), 3);
        assert!(r.is_at_end());
    }

    #[test]
    fn a_missing_or_bad_number_is_an_error_at_its_column() {
        let e = Reader::new("/ab", 10).decimal("star count").unwrap_err();
        assert_eq!(col(e.clone()), 10);
        assert!(e.to_string().contains("expected the star count"), "{e}");
        assert_eq!(
            col(Reader::new("", 7).decimal("star count").unwrap_err()),
            7
        );
        let e = Reader::new("1x/", 5).decimal("star count").unwrap_err();
        assert_eq!(col(e.clone()), 6);
        assert!(e.to_string().contains("`x`"), "{e}");
        let e = Reader::new("99999999999/", 1)
            .decimal("star count")
            .unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");
    }
}
