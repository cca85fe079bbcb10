//! The checks of one tile lay at one rotation, without the most-exits rule
//! (which compares lays, see `mod.rs`): one function per rule, each
//! returning its violations, run in a fixed order so that messages and
//! their order never change.

use super::cost::lay_cost;
use super::lay_rule::lay_rule_broken;
use super::moves::move_tokens;
use super::shape::{city_faces, faces_word, stops_word, town_faces};
use super::{Lay, LayBy, LayKind, Site, Violation, refusals, violation};
use crate::error::Error;
use crate::game::{Game, Private, Rule};
use crate::geometry::{Coord, Face, Orientation, Rotation};
use crate::state::MapState;
use crate::tile::{Colour, End, Tile, TileId};
use std::collections::BTreeSet;

/// One lay being judged: what every rule looks at.
struct Check<'a> {
    game: &'a Game,
    state: &'a MapState,
    c: Coord,
    addr: String,
    name: &'a str,
    new: &'a Tile,
    rotation: Rotation,
    current: Option<(&'a Tile, Rotation)>,
    old_faces: BTreeSet<Face>,
    new_faces: BTreeSet<Face>,
    /// `stop_upgrades` allow this replacement (colour and stops aside).
    stop_upgrade: bool,
    /// An exclusive private lays one of its own tiles on one of its hexes
    /// and waives the upgrade colour: it may replace a fixed tile (red,
    /// blue or printed grey), as 18xx.games's special lays do (1888's
    /// Terracotta Army on Xi'an, its Yanda ferries on Dalian and Yantai).
    special: bool,
}

/// How far to judge a lay: every rule it breaks (to say why it is
/// refused), or only whether it is legal. The tile-lay rule searches the
/// map from the company's tokens, the dearest check by far, so a lay
/// already refused by another rule that no private can waive skips it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Judge {
    Every,
    Legality,
}

/// Judges laying `name` at `rotation` on hex `c` by every rule but most
/// exits. `Err` is a structural impossibility.
pub(super) fn check_lay_plain(
    site: Site,
    name: &str,
    rotation: Rotation,
    judge: Judge,
) -> Result<Lay, Error> {
    let Site {
        game,
        state,
        c,
        kind,
        by,
    } = site;
    let new = game.tile(name)?;
    let current = state.tile_at(game, c);
    let laid = state.hexes.get(&c).and_then(|h| h.tile.as_ref()).is_some();
    // A tile whose stops change (1856's towns) upgrades, whatever its colour;
    // so does a printed tile of a colour (18NewEngland's yellow Lowell).
    let stop_upgrade = current.is_some_and(|(t, _)| {
        (laid || t.colour != Colour::Blank) && game.stop_upgrade(&t.name, name, state.phase, c)
    });
    let kind = if stop_upgrade { LayKind::Upgrade } else { kind };
    let k = Check {
        game,
        state,
        c,
        addr: game.format(c),
        name,
        new,
        rotation,
        current,
        old_faces: current
            .map(|(t, r)| t.faces(r).into_iter().collect())
            .unwrap_or_default(),
        new_faces: new.faces(rotation).into_iter().collect(),
        stop_upgrade,
        special: by.private.is_some_and(|p| special_lay(game, c, name, p)),
    };
    k.site_open(laid)?;
    let mut v = match kind {
        LayKind::Place => k.place()?,
        LayKind::Upgrade => k.upgrade()?,
    };
    v.extend(k.phase_colour());
    v.extend(k.supply());
    v.extend(k.labels());
    v.extend(k.track_preserved());
    v.extend(k.track_into_nowhere());
    v.extend(k.stubs());
    v.extend(k.until_phase());
    v.extend(k.private_tile(by));
    let o = game.coords.orientation;
    let mut lay = Lay {
        tile: TileId::from(name),
        rotation,
        tokens: move_tokens(state, c, current, new, rotation, o),
        violations: v,
        cost: lay_cost(game, state, c, laid, &k.old_faces, &k.new_faces),
    };
    let refused = judge == Judge::Legality && by.private.is_none() && !lay.violations.is_empty();
    if let Some(company) = by.company
        && !refused
        && let Some(why) = lay_rule_broken(game, state, c, &lay, company)
    {
        lay.violations.push(violation(Rule::TileLay, why));
    }
    if let Some(p) = by.private {
        apply_private(game, c, &mut lay, p);
    }
    refusals::sort_most_telling(&mut lay.violations);
    Ok(lay)
}

impl Check<'_> {
    /// Off-board, water and printed grey hexes take no tile at all.
    fn site_open(&self, laid: bool) -> Result<(), Error> {
        let addr = &self.addr;
        if self.special {
            return Ok(());
        }
        match self.current.map(|(t, _)| t.colour) {
            Some(Colour::Red) | Some(Colour::Blue) => Err(Error::Impossible(format!(
                "hex {addr} is an off-board or water hex; no tile can be laid there"
            ))),
            Some(Colour::Grey) if !laid => Err(Error::Impossible(format!(
                "hex {addr} is printed grey and can never be upgraded"
            ))),
            _ => Ok(()),
        }
    }

    /// A first tile: the hex must be empty, the tile yellow, with the
    /// hex's stops.
    fn place(&self) -> Result<Vec<Violation>, Error> {
        let (addr, name, new) = (&self.addr, self.name, self.new);
        if let Some((t, _)) = self.current.filter(|(t, _)| t.colour != Colour::Blank) {
            return Err(Error::Impossible(format!(
                "hex {addr} already has {} tile {}; replace it with `hexroute upgrade`",
                t.colour, t.name
            )));
        }
        let mut v = Vec::new();
        if new.colour != Colour::Yellow {
            v.push(violation(
                Rule::YellowFirst,
                format!(
                    "tile {name} is {}; only yellow tiles go on an empty hex (lay yellow, then upgrade)",
                    new.colour
                ),
            ));
        }
        let (cities, towns) = self
            .current
            .map(|(t, _)| (t.cities.len(), t.towns.len()))
            .unwrap_or((0, 0));
        // A printed tile `stop_upgrades` names may take other stops
        // (18CO's Colorado Springs: one city, then co5's two).
        let stops_change = (self.current).is_some_and(|(t, _)| {
            self.game
                .stop_upgrade(&t.name, name, self.state.phase, self.c)
        });
        if (new.cities.len(), new.towns.len()) != (cities, towns) && !stops_change {
            v.push(violation(
                Rule::SameStops,
                format!(
                    "hex {addr} has {} but tile {name} has {}",
                    stops_word(cities, towns),
                    stops_word(new.cities.len(), new.towns.len())
                ),
            ));
        }
        Ok(v)
    }

    /// An upgrade: a tile to replace, the next colour, the same stops
    /// (cities may merge).
    fn upgrade(&self) -> Result<Vec<Violation>, Error> {
        let (addr, name, new) = (&self.addr, self.name, self.new);
        let Some((old, _)) = self.current.filter(|(t, _)| t.colour != Colour::Blank) else {
            return Err(Error::Impossible(format!(
                "hex {addr} has no tile to upgrade; lay a yellow tile with `hexroute place`"
            )));
        };
        if old.permanent {
            return Err(Error::Impossible(format!(
                "tile {} on hex {addr} is permanent and cannot be upgraded",
                old.name
            )));
        }
        if self.stop_upgrade {
            return Ok(Vec::new());
        }
        let mut v = Vec::new();
        match old.colour.next_upgrade() {
            Some(next) if next == new.colour => {}
            Some(next) => v.push(violation(
                Rule::UpgradeColour,
                format!(
                    "{} tile {} upgrades to a {next} tile, not to {} tile {name}",
                    old.colour, old.name, new.colour
                ),
            )),
            None if self.special => v.push(violation(
                Rule::UpgradeColour,
                format!("{} tile {} is fixed", old.colour, old.name),
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
        let may_split = self.game.rules.labelled_cities_may_split
            && !self.game.hexes[&self.c].labels.is_empty();
        if nt != ot || (nc > oc && !may_split) || (nc == 0) != (oc == 0) {
            v.push(violation(
                Rule::SameStops,
                format!(
                    "tile {} has {} but tile {name} has {}",
                    old.name,
                    stops_word(oc, ot),
                    stops_word(nc, nt)
                ),
            ));
        }
        Ok(v)
    }

    /// The phase allows the tile's colour.
    fn phase_colour(&self) -> Option<Violation> {
        let phase = &self.game.phases[self.state.phase];
        (!phase.tiles.contains(&self.new.colour)).then(|| {
            violation(
                Rule::PhaseColour,
                format!(
                    "phase {} allows {} tiles, not {} (tile {})",
                    phase.name,
                    phase.tiles_word(),
                    self.new.colour,
                    self.name
                ),
            )
        })
    }

    /// The tile is one players lay, with a copy left.
    fn supply(&self) -> Option<Violation> {
        let name = self.name;
        match self.game.tile_count(name) {
            None => Some(violation(
                Rule::Supply,
                format!("tile {name} is printed on the map, not a tile players lay"),
            )),
            Some(count) => {
                let used = self
                    .state
                    .laid_tiles()
                    .filter(|(_, t, _)| *t == name)
                    .count();
                (!count.allows(used)).then(|| {
                    violation(
                        Rule::Supply,
                        format!("all {count} copies of tile {name} are on the map"),
                    )
                })
            }
        }
    }

    /// The tile's labels are the hex's, and a labelled hex takes a
    /// labelled tile. A laid tile's labels are the hex's from then on
    /// (18xx.games matches an upgrade's label to the tile it replaces:
    /// 1817's B city tile X00, laid on Pittsburgh by a private, takes the
    /// B tiles 592, 593 and 597); but not a label the hex itself ends at
    /// the new tile's colour (18MEX's Guadalajara: G on its brown tile
    /// only, the grey 455 unlabelled).
    fn labels(&self) -> Option<Violation> {
        let new = self.new;
        let hex = &self.game.hexes[&self.c];
        let ended = |l: &String| {
            (hex.future_labels.iter())
                .any(|f| f.label == *l && f.until.is_some_and(|u| u <= new.colour))
        };
        let mut hex_labels = hex.labels_for(new.colour);
        if self
            .state
            .hexes
            .get(&self.c)
            .is_some_and(|h| h.tile.is_some())
            && let Some((old, _)) = self.current
        {
            for l in &old.labels {
                if !hex_labels.contains(l) && !ended(l) {
                    hex_labels.push(l.clone());
                }
            }
        }
        let hex_labels = &hex_labels;
        let fits_labels = new.labels.iter().all(|l| hex_labels.contains(l))
            && (hex_labels.is_empty() || !new.labels.is_empty());
        (!fits_labels).then(|| {
            violation(
                Rule::Labels,
                format!(
                    "tile {} is labelled [{}] but hex {} is labelled [{}]",
                    self.name,
                    new.labels.join(","),
                    self.addr,
                    hex_labels.join(",")
                ),
            )
        })
    }

    /// An upgrade keeps every connection of the old tile.
    fn track_preserved(&self) -> Option<Violation> {
        let (old, old_rot) = self.current?;
        let o = self.game.coords.orientation;
        let lost = lost_track(old, old_rot, self.new, self.rotation, o, self.stop_upgrade)?;
        Some(violation(
            Rule::TrackPreserved,
            format!(
                "tile {} at rotation {} drops tile {}'s old track ({lost})",
                self.name, self.rotation, old.name
            ),
        ))
    }

    /// New track may not end at a barrier, the map's edge or a fixed
    /// hex's blank side (unless the game allows dead ends).
    fn track_into_nowhere(&self) -> Vec<Violation> {
        let (game, o) = (self.game, self.game.coords.orientation);
        let mut v = Vec::new();
        for face in self.new.faces(self.rotation) {
            if self.old_faces.contains(&face) || game.rules.track_may_dead_end {
                continue;
            }
            if let Some(why) = blocked_edge(game, self.state, self.c, face)
                .filter(|_| !game.rules.track_may_meet_blank_sides || self.off_map_or_barrier(face))
            {
                v.push(violation(
                    Rule::TrackIntoNowhere,
                    format!(
                        "tile {} at rotation {}: new track at the {} side {why}",
                        self.name,
                        self.rotation,
                        face.compass(o)
                    ),
                ));
            }
        }
        v
    }

    /// True when new track at `face` would cross a barrier or leave the
    /// map: a dead end even where blank sides may be met.
    fn off_map_or_barrier(&self, face: Face) -> bool {
        let game = self.game;
        game.is_barrier(self.c, face)
            || !game
                .hexes
                .contains_key(&self.c.neighbour(face, game.coords.orientation))
    }

    /// Every printed track stub of the hex becomes an exit of the tile.
    fn stubs(&self) -> Option<Violation> {
        let o = self.game.coords.orientation;
        let map_hex = &self.game.hexes[&self.c];
        let stub = map_hex.stubs.iter().find(|f| !self.new_faces.contains(f))?;
        Some(violation(
            Rule::Stubs,
            format!(
                "hex {} has a printed track stub at the {} side; tile {} at rotation {} has no exit there",
                self.addr,
                stub.compass(o),
                self.name,
                self.rotation
            ),
        ))
    }

    /// Some hexes are closed to track until a later phase.
    fn until_phase(&self) -> Option<Violation> {
        let early = self.game.closed_by(self.c, self.state.phase)?;
        Some(violation(
            Rule::UntilPhase,
            format!(
                "hex {} is closed to track until phase {}",
                self.addr, self.game.phases[early.until].name
            ),
        ))
    }

    /// A private's own tile is laid only through that private (or one
    /// of the privates it belongs to: 1817's X00 is four privates').
    fn private_tile(&self, by: LayBy) -> Option<Violation> {
        let name = self.name;
        let p = self.game.exclusive_private(name)?;
        let owns_tile = |used: &Private| used.exclusive && used.tiles.iter().any(|t| t == name);
        by.private.is_none_or(|used| !owns_tile(used)).then(|| {
            violation(
                Rule::PrivateTile,
                format!(
                    "tile {name} is laid only through {} (--private {}) on {}",
                    p.name,
                    p.abbrev,
                    p.hexes.join(", ")
                ),
            )
        })
    }
}

/// True when private `p` lays its own tile `name` on its hex `c` with the
/// upgrade colour waived: an exclusive private's special tile, which may
/// replace a fixed one.
fn special_lay(game: &Game, c: Coord, name: &str, p: &Private) -> bool {
    p.exclusive
        && p.waives.contains(&Rule::UpgradeColour)
        && p.hexes.contains(&game.format(c))
        && p.tiles.iter().any(|t| t == name)
}

/// A private's special lay: allowed only on its hexes with its tiles, and
/// exempt from the rules it waives.
fn apply_private(game: &Game, c: Coord, lay: &mut Lay, p: &Private) {
    let addr = game.format(c);
    lay.violations.retain(|v| !p.waives.contains(&v.rule));
    if !p.hexes.contains(&addr) || !p.tiles.contains(&lay.tile) {
        lay.violations.push(violation(
            Rule::PrivateAbility,
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

/// The first connection of the old tile that the new one lacks, in words.
/// When `towns_may_go` (a stop upgrade), a town's sides may be kept by a
/// city or by track joining them.
fn lost_track(
    old: &Tile,
    old_rot: Rotation,
    new: &Tile,
    rot: Rotation,
    o: Orientation,
    towns_may_go: bool,
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
    let mut new_towns = town_faces(new, rot);
    if towns_may_go {
        new_towns.extend(city_faces(new, rot));
        new_towns.extend(new.track_rotated(rot).filter_map(|t| match (t.a, t.b) {
            (End::Face(a), End::Face(b)) => Some(BTreeSet::from([a, b])),
            _ => None,
        }));
    }
    kept(city_faces(old, old_rot), city_faces(new, rot), "city")
        .or_else(|| kept(town_faces(old, old_rot), new_towns, "town"))
}

/// Why new track may not leave hex `c` across `face`, if it may not.
fn blocked_edge(game: &Game, state: &MapState, c: Coord, face: Face) -> Option<String> {
    if game.is_barrier(c, face) {
        return Some("crosses a barrier".into());
    }
    let n = c.neighbour(face, game.coords.orientation);
    if !game.hexes.contains_key(&n) {
        if game.open_sides.contains(&(c, face)) {
            return None;
        }
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
