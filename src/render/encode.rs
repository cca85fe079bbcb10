//! Encoding a drawing as PNG, SVG or PDF: the one place that makes cairo
//! surfaces, so every picture (map, routes, tile sheet, web page) comes out
//! of the same drawing code whatever the format.

use crate::error::Error;
use cairo::Context;

/// Output formats; all come from the same drawing code.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Png,
    Svg,
    Pdf,
}

impl Format {
    pub fn parse(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "png" => Some(Format::Png),
            "svg" => Some(Format::Svg),
            "pdf" => Some(Format::Pdf),
            _ => None,
        }
    }

    /// The format a file name asks for by its extension.
    pub fn from_path(path: &std::path::Path) -> Option<Format> {
        path.extension()
            .and_then(|e| e.to_str())
            .and_then(Format::parse)
    }
}

/// The most pixels cairo's image surfaces take on a side.
pub const MAX_PNG_SIDE: i32 = 32767;

/// Draws with `draw` on a `width`×`height` canvas and encodes it. An error
/// of `draw` (a cairo call that failed) is returned as it is.
pub fn encode(
    format: Format,
    width: i32,
    height: i32,
    draw: impl FnOnce(&Context) -> Result<(), Error>,
) -> Result<Vec<u8>, Error> {
    // A surface cairo cannot make is almost always one too large for it.
    let err = |e: cairo::Error| Error::Invalid(format!("drawing failed: {e}"));
    if format == Format::Png && (width > MAX_PNG_SIDE || height > MAX_PNG_SIDE) {
        return Err(Error::Invalid(format!(
            "the picture would be {width} × {height} pixels, and a PNG may be at most {MAX_PNG_SIDE} pixels a side (cairo's limit); draw fewer routes, give a smaller --hex-size, or write SVG or PDF"
        )));
    }
    let (w, h) = (f64::from(width), f64::from(height));
    // Vector surfaces write into an in-memory stream, finished below.
    let vector: cairo::Surface = match format {
        Format::Png => {
            let surface =
                cairo::ImageSurface::create(cairo::Format::ARgb32, width, height).map_err(err)?;
            {
                let cr = Context::new(&surface).map_err(err)?;
                draw(&cr)?;
            }
            let mut out = Vec::new();
            surface
                .write_to_png(&mut out)
                .map_err(|e| Error::Internal(format!("PNG encoding failed: {e}")))?;
            return Ok(out);
        }
        Format::Svg => {
            (*cairo::SvgSurface::for_stream(w, h, Vec::<u8>::new()).map_err(err)?).clone()
        }
        Format::Pdf => {
            (*cairo::PdfSurface::for_stream(w, h, Vec::<u8>::new()).map_err(err)?).clone()
        }
    };
    finish_vector(&vector, draw)
}

fn finish_vector(
    surface: &cairo::Surface,
    draw: impl FnOnce(&Context) -> Result<(), Error>,
) -> Result<Vec<u8>, Error> {
    {
        let cr =
            Context::new(surface).map_err(|e| Error::Invalid(format!("drawing failed: {e}")))?;
        draw(&cr)?;
    }
    let stream = surface
        .finish_output_stream()
        .map_err(|e| Error::Internal(format!("writing failed: {}", e.error)))?;
    stream
        .downcast::<Vec<u8>>()
        .map(|b| *b)
        .map_err(|_| Error::Internal("writing failed: unexpected stream".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_drawing_call_is_returned_not_drawn_over() {
        for format in [Format::Png, Format::Svg, Format::Pdf] {
            // A restore without a save: cairo refuses it.
            let e = encode(format, 10, 10, |cr| Ok(cr.restore()?)).unwrap_err();
            assert!(e.is_internal(), "{format:?}: {e}");
        }
    }
}
