//! Readable names for variables and constraints, built from pieces without `format!`: a model
//! names every variable and constraint, and `format!` (about a thousand instructions a name)
//! was a third of building a 30×30 nonogram's model.

/// A piece of a name: text or a number.
pub trait NamePart {
    /// Appends the piece.
    fn push_to(&self, out: &mut String);
}

impl NamePart for str {
    fn push_to(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl NamePart for String {
    fn push_to(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl NamePart for char {
    fn push_to(&self, out: &mut String) {
        out.push(*self);
    }
}

impl<T: NamePart + ?Sized> NamePart for &T {
    fn push_to(&self, out: &mut String) {
        (**self).push_to(out);
    }
}

/// Appends the decimal digits of `n`.
pub fn push_number(out: &mut String, n: u64) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

macro_rules! unsigned_parts {
    ($($t:ty),*) => {$(
        impl NamePart for $t {
            fn push_to(&self, out: &mut String) {
                push_number(out, *self as u64);
            }
        }
    )*};
}
unsigned_parts!(u8, u16, u32, u64, usize);

macro_rules! signed_parts {
    ($($t:ty),*) => {$(
        impl NamePart for $t {
            fn push_to(&self, out: &mut String) {
                if *self < 0 {
                    out.push('-');
                }
                push_number(out, self.unsigned_abs() as u64);
            }
        }
    )*};
}
signed_parts!(i8, i16, i32, i64, isize);

/// A name from pieces, e.g. `name!(line, " block ", t + 1, " covers ", c + 1)`: the pieces'
/// text and decimal numbers, concatenated.
#[macro_export]
macro_rules! name {
    ($($part:expr),+ $(,)?) => {{
        let mut name = String::with_capacity(32);
        $( $crate::model::name::NamePart::push_to(&$part, &mut name); )+
        name
    }};
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_read_as_format_writes_them() {
        let line = String::from("row 3");
        for (t, c) in [(0usize, 9u32), (41, 100), (7, 0)] {
            let built = name!(line, " block ", t + 1, " covers ", c, '.');
            assert_eq!(built, format!("{line} block {} covers {c}.", t + 1));
        }
        for n in [i64::MIN, -10, -1, 0, 9, 10, 12_345, i64::MAX] {
            assert_eq!(name!("x", n), format!("x{n}"));
        }
        assert_eq!(name!(u64::MAX), u64::MAX.to_string());
    }
}
