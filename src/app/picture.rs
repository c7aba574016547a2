//! `--render svg|png` and `-o FILE` on `solve` and `count`: which picture a report gets (one
//! answer, two solutions side by side, the facts, a gallery of counted solutions, or the puzzle
//! alone when there is no solution) and where it is written.

use clap::ValueEnum;
use puzzlec::error::{Error, Result};
use puzzlec::render::{png, Picture, Sketch};
use puzzlec::solve::{Mode, Progress, Report, Verdict};
use std::io::IsTerminal;

/// Picture formats.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// SVG (text; to standard output without -o).
    Svg,
    /// PNG (needs -o FILE, or standard output that is not a terminal).
    Png,
}

/// The picture options of `solve` and `count`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct RenderArgs {
    /// Draw the puzzle with its answer: one solution, two side by side with their differences
    /// highlighted (multiple), the facts with undetermined cells marked (--facts), or the
    /// solutions counted (count). Without -o the picture replaces the text on standard output
    /// (a PNG only when standard output is not a terminal).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub render: Option<Format>,
    /// Write the picture to this file (the text answer is printed as usual).
    #[arg(short = 'o', long, value_name = "FILE", requires = "render")]
    pub output: Option<String>,
}

impl RenderArgs {
    /// Whether a picture was asked for.
    pub fn wanted(&self) -> bool {
        self.render.is_some()
    }
    /// Whether the picture goes to standard output instead of the text answer.
    pub fn replaces_text(&self) -> bool {
        self.render.is_some() && self.output.is_none()
    }
    /// Refuses, before any solving, a picture that has nowhere to go: standard output taken
    /// by `--json`, or a PNG for a terminal.
    pub fn check(&self, json: bool) -> Result<()> {
        match (self.render, &self.output) {
            (Some(_), None) if json => Err(Error::Usage(
                "--render without -o writes the picture to standard output, where --json \
                 writes its answer: give the picture a file with -o FILE"
                    .into(),
            )),
            (Some(Format::Png), None) if std::io::stdout().is_terminal() => Err(Error::Usage(
                "a PNG is not for a terminal: give it a file with -o FILE.png (or redirect \
                 standard output)"
                    .into(),
            )),
            _ => Ok(()),
        }
    }
    /// A progress that records the puzzle's and every solution's sketch when a picture is
    /// wanted.
    pub fn progress(&self) -> Progress {
        match self.wanted() {
            true => Progress::sketching(),
            false => Progress::default(),
        }
    }
}

/// Draws the picture of a finished run (as `args` ask; nothing when they ask for none) and
/// writes it to its file or to standard output.
pub fn deliver(
    args: &RenderArgs,
    genre: &str,
    mode: Mode,
    report: &Report<Vec<String>>,
    progress: &Progress,
) -> Result<()> {
    let Some(format) = args.render else {
        return Ok(());
    };
    let (puzzle, mut sketches) = progress.sketches();
    // An abandoned run's worker may still add solutions after the report was taken.
    sketches.truncate(report.solutions.len());
    let Some(picture) = picture_of(genre, mode, report, puzzle, &sketches) else {
        return Ok(());
    };
    let svg = picture.svg();
    let bytes = match format {
        Format::Svg => svg.into_bytes(),
        Format::Png => {
            if !png::has_fonts() {
                eprintln!(
                    "warning: no font found, so the PNG has no numbers or letters (install one, \
                     e.g. apt-get install fonts-dejavu-core, or use --render svg)"
                );
            }
            png::rasterise(&svg)?
        }
    };
    match &args.output {
        Some(path) => {
            std::fs::write(path, bytes).map_err(|e| Error::Io(format!("cannot write {path}: {e}")))
        }
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            out.write_all(&bytes)
                .and_then(|_| out.flush())
                .map_err(|e| Error::Io(format!("cannot write to standard output: {e}")))
        }
    }
}

/// The picture of a report: the solutions' sketches (in the report's order) drawn as the mode
/// asks, or the puzzle alone when nothing was found; `None` when not even the puzzle was
/// sketched.
pub fn picture_of(
    genre: &str,
    mode: Mode,
    report: &Report<Vec<String>>,
    puzzle: Option<Sketch>,
    solutions: &[Sketch],
) -> Option<Picture> {
    // The genre, the size and the sketch's note (e.g. star battle's stars per line).
    let shape = |s: &Sketch| match &s.note {
        Some(note) => format!("{genre} {}×{} ({note})", s.height, s.width),
        None => format!("{genre} {}×{}", s.height, s.width),
    };
    let stopped = report
        .stopped
        .as_ref()
        .map(|s| format!(" ({})", s.describe()))
        .unwrap_or_default();
    let Some(first) = solutions.first() else {
        let puzzle = puzzle?;
        let verdict = match (report.verdict, &report.note) {
            (Verdict::None, Some(note)) => format!("no solution: {note}"),
            (Verdict::None, None) => "no solution".into(),
            (v, _) => format!("{}{stopped}", v.as_str()),
        };
        let caption = format!("{}: {verdict}", shape(&puzzle));
        if let Some(e) = &report.explanation {
            // The cells the constraints mention are marked; their names are the caption.
            let caption = format!("{caption}\n{}", e.describe());
            return Some(Picture::explained(puzzle, &e.cells(), Some(caption)));
        }
        return Some(Picture::single(puzzle, Some(caption)));
    };
    let name = shape(first);
    let n = solutions.len();
    let picture = match mode {
        Mode::Facts if n > 1 => {
            let mut picture = Picture::facts(solutions, None);
            // On a lattice of dots the undetermined edges are marked, elsewhere the cells.
            let panel = &picture.panels[0];
            let edges = panel.unknown_lines.len();
            let cells = panel.marked(puzzlec::render::Mark::Unknown).len();
            let marked = match (edges, cells) {
                (0, 1) => "1 undetermined cell marked ?".to_string(),
                (0, k) => format!("{k} undetermined cells marked ?"),
                (1, _) => "1 undetermined edge dashed".to_string(),
                (k, _) => format!("{k} undetermined edges dashed"),
            };
            let mut caption = format!("{name}: facts of {n} solutions; {marked}");
            if let Some(s) = &report.stopped {
                caption.push_str(&format!(
                    "; incomplete ({}): a cell without ? may still differ in a solution not \
                     examined",
                    s.describe()
                ));
            }
            picture.caption = Some(caption);
            picture
        }
        Mode::Count(_) if n > 1 => {
            let counted = match &report.stopped {
                None => format!("{n} solutions"),
                Some(_) => format!("at least {n} solutions{stopped}"),
            };
            let shown = match n > puzzlec::render::compose::GALLERY_LIMIT {
                true => format!(
                    ", the first {} shown",
                    puzzlec::render::compose::GALLERY_LIMIT
                ),
                false => String::new(),
            };
            let caption = format!("{name}: {counted}{shown}");
            Picture::gallery(solutions, Some(caption))
        }
        _ if n > 1 => {
            let differ = puzzlec::render::compose::differing_cells(&solutions[0], &solutions[1]);
            let k = differ.iter().filter(|&&d| d).count();
            let mut caption =
                format!("{name}: multiple; solutions 1 and 2 differ in the {k} highlighted cells");
            if let Some(note) = &report.note {
                caption.push('\n');
                caption.push_str(note);
            }
            Picture::pair(solutions[0].clone(), solutions[1].clone(), Some(caption))
        }
        _ => {
            let verdict = match report.verdict {
                Verdict::Timeout => "timeout: uniqueness not decided in time".to_string(),
                Verdict::Solved if mode == Mode::First => "solved (uniqueness not checked)".into(),
                v => format!("{}{stopped}", v.as_str()),
            };
            Picture::single(first.clone(), Some(format!("{name}: {verdict}")))
        }
    };
    Some(picture)
}
