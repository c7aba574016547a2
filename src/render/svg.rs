//! The one renderer: a [`Picture`] as an SVG document. Every cell's drawing carries its cell's
//! name (`data-cell="r3c4"`) and a class saying which layer it belongs to (`given`, `answer`,
//! `mark`), so that programs (and tests) can read the picture back as well as people can.

use super::{Colour, Content, Lattice, Mark, Panel, Pen, Picture, Segment, Sketch, Symbol};
use crate::grid::cell_name;
use std::fmt::Write;

/// The font stack: DejaVu Sans where installed (and for the PNG rasteriser), then what
/// browsers have.
const FONTS: &str = "DejaVu Sans, Arial, Helvetica, sans-serif";
/// Thin grid lines.
const GRID_LINE: Colour = Colour(0x9a, 0x9a, 0x9a);
/// The tint of a cell the solutions examined disagree on.
const UNKNOWN_TINT: Colour = Colour(0xff, 0xee, 0xa8);
/// The `?` on such a cell.
const UNKNOWN_TEXT: Colour = Colour(0xb0, 0x58, 0x00);
/// The frame of a cell where two solutions differ: a muted magenta that none of the fills
/// uses, thin, since a pair of tilings may differ in nearly every cell.
const DIFFERS: Colour = Colour(0xc2, 0x4d, 0x95);
/// The tint of a cell that an explanation's constraints mention (`--explain`).
const EXPLAINS_TINT: Colour = Colour(0xff, 0xd6, 0xcc);
/// The frame of such a cell, which shows on shaded and coloured cells too.
const EXPLAINS: Colour = Colour(0xd8, 0x2c, 0x0c);

/// Pixels per cell: 32 up to 30 cells a side, then smaller so that a big grid stays about
/// 1,000 pixels wide (never below 12).
pub fn cell_size(height: usize, width: usize) -> f64 {
    let side = height.max(width);
    if side <= 30 {
        32.0
    } else {
        (960.0 / side as f64).floor().max(12.0)
    }
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// Text escaped for XML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The sizes of one panel, in pixels.
struct Layout {
    /// Cell size.
    s: f64,
    /// Width of the row-clue margin.
    left: f64,
    /// Height of the column-clue margin.
    top: f64,
    /// Height of the title band (0 without titles).
    title: f64,
    /// Padding around the panel.
    pad: f64,
}

impl Layout {
    /// A clue slot in the margins.
    fn slot(&self) -> f64 {
        (self.s * 0.8).max(14.0)
    }
    fn width(&self, sk: &Sketch) -> f64 {
        2.0 * self.pad + self.left + sk.width as f64 * self.s
    }
    fn height(&self, sk: &Sketch) -> f64 {
        2.0 * self.pad + self.title + self.top + sk.height as f64 * self.s
    }
}

impl Picture {
    /// The picture as a standalone SVG document (see [`svg`]).
    pub fn svg(&self) -> String {
        svg(self)
    }
}

/// The picture as a standalone SVG document.
pub fn svg(picture: &Picture) -> String {
    let panels = &picture.panels;
    let (h, w) = (panels.iter()).fold((0, 0), |(h, w), p| {
        (h.max(p.sketch.height), w.max(p.sketch.width))
    });
    let s = cell_size(h, w);
    let mut layout = Layout {
        s,
        left: 0.0,
        top: 0.0,
        title: 0.0,
        pad: (s / 2.0).max(10.0),
    };
    let slot = layout.slot();
    let most = |clues: &Vec<Vec<super::Label>>| clues.iter().map(Vec::len).max().unwrap_or(0);
    for p in panels {
        layout.left = layout.left.max(most(&p.sketch.row_clues) as f64 * slot);
        layout.top = layout.top.max(most(&p.sketch.column_clues) as f64 * slot);
        if p.title.is_some() {
            layout.title = (s * 0.8).max(18.0);
        }
    }
    let per_row = picture.per_row.max(1);
    let panel_w = (panels.iter().map(|p| layout.width(&p.sketch))).fold(0.0, f64::max);
    let panel_h = (panels.iter().map(|p| layout.height(&p.sketch))).fold(0.0, f64::max);
    let rows = panels.len().div_ceil(per_row).max(1);
    let caption_size = (s * 0.5).clamp(13.0, 18.0);
    let mut width = panel_w * per_row.min(panels.len().max(1)) as f64;
    // A caption wraps at the picture's width, which is at least wide enough for 44 characters.
    width = width.max(44.0 * caption_size * 0.6);
    let caption_lines = match &picture.caption {
        Some(text) => wrap(
            text,
            ((width - 2.0 * layout.pad) / (caption_size * 0.6)) as usize,
        ),
        None => Vec::new(),
    };
    let caption_h = match caption_lines.len() {
        0 => 0.0,
        n => n as f64 * caption_size * 1.3 + layout.pad / 2.0,
    };
    // Whole pixels, so that a PNG is exactly the SVG's size times its scale.
    width = width.ceil();
    let height = (panel_h * rows as f64 + caption_h).ceil();

    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONTS}">"#,
        w = num(width),
        h = num(height)
    );
    out.push('\n');
    let _ = writeln!(
        out,
        r#"<rect class="background" width="{}" height="{}" fill="white"/>"#,
        num(width),
        num(height)
    );
    // Panels are centred when the caption made the picture wider than they are.
    let x0 = (width - panel_w * per_row.min(panels.len().max(1)) as f64) / 2.0;
    for (i, panel) in panels.iter().enumerate() {
        let x = x0 + (i % per_row) as f64 * panel_w;
        let y = (i / per_row) as f64 * panel_h;
        draw_panel(&mut out, panel, &layout, x, y);
    }
    for (i, line) in caption_lines.iter().enumerate() {
        let y = panel_h * rows as f64 + (i as f64 + 0.8) * caption_size * 1.3;
        let _ = writeln!(
            out,
            r#"<text class="caption" x="{}" y="{}" font-size="{}" fill="{}">{}</text>"#,
            num(layout.pad),
            num(y),
            num(caption_size),
            Colour::INK.hex(),
            escape(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Words of a text in lines of at most `width` characters (a longer word gets a line of its
/// own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(10);
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let len = line.chars().count();
            if len > 0 && len + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    lines
}

/// One panel with its top-left corner at `(x, y)`.
fn draw_panel(out: &mut String, panel: &Panel, layout: &Layout, x: f64, y: f64) {
    let sk = &panel.sketch;
    let s = layout.s;
    let _ = writeln!(
        out,
        r#"<g class="panel" transform="translate({},{})">"#,
        num(x),
        num(y)
    );
    if let Some(title) = &panel.title {
        let _ = writeln!(
            out,
            r#"<text class="title" x="{}" y="{}" font-size="{}" fill="{}">{}</text>"#,
            num(layout.pad + layout.left),
            num(layout.pad + layout.title * 0.7),
            num((s * 0.5).clamp(12.0, 18.0)),
            Colour::INK.hex(),
            escape(title)
        );
    }
    let (bx, by) = (
        layout.pad + layout.left,
        layout.pad + layout.title + layout.top,
    );
    let _ = writeln!(
        out,
        r#"<g class="board" transform="translate({},{})" data-cell-size="{}" data-rows="{}" data-columns="{}">"#,
        num(bx),
        num(by),
        num(s),
        sk.height,
        sk.width
    );
    draw_board(out, panel, layout);
    out.push_str("</g>\n");
    out.push_str("</g>\n");
}

/// A cell's rectangle with a class, its name and a fill.
fn cell_rect(out: &mut String, class: &str, s: f64, r: usize, c: usize, fill: Colour) {
    let _ = writeln!(
        out,
        r#"<rect class="{class}" data-cell="{}" x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
        cell_name(r, c),
        num(c as f64 * s),
        num(r as f64 * s),
        num(s),
        num(s),
        fill.hex()
    );
}

/// Centred text in a cell.
#[allow(clippy::too_many_arguments)]
fn cell_text(
    out: &mut String,
    class: &str,
    cell: Option<(usize, usize)>,
    (cx, cy): (f64, f64),
    size: f64,
    fill: Colour,
    bold: bool,
    text: &str,
) {
    let name = cell.map_or(String::new(), |(r, c)| {
        format!(r#" data-cell="{}""#, cell_name(r, c))
    });
    let weight = if bold { r#" font-weight="bold""# } else { "" };
    // The baseline sits a third of the size below the centre, which centres digits and
    // capitals without relying on `dominant-baseline` (not every renderer has it).
    let _ = writeln!(
        out,
        r#"<text class="{class}"{name} x="{}" y="{}" font-size="{}"{weight} text-anchor="middle" fill="{}">{}</text>"#,
        num(cx),
        num(cy + size * 0.35),
        num(size),
        fill.hex(),
        escape(text)
    );
}

/// Font size for a text in a cell: smaller as it gets longer.
fn text_size(s: f64, text: &str) -> f64 {
    match text.chars().count() {
        0..=1 => s * 0.62,
        2 => s * 0.55,
        3 => s * 0.42,
        n => s * 1.3 / n as f64,
    }
}

/// The grid, its content and its marks, in board coordinates (the grid's top-left at 0,0).
fn draw_board(out: &mut String, panel: &Panel, layout: &Layout) {
    let sk = &panel.sketch;
    let s = layout.s;
    let (h, w) = (sk.height, sk.width);
    let (gw, gh) = (w as f64 * s, h as f64 * s);
    let rc = |cell: usize| (cell / w.max(1), cell % w.max(1));
    let mark = |cell: usize| panel.marks.get(cell).copied().flatten();

    // Fills: the answer's and the tint of an unknown cell under the grid lines (which keep
    // shaded neighbours apart), the puzzle's over them (black cells hide the lines, as in
    // print).
    for (cell, content) in sk.answer.iter().enumerate() {
        if let Some(fill) = content.fill {
            let (r, c) = rc(cell);
            cell_rect(out, "answer", s, r, c, fill);
        }
    }
    for cell in (0..h * w).filter(|&c| mark(c) == Some(Mark::Unknown)) {
        let (r, c) = rc(cell);
        cell_rect(out, "mark unknown", s, r, c, UNKNOWN_TINT);
    }
    for cell in (0..h * w).filter(|&c| mark(c) == Some(Mark::Explains)) {
        let (r, c) = rc(cell);
        cell_rect(out, "mark explains", s, r, c, EXPLAINS_TINT);
    }

    // The lattice: thin lines (bolder every few cells) and a frame, or dots on the corners.
    match sk.lattice {
        Lattice::Cells => {
            let (mut thin, mut bold) = (String::new(), String::new());
            let every = sk.bold_every.unwrap_or(0);
            for r in 1..h {
                let path = if every > 0 && r % every == 0 {
                    &mut bold
                } else {
                    &mut thin
                };
                let _ = write!(path, "M0 {}H{}", num(r as f64 * s), num(gw));
            }
            for c in 1..w {
                let path = if every > 0 && c % every == 0 {
                    &mut bold
                } else {
                    &mut thin
                };
                let _ = write!(path, "M{} 0V{}", num(c as f64 * s), num(gh));
            }
            if !thin.is_empty() {
                let _ = writeln!(
                    out,
                    r#"<path class="grid" d="{thin}" stroke="{}" stroke-width="1" fill="none"/>"#,
                    GRID_LINE.hex()
                );
            }
            if !bold.is_empty() {
                let _ = writeln!(
                    out,
                    r#"<path class="grid bold" d="{bold}" stroke="{}" stroke-width="2" fill="none"/>"#,
                    Colour::INK.hex()
                );
            }
        }
        Lattice::Dots => {
            let radius = (s / 14.0).max(1.5);
            for r in 0..=h {
                for c in 0..=w {
                    let _ = writeln!(
                        out,
                        r#"<circle class="dot" cx="{}" cy="{}" r="{}" fill="{}"/>"#,
                        num(c as f64 * s),
                        num(r as f64 * s),
                        num(radius),
                        Colour::INK.hex()
                    );
                }
            }
        }
    }
    for (cell, content) in sk.given.iter().enumerate() {
        if let Some(fill) = content.fill {
            let (r, c) = rc(cell);
            cell_rect(out, "given", s, r, c, fill);
        }
    }
    // Walls go over the fills with a white lining, so that a room's border stays visible
    // between two shaded cells (the lining vanishes on white cells).
    let wall_width = (s / 10.0).max(2.5);
    let lining = wall_width + 2.0 * (s / 16.0).max(1.5);
    draw_segments(
        out,
        "wall-lining",
        &sk.given_lines,
        s,
        lining,
        Colour::WHITE,
    );
    draw_segments(out, "wall", &sk.given_lines, s, wall_width, Colour::INK);
    if sk.lattice == Lattice::Cells {
        let _ = writeln!(
            out,
            r#"<rect class="frame" x="0" y="0" width="{}" height="{}" stroke="{}" stroke-width="{}" fill="none"/>"#,
            num(gw),
            num(gh),
            Colour::INK.hex(),
            num(wall_width)
        );
    }

    // Differences and explained cells are framed over the fills and the grid, under the
    // answer's lines and the texts: a thin frame along the cell's edge (clear of the walls, and
    // of the digits in the middle); an explained cell's is lined with white, so that it shows
    // on black too, a difference's is not, since a pair of tilings may differ almost
    // everywhere.
    let frame_mark = |out: &mut String,
                      cell: usize,
                      class: &str,
                      colour: Colour,
                      frame: f64,
                      lined: bool| {
        let (r, c) = rc(cell);
        let lining = (frame / 2.0).max(1.0);
        let inset = wall_width / 2.0 + 0.5;
        let square = |out: &mut String, at: f64, colour: &str, width: f64| {
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" stroke="{colour}" stroke-width="{}"/>"#,
                num(c as f64 * s + at),
                num(r as f64 * s + at),
                num(s - 2.0 * at),
                num(s - 2.0 * at),
                num(width)
            );
        };
        let _ = write!(
            out,
            r#"<g class="mark {class}" data-cell="{}" fill="none">"#,
            cell_name(r, c)
        );
        square(out, inset + frame / 2.0, &colour.hex(), frame);
        if lined {
            square(out, inset + frame + lining / 2.0, "white", lining);
        }
        out.push_str("</g>\n");
    };
    for cell in (0..h * w).filter(|&c| mark(c) == Some(Mark::Differs)) {
        frame_mark(out, cell, "differs", DIFFERS, (s / 16.0).max(1.5), false);
    }
    for cell in (0..h * w).filter(|&c| mark(c) == Some(Mark::Explains)) {
        frame_mark(out, cell, "explains", EXPLAINS, (s / 12.0).max(1.5), true);
    }

    let (walls, loops): (Vec<&Segment>, Vec<&Segment>) =
        sk.answer_lines.iter().partition(|l| l.pen == Pen::Wall);
    let outline_width = (s / 12.0).max(2.0);
    draw_segments(
        out,
        "answer-line outline",
        &walls,
        s,
        outline_width,
        Colour::INK,
    );
    draw_segments(
        out,
        "answer-line",
        &loops,
        s,
        (s / 7.0).max(2.5),
        Colour::LOOP,
    );
    draw_unknown_lines(out, &panel.unknown_lines, s);

    // Symbols and texts, the puzzle's first; a text is white on a dark cell.
    let background = |cell: usize| {
        sk.answer[cell]
            .fill
            .or(sk.given[cell].fill)
            .unwrap_or(Colour::WHITE)
    };
    for (layer, contents) in [("given", &sk.given), ("answer", &sk.answer)] {
        for (cell, content) in contents.iter().enumerate() {
            let (r, c) = rc(cell);
            let centre = ((c as f64 + 0.5) * s, (r as f64 + 0.5) * s);
            if let Some(symbol) = content.symbol {
                draw_symbol(out, layer, (r, c), centre, s, symbol, background(cell));
            }
            if let Some(text) = &content.text {
                draw_cell_text(
                    out,
                    layer,
                    (r, c),
                    centre,
                    s,
                    content,
                    text,
                    background(cell),
                );
            }
        }
    }
    for cell in (0..h * w).filter(|&c| mark(c) == Some(Mark::Unknown)) {
        let (r, c) = rc(cell);
        let centre = ((c as f64 + 0.5) * s, (r as f64 + 0.5) * s);
        // Beside a clue, a pearl or a line through the cell the `?` goes small in the corner,
        // clear of them, so that both stay legible.
        let crowded = sk.given[cell].text.is_some()
            || sk.given[cell].symbol.is_some()
            || (sk.answer_lines.iter()).any(|l| [l.from, l.to].contains(&(2 * r + 1, 2 * c + 1)));
        let (at, size) = match crowded {
            true => ((centre.0 + s * 0.38, centre.1 - s * 0.34), s * 0.24),
            false => (centre, s * 0.55),
        };
        cell_text(
            out,
            "mark unknown",
            Some((r, c)),
            at,
            size,
            UNKNOWN_TEXT,
            true,
            "?",
        );
    }
    draw_margins(out, sk, layout);
}

/// A cell's text, coloured for its layer and its background.
#[allow(clippy::too_many_arguments)]
fn draw_cell_text(
    out: &mut String,
    layer: &str,
    cell: (usize, usize),
    centre: (f64, f64),
    s: f64,
    _content: &Content,
    text: &str,
    background: Colour,
) {
    let ink = match (background.is_dark(), layer) {
        (true, _) => Colour::WHITE,
        (false, "answer") if background == Colour::WHITE => Colour::ANSWER_TEXT,
        (false, _) => Colour::INK,
    };
    let class = format!("{layer}-text");
    let bold = layer == "given";
    cell_text(
        out,
        &class,
        Some(cell),
        centre,
        text_size(s, text),
        ink,
        bold,
        text,
    );
}

/// A symbol centred in a cell.
fn draw_symbol(
    out: &mut String,
    layer: &str,
    (r, c): (usize, usize),
    (cx, cy): (f64, f64),
    s: f64,
    symbol: Symbol,
    background: Colour,
) {
    let name = cell_name(r, c);
    let ink = if background.is_dark() {
        Colour::WHITE
    } else {
        Colour::INK
    };
    match symbol {
        Symbol::WhiteCircle | Symbol::BlackCircle => {
            let fill = match symbol {
                Symbol::WhiteCircle => Colour::WHITE,
                _ => Colour::INK,
            };
            let kind = match symbol {
                Symbol::WhiteCircle => "white",
                _ => "black",
            };
            let _ = writeln!(
                out,
                r#"<circle class="{layer} pearl {kind}" data-cell="{name}" cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="{}"/>"#,
                num(cx),
                num(cy),
                num(s * 0.36),
                fill.hex(),
                Colour::INK.hex(),
                num((s / 18.0).max(1.2))
            );
        }
        Symbol::Star => {
            let (outer, inner) = (s * 0.42, s * 0.42 * 0.382);
            let mut d = String::new();
            for k in 0..10 {
                let radius = if k % 2 == 0 { outer } else { inner };
                let angle = std::f64::consts::PI * (k as f64 / 5.0 - 0.5);
                let (x, y) = (cx + radius * angle.cos(), cy + radius * angle.sin());
                let _ = write!(d, "{}{} {}", if k == 0 { 'M' } else { 'L' }, num(x), num(y));
            }
            d.push('Z');
            let _ = writeln!(
                out,
                r#"<path class="{layer} star" data-cell="{name}" d="{d}" fill="{}"/>"#,
                ink.hex()
            );
        }
    }
}

/// Straight lines between points in half-cell units.
fn draw_segments(
    out: &mut String,
    class: &str,
    lines: &[impl std::borrow::Borrow<Segment>],
    s: f64,
    width: f64,
    colour: Colour,
) {
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        r#"<g class="{class}" stroke="{}" stroke-width="{}" stroke-linecap="round" fill="none">"#,
        colour.hex(),
        num(width)
    );
    let half = s / 2.0;
    for l in lines {
        let l = l.borrow();
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            num(l.from.1 as f64 * half),
            num(l.from.0 as f64 * half),
            num(l.to.1 as f64 * half),
            num(l.to.0 as f64 * half)
        );
    }
    out.push_str("</g>\n");
}

/// Edges that some solutions examined draw and others do not: dashed, in the colour of `?`.
fn draw_unknown_lines(out: &mut String, lines: &[Segment], s: f64) {
    if lines.is_empty() {
        return;
    }
    let dash = num(s / 8.0);
    let _ = writeln!(
        out,
        r#"<g class="mark unknown-line" stroke="{}" stroke-width="{}" stroke-dasharray="{dash} {dash}" fill="none">"#,
        UNKNOWN_TEXT.hex(),
        num((s / 9.0).max(2.0))
    );
    let half = s / 2.0;
    for l in lines {
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            num(l.from.1 as f64 * half),
            num(l.from.0 as f64 * half),
            num(l.to.1 as f64 * half),
            num(l.to.0 as f64 * half)
        );
    }
    out.push_str("</g>\n");
}

/// The row clues left of the grid and the column clues above it, each ending next to the grid.
fn draw_margins(out: &mut String, sk: &Sketch, layout: &Layout) {
    let (s, slot) = (layout.s, layout.slot());
    let size = (slot * 0.6).min(s * 0.6);
    let mut label = |class: &str, index: usize, (cx, cy): (f64, f64), l: &super::Label| {
        if let Some(fill) = l.fill {
            let _ = writeln!(
                out,
                r#"<rect class="{class} swatch" x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
                num(cx - slot * 0.45),
                num(cy - slot * 0.45),
                num(slot * 0.9),
                num(slot * 0.9),
                fill.hex()
            );
        }
        let ink = match l.fill {
            Some(f) if f.is_dark() => Colour::WHITE,
            _ => Colour::INK,
        };
        let kind = if class == "row-clue" { "row" } else { "column" };
        let _ = writeln!(
            out,
            r#"<text class="{class}" data-{kind}="{}" x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{}</text>"#,
            index + 1,
            num(cx),
            num(cy + size * 0.35),
            num(size),
            ink.hex(),
            escape(&l.text)
        );
    };
    for (r, clues) in sk.row_clues.iter().enumerate() {
        let n = clues.len();
        for (i, l) in clues.iter().enumerate() {
            let cx = -((n - i) as f64 - 0.5) * slot;
            label("row-clue", r, (cx, (r as f64 + 0.5) * s), l);
        }
    }
    for (c, clues) in sk.column_clues.iter().enumerate() {
        let n = clues.len();
        for (i, l) in clues.iter().enumerate() {
            let cy = -((n - i) as f64 - 0.5) * slot;
            label("column-clue", c, ((c as f64 + 0.5) * s, cy), l);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(32.0), "32");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn captions_wrap_at_word_boundaries() {
        assert_eq!(
            wrap("no solution: room A asks for five", 16),
            vec!["no solution:", "room A asks for", "five"]
        );
        assert_eq!(
            wrap("multiple\nsolutions", 40),
            vec!["multiple", "solutions"]
        );
    }

    #[test]
    fn big_grids_get_smaller_cells() {
        assert_eq!(cell_size(10, 10), 32.0);
        assert_eq!(cell_size(45, 45), 21.0);
        assert_eq!(cell_size(200, 10), 12.0);
    }
}
