//! Heyawake inputs: the seed's letter-grid text and puzz.link / pzv.jp URLs.
//!
//! Text format (one grid row per line, one character per cell naming its room; every room must
//! be orthogonally connected; then clue lines `A=2 I=5 K=? …`; blank lines and lines starting
//! with `//` are ignored):
//! ```text
//! AABCCCDDDD
//! AABCCCEEEF
//! ...
//! A=2 I=5 K=0 L=1 N=2 O=1 P=2 U=3
//! ```

use super::Heyawake;
use crate::error::Result;
use crate::grid::text::{GridText, LetterGrid};
use crate::grid::RoomClues;

/// Reads the generic grid text: a clue grid (a room's number in any one of its cells) and
/// a room-id grid.
pub fn parse_generic(source: &str, text: &str) -> Result<Heyawake> {
    let t = GridText::parse(source, text, true)?;
    let rooms = RoomClues::from_grid_text(&t)?;
    Ok(Heyawake {
        grid: t.grid,
        rooms,
    })
}

/// Reads the letter-grid text format.
pub fn parse_letters(source: &str, text: &str) -> Result<Heyawake> {
    let t = LetterGrid::parse(source, text)?;
    let rooms = RoomClues::from_letters(&t)?;
    Ok(Heyawake {
        grid: t.grid,
        rooms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::Puzzle;

    fn parse_text(source: &str, text: &str) -> Result<Heyawake> {
        Heyawake::read_text(source, text)
    }

    fn parse_url(url: &str) -> Result<Heyawake> {
        Heyawake::read("URL", url)
    }

    fn parse(source: &str, text: &str) -> Result<Heyawake> {
        Heyawake::read(source, text)
    }
    use crate::grid::{Clue, Grid, Rooms};

    #[test]
    fn cspuz_example_url_decodes_to_eleven_rooms_with_two_clues() {
        let p = parse_url("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k").unwrap();
        assert_eq!(
            (p.grid.width, p.grid.height, p.rooms.rooms.len()),
            (6, 6, 11)
        );
        // Rooms numbered from 0 in raster order of their first cell, as the spec counts them.
        let clued: Vec<(usize, u32)> = p
            .rooms
            .iter()
            .enumerate()
            .filter_map(|(i, (_, _, clue))| clue.map(|c| (i, c)))
            .collect();
        assert_eq!(clued, vec![(1, 2), (5, 3)]);
    }

    #[test]
    fn full_width_space_separates_clues_and_errors_point_at_the_right_column() {
        // Japanese input often separates with U+3000 (three bytes); columns are counted in chars.
        let p = parse_text("t.txt", "AB\nAB\nA=1\u{3000}B=0\n").unwrap();
        let clues: Vec<Option<u32>> = p.rooms.iter().map(|(_, _, clue)| clue).collect();
        assert_eq!(clues, vec![Some(1), Some(0)]);
        let e = parse_text("t.txt", "AB\nAB\nA=1\u{3000}C=0\n").unwrap_err();
        assert!(e.to_string().contains("t.txt:3:5"), "{e}");
    }

    #[test]
    fn truncated_stream_means_zero_bits_and_no_clues() {
        let p = parse_url("https://puzz.link/p?heyawake/3/3/").unwrap();
        assert_eq!(p.rooms.rooms.len(), 1);
        assert_eq!(p.rooms.clues[0], None);
    }

    #[test]
    fn pzv_and_edit_suffix_and_version_token_are_tolerated() {
        let a = parse_url("http://pzv.jp/p.html?heyawake/6/6/aa66aapv0fu0g2i3k").unwrap();
        let b = parse_url("https://puzz.link/p?heyawake_edit/v:/6/6/aa66aapv0fu0g2i3k").unwrap();
        let c = parse_url("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k").unwrap();
        assert_eq!(a, c);
        assert_eq!(b, c);
    }

    #[test]
    fn bad_urls_name_the_column() {
        let e = parse_url("https://puzz.link/p?heyawake/6/x/aa").unwrap_err();
        assert!(
            matches!(e, crate::error::Error::Input { col: 32, .. }),
            "{e}"
        );
        let e = parse_url("https://puzz.link/p?heyawake/2/2/!").unwrap_err();
        assert!(e.to_string().contains("not a border digit"), "{e}");
        let e = parse_url("https://puzz.link/p?nurikabe/2/2/00").unwrap_err();
        assert!(e.to_string().contains("not a heyawake URL"), "{e}");
        let e = parse_url("https://puzz.link/p?heyawake/2/2/009").unwrap_err();
        assert!(e.to_string().contains("larger than the room"), "{e}");
    }

    #[test]
    fn the_generic_grid_text_reads_the_same_puzzle_as_the_letter_grid() {
        let letters =
            parse_text("s", include_str!("../../../models/heyawake/seed004.txt")).unwrap();
        let generic = include_str!("../../../models/heyawake/seed004.grid.txt");
        let p = parse("seed004.grid.txt", generic).unwrap();
        assert_eq!(p.rooms.rooms, letters.rooms.rooms);
        assert_eq!(p.rooms.clues, letters.rooms.clues);
    }

    #[test]
    fn generic_text_errors_name_line_and_column() {
        let e = parse("g", "2 2\n1 -\n2 -\n\na a\na a\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("g:3:1: a second clue in the same room"),
            "{e}"
        );
        let e = parse("g", "2 2\n5 -\n- -\n\na a\nb b\n").unwrap_err();
        assert!(e.to_string().starts_with("g:2:1: clue 5 is larger"), "{e}");
        let e = parse("g", "2 2\nx -\n- -\n\na a\nb b\n").unwrap_err();
        assert!(e.to_string().starts_with("g:2:1: `x` is not a clue"), "{e}");
    }

    #[test]
    fn text_errors_name_line_and_column() {
        let e = parse_text("f.txt", "AAB\nAB\n").unwrap_err();
        assert!(e.to_string().starts_with("f.txt:2:3: ragged grid"), "{e}");
        let e = parse_text("f.txt", "AB\nAB\nA=5\n").unwrap_err();
        assert!(e.to_string().starts_with("f.txt:3:3: clue 5"), "{e}");
        let e = parse_text("f.txt", "AB\nAB\nC=1\n").unwrap_err();
        assert!(e.to_string().contains("no room `C`"), "{e}");
        let e = parse_text("f.txt", "ABA\nBBB\n").unwrap_err();
        assert!(e.to_string().contains("two pieces"), "{e}");
        let e = parse_text("f.txt", "AB\nAB\nA=x\n").unwrap_err();
        assert!(e.to_string().starts_with("f.txt:3:3:"), "{e}");
        assert!(parse_text("f.txt", "\n\n").is_err());
    }

    /// The spec's example, janko.at's heyawake 512 as puzzlekit's dataset gives it.
    const JANKO_512: &str = "6 6
- - - - - -
- - - - - -
1 - 3 - 0 -
- - - - - -
- - - - - -
2 - - - - -
1 1 8 6 6 6
1 1 8 6 6 6
2 2 3 3 5 5
2 2 3 3 5 5
2 2 3 3 5 5
4 4 4 7 7 7
";

    #[test]
    fn janko_text_reads_with_any_room_ids_and_the_answer_is_written_in_its_notation() {
        let p = parse("512_6x6", JANKO_512).unwrap();
        assert_eq!(p.rooms.rooms.len(), 8);
        let answer =
            "6 6\n- - x - - -\n- x - - x -\n- - - x - -\nx - x - - -\n- - - x - -\nx - x - - x\n";
        let shading: Vec<bool> = (answer.lines().skip(1).flat_map(|l| l.split(' ')))
            .map(|t| t == "x")
            .collect();
        assert_eq!(p.verify(&shading), Ok(()));
        assert_eq!(p.answer_text(&shading).unwrap(), answer);
        // Room ids may be letters or symbols (janko.at's 27_17x17 uses `( ) [ ] ~ ^ =`).
        let (clues, ids) = JANKO_512.split_at(JANKO_512.find("1 1 8").unwrap());
        let symbols: String = ids
            .chars()
            .map(|c| match c {
                '1' => '(',
                '2' => ']',
                '3' => '~',
                '4' => '^',
                '5' => '=',
                '6' => 'x',
                '7' => 'B',
                c => c,
            })
            .collect();
        let q = parse("t", &format!("{clues}{symbols}")).unwrap();
        assert_eq!(
            (q.rooms.rooms, q.rooms.clues),
            (p.rooms.rooms, p.rooms.clues)
        );
    }

    /// One room's cells and clue.
    type RoomShape = (Vec<usize>, Option<Clue>);

    /// The size, rooms (cells) and clues of a puzzle, without its labels (text labels are
    /// letters, URL labels numbers).
    fn shape(p: &Heyawake) -> (usize, usize, Vec<RoomShape>) {
        let rooms = (p.rooms.rooms.cells.iter().cloned())
            .zip(p.rooms.clues.iter().copied())
            .collect();
        (p.grid.width, p.grid.height, rooms)
    }

    #[test]
    fn a_text_puzzle_writes_a_url_that_reads_back_as_the_same_rooms_and_clues() {
        let text = include_str!("../../../models/heyawake/seed004.txt");
        let p = parse_text("seed", text).unwrap();
        let url = p.url().unwrap();
        assert!(
            url.starts_with("https://puzz.link/p?heyawake/10/10/"),
            "{url}"
        );
        assert_eq!(shape(&parse_url(&url).unwrap()), shape(&p));
    }

    #[test]
    fn cspuz_example_url_is_written_back_byte_for_byte() {
        let url = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";
        assert_eq!(parse_url(url).unwrap().url().unwrap(), url);
        let variant = "http://pzv.jp/p.html?heyawake_edit/v:/6/6/aa66aapv0fu0g2i3k/";
        assert_eq!(parse_url(variant).unwrap().url().unwrap(), url);
    }

    #[test]
    fn a_question_mark_clue_survives_text_and_url() {
        // Rooms A (left column) and B (right column): vertical walls 11(000) = `o`, no
        // horizontal walls `0`; clues `?` and none: `.g`.
        let p = parse_text("t", "AB\nAB\nA=?\n").unwrap();
        assert_eq!(p.rooms.clues[0], Some(Clue::Unknown));
        let url = p.url().unwrap();
        assert_eq!(url, "https://puzz.link/p?heyawake/2/2/o0.g");
        assert_eq!(parse_url(&url).unwrap().rooms.clues[0], Some(Clue::Unknown));
    }

    #[test]
    fn a_cut_short_border_stream_is_an_error_at_the_end_of_the_url() {
        let url = "https://puzz.link/p?heyawake/6/6/aa66";
        let e = parse_url(url).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("URL:1:38: the border digits stop after 4 of their 12"),
            "{e}"
        );
    }

    #[test]
    fn anything_after_the_clues_is_an_error_at_its_column() {
        let e = parse_url("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k0").unwrap_err();
        assert!(e.to_string().starts_with("URL:1:51: unexpected `0`"), "{e}");
        let e = parse_url("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k/x").unwrap_err();
        assert!(e.to_string().starts_with("URL:1:51: unexpected `/`"), "{e}");
    }

    #[test]
    fn a_clue_too_large_for_its_room_points_at_the_clue() {
        let e = parse_url("https://puzz.link/p?heyawake/2/2/009").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("URL:1:36: clue 9 is larger than the room (4 cells)"),
            "{e}"
        );
    }

    #[test]
    fn oversized_grids_have_no_url() {
        let grid = Grid::new(1, 201);
        let rooms = Rooms::from_labels(grid, &[0; 201]).unwrap();
        let rooms = RoomClues {
            labels: vec!["1".into()],
            clues: vec![None],
            rooms,
        };
        let wide = Heyawake { grid, rooms };
        assert!(wide.url().unwrap_err().to_string().contains("1..=200"));
    }

    mod round_trip {
        use super::*;
        use proptest::prelude::*;

        /// A random grid cut into rooms by random walls, each room with no clue, `?` or a
        /// number up to its size, as a URL would give it (rooms labelled by number).
        fn puzzle() -> impl Strategy<Value = Heyawake> {
            (1usize..9, 1usize..9)
                .prop_flat_map(|(h, w)| {
                    let nv = (w - 1) * h;
                    let nh = w * (h - 1);
                    (
                        Just((h, w)),
                        proptest::collection::vec(any::<bool>(), nv),
                        proptest::collection::vec(any::<bool>(), nh),
                        proptest::collection::vec((0u8..4, any::<u32>()), w * h),
                    )
                })
                .prop_map(|((h, w), v, hz, picks)| {
                    let rooms = Rooms::from_walls(Grid::new(h, w), &v, &hz);
                    let clue = |id: usize| {
                        let (kind, value) = picks[id];
                        let size = rooms.cells[id].len() as u32;
                        match kind {
                            0 => Some(Clue::Unknown),
                            1 => Some(Clue::Number(value % (size + 1))),
                            _ => None,
                        }
                    };
                    let rooms = RoomClues {
                        labels: (1..=rooms.len()).map(|i| i.to_string()).collect(),
                        clues: (0..rooms.len()).map(clue).collect(),
                        rooms: rooms.clone(),
                    };
                    Heyawake {
                        grid: Grid::new(h, w),
                        rooms,
                    }
                })
        }

        proptest! {
            #[test]
            fn decode_of_encode_is_the_puzzle(p in puzzle()) {
                let url = p.url().unwrap();
                let back = parse_url(&url).unwrap();
                prop_assert_eq!(&back, &p);
                prop_assert_eq!(back.url().unwrap(), url);
            }
        }
    }
}
