//! Every survey puzzle in tests/data/nonogram gets its published verdict (all unique; Dancer,
//! Cat, Knot, Skid and Swing line-solvable, the others not) with every SAT formulation on both
//! embedded SAT backends, and the MIP model on the small ones; every solution is verified.

use puzzlec::puzzles::nonogram::logic::line_logic;
use puzzlec::puzzles::nonogram::parse::parse_non;
use puzzlec::puzzles::nonogram::{dom, Nonogram};
use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nonogram");

/// The 13 webpbn puzzles with their line-solvability from the data README.
const SURVEY: &[(&str, bool)] = &[
    ("webpbn-0001.non", true),
    ("webpbn-0006.non", true),
    ("webpbn-0016.non", true),
    ("webpbn-0021.non", true),
    ("webpbn-0023.non", false),
    ("webpbn-0027.non", false),
    ("webpbn-0065.non", false),
    ("webpbn-0436.non", false),
    ("webpbn-0529.non", true),
    ("webpbn-0803.non", false),
    ("webpbn-1611.non", false),
    ("webpbn-6574.non", false),
    ("webpbn-8098.non", false),
];

fn load(name: &str) -> Nonogram {
    let path = format!("{DATA}/{name}");
    parse_non(&path, &std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn solve_unique(
    p: &Nonogram,
    backend: &str,
    formulation: &str,
) -> puzzlec::solve::Report<Vec<Vec<bool>>> {
    let opts = SolveOptions::new(backend, formulation, Mode::Unique);
    let t = std::time::Instant::now();
    let report = solve_puzzle(p, &opts).unwrap_or_else(|e| panic!("{backend} {formulation}: {e}"));
    eprintln!(
        "{backend} {formulation} {:?} {:.3}s",
        report.verdict,
        t.elapsed().as_secs_f64()
    );
    report
}

#[test]
fn survey_puzzles_are_unique_with_every_sat_formulation_and_backend() {
    for &(name, _) in SURVEY {
        let p = load(name);
        for backend in ["batsat", "varisat"] {
            for line in ["dfa", "blocks", "order"] {
                eprint!("{name} ");
                let r = solve_unique(&p, backend, &format!("line={line}"));
                assert_eq!(r.verdict, Verdict::Unique, "{name} {backend} line={line}");
                assert_eq!(p.check_grid(&r.solutions[0]), Ok(()), "{name}");
            }
        }
    }
}

#[test]
fn the_patterns_model_agrees_on_puzzles_with_short_lines() {
    for name in ["webpbn-0001.non", "webpbn-0023.non", "webpbn-0006.non"] {
        let p = load(name);
        let r = solve_unique(&p, "batsat", "line=patterns");
        assert_eq!(r.verdict, Verdict::Unique, "{name}");
        assert_eq!(p.check_grid(&r.solutions[0]), Ok(()));
    }
}

#[test]
fn line_logic_solves_exactly_the_line_solvable_ones() {
    for &(name, solvable) in SURVEY {
        let p = load(name);
        assert_eq!(line_logic(&p).is_solved(), solvable, "{name}");
    }
}

#[test]
fn dfa_needs_no_decisions_on_line_solvable_puzzles() {
    // Unit propagation on the automaton clauses equals the complete line solver, so the
    // line-solvable puzzles are solved (and their uniqueness proved) without a decision.
    for &(name, solvable) in SURVEY.iter().filter(|s| s.1) {
        let p = load(name);
        let r = solve_unique(&p, "batsat", "line=dfa,pre=none");
        assert_eq!(r.verdict, Verdict::Unique);
        assert!(solvable);
        assert_eq!(r.stats.decisions, Some(0), "{name}");
    }
}

#[test]
fn line_solvable_puzzles_need_no_solver_call_under_pre_line() {
    // Line logic's deductions follow from the clues, so a grid it fixes completely is the one
    // solution: the default (`pre=probe`, line logic first) answers without a model, and the
    // model-based run with `pre=none` finds the same grid and proves it unique on its own.
    for &(name, _) in SURVEY.iter().filter(|s| s.1) {
        let p = load(name);
        let deduced = solve_unique(&p, "varisat", "");
        assert_eq!(deduced.verdict, Verdict::Unique, "{name}");
        assert_eq!(deduced.stats.solver_calls, 0, "{name}");
        assert!(deduced.stats.backend.contains("line logic"), "{name}");
        let searched = solve_unique(&p, "varisat", "pre=none");
        assert_eq!(searched.verdict, Verdict::Unique, "{name}");
        assert!(searched.stats.solver_calls > 0, "{name}");
        assert_eq!(deduced.solutions, searched.solutions, "{name}");
    }
    // Not line-solvable: the solver runs.
    let hard = SURVEY.iter().find(|s| !s.1).unwrap().0;
    let r = solve_unique(&load(hard), "varisat", "");
    assert!(r.stats.solver_calls > 0, "{hard}");
}

#[test]
fn preprocessing_keeps_the_verdict() {
    for name in ["webpbn-0023.non", "webpbn-0027.non", "webpbn-6574.non"] {
        let p = load(name);
        for line in ["dfa", "blocks", "order"] {
            let r = solve_unique(&p, "batsat", &format!("line={line},pre=line"));
            assert_eq!(r.verdict, Verdict::Unique, "{name} {line}");
            assert_eq!(p.check_grid(&r.solutions[0]), Ok(()));
        }
    }
}

#[test]
fn the_mip_model_finds_the_unique_answer_of_small_puzzles() {
    for name in ["webpbn-0001.non", "webpbn-0023.non"] {
        let p = load(name);
        let r = solve_unique(&p, "microlp", "line=mip");
        assert_eq!(r.verdict, Verdict::Unique, "{name}");
        assert_eq!(p.check_grid(&r.solutions[0]), Ok(()));
    }
}

#[test]
fn n_dom_is_unique_for_small_n() {
    for n in 1..=6 {
        let p = dom(n).unwrap();
        let r = solve_unique(&p, "batsat", "line=order");
        assert_eq!(r.verdict, Verdict::Unique, "{n}-Dom");
    }
}

/// All solutions of a tiny puzzle by trying every grid.
fn brute_force_count(p: &Nonogram) -> usize {
    let cells = p.width * p.height;
    (0u32..1 << cells)
        .filter(|bits| {
            let grid: Vec<Vec<bool>> = (0..p.height)
                .map(|r| {
                    (0..p.width)
                        .map(|c| bits >> (r * p.width + c) & 1 == 1)
                        .collect()
                })
                .collect();
            p.check_grid(&grid).is_ok()
        })
        .count()
}

/// All solutions of a small puzzle: every combination of rows that fit the row clues, checked
/// against the column clues (rows of up to 16 cells).
fn solutions_by_rows(p: &Nonogram) -> Vec<Vec<Vec<bool>>> {
    use puzzlec::puzzles::nonogram::clue_of;
    let fitting: Vec<Vec<Vec<bool>>> = (p.rows.iter())
        .map(|clue| {
            (0u32..1 << p.width)
                .map(|bits| (0..p.width).map(|c| bits >> c & 1 == 1).collect::<Vec<_>>())
                .filter(|row| clue_of(row.iter().copied()) == *clue)
                .collect()
        })
        .collect();
    let mut found = Vec::new();
    let mut grid: Vec<Vec<bool>> = Vec::new();
    fn extend(
        p: &Nonogram,
        fitting: &[Vec<Vec<bool>>],
        grid: &mut Vec<Vec<bool>>,
        found: &mut Vec<Vec<Vec<bool>>>,
    ) {
        if grid.len() == p.height {
            if p.check_grid(grid).is_ok() {
                found.push(grid.clone());
            }
            return;
        }
        for row in &fitting[grid.len()] {
            grid.push(row.clone());
            extend(p, fitting, grid, found);
            grid.pop();
        }
    }
    extend(p, &fitting, &mut grid, &mut found);
    found
}

#[test]
fn probing_keeps_every_solution_of_random_small_puzzles() {
    // Random 5×6 pictures of varied density (many have several solutions, so a value probing
    // fixes wrongly would lose one): `pre=probe` finds exactly the solutions that brute force
    // over the rows finds, and when it answers without a solver the puzzle has exactly one.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as u32
    };
    let (mut deduced, mut searched) = (0, 0);
    for i in 0..60 {
        let density = 30 + (i % 5) * 10; // percent
        let grid: Vec<Vec<bool>> = (0..5)
            .map(|_| (0..6).map(|_| next() % 100 < density).collect())
            .collect();
        let p = Nonogram::from_grid(&grid);
        let mut expected = solutions_by_rows(&p);
        expected.sort();
        let opts = SolveOptions::new("batsat", "pre=probe", Mode::Count(1000));
        let r = solve_puzzle(&p, &opts).unwrap();
        let mut got = r.solutions.clone();
        got.sort();
        assert_eq!(got, expected, "{grid:?}");
        if r.stats.backend.contains("probing") {
            deduced += 1;
            assert_eq!(expected.len(), 1, "{grid:?}");
        } else {
            searched += 1;
        }
    }
    // Both paths ran: the shortcut and the model built on probed cells.
    assert!(
        deduced > 0 && searched > 0,
        "{deduced} deduced, {searched} searched"
    );
}

#[test]
fn every_formulation_counts_the_solutions_of_random_tiny_puzzles() {
    // Clues from random 3x4 pictures (a simple LCG keeps the test deterministic); the number
    // of solutions from each formulation and backend equals brute force.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..12 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let bits = (state >> 33) as u32;
        let grid: Vec<Vec<bool>> = (0..3)
            .map(|r| (0..4).map(|c| bits >> (r * 4 + c) & 1 == 1).collect())
            .collect();
        let p = Nonogram::from_grid(&grid);
        let expected = brute_force_count(&p);
        for (backend, line) in [
            ("batsat", "dfa"),
            ("varisat", "dfa"),
            ("batsat", "blocks"),
            ("batsat", "order"),
            ("batsat", "mip"),
            ("microlp", "mip"),
            ("batsat", "patterns"),
        ] {
            for pre in ["none", "line", "probe"] {
                let opts =
                    SolveOptions::new(backend, &format!("line={line},pre={pre}"), Mode::Count(100));
                let r = solve_puzzle(&p, &opts).unwrap();
                assert_eq!(
                    r.solutions.len(),
                    expected,
                    "{backend} line={line} pre={pre} on {grid:?}"
                );
            }
        }
    }
}

#[test]
fn edge_case_models_get_their_verdicts_with_every_formulation() {
    let models = concat!(env!("CARGO_MANIFEST_DIR"), "/models/nonogram");
    let cases = [
        ("edge-1x1.non", Verdict::Unique),
        ("edge-empty-3x2.non", Verdict::Unique),
        ("edge-full-4x2.non", Verdict::Unique),
        ("edge-multiple-2x2.non", Verdict::Multiple),
        ("edge-none-3x3.non", Verdict::None),
    ];
    for (name, expected) in cases {
        let path = format!("{models}/{name}");
        let p = parse_non(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        for (backend, line) in [
            ("batsat", "dfa"),
            ("batsat", "blocks"),
            ("varisat", "order"),
            ("microlp", "mip"),
            ("batsat", "patterns"),
        ] {
            for pre in ["none", "line", "probe"] {
                let f = format!("line={line},pre={pre}");
                let r = solve_puzzle(&p, &SolveOptions::new(backend, &f, Mode::Unique)).unwrap();
                assert_eq!(r.verdict, expected, "{name} {backend} {f}");
                for s in &r.solutions {
                    assert_eq!(p.check_grid(s), Ok(()));
                }
                if expected == Verdict::Multiple {
                    assert_ne!(r.solutions[0], r.solutions[1]);
                }
            }
        }
    }
}

#[test]
fn facts_of_a_puzzle_with_two_solutions_leave_the_open_cells() {
    // Rows [1] [1] [] [2], columns [1,1] [1,1]: the bottom row is full, the row above it
    // empty, and the top 2x2 holds either diagonal.
    let p = Nonogram::new(
        vec![vec![1], vec![1], vec![], vec![2]],
        vec![vec![1, 1], vec![1, 1]],
    )
    .unwrap();
    let r = solve_puzzle(&p, &SolveOptions::new("batsat", "", Mode::Facts)).unwrap();
    assert_eq!(r.verdict, Verdict::Multiple);
    assert_eq!(r.facts.unwrap(), vec!["??", "??", "..", "##"]);
}

fn puzzlec(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("puzzlec runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_png_and_its_text_art_give_the_same_clues() {
    let (code, from_png, err) =
        puzzlec(&["nonogram", "from-picture", "tests/data/nonogram/heart.png"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("unique"), "{err}");
    let (_, from_text, _) = puzzlec(&["nonogram", "from-picture", "tests/data/nonogram/heart.txt"]);
    assert_eq!(from_png, from_text);
    // The heart's clues, counted from the picture by hand.
    assert!(from_png.contains("rows\n1,1\n5\n5\n3\n1\n"), "{from_png}");
    assert!(from_png.contains("columns\n2\n4\n4\n4\n2\n"), "{from_png}");
}

#[test]
fn bad_nonogram_input_is_one_line_with_its_position_and_exit_2() {
    let dir = std::env::temp_dir().join(format!("puzzlec-nonogram-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "too-long.non",
            "width 3\nheight 1\nrows\n4\ncolumns\n1\n1\n1\n",
        ),
        (
            "bad-number.non",
            "width 2\nheight 2\nrows\n1\nx\ncolumns\n1\n1\n",
        ),
        (
            "few-lines.non",
            "width 2\nheight 2\nrows\n1\ncolumns\n1\n1\n",
        ),
    ];
    for (name, text) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (code, out, err) = puzzlec(&["solve", "nonogram", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.starts_with("error: "), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
    let (code, _, err) = puzzlec(&["solve", "nonogram", "https://puzz.link/p?nonogram/x/5/zz"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn the_cli_solves_a_survey_puzzle_and_writes_n_dom() {
    let (code, out, _) = puzzlec(&["solve", "nonogram", "tests/data/nonogram/webpbn-0001.non"]);
    assert_eq!(code, 0);
    assert!(out.trim_end().ends_with("unique"), "{out}");
    let (code, out, _) = puzzlec(&["nonogram", "dom", "5"]);
    assert_eq!(code, 0);
    assert!(out.contains("width 11"), "{out}");
}

#[test]
fn native_search_agrees_with_sat_where_backtracking_is_quick() {
    // Line logic + probing + depth-first search, model-free: the baseline `compare` puts beside
    // the SAT formulations. 6574 and 8098 are left out: backtracking needs seconds to minutes
    // there (as for the backtracking peer), which is the point of the SAT formulations.
    for &(name, _) in SURVEY {
        if matches!(name, "webpbn-6574.non" | "webpbn-8098.non") {
            continue;
        }
        let p = load(name);
        let native = solve_unique(&p, "native", "");
        let sat = solve_unique(&p, "batsat", "");
        assert_eq!(native.verdict, Verdict::Unique, "{name}");
        assert_eq!(native.solutions[0], sat.solutions[0], "{name}");
    }
    let models = concat!(env!("CARGO_MANIFEST_DIR"), "/models/nonogram");
    for (file, verdict) in [
        ("edge-multiple-2x2.non", Verdict::Multiple),
        ("edge-none-3x3.non", Verdict::None),
        ("edge-1x1.non", Verdict::Unique),
        ("edge-empty-3x2.non", Verdict::Unique),
    ] {
        let path = format!("{models}/{file}");
        let p = parse_non(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let r = solve_unique(&p, "native", "");
        assert_eq!(r.verdict, verdict, "{file}");
        if verdict == Verdict::Multiple {
            assert_ne!(r.solutions[0], r.solutions[1]);
        }
    }
}

#[test]
fn colour_puzzles_are_unique_and_verified_on_both_sat_backends() {
    use puzzlec::puzzles::nonogram::colour::parse_g;
    // The two colour puzzles of nonogram_data: unique per its README (pbnsolve 1.10), with and
    // without colour line logic (which decides them completely: no solver call).
    for name in ["webpbn-color-00047.g", "webpbn-color-00220.g"] {
        let path = format!("{DATA}/color/{name}");
        let p = parse_g(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut grids = Vec::new();
        for backend in ["varisat", "batsat"] {
            for pre in ["pre=line", "pre=none"] {
                let r = solve_puzzle(&p, &SolveOptions::new(backend, pre, Mode::Unique)).unwrap();
                assert_eq!(r.verdict, Verdict::Unique, "{name} {backend} {pre}");
                // Clues recomputed from the grid, independently of the model.
                assert_eq!(p.check(&r.solutions[0]), Ok(()), "{name}");
                let deduced = r.stats.backend.contains("line logic");
                assert_eq!(deduced, pre == "pre=line", "{name} {backend} {pre}");
                grids.push(r.solutions[0].clone());
            }
        }
        assert!(grids.iter().all(|g| *g == grids[0]), "{name}");
        let colours: std::collections::BTreeSet<usize> =
            grids[0].iter().flatten().copied().collect();
        assert_eq!(
            colours.len(),
            p.colours.len(),
            "{name}: every colour of the table is used"
        );
    }
}

const COLOUR_TABLE: &str =
    "#d\n   0:   #FFFFFF   white\n   r:*  #FF0000   red\n   u:@  #4040FF   blue\n";

#[test]
fn a_colour_puzzle_with_two_solutions_stays_multiple_with_and_without_line_logic() {
    use puzzlec::puzzles::nonogram::colour::parse_g;
    // `r.u` / `.ru` and `.ru` / `r.u`: the red diagonal can go either way, the blue column is
    // fixed. Line logic decides only the blue column, so the solver sees the rest.
    let text = format!("{COLOUR_TABLE}: rows\n1r 1u\n1r 1u\n: columns\n1r\n1r\n2u\n");
    let p = parse_g("two.g", &text).unwrap();
    for backend in ["varisat", "batsat"] {
        for pre in ["pre=line", "pre=none"] {
            let r = solve_puzzle(&p, &SolveOptions::new(backend, pre, Mode::Unique)).unwrap();
            assert_eq!(r.verdict, Verdict::Multiple, "{backend} {pre}");
            assert_ne!(r.solutions[0], r.solutions[1]);
            for g in &r.solutions {
                assert_eq!(p.check(g), Ok(()));
            }
        }
    }
}

/// How many colourings of a `width`×`height` grid with `colours` colours (background
/// included) match the clues, up to 2: every grid tried.
fn count_colourings(p: &puzzlec::puzzles::nonogram::colour::ColourNonogram) -> usize {
    let cells = p.width * p.height;
    let m = p.colours.len();
    let mut found = 0;
    for code in 0..m.pow(cells as u32) {
        let mut rest = code;
        let grid: Vec<Vec<usize>> = (0..p.height)
            .map(|_| {
                (0..p.width)
                    .map(|_| {
                        let c = rest % m;
                        rest /= m;
                        c
                    })
                    .collect()
            })
            .collect();
        if p.check(&grid).is_ok() {
            found += 1;
            if found == 2 {
                break;
            }
        }
    }
    found
}

#[test]
fn random_small_colour_puzzles_get_the_brute_force_verdict_with_and_without_line_logic() {
    use puzzlec::puzzles::nonogram::colour::{clue_of, parse_g};
    // Random 3×3 pictures in white, red and blue (a fixed seed); every grid is tried for the
    // expected verdict. Many are not line-solvable, so the narrowed model does the work.
    let mut state: u64 = 0x5eed_c010;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut multiple, mut solver_needed) = (0, 0);
    for _ in 0..40 {
        let picture: Vec<Vec<usize>> = (0..3)
            .map(|_| (0..3).map(|_| (next() % 3) as usize).collect())
            .collect();
        let write = |clue: Vec<puzzlec::puzzles::nonogram::colour::Block>| {
            let codes = ['0', 'r', 'u'];
            let tokens: Vec<String> = clue
                .iter()
                .map(|b| format!("{}{}", b.length, codes[b.colour]))
                .collect();
            if tokens.is_empty() {
                "0".to_string()
            } else {
                tokens.join(" ")
            }
        };
        let mut text = format!("{COLOUR_TABLE}: rows\n");
        for row in &picture {
            text += &(write(clue_of(row)) + "\n");
        }
        text += ": columns\n";
        for c in 0..3 {
            let column: Vec<usize> = picture.iter().map(|row| row[c]).collect();
            text += &(write(clue_of(&column)) + "\n");
        }
        let p = parse_g("random.g", &text).unwrap();
        let expected = match count_colourings(&p) {
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        multiple += usize::from(expected == Verdict::Multiple);
        for pre in ["pre=line", "pre=none"] {
            let r = solve_puzzle(&p, &SolveOptions::new("batsat", pre, Mode::Unique)).unwrap();
            assert_eq!(r.verdict, expected, "{pre}\n{text}");
            solver_needed += usize::from(pre == "pre=line" && r.stats.backend == "batsat");
        }
    }
    assert!(
        multiple > 0 && solver_needed > 0,
        "{multiple} {solver_needed}"
    );
}

#[test]
fn colour_files_through_the_cli() {
    let exe = env!("CARGO_BIN_EXE_puzzlec");
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/models/nonogram/webpbn-color-00047.g"
    );
    let out = std::process::Command::new(exe)
        .args(["solve", "nonogram", file, "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["verdict"], "unique");
    let rows = json["solutions"][0].as_array().unwrap();
    assert_eq!(rows.len(), 18);
    assert!(rows
        .iter()
        .all(|r| r.as_str().unwrap().chars().count() == 31));
    // Line logic is black-and-white only: a clear refusal, not a confusing parse error.
    let out = std::process::Command::new(exe)
        .args(["nonogram", "logic", file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("colour") && err.contains(":3:1"), "{err}");
}

/// A black-and-white puzzle as webpbn's `.g` export writes it: a colour table with white and
/// black, then the clues as bare numbers.
fn as_one_colour_g(p: &Nonogram) -> String {
    let clue = |c: &Vec<usize>| {
        c.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut text = String::from("#d\n   0:   #FFFFFF   white\n   1:X  #000000   black\n");
    text.push_str(": rows\n");
    for row in &p.rows {
        text.push_str(&clue(row));
        text.push('\n');
    }
    text.push_str(": columns\n");
    for column in &p.columns {
        text.push_str(&clue(column));
        text.push('\n');
    }
    text
}

#[test]
fn one_colour_g_files_take_the_black_and_white_path_with_the_same_answers() {
    let exe = env!("CARGO_BIN_EXE_puzzlec");
    let dir = std::env::temp_dir().join(format!("puzzlec-g-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["webpbn-0001.non", "webpbn-0023.non", "webpbn-0006.non"] {
        let non = format!("{DATA}/{name}");
        let g = dir.join(name.replace(".non", ".g"));
        std::fs::write(&g, as_one_colour_g(&load(name))).unwrap();
        let run = |file: &str, extra: &[&str]| {
            let out = std::process::Command::new(exe)
                .args(["solve", "nonogram", file, "--json"])
                .args(extra)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{file} {extra:?}");
            let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            (json["verdict"].clone(), json["solutions"].clone())
        };
        let g = g.to_str().unwrap();
        let (verdict, solutions) = run(&non, &[]);
        assert_eq!(verdict, "unique", "{name}: published as unique");
        assert_eq!(run(g, &[]), (verdict.clone(), solutions.clone()), "{name}");
        // Black-and-white only: the native solver and the `line=order` formulation.
        assert_eq!(
            run(g, &["-b", "native"]),
            (verdict.clone(), solutions.clone())
        );
        assert_eq!(run(g, &["-f", "line=order,pre=line"]), (verdict, solutions));
        let logic = std::process::Command::new(exe)
            .args(["nonogram", "logic", g])
            .output()
            .unwrap();
        assert!(
            matches!(logic.status.code(), Some(0) | Some(1)),
            "{name}: line logic reads the one-colour file: {}",
            String::from_utf8_lossy(&logic.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
