//! Sheets of tiles in a grid under a title: every player tile of a game
//! (`tiles -o`) and the legal lays of one hex (`place --list --render`),
//! drawn by one layout so both read alike.

use super::tile::{TileExtras, draw_tile, font, hex_path, text};
use super::{Pt, baseline_text, r_line, set, token_look};
use crate::error::Result;
use crate::game::Game;
use crate::geometry::{Coord, Rotation};
use crate::rules::Lay;
use crate::tile::Tile;
use cairo::Context;

/// Cells of one tile each, in rows under a band for the title and notes.
struct Grid {
    r: f64,
    columns: usize,
    cells: usize,
    /// Height of the band above the first row.
    header: f64,
}

impl Grid {
    /// Title band of a sheet with `notes` lines under its title.
    fn new(r: f64, columns: usize, cells: usize, notes: usize) -> Grid {
        Grid {
            r,
            columns,
            cells,
            header: r * 0.9 + r * NOTE_LINE * notes as f64,
        }
    }

    fn cell(&self) -> (f64, f64) {
        (self.r * 2.3, self.r * 2.45)
    }

    /// Canvas size: the grid (at least `min_width` wide).
    fn size(&self, min_width: f64) -> (i32, i32) {
        let rows = self.cells.div_ceil(self.columns);
        let (cw, ch) = self.cell();
        let cols = self.cells.min(self.columns);
        let width = (cw * cols as f64 + self.r * 0.4).max(min_width);
        (
            width.ceil() as i32,
            (self.header + ch * rows as f64).ceil() as i32,
        )
    }

    fn centre(&self, k: usize) -> Pt {
        let (cw, ch) = self.cell();
        let (col, row) = (k % self.columns, k / self.columns);
        (
            self.r * 0.2 + cw * (col as f64 + 0.5),
            self.header + ch * row as f64 + self.r * 1.05,
        )
    }

    /// White canvas and the title at the top left.
    fn background(&self, cr: &Context, (w, h): (i32, i32), title: &str) -> Result<()> {
        cr.rectangle(0.0, 0.0, f64::from(w), f64::from(h));
        set(cr, (1.0, 1.0, 1.0));
        cr.fill()?;
        let r = self.r;
        baseline_text(cr, title, (r * 0.3, r * 0.5), r * 0.3, true)
    }

    /// Tile `tile` at `rot` in cell `k`, outlined, with `caption` under it.
    fn draw_cell(
        &self,
        cr: &Context,
        k: usize,
        (tile, rot): (&Tile, Rotation),
        extras: &TileExtras,
        caption: &str,
        game: &Game,
    ) -> Result<()> {
        let r = self.r;
        let centre = self.centre(k);
        let f = super::HexFrame {
            centre,
            radius: r,
            orientation: game.coords.orientation,
        };
        draw_tile(cr, tile, rot, &f, extras)?;
        hex_path(cr, &f);
        set(cr, (0.35, 0.35, 0.35));
        cr.set_line_width(r_line(r));
        cr.stroke()?;
        text(
            cr,
            caption,
            (centre.0, centre.1 + r * 1.2),
            r * 0.24,
            (0.0, 0.0, 0.0),
            true,
        )
    }
}

/// Height of one line of notes, in hex radii.
const NOTE_LINE: f64 = 0.4;

/// A sheet of every player tile of a game, with its name and count.
pub struct TileSheet<'a> {
    game: &'a Game,
    grid: Grid,
}

impl<'a> TileSheet<'a> {
    pub fn new(game: &'a Game, hex_size: f64) -> TileSheet<'a> {
        TileSheet {
            game,
            grid: Grid::new(hex_size, 10, game.tile_counts.len(), 0),
        }
    }

    pub fn size(&self) -> (i32, i32) {
        self.grid.size(0.0)
    }

    pub fn draw(&self, cr: &Context) -> Result<()> {
        let title = format!("{} — tiles", self.game.name);
        self.grid.background(cr, self.size(), &title)?;
        for (k, (name, count)) in self.game.tile_counts.iter().enumerate() {
            let t = &self.game.tiles[name];
            let caption = format!("{name} ×{count}");
            let tile = (t, Rotation::ZERO);
            let extras = TileExtras::default();
            self.grid
                .draw_cell(cr, k, tile, &extras, &caption, self.game)?;
        }
        Ok(())
    }
}

/// The legal lays of one hex, each tile drawn at its rotation with its
/// tokens where they would go, captioned `57 r1 $0` (tile, rotation, cost);
/// with none, the reasons why under the title.
pub struct LaySheet<'a> {
    game: &'a Game,
    c: Coord,
    lays: &'a [Lay],
    title: String,
    notes: Vec<String>,
    grid: Grid,
}

impl<'a> LaySheet<'a> {
    /// A sheet of `lays` on hex `c`, headed `title`, with `notes` lines
    /// (the reasons when there is no lay).
    pub fn new(
        game: &'a Game,
        c: Coord,
        lays: &'a [Lay],
        title: String,
        notes: Vec<String>,
        hex_size: f64,
    ) -> LaySheet<'a> {
        let grid = Grid::new(hex_size, 6, lays.len(), notes.len());
        LaySheet {
            game,
            c,
            lays,
            title,
            notes,
            grid,
        }
    }

    /// The caption under a lay: tile, rotation and cost.
    pub fn caption(lay: &Lay) -> String {
        format!("{} r{} ${}", lay.tile, lay.rotation, lay.cost.amount)
    }

    pub fn size(&self) -> (i32, i32) {
        let r = self.grid.r;
        let widest = std::iter::once((self.title.as_str(), r * 0.3, true))
            .chain(
                self.notes
                    .iter()
                    .map(|n| (n.as_str(), r * NOTE_SIZE, false)),
            )
            .map(|(s, size, bold)| text_width(s, size, bold))
            .fold(0.0, f64::max);
        self.grid.size(widest + r * 0.6)
    }

    pub fn draw(&self, cr: &Context) -> Result<()> {
        let r = self.grid.r;
        self.grid.background(cr, self.size(), &self.title)?;
        for (i, note) in self.notes.iter().enumerate() {
            let y = r * 0.9 + r * NOTE_LINE * (i as f64 + 0.6);
            baseline_text(cr, note, (r * 0.3, y), r * NOTE_SIZE, false)?;
        }
        let hex_labels = &self.game.hexes[&self.c].labels;
        for (k, lay) in self.lays.iter().enumerate() {
            let tile = &self.game.tiles[&lay.tile];
            let tokens = lay
                .tokens
                .iter()
                .flatten()
                .map(|(space, co)| (*space, token_look(self.game, co)))
                .collect();
            let extras = TileExtras {
                tokens,
                hex_labels,
                ..TileExtras::default()
            };
            let caption = Self::caption(lay);
            self.grid
                .draw_cell(cr, k, (tile, lay.rotation), &extras, &caption, self.game)?;
        }
        Ok(())
    }
}

/// Font size of the notes, in hex radii.
const NOTE_SIZE: f64 = 0.24;

/// How wide `s` is drawn, measured on a scratch surface: notes can be
/// longer than the grid is wide.
fn text_width(s: &str, size: f64, bold: bool) -> f64 {
    let Ok(surface) = cairo::ImageSurface::create(cairo::Format::ARgb32, 1, 1) else {
        return 0.0;
    };
    let Ok(cr) = Context::new(&surface) else {
        return 0.0;
    };
    font(&cr, size, bold);
    cr.text_extents(s).map(|e| e.x_advance()).unwrap_or(0.0)
}
