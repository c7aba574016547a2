//! The genre's inputs: janko.at's text (clue grid, then cage grid).

use super::*;
use crate::model::int_rules::CageOp;

#[test]
fn clues_read_with_their_operations_one_per_cage() {
    let p = KenKen::read_text("t", "3 3\n3x - 1-\n- 6+ -\n. 2 .\na a b\nc c b\nc d d\n").unwrap();
    let clue = |op, target| Some(CageClue { op, target });
    use CageOp::*;
    let expected = [(Product, 3), (Difference, 1), (Sum, 6), (Any, 2)];
    let expected: Vec<_> = expected.into_iter().map(|(op, t)| clue(op, t)).collect();
    assert_eq!(p.cage_clues(), expected);
    assert_eq!(p.clues[0].unwrap().to_string(), "3*");
    let p = KenKen::read_text("t", "3 3\n. 4/ .\n. . .\n. . .\n1 1 2\n3 3 2\n3 3 2\n").unwrap();
    assert_eq!(p.cage_clues(), vec![clue(CageOp::Quotient, 4), None, None]);
    for (text, at) in [
        ("3 3\n3? - -\n- - -\n- - -\na a a\nb b b\nc c c\n", "t:2:1: `3?` is not a cage clue"),
        ("3 3\n+ - -\n- - -\n- - -\na a a\nb b b\nc c c\n", "t:2:1: `+` is not a cage clue"),
        ("3 3\n3+ 1 -\n- - -\n- - -\na a a\nb b b\nc c c\n", "t:2:4: a second clue in one cage"),
        ("2 3\n- - -\n- - -\na a a\nb b b\n", "t:1:1: a kenken grid is square"),
        ("3 3\n- - -\n- - -\n- - -\na b a\nb b b\nc c c\n", "t:5:5: room `a` is in two pieces"),
        ("3 3 1 2\n- - -\n- - -\n- - -\na a a\nb b b\nc c c\n", "t:1:5: a kenken header"),
    ] {
        let e = KenKen::read_text("t", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{text:?}: {e}");
    }
}
