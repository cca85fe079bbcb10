//! Turning a game file's definition into a checked [`Game`]: its
//! catalogues read, its map, tiles, trains, phases, companies, privates and
//! bonuses resolved, and everything commands rely on checked.

use super::*;
use crate::catalogue;
use crate::error::{Error, Result};
use crate::geometry::{Coord, Rotation};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

impl Game {
    pub fn from_ron(text: &str, source: &str, dir: Option<&Path>) -> Result<Game> {
        let def: GameDef = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
            .map_err(|e| Error::GameFile(format!("{source}: {e}")))?;
        Game::from_def(def, source, dir)
    }

    pub fn from_def(def: GameDef, source: &str, dir: Option<&Path>) -> Result<Game> {
        let err = |msg: String| Error::GameFile(format!("{source}: {msg}"));
        let mut parts = Vec::new();
        for name in &def.catalogues {
            let (label, text) = match catalogue::embedded(name) {
                Some(text) => (format!("catalogues/{name}.ron"), text.to_string()),
                None => {
                    let path = dir.map(|d| d.join(name)).unwrap_or_else(|| name.into());
                    let text = std::fs::read_to_string(&path).map_err(|e| {
                        err(format!(
                            "catalogue \"{name}\": {e} (built-in catalogues: {})",
                            embedded_names()
                        ))
                    })?;
                    (path.display().to_string(), text)
                }
            };
            parts.push((label.clone(), catalogue::parse(&text, &label)?));
        }
        let tiles = catalogue::merge(parts)?;
        if def.phases.is_empty() {
            return Err(err("a game needs at least one phase".into()));
        }
        let coords = def.coordinates;
        let parse = |text: &str| coords.parse(text).map_err(|e| err(e.to_string()));
        let mut hexes = BTreeMap::new();
        for h in &def.hexes {
            let c = parse(&h.at)?;
            if let Some(t) = &h.tile
                && !tiles.contains_key(t)
            {
                return Err(err(format!("hex {}: unknown tile \"{t}\"", h.at)));
            }
            let rotation = Rotation::checked(i64::from(h.rotation))
                .ok_or_else(|| err(format!("hex {}: rotation {} is not 0-5", h.at, h.rotation)))?;
            let hex = MapHex {
                tile: h.tile.clone(),
                rotation,
                name: h.name.clone(),
                labels: h.labels.clone(),
                stubs: h.stubs.clone(),
                cost: h.cost.clone(),
            };
            if hexes.insert(c, hex).is_some() {
                return Err(err(format!("hex {} is listed twice", h.at)));
            }
        }
        let mut barriers = BTreeSet::new();
        for b in &def.barriers {
            let c = parse(&b.at)?;
            barriers.insert((c, b.face));
            barriers.insert((c.neighbour(b.face, coords.orientation), b.face.opposite()));
        }
        let mut water_sides = BTreeMap::new();
        for w in &def.water_sides {
            let c = parse(&w.at)?;
            if barriers.contains(&(c, w.face)) {
                return Err(err(format!(
                    "hex {} {}: a side is water or a barrier, not both",
                    w.at, w.face
                )));
            }
            water_sides.insert((c, w.face), w.cost);
            water_sides.insert(
                (c.neighbour(w.face, coords.orientation), w.face.opposite()),
                w.cost,
            );
        }
        let tile_counts: Vec<(String, Supply)> = def
            .unlimited_tiles
            .iter()
            .map(|name| (name.clone(), Supply::Unlimited))
            .chain(
                def.tile_counts
                    .iter()
                    .map(|(name, n)| (name.clone(), Supply::Copies(*n))),
            )
            .collect();
        let mut seen = BTreeSet::new();
        for (name, _) in &tile_counts {
            if !tiles.contains_key(name) {
                return Err(err(format!("tile_counts: unknown tile \"{name}\"")));
            }
            if !seen.insert(name) {
                return Err(err(format!("tile_counts: tile \"{name}\" is listed twice")));
            }
        }
        let mut bonuses = Vec::new();
        for b in &def.bonuses {
            let kind = match &b.kind {
                BonusKind::Visit(hs) => {
                    BonusKind::Visit(hs.iter().map(|h| parse(h)).collect::<Result<_, _>>()?)
                }
                BonusKind::Connection { from, to_any } => BonusKind::Connection {
                    from: parse(from)?,
                    to_any: to_any.iter().map(|h| parse(h)).collect::<Result<_, _>>()?,
                },
            };
            if b.bonus > MAX_BONUS {
                return Err(err(format!(
                    "bonus \"{}\": ${} is more than the ${MAX_BONUS} any game pays",
                    b.name, b.bonus
                )));
            }
            bonuses.push(Bonus {
                name: b.name.clone(),
                amount: b.bonus,
                optional: b.optional,
                multiplied: b.multiplied,
                kind,
                trains: b.trains.clone(),
                phases: b.phases.clone(),
            });
        }
        let mut offboard_groups = BTreeMap::new();
        for g in &def.offboard_groups {
            let hexes = g
                .hexes
                .iter()
                .map(|h| parse(h))
                .collect::<Result<Vec<_>>>()?;
            let Some(&first) = hexes.iter().min() else {
                return Err(err(format!("off-board group {} has no hex", g.name)));
            };
            for h in hexes {
                if offboard_groups.insert(h, first).is_some() {
                    return Err(err(format!(
                        "hex {} is in two off-board groups",
                        coords.format(h)
                    )));
                }
            }
        }
        let mut seen = BTreeSet::new();
        for c in &def.companies {
            for name in std::iter::once(&c.abbrev).chain(&c.aliases) {
                if !seen.insert(name.to_ascii_uppercase()) {
                    return Err(err(format!(
                        "company name {name} is used twice (abbreviations and aliases)"
                    )));
                }
            }
            for t in &c.setup_tokens {
                let at = parse(&t.at)?;
                if !hexes.contains_key(&at) {
                    return Err(err(format!(
                        "{}'s setup token: hex {} is not on the map",
                        c.abbrev, t.at
                    )));
                }
            }
        }
        let phase_of = |name: &str, what: &str| {
            def.phases
                .iter()
                .position(|p| p.name == name)
                .ok_or_else(|| err(format!("{what}: unknown phase \"{name}\"")))
        };
        let on_map = |h: &str, what: &str| -> Result<Coord> {
            let c = parse(h)?;
            if hexes.contains_key(&c) {
                Ok(c)
            } else {
                Err(err(format!("{what}: hex {h} is not on the map")))
            }
        };
        let mut early = Vec::new();
        for u in &def.until_phase {
            early.push(EarlyRules {
                until: phase_of(&u.phase, "until_phase")?,
                closed_hexes: u
                    .closed_hexes
                    .iter()
                    .map(|h| on_map(h, "until_phase"))
                    .collect::<Result<_>>()?,
                neutral_tokens: u
                    .neutral_tokens
                    .iter()
                    .map(|n| Ok((on_map(&n.at, "neutral token")?, n.city)))
                    .collect::<Result<_>>()?,
            });
        }
        let mut rusts = Vec::new();
        for (train, phase) in &def.rusts {
            if !def.trains.iter().any(|t| &t.name == train) {
                return Err(err(format!("rusts: unknown train \"{train}\"")));
            }
            rusts.push((train.clone(), phase_of(phase, "rusts")?));
        }
        for p in &def.privates {
            for h in &p.hexes {
                on_map(h, &p.name)?;
            }
            for t in &p.tiles {
                if !tiles.contains_key(t) {
                    return Err(err(format!("{}: unknown tile \"{t}\"", p.name)));
                }
            }
            for w in &p.waives {
                if !w.is_waivable() {
                    return Err(err(format!(
                        "{}: rule \"{w}\" cannot be waived (waivable: {})",
                        p.name,
                        Rule::waivable_words()
                    )));
                }
            }
        }
        let game = Game {
            id: def.id,
            name: def.name,
            coords,
            tiles,
            phases: def.phases,
            trains: def.trains,
            companies: def.companies,
            hexes,
            barriers,
            water_sides,
            tile_counts,
            bonuses,
            offboard_groups,
            early,
            privates: def.privates,
            rusts,
            dividends: def.dividends,
            rules: def.rules,
            import: def.import,
        };
        check::loaded(&game, source)?;
        Ok(game)
    }
}

fn embedded_names() -> String {
    catalogue::EMBEDDED
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}
