//! Skeleton puzzles end to end: the spec's instances solved with every formulation and every
//! backend available here, compared with the published answers.

use puzzlec::backend::available_backends;
use puzzlec::puzzles::skeleton::{load_texts, Skeleton};
use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
use std::path::Path;

const FORMULATIONS: [&str; 3] = ["letters=channel", "letters=support", "letters=crossing"];

fn model(name: &str) -> Skeleton {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models/skeleton")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    load_texts(name, &text, None).unwrap()
}

fn answer(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models/skeleton")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The backends to run: embedded ones always, external ones when installed.
fn backends() -> Vec<String> {
    available_backends()
}

fn solve(
    p: &Skeleton,
    backend: &str,
    formulation: &str,
    mode: Mode,
) -> (Verdict, Vec<Vec<String>>) {
    let report = solve_puzzle(p, &SolveOptions::new(backend, formulation, mode))
        .unwrap_or_else(|e| panic!("{backend} {formulation}: {e}"));
    let rows = report
        .solutions
        .iter()
        .map(|s| p.solution_rows(s))
        .collect();
    (report.verdict, rows)
}

#[test]
fn states_instance_is_unique_with_the_published_answer_everywhere() {
    let p = model("states15.txt");
    let expected = answer("states15.answer");
    for backend in backends() {
        for f in FORMULATIONS {
            let (verdict, rows) = solve(&p, &backend, f, Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{backend} {f}");
            assert_eq!(rows[0], expected, "{backend} {f}");
        }
    }
}

#[test]
fn given_letter_makes_the_7x7_instance_unique_everywhere() {
    let p = model("given7.txt");
    let expected = answer("given7.answer");
    for backend in backends() {
        for f in FORMULATIONS {
            let (verdict, rows) = solve(&p, &backend, f, Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{backend} {f}");
            assert_eq!(rows[0], expected, "{backend} {f}");
        }
    }
}

#[test]
fn without_the_given_letter_the_7x7_instance_has_exactly_two_solutions() {
    let p = model("given7-open.txt");
    let expected = answer("given7.answer");
    for backend in backends() {
        for f in FORMULATIONS {
            let (verdict, rows) = solve(&p, &backend, f, Mode::Count(10));
            assert_eq!(verdict, Verdict::Multiple, "{backend} {f}");
            assert_eq!(rows.len(), 2, "{backend} {f}");
            assert!(rows.contains(&expected), "{backend} {f}");
        }
    }
}

#[test]
fn boat_instance_is_unique_everywhere() {
    let p = model("boat.txt");
    for backend in backends() {
        for f in FORMULATIONS {
            let (verdict, rows) = solve(&p, &backend, f, Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{backend} {f}");
            assert_eq!(rows[0], vec!["boat", "art#", "need"], "{backend} {f}");
        }
    }
}

#[test]
fn every_embedded_backend_is_exercised() {
    let names = backends();
    for needed in ["varisat", "batsat", "microlp"] {
        assert!(
            names.iter().any(|n| n == needed),
            "{needed} missing from {names:?}"
        );
    }
}

#[test]
fn generated_puzzles_are_unique_by_a_second_independent_formulation() {
    use puzzlec::puzzles::skeleton::generate::{generate, solver_oracle, GenerateOptions};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("models/skeleton/words-en.txt");
    let words: Vec<String> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    for seed in [1, 2] {
        let opts = GenerateOptions {
            height: 9,
            width: 9,
            mask: None,
            seed,
            time: std::time::Duration::from_secs(20),
            target_words: Some(10),
        };
        let mut oracle = solver_oracle("varisat", "letters=support", None);
        let g = generate(&words, &opts, &mut oracle)
            .unwrap()
            .expect("a unique 9x9 puzzle within the time budget");
        assert!(g.puzzle.words.len() >= 10);
        assert_eq!(g.puzzle.verify_solution(&g.answer), Ok(()));
        // re-read from its own text, then re-check with the other formulations and backends
        let again = load_texts("generated", &g.puzzle.to_text(), None).unwrap();
        for (backend, f) in [
            ("batsat", "letters=channel"),
            ("microlp", "letters=crossing"),
        ] {
            let (verdict, rows) = solve(&again, backend, f, Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "seed {seed} {backend} {f}");
            assert_eq!(rows[0], again.solution_rows(&g.answer));
        }
    }
}

#[test]
fn shipped_generated_puzzles_are_unique_under_every_formulation() {
    for name in ["generated-9x9", "generated-15x15-30", "generated-15x15-50"] {
        let p = model(&format!("{name}.txt"));
        let expected = answer(&format!("{name}.answer"));
        for (backend, f) in [
            ("varisat", "letters=channel"),
            ("batsat", "letters=support"),
            ("microlp", "letters=crossing"),
        ] {
            let (verdict, rows) = solve(&p, backend, f, Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{name} {backend} {f}");
            assert_eq!(rows[0], expected, "{name} {backend} {f}");
        }
    }
}

#[test]
fn a_multiple_verdict_lists_the_slots_that_differ() {
    let p = model("given7-open.txt");
    let report = solve_puzzle(&p, &SolveOptions::new("varisat", "", Mode::Unique)).unwrap();
    assert_eq!(report.verdict, Verdict::Multiple);
    let note = report.note.expect("a note naming the differing slots");
    // the given `d` decides the top slot: without it, that slot is among the differences
    assert!(note.contains("row 1 across: "), "{note}");
    assert!(note.contains(" ↔ "), "{note}");
}

#[test]
fn formulations_agree_on_solution_counts_of_random_boards() {
    use puzzlec::puzzles::skeleton::generate::{generate, Check, GenerateOptions};
    let words: Vec<String> = [
        "CAT", "ACT", "TAC", "TAB", "BAT", "CAB", "EAT", "TEA", "ATE", "ETA", "BET", "BEE", "TEE",
        "ACE", "CEE", "BEAT", "BETA", "ABET", "TACT", "CABBIE", "BATTLE", "TABLET", "EA", "AT",
        "TA", "BE", "EB",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut multiple_seen = false;
    for seed in 0..12 {
        let opts = GenerateOptions {
            height: 6,
            width: 6,
            mask: None,
            seed,
            time: std::time::Duration::ZERO,
            target_words: None,
        };
        // any board the placement rules allow, unique or not
        let g = generate(&words, &opts, &mut |_| Ok(Check::Unique))
            .unwrap()
            .unwrap();
        let p = load_texts("random", &g.puzzle.to_text(), None).unwrap();
        let mut counts = Vec::new();
        for backend in ["varisat", "batsat"] {
            for f in FORMULATIONS {
                let (_, rows) = solve(&p, backend, f, Mode::Count(50));
                assert!(rows.contains(&p.solution_rows(&g.answer)));
                counts.push(rows.len());
            }
        }
        assert!(
            counts.iter().all(|&c| c == counts[0]),
            "seed {seed}: {counts:?}"
        );
        multiple_seen |= counts[0] > 1;
    }
    assert!(
        multiple_seen,
        "the boards should include some with several solutions"
    );
}

#[test]
fn unicode_words_solve_on_every_backend() {
    let p = load_texts("kanji", "...\n.#.\n\n東京都\n東西\n都会\n", None).unwrap();
    for backend in backends() {
        for f in FORMULATIONS {
            let (verdict, rows) = solve(&p, &backend, f, Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{backend} {f}");
            assert_eq!(rows[0], vec!["東京都", "西#会"], "{backend} {f}");
        }
    }
}

#[test]
fn a_space_inside_an_entry_takes_a_cell() {
    // A song title across the middle row, crossing a word down the first column: the line is the
    // entry and its space is a letter of its own (as the seed's generator, MakePuzz, publishes
    // them), so `Blue Moon` fills the 9-cell slot with a space in its fifth cell.
    let text = "O########\n.........\nI########\n\nBlue Moon\nOBI\n";
    let p = load_texts("titles.txt", text, None).unwrap();
    for backend in backends() {
        for f in FORMULATIONS {
            let (verdict, rows) = solve(&p, &backend, f, Mode::Unique);
            assert_eq!(verdict, Verdict::Unique, "{backend} {f}");
            assert_eq!(
                rows[0],
                ["O########", "Blue Moon", "I########"],
                "{backend} {f}"
            );
        }
    }
    // Written back, the entry keeps its space.
    assert!(p.to_text().ends_with("Blue Moon\nOBI\n"));
    // The 8-cell slot of the old reading no longer takes it: lengths must match.
    let dropped = "O#######\n........\nI#######\n\nBlue Moon\nOBI\n";
    let e = load_texts("titles.txt", dropped, None).unwrap_err();
    assert!(e.to_string().contains("length 9"), "{e}");
}

/// The reference generator's uniqueness test: does swapping the words of two equal-length slots
/// give another valid filling?
fn pairwise_swap_finds_another(
    p: &Skeleton,
    answer: &puzzlec::puzzles::skeleton::Solution,
) -> bool {
    for (x, s) in p.slots.iter().enumerate() {
        for t in &p.slots[x + 1..] {
            let g = &p.diagram.grid;
            let (a, b) = (answer.read(g, s).unwrap(), answer.read(g, t).unwrap());
            if s.cells.len() != t.cells.len() || a == b {
                continue;
            }
            let mut swapped = answer.clone();
            for (slot, word) in [(s, &b), (t, &a)] {
                for ((r, c), l) in slot.cells.iter().map(|&c| g.rc(c)).zip(word.chars()) {
                    swapped.letters[r][c] = Some(l);
                }
            }
            if p.verify_solution(&swapped).is_ok() {
                return true;
            }
        }
    }
    false
}

#[test]
fn pairwise_swaps_miss_the_second_solution_the_solver_finds() {
    let p = model("given7-open.txt");
    let (verdict, rows) = solve(&p, "varisat", "", Mode::Unique);
    assert_eq!(verdict, Verdict::Multiple);
    let report = solve_puzzle(&p, &SolveOptions::new("varisat", "", Mode::First)).unwrap();
    // the reference's test would call this puzzle unique: its two solutions differ in every slot
    assert!(!pairwise_swap_finds_another(&p, &report.solutions[0]));
    assert_eq!(rows.len(), 2);
    // while it does catch a plain swap of two words
    let swap = load_texts("swap", "..\n.#\n\nab\nac\n", None).unwrap();
    let first = solve_puzzle(&swap, &SolveOptions::new("varisat", "", Mode::First)).unwrap();
    assert!(pairwise_swap_finds_another(&swap, &first.solutions[0]));
}

fn puzzlec(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_solves_and_lists_differing_slots() {
    let (code, out, _) = puzzlec(&["solve", "skeleton", "models/skeleton/boat.txt"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("boat\nart#\nneed\n"), "{out}");
    assert!(out.contains("unique"), "{out}");
    let (_, out, _) = puzzlec(&["solve", "skeleton", "models/skeleton/given7-open.txt"]);
    assert!(out.contains("row 1 across: "), "{out}");
}

#[test]
fn cli_takes_the_words_from_a_separate_file() {
    let dir = std::env::temp_dir().join(format!("puzzlec-skeleton-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let grid = dir.join("grid.txt");
    let words = dir.join("words.txt");
    std::fs::write(&grid, "....\n...#\n....\n").unwrap();
    std::fs::write(&words, "boat\nart\nneed\nban\nore\nate\n").unwrap();
    let (code, out, err) = puzzlec(&[
        "solve",
        "skeleton",
        grid.to_str().unwrap(),
        "--words",
        words.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("boat\nart#\nneed\n"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cli_bad_input_is_one_line_and_exit_2() {
    let dir = std::env::temp_dir().join(format!("puzzlec-skeleton-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (text, expected) in [
        ("....\n..\n\nab\n", ":2:3: grid row has 2 cells"),
        (
            "....\n...#\n....\n\nboat\nart\nneed\nban\nore\n",
            "length 3: 4 slots but 3 words",
        ),
        ("..#..\n\nab\ncd\n", "white cells are not connected"),
        (
            "....\n..z#\n....\n\nboat\nart\nneed\nban\nore\nate\n",
            ":2:3: given letter `z`",
        ),
    ] {
        let f = dir.join("bad.txt");
        std::fs::write(&f, text).unwrap();
        let (code, out, err) = puzzlec(&["solve", "skeleton", f.to_str().unwrap()]);
        assert_eq!(code, 2, "{text:?}: {out} {err}");
        assert!(err.contains(expected), "{text:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cli_generates_a_puzzle_that_solves_uniquely_to_its_answer() {
    let dir = std::env::temp_dir().join(format!("puzzlec-skeleton-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let answer = dir.join("answer.txt");
    let (code, out, err) = puzzlec(&[
        "skeleton",
        "generate",
        "--words",
        "models/skeleton/words-en.txt",
        "--size",
        "9x9",
        "--seed",
        "5",
        "--min-words",
        "12",
        "--time",
        "20",
        "--answer",
        answer.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let p = load_texts("generated", &out, None).unwrap();
    assert!(p.words.len() >= 12);
    let expected: Vec<String> = std::fs::read_to_string(&answer)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let (verdict, rows) = solve(&p, "batsat", "letters=channel", Mode::Unique);
    assert_eq!(verdict, Verdict::Unique);
    assert_eq!(rows[0], expected);
    std::fs::remove_dir_all(&dir).ok();
}
