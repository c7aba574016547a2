//! Nurikabe end to end: the shipped instances against their published answers with every
//! formulation × backend that runs here, the facts of a puzzle with several solutions, and the
//! command line (verdicts, exit codes, bad input, URLs written back).

mod shading;

use puzzlec::puzzles::nurikabe::Nurikabe;
use puzzlec::puzzles::Puzzle;
use puzzlec::solve::{solve_puzzle, Mode, SolveOptions, Verdict};
use shading::{answer, matrix_gives_answer, model_text, puzzlec, stderr, stdout};

fn model(name: &str) -> Nurikabe {
    Nurikabe::read(name, &model_text("nurikabe", name)).unwrap()
}

#[test]
fn pzprjs_example_every_backend_and_formulation_gives_the_published_answer() {
    let expected = answer("nurikabe", "pzprjs_5x5.answer");
    let p = model("pzprjs_5x5.url");
    assert_eq!(
        model("pzprjs_5x5.txt"),
        p,
        "the grid text holds the same puzzle"
    );
    let ran = matrix_gives_answer(&p, &Nurikabe::keys(), &expected, |b, spec| {
        // As CNF the flow's integer arc flows are ~100k clauses even here: one SAT cell shows
        // that it works.
        let flow_on_sat = spec.contains("flow") && puzzlec::backend::is_sat(b);
        (flow_on_sat && !(b == "varisat" && spec.contains("totalizer")))
            .then_some("flow is meant for MIP; varisat runs it once")
    });
    // varisat and batsat × 2 card × 2 islands × 2-3 connectivity, microlp × 6.
    assert!(ran >= 20, "only {ran} cells ran");
}

#[test]
fn semiexp_10x10_gives_the_answer_cspuz_finds_on_every_sat_backend() {
    let expected = answer("nurikabe", "semiexp_10x10.answer");
    let ran = matrix_gives_answer(
        &model("semiexp_10x10.url"),
        &Nurikabe::keys(),
        &expected,
        |b, spec| {
            if !puzzlec::backend::is_sat(b) {
                Some("no MIP backend here (microlp, cbc, glpsol) answers the 10×10 within 60 s")
            } else if spec.contains("flow") {
                Some("flow as CNF is refused above a size guard: it is meant for MIP")
            } else if b.starts_with("dimacs:") && spec.contains("lazy") {
                Some(
                    "hundreds of cut rounds, each a process start: 6-60 s; the complete model runs",
                )
            } else {
                None
            }
        },
    );
    assert!(ran >= 8, "only {ran} cells ran");
}

#[test]
fn hunt_30x20_gives_the_answer_cspuz_finds() {
    let p = model("hunt_30x20.url");
    let expected = answer("nurikabe", "hunt_30x20.answer");
    for backend in ["varisat", "batsat"] {
        let report = solve_puzzle(&p, &SolveOptions::new(backend, "", Mode::Unique)).unwrap();
        assert_eq!(report.verdict, Verdict::Unique, "{backend}");
        assert_eq!(
            p.grid.shading_rows(&report.solutions[0]),
            expected,
            "{backend}"
        );
    }
}

#[test]
fn cspuz_6x6_has_several_solutions_and_its_published_facts() {
    let p = model("cspuz_6x6.url");
    for spec in ["", "islands=tree,connectivity=tree"] {
        let report = solve_puzzle(&p, &SolveOptions::new("varisat", spec, Mode::Facts)).unwrap();
        assert_eq!(report.verdict, Verdict::Multiple, "{spec}");
        assert_eq!(
            report.facts.unwrap(),
            answer("nurikabe", "cspuz_6x6.facts"),
            "{spec}"
        );
    }
    let out = puzzlec(&[
        "solve",
        "nurikabe",
        "models/nurikabe/cspuz_6x6.url",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["verdict"], "multiple");
    let solutions = json["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 2);
    assert_ne!(solutions[0], solutions[1]);
    for s in solutions {
        let rows: Vec<&str> = s
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        p.verify(&p.grid.parse_shading(&rows).unwrap()).unwrap();
    }
}

#[test]
fn cli_prints_the_answer_and_unique_for_a_url_and_the_grid_text() {
    for file in ["pzprjs_5x5.url", "pzprjs_5x5.txt"] {
        let out = puzzlec(&["solve", "nurikabe", &format!("models/nurikabe/{file}")]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let expected = answer("nurikabe", "pzprjs_5x5.answer").join("\n");
        assert_eq!(stdout(&out), format!("{expected}\n\nunique\n"));
    }
}

#[test]
fn two_touching_ones_have_no_solution_with_exit_code_1() {
    for spec in ["islands=lazy", "islands=tree"] {
        let url = "https://puzz.link/p?nurikabe/2/1/11";
        let out = puzzlec(&["solve", "nurikabe", url, "-f", spec]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stdout(&out).contains("no solution"), "{}", stdout(&out));
    }
}

#[test]
fn bad_input_is_an_error_at_its_position_with_exit_code_2() {
    let dir = std::env::temp_dir().join(format!("puzzlec-nurikabe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.txt");
    std::fs::write(&file, "2 3\n1 - -\n- x -\n").unwrap();
    let out = puzzlec(&["solve", "nurikabe", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("bad.txt:3:3: `x` is not a clue"),
        "{}",
        stderr(&out)
    );
    std::fs::write(&file, "1 - -\n- -\n").unwrap();
    let out = puzzlec(&["solve", "nurikabe", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("bad.txt:2:4: ragged grid"),
        "{}",
        stderr(&out)
    );
    let out = puzzlec(&["solve", "nurikabe", "https://puzz.link/p?nurikabe/3/3/1!"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("URL:1:35: unexpected character `!`"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn export_writes_each_shipped_url_back_and_the_text_as_the_same_url() {
    for name in [
        "pzprjs_5x5.url",
        "cspuz_6x6.url",
        "semiexp_10x10.url",
        "hunt_30x20.url",
    ] {
        let text = model_text("nurikabe", name);
        let url = text.lines().find(|l| l.starts_with("https://")).unwrap();
        let out = puzzlec(&[
            "export",
            "nurikabe",
            &format!("models/nurikabe/{name}"),
            "--format",
            "url",
        ]);
        assert_eq!(stdout(&out), format!("{url}\n"), "{name}: {}", stderr(&out));
    }
    let out = puzzlec(&[
        "export",
        "nurikabe",
        "models/nurikabe/pzprjs_5x5.txt",
        "--format",
        "url",
    ]);
    assert_eq!(stdout(&out), "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g\n");
}
