//! The genre's inputs read and written back: janko text and puzz.link URLs.

use super::*;
use crate::grid::Clue;

/// janko.at's Shimaguni 1 (the spec's worked example).
const JANKO: &str = "6 6\n- 2 3 - - -\n- - - - - -\n- - - 4 - -\n- - - - - -\n- 1 - - - -\n- - - - - -\n1 2 4 4 4 4\n1 2 1 1 1 1\n1 2 1 5 5 1\n1 2 1 3 5 1\n1 3 3 3 5 1\n1 1 1 1 1 1\n";

#[test]
fn the_janko_text_reads_clues_anywhere_in_their_region() {
    let p = Shimaguni::read_text("t.txt", JANKO).unwrap();
    assert_eq!(p.rooms.rooms.len(), 5);
    let clues: Vec<_> = p.rooms.iter().map(|(_, _, clue)| clue).collect();
    assert_eq!(clues, vec![None, Some(2), Some(3), Some(4), Some(1)]);
    let url = p.url().unwrap();
    let back = Shimaguni::read("URL", &url).unwrap();
    assert_eq!(back.rooms.clues, p.rooms.clues);
    assert_eq!(back.rooms.rooms, p.rooms.rooms);
    assert_eq!(p.rooms.clues[1], Some(Clue::Number(2)));
}

#[test]
fn bad_text_names_line_and_column() {
    let two = JANKO.replacen("- - - - - -", "- 1 - - - -", 1);
    let e = Shimaguni::read_text("t.txt", &two).unwrap_err().to_string();
    assert!(e.starts_with("t.txt:3:3: a second clue"), "{e}");
    let big = JANKO.replacen("- 2 3 - - -", "- 9 3 - - -", 1);
    let e = Shimaguni::read_text("t.txt", &big).unwrap_err().to_string();
    assert!(e.starts_with("t.txt:2:3: clue 9 is larger"), "{e}");
    let e = Shimaguni::read_text("t.txt", "6 6\n- 2\n")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("t.txt:"), "{e}");
}

#[test]
fn pzprjs_url_is_written_back_byte_for_byte() {
    let url = "https://puzz.link/p?shimaguni/6/6/7fe608s0e3uf3g3g2g43";
    assert_eq!(Shimaguni::read("URL", url).unwrap().url().unwrap(), url);
}
