//! SVG to PNG through resvg. Text needs a font: the system's fonts are loaded once (DejaVu Sans
//! where installed); when none is found the picture is still drawn, without its letters and
//! numbers (resvg leaves out text it has no font for), and [`has_fonts`] tells.

use crate::error::{Error, Result};
use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// The system's fonts, loaded once per process, with `sans-serif` mapped to a family that is
/// installed (DejaVu Sans when present).
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            let installed = |family: &str| {
                db.faces()
                    .any(|f| f.families.iter().any(|(name, _)| name == family))
            };
            let sans = ["DejaVu Sans", "Arial", "Helvetica", "Liberation Sans"]
                .into_iter()
                .find(|f| installed(f))
                .map(str::to_string)
                .or_else(|| {
                    let first = db.faces().next()?;
                    first.families.first().map(|(name, _)| name.clone())
                });
            if let Some(family) = sans {
                db.set_sans_serif_family(family);
            }
            Arc::new(db)
        })
        .clone()
}

/// Whether any font was found for the text of pictures.
pub fn has_fonts() -> bool {
    !fonts().is_empty()
}

/// The most pixels a side of a PNG gets.
const MAX_SIDE: f32 = 4096.0;

/// How much a picture is enlarged: twice, for sharp lines and text on today's screens, less
/// when that would pass `MAX_SIDE` (4096 px).
pub fn scale_for(width: f32, height: f32) -> f32 {
    (MAX_SIDE / width.max(height).max(1.0)).min(2.0)
}

/// Draws an SVG document as PNG bytes at twice its size in pixels (see [`scale_for`]), its
/// text in the system's fonts.
pub fn rasterise(svg: &str) -> Result<Vec<u8>> {
    rasterise_with(svg, fonts())
}

/// [`rasterise`] with the given fonts; text no font can draw is left out.
fn rasterise_with(svg: &str, fonts: Arc<usvg::fontdb::Database>) -> Result<Vec<u8>> {
    let options = usvg::Options {
        fontdb: fonts,
        font_family: "sans-serif".into(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|e| Error::Solver(format!("cannot read the picture's SVG: {e}")))?;
    let scale = scale_for(tree.size().width(), tree.size().height());
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or_else(|| Error::Solver("the picture has no size".into()))?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        Error::Solver(format!(
            "cannot draw a {}×{} picture",
            size.width(),
            size.height()
        ))
    })?;
    let transform = tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| Error::Solver(format!("cannot encode the picture as PNG: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_black_square_on_white_comes_out_black_on_white() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="white"/><rect width="10" height="10" fill="#000000"/><text x="15" y="8" font-size="8">1</text></svg>"##;
        let png = rasterise(svg).unwrap();
        let img = image::load_from_memory(&png).unwrap().to_rgba8();
        assert_eq!(img.dimensions(), (40, 20));
        assert_eq!(img.get_pixel(10, 10).0, [0, 0, 0, 255]);
        assert_eq!(img.get_pixel(22, 2).0, [255, 255, 255, 255]);
    }

    #[test]
    fn without_any_font_the_picture_is_drawn_without_its_text() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" font-family="sans-serif"><rect width="20" height="10" fill="white"/><text x="2" y="9" font-size="12">88</text></svg>"##;
        let empty = Arc::new(usvg::fontdb::Database::new());
        let png = rasterise_with(svg, empty).unwrap();
        let img = image::load_from_memory(&png).unwrap().to_rgba8();
        assert!(img.pixels().all(|p| p.0 == [255, 255, 255, 255]));
    }

    #[test]
    fn with_the_system_fonts_text_is_drawn() {
        if !has_fonts() {
            eprintln!("skipped: no font installed (apt-get install fonts-dejavu-core)");
            return;
        }
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" font-family="sans-serif"><rect width="20" height="10" fill="white"/><text x="2" y="9" font-size="12">88</text></svg>"##;
        let png = rasterise(svg).unwrap();
        let img = image::load_from_memory(&png).unwrap().to_rgba8();
        assert!(img.pixels().any(|p| p.0[0] < 128));
    }

    #[test]
    fn a_broken_document_is_an_error_not_a_panic() {
        assert!(rasterise("<svg").is_err());
    }
}
