//! The genre's janko text (pzprjs has no thermometers, so no URL).

use super::tests::JANKO;
use super::*;

#[test]
fn thermometers_read_bulb_first_and_errors_name_line_and_column() {
    let p = Thermometer::read_text("t", JANKO).unwrap();
    let g = p.grid;
    assert_eq!(
        p.thermometers[0],
        vec![g.cell(1, 0), g.cell(2, 0), g.cell(3, 0), g.cell(4, 0)]
    );
    assert_eq!(p.counts.rows[4], Some(5));
    assert!(p.url().is_err());
    for (text, at) in [
        (
            "1 2\n1 1\n1\n1.1 1.3\n",
            "t:4:5: `1.3`: a thermometer's positions run 1, 2",
        ),
        (
            "2 2\n1 1\n1 1\n1.1 2.1\n3.1 1.2\n",
            "t:5:5: `1.2`: a thermometer's positions",
        ),
        ("1 2\n1 1\n1\n1.1 x\n", "t:4:5: expected a cell `T.P`"),
        ("1 2\n1 1\n1\n1.1 1.0\n", "t:4:5: expected a cell `T.P`"),
        ("1 2\n1 1\n1\n1.1 7\n", "t:4:5: expected a cell `T.P`"),
        (
            "1 2 3\n1 1\n1\n1.1 1.2\n",
            "t:1:5: a thermometer header is `H W`",
        ),
    ] {
        let e = Thermometer::read_text("t", text).unwrap_err().to_string();
        assert!(e.starts_with(at), "{text:?}: {e}");
    }
}
