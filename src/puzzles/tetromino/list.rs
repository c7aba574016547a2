//! Listing every tiling, grouped by kind multiset, and rendering the listing as text or JSON.

use super::field::{encode_fumen, field_of_rows};
use super::prune::Pruned;
use super::shapes::KINDS;
use super::{describe_counts, Tetromino, Tiling};
use crate::budget::Halt;
use crate::error::{Error, Result};
use crate::solve::Stopped;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::Instant;

/// Every tiling (or only the counts), grouped by kind counts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Listing {
    /// Per kind-count vector: the number of tilings.
    pub counts: BTreeMap<[usize; 7], u128>,
    /// Per kind-count vector: the tilings (empty when only counted).
    pub tilings: BTreeMap<[usize; 7], Vec<Tiling>>,
    /// Set when the listing stopped before it was complete (time limit, memory budget): the
    /// counts are then lower bounds.
    pub stopped: Option<Stopped>,
}

impl Listing {
    /// The number of tilings over all groups.
    pub fn total(&self) -> u128 {
        self.counts.values().sum()
    }
    /// A listing of tilings found by any solver: checks each one with the rules and rejects
    /// duplicates (both would be solver bugs).
    pub fn from_tilings(p: &Tetromino, tilings: Vec<Tiling>) -> Result<Listing> {
        let mut listing = Listing::default();
        let mut seen = std::collections::HashSet::new();
        for t in tilings {
            p.check(&t)
                .map_err(|e| Error::Solver(format!("a listed tiling breaks the rules: {e}")))?;
            if !seen.insert(t.clone()) {
                return Err(Error::Solver("a tiling was listed twice".into()));
            }
            let c = t.kind_counts();
            *listing.counts.entry(c).or_insert(0) += 1;
            listing.tilings.entry(c).or_default().push(t);
        }
        for group in listing.tilings.values_mut() {
            group.sort();
        }
        Ok(listing)
    }
}

/// Reports progress on standard error at most once a second after the first second.
pub struct Progress {
    start: Instant,
    last: Instant,
    enabled: bool,
}

impl Progress {
    /// A progress reporter, silent unless `enabled`.
    pub fn new(enabled: bool) -> Progress {
        let now = Instant::now();
        Progress {
            start: now,
            last: now,
            enabled,
        }
    }
    /// Notes that `n` tilings were found so far.
    pub fn tick(&mut self, n: u64) {
        if !self.enabled || !n.is_multiple_of(256) {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.start).as_secs_f64() >= 1.0
            && now.duration_since(self.last).as_secs_f64() >= 1.0
        {
            self.last = now;
            eprint!(
                "\r{n} tilings so far ({:.1} s)",
                now.duration_since(self.start).as_secs_f64()
            );
        }
    }
    /// Clears the progress line if one was printed.
    pub fn finish(&self) {
        if self.enabled && self.last != self.start {
            eprintln!();
        }
    }
}

/// Lists (or, with `count_only`, counts) every tiling with the native pruned enumerator;
/// every listed tiling is checked by the rules. After `timeout` seconds or near the memory
/// budget it stops with what it found ([`Listing::stopped`] says why).
pub fn list_native(
    p: &Tetromino,
    count_only: bool,
    progress: &mut Progress,
    timeout: Option<f64>,
) -> Result<Listing> {
    let deadline = timeout.and_then(|s| crate::budget::deadline_after(Instant::now(), s));
    let stopped = |halt: Option<Halt>| match halt? {
        Halt::Timeout => Some(Stopped::Timeout(timeout.unwrap_or(0.0))),
        Halt::Memory => Some(Stopped::Memory(format!(
            "{} of the budget of {} in use",
            crate::budget::human(crate::budget::in_use()),
            crate::budget::human(crate::budget::limit())
        ))),
    };
    super::check_size(&p.region)?;
    let Some(pruned) = Pruned::new(&p.region, &p.bounds) else {
        return Ok(Listing::default());
    };
    let mut pruned = pruned.with_deadline(deadline);
    if count_only {
        return Ok(Listing {
            counts: pruned.count_groups(),
            tilings: BTreeMap::new(),
            stopped: stopped(pruned.halted()),
        });
    }
    let mut tilings = Vec::new();
    pruned.enumerate(&mut |t, _| {
        tilings.push(Tiling::new(t.to_vec()));
        progress.tick(tilings.len() as u64);
        true
    });
    progress.finish();
    let mut listing = Listing::from_tilings(p, tilings)?;
    listing.stopped = stopped(pruned.halted());
    Ok(listing)
}

/// The kinds of a group as `I2 O1 …`, leaving out kinds not used.
pub fn group_label(counts: &[usize; 7]) -> String {
    let used: Vec<String> = KINDS
        .iter()
        .filter(|k| counts[k.index()] > 0)
        .map(|k| format!("{k}{}", counts[k.index()]))
        .collect();
    if used.is_empty() {
        describe_counts(counts)
    } else {
        used.join(" ")
    }
}

/// The fumen string of a tiling of a 10-wide region (at most 23 rows), else `None`.
pub fn tiling_fumen(p: &Tetromino, t: &Tiling) -> Option<String> {
    field_of_rows(&p.letter_rows(t)).map(|f| encode_fumen(&f))
}

/// The listing as text: per group a header `# I2 O1 …: n tilings` and the tilings (rows of
/// letters, a blank line between tilings, a fumen line after each with `fumen`), then the
/// total.
pub fn render_text(p: &Tetromino, listing: &Listing, fumen: bool) -> String {
    let mut out = String::new();
    for (counts, n) in &listing.counts {
        let plural = if *n == 1 { "" } else { "s" };
        out.push_str(&format!("# {}: {n} tiling{plural}\n", group_label(counts)));
        for t in listing.tilings.get(counts).into_iter().flatten() {
            for row in p.letter_rows(t) {
                out.push_str(&row);
                out.push('\n');
            }
            if fumen {
                if let Some(f) = tiling_fumen(p, t) {
                    out.push_str(&f);
                    out.push('\n');
                }
            }
            out.push('\n');
        }
    }
    let groups = listing.counts.len();
    out.push_str(&format!(
        "total: {}{} tilings in {groups} kind group{}{}\n",
        if listing.stopped.is_some() {
            "at least "
        } else {
            ""
        },
        listing.total(),
        if groups == 1 { "" } else { "s" },
        match &listing.stopped {
            None => String::new(),
            Some(stopped) => format!(" ({})", stopped.describe()),
        }
    ));
    out
}

/// The listing as JSON: `{"count", "groups": [{"kinds": {"I": 2, …}, "count"}], "tilings"}`
/// (`tilings` left out when only counted; `fumens` added with `fumen` on 10-wide regions).
pub fn render_json(p: &Tetromino, listing: &Listing, count_only: bool, fumen: bool) -> Value {
    let groups: Vec<Value> = listing
        .counts
        .iter()
        .map(|(counts, n)| {
            let kinds: serde_json::Map<String, Value> = KINDS
                .iter()
                .map(|k| (k.letter().to_string(), json!(counts[k.index()])))
                .collect();
            json!({"kinds": kinds, "count": n})
        })
        .collect();
    let mut out = json!({
        "count": listing.total(),
        "complete": listing.stopped.is_none(),
        "groups": groups,
    });
    if let Some(stopped) = &listing.stopped {
        out["stopped"] = json!(stopped.key());
        out["stopped_because"] = json!(stopped.describe());
    }
    if !count_only {
        let all: Vec<&Tiling> = listing.tilings.values().flatten().collect();
        out["tilings"] = json!(all.iter().map(|t| p.letter_rows(t)).collect::<Vec<_>>());
        if fumen {
            out["fumens"] = json!(all.iter().map(|t| tiling_fumen(p, t)).collect::<Vec<_>>());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::tetromino::bags::Bounds;
    use crate::puzzles::tetromino::field::Region;

    fn four_by_four_one_bag() -> Tetromino {
        Tetromino::with_bag_rule(Region::rectangle(4, 4))
    }

    #[test]
    fn listing_and_counting_agree_and_groups_add_up() {
        let p = four_by_four_one_bag();
        let listed = list_native(&p, false, &mut Progress::new(false), None).unwrap();
        let counted = list_native(&p, true, &mut Progress::new(false), None).unwrap();
        assert_eq!(listed.total(), 24);
        assert_eq!(listed.counts, counted.counts);
        for (c, ts) in &listed.tilings {
            assert_eq!(listed.counts[c], ts.len() as u128);
            assert_eq!(c.iter().sum::<usize>(), 4);
        }
    }

    #[test]
    fn text_output_has_headers_tilings_and_total() {
        // 2×4 by hand: two I, two O, two L (one turned), two J (one turned)
        let p = Tetromino {
            region: Region::rectangle(2, 4),
            bounds: Bounds::unlimited(2),
        };
        let listing = list_native(&p, false, &mut Progress::new(false), None).unwrap();
        let text = render_text(&p, &listing, false);
        assert!(text.contains("# I2: 1 tiling\nIIII\nIIII\n"), "{text}");
        assert!(
            text.ends_with("total: 4 tilings in 4 kind groups\n"),
            "{text}"
        );
    }

    #[test]
    fn json_output_has_count_groups_and_optional_tilings() {
        let p = four_by_four_one_bag();
        let listing = list_native(&p, false, &mut Progress::new(false), None).unwrap();
        let v = render_json(&p, &listing, false, false);
        assert_eq!(v["count"], 24);
        assert_eq!(v["tilings"].as_array().unwrap().len(), 24);
        let group_sum: u64 = v["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["count"].as_u64().unwrap())
            .sum();
        assert_eq!(group_sum, 24);
        let counted = render_json(&p, &listing, true, false);
        assert!(counted.get("tilings").is_none());
    }

    #[test]
    fn ten_wide_tilings_get_fumen_strings_that_decode_to_their_letters() {
        let p = Tetromino {
            region: Region::rectangle(2, 10),
            bounds: Bounds::unlimited(5),
        };
        let listing = list_native(&p, false, &mut Progress::new(false), None).unwrap();
        let t = listing.tilings.values().flatten().next().unwrap();
        let f = tiling_fumen(&p, t).unwrap();
        let field = crate::puzzles::tetromino::field::decode_fumen("t", &f).unwrap();
        assert_eq!(
            crate::puzzles::tetromino::field::field_rows(&field),
            p.letter_rows(t)
        );
    }

    #[test]
    fn duplicates_and_broken_tilings_are_solver_errors() {
        let p = four_by_four_one_bag();
        let listing = list_native(&p, false, &mut Progress::new(false), None).unwrap();
        let t = listing.tilings.values().flatten().next().unwrap().clone();
        assert!(Listing::from_tilings(&p, vec![t.clone(), t.clone()]).is_err());
        let mut broken = t;
        broken.placements.pop();
        assert!(Listing::from_tilings(&p, vec![broken]).is_err());
    }
}
