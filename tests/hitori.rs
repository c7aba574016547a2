//! Hitori end to end: the shipped instances against their published answers with every
//! formulation × backend that runs here, and the command line (verdicts, exit codes, bad
//! input, URLs written back).

mod shading;

use puzzlec::puzzles::hitori::Hitori;
use puzzlec::puzzles::Puzzle;
use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
use shading::{answer, matrix_gives_answer, model_text, puzzlec, stderr, stdout};

fn model(name: &str) -> Hitori {
    Hitori::read(name, &model_text("hitori", name)).unwrap()
}

/// Cells left out of a matrix, and why. Flow as CNF is refused above a size guard and is
/// slow below it (4×4: 0.5 s; 6×5: 1.9M clauses, 195 s), so varisat runs it on the 4×4 only;
/// glpsol does not finish the flow model even on 6×5 within 60 s (cbc: 0.8 s on 10×10).
fn gaps(cells: usize) -> impl Fn(&str, &str) -> Option<&'static str> {
    move |backend, spec| {
        let flow_on_sat = spec.contains("flow") && puzzlec::backend::is_sat(backend);
        let the_one_sat_cell = backend == "varisat" && spec.contains("totalizer") && cells <= 16;
        if flow_on_sat && !the_one_sat_cell {
            Some("flow is meant for MIP: as CNF it is refused or takes minutes")
        } else if spec.contains("flow") && backend == "lp:glpsol" {
            Some("glpsol does not finish the flow model of a 6×5 within 60 s")
        } else {
            None
        }
    }
}

#[test]
fn published_examples_every_backend_and_formulation_give_the_published_answers() {
    let p = model("pzprjs_4x4.url");
    assert_eq!(
        model("pzprjs_4x4.txt"),
        p,
        "the grid text holds the same puzzle"
    );
    for (name, answer_file) in [
        ("pzprjs_4x4.url", "pzprjs_4x4.answer"),
        ("cspuz_6x5.url", "cspuz_6x5.answer"),
    ] {
        let expected = answer("hitori", answer_file);
        let p = model(name);
        let ran = matrix_gives_answer(&p, &Hitori::keys(), &expected, gaps(p.grid.len()));
        // varisat and batsat × 2 card × 2 connectivity, microlp × 3, and more where found.
        assert!(ran >= 12, "{name}: only {ran} cells ran");
    }
}

#[test]
fn noqx_10x10_gives_the_answer_cspuz_finds_on_every_backend() {
    let expected = answer("hitori", "noqx_10x10.answer");
    let p = model("noqx_10x10.url");
    let ran = matrix_gives_answer(&p, &Hitori::keys(), &expected, gaps(p.grid.len()));
    assert!(ran >= 11, "only {ran} cells ran");
}

#[test]
fn generated_30x30_is_unique_with_both_embedded_sat_solvers() {
    let p = model("gen_30x30_s1.url");
    for backend in ["varisat", "batsat"] {
        let report = solve_puzzle(&p, &SolveOptions::new(backend, "", Mode::Unique)).unwrap();
        assert_eq!(report.verdict, Verdict::Unique, "{backend}");
    }
}

#[test]
fn cli_prints_the_answer_and_unique_for_a_url_and_the_grid_text() {
    for file in ["pzprjs_4x4.url", "pzprjs_4x4.txt"] {
        let out = puzzlec(&["solve", "hitori", &format!("models/hitori/{file}")]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let expected = answer("hitori", "pzprjs_4x4.answer").join("\n");
        assert_eq!(stdout(&out), format!("{expected}\n\nunique\n"));
    }
}

#[test]
fn verdicts_none_and_multiple_with_their_exit_codes() {
    for spec in ["connectivity=lazy", "connectivity=tree"] {
        let out = puzzlec(&[
            "solve",
            "hitori",
            "models/hitori/edge_none_2x2.url",
            "-f",
            spec,
        ]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stdout(&out).contains("no solution"), "{}", stdout(&out));
    }
    // No repeated number: any one cell may be the shaded one (pzprjs wants at least one).
    let out = puzzlec(&[
        "solve",
        "hitori",
        "https://puzz.link/p?hitori/3/1/123",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["verdict"], "multiple");
    let out = puzzlec(&["count", "hitori", "https://puzz.link/p?hitori/3/1/123"]);
    assert!(stdout(&out).contains("3 solution"), "{}", stdout(&out));
}

#[test]
fn bad_input_is_an_error_at_its_position_with_exit_code_2() {
    let dir = std::env::temp_dir().join(format!("puzzlec-hitori-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.txt");
    std::fs::write(&file, "1 2 3\n2 3 #\n").unwrap();
    let out = puzzlec(&["solve", "hitori", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("bad.txt:2:5: `#` is not a clue"),
        "{}",
        stderr(&out)
    );
    let out = puzzlec(&["solve", "hitori", "https://puzz.link/p?hitori/2/2/1-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("URL:1:33: `-` must be followed"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn export_writes_each_shipped_url_back() {
    for name in [
        "pzprjs_4x4.url",
        "cspuz_6x5.url",
        "noqx_10x10.url",
        "gen_60x60_s5.url",
    ] {
        let text = model_text("hitori", name);
        let url = text.lines().find(|l| l.starts_with("https://")).unwrap();
        let path = format!("models/hitori/{name}");
        let out = puzzlec(&["export", "hitori", &path, "--format", "url"]);
        assert_eq!(stdout(&out), format!("{url}\n"), "{name}: {}", stderr(&out));
    }
}
