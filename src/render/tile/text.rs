//! Text on the map: fonts, names fitted to their room, and text set aside
//! to be drawn above everything else.

use super::super::{Rgb, set};
use super::{BLACK, Pt, Rect};
use crate::error::Result;
use cairo::Context;

/// A location name on a pale band (`b`) so it stays readable over track.
pub(super) fn name_tag(cr: &Context, lines: &[String], size: f64, at: Pt, b: Rect) -> Result<()> {
    cr.rectangle(b.0, b.1, b.2 - b.0, b.3 - b.1);
    cr.set_source_rgba(1.0, 1.0, 1.0, 0.75);
    cr.fill()?;
    let line_h = size * 1.2;
    let top = at.1 - line_h * (lines.len() as f64 - 1.0) / 2.0;
    for (i, line) in lines.iter().enumerate() {
        text(
            cr,
            line,
            (at.0, top + line_h * i as f64),
            size,
            BLACK,
            false,
        )?;
    }
    Ok(())
}

/// The lines and size a name is set in to fit `room`: one line, shrunk to
/// no less than 70 %; else two lines split at the space nearest the middle.
pub fn fit_name(cr: &Context, name: &str, size: f64, room: f64) -> (Vec<String>, f64) {
    let width_at = |s: &str, size: f64| {
        font(cr, size, false);
        cr.text_extents(s).map(|e| e.width()).unwrap_or(0.0)
    };
    let widest =
        |lines: &[&str], size: f64| lines.iter().map(|l| width_at(l, size)).fold(0.0, f64::max);
    // Text does not scale exactly with its size (hinting): step down
    // until it fits.
    let shrink = |lines: &[&str]| {
        let mut s = size * (room / widest(lines, size)).min(1.0);
        while s > size * 0.2 && widest(lines, s) > room {
            s *= 0.97;
        }
        s
    };
    let one = shrink(&[name]);
    let split = name
        .char_indices()
        .filter(|(_, c)| *c == ' ')
        .min_by_key(|(i, _)| i.abs_diff(name.len() / 2))
        .map(|(i, _)| i);
    match split {
        Some(i) if one < size * 0.7 => {
            let lines = [&name[..i], &name[i + 1..]];
            (
                lines.iter().map(|l| l.to_string()).collect(),
                shrink(&lines),
            )
        }
        _ => (vec![name.to_string()], one),
    }
}

pub fn font(cr: &Context, size: f64, bold: bool) {
    cr.select_font_face(
        "Sans",
        cairo::FontSlant::Normal,
        if bold {
            cairo::FontWeight::Bold
        } else {
            cairo::FontWeight::Normal
        },
    );
    cr.set_font_size(size);
}

/// A piece of text a web page sets as SVG text instead of outlines:
/// where its baseline starts (`x` the middle of its advance when
/// `middle`), its size, weight and colour, and how much it is narrowed.
#[derive(Clone, Debug, PartialEq)]
pub struct TextItem {
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub size: f64,
    pub bold: bool,
    pub colour: Rgb,
    pub middle: bool,
    pub squeeze: f64,
}

thread_local! {
    static SET_ASIDE: std::cell::RefCell<Option<Vec<TextItem>>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `draw` with every piece of text set aside instead of drawn, and
/// returns them (a web page writes them as text, so a browser finds them).
pub fn with_text_set_aside<T>(draw: impl FnOnce() -> T) -> (T, Vec<TextItem>) {
    SET_ASIDE.with(|s| *s.borrow_mut() = Some(Vec::new()));
    let out = draw();
    let items = SET_ASIDE
        .with(|s| s.borrow_mut().take())
        .unwrap_or_default();
    (out, items)
}

/// Sets `item` aside when a page is being drawn; false when it must be
/// drawn.
fn set_aside(cr: &Context, mut item: TextItem) -> bool {
    SET_ASIDE.with(|s| match s.borrow_mut().as_mut() {
        Some(items) => {
            let (x, y) = cr.user_to_device(item.x, item.y);
            item.x = x;
            item.y = y;
            items.push(item);
            true
        }
        None => false,
    })
}

/// Text centred on `at`.
pub fn text(cr: &Context, s: &str, at: Pt, size: f64, colour: Rgb, bold: bool) -> Result<()> {
    centred_text(cr, s, at, (size, bold), colour, 1.0)
}

/// Bold text centred on `at`, narrowed to `squeeze` of its width.
pub(super) fn squeezed_text(
    cr: &Context,
    s: &str,
    at: Pt,
    size: f64,
    colour: Rgb,
    squeeze: f64,
) -> Result<()> {
    centred_text(cr, s, at, (size, true), colour, squeeze)
}

fn centred_text(
    cr: &Context,
    s: &str,
    at: Pt,
    (size, bold): (f64, bool),
    colour: Rgb,
    squeeze: f64,
) -> Result<()> {
    font(cr, size, bold);
    let ext = cr.text_extents(s)?;
    let left = at.0 - (ext.width() / 2.0 + ext.x_bearing()) * squeeze;
    let baseline = at.1 - ext.height() / 2.0 - ext.y_bearing();
    let item = TextItem {
        text: s.to_string(),
        x: left + ext.x_advance() * squeeze / 2.0,
        y: baseline,
        size,
        bold,
        colour,
        middle: true,
        squeeze,
    };
    if set_aside(cr, item) {
        return Ok(());
    }
    set(cr, colour);
    cr.save()?;
    cr.translate(left, baseline);
    cr.scale(squeeze, 1.0);
    cr.move_to(0.0, 0.0);
    cr.show_text(s)?;
    cr.restore()?;
    Ok(())
}

/// Black text starting at `at`, which is on its baseline.
pub(crate) fn baseline_text(cr: &Context, s: &str, at: Pt, size: f64, bold: bool) -> Result<()> {
    font(cr, size, bold);
    let item = TextItem {
        text: s.to_string(),
        x: at.0,
        y: at.1,
        size,
        bold,
        colour: BLACK,
        middle: false,
        squeeze: 1.0,
    };
    if set_aside(cr, item) {
        return Ok(());
    }
    set(cr, BLACK);
    cr.move_to(at.0, at.1);
    cr.show_text(s)?;
    Ok(())
}
