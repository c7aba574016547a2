//! Genres that use only some of the integer choices (`int`, `alldiff`, `sum`) declare only
//! those keys, so `compare` does not multiply its table by choices that change nothing;
//! [`IntOptions::from`] gives the others the core's defaults.

use super::int::IntOptions;
use crate::formulation::FormulationKey;

impl IntOptions {
    /// The keys of [`IntOptions::keys`] named in `names`, with the core's defaults.
    pub fn keys_named(names: &[&str]) -> Vec<FormulationKey> {
        let keys = IntOptions::keys().into_iter();
        keys.filter(|k| names.contains(&k.key)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formulation::Formulation;
    use crate::model::int::{AllDiffEncoding, IntEncoding};

    #[test]
    fn only_the_named_keys_are_declared_and_read() {
        let keys = IntOptions::keys_named(&["int"]);
        assert_eq!(keys.iter().map(|k| k.key).collect::<Vec<_>>(), ["int"]);
        let f = Formulation::parse("int=order", &keys).unwrap();
        let options = IntOptions::from(&f);
        assert_eq!(options.int, IntEncoding::Order);
        assert_eq!(options.alldiff, AllDiffEncoding::Values);
    }
}
