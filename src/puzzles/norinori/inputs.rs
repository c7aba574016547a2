//! The genre's inputs read and written back: janko text and puzz.link URLs.

use super::*;

const JANKO: &str = "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n1 1 2 2\n1 3 3 2\n4 3 3 5\n4 4 5 5\n";

#[test]
fn the_janko_text_reads_the_empty_grid_then_the_region_ids() {
    let p = Norinori::read_text("t.txt", JANKO).unwrap();
    assert_eq!(p.grid, Grid::new(4, 4));
    assert_eq!(p.rooms.len(), 5);
    assert_eq!(p.rooms.cells[2], vec![5, 6, 9, 10]);
    // The region grid alone reads the same.
    let alone = "4 4\n1 1 2 2\n1 3 3 2\n4 3 3 5\n4 4 5 5\n";
    assert_eq!(Norinori::read_text("t.txt", alone).unwrap(), p);
    let url = p.url().unwrap();
    assert_eq!(Norinori::read("URL", &url).unwrap(), p);
}

#[test]
fn bad_text_names_line_and_column() {
    let split = JANKO.replace("4 4 5 5", "4 4 5 1");
    let e = Norinori::read_text("t.txt", &split)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("t.txt:9:5: room `5` is in two pieces"), "{e}");
    let clue = JANKO.replacen("- - - -", "- 2 - -", 1);
    let e = Norinori::read_text("t.txt", &clue).unwrap_err().to_string();
    assert!(e.starts_with("t.txt:2:3: this genre has no clues"), "{e}");
    let e = Norinori::read_text("t.txt", "4 4 9\n1 1\n")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("t.txt:"), "{e}");
}

#[test]
fn pzprjs_url_is_written_back_byte_for_byte() {
    let url = "https://puzz.link/p?norinori/5/5/cag4ocjo";
    let p = Norinori::read("URL", url).unwrap();
    assert_eq!(p.url().unwrap(), url);
    let e = Norinori::read("URL", "https://puzz.link/p?norinori/5/5/ca!").unwrap_err();
    assert!(e.to_string().starts_with("URL:1:"), "{e}");
}
