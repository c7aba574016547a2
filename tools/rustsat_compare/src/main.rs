//! rustsat's encodings on the constraints of docs/encodings.md: `cargo run --release` prints
//! one row per constraint and encoding (clauses, new variables, milliseconds to encode).
//!
//! `rustsat_compare dimacs ENCODING MODEL.json` writes a whole puzzle's model (the JSON of
//! `puzzlec export GENRE FILE --format json`) as DIMACS with every `linear` row encoded by one
//! rustsat encoding (`totalizer`, `gte`, `dpw`, `adder`) and every other row as puzzlec's own
//! DIMACS writes it, so that an external SAT solver can time the two files side by side
//! (`tools/rustsat_solve_compare.py`).

mod model_to_dimacs;

use rustsat::encodings::card::{self, Totalizer};
use rustsat::encodings::pb::{self, BinaryAdder, DynamicPolyWatchdog, GeneralizedTotalizer};
use rustsat::instances::{BasicVarManager, Cnf, ManageVars};
use rustsat::types::Lit;
use std::time::Instant;

/// `Σ w·lit ≤ ub` or `= b` with unsigned weights.
struct Pb {
    name: &'static str,
    weights: Vec<usize>,
    bound: usize,
    equal: bool,
}

/// The rows: a star battle row, Killer cages in the direct and order encodings, a Kakuro-like
/// run, the heyawake flow balance (8 integers 0..99).
fn constraints() -> Vec<Pb> {
    let direct_cage = |cells: usize, sum: usize| -> Vec<usize> {
        (0..cells)
            .flat_map(|_| 1..=8usize)
            .collect::<Vec<_>>()
            .into_iter()
            .map(|w| w.min(sum))
            .collect()
    };
    vec![
        Pb {
            name: "starbattle row: 10 cells = 2",
            weights: vec![1; 10],
            bound: 2,
            equal: true,
        },
        Pb {
            name: "killer cage 4 cells = 20, order bits (32 lits)",
            weights: vec![1; 32],
            bound: 16,
            equal: true,
        },
        Pb {
            name: "killer cage 4 cells = 20, direct (w = v-1)",
            weights: direct_cage(4, 16),
            bound: 16,
            equal: true,
        },
        Pb {
            name: "killer cage 9 cells = 45, order bits (72 lits)",
            weights: vec![1; 72],
            bound: 36,
            equal: true,
        },
        Pb {
            name: "heyawake flow balance: 8 ints 0..99 (792 order bits)",
            weights: vec![1; 792],
            bound: 396,
            equal: true,
        },
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() > 1 {
        if let [_, mode, encoding, path] = args.as_slice() {
            if mode == "dimacs" {
                match model_to_dimacs::run(encoding, path) {
                    Ok(()) => return,
                    Err(e) => {
                        eprintln!("rustsat_compare: {e}");
                        std::process::exit(2);
                    }
                }
            }
        }
        eprintln!("usage: rustsat_compare [dimacs totalizer|gte|dpw|adder MODEL.json]");
        std::process::exit(2);
    }
    println!("| constraint | encoding | clauses | new vars | ms |");
    println!("|---|---|---:|---:|---:|");
    for c in constraints() {
        for enc in ["totalizer", "gte", "dpw", "adder"] {
            let mut vm = BasicVarManager::default();
            let lits: Vec<Lit> = c.weights.iter().map(|_| vm.new_var().pos_lit()).collect();
            let inputs = vm.n_used();
            let mut cnf = Cnf::new();
            let start = Instant::now();
            let unit = c.weights.iter().all(|&w| w == 1);
            let total: usize = c.weights.iter().sum();
            let ok = match enc {
                "totalizer" if unit => {
                    let mut t: Totalizer = lits.iter().copied().collect();
                    use card::{BoundBoth, BoundUpper};
                    if c.equal {
                        t.encode_both(c.bound..=c.bound, &mut cnf, &mut vm).unwrap();
                        for l in t.enforce_eq(c.bound).unwrap() {
                            cnf.add_unit(l);
                        }
                    } else {
                        t.encode_ub(c.bound..=c.bound, &mut cnf, &mut vm).unwrap();
                        for l in t.enforce_ub(c.bound).unwrap() {
                            cnf.add_unit(l);
                        }
                    }
                    true
                }
                "gte" | "dpw" => {
                    // Upper bounds only: = b is ≤ b over the literals and ≤ total − b over
                    // their negations.
                    use pb::BoundUpper;
                    let mut sides = vec![(lits.clone(), c.bound)];
                    if c.equal {
                        sides.push((lits.iter().map(|&l| !l).collect(), total - c.bound));
                    }
                    for (ls, ub) in sides {
                        let weighted = ls.iter().copied().zip(c.weights.iter().copied());
                        let units = if enc == "gte" {
                            let mut e: GeneralizedTotalizer = weighted.collect();
                            e.encode_ub(ub..=ub, &mut cnf, &mut vm).unwrap();
                            e.enforce_ub(ub).unwrap()
                        } else {
                            let mut e: DynamicPolyWatchdog = weighted.collect();
                            e.encode_ub(ub..=ub, &mut cnf, &mut vm).unwrap();
                            e.enforce_ub(ub).unwrap()
                        };
                        for l in units {
                            cnf.add_unit(l);
                        }
                    }
                    true
                }
                "adder" => {
                    use pb::{BoundBoth, BoundUpper};
                    let mut e: BinaryAdder = lits
                        .iter()
                        .copied()
                        .zip(c.weights.iter().copied())
                        .collect();
                    let units = if c.equal {
                        e.encode_both(c.bound..=c.bound, &mut cnf, &mut vm).unwrap();
                        e.enforce_eq(c.bound).unwrap()
                    } else {
                        e.encode_ub(c.bound..=c.bound, &mut cnf, &mut vm).unwrap();
                        e.enforce_ub(c.bound).unwrap()
                    };
                    for l in units {
                        cnf.add_unit(l);
                    }
                    true
                }
                _ => false,
            };
            if ok {
                let ms = start.elapsed().as_secs_f64() * 1e3;
                println!(
                    "| {} | rustsat {enc} | {} | {} | {ms:.2} |",
                    c.name,
                    cnf.len(),
                    vm.n_used() - inputs
                );
            }
        }
    }
}
