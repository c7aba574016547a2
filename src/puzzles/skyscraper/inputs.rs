//! The genre's inputs: janko.at's text (header, four clue lines, givens) and pzprjs's
//! `building` URLs.

use super::*;

#[test]
fn the_text_reads_heights_diagonals_clues_and_givens() {
    let text = "3 3 2 D\n1 - 2\n- - -\n2 - -\n- - 1\n- 0 -\n- - 2\n- - -\n";
    let p = Skyscraper::read_text("t", text).unwrap();
    assert_eq!((p.tallest, p.diagonals), (2, true));
    assert_eq!(p.edges[0], Some(Clue::Number(1)));
    assert_eq!(p.edges[11], Some(Clue::Number(1)));
    assert_eq!((p.givens[1], p.givens[5]), (Some(0), Some(2)));
    let sights = p.sights().into_iter();
    let names: Vec<String> = sights.map(|(n, l, c)| format!("{n} {l:?} {c}")).collect();
    let expected = [
        "top of r1c1 [0, 3, 6] 1",
        "top of r1c3 [2, 5, 8] 2",
        "left of r1c1 [0, 1, 2] 2",
        "right of r3c3 [8, 7, 6] 1",
    ];
    assert_eq!(names, expected);
    assert_eq!(p.latin_lines().len(), 8);
    for (text, at) in [
        ("3 3\n", "t:1:3: a skyscraper header `H W N` or `H W N D` has 2 tokens"),
        ("3 3 4\n", "t:1:5: `4` is not a number 1 to 3"),
        ("3 3 3 X\n", "t:1:7: a skyscraper header `H W N` or `H W N D` has 4 tokens"),
        ("3 2 2\n", "t:1:3: a skyscraper grid is square"),
        ("2 2 2\n1 -\n- x\n", "t:3:3: `x` is not a count"),
        ("2 2 2\n- -\n- -\n- -\n- -\n3 -\n- -\n", "t:6:1: `3` is not a value 0 to 2"),
        ("2 2 2\n- -\n- -\n- -\n- -\n- -\n- -\n- -\n", "t:8:1: unexpected line"),
    ] {
        let e = Skyscraper::read_text("t", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{text:?}: {e}");
    }
}

#[test]
fn urls_hold_the_edge_clues_in_pzprjs_order() {
    let text = "4 4 4\n- 2 - -\n1 - - -\n- - - 3\n- - 2 -\n- - - -\n- - - -\n- - - -\n- - - -\n";
    let p = Skyscraper::read_text("t", text).unwrap();
    let url = p.url().unwrap();
    assert_eq!(url, "https://puzz.link/p?building/4/4/g2h1l3h2g");
    assert_eq!(Skyscraper::read("URL", &url).unwrap(), p);
    let (q, _) = (Skyscraper::read_text("t", &text.replacen("4 4 4", "4 4 3", 1)).unwrap(), ());
    assert!(q.url().unwrap_err().to_string().contains("heights 1-W"));
}

#[test]
fn pzprjs_test_url_reads_with_its_answer() {
    // robx/pzprjs test/script/building.js: the URL and its answer board.
    let p = Skyscraper::read("URL", "https://puzz.link/p?building/4/4/k13h4j3g").unwrap();
    let n = |v| Some(Clue::Number(v));
    assert_eq!((p.edges[5], p.edges[6], p.edges[9], p.edges[14]), (n(1), n(3), n(4), n(3)));
    assert_eq!(p.edges.iter().flatten().count(), 4);
    let answer = vec![2, 1, 4, 3, 1, 2, 3, 4, 4, 3, 1, 2, 3, 4, 2, 1];
    assert_eq!(p.verify(&answer), Ok(()));
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?building/4/4/k13h4j3g");
}
