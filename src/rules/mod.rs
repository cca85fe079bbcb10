//! The rules of changing the map: laying and upgrading tiles, placing
//! station tokens. Each check returns either a structural error (no such
//! thing exists: never allowed) or a list of rule violations (a player may
//! record them anyway with `--force`).

use crate::error::Error;
use crate::flow;
use crate::game::{Game, LayRule, Private};
use crate::geometry::{Coord, Face, Orientation, Rotation};
use crate::reach;
use crate::state::{HexState, MapState};
use crate::tile::{Colour, End, Tile};
use std::collections::{BTreeMap, BTreeSet};

pub mod refusals;

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
    /// What the lay costs the company: printed terrain and water sides.
    pub cost: Cost,
}

/// Money a lay costs, with what it pays for. hexroute keeps no money; the
/// player pays it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    pub amount: u32,
    /// Each part in words, e.g. `mountain $80`, `water side UL $80`.
    pub parts: Vec<(String, u32)>,
}

impl Cost {
    fn add(&mut self, what: String, amount: u32) {
        self.amount += amount;
        self.parts.push((what, amount));
    }
}

/// Who lays a tile: the company whose tile-lay rule applies, and the
/// private company whose special ability is used, if any.
#[derive(Copy, Clone, Debug, Default)]
pub struct LayBy<'a> {
    pub company: Option<&'a str>,
    pub private: Option<&'a Private>,
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

/// Map sides in words, as `Tile::describe` writes them: `N, S`.
fn faces_word(faces: &BTreeSet<Face>, o: Orientation) -> String {
    if faces.is_empty() {
        return "no track".into();
    }
    faces
        .iter()
        .map(|f| f.compass(o).to_string())
        .collect::<Vec<_>>()
        .join(", ")
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
    by: LayBy,
) -> Result<Lay, Error> {
    let mut lay = check_lay_plain(game, state, c, kind, name, rotation, by)?;
    if lay.is_legal() && most_exits_applies(game, state, c) {
        let colour = game.tiles[name].colour;
        let options = plain_options(game, state, c, kind, by, |t| t.colour == colour)?;
        if let Some(v) = fewer_exits(game, &lay, &options) {
            lay.violations.push(v);
        }
    }
    Ok(lay)
}

/// The most-exits rule covers hexes whose tile has a city (18xx.games's
/// `TILE_UPGRADES_MUST_USE_MAX_EXITS = [:cities]`).
fn most_exits_applies(game: &Game, state: &MapState, c: Coord) -> bool {
    game.rules.upgrades_use_most_exits
        && state
            .tile_at(game, c)
            .is_some_and(|(t, _)| !t.cities.is_empty())
}

/// The most-exits violation of `lay`, when a legal tile of its colour has
/// more exits than it.
fn fewer_exits(game: &Game, lay: &Lay, options: &[Lay]) -> Option<Violation> {
    let exits = |l: &Lay| game.tiles[&l.tile].faces(l.rotation).len();
    let colour = game.tiles[&lay.tile].colour;
    let best = options
        .iter()
        .filter(|o| o.is_legal() && game.tiles[&o.tile].colour == colour)
        .max_by_key(|o| (exits(o), std::cmp::Reverse(o.tile.clone())))?;
    (exits(best) > exits(lay)).then(|| {
        violation(
            "most exits",
            format!(
                "tile {} has {} exits but tile {} with {} can be laid; a city's tile must have the most exits",
                lay.tile,
                exits(lay),
                best.tile,
                exits(best)
            ),
        )
    })
}

/// Every (tile, rotation) from supply that `keep` admits, judged without the
/// most-exits rule.
fn plain_options(
    game: &Game,
    state: &MapState,
    c: Coord,
    kind: LayKind,
    by: LayBy,
    keep: impl Fn(&Tile) -> bool,
) -> Result<Vec<Lay>, Error> {
    let mut out = Vec::new();
    for (name, _) in &game.tile_counts {
        let tile = &game.tiles[name];
        if !keep(tile) {
            continue;
        }
        for rot in distinct_rotations(tile) {
            out.push(check_lay_plain(game, state, c, kind, name, rot, by)?);
        }
    }
    Ok(out)
}

/// Every legal (tile, rotation) for hex `c`: `place --list` and
/// `upgrade --list`. The same checks as [`check_lay`], all rules at once.
pub fn lay_options(
    game: &Game,
    state: &MapState,
    c: Coord,
    kind: LayKind,
    by: LayBy,
) -> Result<Vec<Lay>, Error> {
    let all = lay_survey(game, state, c, kind, by)?;
    Ok(all.into_iter().filter(Lay::is_legal).collect())
}

/// Every tile in supply at every distinct rotation on hex `c`, legal or
/// not, each judged as [`check_lay`] judges it: the legal ones are the
/// list, the others say why (see [`refusals::why_none`]).
pub fn lay_survey(
    game: &Game,
    state: &MapState,
    c: Coord,
    kind: LayKind,
    by: LayBy,
) -> Result<Vec<Lay>, Error> {
    let mut all = plain_options(game, state, c, kind, by, |_| true)?;
    if most_exits_applies(game, state, c) {
        let judged = all.clone();
        for lay in all.iter_mut().filter(|l| l.is_legal()) {
            if let Some(v) = fewer_exits(game, lay, &judged) {
                lay.violations.push(v);
            }
        }
    }
    Ok(all)
}

fn check_lay_plain(
    game: &Game,
    state: &MapState,
    c: Coord,
    kind: LayKind,
    name: &str,
    rotation: Rotation,
    by: LayBy,
) -> Result<Lay, Error> {
    let company = by.company;
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
    let o = game.coords.orientation;
    if let Some((old, old_rot)) = current
        && let Some(lost) = lost_track(old, old_rot, new, rotation, o)
    {
        v.push(violation(
            "track preserved",
            format!(
                "tile {name} at rotation {rotation} drops tile {}'s old track ({lost})",
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
                format!(
                    "tile {name} at rotation {rotation}: new track at the {} side {why}",
                    face.compass(o)
                ),
            ));
        }
    }
    let new_faces: BTreeSet<Face> = new.faces(rotation).into_iter().collect();
    let map_hex = &game.hexes[&c];
    if let Some(stub) = map_hex.stubs.iter().find(|f| !new_faces.contains(f)) {
        v.push(violation(
            "stubs",
            format!(
                "hex {addr} has a printed track stub at the {} side; tile {name} at rotation {rotation} has no exit there",
                stub.compass(o)
            ),
        ));
    }
    if let Some(early) = game.closed_by(c, state.phase) {
        v.push(violation(
            "until phase",
            format!(
                "hex {addr} is closed to track until phase {}",
                game.phases[early.until].name
            ),
        ));
    }
    if let Some(p) = game.exclusive_private(name)
        && by.private.is_none_or(|used| used.abbrev != p.abbrev)
    {
        v.push(violation(
            "private tile",
            format!(
                "tile {name} is laid only through {} (--private {}) on {}",
                p.name,
                p.abbrev,
                p.hexes.join(", ")
            ),
        ));
    }
    let mut cost = Cost::default();
    if let Some(printed) = map_hex.cost.as_ref().filter(|_| !laid) {
        cost.add(printed.terrain.clone(), printed.amount);
    }
    for &face in new_faces.difference(&old_faces) {
        if let Some(&amount) = game.water_sides.get(&(c, face))
            && meets_track(game, state, c, face)
        {
            cost.add(format!("water at the {} side", face.compass(o)), amount);
        }
    }
    let tokens = move_tokens(state, c, current, new, rotation, o);
    let mut lay = Lay {
        tile: name.to_string(),
        rotation,
        tokens,
        violations: v,
        cost,
    };
    if let Some(company) = company
        && let Some(why) = lay_rule_broken(game, state, c, &lay, company)
    {
        lay.violations.push(violation("tile lay", why));
    }
    if let Some(p) = by.private {
        apply_private(game, c, &mut lay, p);
    }
    refusals::sort_most_telling(&mut lay.violations);
    Ok(lay)
}

/// True when the neighbour across `face` has track to the shared side: a
/// water side is paid for when track first meets across it (18xx.games).
fn meets_track(game: &Game, state: &MapState, c: Coord, face: Face) -> bool {
    let n = c.neighbour(face, game.coords.orientation);
    state
        .tile_at(game, n)
        .is_some_and(|(t, r)| t.faces(r).contains(&face.opposite()))
}

/// A private's special lay: allowed only on its hexes with its tiles, and
/// exempt from the rules it waives.
fn apply_private(game: &Game, c: Coord, lay: &mut Lay, p: &Private) {
    let addr = game.format(c);
    lay.violations
        .retain(|v| !p.waives.iter().any(|w| w == v.rule));
    if !p.hexes.contains(&addr) || !p.tiles.contains(&lay.tile) {
        lay.violations.push(violation(
            "private ability",
            format!(
                "{} lays tile{} {} on {} only, not tile {} on {addr}",
                p.name,
                if p.tiles.len() == 1 { "" } else { "s" },
                p.tiles.join(", "),
                p.hexes.join(", "),
                lay.tile
            ),
        ));
    }
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
fn lost_track(
    old: &Tile,
    old_rot: Rotation,
    new: &Tile,
    rot: Rotation,
    o: Orientation,
) -> Option<String> {
    for t in old.track_rotated(old_rot) {
        if let (End::Face(a), End::Face(b)) = (t.a, t.b)
            && !new.joins(t.a, t.b, rot)
        {
            return Some(format!("{}-{}", a.compass(o), b.compass(o)));
        }
    }
    let kept = |olds: Vec<BTreeSet<Face>>, news: Vec<BTreeSet<Face>>, what: &str| {
        olds.into_iter()
            .find(|f| !f.is_empty() && !news.iter().any(|n| n.is_superset(f)))
            .map(|f| format!("{what}: {}", faces_word(&f, o)))
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
    o: Orientation,
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
            .map(|(co, f)| format!("{co} (city joined to {})", faces_word(f, o)))
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
            LayRule::Permissive => "any track of the tile",
            LayRule::Restrictive => "any of its new track",
            LayRule::SemiRestrictive => "any of its new track or a city whose value changes",
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
    let o = game.coords.orientation;
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
    let neutral = neutral_spaces(game, state, c, tile, &held);
    let placed = state.tokens().filter(|(_, _, co)| *co == company).count();
    let home_hex = info.home.as_ref().and_then(|h| game.hex(h).ok());
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
        None => {
            let home_city = info.home_city.filter(|_| home_hex == Some(c));
            let mut taken = held.clone();
            for s in neutral.keys() {
                taken.insert(*s, "a neutral token".into());
            }
            // A space only a neutral token fills is chosen, and refused
            // below by the rule that names the phase.
            pick_space(tile, rot, &taken, home_city, o)
                .or_else(|e| pick_space(tile, rot, &held, home_city, o).map_err(|_| e))
                .map_err(|e| Error::Impossible(format!("hex {addr}: {e}")))?
        }
    };
    let city = tile.city_of_space(space).expect("space checked above");
    let mut v = Vec::new();
    if let Some(phase) = neutral.get(&space) {
        v.push(violation(
            "until phase",
            format!("hex {addr}: token space {space} holds a neutral token until phase {phase}"),
        ));
    }
    if placed as u32 >= info.tokens {
        v.push(violation(
            "tokens left",
            format!("{company} has placed all {} of its tokens", info.tokens),
        ));
    }
    if held.values().any(|co| co == company) {
        v.push(violation(
            "one token per hex",
            format!("{company} already has a token on hex {addr}"),
        ));
    }
    if let Some(why) = reserved_for_other(game, c, tile, city, company, &held, &neutral) {
        v.push(violation("home reserved", why));
    }
    match (&info.home, home_hex == Some(c), placed) {
        (Some(h), false, 0) => v.push(violation(
            "home",
            format!("{company}'s first token goes on its home hex {h}, not {addr}"),
        )),
        (Some(h), true, 0) => {
            if let Some(home_city) = info.home_city.filter(|&k| k != city) {
                let faces = city_faces(tile, rot);
                v.push(violation(
                    "home",
                    format!(
                        "{company}'s home is city {home_city} of {h} (joined to {}), not city {city} (joined to {})",
                        faces_word(&faces[home_city.min(faces.len() - 1)], o),
                        faces_word(&faces[city], o)
                    ),
                ));
            }
        }
        (None, _, 0) => {
            if let Some(why) = first_token_broken(game, state, c, city, info) {
                v.push(violation("first token", why));
            }
        }
        _ => {
            if !reach::from_tokens(game, state, company).has_city(c, city) {
                v.push(violation(
                    "reachable",
                    format!(
                        "{company} cannot reach the city on hex {addr} over track from its tokens"
                    ),
                ));
            }
        }
    }
    Ok(TokenPlacement {
        space,
        violations: v,
    })
}

/// The spaces a neutral token fills on hex `c` in this phase, with the
/// phase that clears it: the last free space of each such city.
fn neutral_spaces(
    game: &Game,
    state: &MapState,
    c: Coord,
    tile: &Tile,
    held: &BTreeMap<usize, String>,
) -> BTreeMap<usize, String> {
    let mut out = BTreeMap::new();
    for city in 0..tile.cities.len() {
        if let Some(early) = game.neutral_token(c, city, state.phase)
            && let Some(s) = tile
                .spaces_of_city(city)
                .rev()
                .find(|s| !held.contains_key(s))
        {
            out.insert(s, game.phases[early.until].name.clone());
        }
    }
    out
}

/// Why another company's home reservation keeps `company` out of `city`
/// on hex `c`, if it does. A company with a printed home reserves a space
/// there (in its `home_city`, else in a one-city hex's city, else anywhere
/// in the hex) until its own token is placed.
fn reserved_for_other(
    game: &Game,
    c: Coord,
    tile: &Tile,
    city: usize,
    company: &str,
    held: &BTreeMap<usize, String>,
    neutral: &BTreeMap<usize, String>,
) -> Option<String> {
    let free = |spaces: std::ops::Range<usize>| {
        spaces
            .filter(|s| !held.contains_key(s) && !neutral.contains_key(s))
            .count()
    };
    let waiting: Vec<(&str, Option<usize>)> = game
        .companies
        .iter()
        .filter(|o| o.abbrev != company)
        .filter(|o| o.home.as_ref().and_then(|h| game.hex(h).ok()) == Some(c))
        .filter(|o| !held.values().any(|co| *co == o.abbrev))
        .map(|o| {
            let reserved = o
                .home_city
                .or((tile.cities.len() == 1).then_some(0))
                .filter(|&k| k < tile.cities.len());
            (o.abbrev.as_str(), reserved)
        })
        .collect();
    let in_city: Vec<&str> = waiting
        .iter()
        .filter(|(_, k)| *k == Some(city))
        .map(|(co, _)| *co)
        .collect();
    let in_hex: Vec<&str> = waiting
        .iter()
        .filter(|(_, k)| k.is_none())
        .map(|(co, _)| *co)
        .collect();
    let addr = game.format(c);
    if !in_city.is_empty() && free(tile.spaces_of_city(city)) <= in_city.len() {
        return Some(format!(
            "hex {addr}: the city's free space is reserved for {}'s home token until it is placed",
            in_city.join(", ")
        ));
    }
    (!in_hex.is_empty() && free(0..tile.token_spaces()) <= in_hex.len()).then(|| {
        format!(
            "hex {addr}: the last free space is reserved for {}'s home token until it is placed",
            in_hex.join(", ")
        )
    })
}

/// Where a company that chooses its home may put its first token.
fn first_token_broken(
    game: &Game,
    state: &MapState,
    c: Coord,
    city: usize,
    info: &crate::game::Company,
) -> Option<String> {
    use crate::game::FirstToken;
    let rule = info.first_token?;
    let addr = game.format(c);
    let (tile, _) = state.tile_at(game, c)?;
    let city_empty = |c: Coord, city: usize, tile: &Tile| {
        let held = state.tokens_at(c);
        let neutral = game.neutral_token(c, city, state.phase).is_some();
        !neutral
            && tile
                .spaces_of_city(city)
                .all(|s| held.is_none_or(|h| !h.contains_key(&s)))
    };
    let hex_has_company_token = |c: Coord| state.tokens_at(c).is_some_and(|h| !h.is_empty());
    let co = &info.abbrev;
    let city_taken = || {
        (!city_empty(c, city, tile)).then(|| {
            format!("{co} starts in a city holding no token; the city on hex {addr} holds one")
        })
    };
    match rule {
        FirstToken::EmptyCity => city_taken(),
        FirstToken::UnconnectedEmptyCity => city_taken().or_else(|| {
            reach::joins_another_stop(game, state, c).then(|| {
                format!("{co} starts in a hex no track joins to another stop; hex {addr} is joined")
            })
        }),
        FirstToken::EmptyHexUnconnectedFirst => {
            if hex_has_company_token(c) {
                return Some(format!(
                    "{co} starts in a hex holding no company's token; hex {addr} holds one"
                ));
            }
            if !reach::joins_another_stop(game, state, c) {
                return None;
            }
            // Joined hexes are allowed only when no open hex is unjoined.
            // An open hex holds no token, so only neutral ones fill spaces.
            let open_unjoined = game.hexes.keys().copied().find(|&h| {
                !hex_has_company_token(h)
                    && state.tile_at(game, h).is_some_and(|(t, _)| {
                        let neutral = neutral_spaces(game, state, h, t, &BTreeMap::new());
                        !t.colour.ends_routes()
                            && (0..t.token_spaces()).any(|s| !neutral.contains_key(&s))
                    })
                    && !reach::joins_another_stop(game, state, h)
            });
            open_unjoined.map(|h| {
                format!(
                    "{co} starts in a hex no track joins to another stop while one is open (e.g. {}); hex {addr} is joined",
                    game.format(h)
                )
            })
        }
    }
}

/// The first free token space, when the choice does not matter.
fn pick_space(
    tile: &Tile,
    rot: Rotation,
    held: &BTreeMap<usize, String>,
    home_city: Option<usize>,
    o: Orientation,
) -> Result<usize, String> {
    if let Some(s) = home_city.and_then(|k| {
        (k < tile.cities.len())
            .then(|| tile.spaces_of_city(k).find(|s| !held.contains_key(s)))
            .flatten()
    }) {
        return Ok(s);
    }
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
                .map(|(city, s)| format!("{s} (city joined to {})", faces_word(&faces[*city], o)))
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
            LayBy {
                company: Some("CPR"),
                private: None,
            },
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
            vec!["tile lay"]
        );
        assert_eq!(
            lay_rule_verdict(LayRule::Restrictive, "E11", "20"),
            vec!["tile lay"]
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
                LayBy {
                    company: Some("CPR"),
                    private: None,
                },
            );
            let rules: Vec<&str> = lay.unwrap().violations.iter().map(|v| v.rule).collect();
            assert_eq!(
                !rules.contains(&"tile lay"),
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
