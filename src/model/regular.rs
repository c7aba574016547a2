//! Regular constraints over 0/1 literals: "this sequence of literals spells a word accepted by
//! a deterministic automaton", encoded with layered state and transition variables so that
//! unit propagation enforces generalized arc consistency (every value that is part of no
//! accepted word is removed). Nonogram lines are the first user; any line-shaped rule
//! (runs, patterns, counts along a line) can reuse it.

use super::{Constraint, Lit, Model};

/// A deterministic finite automaton over the letters `false` / `true`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryDfa {
    /// The start state.
    pub start: usize,
    /// `accepting[q]`: whether a word may end in state `q`.
    pub accepting: Vec<bool>,
    /// `next[q][letter as usize]`: the successor state, `None` where the word is rejected.
    pub next: Vec<[Option<usize>; 2]>,
}

impl BinaryDfa {
    /// Number of states.
    pub fn states(&self) -> usize {
        self.next.len()
    }
    /// Whether the automaton accepts a word.
    pub fn accepts(&self, word: &[bool]) -> bool {
        let mut q = self.start;
        for &letter in word {
            match self.next[q][usize::from(letter)] {
                Some(n) => q = n,
                None => return false,
            }
        }
        self.accepting[q]
    }
}

impl BinaryDfa {
    /// The letter every transition into each state reads, when that letter is the same for
    /// all of a state's incoming transitions (then the state determines the letter just read
    /// and no transition variables are needed). `None` if some state is entered by both.
    pub fn entry_letters(&self) -> Option<Vec<Option<bool>>> {
        let mut entry: Vec<Option<bool>> = vec![None; self.states()];
        for targets in &self.next {
            for (letter, to) in [false, true].into_iter().zip(targets) {
                if let Some(to) = *to {
                    match entry[to] {
                        Some(l) if l != letter => return None,
                        _ => entry[to] = Some(letter),
                    }
                }
            }
        }
        Some(entry)
    }
}

/// The encoding without transition variables for automata whose states determine the letter
/// just read: a state implies its letter and one of its live predecessors, a state goes on to
/// one of its live successors, and a letter implies one of the live states it leads to. Unit
/// propagation is again arc consistency: an edge dies exactly when its target state does.
fn add_state_labelled(
    model: &mut Model,
    name: &str,
    dfa: &BinaryDfa,
    lits: &[Lit],
    state_var: &[Vec<Option<Lit>>],
    entry: &[Option<bool>],
) {
    let states = dfa.states();
    let letter_lit = |i: usize, letter: bool| if letter { lits[i] } else { !lits[i] };
    for i in 0..lits.len() {
        // One name per layer and kind keeps formatting out of the inner loops.
        let step = format!("{name} step {i}");
        let arrive = format!("{name} arrival {}", i + 1);
        let mut leads_to: [Vec<Lit>; 2] = [Vec::new(), Vec::new()];
        let mut predecessors: Vec<Vec<Lit>> = vec![Vec::new(); states];
        for q in 0..states {
            let Some(from) = state_var[i][q] else {
                continue;
            };
            let mut successors = vec![!from];
            for letter in [false, true] {
                let target = dfa.next[q][usize::from(letter)]
                    .and_then(|to| state_var[i + 1][to].map(|v| (to, v)));
                match target {
                    Some((to, to_var)) => {
                        model.add(
                            step.clone(),
                            Constraint::clause([!from, !letter_lit(i, letter), to_var]),
                        );
                        successors.push(to_var);
                        predecessors[to].push(from);
                    }
                    None => model.add(
                        step.clone(),
                        Constraint::clause([!from, !letter_lit(i, letter)]),
                    ),
                }
            }
            model.add(step.clone(), Constraint::clause(successors));
        }
        for (q, preds) in predecessors.into_iter().enumerate() {
            let Some(to_var) = state_var[i + 1][q] else {
                continue;
            };
            let letter = entry[q].expect("a state with a live predecessor has an entry letter");
            model.add(
                arrive.clone(),
                Constraint::implies(to_var, letter_lit(i, letter)),
            );
            let mut clause = vec![!to_var];
            clause.extend(preds);
            model.add(arrive.clone(), Constraint::clause(clause));
            leads_to[usize::from(letter)].push(to_var);
        }
        for (letter, targets) in [false, true].into_iter().zip(leads_to) {
            let mut clause = vec![!letter_lit(i, letter)];
            clause.extend(targets);
            model.add(step.clone(), Constraint::clause(clause));
        }
    }
}

/// Sizes of an added regular constraint.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RegularSize {
    /// State variables created.
    pub states: usize,
    /// Transition variables created.
    pub transitions: usize,
}

/// Adds "`lits` spells a word accepted by `dfa`" to the model. `allowed(i, q)` may prune
/// state `q` after `i` letters (it must only remove states no accepted word consistent with
/// the rest of the model passes through); states that cannot be reached from the start or
/// cannot reach acceptance are pruned too. When no word remains, the model gets a
/// contradiction. Unit propagation on the clauses equals arc consistency on the constraint.
pub fn add_regular(
    model: &mut Model,
    name: &str,
    dfa: &BinaryDfa,
    lits: &[Lit],
    allowed: impl Fn(usize, usize) -> bool,
) -> RegularSize {
    let n = lits.len();
    let states = dfa.states();
    // Forward reachability within the allowed states.
    let mut alive = vec![vec![false; states]; n + 1];
    alive[0][dfa.start] = allowed(0, dfa.start);
    for i in 0..n {
        for q in 0..states {
            if !alive[i][q] {
                continue;
            }
            for to in dfa.next[q].iter().flatten() {
                if allowed(i + 1, *to) {
                    alive[i + 1][*to] = true;
                }
            }
        }
    }
    // Backward: keep states from which acceptance is reachable.
    for (live, &accepting) in alive[n].iter_mut().zip(&dfa.accepting) {
        *live &= accepting;
    }
    for i in (0..n).rev() {
        for q in 0..states {
            if alive[i][q] {
                alive[i][q] = dfa.next[q].iter().flatten().any(|&to| alive[i + 1][to]);
            }
        }
    }
    let mut size = RegularSize::default();
    if !alive[0][dfa.start] {
        let v = model.new_bool(format!("{name} impossible"));
        model.add(
            format!("{name}: no word fits"),
            Constraint::clause([v.lit()]),
        );
        model.add(format!("{name}: no word fits"), Constraint::clause([!v]));
        return size;
    }
    // State variables (one per live state per layer).
    let mut state_var: Vec<Vec<Option<Lit>>> = vec![vec![None; states]; n + 1];
    for (i, layer) in alive.iter().enumerate() {
        for (q, &live) in layer.iter().enumerate() {
            if live {
                let v = model.new_bool(format!("{name} state {q} after {i}"));
                state_var[i][q] = Some(v.lit());
                size.states += 1;
            }
        }
    }
    let start = state_var[0][dfa.start].expect("live start");
    model.add(format!("{name} starts"), Constraint::clause([start]));
    if let Some(entry) = dfa.entry_letters() {
        add_state_labelled(model, name, dfa, lits, &state_var, &entry);
        return size;
    }
    // Transition variables with their support clauses.
    let mut outgoing: Vec<Vec<Vec<Lit>>> = vec![vec![Vec::new(); states]; n + 1];
    let mut incoming: Vec<Vec<Vec<Lit>>> = vec![vec![Vec::new(); states]; n + 1];
    for (i, &cell) in lits.iter().enumerate() {
        let mut by_letter: [Vec<Lit>; 2] = [Vec::new(), Vec::new()];
        for q in 0..states {
            let Some(from) = state_var[i][q] else {
                continue;
            };
            for letter in [false, true] {
                let Some(to) = dfa.next[q][usize::from(letter)] else {
                    continue;
                };
                let Some(to_var) = state_var[i + 1][to] else {
                    continue;
                };
                let t = model.new_bool(format!("{name} {q}-{}->{to} at {i}", u8::from(letter)));
                size.transitions += 1;
                let letter_lit = if letter { cell } else { !cell };
                let tn = format!("{name} transition at {i}");
                model.add(tn.clone(), Constraint::implies(t.lit(), from));
                model.add(tn.clone(), Constraint::implies(t.lit(), to_var));
                model.add(tn, Constraint::implies(t.lit(), letter_lit));
                outgoing[i][q].push(t.lit());
                incoming[i + 1][to].push(t.lit());
                by_letter[usize::from(letter)].push(t.lit());
            }
        }
        for (letter, ts) in by_letter.into_iter().enumerate() {
            let letter_lit = if letter == 1 { cell } else { !cell };
            let mut clause = vec![!letter_lit];
            clause.extend(ts);
            model.add(format!("{name} letter at {i}"), Constraint::clause(clause));
        }
    }
    for i in 0..=n {
        for q in 0..states {
            let Some(s) = state_var[i][q] else { continue };
            if i < n {
                let mut clause = vec![!s];
                clause.extend(outgoing[i][q].iter().copied());
                model.add(
                    format!("{name} state {q} after {i} goes on"),
                    Constraint::clause(clause),
                );
            }
            if i > 0 {
                let mut clause = vec![!s];
                clause.extend(incoming[i][q].iter().copied());
                model.add(
                    format!("{name} state {q} after {i} comes from"),
                    Constraint::clause(clause),
                );
            }
        }
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Assignment;

    /// Words with no two adjacent `true` letters (each state determines the letter read).
    fn no_two_adjacent() -> BinaryDfa {
        BinaryDfa {
            start: 0,
            accepting: vec![true, true],
            next: vec![[Some(0), Some(1)], [Some(0), None]],
        }
    }

    /// Words with an even number of `true` letters (state 0 is entered by both letters).
    fn even_parity() -> BinaryDfa {
        BinaryDfa {
            start: 0,
            accepting: vec![true, false],
            next: vec![[Some(0), Some(1)], [Some(1), Some(0)]],
        }
    }

    /// Brute force over every assignment: a word extends to a model of the encoding iff the
    /// automaton accepts it.
    fn assert_projection_is_the_language(dfa: &BinaryDfa, n: usize) {
        let mut model = Model::new();
        let cells: Vec<Lit> = (0..n)
            .map(|i| model.new_bool(format!("c{i}")).lit())
            .collect();
        add_regular(&mut model, "line", dfa, &cells, |_, _| true);
        let total = model.vars.len();
        assert!(total <= 20, "{total} variables");
        for word in 0u32..1 << n {
            let letters: Vec<bool> = (0..n).map(|i| word >> i & 1 == 1).collect();
            let satisfiable = (0u64..1 << (total - n)).any(|aux| {
                let mut values: Vec<i64> = letters.iter().map(|&l| i64::from(l)).collect();
                values.extend((0..total - n).map(|j| i64::from(aux >> j & 1 == 1)));
                model.first_violation(&Assignment { values }).is_none()
            });
            assert_eq!(satisfiable, dfa.accepts(&letters), "{letters:?}");
        }
    }

    #[test]
    fn state_labelled_encoding_has_exactly_the_accepted_words() {
        assert!(no_two_adjacent().entry_letters().is_some());
        assert_projection_is_the_language(&no_two_adjacent(), 4);
    }

    #[test]
    fn transition_encoding_has_exactly_the_accepted_words() {
        assert!(even_parity().entry_letters().is_none());
        assert_projection_is_the_language(&even_parity(), 2);
    }

    #[test]
    fn an_empty_language_makes_the_model_contradictory() {
        let mut model = Model::new();
        let cells: Vec<Lit> = (0..3)
            .map(|i| model.new_bool(format!("c{i}")).lit())
            .collect();
        // Odd parity is impossible when every state is pruned after the first letter.
        add_regular(&mut model, "line", &even_parity(), &cells, |i, _| i == 0);
        for word in 0i64..8 {
            let mut values: Vec<i64> = (0..3).map(|i| word >> i & 1).collect();
            values.resize(model.vars.len(), 0);
            let a = Assignment {
                values: values.clone(),
            };
            let v = model.vars.len() - 1;
            values[v] = 1;
            let b = Assignment { values };
            assert!(model.first_violation(&a).is_some() && model.first_violation(&b).is_some());
        }
    }
}
