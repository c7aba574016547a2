//! Per-kind count bounds: the 7-bag rule with plus/minus adjustments, explicit `--kinds`
//! bounds and "unlimited".

use super::shapes::{Kind, KINDS};
use crate::error::{Error, Result};

/// Lowest and highest number of pieces of each kind, indexed by [`Kind::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// Lower bounds.
    pub lo: [usize; 7],
    /// Upper bounds.
    pub hi: [usize; 7],
}

/// The order of kinds inside a bag round, as the spec's rule walks it.
const BAG_ORDER: [Kind; 7] = [
    Kind::J,
    Kind::L,
    Kind::T,
    Kind::S,
    Kind::Z,
    Kind::I,
    Kind::O,
];

impl Bounds {
    /// Bounds from the bag rule for `pieces` pieces: `plus[k]` extra rounds of kind k before
    /// the first bag, `minus[k]` = k missing from that many bags; every finished round is
    /// mandatory and the last, partly used one optional.
    pub fn bag_rule(pieces: usize, plus: [usize; 7], minus: [usize; 7]) -> Bounds {
        let (mut plus, mut minus) = (plus, minus);
        let mut plus_total: usize = plus.iter().sum();
        let mut count = 0;
        let mut required = [0usize; 7];
        let mut pending = [0usize; 7];
        while count <= pieces {
            for k in 0..7 {
                required[k] += pending[k];
            }
            pending = [0; 7];
            if count == pieces {
                break;
            }
            if plus_total > 0 {
                for k in 0..7 {
                    if plus[k] > 0 {
                        pending[k] += 1;
                        plus[k] -= 1;
                        plus_total -= 1;
                        count += 1;
                    }
                }
            } else {
                for kind in BAG_ORDER {
                    let k = kind.index();
                    if minus[k] > 0 {
                        minus[k] -= 1;
                    } else {
                        pending[k] += 1;
                        count += 1;
                    }
                }
            }
        }
        let mut hi = required;
        for k in 0..7 {
            hi[k] += pending[k];
        }
        Bounds { lo: required, hi }
    }
    /// Every kind allowed from 0 to `pieces` times.
    pub fn unlimited(pieces: usize) -> Bounds {
        Bounds {
            lo: [0; 7],
            hi: [pieces; 7],
        }
    }
    /// Whether a count vector lies within the bounds.
    pub fn admits(&self, counts: &[usize; 7]) -> bool {
        (0..7).all(|k| self.lo[k] <= counts[k] && counts[k] <= self.hi[k])
    }
    /// Whether some count vector with the given total lies within the bounds.
    pub fn admits_total(&self, pieces: usize) -> bool {
        self.lo.iter().sum::<usize>() <= pieces && pieces <= self.hi.iter().sum::<usize>()
    }
    /// The bounds written as `I=1..2,O=1..2,…` (`I=2` when fixed).
    pub fn describe(&self) -> String {
        KINDS
            .iter()
            .map(|k| {
                let i = k.index();
                if self.lo[i] == self.hi[i] {
                    format!("{k}={}", self.lo[i])
                } else {
                    format!("{k}={}..{}", self.lo[i], self.hi[i])
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Parses per-kind numbers `T=1,S=2` (as for `--plus` / `--minus`); repeated kinds add up.
pub fn parse_adjustments(option: &str, text: &str) -> Result<[usize; 7]> {
    let mut out = [0usize; 7];
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (kind, n) = split_kind(option, part)?;
        let n: usize = n.trim().parse().map_err(|_| {
            Error::Usage(format!(
                "{option} `{part}`: expected KIND=NUMBER, e.g. {option} T=1"
            ))
        })?;
        out[kind.index()] += n;
    }
    Ok(out)
}

/// Applies explicit bounds `I=0..1,T=2` to `base` (kinds not named keep their base bounds).
pub fn parse_kind_bounds(text: &str, base: Bounds) -> Result<Bounds> {
    let mut b = base;
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (kind, range) = split_kind("--kinds", part)?;
        let bad = || {
            Error::Usage(format!(
                "--kinds `{part}`: expected KIND=N or KIND=LO..HI, e.g. --kinds I=0..1,T=2"
            ))
        };
        let (lo, hi) = match range.split_once("..") {
            Some((a, z)) => (
                a.trim().parse::<usize>().map_err(|_| bad())?,
                z.trim()
                    .trim_start_matches('=')
                    .parse::<usize>()
                    .map_err(|_| bad())?,
            ),
            None => {
                let n = range.trim().parse::<usize>().map_err(|_| bad())?;
                (n, n)
            }
        };
        if lo > hi {
            return Err(Error::Usage(format!("--kinds `{part}`: {lo} > {hi}")));
        }
        b.lo[kind.index()] = lo;
        b.hi[kind.index()] = hi;
    }
    Ok(b)
}

fn split_kind<'a>(option: &str, part: &'a str) -> Result<(Kind, &'a str)> {
    let (k, rest) = part.split_once('=').ok_or_else(|| {
        Error::Usage(format!(
            "{option} `{part}`: expected KIND=…, KIND one of I O T S Z J L"
        ))
    })?;
    let mut chars = k.trim().chars();
    match (chars.next().and_then(Kind::from_letter), chars.next()) {
        (Some(kind), None) => Ok((kind, rest)),
        _ => Err(Error::Usage(format!(
            "{option} `{part}`: unknown kind `{}` (kinds: I O T S Z J L)",
            k.trim()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(spec: &str) -> [usize; 7] {
        parse_adjustments("--plus", spec).unwrap()
    }

    fn bounds_of(pairs: &[(Kind, usize, usize)]) -> Bounds {
        let mut b = Bounds {
            lo: [0; 7],
            hi: [0; 7],
        };
        for &(k, lo, hi) in pairs {
            b.lo[k.index()] = lo;
            b.hi[k.index()] = hi;
        }
        b
    }

    fn all(lo: usize, hi: usize) -> Bounds {
        Bounds {
            lo: [lo; 7],
            hi: [hi; 7],
        }
    }

    #[test]
    fn plain_bags_use_each_kind_k_minus_one_or_k_times() {
        assert_eq!(Bounds::bag_rule(4, [0; 7], [0; 7]), all(0, 1));
        assert_eq!(Bounds::bag_rule(10, [0; 7], [0; 7]), all(1, 2));
        assert_eq!(Bounds::bag_rule(14, [0; 7], [0; 7]), all(2, 2));
        assert_eq!(Bounds::bag_rule(7, [0; 7], [0; 7]), all(1, 1));
        assert_eq!(Bounds::bag_rule(0, [0; 7], [0; 7]), all(0, 0));
    }

    #[test]
    fn spec_examples_of_plus_and_minus() {
        use Kind::*;
        let minus_t = kinds("T=1");
        let mut want = all(2, 2);
        want.lo[T.index()] = 1;
        want.hi[T.index()] = 1;
        assert_eq!(Bounds::bag_rule(13, [0; 7], minus_t), want);
        let mut want = all(2, 3);
        want.lo[T.index()] = 1;
        want.hi[T.index()] = 2;
        assert_eq!(Bounds::bag_rule(14, [0; 7], minus_t), want);
        let mut want = all(2, 2);
        want.lo[S.index()] = 3;
        want.hi[S.index()] = 3;
        want.lo[T.index()] = 1;
        want.hi[T.index()] = 1;
        assert_eq!(Bounds::bag_rule(14, kinds("S=1"), minus_t), want);
    }

    #[test]
    fn explicit_kinds_override_the_base() {
        let b = parse_kind_bounds("I=0..1, T=2", Bounds::unlimited(5)).unwrap();
        let mut want = Bounds::unlimited(5);
        want.lo[Kind::I.index()] = 0;
        want.hi[Kind::I.index()] = 1;
        want.lo[Kind::T.index()] = 2;
        want.hi[Kind::T.index()] = 2;
        assert_eq!(b, want);
        assert_eq!(
            parse_kind_bounds("O=1", bounds_of(&[])).unwrap(),
            bounds_of(&[(Kind::O, 1, 1)])
        );
    }

    #[test]
    fn bad_kind_specs_are_usage_errors() {
        assert!(parse_kind_bounds("Q=1", Bounds::unlimited(1)).is_err());
        assert!(parse_kind_bounds("I=2..1", Bounds::unlimited(1)).is_err());
        assert!(parse_kind_bounds("I", Bounds::unlimited(1)).is_err());
        assert!(parse_adjustments("--minus", "T=x").is_err());
    }

    #[test]
    fn a_bag_with_every_kind_held_back_is_skipped() {
        let b = Bounds::bag_rule(3, [0; 7], [1; 7]);
        assert_eq!(b, all(0, 1));
    }
}
