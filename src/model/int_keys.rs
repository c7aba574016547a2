//! Genres that use only some of the integer choices (`int`, `alldiff`, `sum`) declare only
//! those keys, so `compare` does not multiply its table by choices that change nothing; the
//! others keep the core's defaults.

use super::int::IntOptions;
use crate::formulation::{Formulation, FormulationKey};

impl IntOptions {
    /// The keys of [`IntOptions::keys`] named in `names`, with the core's defaults.
    pub fn keys_named(names: &[&str]) -> Vec<FormulationKey> {
        let keys = IntOptions::keys().into_iter();
        keys.filter(|k| names.contains(&k.key)).collect()
    }
    /// Reads the keys named in `names` (declared with [`IntOptions::keys_named`]); the others
    /// take the core's defaults.
    pub fn read_named(formulation: &Formulation, names: &[&str]) -> IntOptions {
        let mut options = IntOptions::default();
        for &name in names {
            match name {
                "int" => options.int = formulation.choice(name),
                "alldiff" => options.alldiff = formulation.choice(name),
                "sum" => options.sum = formulation.choice(name),
                _ => panic!("`{name}` is not an integer formulation key"),
            }
        }
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::int::{AllDiffEncoding, IntEncoding};

    #[test]
    fn only_the_named_keys_are_declared_and_read() {
        let keys = IntOptions::keys_named(&["int"]);
        assert_eq!(keys.iter().map(|k| k.key).collect::<Vec<_>>(), ["int"]);
        let f = Formulation::parse("int=order", &keys).unwrap();
        let options = IntOptions::read_named(&f, &["int"]);
        assert_eq!(options.int, IntEncoding::Order);
        assert_eq!(options.alldiff, AllDiffEncoding::Values);
    }
}
