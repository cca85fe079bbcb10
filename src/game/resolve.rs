//! Turning a game file's definition into a checked [`Game`]: its
//! catalogues read, its map, tiles, trains, phases, companies, privates and
//! bonuses resolved, and everything commands rely on checked.

use super::*;
use crate::catalogue;
use crate::error::{Error, Result};
use crate::geometry::{Coord, Face, Rotation};
use crate::tile::{Tile, TileId};
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
        let tiles = catalogues(&def.catalogues, dir, &err)?;
        if def.phases.is_empty() {
            return Err(err("a game needs at least one phase".into()));
        }
        shifts_even(&def).map_err(err)?;
        super::sizes::check(&def).map_err(err)?;
        let r = Resolver {
            def: &def,
            err: &err,
        };
        let hexes = r.hexes(&tiles)?;
        let (barriers, water_sides) = r.sides()?;
        let open_sides = r.open_sides()?;
        let tile_counts = r.tile_counts(&tiles)?;
        let bonuses = r.bonuses()?;
        let offboard_groups = r.offboard_groups()?;
        let ports = r.ports(&hexes, &tiles, &offboard_groups)?;
        let free_stops = def
            .free_stops
            .iter()
            .map(|h| r.on_map(&hexes, h, "free_stops"))
            .collect::<Result<BTreeSet<Coord>>>()?;
        let min_stops = r.min_stops(&hexes)?;
        let pass_through = def
            .pass_through
            .iter()
            .map(|p| {
                let on_map = |h: &str, what: &str| r.on_map(&hexes, h, what);
                pass_through::resolve(p, ports.is_some(), on_map, &err)
            })
            .collect::<Result<Vec<_>>>()?;
        let second_homes = def
            .rules
            .second_home_hexes
            .iter()
            .map(|h| r.on_map(&hexes, h, "rules.second_home_hexes"))
            .collect::<Result<BTreeSet<Coord>>>()?;
        r.lift_tiles(&hexes)?;
        let homes = r.companies(&hexes)?;
        let early = r.early_rules(&hexes)?;
        let rusts = r.train_phases(&def.rusts, "rusts")?;
        let obsolete = r.train_phases(&def.obsolete, "obsolete")?;
        r.privates(&hexes, &tiles)?;
        let reservations = r.reservations(&hexes)?;
        let privates_kept = kept_privates(&def);
        let stop_upgrades = r.stop_upgrades(&tiles, &hexes)?;
        let privates_close = def
            .privates_close
            .as_ref()
            .map(|p| r.phase(p, "privates_close"))
            .transpose()?;
        let cannot_start = def
            .cannot_start
            .as_ref()
            .map(|c| Ok::<_, Error>((c.kind, r.phase(&c.phase, "cannot_start")?)))
            .transpose()?;
        let turns = turn::resolve(
            &def.rules.turns,
            |p, what| r.phase(p, what),
            |h, what| r.on_map(&hexes, h, what),
        )?;
        let mut game = Game {
            id: def.id,
            name: def.name,
            coords: def.coordinates,
            tiles,
            phases: def.phases,
            trains: def.trains,
            companies: def.companies,
            hexes,
            barriers,
            open_sides,
            water_sides,
            tile_counts,
            bonuses,
            offboard_groups,
            ports,
            free_stops,
            min_stops,
            pass_through,
            early,
            privates: def.privates,
            stop_upgrades,
            privates_close,
            privates_kept,
            reservations,
            cannot_start,
            rusts,
            obsolete,
            homes,
            second_homes,
            dividends: def.dividends,
            rules: def.rules,
            turns,
            import: def.import,
            from_18xx_games: None,
            former_numbering: def.former_numbering,
        };
        if let Some(play) = def.from_18xx_games {
            game.from_18xx_games = Some(mechanisms::resolve(play, &game, source)?);
        }
        check::loaded(&game, source)?;
        Ok(game)
    }
}

/// The privates whose effect outlives their closing: bonuses kept after
/// it, and tokens counted beyond their owner's own (the minors sold with
/// their token, the privates whose token is extra).
fn kept_privates(def: &GameDef) -> BTreeSet<Holding> {
    let bonuses = def
        .bonuses
        .iter()
        .filter(|b| b.after_close)
        .filter_map(|b| b.private.clone().map(Holding::from));
    let minors = def
        .companies
        .iter()
        .filter(|c| c.token_to_buyer)
        .map(|c| Holding::from(c.abbrev.as_str()));
    let extras = def
        .privates
        .iter()
        .filter(|p| p.token.as_ref().is_some_and(|t| t.extra))
        .map(|p| Holding::from(p.abbrev.clone()));
    bonuses.chain(minors).chain(extras).collect()
}

/// A number shift keeps each line's parity only if it is even, and an odd
/// one would make `first` lie.
fn shifts_even(def: &GameDef) -> std::result::Result<(), String> {
    let former = def
        .former_numbering
        .as_ref()
        .map(|f| ("former_numbering.shift", f.shift));
    let shifts = [("coordinates.shift", def.coordinates.shift)]
        .into_iter()
        .chain(former);
    for (field, shift) in shifts {
        if shift % 2 != 0 {
            return Err(format!("{field}: {shift} is odd; a shift must be even"));
        }
    }
    Ok(())
}

/// The catalogues a game names, built-in or beside its file, merged.
fn catalogues(
    names: &[String],
    dir: Option<&Path>,
    err: &dyn Fn(String) -> Error,
) -> Result<BTreeMap<TileId, Tile>> {
    let mut parts = Vec::new();
    for name in names {
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
    catalogue::merge(parts)
}

/// A game file being resolved, one part at a time; each part's error names
/// the file through `err`.
struct Resolver<'a> {
    def: &'a GameDef,
    err: &'a dyn Fn(String) -> Error,
}

type Hexes = BTreeMap<Coord, MapHex>;

impl Resolver<'_> {
    fn parse(&self, text: &str) -> Result<Coord> {
        self.def
            .coordinates
            .parse(text)
            .map_err(|e| (self.err)(e.to_string()))
    }

    fn parse_all(&self, texts: &[String]) -> Result<Vec<Coord>> {
        texts.iter().map(|h| self.parse(h)).collect()
    }

    /// A hex that must be on the map; `what` names the field.
    /// `min_stops` by hex; a hex named twice, or a rule asking for fewer
    /// than the two stops every route has, is refused.
    fn min_stops(&self, hexes: &Hexes) -> Result<BTreeMap<Coord, u32>> {
        let mut out = BTreeMap::new();
        for rule in &self.def.min_stops {
            if rule.stops < 2 {
                return Err((self.err)(format!(
                    "min_stops: {} stops asks for nothing (every route has 2): give 3 or more",
                    rule.stops
                )));
            }
            for h in &rule.hexes {
                let c = self.on_map(hexes, h, "min_stops")?;
                if out.insert(c, rule.stops).is_some() {
                    return Err((self.err)(format!("min_stops: hex {h} is named twice")));
                }
            }
        }
        Ok(out)
    }

    fn on_map(&self, hexes: &Hexes, h: &str, what: &str) -> Result<Coord> {
        let c = self.parse(h)?;
        if hexes.contains_key(&c) {
            Ok(c)
        } else {
            Err((self.err)(format!("{what}: hex {h} is not on the map")))
        }
    }

    fn phase(&self, name: &str, what: &str) -> Result<PhaseId> {
        self.def
            .phases
            .iter()
            .position(|p| p.name == name)
            .map(PhaseId)
            .ok_or_else(|| (self.err)(format!("{what}: unknown phase \"{name}\"")))
    }

    fn hexes(&self, tiles: &BTreeMap<TileId, Tile>) -> Result<Hexes> {
        let mut hexes = BTreeMap::new();
        for h in &self.def.hexes {
            let c = self.parse(&h.at)?;
            if let Some(t) = &h.tile
                && !tiles.contains_key(t)
            {
                return Err((self.err)(format!("hex {}: unknown tile \"{t}\"", h.at)));
            }
            let rotation = Rotation::checked(i64::from(h.rotation)).ok_or_else(|| {
                (self.err)(format!("hex {}: rotation {} is not 0-5", h.at, h.rotation))
            })?;
            let hex = MapHex {
                tile: h.tile.clone(),
                rotation,
                name: h.name.clone(),
                labels: h.labels.clone(),
                future_labels: h.future_labels.clone(),
                stubs: h.stubs.clone(),
                cost: h.cost.clone(),
            };
            if hexes.insert(c, hex).is_some() {
                return Err((self.err)(format!("hex {} is listed twice", h.at)));
            }
        }
        Ok(hexes)
    }

    /// The sides where track may leave the map: each on a hex of the map,
    /// facing a hex that is not.
    fn open_sides(&self) -> Result<BTreeSet<(Coord, Face)>> {
        let orientation = self.def.coordinates.orientation;
        let on_map: BTreeSet<Coord> = self
            .def
            .hexes
            .iter()
            .map(|h| self.parse(&h.at))
            .collect::<Result<_>>()?;
        let mut open = BTreeSet::new();
        for side in &self.def.open_sides {
            let c = self.parse(&side.at)?;
            if !on_map.contains(&c) || on_map.contains(&c.neighbour(side.face, orientation)) {
                return Err((self.err)(format!(
                    "open_sides: hex {} {}: not a side at the map's edge; name a hex of the \
                     map and its side facing off it",
                    side.at, side.face
                )));
            }
            open.insert((c, side.face));
        }
        Ok(open)
    }

    /// Barriers and water sides, each on both hexes it separates.
    #[allow(clippy::type_complexity)]
    fn sides(&self) -> Result<(BTreeSet<(Coord, Face)>, BTreeMap<(Coord, Face), u32>)> {
        let orientation = self.def.coordinates.orientation;
        let mut barriers = BTreeSet::new();
        for b in &self.def.barriers {
            let c = self.parse(&b.at)?;
            barriers.insert((c, b.face));
            barriers.insert((c.neighbour(b.face, orientation), b.face.opposite()));
        }
        let mut water_sides = BTreeMap::new();
        for w in &self.def.water_sides {
            let c = self.parse(&w.at)?;
            if barriers.contains(&(c, w.face)) {
                return Err((self.err)(format!(
                    "hex {} {}: a side is water or a barrier, not both",
                    w.at, w.face
                )));
            }
            water_sides.insert((c, w.face), w.cost);
            water_sides.insert(
                (c.neighbour(w.face, orientation), w.face.opposite()),
                w.cost,
            );
        }
        Ok((barriers, water_sides))
    }

    fn tile_counts(&self, tiles: &BTreeMap<TileId, Tile>) -> Result<Vec<(TileId, Supply)>> {
        let def = self.def;
        let counts: Vec<(TileId, Supply)> = def
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
        for (name, _) in &counts {
            if !tiles.contains_key(name) {
                return Err((self.err)(format!("tile_counts: unknown tile \"{name}\"")));
            }
            if !seen.insert(name) {
                return Err((self.err)(format!(
                    "tile_counts: tile \"{name}\" is listed twice"
                )));
            }
        }
        Ok(counts)
    }

    fn bonuses(&self) -> Result<Vec<Bonus>> {
        let mut bonuses = Vec::new();
        for b in &self.def.bonuses {
            let kind = match &b.kind {
                BonusKind::Visit(hs) => BonusKind::Visit(self.parse_all(hs)?),
                BonusKind::Connection { from, to_any } => BonusKind::Connection {
                    from: self.parse(from)?,
                    to_any: self.parse_all(to_any)?,
                },
                BonusKind::Between { one_of, and_one_of } => BonusKind::Between {
                    one_of: self.parse_all(one_of)?,
                    and_one_of: self.parse_all(and_one_of)?,
                },
                BonusKind::LongestRoute => BonusKind::LongestRoute,
            };
            if b.bonus > MAX_BONUS {
                return Err((self.err)(format!(
                    "bonus \"{}\": ${} is more than the ${MAX_BONUS} any game pays",
                    b.name, b.bonus
                )));
            }
            if b.others.is_some() && b.private.is_none() {
                return Err((self.err)(format!(
                    "bonus \"{}\": others: paid to the companies not owning its private; give `private`",
                    b.name
                )));
            }
            super::company_bonus::check(b, &self.def.companies)
                .map_err(|e| (self.err)(format!("bonus \"{}\": company: {e}", b.name)))?;
            for t in &b.trains {
                if !self.def.trains.iter().any(|d| d.name == t) {
                    return Err((self.err)(format!(
                        "bonus \"{}\": unknown train \"{t}\"",
                        b.name
                    )));
                }
            }
            let phases = b
                .phases
                .iter()
                .map(|p| self.phase(p, &format!("bonus \"{}\"", b.name)))
                .collect::<Result<Vec<PhaseId>>>()?;
            bonuses.push(Bonus {
                name: b.name.clone(),
                amount: b.bonus,
                optional: b.optional,
                multiplied: b.multiplied,
                kind,
                trains: b.trains.clone(),
                phases,
                private: b.private.clone().map(Holding::from),
                token_holders: b.token_holders,
                others: b.others,
                company: b.company.clone(),
                once_per_run: b.once_per_run,
            });
        }
        Ok(bonuses)
    }

    /// Each hex of an off-board group, mapped to the groups holding it (by
    /// their place in the file): a hex may be in several (18 Los Angeles
    /// 2's Oxnard is in W, NW and SW), a group names a hex once.
    fn offboard_groups(&self) -> Result<BTreeMap<Coord, Vec<usize>>> {
        let mut groups: BTreeMap<Coord, Vec<usize>> = BTreeMap::new();
        for (ix, g) in self.def.offboard_groups.iter().enumerate() {
            let hexes = self.parse_all(&g.hexes)?;
            if hexes.is_empty() {
                return Err((self.err)(format!("off-board group {} has no hex", g.name)));
            }
            for h in hexes {
                let of = groups.entry(h).or_default();
                if of.last() == Some(&ix) {
                    return Err((self.err)(format!(
                        "off-board group {} names hex {} twice",
                        g.name,
                        self.def.coordinates.format(h)
                    )));
                }
                of.push(ix);
            }
        }
        Ok(groups)
    }

    /// Ports are printed off-boards of one off-board group (so a route
    /// reaches one at most), and a route to one counts two stops at least.
    /// `from_18xx_games.mechanisms`' `LiftTiles` names hexes of the map and trains of
    /// the game.
    fn lift_tiles(&self, hexes: &Hexes) -> Result<()> {
        let lifts = self.def.from_18xx_games.iter().flat_map(|p| &p.mechanisms);
        let Some(lift) = lifts
            .filter_map(|m| match m {
                Mechanism::LiftTiles(lift) => Some(lift),
                _ => None,
            })
            .next()
        else {
            return Ok(());
        };
        for h in &lift.hexes {
            self.on_map(hexes, h, "from_18xx_games.mechanisms.LiftTiles")?;
        }
        if lift.trains.is_empty() {
            return Err((self.err)(
                "from_18xx_games.mechanisms.LiftTiles: no trains to draw from".into(),
            ));
        }
        for t in &lift.trains {
            if !self.def.trains.iter().any(|d| d.name == t) {
                return Err((self.err)(format!(
                    "from_18xx_games.mechanisms.LiftTiles: unknown train \"{t}\""
                )));
            }
        }
        Ok(())
    }

    fn ports(
        &self,
        hexes: &Hexes,
        tiles: &BTreeMap<TileId, Tile>,
        groups: &BTreeMap<Coord, Vec<usize>>,
    ) -> Result<Option<PortRule>> {
        let Some(p) = &self.def.ports else {
            return Ok(None);
        };
        let err = |msg: String| (self.err)(format!("ports: {msg}"));
        if p.min_stops < 2 {
            return Err(err(format!(
                "min_stops is {}; a route counts two stops at least",
                p.min_stops
            )));
        }
        let mut found = BTreeSet::new();
        let mut group: Option<Vec<usize>> = None;
        for h in &p.hexes {
            let c = self.on_map(hexes, h, "ports")?;
            let offboard = hexes[&c]
                .tile
                .as_ref()
                .and_then(|t| tiles.get(t))
                .is_some_and(|t| t.colour.ends_routes() && t.cities.len() + t.towns.len() == 1);
            if !offboard {
                return Err(err(format!(
                    "hex {h} is not a printed off-board of one stop"
                )));
            }
            // The groups holding every port so far: one must stay.
            let of = groups.get(&c).map(Vec::as_slice).unwrap_or_default();
            let shared: Vec<usize> = match group {
                None => of.to_vec(),
                Some(g) => of.iter().copied().filter(|x| g.contains(x)).collect(),
            };
            if shared.is_empty() {
                return Err(err(format!(
                    "hex {h} is not in the one off-board group holding every port"
                )));
            }
            group = Some(shared);
            found.insert(c);
        }
        if found.is_empty() {
            return Err(err("no hex is a port".into()));
        }
        Ok(Some(PortRule {
            hexes: found,
            min_stops: p.min_stops,
        }))
    }

    /// Company names are unique (aliases too), setup tokens on the map;
    /// returns the printed homes (whether each has a city is `check`'s).
    fn companies(&self, hexes: &Hexes) -> Result<BTreeMap<CompanyId, Coord>> {
        let mut seen = BTreeSet::new();
        let mut homes = BTreeMap::new();
        for c in &self.def.companies {
            if let Some(h) = &c.home {
                let at = self
                    .def
                    .coordinates
                    .parse(h)
                    .map_err(|e| (self.err)(format!("companies[{}].home: {e}", c.abbrev)))?;
                homes.insert(c.abbrev.clone(), at);
            }
            for name in
                std::iter::once(c.abbrev.as_str()).chain(c.aliases.iter().map(String::as_str))
            {
                if !seen.insert(name.to_ascii_uppercase()) {
                    return Err((self.err)(format!(
                        "company name {name} is used twice (abbreviations and aliases)"
                    )));
                }
            }
            for t in c.setup_tokens.iter().chain(&c.home_tokens) {
                let at = self.parse(&t.at)?;
                if !hexes.contains_key(&at) {
                    return Err((self.err)(format!(
                        "{}'s setup or home token: hex {} is not on the map",
                        c.abbrev, t.at
                    )));
                }
            }
        }
        Ok(homes)
    }

    fn early_rules(&self, hexes: &Hexes) -> Result<Vec<EarlyRules>> {
        let mut early = Vec::new();
        for u in &self.def.until_phase {
            early.push(EarlyRules {
                until: self.phase(&u.phase, "until_phase")?,
                closed_hexes: u
                    .closed_hexes
                    .iter()
                    .map(|h| self.on_map(hexes, h, "until_phase"))
                    .collect::<Result<_>>()?,
                neutral_tokens: u
                    .neutral_tokens
                    .iter()
                    .map(|n| Ok((self.on_map(hexes, &n.at, "neutral token")?, n.city)))
                    .collect::<Result<_>>()?,
            });
        }
        Ok(early)
    }

    /// `rusts` or `obsolete`: trains of the game, phases of the game.
    fn train_phases(
        &self,
        list: &[(TrainId, String)],
        field: &str,
    ) -> Result<Vec<(TrainId, PhaseId)>> {
        let mut out = Vec::new();
        for (train, phase) in list {
            if !self.def.trains.iter().any(|t| t.name == train) {
                return Err((self.err)(format!("{field}: unknown train \"{train}\"")));
            }
            out.push((train.clone(), self.phase(phase, field)?));
        }
        Ok(out)
    }

    /// `stop_upgrades`: tiles of the game, a phase of the game.
    fn stop_upgrades(
        &self,
        tiles: &BTreeMap<TileId, Tile>,
        hexes: &Hexes,
    ) -> Result<Vec<(StopUpgrade, PhaseId)>> {
        let mut out = Vec::new();
        for u in &self.def.stop_upgrades {
            if let Some(t) = u.from.iter().chain(&u.to).find(|t| !tiles.contains_key(*t)) {
                return Err((self.err)(format!("stop_upgrades: unknown tile \"{t}\"")));
            }
            for h in &u.hexes {
                self.on_map(hexes, h, "stop_upgrades")?;
            }
            out.push((u.clone(), self.phase(&u.phase, "stop_upgrades")?));
        }
        Ok(out)
    }

    /// Each space held for a company (`reserved_tokens`, its phase one of
    /// the game's) or a private (`token.reserves`), on the map; whether
    /// its city and space exist is `check`'s.
    fn reservations(&self, hexes: &Hexes) -> Result<Vec<Reservation>> {
        let mut out = Vec::new();
        for c in &self.def.companies {
            for r in &c.reserved_tokens {
                let what = format!("companies[{}].reserved_tokens", c.abbrev);
                let until = r.until.as_ref().map(|p| self.phase(p, &what)).transpose()?;
                out.push(Reservation {
                    holder: Holder::Company {
                        company: c.abbrev.clone(),
                        until,
                        teleport: r.teleport,
                    },
                    at: self.on_map(hexes, &r.at, &what)?,
                    city: r.city,
                    slot: r.slot,
                });
            }
        }
        for p in &self.def.privates {
            let Some(t) = p.token.as_ref().filter(|t| t.reserves) else {
                continue;
            };
            let what = format!("{}: token.reserves", p.name);
            let (Some(city), [hex]) = (t.city, p.hexes.as_slice()) else {
                return Err((self.err)(format!(
                    "{what}: a private holds a space in one city of one hex; give `city` and one hex"
                )));
            };
            out.push(Reservation {
                holder: Holder::Private(p.abbrev.clone()),
                at: self.on_map(hexes, hex, &what)?,
                city,
                slot: 0,
            });
        }
        Ok(out)
    }

    /// Private companies lay on the map, tiles that exist, waiving only
    /// rules that may be waived.
    fn privates(&self, hexes: &Hexes, tiles: &BTreeMap<TileId, Tile>) -> Result<()> {
        for p in &self.def.privates {
            let blocked = match &p.on_map {
                super::OnMap::Does(effects) => effects.iter().find_map(|e| match e {
                    super::MapEffect::Blocks(hs) => Some(hs.as_slice()),
                    _ => None,
                }),
                super::OnMap::Nothing => None,
            };
            for h in p.hexes.iter().chain(blocked.into_iter().flatten()) {
                self.on_map(hexes, h, &p.name)?;
            }
            for t in &p.tiles {
                if !tiles.contains_key(t) {
                    return Err((self.err)(format!("{}: unknown tile \"{t}\"", p.name)));
                }
            }
            for w in &p.waives {
                if !w.is_waivable() {
                    return Err((self.err)(format!(
                        "{}: rule \"{w}\" cannot be waived (waivable: {})",
                        p.name,
                        Rule::waivable_words()
                    )));
                }
            }
        }
        Ok(())
    }
}

fn embedded_names() -> String {
    catalogue::EMBEDDED
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}
