//! The commands that write a saved game: `new` and `import` make one;
//! `place`, `upgrade`, `token`, `phase` and `undo` change one. Each change
//! asks `rules` whether it is legal, is recorded in the history and is
//! written atomically; a refusal writes nothing.

use super::io::{
    EditLock, Games, LOCK_WAIT, display, if_exists, is_file, print_json, refuse_edit_over_other,
    refuse_overwrite, same_file, write_save,
};
use super::term::{say, tell};
use super::{EditArgs, LayArgs, draw};
use anyhow::{Context, Result, anyhow, bail};
use hexroute::atomic::IfExists;
use hexroute::edit::{self as edits, Edit};
use hexroute::game::{self, CompanyId, Game};
use hexroute::geometry::{Coord, Rotation};
use hexroute::play::{Event, SizeTokens};
use hexroute::render::LaySheet;
use hexroute::report::{CostPart, LayReport, Token};
use hexroute::rules::refusals;
use hexroute::rules::{self, Lay, LayBy, LayKind, Site};
use hexroute::state::{Drift, MapState, SavedGame};
use hexroute::{Error, import as convert, save};
use std::path::Path;

/// `new`: the printed map in the first phase.
pub fn new(games: Games, id: &str, output: &Path, force: bool) -> Result<()> {
    let game = games.game(id)?;
    refuse_overwrite(output, force)?;
    write_save(
        output,
        &game,
        &MapState::start(&game).into(),
        if_exists(force),
    )
}

/// `import` of a rusty_train / navig18xx save, converted.
pub fn import_rusty(
    games: Games,
    input: &Path,
    text: &str,
    output: &Path,
    force: bool,
) -> Result<()> {
    let name = display(input);
    let full = convert::game_name(text).map_err(|e| e.context(&name))?;
    let game = match games.file {
        Some(path) => game::from_file(path)?,
        None => game::builtin_ids()
            .into_iter()
            .map(|id| game::builtin(id).map_err(|e| Error::Internal(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .find(|g| g.import.name == full || g.id == full)
            .ok_or_else(|| {
                anyhow!("{name}: the save is for \"{full}\", which hexroute does not know")
            })?,
    };
    let imported = convert::import(text, &game).map_err(|e| e.context(&name))?;
    for warning in &imported.warnings {
        tell!("hexroute: warning: {name}: {warning}");
    }
    let saved = SavedGame::from(imported.state);
    // Structural checks (token spaces, companies) are the saved-game loader's.
    save::from_json(&save::to_json(&saved, &game), &game).map_err(|e| e.context(&name))?;
    refuse_overwrite(output, force)?;
    write_save(output, &game, &saved, if_exists(force))
}

/// Loads, changes and writes a saved game. `change` says what it does;
/// broken rules refuse it unless `--force`, `--dry-run` writes nothing, and
/// the confirmation goes to standard error unless `--quiet`.
pub(super) fn edit(
    games: Games,
    args: &EditArgs,
    change: impl FnOnce(&Game, &MapState) -> Result<Edit>,
) -> Result<()> {
    let Opened {
        _lock,
        game,
        mut saved,
        name,
    } = open_for_edit(games, args)?;
    // Context, not a new error: a fault of hexroute keeps its exit code 1.
    let made = change(&game, &saved.state).with_context(|| name.clone())?;
    let mut forced = None;
    if !made.violations.is_empty() {
        let text = made
            .violations
            .iter()
            .map(|v| format!("{} ({} rule)", v.message, v.rule))
            .collect::<Vec<_>>()
            .join("; ");
        if !args.force {
            bail!("{name}: {text}; use --force to record it anyway");
        }
        forced = Some(text);
    }
    let now = utc_now();
    let mut said = made.said;
    if saved.hand_edits(&now).is_some() {
        said.push_str("; the hand edit made since the last change is recorded first");
    }
    saved.commit(made.next, command_line(), now);
    finish(args, &game, &saved, &said)?;
    // Only once the file is written: a failed write records nothing.
    if let Some(text) = forced {
        let what = if args.dry_run {
            "would be recorded"
        } else {
            "recorded"
        };
        tell!("hexroute: warning: {name}: {what} despite the rules (--force): {text}");
    }
    Ok(())
}

/// Writes the changed game (unless `--dry-run`) and confirms.
fn finish(args: &EditArgs, game: &Game, saved: &SavedGame, said: &str) -> Result<()> {
    if args.dry_run {
        // Still prove the result would save and load back.
        save::from_json(&save::to_json(saved, game), game)
            .map_err(|e| Error::Internal(format!("the changed game does not reload: {e}")))?;
    } else {
        // An edit replaces its save (or, with -o, a file it has locked).
        write_save(args.target(), game, saved, IfExists::Replace)?;
    }
    if !args.quiet {
        let prefix = if args.dry_run {
            "dry run, not written: "
        } else {
            ""
        };
        tell!("{prefix}{said}");
    }
    Ok(())
}

/// A saved game opened to be changed: the lock held until it is written
/// (dropped with this), the game, its state and its name for messages.
struct Opened {
    _lock: Vec<EditLock>,
    game: Game,
    saved: SavedGame,
    name: String,
}

/// What every editing command does first: lock the file, refuse an `-o`
/// that would replace a file that is not a save, and load the game.
fn open_for_edit(games: Games, args: &EditArgs) -> Result<Opened> {
    let lock = lock_for_edit(args)?;
    refuse_edit_over_other(args.target(), args.force)?;
    let (game, saved) = games.saved(&args.file)?;
    Ok(Opened {
        _lock: lock,
        game,
        saved,
        name: display(&args.file),
    })
}

/// An edit holds the lock of its input from reading to writing, so edits
/// run at once (a script's batch) each see the one before. `-o` naming the
/// input by another spelling (an absolute path, `../`, a symbolic link) is
/// an edit in place: files are compared by identity, not by name. `-o`
/// naming another existing file locks that too, so an edit in place of it
/// takes turns with this one instead of slipping between our check and our
/// write.
fn lock_for_edit(args: &EditArgs) -> Result<Vec<EditLock>> {
    let target = args.target();
    let mut paths = Vec::new();
    if is_file(&args.file) {
        paths.push(args.file.as_path());
    }
    if is_file(target) && !same_file(&args.file, target) {
        paths.push(target);
    }
    EditLock::take_all(&paths, LOCK_WAIT)
}

/// The command as typed, for the history (without the program name). A
/// file name that is not UTF-8 is recorded with replacement characters.
fn command_line() -> String {
    std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
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

/// The current time as `YYYY-MM-DDTHH:MM:SSZ` (UTC), for the history.
fn utc_now() -> String {
    utc_stamp(jiff::Timestamp::now())
}

fn utc_stamp(t: jiff::Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// `--rotate`, already checked by clap to be 0-5.
fn rotation_arg(r: Option<u8>) -> Option<Rotation> {
    r.map(|n| Rotation::new(n.into()))
}

fn company_arg(game: &Game, company: Option<&str>) -> Result<Option<CompanyId>> {
    company
        .map(|c| {
            game.company(c)
                .map(|co| co.abbrev.clone())
                .map_err(anyhow::Error::from)
        })
        .transpose()
}

/// `place` and `upgrade`: a lay, or with `--list` the legal ones.
pub fn lay_command(games: Games, args: &LayArgs, kind: LayKind) -> Result<()> {
    match (&args.tile, args.list) {
        (_, true) => list_lays(games, args, kind),
        (Some(tile), false) => lay(games, args, kind, tile),
        (None, false) => bail!("give a tile name (or --list)"),
    }
}

/// Who lays: the company (for its tile-lay rule) and the private used.
fn lay_by<'g>(
    game: &'g Game,
    company: &'g Option<CompanyId>,
    private: Option<&str>,
) -> Result<LayBy<'g>> {
    Ok(LayBy {
        company: company.as_ref(),
        private: private
            .map(|p| game.acting_private(p))
            .transpose()?
            .flatten(),
    })
}

/// Lays a tile (place or upgrade); without a rotation, the only legal one.
fn lay(games: Games, args: &LayArgs, kind: LayKind, tile: &str) -> Result<()> {
    if args.json && args.edit.target().as_os_str() == "-" {
        bail!("--json prints to standard output, where the game is written; give -o FILE");
    }
    let rotation = rotation_arg(args.rotate);
    let mut made: Option<LayReport> = None;
    edit(games, &args.edit, |game, state| {
        let c = game.hex(&args.hex)?;
        let name = canonical_tile(game, tile)?;
        let company = company_arg(game, args.company.as_deref())?;
        let by = lay_by(game, &company, args.private.as_deref())?;
        let site = Site {
            game,
            state,
            c,
            kind,
            by,
        };
        let rotation = match rotation {
            Some(rot) => rot,
            None => only_rotation(site, &name)?,
        };
        let (edit, chosen) = edits::lay(site, &name, rotation)?;
        made = Some(lay_json(game, &game.format(c), &chosen));
        Ok(edit)
    })?;
    let json = made.ok_or_else(|| Error::Internal("a lay was written unmade".into()))?;
    if args.json {
        return print_json(&json);
    }
    Ok(())
}

/// A lay for scripts: what `place --json`, `upgrade --json` and `--list
/// --json` print.
fn lay_json(game: &Game, addr: &str, l: &Lay) -> LayReport {
    let tile = &game.tiles[&l.tile];
    let tokens = l
        .tokens
        .iter()
        .flatten()
        .map(|(s, co)| Token {
            company: co.to_string(),
            hex: addr.to_string(),
            space: *s,
            city: tile.city_of_space(*s),
        })
        .collect();
    LayReport {
        hex: addr.to_string(),
        tile: l.tile.to_string(),
        rotation: l.rotation.steps(),
        colour: tile.colour.name().to_string(),
        connects: tile.describe(l.rotation, game.coords.orientation),
        tokens,
        cost: l.cost.amount,
        cost_parts: l
            .cost
            .parts
            .iter()
            .map(|(what, n)| CostPart {
                what: what.clone(),
                amount: *n,
            })
            .collect(),
    }
}

fn canonical_tile(game: &Game, name: &str) -> Result<String> {
    let t = game.tile(name.trim())?;
    Ok(t.name.to_string())
}

/// The single legal rotation, or an error listing the legal ones.
fn only_rotation(site: Site, name: &str) -> Result<Rotation> {
    let Site { game, c, .. } = site;
    let tile = &game.tiles[name];
    let mut all = Vec::new();
    for rot in rules::distinct_rotations(tile) {
        all.push(rules::check_lay(site, name, rot)?);
    }
    let addr = game.format(c);
    let legal: Vec<&Lay> = all.iter().filter(|l| l.is_legal()).collect();
    match legal.as_slice() {
        [one] => Ok(one.rotation),
        [] => {
            let first = all
                .iter()
                .min_by_key(|l| l.violations.len() + usize::from(l.tokens.is_err()))
                .expect("every tile has a rotation");
            let why = refusals::reasons(first)
                .into_iter()
                .next()
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
                say!(
                    "  --rotate {}  {}",
                    l.rotation,
                    tile.describe(l.rotation, game.coords.orientation)
                );
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

/// `place --list` and `upgrade --list`: every legal tile and rotation for
/// a hex, where its tokens go and what it costs; with none, why none.
/// `--render` also draws them.
fn list_lays(games: Games, args: &LayArgs, kind: LayKind) -> Result<()> {
    let format = args.render.as_deref().map(draw::sheet_format).transpose()?;
    let (game, state) = games.save(&args.edit.file)?;
    let name = display(&args.edit.file);
    let c = game.hex(&args.hex).map_err(|e| e.context(&name))?;
    let company = company_arg(&game, args.company.as_deref()).context(name.clone())?;
    let by = lay_by(&game, &company, args.private.as_deref()).context(name.clone())?;
    let site = Site {
        game: &game,
        state: &state,
        c,
        kind,
        by,
    };
    let survey = rules::lay_survey(site).map_err(|e| e.context(&name))?;
    let options: Vec<Lay> = survey.iter().filter(|l| l.is_legal()).cloned().collect();
    let why: Vec<String> = if options.is_empty() {
        let refused = refusals::why_none(site, &survey);
        refused.iter().map(ToString::to_string).collect()
    } else {
        Vec::new()
    };
    let heading = list_heading(&game, &state, c, kind);
    if let (Some(path), Some(format)) = (args.render.as_deref(), format) {
        let notes: Vec<String> = if why.is_empty() {
            Vec::new()
        } else {
            std::iter::once("No legal tile:".to_string())
                .chain(why.iter().cloned())
                .collect()
        };
        let sheet = LaySheet::new(&game, c, &options, heading.clone(), notes, SHEET_HEX_SIZE);
        draw::lay_sheet(&sheet, format, path)?;
    }
    let addr = game.format(c);
    if args.json {
        let out: Vec<_> = options.iter().map(|l| lay_json(&game, &addr, l)).collect();
        return print_json(&out);
    }
    say!("{heading}:");
    if options.is_empty() {
        // Each rule that refused something, most telling first.
        say!("  none:");
        for reason in &why {
            say!("    {reason}");
        }
    }
    for l in &options {
        say!("  {}", list_line(&game, l));
    }
    Ok(())
}

/// Hex radius of a `--list --render` sheet, as `tiles -o` draws.
const SHEET_HEX_SIZE: f64 = 48.0;

/// `Tiles for G15 Peterborough (tile Peterborough rotation 0), phase 2`.
fn list_heading(game: &Game, state: &MapState, c: Coord, kind: LayKind) -> String {
    let here = state
        .tile_at(game, c)
        .map(|(t, r)| format!("tile {} rotation {r}", t.name))
        .unwrap_or_else(|| "no tile".into());
    let place = game
        .location(c)
        .map(|l| format!(" {l}"))
        .unwrap_or_default();
    let what = match kind {
        LayKind::Place => "Tiles",
        LayKind::Upgrade => "Upgrades",
    };
    format!(
        "{what} for {}{place} ({here}), phase {}",
        game.format(c),
        game.phases[state.phase].name
    )
}

/// One legal lay: tile, rotation, track, where tokens go, cost.
fn list_line(game: &Game, l: &Lay) -> String {
    let tile = &game.tiles[&l.tile];
    let tokens: Vec<String> = l
        .tokens
        .as_ref()
        .map(|t| t.iter().map(|(s, co)| format!("{co}→space {s}")).collect())
        .unwrap_or_default();
    format!(
        "{:<5} --rotate {}  {}{}{}",
        l.tile,
        l.rotation,
        tile.describe(l.rotation, game.coords.orientation),
        if tokens.is_empty() {
            String::new()
        } else {
            format!("  tokens: {}", tokens.join(", "))
        },
        if l.cost.amount == 0 {
            String::new()
        } else {
            format!("  cost {}", l.cost)
        }
    )
}

pub fn token(
    games: Games,
    args: &EditArgs,
    hex: &str,
    company: &str,
    space: Option<usize>,
    remove: bool,
    private: Option<&str>,
) -> Result<()> {
    let company = CompanyId::from(company);
    let company = &company;
    edit(games, args, |game, state| {
        let c = game.hex(hex)?;
        let private = private
            .map(|p| game.acting_private(p))
            .transpose()?
            .flatten();
        Ok(if remove {
            edits::remove_token(game, state, c, company)?
        } else {
            edits::place_token_by(game, state, c, company, space, private)?
        })
    })
}

/// Moves the game to another phase. Moving on, the trains that rust at
/// any phase passed leave play, and the confirmation says which.
pub fn phase(games: Games, args: &EditArgs, phase: &str) -> Result<()> {
    edit(games, args, |game, state| {
        Ok(edits::set_phase(game, state, game.phase_index(phase)?)?)
    })
}

/// Adds and removes a company's trains; adding checks the phase's limit.
pub fn trains(
    games: Games,
    args: &EditArgs,
    company: &str,
    add: &[String],
    remove: &[String],
) -> Result<()> {
    let company = CompanyId::from(company);
    edit(games, args, |game, state| {
        Ok(edits::change_trains(game, state, &company, add, remove)?)
    })
}

pub fn privates(
    games: Games,
    args: &EditArgs,
    company: Option<&str>,
    give: &[String],
    take: &[String],
) -> Result<()> {
    edit(games, args, |game, state| {
        Ok(edits::change_privates(game, state, company, give, take)?)
    })
}

/// `companies FILE CO --lose-lowest` / `--keep-lowest`.
pub fn lose_lowest(games: Games, args: &EditArgs, company: &str, holds: bool) -> Result<()> {
    edit(games, args, |game, state| {
        Ok(edits::change_lose_lowest(
            game,
            state,
            &company.into(),
            holds,
        )?)
    })
}

/// `companies FILE CO --destination-reached` / `--destination-open`.
pub fn destination(games: Games, args: &EditArgs, company: &str, reached: bool) -> Result<()> {
    edit(games, args, |game, state| {
        Ok(edits::change_destination(
            game,
            state,
            &company.into(),
            reached,
        )?)
    })
}

/// `companies FILE CO --size SHARES [--tokens N]`: play's `Resize`, the
/// size's tokens or those given.
pub fn size(
    games: Games,
    args: &EditArgs,
    company: &str,
    shares: u32,
    tokens: Option<u32>,
) -> Result<()> {
    edit(games, args, |game, state| {
        let company = game.company(company)?.abbrev.clone();
        let tokens = tokens.map_or(SizeTokens::OfSize, SizeTokens::Exactly);
        let event = Event::Resize {
            company,
            shares,
            tokens,
        };
        Ok(hexroute::play::apply(game, state, &event)?.edit)
    })
}

/// Reverts the last recorded change, unless the file was edited by hand
/// after it (then `--force` reverts it anyway).
pub fn undo(games: Games, args: &EditArgs) -> Result<()> {
    let Opened {
        _lock,
        game,
        mut saved,
        name,
    } = open_for_edit(games, args)?;
    if let Some(drift) = saved.edited_since_last_change()
        && !args.force
    {
        let what = match drift {
            Drift::Hex(c) => format!("hex {}", game.format(c)),
            Drift::Phase => "the phase".into(),
            Drift::Trains(co) => format!("{co}'s trains"),
            Drift::Private(p) => format!("who owns {p}"),
            Drift::Standing(co) => format!("{co}'s standing"),
            Drift::LoseLowest => "who holds the lowest-route token".into(),
            Drift::Destinations => "who has reached their destination".into(),
            Drift::Sizes => "the companies' sizes".into(),
            Drift::RequiredRoutes => "the routes companies must run next".into(),
            Drift::CharterTokens => "the tokens companies keep on their charters".into(),
        };
        bail!(
            "{name}: {what} no longer matches the last recorded change (edited by hand?); undo would lose that edit; use --force to undo anyway"
        );
    }
    // Forced, the hand edits are recorded first, and those the undo writes
    // over are undone with it: nothing is lost that redo cannot bring back.
    let undone = if args.force {
        saved.undo_forced(&utc_now())
    } else {
        saved.undo().into_iter().collect()
    };
    let Some(change) = undone.last() else {
        bail!("{name}: no recorded change to undo (the history is empty)");
    };
    let mut said = format!("undid: {}  ({})", change.command, change.time);
    if undone.len() > 1 {
        said.push_str(", and the hand edit made over it since (redo brings back both)");
    }
    finish(args, &game, &saved, &said)
}

/// Applies again the change `undo` took back last.
pub fn redo(games: Games, args: &EditArgs) -> Result<()> {
    let Opened {
        _lock,
        game,
        mut saved,
        name,
    } = open_for_edit(games, args)?;
    let Some(change) = saved.redo() else {
        bail!("{name}: nothing to redo (no change was undone since the last new one)");
    };
    finish(
        args,
        &game,
        &saved,
        &format!("redid: {}  ({})", change.command, change.time),
    )
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_times_are_utc_to_the_second() {
        let t: jiff::Timestamp = "2024-02-29T23:59:58.75Z".parse().unwrap();
        assert_eq!(utc_stamp(t), "2024-02-29T23:59:58Z");
        assert_eq!(
            utc_stamp(jiff::Timestamp::UNIX_EPOCH),
            "1970-01-01T00:00:00Z"
        );
    }
}
