//! The genre's inputs read and written back: janko text and puzz.link URLs.

use super::tests::JANKO;
use super::*;

/// pzprjs's mines test board (`test/script/mines.js`).
const PZPRJS: &str = "https://puzz.link/p?mines/5/5/g2m13l13g0j";

#[test]
fn the_pzprjs_url_reads_round_trips_and_its_answer_passes() {
    let p = Minesweeper::read("URL", PZPRJS).unwrap();
    assert_eq!(p.url().unwrap(), PZPRJS);
    assert_eq!(p.mines, None);
    let mines: Mines = p
        .grid
        .cells()
        .map(|c| [5, 6, 11, 14, 19, 24].contains(&c))
        .collect();
    assert_eq!(p.verify(&mines), Ok(()));
    let janko = Minesweeper::read_text("t", JANKO).unwrap();
    let back = Minesweeper::read("URL", &janko.url().unwrap()).unwrap();
    assert_eq!((back.grid, back.clues), (janko.grid, janko.clues));
}

#[test]
fn janko_text_reads_hashes_and_the_mine_count_and_errors_name_line_and_column() {
    let p = Minesweeper::read_text("t", "2 2\n# 1\n- -\n").unwrap();
    assert_eq!(p.clues[0], Some(Clue::Unknown));
    assert_eq!(p.mines, None);
    for (text, at) in [
        ("2 2 3\n1 -\n- 9\n", "t:3:3: 9 mines cannot fit"),
        ("2 2 x\n1 -\n- -\n", "t:1:5: the mine count is a number"),
        ("2 2 3 4\n1 -\n- -\n", "t:1:7: a minesweeper header"),
        ("2 2 3\n1 -\n- o\n", "t:3:3: `o` is not a clue"),
    ] {
        let e = Minesweeper::read_text("t", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{text:?}: {e}");
    }
}
