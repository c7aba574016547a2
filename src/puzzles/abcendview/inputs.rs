//! The genre's inputs: janko text and puzz.link's `easyasabc` URL.

use super::tests::{ANSWER, JANKO};
use super::*;

#[test]
fn the_janko_text_reads_the_letter_count_the_four_sides_and_the_givens() {
    let p = AbcEndView::read_text("t.txt", JANKO).unwrap();
    assert_eq!((p.grid, p.letters), (Grid::new(4, 4), 3));
    let mut edges = vec![None; 16];
    edges[2] = Some(2);
    edges[5] = Some(3);
    edges[15] = Some(3);
    assert_eq!(p.edges, edges);
    assert_eq!(p.givens, vec![None; 16]);
    let given = JANKO.replace("- - - -\n- - - -\n- - - -\n- - - -\n", "- - - -\n- B - -\n- - - -\n- - - -\n");
    let g = AbcEndView::read_text("t.txt", &given).unwrap();
    assert_eq!(g.givens[5], Some(2));
    assert!(g.url().unwrap_err().to_string().contains("given inside the grid"));
    assert!(ANSWER.starts_with("4 4 c\n"));
}

#[test]
fn bad_text_names_line_and_column() {
    for (text, at) in [
        (JANKO.replacen("4 4 c", "4 4", 1), "t.txt:1:1: missing L"),
        (JANKO.replacen("4 4 c", "4 4 cc", 1), "t.txt:1:5: an ABC End View header"),
        (JANKO.replacen("- - b -", "- - d -", 1), "t.txt:2:5: `d` is not a letter"),
        (JANKO.replacen("- - - c", "- - - c -", 1), "t.txt:5:9: the row line has 5"),
    ] {
        let e = AbcEndView::read_text("t.txt", &text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{e}");
    }
    let bad_grid = format!("{}x - - -\n", JANKO.trim_end().rsplit_once('\n').unwrap().0.to_owned() + "\n");
    let e = AbcEndView::read_text("t.txt", &bad_grid).unwrap_err().to_string();
    assert!(e.starts_with("t.txt:9:1: `x` is not a letter"), "{e}");
}

#[test]
fn the_url_round_trips_through_pzprjs_s_form() {
    let p = AbcEndView::read_text("t.txt", JANKO).unwrap();
    let url = p.url().unwrap();
    assert_eq!(url, "https://puzz.link/p?easyasabc/4/4/3/h2h3o3");
    let back = AbcEndView::read("u", &url).unwrap();
    assert_eq!(back, p);
    let e = AbcEndView::read("u", "https://puzz.link/p?easyasabc/4/4/2/h3").unwrap_err();
    assert!(e.to_string().contains("top of r1c3 is beyond the letters"), "{e}");
    let blank = AbcEndView::read("u", "https://puzz.link/p?easyasabc/4/4/").unwrap();
    assert_eq!((blank.letters, blank.url().unwrap()), (3, "https://puzz.link/p?easyasabc/4/4/3/v".into()));
    let e = AbcEndView::read("u", "https://puzz.link/p?easyasabc/4/4/27/h3").unwrap_err();
    assert!(e.to_string().contains("the alphabet has 26"), "{e}");
}
