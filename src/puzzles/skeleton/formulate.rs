//! Word-per-slot models of a skeleton puzzle.
//!
//! Variables `place[s=w]` exist only where word class `w` has the slot's length and agrees with
//! its given letters; they are the answer keys. Identical words form one class with a count, so
//! duplicates do not multiply solutions. Every slot takes one class, every class fills as many
//! slots as it is listed, and crossing slots agree on their shared letter in one of three ways
//! (the `letters` key): cell-letter variables, support clauses, or per-letter equality rows.

use super::parse::{Direction, Slot, Square};
use super::{Skeleton, Solution};
use crate::error::Result;
use crate::grid::Cell;
use crate::model::{Constraint, LinExpr, Lit, Model, Var};
use crate::puzzles::{Formulated, Formulation, FormulationKey, Value};
use std::collections::BTreeMap;

/// The `letters=` values.
const LETTER_VALUES: &[Value] = &[
            Value::complete(
                "channel",
                "cell-letter variables y[c,l]: place[s=w] -> y[c,w_i], at most one letter per cell",
            ),
            Value::complete(
                "support",
                "support clauses, no extra variables: place[s=w] -> OR of the crossing slot's words with the same letter there",
            ),
            Value::complete(
                "crossing",
                "per crossing and letter, an equality row: words of one slot with letter l there = words of the other (MIP)",
            ),
        ];

/// The genre's formulation keys.
pub fn keys() -> Vec<FormulationKey> {
    vec![FormulationKey::new(
        "letters",
        "how crossing slots are made to agree on their shared letter",
        LETTER_VALUES,
        "channel",
    )]
}

/// Two slots sharing a cell: slot `a` (across) at its letter `i`, slot `d` (down) at letter `j`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// Index of the across slot.
    pub a: usize,
    /// Position of the shared cell in the across slot.
    pub i: usize,
    /// Index of the down slot.
    pub d: usize,
    /// Position of the shared cell in the down slot.
    pub j: usize,
    /// The shared cell.
    pub cell: Cell,
}

/// Every crossing of the puzzle's slots.
pub fn crossings(p: &Skeleton) -> Vec<Crossing> {
    let mut across_at: BTreeMap<Cell, (usize, usize)> = BTreeMap::new();
    for (si, s) in p.slots.iter().enumerate() {
        if s.dir == Direction::Across {
            for (k, &cell) in s.cells.iter().enumerate() {
                across_at.insert(cell, (si, k));
            }
        }
    }
    let mut out = Vec::new();
    for (si, s) in p.slots.iter().enumerate() {
        if s.dir == Direction::Down {
            for (k, &cell) in s.cells.iter().enumerate() {
                if let Some(&(a, i)) = across_at.get(&cell) {
                    out.push(Crossing {
                        a,
                        i,
                        d: si,
                        j: k,
                        cell,
                    });
                }
            }
        }
    }
    out
}

/// The word classes that fit a slot: right length, given letters kept.
pub fn candidates(p: &Skeleton, slot: &Slot, classes: &[(Vec<char>, usize)]) -> Vec<usize> {
    classes
        .iter()
        .enumerate()
        .filter(|(_, (w, _))| {
            w.len() == slot.cells.len()
                && (slot.cells.iter().zip(w)).all(|(&cell, &l)| match p.diagram.square(cell) {
                    Square::Given(g) => g == l,
                    _ => true,
                })
        })
        .map(|(k, _)| k)
        .collect()
}

/// A compact slot label for variable names: `r3c1a` / `r3c1d` (1-based).
fn slot_label(p: &Skeleton, s: &Slot) -> String {
    let d = match s.dir {
        Direction::Across => 'a',
        Direction::Down => 'd',
    };
    format!("{}{d}", p.diagram.grid.name(s.cells[0]))
}

/// Builds the model of the chosen formulation.
pub fn formulate(p: &Skeleton, f: &Formulation) -> Result<Formulated<Solution>> {
    let classes = p.word_classes();
    let mut m = Model::new();
    // place[s][n] = (class index, var)
    let mut place: Vec<Vec<(usize, Var)>> = Vec::with_capacity(p.slots.len());
    for s in &p.slots {
        let label = slot_label(p, s);
        let vars = candidates(p, s, &classes)
            .into_iter()
            .map(|k| {
                let w: String = classes[k].0.iter().collect();
                (k, m.new_answer_bool(format!("place[{label}={w}]")))
            })
            .collect();
        place.push(vars);
    }
    for (s, vars) in p.slots.iter().zip(&place) {
        m.add(
            format!("{} takes one word", slot_label(p, s)),
            Constraint::exactly_one(vars.iter().map(|&(_, v)| v.lit())),
        );
    }
    for (k, (w, count)) in classes.iter().enumerate() {
        let vars: Vec<Lit> = place
            .iter()
            .flat_map(|vs| vs.iter().filter(|(c, _)| *c == k).map(|&(_, v)| v.lit()))
            .collect();
        let word: String = w.iter().collect();
        let name = format!("word {word} used {count}x");
        if *count == 1 {
            m.add(name, Constraint::exactly_one(vars));
        } else {
            m.add(name, LinExpr::sum_lits(vars).eq(*count as i64));
        }
    }
    let letter = |slot: usize, n: usize, pos: usize| classes[place[slot][n].0].0[pos];
    for x in crossings(p) {
        let cell_name = p.diagram.grid.name(x.cell);
        // letter -> the place vars of each side with that letter at the crossing
        let mut by_letter: BTreeMap<char, (Vec<Var>, Vec<Var>)> = BTreeMap::new();
        for (n, &(_, v)) in place[x.a].iter().enumerate() {
            by_letter.entry(letter(x.a, n, x.i)).or_default().0.push(v);
        }
        for (n, &(_, v)) in place[x.d].iter().enumerate() {
            by_letter.entry(letter(x.d, n, x.j)).or_default().1.push(v);
        }
        match f.get("letters") {
            "support" => {
                for (l, (across, down)) in &by_letter {
                    for (mine, theirs, dir) in [(across, down, 'a'), (down, across, 'd')] {
                        for &v in mine {
                            let mut lits = vec![!v];
                            lits.extend(theirs.iter().map(|t| t.lit()));
                            m.add(
                                format!("{cell_name} {dir} letter {l} supported"),
                                Constraint::clause(lits),
                            );
                        }
                    }
                }
            }
            "crossing" => {
                for (l, (across, down)) in &by_letter {
                    let e = LinExpr::sum_vars(across.iter().copied())
                        - LinExpr::sum_vars(down.iter().copied());
                    m.add(format!("{cell_name} letter {l} agrees"), e.eq(0));
                }
            }
            _ => {
                let mut cell_letters = Vec::new();
                for (l, (across, down)) in &by_letter {
                    if across.is_empty() || down.is_empty() {
                        for &v in across.iter().chain(down) {
                            m.add(
                                format!("{cell_name} letter {l} impossible"),
                                Constraint::clause([!v]),
                            );
                        }
                        continue;
                    }
                    let y = m.new_bool(format!("letter[{cell_name}={l}]"));
                    cell_letters.push(y.lit());
                    for &v in across.iter().chain(down) {
                        m.add(
                            format!("{cell_name} letter {l} channel"),
                            Constraint::implies(v.lit(), y.lit()),
                        );
                    }
                }
                m.add(
                    format!("{cell_name} one letter"),
                    Constraint::at_most_one(cell_letters),
                );
            }
        }
    }
    let diagram = p.diagram.clone();
    let slots = p.slots.clone();
    let decode = move |a: &crate::model::Assignment| {
        let mut letters: Vec<Option<char>> = (diagram.squares.iter())
            .map(|&square| match square {
                Square::Given(l) => Some(l),
                _ => None,
            })
            .collect();
        for (s, vars) in slots.iter().zip(&place) {
            if let Some(&(k, _)) = vars.iter().find(|&&(_, v)| a.bool(v)) {
                for (&cell, &l) in s.cells.iter().zip(&classes[k].0) {
                    letters[cell] = Some(l);
                }
            }
        }
        let width = diagram.grid.width.max(1);
        let letters = letters.chunks(width).map(<[_]>::to_vec).collect();
        Solution { letters }
    };
    Ok(Formulated::new(m, decode))
}

/// A reason no solution exists that is visible without solving: a slot no word fits.
pub fn precheck(p: &Skeleton) -> Option<String> {
    let classes = p.word_classes();
    p.slots.iter().find_map(|s| {
        candidates(p, s, &classes).is_empty().then(|| {
            format!(
                "{}: no {}-letter word fits its given letters",
                p.slot_name(s),
                s.cells.len()
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Assignment;
    use crate::puzzles::skeleton::load_texts;

    const SMALL: &str = "....\n...#\n....\n\nboat\nart\nneed\nban\nore\nate\n";

    /// Every assignment that satisfies the model, by brute force over one word class per slot
    /// (the place variables are the only free choice; `channel` letters follow from them).
    fn brute_force_solutions(p: &Skeleton, spec: &str) -> Vec<Solution> {
        let f = Formulation::parse(spec, &keys()).unwrap();
        let fm = formulate(p, &f).unwrap();
        let m = &fm.model;
        let mut per_slot: BTreeMap<String, Vec<Var>> = BTreeMap::new();
        for &k in &m.answer_keys {
            let slot = m.name(k).split('=').next().unwrap().to_string();
            per_slot.entry(slot).or_default().push(k);
        }
        let groups: Vec<Vec<Var>> = per_slot.into_values().collect();
        let mut found = Vec::new();
        let mut choice = vec![0usize; groups.len()];
        loop {
            let mut values = vec![0i64; m.vars.len()];
            for (g, &c) in groups.iter().zip(&choice) {
                values[g[c].index()] = 1;
            }
            for c in &m.constraints {
                if let Constraint::Clause { lits } = &c.constraint {
                    if lits.len() == 2
                        && lits[0].negated
                        && !lits[1].negated
                        && values[lits[0].var.index()] == 1
                    {
                        values[lits[1].var.index()] = 1;
                    }
                }
            }
            let a = Assignment { values };
            if m.first_violation(&a).is_none() {
                found.push((fm.decode)(&a));
            }
            let mut i = 0;
            loop {
                if i == groups.len() {
                    return found;
                }
                choice[i] += 1;
                if choice[i] < groups[i].len() {
                    break;
                }
                choice[i] = 0;
                i += 1;
            }
        }
    }

    #[test]
    fn small_instance_has_exactly_the_published_answer_in_every_formulation() {
        let p = load_texts("p", SMALL, None).unwrap();
        for spec in ["letters=channel", "letters=support", "letters=crossing"] {
            let sols = brute_force_solutions(&p, spec);
            assert_eq!(sols.len(), 1, "{spec}");
            assert_eq!(p.solution_rows(&sols[0]), vec!["boat", "art#", "need"]);
            assert_eq!(p.verify_solution(&sols[0]), Ok(()));
        }
    }

    #[test]
    fn duplicate_words_give_one_solution_not_two() {
        let p = load_texts("p", "..\n.#\n\nab\nab\n", None).unwrap();
        for spec in ["letters=channel", "letters=support", "letters=crossing"] {
            let sols = brute_force_solutions(&p, spec);
            assert_eq!(sols.len(), 1, "{spec}");
            assert_eq!(p.solution_rows(&sols[0]), vec!["ab", "b#"]);
        }
    }

    #[test]
    fn two_crossing_words_that_can_swap_give_two_solutions() {
        let p = load_texts("p", "..\n.#\n\nab\nac\n", None).unwrap();
        for spec in ["letters=channel", "letters=support", "letters=crossing"] {
            assert_eq!(brute_force_solutions(&p, spec).len(), 2, "{spec}");
        }
    }

    #[test]
    fn given_letters_remove_candidates() {
        let p = load_texts(
            "p",
            "b...\n...#\n....\n\nboat\nart\nneed\nban\nore\nate\n",
            None,
        )
        .unwrap();
        let classes = p.word_classes();
        let first = candidates(&p, &p.slots[0], &classes);
        let words: Vec<String> = first
            .iter()
            .map(|&k| classes[k].0.iter().collect())
            .collect();
        assert_eq!(words, vec!["boat"]);
        assert_eq!(precheck(&p), None);
    }
}
