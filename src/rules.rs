//! The rules of changing the map: laying and upgrading tiles, placing
//! station tokens. Each check returns either a structural error (no such
//! thing exists: never allowed) or a list of rule violations (a player may
//! record them anyway with `--force`).

use crate::error::Error;
use crate::flow;
use crate::game::{Game, LayRule};
use crate::geometry::{Coord, Face, Rotation};
use crate::reach;
use crate::state::{HexState, MapState};
use crate::tile::{Colour, End, Tile};
use std::collections::{BTreeMap, BTreeSet};

/// A rule of the game that a change would break.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Short name of the rule, e.g. `phase colour`.
    pub rule: &'static str,
    pub message: String,
}

fn violation(rule: &'static str, message: String) -> Violation {
    Violation { rule, message }
}

/// Laying a tile on a hex without one, or replacing a tile by its upgrade.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayKind {
    Place,
    Upgrade,
}

/// What laying a tile at one rotation would do.
#[derive(Clone, Debug)]
pub struct Lay {
    pub tile: String,
    pub rotation: Rotation,
    /// Where each token goes (new token space → company), or why they cannot all stay.
    pub tokens: Result<BTreeMap<usize, String>, String>,
    pub violations: Vec<Violation>,
}

impl Lay {
    /// Legal: no rule broken and every token kept.
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty() && self.tokens.is_ok()
    }

    /// The map after this lay (tokens must have a place).
    pub fn apply(&self, state: &MapState, c: Coord) -> Option<MapState> {
        let tokens = self.tokens.clone().ok()?;
        let mut next = state.clone();
        next.hexes.insert(
            c,
            HexState {
                tile: Some((self.tile.clone(), self.rotation)),
                tokens,
            },
        );
        Some(next)
    }
}

/// Map faces joined by track to each city (or town) of a tile.
fn stop_faces(tile: &Tile, rot: Rotation, stop: End) -> BTreeSet<Face> {
    tile.track_rotated(rot)
        .filter_map(|t| t.other(stop))
        .filter_map(End::face)
        .collect()
}

fn city_faces(tile: &Tile, rot: Rotation) -> Vec<BTreeSet<Face>> {
    (0..tile.cities.len())
        .map(|i| stop_faces(tile, rot, End::City(i)))
        .collect()
}

fn town_faces(tile: &Tile, rot: Rotation) -> Vec<BTreeSet<Face>> {
    (0..tile.towns.len())
        .map(|i| stop_faces(tile, rot, End::Town(i)))
        .collect()
}

fn faces_word(faces: &BTreeSet<Face>) -> String {
    if faces.is_empty() {
        return "no track".into();
    }
    faces
        .iter()
        .map(|f| f.short())
        .collect::<Vec<_>>()
        .join("+")
}

/// Checks laying `name` at `rotation` on hex `c`. `Err` is a structural
/// impossibility; rule violations are listed in the answer.
pub fn check_lay(
    game: &Game,
    state: &MapState,
    c: Coord,
    kind: LayKind,
    name: &str,
    rotation: Rotation,
    company: Option<&str>,
) -> Result<Lay, Error> {
    let addr = game.format(c);
    let new = game.tile(name)?;
    let current = state.tile_at(game, c);
    let laid = state.hexes.get(&c).and_then(|h| h.tile.as_ref()).is_some();
    let cur_colour = current.map(|(t, _)| t.colour);
    let mut v = Vec::new();
    match cur_colour {
        Some(Colour::Red) | Some(Colour::Blue) => {
            return Err(Error::Impossible(format!(
                "hex {addr} is an off-board or water hex; no tile can be laid there"
            )));
        }
        Some(Colour::Grey) if !laid => {
            return Err(Error::Impossible(format!(
                "hex {addr} is printed grey and can never be upgraded"
            )));
        }
        _ => {}
    }
    match kind {
        LayKind::Place => {
            if let Some((t, _)) = current.filter(|(t, _)| t.colour != Colour::Blank) {
                return Err(Error::Impossible(format!(
                    "hex {addr} already has {} tile {}; replace it with `hexroute upgrade`",
                    t.colour, t.name
                )));
            }
            if new.colour != Colour::Yellow {
                v.push(violation(
                    "yellow first",
                    format!(
                        "tile {name} is {}; only yellow tiles go on an empty hex (lay yellow, then upgrade)",
                        new.colour
                    ),
                ));
            }
            let (cities, towns) = current
                .map(|(t, _)| (t.cities.len(), t.towns.len()))
                .unwrap_or((0, 0));
            if (new.cities.len(), new.towns.len()) != (cities, towns) {
                v.push(violation(
                    "same stops",
                    format!(
                        "hex {addr} has {} but tile {name} has {}",
                        stops_word(cities, towns),
                        stops_word(new.cities.len(), new.towns.len())
                    ),
                ));
            }
        }
        LayKind::Upgrade => {
            let Some((old, _)) = current.filter(|(t, _)| t.colour != Colour::Blank) else {
                return Err(Error::Impossible(format!(
                    "hex {addr} has no tile to upgrade; lay a yellow tile with `hexroute place`"
                )));
            };
            match old.colour.next_upgrade() {
                Some(next) if next == new.colour => {}
                Some(next) => v.push(violation(
                    "upgrade colour",
                    format!(
                        "{} tile {} upgrades to a {next} tile, not to {} tile {name}",
                        old.colour, old.name, new.colour
                    ),
                )),
                None => {
                    return Err(Error::Impossible(format!(
                        "{} tile {} on hex {addr} cannot be upgraded",
                        old.colour, old.name
                    )));
                }
            }
            let (oc, ot) = (old.cities.len(), old.towns.len());
            let (nc, nt) = (new.cities.len(), new.towns.len());
            if nt != ot || nc > oc || (nc == 0) != (oc == 0) {
                v.push(violation(
                    "same stops",
                    format!(
                        "tile {} has {} but tile {name} has {}",
                        old.name,
                        stops_word(oc, ot),
                        stops_word(nc, nt)
                    ),
                ));
            }
        }
    }
    let phase = &game.phases[state.phase];
    if !phase.tiles.contains(&new.colour) {
        v.push(violation(
            "phase colour",
            format!(
                "phase {} allows {} tiles, not {} (tile {name})",
                phase.name,
                phase.tiles_word(),
                new.colour
            ),
        ));
    }
    match game.tile_count(name) {
        None => v.push(violation(
            "supply",
            format!("tile {name} is printed on the map, not a tile players lay"),
        )),
        Some(count) => {
            let used = state.laid_tiles().filter(|(_, t, _)| *t == name).count();
            if !count.allows(used) {
                v.push(violation(
                    "supply",
                    format!("all {count} copies of tile {name} are on the map"),
                ));
            }
        }
    }
    let hex_labels = &game.hexes[&c].labels;
    let fits_labels = new.labels.iter().all(|l| hex_labels.contains(l))
        && (hex_labels.is_empty() || !new.labels.is_empty());
    if !fits_labels {
        v.push(violation(
            "labels",
            format!(
                "tile {name} is labelled [{}] but hex {addr} is labelled [{}]",
                new.labels.join(","),
                hex_labels.join(",")
            ),
        ));
    }
    if let Some((old, old_rot)) = current
        && let Some(lost) = lost_track(old, old_rot, new, rotation)
    {
        v.push(violation(
            "track preserved",
            format!(
                "tile {name} at rotation {rotation} drops the old track {lost} of tile {}",
                old.name
            ),
        ));
    }
    let old_faces: BTreeSet<Face> = current
        .map(|(t, r)| t.faces(r).into_iter().collect())
        .unwrap_or_default();
    for face in new.faces(rotation) {
        if old_faces.contains(&face) || game.rules.track_may_dead_end {
            continue;
        }
        if let Some(why) = blocked_edge(game, state, c, face) {
            v.push(violation(
                "track into nowhere",
                format!("tile {name} at rotation {rotation}: new track at the {face} side {why}"),
            ));
        }
    }
    let tokens = move_tokens(state, c, current, new, rotation);
    let mut lay = Lay {
        tile: name.to_string(),
        rotation,
        tokens,
        violations: v,
    };
    if let Some(company) = company
        && let Some(why) = lay_rule_broken(game, state, c, &lay, company)
    {
        lay.violations.push(violation("lay rule", why));
    }
    Ok(lay)
}

fn stops_word(cities: usize, towns: usize) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (cities, towns) {
        (0, 0) => "no towns or cities".into(),
        (c, 0) => plural(c, "city", "cities"),
        (0, t) => plural(t, "town", "towns"),
        (c, t) => format!(
            "{} and {}",
            plural(c, "city", "cities"),
            plural(t, "town", "towns")
        ),
    }
}

/// The first connection of the old tile that the new one lacks, in words.
fn lost_track(old: &Tile, old_rot: Rotation, new: &Tile, rot: Rotation) -> Option<String> {
    for t in old.track_rotated(old_rot) {
        if let (End::Face(a), End::Face(b)) = (t.a, t.b)
            && !new.joins(t.a, t.b, rot)
        {
            return Some(format!("{}-{}", a.short(), b.short()));
        }
    }
    let kept = |olds: Vec<BTreeSet<Face>>, news: Vec<BTreeSet<Face>>, what: &str| {
        olds.into_iter()
            .find(|f| !f.is_empty() && !news.iter().any(|n| n.is_superset(f)))
            .map(|f| format!("{}-{what}", faces_word(&f)))
    };
    kept(city_faces(old, old_rot), city_faces(new, rot), "city")
        .or_else(|| kept(town_faces(old, old_rot), town_faces(new, rot), "town"))
}

/// Why new track may not leave hex `c` across `face`, if it may not.
fn blocked_edge(game: &Game, state: &MapState, c: Coord, face: Face) -> Option<String> {
    if game.is_barrier(c, face) {
        return Some("crosses a barrier".into());
    }
    let n = c.neighbour(face, game.coords.orientation);
    if !game.hexes.contains_key(&n) {
        return Some("runs off the map".into());
    }
    let (tile, rot) = state.tile_at(game, n)?;
    let fixed = matches!(tile.colour, Colour::Grey | Colour::Red | Colour::Blue);
    (fixed && !tile.faces(rot).contains(&face.opposite())).then(|| {
        format!(
            "runs into the blank side of {} hex {}",
            tile.colour,
            game.format(n)
        )
    })
}

/// Where the tokens on hex `c` go when `new` replaces the tile there: each
/// token keeps every face its city was joined to, solved as a maximum flow.
fn move_tokens(
    state: &MapState,
    c: Coord,
    current: Option<(&Tile, Rotation)>,
    new: &Tile,
    rot: Rotation,
) -> Result<BTreeMap<usize, String>, String> {
    let Some(tokens) = state.tokens_at(c) else {
        return Ok(BTreeMap::new());
    };
    let Some((old, old_rot)) = current else {
        return Err("tokens sit on a hex without a tile".into());
    };
    let old_faces = city_faces(old, old_rot);
    let new_faces = city_faces(new, rot);
    let held: Vec<(&String, &BTreeSet<Face>)> = tokens
        .iter()
        .map(|(space, co)| {
            let city = old.city_of_space(*space).unwrap_or(0);
            (co, &old_faces[city])
        })
        .collect();
    let accepts: Vec<Vec<usize>> = held
        .iter()
        .map(|(_, faces)| {
            (0..new.cities.len())
                .filter(|&j| new_faces[j].is_superset(faces))
                .collect()
        })
        .collect();
    let sizes: Vec<u32> = new.cities.iter().map(|c| u32::from(c.spaces)).collect();
    let placed = flow::assign(&accepts, &sizes).ok_or_else(|| {
        let names: Vec<String> = held
            .iter()
            .map(|(co, f)| format!("{co} (city joined to {})", faces_word(f)))
            .collect();
        format!(
            "tile {} at rotation {rot} has no place for every token: {}",
            new.name,
            names.join(", ")
        )
    })?;
    let mut next_free: Vec<usize> = (0..new.cities.len())
        .map(|j| new.spaces_of_city(j).start)
        .collect();
    let mut out = BTreeMap::new();
    for ((co, _), city) in held.iter().zip(placed) {
        out.insert(next_free[city], (*co).clone());
        next_free[city] += 1;
    }
    Ok(out)
}

/// The game's tile-lay rule for `company`, judged on the map after the lay.
fn lay_rule_broken(
    game: &Game,
    state: &MapState,
    c: Coord,
    lay: &Lay,
    company: &str,
) -> Option<String> {
    let after = lay.apply(state, c)?;
    let new = &game.tiles[&lay.tile];
    let old = state.tile_at(game, c);
    let reach = reach::from_tokens(game, &after, company);
    let addr = game.format(c);
    let new_pieces = new_pieces(old, new, lay.rotation);
    let reached = |ix: &usize| reach.pieces.contains(&(c, *ix));
    let rule = game.rules.tile_lay;
    let ok = match rule {
        LayRule::Permissive => (0..new.track.len()).any(|ix| reached(&ix)),
        LayRule::Restrictive => new_pieces.iter().any(reached),
        LayRule::SemiRestrictive => {
            new_pieces.iter().any(reached) || city_value_changes(old, new, lay.rotation, &reach, c)
        }
    };
    (!ok).then(|| {
        let what = match rule {
            LayRule::Permissive => "no track of the tile",
            LayRule::Restrictive => "none of its new track",
            LayRule::SemiRestrictive => "none of its new track (nor a city whose value changes)",
        };
        format!("{company} cannot reach {what} on hex {addr} from its tokens ({rule:?} tile lays)")
    })
}

/// What a piece of track connects, in map faces: the unit in which track is
/// "kept" or "new". Which town or city of a kind does not matter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Link {
    Faces(Face, Face),
    City(Face),
    Town(Face),
    /// Track between two stops inside the tile.
    Inside,
}

fn link(a: End, b: End) -> Link {
    match (a, b) {
        (End::Face(x), End::Face(y)) => Link::Faces(x.min(y), x.max(y)),
        (End::Face(f), End::City(_)) | (End::City(_), End::Face(f)) => Link::City(f),
        (End::Face(f), End::Town(_)) | (End::Town(_), End::Face(f)) => Link::Town(f),
        _ => Link::Inside,
    }
}

fn links(tile: &Tile, rot: Rotation) -> BTreeSet<Link> {
    tile.track_rotated(rot).map(|t| link(t.a, t.b)).collect()
}

/// Indices of the pieces of `new` (at `rot`) that add a connection the old tile lacked.
fn new_pieces(old: Option<(&Tile, Rotation)>, new: &Tile, rot: Rotation) -> Vec<usize> {
    let Some((old, old_rot)) = old else {
        return (0..new.track.len()).collect();
    };
    let kept = links(old, old_rot);
    new.track_rotated(rot)
        .enumerate()
        .filter(|(_, t)| {
            let l = link(t.a, t.b);
            l != Link::Inside && !kept.contains(&l)
        })
        .map(|(ix, _)| ix)
        .collect()
}

/// Semi-restrictive lays also count an upgrade that changes the value of a
/// city the company reaches.
fn city_value_changes(
    old: Option<(&Tile, Rotation)>,
    new: &Tile,
    rot: Rotation,
    reach: &reach::Reach,
    c: Coord,
) -> bool {
    let Some((old, old_rot)) = old else {
        return false;
    };
    let old_faces = city_faces(old, old_rot);
    let new_faces = city_faces(new, rot);
    (0..new.cities.len()).any(|j| {
        reach.has_city(c, j)
            && old_faces
                .iter()
                .enumerate()
                .filter(|(_, f)| new_faces[j].is_superset(f))
                .any(|(i, _)| old.cities[i].revenue != new.cities[j].revenue)
    })
}

/// Every legal (tile, rotation) that can replace the tile on hex `c`.
pub fn upgrade_options(
    game: &Game,
    state: &MapState,
    c: Coord,
    company: Option<&str>,
) -> Result<Vec<Lay>, Error> {
    let mut out = Vec::new();
    for (name, _) in &game.tile_counts {
        for rot in distinct_rotations(&game.tiles[name]) {
            let lay = check_lay(game, state, c, LayKind::Upgrade, name, rot, company)?;
            if lay.is_legal() {
                out.push(lay);
            }
        }
    }
    Ok(out)
}

/// Rotations of a tile that look different (a straight track has three).
pub fn distinct_rotations(tile: &Tile) -> Vec<Rotation> {
    let mut seen: Vec<Vec<(End, End)>> = Vec::new();
    let mut out = Vec::new();
    for rot in Rotation::all() {
        let shape = shape_key(tile, rot);
        if !seen.contains(&shape) {
            seen.push(shape);
            out.push(rot);
        }
    }
    out
}

fn shape_key(tile: &Tile, rot: Rotation) -> Vec<(End, End)> {
    // Pieces as unordered pairs of ends; cities and towns keep their
    // identity (token spaces, revenue), so their indices stay in the key.
    let mut pieces: Vec<(End, End)> = tile
        .track_rotated(rot)
        .map(|t| (t.a.min(t.b), t.a.max(t.b)))
        .collect();
    pieces.sort();
    pieces
}

/// Where a token would go and what it would break.
#[derive(Clone, Debug)]
pub struct TokenPlacement {
    pub space: usize,
    pub violations: Vec<Violation>,
}

/// Checks placing a station token of `company` on hex `c`.
pub fn check_token(
    game: &Game,
    state: &MapState,
    c: Coord,
    company: &str,
    space: Option<usize>,
) -> Result<TokenPlacement, Error> {
    let addr = game.format(c);
    let info = game.company(company)?;
    let company = info.abbrev.as_str();
    let (tile, rot) = state
        .tile_at(game, c)
        .ok_or_else(|| Error::Impossible(format!("hex {addr} has no city")))?;
    let total = tile.token_spaces();
    if total == 0 {
        return Err(Error::Impossible(format!(
            "hex {addr} ({}) has no token spaces",
            game.location(c).unwrap_or(&tile.name)
        )));
    }
    let held = state.tokens_at(c).cloned().unwrap_or_default();
    let space = match space {
        Some(s) if s >= total => {
            return Err(Error::Impossible(format!(
                "hex {addr}: token space {s} does not exist (tile {} has spaces 0-{})",
                tile.name,
                total - 1
            )));
        }
        Some(s) => {
            if let Some(other) = held.get(&s) {
                return Err(Error::Impossible(format!(
                    "hex {addr}: token space {s} already holds {other}"
                )));
            }
            s
        }
        None => pick_space(tile, rot, &held)
            .map_err(|e| Error::Impossible(format!("hex {addr}: {e}")))?,
    };
    let city = tile.city_of_space(space).expect("space checked above");
    let mut v = Vec::new();
    let placed = state.tokens().filter(|(_, _, co)| *co == company).count();
    if placed as u32 >= info.tokens {
        v.push(violation(
            "tokens left",
            format!("{company} has placed all {} of its tokens", info.tokens),
        ));
    }
    if tile
        .spaces_of_city(city)
        .any(|s| held.get(&s).map(String::as_str) == Some(company))
    {
        v.push(violation(
            "one token per city",
            format!("{company} already has a token in this city on hex {addr}"),
        ));
    }
    let home = match &info.home {
        Some(h) => game.hex(h).ok() == Some(c),
        // Companies that choose their home (1867 minors) place the first token anywhere.
        None => placed == 0,
    };
    if let (Some(h), false, 0) = (&info.home, home, placed) {
        v.push(violation(
            "home",
            format!("{company}'s first token goes on its home hex {h}, not {addr}"),
        ));
    } else if !home && !reach::from_tokens(game, state, company).has_city(c, city) {
        v.push(violation(
            "reachable",
            format!("{company} cannot reach the city on hex {addr} over track from its tokens"),
        ));
    }
    Ok(TokenPlacement {
        space,
        violations: v,
    })
}

/// The first free token space, when the choice does not matter.
fn pick_space(tile: &Tile, rot: Rotation, held: &BTreeMap<usize, String>) -> Result<usize, String> {
    let faces = city_faces(tile, rot);
    let open: Vec<(usize, usize)> = (0..tile.cities.len())
        .filter_map(|city| {
            tile.spaces_of_city(city)
                .find(|s| !held.contains_key(s))
                .map(|s| (city, s))
        })
        .collect();
    match open.as_slice() {
        [] => Err("every token space is taken".into()),
        [(_, s)] => Ok(*s),
        [(first, s), rest @ ..]
            if rest.iter().all(|(city, _)| {
                faces[*city] == faces[*first]
                    && tile.cities[*city].revenue == tile.cities[*first].revenue
            }) =>
        {
            Ok(*s)
        }
        _ => Err(format!(
            "the cities differ; choose one with --space: {}",
            open.iter()
                .map(|(city, s)| format!("{s} (city joined to {})", faces_word(&faces[*city])))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game;

    /// 1867, column E: CPR's token on Hamilton (E17), straight track north
    /// through Guelph (E15) and Barrie (E13) to plain E11, in phase 3.
    fn line(tile_lay: LayRule) -> (Game, MapState) {
        let mut game = game::builtin("1867").unwrap();
        game.rules.tile_lay = tile_lay;
        game.rules.track_may_dead_end = true;
        let mut state = MapState::new();
        state.phase = game.phase_index("3").unwrap();
        for (hex, tile) in [("E11", "9"), ("E13", "57"), ("E15", "57"), ("E17", "621")] {
            let c = game.hex(hex).unwrap();
            state.hexes.insert(
                c,
                HexState {
                    tile: Some((tile.into(), Rotation::ZERO)),
                    tokens: BTreeMap::new(),
                },
            );
        }
        let hamilton = game.hex("E17").unwrap();
        state
            .hexes
            .get_mut(&hamilton)
            .unwrap()
            .tokens
            .insert(0, "CPR".into());
        (game, state)
    }

    fn lay_rule_verdict(tile_lay: LayRule, hex: &str, tile: &str) -> Vec<&'static str> {
        let (game, state) = line(tile_lay);
        let c = game.hex(hex).unwrap();
        let lay = check_lay(
            &game,
            &state,
            c,
            LayKind::Upgrade,
            tile,
            Rotation::ZERO,
            Some("CPR"),
        )
        .unwrap();
        lay.violations.iter().map(|v| v.rule).collect()
    }

    #[test]
    fn new_track_out_of_reach_passes_only_permissive_lays() {
        // Tile 20 keeps E11's straight track (reachable) and adds a crossing
        // LL-UR piece that no CPR train can get onto.
        assert!(lay_rule_verdict(LayRule::Permissive, "E11", "20").is_empty());
        assert_eq!(
            lay_rule_verdict(LayRule::SemiRestrictive, "E11", "20"),
            vec!["lay rule"]
        );
        assert_eq!(
            lay_rule_verdict(LayRule::Restrictive, "E11", "20"),
            vec!["lay rule"]
        );
    }

    #[test]
    fn new_track_in_reach_passes_every_lay_rule() {
        for rule in [
            LayRule::Permissive,
            LayRule::SemiRestrictive,
            LayRule::Restrictive,
        ] {
            assert!(lay_rule_verdict(rule, "E15", "14").is_empty(), "{rule:?}");
        }
    }

    #[test]
    fn a_reached_city_whose_value_changes_satisfies_semi_restrictive_lays() {
        // Guelph full with GW: CPR reaches its city but cannot pass, so the
        // new track of tile 14 is out of reach; its value rises 20 → 30.
        for (rule, expected) in [
            (LayRule::Permissive, true),
            (LayRule::SemiRestrictive, true),
            (LayRule::Restrictive, false),
        ] {
            let (game, mut state) = line(rule);
            let guelph = game.hex("E15").unwrap();
            let hex = state.hexes.get_mut(&guelph).unwrap();
            hex.tile = Some(("14".into(), Rotation::ZERO));
            hex.tokens.insert(0, "GW".into());
            hex.tokens.insert(1, "CNR".into());
            let lay = check_lay(
                &game,
                &state,
                guelph,
                LayKind::Upgrade,
                "63",
                Rotation::ZERO,
                Some("CPR"),
            );
            let rules: Vec<&str> = lay.unwrap().violations.iter().map(|v| v.rule).collect();
            assert_eq!(
                !rules.contains(&"lay rule"),
                expected,
                "{rule:?}: {rules:?}"
            );
        }
    }

    #[test]
    fn distinct_rotations_skip_symmetric_turns() {
        let game = game::builtin("1867").unwrap();
        assert_eq!(distinct_rotations(&game.tiles["9"]).len(), 3);
        assert_eq!(distinct_rotations(&game.tiles["57"]).len(), 3);
        assert_eq!(distinct_rotations(&game.tiles["8"]).len(), 6);
    }
}
