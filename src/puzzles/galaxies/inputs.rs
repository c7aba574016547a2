//! The genre's inputs read and written back: the janko text and puzz.link URLs.

use super::*;

#[test]
fn the_janko_text_reads_centre_codes_and_refuses_others() {
    let p = Galaxies::read("t.txt", "3 3\n0 1 -\n2 3 -\n- - -\n").unwrap();
    assert_eq!(p.centres, vec![(1, 1), (1, 4), (4, 1), (4, 4)]);
    assert_eq!(p.url().unwrap(), "https://puzz.link/p?tentaisho/3/3/4ej4e");
    for (text, at) in [
        ("1 2\n4 -\n", "t.txt:2:1: a centre is"),
        ("1 2\n- 1\n", "t.txt:2:3: the centre `1` lies on"),
        ("2 2\n- -\n2 -\n", "t.txt:3:1: the centre `2` lies on"),
    ] {
        let e = Galaxies::read("t.txt", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{e}");
    }
}

#[test]
fn pzprjs_urls_round_trip_and_empty_cells_are_refused() {
    // pzprjs's tentaisho test board (`test/script/tentaisho.js`): its one empty cell is refused;
    // without it, the dots read (black ones as centres too) and write back as white ones.
    let e = Galaxies::read("URL", "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf10000");
    assert!(e.unwrap_err().to_string().contains("taken out"));
    let p = Galaxies::read("URL", "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf00000").unwrap();
    let points = [(1, 1), (1, 5), (3, 1), (3, 6), (3, 9), (5, 2), (5, 6), (5, 9), (7, 7)];
    assert_eq!(p.centres, [&points[..], &[(8, 3), (9, 1), (9, 7)]].concat());
    let url = "https://puzz.link/p?tentaisho/5/5/6el84ei64en8cae";
    assert_eq!(p.url().unwrap(), url);
    assert_eq!(Galaxies::read("URL", url).unwrap(), p);
}
