//! The drawing commands: `render`, `tiles -o`, `routes --render`. They pick
//! the format, build the picture and write it atomically (a failed write
//! leaves no partial file).

use crate::cli::{PictureArgs, RenderArgs};
use crate::commands::{display, display_out, load_save, read_input};
use anyhow::{Context, Result, anyhow, bail};
use hexroute::game::Game;
use hexroute::render::{
    DEFAULT_HEX_SIZE, Format, MapOptions, MapPicture, RouteOverlay, RoutePath, StopMark, TileSheet,
    encode,
};
use hexroute::routes::network::StopKind;
use hexroute::save;
use hexroute::state::MapState;
use serde_json::Value;
use std::path::Path;

/// The format asked for by `--format` or by the output's extension.
fn format_of(output: &Path, picture: &PictureArgs) -> Result<Format> {
    let name = display_out(output);
    match &picture.format {
        Some(f) => Format::parse(f)
            .ok_or_else(|| anyhow!("{name}: unknown picture format \"{f}\" (use png, svg or pdf)")),
        None => Format::from_path(output).ok_or_else(|| {
            anyhow!(
                "{name}: cannot tell the picture format from the file name (end it in .png, .svg or .pdf, or give --format)"
            )
        }),
    }
}

fn hex_size(picture: &PictureArgs) -> Result<f64> {
    let size = picture.hex_size.unwrap_or(DEFAULT_HEX_SIZE);
    if !(4.0..=400.0).contains(&size) {
        bail!("--hex-size {size} is out of range (4 to 400 pixels)");
    }
    Ok(size)
}

fn write_picture(output: &Path, bytes: &[u8]) -> Result<()> {
    save::write_atomic(output, bytes).with_context(|| display_out(output))
}

pub fn render_cmd(custom: Option<&Path>, args: RenderArgs) -> Result<()> {
    let format = format_of(&args.output, &args.picture)?;
    let size = hex_size(&args.picture)?;
    let (game, state) = load_save(custom, &args.file)?;
    let crop = match &args.crop {
        Some(text) => Some(parse_crop(&game, text)?),
        None => None,
    };
    let overlay = match &args.routes {
        Some(path) => {
            let text = read_input(path)?;
            let name = display(path);
            let value: Value =
                serde_json::from_str(&text).map_err(|e| anyhow!("{name}: not routes JSON: {e}"))?;
            Some(overlay_from_json(&game, &value).map_err(|e| anyhow!("{name}: {e}"))?)
        }
        None => None,
    };
    let options = MapOptions {
        hex_size: size,
        crop,
        transparent: args.background == "transparent",
        coords: !args.no_coords,
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

fn draw_map(
    game: &Game,
    state: &MapState,
    options: MapOptions,
    overlay: Option<&RouteOverlay>,
    output: &Path,
    format: Format,
) -> Result<()> {
    let picture = MapPicture::new(game, state, options, overlay).map_err(|e| anyhow!(e))?;
    let (w, h) = picture.size();
    let bytes = encode(format, w, h, |cr| picture.draw(cr)).map_err(|e| anyhow!(e))?;
    write_picture(output, &bytes)
}

/// `C10:N18` → the two corner hexes. Corners need not be on the map, but
/// the range must hold at least one hex.
type Corner = (i32, i32);

fn parse_crop(game: &Game, text: &str) -> Result<(Corner, Corner)> {
    let (a, b) = text
        .split_once(':')
        .ok_or_else(|| anyhow!("--crop {text}: expected two corners like C10:N18"))?;
    let parse = |s: &str| {
        game.coords
            .parse_parts(s)
            .map_err(|e| anyhow!("--crop {text}: {e}"))
    };
    let (a, b) = (parse(a)?, parse(b)?);
    if hexroute::render::crop_hexes(game, a, b).is_empty() {
        bail!("--crop {text} lies outside the {} map", game.id);
    }
    Ok((a, b))
}

pub fn tile_sheet(game: &Game, output: &Path, picture: &PictureArgs) -> Result<()> {
    let format = format_of(output, picture)?;
    let size = picture
        .hex_size
        .map(|_| hex_size(picture))
        .transpose()?
        .unwrap_or(48.0);
    let sheet = TileSheet::new(game, size);
    let (w, h) = sheet.size();
    let bytes = encode(format, w, h, |cr| sheet.draw(cr)).map_err(|e| anyhow!(e))?;
    write_picture(output, &bytes)
}

/// `routes --render`: the routes just found, drawn over the full map.
pub fn render_routes(
    game: &Game,
    state: &MapState,
    routes_json: &Value,
    output: &Path,
    picture: &PictureArgs,
) -> Result<()> {
    let format = format_of(output, picture)?;
    let overlay = overlay_from_json(game, routes_json).map_err(|e| anyhow!(e))?;
    let options = MapOptions {
        hex_size: hex_size(picture)?,
        ..MapOptions::default()
    };
    draw_map(game, state, options, Some(&overlay), output, format)
}

/// Reads `hexroute routes --json` output (one company, or an array from `--all`).
pub fn overlay_from_json(game: &Game, v: &Value) -> Result<RouteOverlay, String> {
    let list: Vec<&Value> = match v {
        Value::Array(items) => items.iter().collect(),
        other => vec![other],
    };
    let mut companies = Vec::new();
    let mut total = 0;
    let mut routes = Vec::new();
    for company in list {
        let name = company["company"]
            .as_str()
            .ok_or("routes JSON lacks \"company\"")?;
        total += company["total"]
            .as_u64()
            .ok_or("routes JSON lacks \"total\"")? as u32;
        companies.push(name.to_string());
        let several = matches!(v, Value::Array(a) if a.len() > 1);
        for r in company["routes"]
            .as_array()
            .ok_or("routes JSON lacks \"routes\"")?
        {
            let hex = |h: &Value| -> Result<_, String> {
                game.hex(h.as_str().ok_or("a hex must be a string")?)
            };
            let hexes = r["hexes"]
                .as_array()
                .ok_or("a route lacks \"hexes\"")?
                .iter()
                .map(hex)
                .collect::<Result<Vec<_>, _>>()?;
            let mut stops = Vec::new();
            for s in r["stops"].as_array().ok_or("a route lacks \"stops\"")? {
                let index = s["index"].as_u64().unwrap_or(0) as usize;
                let kind = match s["kind"].as_str() {
                    Some("town") => StopKind::Town(index),
                    _ => StopKind::City(index),
                };
                stops.push(StopMark {
                    hex: hex(&s["hex"])?,
                    kind,
                    skipped: s["skipped"].as_bool().unwrap_or(false),
                });
            }
            let train = r["train"].as_str().unwrap_or("?");
            routes.push(RoutePath {
                train: if several {
                    format!("{name} {train}")
                } else {
                    train.to_string()
                },
                revenue: r["revenue"].as_u64().unwrap_or(0) as u32,
                hexes,
                stops,
            });
        }
    }
    Ok(RouteOverlay {
        company: companies.join(" + "),
        total,
        routes,
    })
}
