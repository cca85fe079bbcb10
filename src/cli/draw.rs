//! The drawing commands: `render`, `tiles -o`, `routes --render`. They pick
//! the format, build the picture and write it atomically (a failed write
//! leaves no partial file).

use super::io::{Games, display, display_out, read_input, refuse_picture_over_save, write_bytes};
use super::{Background, Crop, PictureArgs, RenderArgs};
use anyhow::{Result, anyhow, bail};
use hexroute::game::Game;
use hexroute::render::{
    DEFAULT_HEX_SIZE, Format, LaySheet, MapOptions, MapPicture, PairPicture, RouteOverlay,
    TileSheet, encode,
};
use hexroute::routes::report::RoutesReport;
use hexroute::state::MapState;
use std::path::Path;

/// The format asked for by `--format` or by the output's extension, once
/// the output is known to be a place a picture may go (not a saved game):
/// checked before any drawing.
fn format_of(output: &Path, picture: &PictureArgs) -> Result<Format> {
    refuse_picture_over_save(output)?;
    let name = display_out(output);
    match picture.format {
        Some(f) => Ok(f.into()),
        None => Format::from_path(output).ok_or_else(|| {
            anyhow!(
                "{name}: cannot tell the picture format from the file name (end it in .png, .svg or .pdf, or give --format)"
            )
        }),
    }
}

/// A map goes to a picture or to a web page.
enum Target {
    Picture(Format),
    Page,
}

/// `--html` or an `.html` name make a web page; else a picture.
fn target_of(output: &Path, picture: &PictureArgs, html: bool) -> Result<Target> {
    let page_name = output
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
    if (html || page_name) && picture.format.is_none() {
        refuse_picture_over_save(output)?;
        return Ok(Target::Page);
    }
    if html {
        bail!("--html writes a web page; leave out --format");
    }
    format_of(output, picture).map(Target::Picture)
}

pub fn render(games: Games, args: RenderArgs) -> Result<()> {
    let format = target_of(&args.output, &args.picture, args.html)?;
    let size = args.picture.hex_size.unwrap_or(DEFAULT_HEX_SIZE);
    let (game, state) = games.save(&args.file)?;
    let crop = args
        .crop
        .as_ref()
        .map(|c| crop_corners(&game, c))
        .transpose()?;
    let overlay = match &args.routes {
        Some(path) => {
            let name = display(path);
            let report = RoutesReport::from_json(&read_input(path)?)
                .and_then(|r| r.of_file(|f| same_file(Path::new(f), &args.file)))
                .and_then(|r| RouteOverlay::from_report(&game, &state, &r))
                .map_err(|e| e.context(name))?;
            Some(report)
        }
        None => None,
    };
    let options = MapOptions {
        hex_size: size,
        crop,
        transparent: args.background == Background::Transparent,
        coords: !args.no_coords,
        title: None,
        marked: Vec::new(),
    };
    draw_map(
        &game,
        &state,
        options,
        overlay.as_ref(),
        &args.output,
        format,
    )
}

/// True when two names (one from a routes line) name one file: by its
/// identity when both exist, else by name (`-` is standard input).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => display(a) == display(b),
    }
}

fn draw_map(
    game: &Game,
    state: &MapState,
    options: MapOptions,
    overlay: Option<&RouteOverlay>,
    output: &Path,
    target: Target,
) -> Result<()> {
    let bytes = match target {
        Target::Picture(format) => {
            let picture = MapPicture::new(game, state, options, overlay)?;
            let (w, h) = picture.size();
            encode(format, w, h, |cr| picture.draw(cr))
                .map_err(|e| e.context(display_out(output)))?
        }
        Target::Page => hexroute::render::html::page(game, state, options, overlay)?.into_bytes(),
    };
    write_bytes(output, &bytes)
}

/// `C10:N18` → the two corner hexes. Corners need not be on the map, but
/// the range must hold at least one hex.
type Corner = (i32, i32);

pub(super) fn crop_corners(game: &Game, crop: &Crop) -> Result<(Corner, Corner)> {
    let parse = |s: &str| {
        game.coords
            .parse_parts(s)
            .map_err(|e| anyhow!("--crop {crop}: {e}"))
    };
    let (a, b) = (parse(&crop.from)?, parse(&crop.to)?);
    if hexroute::render::crop_hexes(game, a, b).is_empty() {
        bail!("--crop {crop} lies outside the {} map", game.id);
    }
    Ok((a, b))
}

pub fn tile_sheet(game: &Game, output: &Path, picture: &PictureArgs) -> Result<()> {
    let format = format_of(output, picture)?;
    let size = picture.hex_size.unwrap_or(48.0);
    let sheet = TileSheet::new(game, size);
    let (w, h) = sheet.size();
    let bytes =
        encode(format, w, h, |cr| sheet.draw(cr)).map_err(|e| e.context(display_out(output)))?;
    write_bytes(output, &bytes)
}

/// The format of `--list --render FILE`, from its extension: checked
/// before anything is listed, so a bad name lists nothing.
pub fn sheet_format(output: &Path) -> Result<Format> {
    let picture = PictureArgs {
        hex_size: None,
        format: None,
    };
    format_of(output, &picture)
}

/// `place --list --render`: the legal lays of a hex, drawn as a sheet.
pub fn lay_sheet(sheet: &LaySheet, format: Format, output: &Path) -> Result<()> {
    let (w, h) = sheet.size();
    let bytes = encode(format, w, h, |cr| sheet.draw(cr))?;
    write_bytes(output, &bytes)
}

/// `routes --render`: the routes just found, drawn over the full map.
pub fn render_routes(
    game: &Game,
    state: &MapState,
    report: &RoutesReport,
    output: &Path,
    picture: &PictureArgs,
    marked: &[hexroute::geometry::Coord],
) -> Result<()> {
    let format = target_of(output, picture, false)?;
    let overlay = RouteOverlay::from_report(game, state, report)?;
    let options = MapOptions {
        hex_size: picture.hex_size.unwrap_or(DEFAULT_HEX_SIZE),
        marked: marked.to_vec(),
        ..MapOptions::default()
    };
    draw_map(game, state, options, Some(&overlay), output, format)
}

/// `review --action N --render`: the player's routes (left) and the best
/// (right) over the map just before the run.
pub fn render_run(
    game: &Game,
    run: &hexroute::review::RunRoutes,
    output: &Path,
    format: Format,
    crop: Option<(Corner, Corner)>,
) -> Result<()> {
    let overlay = |c: &hexroute::routes::report::CompanyRoutes| {
        RouteOverlay::from_report(game, &run.state, &RoutesReport::One(c.clone()))
    };
    let (ran, best) = (overlay(&run.ran)?, overlay(&run.best)?);
    let phase = &game.phases[run.state.phase].name;
    let options = |title: String| MapOptions {
        title: Some(title),
        crop,
        ..MapOptions::default()
    };
    let left = MapPicture::new(
        game,
        &run.state,
        options(format!(
            "{} — action {}, phase {phase}: {} ran ${}",
            game.id, run.action, run.ran.company, run.ran.total
        )),
        Some(&ran),
    )?;
    let right = MapPicture::new(
        game,
        &run.state,
        options(format!(
            "{} — action {}: the best, ${} (${} more)",
            game.id,
            run.action,
            run.best.total,
            i64::from(run.best.total) - i64::from(run.ran.total)
        )),
        Some(&best),
    )?;
    let pair = PairPicture { left, right };
    let (w, h) = pair.size();
    let bytes =
        encode(format, w, h, |cr| pair.draw(cr)).map_err(|e| e.context(display_out(output)))?;
    write_bytes(output, &bytes)
}
