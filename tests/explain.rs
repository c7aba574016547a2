//! `solve --explain` through the binary: for "no solution", a minimal set of the model's named
//! constraints that cannot hold together, as text, in `--json` and drawn in `--render`.

mod common;
use common::*;
use resvg::usvg::roxmltree;

/// A 7×7 nurikabe whose 2 (r1c2) and 8 (r2c2) touch.
const TOUCHING: &str = "https://puzz.link/p?nurikabe/7/7/g2g6h5g8g";

fn json(args: &[&str]) -> (serde_json::Value, i32) {
    let out = puzzlec(args);
    let v = serde_json::from_str(&stdout(&out)).unwrap_or_else(|e| {
        panic!("{args:?}: {e}\n{}\n{}", stdout(&out), stderr(&out));
    });
    (v, out.status.code().unwrap())
}

fn names(v: &serde_json::Value) -> Vec<String> {
    let list = v["explanation"].as_array().unwrap_or_else(|| panic!("{v}"));
    list.iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn touching_clues_are_explained_by_a_few_constraints_naming_both() {
    // The default formulation (lazy islands: the cut that joins them), and complete ones.
    for formulation in [
        "",
        "islands=tree,connectivity=tree",
        "connectivity=propagator",
    ] {
        let args = ["solve", "--explain", "--json", TOUCHING, "-f", formulation];
        let (v, code) = json(&args);
        assert_eq!(code, 1, "{v}");
        assert_eq!(v["verdict"], "none");
        let names = names(&v);
        assert!(
            !names.is_empty() && names.len() <= 8,
            "{formulation}: {names:?}"
        );
        let all = names.join(" ");
        for clue in ["r1c2", "r2c2"] {
            assert!(all.contains(clue), "{formulation}: {names:?}");
        }
        assert!(v.get("explanation_minimal").is_none(), "{v}");
    }
}

#[test]
fn a_star_battle_asking_more_stars_than_a_row_has_is_explained() {
    let dir = std::env::temp_dir().join(format!("puzzlec-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("stars42.txt");
    // Nine rooms (one per row), so that the counting precheck passes and the model answers.
    let rows: Vec<String> = "abcdefghi"
        .chars()
        .map(|r| vec![r.to_string(); 9].join(" "))
        .collect();
    std::fs::write(&file, format!("9 9 42\n{}\n", rows.join("\n"))).unwrap();
    let path = file.to_str().unwrap();
    let (v, code) = json(&["solve", "starbattle", path, "--explain", "--json"]);
    assert_eq!(code, 1, "{v}");
    let names = names(&v);
    assert_eq!(
        names.len(),
        1,
        "{names:?}: one line alone cannot hold 42 stars"
    );
    let out = puzzlec(&["solve", "starbattle", path, "--explain"]);
    let text = stdout(&out);
    assert!(text.contains("cannot hold together"), "{text}");
    assert!(text.contains(&names[0]), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn lazy_and_propagated_connectivity_take_part_through_their_cuts() {
    // 1 1 / 1 1: the shading must be a diagonal, which cuts the unshaded cells apart.
    let hitori = "models/hitori/edge_none_2x2.url";
    for formulation in ["connectivity=lazy", "connectivity=propagator"] {
        let (v, code) = json(&[
            "solve",
            "hitori",
            hitori,
            "--explain",
            "--json",
            "-f",
            formulation,
        ]);
        assert_eq!(code, 1);
        let names = names(&v);
        assert!(
            names.iter().any(|n| n.starts_with("unshaded connected")),
            "{formulation}: {names:?}"
        );
        assert!(
            names.iter().any(|n| n.starts_with("no touching")),
            "{names:?}"
        );
    }
}

#[test]
fn a_solvable_puzzle_has_no_explanation() {
    let url = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";
    let (v, code) = json(&["solve", url, "--explain", "--json"]);
    assert_eq!(code, 0);
    assert!(v.get("explanation").is_none(), "{v}");
    let (v, _) = json(&["solve", TOUCHING, "--json"]);
    assert!(
        v.get("explanation").is_none(),
        "asked only with --explain: {v}"
    );
}

#[test]
fn the_picture_of_no_solution_marks_the_cells_the_constraints_name() {
    let out = puzzlec(&["solve", "--explain", TOUCHING, "--render", "svg"]);
    assert_eq!(out.status.code(), Some(1));
    let svg = stdout(&out);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mut marked: Vec<&str> = (doc.descendants())
        .filter(|n| n.attribute("class") == Some("mark explains"))
        .filter_map(|n| n.attribute("data-cell"))
        .collect();
    marked.sort_unstable();
    marked.dedup(); // a tint and a frame each
    assert_eq!(marked, ["r1c2", "r2c2"], "{svg}");
    let caption: Vec<&str> = (doc.descendants())
        .filter(|n| n.attribute("class") == Some("caption"))
        .filter_map(|n| n.text())
        .collect();
    let caption = caption.join(" ");
    assert!(caption.contains("cannot hold together"), "{caption}");
    assert!(caption.contains("r1c2 joins r2c2"), "{caption}");
}

#[test]
fn a_batch_line_gives_the_explanation_too() {
    let hitori = "models/hitori/edge_none_2x2.url";
    let out = puzzlec(&["solve", "--explain", TOUCHING, hitori]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("cannot hold together: islands cut: r1c2 joins r2c2"),
        "{text}"
    );
    let out = puzzlec(&["solve", "--explain", "--json", TOUCHING, hitori]);
    for line in stdout(&out).lines().take(2) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(!names(&v).is_empty(), "{v}");
    }
}
