//! The genre's inputs read and written back: janko text and puzz.link URLs.

use super::tests::JANKO;
use super::*;

/// pzprjs's tents test board (`test/script/tents.js`) and its answer.
const PZPRJS: &str = "https://puzz.link/p?tents/5/5/2g0h1i1j82323";

#[test]
fn the_pzprjs_url_reads_round_trips_and_its_answer_passes() {
    let p = Tent::read("URL", PZPRJS).unwrap();
    assert_eq!(p.url().unwrap(), PZPRJS);
    assert_eq!(p.counts.columns, vec![Some(2), None, Some(0), None, None]);
    assert_eq!(p.counts.rows, vec![Some(1), None, None, None, Some(1)]);
    let trees: Vec<usize> = p.grid.cells().filter(|&c| p.trees[c]).collect();
    assert_eq!(trees, vec![2, 11, 14, 18, 21]);
    let tents: Vec<bool> = p
        .grid
        .cells()
        .map(|c| [1, 9, 10, 19, 20].contains(&c))
        .collect();
    assert_eq!(p.verify(&tents), Ok(()));
    let janko = Tent::read_text("t", JANKO).unwrap();
    let back = Tent::read("URL", &janko.url().unwrap()).unwrap();
    assert_eq!(back, janko);
}

#[test]
fn janko_text_errors_name_line_and_column() {
    for (text, at) in [
        ("2 2\n1 1\n1 1\nx -\n- y\n", "t:5:3: `y` is not a tree"),
        (
            "2 2 5\n1 1\n1 1\nx -\n- -\n",
            "t:1:5: a tents header is `H W`",
        ),
        (
            "2 2\n1 1\n1\nx -\n- -\n",
            "t:3:1: the row line has 1 numbers, expected 2",
        ),
        ("2 2\n1 z\n1 1\nx -\n- -\n", "t:2:3: `z` is not a count"),
        ("2 2\n1 1\n1 1\nx - -\n- -\n", "t:4:5: ragged grid"),
    ] {
        let e = Tent::read_text("t", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{text:?}: {e}");
    }
    let e = Tent::read("URL", "https://puzz.link/p?tents/2/2/1111z")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("URL:1:35: `z` goes past the last cell"),
        "{e}"
    );
}
