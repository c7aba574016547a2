//! Pictures (`--render svg|png`) read back and checked against the puzzles' published answers:
//! the SVG's filled cells are the answer's shaded cells, the clue texts sit in the cells (and
//! rooms) the puzzle file puts them, the loop's lines are the answer's loop, a `multiple`
//! picture frames exactly the cells where two solutions (found by brute force) differ, facts
//! mark exactly the cells a published facts table leaves open, and a PNG's pixels are dark
//! where a cell is shaded.

mod common;
use common::*;
use resvg::usvg::roxmltree;
use std::collections::{BTreeMap, BTreeSet};

/// A cell (row, column), 0-based.
type Rc = (usize, usize);
/// A line between two points in half-cell units (a cell's centre is `(2r+1, 2c+1)`, its
/// top-left corner `(2r, 2c)`), ends sorted.
type Line = ((usize, usize), (usize, usize));

/// What one panel of a picture draws, read from the SVG by geometry.
#[derive(Debug, Default)]
struct Drawn {
    title: Option<String>,
    rows: usize,
    columns: usize,
    given_fills: BTreeMap<Rc, String>,
    answer_fills: BTreeMap<Rc, String>,
    given_texts: BTreeMap<Rc, String>,
    answer_texts: BTreeMap<Rc, String>,
    stars: BTreeSet<Rc>,
    pearls: BTreeMap<Rc, String>,
    walls: BTreeSet<Line>,
    outlines: BTreeSet<Line>,
    loop_lines: BTreeSet<Line>,
    unknown: BTreeSet<Rc>,
    differs: BTreeSet<Rc>,
    row_clues: Vec<Vec<String>>,
    column_clues: Vec<Vec<String>>,
}

/// A picture: its panels, caption and size.
#[derive(Debug)]
struct Read {
    panels: Vec<Drawn>,
    caption: String,
    width: f64,
    height: f64,
}

fn attr(n: roxmltree::Node, name: &str) -> f64 {
    n.attribute(name)
        .unwrap_or_else(|| panic!("no {name} on {n:?}"))
        .parse()
        .unwrap()
}

fn has_class(n: roxmltree::Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split(' ').any(|w| w == class))
}

/// The cell whose square holds the point (x, y) of the board.
fn cell_at(s: f64, x: f64, y: f64) -> Rc {
    ((y / s).floor() as usize, (x / s).floor() as usize)
}

/// A line's ends in half-cell units.
fn half_units(s: f64, n: roxmltree::Node) -> Line {
    let h = |v: f64| (2.0 * v / s).round() as usize;
    let a = (h(attr(n, "y1")), h(attr(n, "x1")));
    let b = (h(attr(n, "y2")), h(attr(n, "x2")));
    (a.min(b), a.max(b))
}

/// Reads every panel of an SVG picture, checking on the way that each cell's drawing names
/// the cell it is drawn in.
fn read(svg: &str) -> Read {
    let doc = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    let root = doc.root_element();
    let mut panels = Vec::new();
    for panel in root.children().filter(|n| has_class(*n, "panel")) {
        let mut d = Drawn {
            title: (panel.children())
                .find(|n| has_class(*n, "title"))
                .and_then(|n| n.text())
                .map(String::from),
            ..Drawn::default()
        };
        let board = (panel.children())
            .find(|n| has_class(*n, "board"))
            .expect("a board");
        let s = attr(board, "data-cell-size");
        d.rows = attr(board, "data-rows") as usize;
        d.columns = attr(board, "data-columns") as usize;
        d.row_clues = vec![Vec::new(); d.rows];
        d.column_clues = vec![Vec::new(); d.columns];
        for n in board.descendants().filter(|n| n.is_element()) {
            let named = |rc: Rc| {
                if let Some(name) = n.attribute("data-cell") {
                    assert_eq!(name, format!("r{}c{}", rc.0 + 1, rc.1 + 1), "{n:?}");
                }
                rc
            };
            let fill = || n.attribute("fill").unwrap_or("").to_string();
            let text = || n.text().unwrap_or("").to_string();
            match n.tag_name().name() {
                "rect" if has_class(n, "given") || has_class(n, "answer") => {
                    let rc = named(cell_at(s, attr(n, "x") + 1.0, attr(n, "y") + 1.0));
                    match has_class(n, "given") {
                        true => d.given_fills.insert(rc, fill()),
                        false => d.answer_fills.insert(rc, fill()),
                    };
                }
                "rect" if has_class(n, "unknown") => {
                    d.unknown
                        .insert(named(cell_at(s, attr(n, "x") + 1.0, attr(n, "y") + 1.0)));
                }
                "g" if has_class(n, "differs") => {
                    let first = n.children().find(|c| c.is_element()).unwrap();
                    let rc = cell_at(s, attr(first, "x"), attr(first, "y"));
                    d.differs.insert(named(rc));
                }
                "text" if has_class(n, "row-clue") => {
                    let row = (attr(n, "y") / s).floor() as usize;
                    d.row_clues[row].push(text());
                }
                "text" if has_class(n, "column-clue") => {
                    let column = (attr(n, "x") / s).floor() as usize;
                    d.column_clues[column].push(text());
                }
                "text" if has_class(n, "given-text") || has_class(n, "answer-text") => {
                    // The baseline lies below the centre, inside the cell.
                    let rc = named(cell_at(s, attr(n, "x"), attr(n, "y") - 1.0));
                    match has_class(n, "given-text") {
                        true => d.given_texts.insert(rc, text()),
                        false => d.answer_texts.insert(rc, text()),
                    };
                }
                "path" if has_class(n, "star") => {
                    // A star's first point is its top tip, above the centre in the same cell.
                    let d_attr = n.attribute("d").unwrap();
                    let nums: Vec<f64> = (d_attr[1..].split(['L', ' ', 'Z']))
                        .filter(|t| !t.is_empty())
                        .map(|t| t.parse().unwrap())
                        .collect();
                    d.stars.insert(named(cell_at(s, nums[0], nums[1] + 1.0)));
                }
                "circle" if has_class(n, "pearl") => {
                    let rc = named(cell_at(s, attr(n, "cx"), attr(n, "cy")));
                    let colour = if has_class(n, "black") { "b" } else { "w" };
                    d.pearls.insert(rc, colour.to_string());
                }
                "line" => {
                    let group = n.parent().unwrap();
                    let line = half_units(s, n);
                    if has_class(group, "wall") {
                        d.walls.insert(line);
                    } else if has_class(group, "outline") {
                        d.outlines.insert(line);
                    } else if has_class(group, "answer-line") {
                        d.loop_lines.insert(line);
                    }
                }
                _ => {}
            }
        }
        panels.push(d);
    }
    let caption = (root.children())
        .filter(|n| has_class(*n, "caption"))
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    Read {
        panels,
        caption,
        width: attr(root, "width"),
        height: attr(root, "height"),
    }
}

/// The SVG `puzzlec ARGS --render svg` writes to standard output, with its exit code.
fn render(args: &[&str]) -> (Read, i32) {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--render", "svg"]);
    let out = puzzlec(&all);
    let svg = stdout(&out);
    assert!(svg.starts_with("<svg"), "{args:?}: {svg}\n{}", stderr(&out));
    (read(&svg), out.status.code().unwrap())
}

fn model(path: &str) -> String {
    std::fs::read_to_string(format!("{}/models/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The lines of a file that are not `//` comments.
fn content_lines(text: &str) -> Vec<&str> {
    (text.lines())
        .filter(|l| !l.trim_start().starts_with("//") && !l.trim().is_empty())
        .collect()
}

/// The cells where an answer's rows hold one of `marks`.
fn cells_with(rows: &str, keep: impl Fn(char) -> bool) -> BTreeSet<Rc> {
    let mut out = BTreeSet::new();
    for (r, line) in content_lines(rows).iter().enumerate() {
        for (c, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
            if keep(ch) {
                out.insert((r, c));
            }
        }
    }
    out
}

/// The generic grid text's clue tokens (after the `H W` header) at their cells.
fn grid_tokens(text: &str, height: usize) -> BTreeMap<Rc, String> {
    let lines = content_lines(text);
    let start = usize::from(lines[0].split_whitespace().count() <= 3 && lines.len() > height);
    let mut out = BTreeMap::new();
    for (r, line) in lines[start..start + height].iter().enumerate() {
        for (c, token) in line.split_whitespace().enumerate() {
            if token != "-" && token != "." {
                out.insert((r, c), token.to_string());
            }
        }
    }
    out
}

/// The loop of an answer written as rows of direction letters per point, as lines in half-cell
/// units for points at cell centres (`centre`) or corners.
fn loop_of(rows: &str, centre: bool) -> BTreeSet<Line> {
    let at = |r: usize, c: usize| match centre {
        true => (2 * r + 1, 2 * c + 1),
        false => (2 * r, 2 * c),
    };
    let mut out = BTreeSet::new();
    for (r, line) in content_lines(rows).iter().enumerate() {
        for (c, entry) in line.split_whitespace().enumerate() {
            if entry.contains('e') {
                out.insert((at(r, c), at(r, c + 1)));
            }
            if entry.contains('s') {
                out.insert((at(r, c), at(r + 1, c)));
            }
        }
    }
    out
}

#[test]
fn shaded_cells_and_clues_of_shading_genres_are_the_published_ones() {
    for (genre, puzzle, text, answer) in [
        (
            "hitori",
            "hitori/pzprjs_4x4.txt",
            "hitori/pzprjs_4x4.txt",
            "hitori/pzprjs_4x4.answer",
        ),
        (
            "nurikabe",
            "nurikabe/pzprjs_5x5.url",
            "nurikabe/pzprjs_5x5.txt",
            "nurikabe/pzprjs_5x5.answer",
        ),
    ] {
        let (pic, code) = render(&["solve", genre, &format!("models/{puzzle}")]);
        assert_eq!(code, 0);
        let p = &pic.panels[0];
        let answer = model(answer);
        assert_eq!(
            p.answer_fills.keys().copied().collect::<BTreeSet<_>>(),
            cells_with(&answer, |c| c == '#'),
            "{genre}"
        );
        assert_eq!(p.given_texts, grid_tokens(&model(text), p.rows), "{genre}");
        assert!(p.answer_texts.is_empty() && p.walls.is_empty(), "{genre}");
        assert!(pic.caption.ends_with("unique"), "{}", pic.caption);
    }
}

#[test]
fn heyawake_draws_its_room_walls_its_clues_in_their_rooms_and_the_published_shading() {
    let (pic, code) = render(&["solve", "heyawake", "models/heyawake/seed004.txt"]);
    assert_eq!(code, 0);
    let p = &pic.panels[0];
    let answer = model("heyawake/seed004.answer");
    let shaded: BTreeSet<Rc> = p.answer_fills.keys().copied().collect();
    assert_eq!(shaded, cells_with(&answer, |c| c == '#'));
    // The letter grid names each cell's room; its `A=2` lines give the clues.
    let text = model("heyawake/seed004.txt");
    let lines = content_lines(&text);
    let room: Vec<Vec<char>> = lines[..10].iter().map(|l| l.chars().collect()).collect();
    let clues: BTreeMap<char, String> = (lines[10].split_whitespace())
        .map(|t| (t.chars().next().unwrap(), t[2..].to_string()))
        .collect();
    let drawn: BTreeMap<char, String> = (p.given_texts.iter())
        .map(|(&(r, c), t)| (room[r][c], t.clone()))
        .collect();
    assert_eq!(drawn, clues);
    assert_eq!(p.given_texts.len(), clues.len(), "one clue per room");
    // A wall lies between two cells exactly when their rooms differ.
    let mut expected = BTreeSet::new();
    for r in 0..10 {
        for c in 0..10 {
            if c + 1 < 10 && room[r][c] != room[r][c + 1] {
                expected.insert(((2 * r, 2 * c + 2), (2 * r + 2, 2 * c + 2)));
            }
            if r + 1 < 10 && room[r][c] != room[r + 1][c] {
                expected.insert(((2 * r + 2, 2 * c), (2 * r + 2, 2 * c + 2)));
            }
        }
    }
    assert_eq!(p.walls, expected);
}

#[test]
fn star_battle_stars_and_lits_pieces_are_the_published_ones() {
    let (pic, _) = render(&["solve", "starbattle", "models/starbattle/cspuz_6x6.txt"]);
    let answer = model("starbattle/cspuz_6x6.answer");
    assert_eq!(pic.panels[0].stars, cells_with(&answer, |c| c == '#'));
    assert!(pic.caption.contains("1 star in every row, column and room"));

    // LITS: every piece cell painted in its letter's Tetris colour, nothing else painted.
    let colour = |letter: char| match letter {
        'L' => "#f0a000",
        'I' => "#00d8f0",
        'T' => "#a000f0",
        'S' => "#00d000",
        other => panic!("{other} is no LITS piece"),
    };
    for name in ["pzprjs_4x4", "cspuz_10x10"] {
        let (pic, _) = render(&["solve", "lits", &format!("models/lits/{name}.url")]);
        let answer = model(&format!("lits/{name}.answer"));
        let mut expected = BTreeMap::new();
        for (r, line) in content_lines(&answer).iter().enumerate() {
            for (c, ch) in line.chars().enumerate().filter(|(_, ch)| *ch != '.') {
                expected.insert((r, c), colour(ch).to_string());
            }
        }
        assert_eq!(pic.panels[0].answer_fills, expected, "{name}");
    }
}

#[test]
fn loops_are_the_published_loops_and_clues_and_pearls_sit_where_the_file_puts_them() {
    let (pic, _) = render(&["solve", "masyu", "models/masyu/pzprjs_6x6.url"]);
    let p = &pic.panels[0];
    assert_eq!(
        p.loop_lines,
        loop_of(&model("masyu/pzprjs_6x6.answer"), true)
    );
    assert_eq!(
        p.pearls,
        grid_tokens(&model("masyu/pzprjs_6x6.txt"), 6),
        "pearls"
    );

    let (pic, _) = render(&["solve", "slitherlink", "models/slitherlink/cspuz_4x4.url"]);
    let p = &pic.panels[0];
    assert_eq!(
        p.loop_lines,
        loop_of(&model("slitherlink/cspuz_4x4.answer"), false)
    );
    assert_eq!(
        p.given_texts,
        grid_tokens(&model("slitherlink/cspuz_4x4.txt"), 4)
    );
}

/// A `.non` file's clues: (rows, columns), each a list of block lengths.
fn non_clues(text: &str) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let (mut rows, mut columns) = (Vec::new(), Vec::new());
    let mut section = None;
    for line in text.lines().map(str::trim) {
        match line {
            "rows" => section = Some(0),
            "columns" => section = Some(1),
            "" => section = None,
            _ if section.is_some() => {
                let clue: Vec<usize> = (line.split(','))
                    .map(|n| n.trim().parse().unwrap())
                    .filter(|&n| n > 0)
                    .collect();
                match section {
                    Some(0) => rows.push(clue),
                    _ => columns.push(clue),
                }
            }
            _ => {}
        }
    }
    (rows, columns)
}

/// The block lengths of a line of cells.
fn blocks(filled: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut run = 0;
    for f in filled.chain([false]) {
        if f {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    out
}

#[test]
fn a_nonogram_picture_shows_its_clues_in_the_margins_and_a_grid_that_keeps_them() {
    for name in ["webpbn-0001", "webpbn-0006", "webpbn-0023"] {
        let (pic, _) = render(&["solve", "nonogram", &format!("models/nonogram/{name}.non")]);
        let p = &pic.panels[0];
        let (rows, columns) = non_clues(&model(&format!("nonogram/{name}.non")));
        let shown = |clues: &Vec<Vec<String>>| -> Vec<Vec<usize>> {
            (clues.iter())
                .map(|c| {
                    c.iter()
                        .map(|t| t.parse().unwrap())
                        .filter(|&n| n > 0)
                        .collect()
                })
                .collect()
        };
        assert_eq!(shown(&p.row_clues), rows, "{name} rows");
        assert_eq!(shown(&p.column_clues), columns, "{name} columns");
        let filled = |r: usize, c: usize| p.answer_fills.contains_key(&(r, c));
        for (r, clue) in rows.iter().enumerate() {
            assert_eq!(
                &blocks((0..p.columns).map(|c| filled(r, c))),
                clue,
                "{name} row {r}"
            );
        }
        for (c, clue) in columns.iter().enumerate() {
            assert_eq!(
                &blocks((0..p.rows).map(|r| filled(r, c))),
                clue,
                "{name} col {c}"
            );
        }
    }
}

#[test]
fn a_colour_nonogram_is_painted_in_its_table_colours_run_by_run() {
    let text = model("nonogram/webpbn-color-00047.g");
    let (pic, _) = render(&["solve", "nonogram", "models/nonogram/webpbn-color-00047.g"]);
    let p = &pic.panels[0];
    // The table: code letter → #rrggbb (lowercase, as the SVG writes it).
    let table: BTreeMap<char, String> = (text.lines())
        .skip_while(|l| l.trim() != "#d")
        .skip(1)
        .take_while(|l| l.contains(':') && !l.trim().starts_with(':'))
        .map(|l| {
            let code = l.trim().chars().next().unwrap();
            let hex = l.split_whitespace().find(|w| w.starts_with('#')).unwrap();
            (code, hex.to_lowercase())
        })
        .collect();
    let rows_section: Vec<&str> = (text.lines())
        .skip_while(|l| l.trim() != ": rows")
        .skip(1)
        .take_while(|l| l.trim() != ": columns")
        .collect();
    assert_eq!(rows_section.len(), p.rows);
    for (r, line) in rows_section.iter().enumerate() {
        // Each clue block `3r` as (length, colour) against the picture's runs of one colour.
        let clue: Vec<(usize, String)> = (line.split_whitespace())
            .map(|b| {
                let (n, code) = b.split_at(b.len() - 1);
                (
                    n.parse().unwrap(),
                    table[&code.chars().next().unwrap()].clone(),
                )
            })
            .collect();
        let mut runs: Vec<(usize, String)> = Vec::new();
        let mut previous: Option<&String> = None;
        for c in 0..p.columns {
            let colour = p.answer_fills.get(&(r, c));
            match (colour, previous) {
                (Some(now), Some(before)) if now == before => runs.last_mut().unwrap().0 += 1,
                (Some(now), _) => runs.push((1, now.clone())),
                _ => {}
            }
            previous = colour;
        }
        assert_eq!(runs, clue, "row {}", r + 1);
    }
}

#[test]
fn skeleton_letters_and_black_cells_are_the_published_ones() {
    let (pic, _) = render(&["solve", "skeleton", "models/skeleton/boat.txt"]);
    let p = &pic.panels[0];
    let answer = model("skeleton/boat.answer");
    let mut letters = BTreeMap::new();
    for (r, line) in content_lines(&answer).iter().enumerate() {
        for (c, ch) in line.chars().enumerate().filter(|(_, ch)| *ch != '#') {
            letters.insert((r, c), ch.to_uppercase().to_string());
        }
    }
    assert_eq!(p.answer_texts, letters);
    assert_eq!(
        p.given_fills.keys().copied().collect::<BTreeSet<_>>(),
        cells_with(&answer, |c| c == '#')
    );
}

/// The pieces of a tiling as drawn: cells joined when no outline lies between them.
fn drawn_pieces(p: &Drawn) -> Vec<Vec<Rc>> {
    let mut seen = BTreeSet::new();
    let mut pieces = Vec::new();
    for &start in p.answer_fills.keys() {
        if !seen.insert(start) {
            continue;
        }
        let (mut piece, mut stack) = (vec![start], vec![start]);
        while let Some((r, c)) = stack.pop() {
            let mut next = vec![(r + 1, c), (r, c + 1)];
            if r > 0 {
                next.push((r - 1, c));
            }
            if c > 0 {
                next.push((r, c - 1));
            }
            for n in next {
                // The side between two cells, in half units.
                let side = if n.0 != r {
                    let row = 2 * r.max(n.0);
                    ((row, 2 * c), (row, 2 * c + 2))
                } else {
                    let col = 2 * c.max(n.1);
                    ((2 * r, col), (2 * r + 2, col))
                };
                if p.answer_fills.contains_key(&n) && !p.outlines.contains(&side) && seen.insert(n)
                {
                    piece.push(n);
                    stack.push(n);
                }
            }
        }
        pieces.push(piece);
    }
    pieces
}

#[test]
fn tetromino_tilings_are_drawn_as_outlined_pieces_in_guideline_colours() {
    // The spec's count for 4x6 under one bag is 2 tilings (models/tetromino/SOURCE.md).
    let (pic, code) = render(&["count", "tetromino", "models/tetromino/4x6.txt"]);
    assert_eq!(code, 0);
    assert_eq!(pic.panels.len(), 2);
    let guideline = [
        "#00d8f0", "#f0e000", "#a000f0", "#00d000", "#f00000", "#0040f0", "#f0a000",
    ];
    let mut seen = BTreeSet::new();
    for p in &pic.panels {
        assert_eq!(
            p.answer_fills.len(),
            24,
            "every cell of the region is covered"
        );
        for piece in drawn_pieces(p) {
            assert_eq!(piece.len(), 4, "{piece:?}");
            let colours: BTreeSet<&String> = piece.iter().map(|c| &p.answer_fills[c]).collect();
            assert_eq!(colours.len(), 1, "one colour per piece");
            assert!(guideline.contains(&colours.first().unwrap().as_str()));
        }
        seen.insert(format!("{:?}", p.answer_fills));
    }
    assert_eq!(seen.len(), 2, "two different tilings");
}

/// Every star placement of a star battle with one star per row, column and room, found by
/// trying every permutation.
fn star_battle_solutions(rooms: &[Vec<char>]) -> Vec<BTreeSet<Rc>> {
    let n = rooms.len();
    let mut out = Vec::new();
    let mut perm: Vec<usize> = (0..n).collect();
    let mut all = Vec::new();
    permutations(&mut perm, 0, &mut all);
    for columns in all {
        let stars: BTreeSet<Rc> = columns.iter().enumerate().map(|(r, &c)| (r, c)).collect();
        let apart = (1..n).all(|r| columns[r].abs_diff(columns[r - 1]) > 1);
        let per_room: BTreeSet<char> = stars.iter().map(|&(r, c)| rooms[r][c]).collect();
        if apart && per_room.len() == n {
            out.push(stars);
        }
    }
    out
}

fn permutations(v: &mut Vec<usize>, k: usize, out: &mut Vec<Vec<usize>>) {
    if k == v.len() {
        out.push(v.clone());
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, out);
        v.swap(k, i);
    }
}

#[test]
fn a_multiple_picture_frames_exactly_the_cells_where_the_two_solutions_differ() {
    let text = model("starbattle/edge_multiple_4x4.txt");
    let rooms: Vec<Vec<char>> = content_lines(&text)[1..]
        .iter()
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.chars().next().unwrap())
                .collect()
        })
        .collect();
    let solutions = star_battle_solutions(&rooms);
    assert_eq!(solutions.len(), 2);
    let differ: BTreeSet<Rc> = solutions[0]
        .symmetric_difference(&solutions[1])
        .copied()
        .collect();
    let (pic, code) = render(&[
        "solve",
        "starbattle",
        "models/starbattle/edge_multiple_4x4.txt",
    ]);
    assert_eq!(code, 0);
    assert_eq!(pic.panels.len(), 2);
    let drawn: BTreeSet<BTreeSet<Rc>> = pic.panels.iter().map(|p| p.stars.clone()).collect();
    assert_eq!(drawn, solutions.into_iter().collect());
    for p in &pic.panels {
        assert_eq!(p.differs, differ);
    }
    assert_eq!(pic.panels[0].title.as_deref(), Some("solution 1"));
    assert!(pic.caption.contains("multiple"), "{}", pic.caption);

    // The two diagonals of a 2×2 nonogram differ in every cell.
    let (pic, _) = render(&["solve", "nonogram", "models/nonogram/edge-multiple-2x2.non"]);
    for p in &pic.panels {
        assert_eq!(p.differs.len(), 4);
    }
}

#[test]
fn facts_mark_exactly_the_cells_the_published_table_leaves_open() {
    let (pic, code) = render(&[
        "solve",
        "nurikabe",
        "models/nurikabe/cspuz_6x6.url",
        "--facts",
    ]);
    assert_eq!(code, 0);
    let facts = model("nurikabe/cspuz_6x6.facts");
    let p = &pic.panels[0];
    assert_eq!(p.unknown, cells_with(&facts, |c| c == '?'));
    assert_eq!(
        p.answer_fills.keys().copied().collect::<BTreeSet<_>>(),
        cells_with(&facts, |c| c == '#')
    );
    assert!(
        pic.caption.contains("15 undetermined cells"),
        "{}",
        pic.caption
    );
}

#[test]
fn no_solution_draws_the_puzzle_alone_and_keeps_the_exit_code() {
    let (pic, code) = render(&["solve", "heyawake", "models/heyawake/edge_none_10x10.url"]);
    assert_eq!(code, 1);
    let p = &pic.panels[0];
    assert!(p.answer_fills.is_empty() && !p.walls.is_empty() && !p.given_texts.is_empty());
    assert!(pic.caption.contains("no solution"), "{}", pic.caption);
}

#[test]
fn a_png_is_twice_the_svg_size_dark_on_shaded_cells_and_light_elsewhere() {
    let dir = std::env::temp_dir().join(format!("puzzlec-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("answer.png");
    let url = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";
    let out = puzzlec(&["solve", url, "--render", "png", "-o", png.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The text answer is printed as usual when the picture goes to a file.
    assert!(stdout(&out).contains("unique"));
    let img = image::open(&png).unwrap().to_rgba8();
    let (pic, _) = render(&["solve", url]);
    assert_eq!(
        img.dimensions(),
        (
            (pic.width * 2.0).round() as u32,
            (pic.height * 2.0).round() as u32
        )
    );
    // Board origin (the panel's offset plus the board's) and cell size, as the SVG places
    // them (doubled in the PNG).
    let svg = stdout(&puzzlec(&["solve", url, "--render", "svg"]));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let board = doc.descendants().find(|n| has_class(*n, "board")).unwrap();
    let offset = |n: roxmltree::Node| -> Vec<f64> {
        let t = n.attribute("transform").unwrap();
        (t["translate(".len()..t.len() - 1].split(','))
            .map(|v| v.parse().unwrap())
            .collect()
    };
    let (inner, outer) = (offset(board), offset(board.parent().unwrap()));
    let xy = [inner[0] + outer[0], inner[1] + outer[1]];
    let s = attr(board, "data-cell-size");
    let panel = &pic.panels[0];
    let answer = model("heyawake/cspuz_6x6.answer");
    let shaded = cells_with(&answer, |c| c == '#');
    for r in 0..6 {
        for c in 0..6 {
            if panel.given_texts.contains_key(&(r, c)) {
                continue; // a clue's digit covers the centre
            }
            // A point a quarter into the cell, clear of the lines.
            let x = 2.0 * (xy[0] + (c as f64 + 0.3) * s);
            let y = 2.0 * (xy[1] + (r as f64 + 0.3) * s);
            let [red, green, blue, _] = img.get_pixel(x as u32, y as u32).0;
            let light = (red as u32 + green as u32 + blue as u32) / 3;
            match shaded.contains(&(r, c)) {
                true => assert!(light < 64, "r{}c{} should be dark: {light}", r + 1, c + 1),
                false => assert!(light > 192, "r{}c{} should be light: {light}", r + 1, c + 1),
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_genre_renders_and_text_output_is_unchanged_without_render() {
    for (genre, input) in [
        ("heyawake", "models/heyawake/lshape_4x6.txt"),
        ("hitori", "models/hitori/pzprjs_4x4.url"),
        ("lits", "models/lits/pzprjs_4x4.url"),
        ("masyu", "models/masyu/pzprjs_6x6.url"),
        ("nonogram", "models/nonogram/webpbn-0001.non"),
        ("nurikabe", "models/nurikabe/pzprjs_5x5.url"),
        ("skeleton", "models/skeleton/boat.txt"),
        ("slitherlink", "models/slitherlink/pzprjs_5x5.url"),
        ("starbattle", "models/starbattle/cspuz_6x6.url"),
        ("tetromino", "models/tetromino/4x4.txt"),
    ] {
        let (pic, code) = render(&["solve", genre, input, "--first"]);
        assert_eq!(code, 0, "{genre}");
        assert_eq!(pic.panels.len(), 1, "{genre}");
        let p = &pic.panels[0];
        let drawn =
            p.answer_fills.len() + p.answer_texts.len() + p.stars.len() + p.loop_lines.len();
        assert!(drawn > 0, "{genre}: no answer drawn");
        assert!(pic.caption.starts_with(genre), "{}", pic.caption);
        let text = stdout(&puzzlec(&["solve", genre, input, "--first"]));
        assert!(
            !text.contains("<svg") && text.trim_end().ends_with("solved"),
            "{text}"
        );
    }
}

#[test]
fn a_picture_with_nowhere_to_go_is_refused_before_solving() {
    let out = puzzlec(&[
        "solve",
        "heyawake",
        "models/heyawake/seed004.txt",
        "--render",
        "svg",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains("-o FILE"), "{}", stdout(&out));
    let out = puzzlec(&[
        "solve",
        "heyawake",
        "models/heyawake/seed004.txt",
        "-o",
        "x.svg",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--render"), "{}", stderr(&out));
    let out = puzzlec(&[
        "count",
        "heyawake",
        "models/heyawake/seed004.txt",
        "--render",
        "svg",
        "-o",
        "/no/such/dir/x.svg",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("/no/such/dir/x.svg"),
        "{}",
        stderr(&out)
    );
}

/// The elements of an SVG with a class, in document order.
fn with_class<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    (doc.descendants())
        .filter(|n| has_class(*n, class))
        .collect()
}

/// A puzzle file in a fresh temporary folder (removed by the caller).
fn temp_puzzle(name: &str, text: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("puzzlec-render-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.txt"));
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap().to_string();
    (dir, path)
}

#[test]
fn room_walls_are_drawn_over_the_shading_lined_with_white() {
    let url = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";
    let svg = stdout(&puzzlec(&["solve", url, "--render", "svg"]));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let lining = with_class(&doc, "wall-lining");
    let walls = with_class(&doc, "wall");
    assert_eq!((lining.len(), walls.len()), (1, 1), "{svg}");
    let lines = |g: roxmltree::Node| -> Vec<String> {
        (g.children().filter(|n| n.is_element()))
            .map(|n| {
                format!(
                    "{:?}",
                    n.attributes().map(|a| a.value()).collect::<Vec<_>>()
                )
            })
            .collect()
    };
    assert_eq!(
        lines(lining[0]),
        lines(walls[0]),
        "the lining follows every wall"
    );
    assert_eq!(lining[0].attribute("stroke"), Some("#ffffff"));
    let width = |n: roxmltree::Node| attr(n, "stroke-width");
    assert!(width(lining[0]) > width(walls[0]) + 2.0);
    // Both come after every shaded cell, so a wall between two shaded cells stays visible.
    let last_fill = with_class(&doc, "answer").last().unwrap().range().start;
    assert!(
        last_fill < lining[0].range().start && lining[0].range().start < walls[0].range().start
    );
}

#[test]
fn difference_frames_are_thin_unlined_and_along_the_cell_edge_clear_of_the_digits() {
    let (dir, path) = temp_puzzle(
        "hitori",
        "12 12 13 14\n13 14 15 15\n15 13 12 16\n14 16 16 12\n",
    );
    let svg = stdout(&puzzlec(&["solve", "hitori", &path, "--render", "svg"]));
    std::fs::remove_dir_all(&dir).ok();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let board = with_class(&doc, "board")[0];
    let s = attr(board, "data-cell-size");
    let frames = with_class(&doc, "differs");
    assert!(!frames.is_empty(), "{svg}");
    for frame in frames {
        let rects: Vec<_> = frame.children().filter(|n| n.is_element()).collect();
        assert_eq!(rects.len(), 1, "one thin frame, no lining");
        let rect = rects[0];
        let width = attr(rect, "stroke-width");
        assert!(width <= s / 12.0, "{width}");
        // The frame's inner edge stays within the outer fifth of the cell.
        let inset = attr(rect, "x") - (attr(rect, "x") / s).floor() * s + width / 2.0;
        assert!(inset < s * 0.2, "{inset} of {s}");
    }
}

#[test]
fn a_facts_question_mark_stays_clear_of_a_pearl() {
    let (dir, path) = temp_puzzle("masyu", "3 4\n- - - -\n- w - -\n- - - -\n");
    let svg = stdout(&puzzlec(&[
        "solve", "masyu", &path, "--facts", "--render", "svg",
    ]));
    std::fs::remove_dir_all(&dir).ok();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let pearl = with_class(&doc, "pearl")[0];
    let (cx, cy, r) = (attr(pearl, "cx"), attr(pearl, "cy"), attr(pearl, "r"));
    let mark = (with_class(&doc, "unknown").into_iter())
        .find(|n| n.tag_name().name() == "text" && n.attribute("data-cell") == Some("r2c2"))
        .expect("a ? on the pearl's cell");
    let size = attr(mark, "font-size");
    // The glyph's box (about 0.6 × size wide, its baseline at y) lies outside the circle.
    let (x, y) = (attr(mark, "x"), attr(mark, "y"));
    let nearest_x = cx.clamp(x - 0.3 * size, x + 0.3 * size);
    let nearest_y = cy.clamp(y - 0.75 * size, y);
    assert!(
        (nearest_x - cx).hypot(nearest_y - cy) > r,
        "? at ({x}, {y}) size {size} over the pearl at ({cx}, {cy}) r {r}"
    );
}

#[test]
fn slitherlink_facts_dash_the_undetermined_edges_instead_of_marking_cells() {
    let args = [
        "solve",
        "slitherlink",
        "models/slitherlink/blank_2x3.txt",
        "--facts",
    ];
    let (pic, code) = render(&args);
    assert_eq!(code, 0);
    assert!(pic.panels[0].unknown.is_empty(), "no cell is marked");
    assert!(
        pic.caption.contains("undetermined edges dashed"),
        "{}",
        pic.caption
    );
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--render", "svg"]);
    let svg = stdout(&puzzlec(&all));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let dashed = with_class(&doc, "unknown-line");
    assert_eq!(dashed.len(), 1, "{svg}");
    // Every edge of a blank 2×3 is on some loop and off another: all 17 are dashed.
    assert_eq!(dashed[0].children().filter(|n| n.is_element()).count(), 17);
}
