//! The genre's janko text (pzprjs draws battleships with its statue-park code; no URL here).

use super::tests::JANKO;
use super::*;

#[test]
fn the_fleet_counts_and_givens_read_and_errors_name_line_and_column() {
    let p = Battleship::read_text("t", JANKO).unwrap();
    assert_eq!(p.fleet.ships, vec![3, 2, 1, 0, 0]);
    assert_eq!(p.counts.columns[3], Some(3));
    assert_eq!(p.given[2], Some(Given::Part(ShipPart::West)));
    assert!(p.url().is_err());
    for (text, at) in [
        ("1 2\n1 0\n1\no -\n", "t:1:1: missing FLEET"),
        ("1 2 1 y\n1 0\n1\no -\n", "t:1:7: the fleet is the number"),
        (
            "1 2 1\n1 0\n1\no q\n",
            "t:4:3: `q` is not a ship part or water",
        ),
        (
            "1 2 1\n1 0 0\n1\no -\n",
            "t:2:5: the column line has 3 numbers",
        ),
    ] {
        let e = Battleship::read_text("t", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{text:?}: {e}");
    }
}
