//! The map-changing commands: `place`, `upgrade`, `token`, `phase`, `undo`.
//! Each loads the game, asks `rules` whether the change is legal, records it
//! in the history and writes the file atomically; a refusal writes nothing.

use crate::cli::EditArgs;
use crate::commands::{Internal, display, load_save, write_save};
use anyhow::{Result, anyhow, bail};
use hexroute::game::Game;
use hexroute::geometry::{Coord, Rotation};
use hexroute::rules::{self, Lay, LayKind, Violation};
use hexroute::state::MapState;
use serde_json::json;
use std::path::Path;

/// Loads, changes and writes a saved game. `change` returns the new map and
/// the rules it breaks; broken rules refuse the change unless `--force`.
fn edit(
    custom: Option<&Path>,
    args: &EditArgs,
    change: impl FnOnce(&Game, &MapState) -> Result<(MapState, Vec<Violation>)>,
) -> Result<()> {
    let (game, mut state) = load_save(custom, &args.file)?;
    let name = display(&args.file);
    let (next, violations) = change(&game, &state).map_err(|e| anyhow!("{name}: {e:#}"))?;
    if !violations.is_empty() {
        let text = violations
            .iter()
            .map(|v| format!("{} ({} rule)", v.message, v.rule))
            .collect::<Vec<_>>()
            .join("; ");
        if !args.force {
            bail!("{name}: {text}; use --force to record it anyway");
        }
        eprintln!("hexroute: warning: {name}: recorded despite the rules (--force): {text}");
    }
    state.commit(next, command_line(), utc_now());
    write_save(args.target(), &game, &state)
}

/// The command as typed, for the history (without the program name).
fn command_line() -> String {
    std::env::args()
        .skip(1)
        .map(|a| {
            if a.is_empty() || a.contains(char::is_whitespace) {
                format!("\"{a}\"")
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The current time as `YYYY-MM-DDTHH:MM:SSZ` (UTC), without a date crate.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

fn rotation_arg(r: Option<i64>) -> Result<Option<Rotation>> {
    r.map(|n| {
        Rotation::checked(n).ok_or_else(|| anyhow!("rotation {n} is not 0-5 (clockwise 60° steps)"))
    })
    .transpose()
}

fn company_arg(game: &Game, company: Option<&str>) -> Result<Option<String>> {
    company
        .map(|c| {
            game.company(c)
                .map(|co| co.abbrev.clone())
                .map_err(|e| anyhow!(e))
        })
        .transpose()
}

/// Lays a tile (place or upgrade); without a rotation, the only legal one.
pub fn lay(
    custom: Option<&Path>,
    args: &EditArgs,
    kind: LayKind,
    hex: &str,
    tile: &str,
    rotate: Option<i64>,
    company: Option<&str>,
) -> Result<()> {
    let rotation = rotation_arg(rotate)?;
    edit(custom, args, |game, state| {
        let c = game.hex(hex).map_err(|e| anyhow!(e))?;
        let name = canonical_tile(game, tile)?;
        let company = company_arg(game, company)?;
        let chosen = match rotation {
            Some(rot) => rules::check_lay(game, state, c, kind, &name, rot, company.as_deref())
                .map_err(|e| anyhow!(e))?,
            None => only_rotation(game, state, c, kind, &name, company.as_deref())?,
        };
        let next = match (&chosen.tokens, chosen.apply(state, c)) {
            (Ok(_), Some(next)) => next,
            (Err(why), _) => bail!("hex {}: {why}", game.format(c)),
            (Ok(_), None) => {
                return Err(Internal("a lay with tokens placed did not apply".into()).into());
            }
        };
        Ok((next, chosen.violations))
    })
}

fn canonical_tile(game: &Game, name: &str) -> Result<String> {
    let t = game.tile(name.trim()).map_err(|e| anyhow!(e))?;
    Ok(t.name.clone())
}

/// The single legal rotation, or an error listing the legal ones.
fn only_rotation(
    game: &Game,
    state: &MapState,
    c: Coord,
    kind: LayKind,
    name: &str,
    company: Option<&str>,
) -> Result<Lay> {
    let tile = &game.tiles[name];
    let mut all = Vec::new();
    for rot in rules::distinct_rotations(tile) {
        all.push(
            rules::check_lay(game, state, c, kind, name, rot, company).map_err(|e| anyhow!(e))?,
        );
    }
    let addr = game.format(c);
    let legal: Vec<&Lay> = all.iter().filter(|l| l.is_legal()).collect();
    match legal.as_slice() {
        [one] => Ok((*one).clone()),
        [] => {
            let first = all
                .iter()
                .min_by_key(|l| l.violations.len() + usize::from(l.tokens.is_err()))
                .expect("every tile has a rotation");
            let why = first
                .violations
                .first()
                .map(|v| format!("{} ({} rule)", v.message, v.rule))
                .or_else(|| first.tokens.clone().err())
                .unwrap_or_default();
            bail!(
                "hex {addr}: tile {name} is legal at no rotation, e.g. {why}{}",
                if all.iter().any(|l| l.tokens.is_ok()) {
                    "; use --rotate N with --force to record it anyway"
                } else {
                    ""
                }
            )
        }
        many => {
            // The choices go to standard output; the refusal stays one line.
            for l in many {
                println!("  --rotate {}  {}", l.rotation, tile.describe(l.rotation));
            }
            bail!(
                "hex {addr}: tile {name} is legal at {} rotations ({}); choose one with --rotate",
                many.len(),
                many.iter()
                    .map(|l| l.rotation.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    }
}

/// `upgrade --list`: every legal upgrade of a hex and where its tokens go.
pub fn list_upgrades(
    custom: Option<&Path>,
    file: &Path,
    hex: &str,
    company: Option<&str>,
    as_json: bool,
) -> Result<()> {
    let (game, state) = load_save(custom, file)?;
    let name = display(file);
    let c = game.hex(hex).map_err(|e| anyhow!("{name}: {e}"))?;
    let company = company_arg(&game, company).map_err(|e| anyhow!("{name}: {e}"))?;
    let options = rules::upgrade_options(&game, &state, c, company.as_deref())
        .map_err(|e| anyhow!("{name}: {e}"))?;
    let token_list = |l: &Lay| -> Vec<(usize, String)> {
        l.tokens
            .as_ref()
            .map(|t| t.iter().map(|(s, co)| (*s, co.clone())).collect())
            .unwrap_or_default()
    };
    if as_json {
        let out: Vec<_> = options
            .iter()
            .map(|l| {
                let tile = &game.tiles[&l.tile];
                json!({
                    "tile": l.tile,
                    "rotation": l.rotation.steps(),
                    "colour": tile.colour.name(),
                    "connects": tile.describe(l.rotation),
                    "tokens": token_list(l).iter().map(|(s, co)| json!({
                        "company": co, "space": s, "city": tile.city_of_space(*s),
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    let addr = game.format(c);
    let here = state
        .tile_at(&game, c)
        .map(|(t, r)| format!("tile {} rotation {r}", t.name))
        .unwrap_or_else(|| "no tile".into());
    let place = game
        .location(c)
        .map(|l| format!(" {l}"))
        .unwrap_or_default();
    println!(
        "Upgrades for {addr}{place} ({here}), phase {}:",
        game.phases[state.phase].name
    );
    if options.is_empty() {
        println!("  none");
    }
    for l in &options {
        let tile = &game.tiles[&l.tile];
        let tokens: Vec<String> = token_list(l)
            .iter()
            .map(|(s, co)| format!("{co}→space {s}"))
            .collect();
        println!(
            "  {:<5} --rotate {}  {}{}",
            l.tile,
            l.rotation,
            tile.describe(l.rotation),
            if tokens.is_empty() {
                String::new()
            } else {
                format!("  tokens: {}", tokens.join(", "))
            }
        );
    }
    Ok(())
}

pub fn token(
    custom: Option<&Path>,
    args: &EditArgs,
    hex: &str,
    company: &str,
    space: Option<usize>,
    remove: bool,
) -> Result<()> {
    edit(custom, args, |game, state| {
        let c = game.hex(hex).map_err(|e| anyhow!(e))?;
        let abbrev = game
            .company(company)
            .map_err(|e| anyhow!(e))?
            .abbrev
            .clone();
        let mut next = state.clone();
        let mut hex_state = next.hex_state(c);
        if remove {
            let Some(space) = hex_state
                .tokens
                .iter()
                .find(|(_, co)| **co == abbrev)
                .map(|(s, _)| *s)
            else {
                bail!(
                    "hex {}: {abbrev} has no token there to remove",
                    game.format(c)
                );
            };
            hex_state.tokens.remove(&space);
            next.hexes.insert(c, hex_state);
            return Ok((next, Vec::new()));
        }
        let placement =
            rules::check_token(game, state, c, &abbrev, space).map_err(|e| anyhow!(e))?;
        hex_state.tokens.insert(placement.space, abbrev);
        next.hexes.insert(c, hex_state);
        Ok((next, placement.violations))
    })
}

pub fn phase(custom: Option<&Path>, args: &EditArgs, phase: &str) -> Result<()> {
    edit(custom, args, |game, state| {
        let mut next = state.clone();
        next.phase = game.phase_index(phase).map_err(|e| anyhow!(e))?;
        if next.phase == state.phase {
            bail!(
                "the game is already in phase {}",
                game.phases[state.phase].name
            );
        }
        Ok((next, Vec::new()))
    })
}

pub fn undo(custom: Option<&Path>, args: &EditArgs) -> Result<()> {
    let (game, mut state) = load_save(custom, &args.file)?;
    let name = display(&args.file);
    let Some(change) = state.undo() else {
        bail!("{name}: no recorded change to undo (the history is empty)");
    };
    eprintln!("undid: {}  ({})", change.command, change.time);
    write_save(args.target(), &game, &state)
}
