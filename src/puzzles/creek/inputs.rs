//! The genre's inputs read and written back: janko text and puzz.link URLs.

use super::*;

const JANKO: &str = "2 3\n- 1 - -\n0 - 4 -\n- - 2 -\n";

#[test]
fn the_janko_text_reads_a_vertex_grid_one_larger_than_the_cells() {
    let p = Creek::read_text("t.txt", JANKO).unwrap();
    assert_eq!(p.grid, Grid::new(2, 3));
    assert_eq!(p.clues.len(), 12);
    assert_eq!(
        (p.clue_value(1), p.clue_value(4), p.clue_value(6)),
        (Some(1), Some(0), Some(4))
    );
    // Without the header the vertex grid alone says the size.
    let alone = Creek::read_text("t.txt", "- 1 - -\n0 - 4 -\n- - 2 -\n").unwrap();
    assert_eq!(alone, p);
    let url = p.url().unwrap();
    assert_eq!(Creek::read("URL", &url).unwrap(), p);
}

#[test]
fn bad_text_names_line_and_column() {
    let e = Creek::read_text("t.txt", "2 3\n- 1 - -\n0 - 5 -\n- - 2 -\n").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("t.txt:3:5: a vertex touches at most 4"),
        "{e}"
    );
    let e = Creek::read_text("t.txt", "3 3\n- 1 - -\n0 - 4 -\n- - 2 -\n").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("t.txt:1:1: the header says 3x3 cells"),
        "{e}"
    );
    let e = Creek::read_text("t.txt", "2 3\n- 1 - -\n0 - 4\n- - 2 -\n").unwrap_err();
    assert!(e.to_string().starts_with("t.txt:3:"), "{e}");
    let e = Creek::read_text("t.txt", "- 1 - -\n").unwrap_err();
    assert!(
        e.to_string().starts_with("t.txt:1:1: a creek grid needs"),
        "{e}"
    );
}

#[test]
fn pzprjs_url_is_written_back_byte_for_byte() {
    let url = "https://puzz.link/p?creek/6/6/gagaich2cgb6769dt";
    assert_eq!(Creek::read("URL", url).unwrap().url().unwrap(), url);
}
