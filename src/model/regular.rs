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

    /// Words with no two adjacent `true` letters.
    fn no_two_adjacent() -> BinaryDfa {
        BinaryDfa {
            start: 0,
            accepting: vec![true, true],
            next: vec![[Some(0), Some(1)], [Some(0), None]],
        }
    }

    #[test]
    fn the_run_of_an_accepted_word_satisfies_the_encoding() {
        // For every word of length 5 the automaton accepts, setting the states and
        // transitions of its run satisfies every clause.
        let dfa = no_two_adjacent();
        let mut model = Model::new();
        let cells: Vec<Lit> = (0..5)
            .map(|i| model.new_bool(format!("c{i}")).lit())
            .collect();
        add_regular(&mut model, "line", &dfa, &cells, |_, _| true);
        let aux = model.vars.len() - 5;
        for word in 0u32..32 {
            let letters: Vec<bool> = (0..5).map(|i| word >> i & 1 == 1).collect();
            let mut values = vec![0i64; model.vars.len()];
            for (i, &l) in letters.iter().enumerate() {
                values[i] = i64::from(l);
            }
            let mut q = dfa.start;
            let mut ok = true;
            let mut path = vec![q];
            for &l in &letters {
                match dfa.next[q][usize::from(l)] {
                    Some(n) => q = n,
                    None => {
                        ok = false;
                        break;
                    }
                }
                path.push(q);
            }
            ok = ok && dfa.accepting[q];
            assert_eq!(ok, dfa.accepts(&letters));
            if ok {
                for (i, &q) in path.iter().enumerate() {
                    let name = format!("line state {q} after {i}");
                    let v = model.vars.iter().position(|v| v.name == name).unwrap();
                    values[v] = 1;
                    if i + 1 < path.len() {
                        let tname =
                            format!("line {q}-{}->{} at {i}", u8::from(letters[i]), path[i + 1]);
                        let t = model.vars.iter().position(|v| v.name == tname).unwrap();
                        values[t] = 1;
                    }
                }
                let a = Assignment { values };
                assert!(
                    model.first_violation(&a).is_none(),
                    "accepted word {letters:?} must satisfy"
                );
            }
            assert!(aux > 0);
        }
    }

    #[test]
    fn rejected_words_violate_every_auxiliary_assignment() {
        // Length 3 keeps the auxiliary space enumerable.
        let dfa = no_two_adjacent();
        let mut model = Model::new();
        let cells: Vec<Lit> = (0..3)
            .map(|i| model.new_bool(format!("c{i}")).lit())
            .collect();
        add_regular(&mut model, "line", &dfa, &cells, |_, _| true);
        let total = model.vars.len();
        assert!(total <= 24, "{total} variables");
        for word in 0u32..8 {
            let letters: Vec<bool> = (0..3).map(|i| word >> i & 1 == 1).collect();
            let satisfiable = (0u64..1 << (total - 3)).any(|aux| {
                let mut values: Vec<i64> = letters.iter().map(|&l| i64::from(l)).collect();
                values.extend((0..total - 3).map(|j| i64::from(aux >> j & 1 == 1)));
                model.first_violation(&Assignment { values }).is_none()
            });
            assert_eq!(satisfiable, dfa.accepts(&letters), "{letters:?}");
        }
    }
}
