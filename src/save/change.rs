//! A history entry as the save holds it (the command, when, and what it
//! changed, before and after), read into a `state::Change` and written
//! back: the history's half of the save's JSON.

use super::*;

/// A history entry as saved: the command, when, and each changed hex before and after.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ChangeJson {
    /// The command as typed, without the program name.
    command: String,
    /// When, as UTC `YYYY-MM-DDTHH:MM:SSZ`.
    time: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    phase: Option<PhaseChange>,
    /// Each changed hex by address.
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "ordered")]
    #[schemars(with = "BTreeMap<String, HexChange>")]
    hexes: Vec<(String, HexChange)>,
    /// Each company whose trains changed, before and after.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "crate::unique::map"
    )]
    trains: BTreeMap<String, TrainsChange>,
    /// Each private company whose owner changed, before and after (null:
    /// no company owns it).
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "crate::unique::map"
    )]
    privates: BTreeMap<String, OwnerChange>,
    /// Each company whose standing changed, before and after: `open`,
    /// `closed`, `merged into CPR` or `receivership`.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "crate::unique::map"
    )]
    standing: BTreeMap<String, StandingChange>,
    /// The companies holding the one-run token, before and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lose_lowest: Option<LoseLowestChange>,
    /// The companies that have reached their destination, before and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    destinations_reached: Option<DestinationsChange>,
    /// The companies' sizes, before and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sizes: Option<SizesChange>,
    /// The routes companies' next runs must include, before and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    required_routes: Option<RequiredChange>,
    /// The tokens companies keep on their charters, before and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    charter_tokens: Option<CharterChange>,
}

/// The tokens companies keep on their charters before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CharterChange {
    #[serde(deserialize_with = "crate::unique::map")]
    before: BTreeMap<String, u32>,
    #[serde(deserialize_with = "crate::unique::map")]
    after: BTreeMap<String, u32>,
}

/// The routes companies' next runs must include, before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RequiredChange {
    #[serde(deserialize_with = "crate::unique::map")]
    before: RequiredJson,
    #[serde(deserialize_with = "crate::unique::map")]
    after: RequiredJson,
}

/// The companies' sizes before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SizesChange {
    #[serde(deserialize_with = "crate::unique::map")]
    before: BTreeMap<String, SizeJson>,
    #[serde(deserialize_with = "crate::unique::map")]
    after: BTreeMap<String, SizeJson>,
}

/// The companies that have reached their destination before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct DestinationsChange {
    before: BTreeSet<String>,
    after: BTreeSet<String>,
}

/// The companies holding the one-run token before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct LoseLowestChange {
    before: BTreeSet<String>,
    after: BTreeSet<String>,
}

/// A company's standing before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct StandingChange {
    before: String,
    after: String,
}

/// A private company's owner before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct OwnerChange {
    before: Option<String>,
    after: Option<String>,
}

/// A company's trains before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TrainsChange {
    before: Vec<String>,
    after: Vec<String>,
}

/// A phase change: names before and after.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct PhaseChange {
    before: String,
    after: String,
}

/// One hex before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct HexChange {
    before: HexJson,
    after: HexJson,
}

/// A list of recorded changes; a bad one is named by its place in `list`.
pub(super) fn changes_from_json(
    changes: Vec<ChangeJson>,
    game: &Game,
    list: &str,
) -> Result<Vec<Change>, Error> {
    changes
        .into_iter()
        .enumerate()
        .map(|(n, ch)| {
            change_from_json(ch, game).map_err(|e| e.context(format!("{list} entry {}", n + 1)))
        })
        .collect()
}

/// A private company's sym as the game spells it.
fn change_from_json(ch: ChangeJson, game: &Game) -> Result<Change, Error> {
    let phase = match ch.phase {
        Some(p) => Some((game.phase_index(&p.before)?, game.phase_index(&p.after)?)),
        None => None,
    };
    let mut hexes = BTreeMap::new();
    for (addr, hc) in ch.hexes {
        let c = game.hex(&addr)?;
        let before = hex_from_json(&addr, hc.before, game)?;
        let after = hex_from_json(&addr, hc.after, game)?;
        // `undo` writes `before` back: it must be a state a save can hold.
        check_token_spaces(game, c, &addr, &before)?;
        check_token_spaces(game, c, &addr, &after)?;
        hexes.insert(c, (before, after));
    }
    let mut trains = BTreeMap::new();
    for (company, tc) in ch.trains {
        let abbrev = game.company(&company)?.abbrev.clone();
        let before = train_names(game, tc.before).map_err(|e| trains_of(e, &company))?;
        let after = train_names(game, tc.after).map_err(|e| trains_of(e, &company))?;
        trains.insert(abbrev, (before, after));
    }
    let mut privates = BTreeMap::new();
    for (private, oc) in ch.privates {
        let sym = private_sym(game, &private)?;
        let owner = |o: Option<String>| -> Result<Option<CompanyId>, Error> {
            o.map(|co| {
                game.company(&co)
                    .map(|c| c.abbrev.clone())
                    .map_err(|e| e.context(format!("privates: {private}")))
            })
            .transpose()
        };
        privates.insert(sym, (owner(oc.before)?, owner(oc.after)?));
    }
    let mut standing = BTreeMap::new();
    for (company, sc) in ch.standing {
        let abbrev = game.company(&company)?.abbrev.clone();
        let read = |text: &str| -> Result<Standing, Error> {
            match Standing::parse(text) {
                Some(Standing::MergedInto(into)) => Ok(Standing::MergedInto(
                    game.company(&into)
                        .map_err(|e| e.context(format!("standing: {company}")))?
                        .abbrev
                        .clone(),
                )),
                Some(s) => Ok(s),
                None => Err(Error::SaveFile(format!(
                    "standing: {company}: \"{text}\" is no standing (open, closed, merged into COMPANY, receivership)"
                ))),
            }
        };
        standing.insert(abbrev, (read(&sc.before)?, read(&sc.after)?));
    }
    let lose_lowest = match ch.lose_lowest {
        Some(l) => Some((
            lose_lowest_in(game, &l.before)?,
            lose_lowest_in(game, &l.after)?,
        )),
        None => None,
    };
    let destinations = match ch.destinations_reached {
        Some(d) => Some((
            companies_in(game, &d.before, "destinations_reached")?,
            companies_in(game, &d.after, "destinations_reached")?,
        )),
        None => None,
    };
    let sizes = match ch.sizes {
        Some(s) => Some((
            sizes_from_json(game, &s.before, "sizes")?,
            sizes_from_json(game, &s.after, "sizes")?,
        )),
        None => None,
    };
    let required_routes = match ch.required_routes {
        Some(r) => Some((
            required_from_json(game, &r.before, "required_routes")?,
            required_from_json(game, &r.after, "required_routes")?,
        )),
        None => None,
    };
    let charter_tokens = match ch.charter_tokens {
        Some(c) => Some((
            super::charter_from_json(game, &c.before, "charter_tokens")?,
            super::charter_from_json(game, &c.after, "charter_tokens")?,
        )),
        None => None,
    };
    Ok(Change {
        command: ch.command,
        time: ch.time,
        phase,
        hexes,
        trains,
        privates,
        standing,
        lose_lowest,
        destinations,
        sizes,
        required_routes,
        charter_tokens,
    })
}

pub(super) fn change_to_json(ch: &Change, game: &Game) -> ChangeJson {
    let hexes = board_order(ch.hexes.iter().map(|(c, h)| (*c, h)));
    ChangeJson {
        command: ch.command.clone(),
        time: ch.time.clone(),
        phase: ch.phase.map(|(b, a)| PhaseChange {
            before: game.phases[b].name.clone(),
            after: game.phases[a].name.clone(),
        }),
        hexes: hexes
            .into_iter()
            .map(|(c, (b, a))| {
                (
                    game.format(c),
                    HexChange {
                        before: hex_to_json(b),
                        after: hex_to_json(a),
                    },
                )
            })
            .collect(),
        trains: ch
            .trains
            .iter()
            .map(|(co, (b, a))| {
                (
                    co.to_string(),
                    TrainsChange {
                        before: b.iter().map(TrainId::to_string).collect(),
                        after: a.iter().map(TrainId::to_string).collect(),
                    },
                )
            })
            .collect(),
        privates: ch
            .privates
            .iter()
            .map(|(p, (b, a))| {
                let name = |o: &Option<CompanyId>| o.as_ref().map(ToString::to_string);
                (
                    p.to_string(),
                    OwnerChange {
                        before: name(b),
                        after: name(a),
                    },
                )
            })
            .collect(),
        standing: ch
            .standing
            .iter()
            .map(|(co, (b, a))| {
                let change = StandingChange {
                    before: b.to_string(),
                    after: a.to_string(),
                };
                (co.to_string(), change)
            })
            .collect(),
        lose_lowest: ch.lose_lowest.as_ref().map(|(b, a)| {
            let names = |s: &BTreeSet<CompanyId>| s.iter().map(ToString::to_string).collect();
            LoseLowestChange {
                before: names(b),
                after: names(a),
            }
        }),
        destinations_reached: ch.destinations.as_ref().map(|(b, a)| {
            let names = |s: &BTreeSet<CompanyId>| s.iter().map(ToString::to_string).collect();
            DestinationsChange {
                before: names(b),
                after: names(a),
            }
        }),
        sizes: ch.sizes.as_ref().map(|(b, a)| SizesChange {
            before: sizes_to_json(b),
            after: sizes_to_json(a),
        }),
        required_routes: ch.required_routes.as_ref().map(|(b, a)| RequiredChange {
            before: required_to_json(game, b),
            after: required_to_json(game, a),
        }),
        charter_tokens: ch.charter_tokens.as_ref().map(|(b, a)| {
            let json = |m: &BTreeMap<CompanyId, u32>| {
                (m.iter()).map(|(co, n)| (co.to_string(), *n)).collect()
            };
            CharterChange {
                before: json(b),
                after: json(a),
            }
        }),
    }
}

/// Where an imported game came from, as saved.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ProvenanceJson {
    /// The record as named to `import`: a file name or an 18xx.games address.
    record: String,
    /// The record's game id, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    game: Option<String>,
    /// The record's title, as 18xx.games writes it.
    title: String,
    /// The last action replayed.
    action: u64,
}

impl From<ProvenanceJson> for Provenance {
    fn from(p: ProvenanceJson) -> Provenance {
        Provenance {
            record: p.record,
            game: p.game,
            title: p.title,
            action: p.action,
        }
    }
}

impl From<&Provenance> for ProvenanceJson {
    fn from(p: &Provenance) -> ProvenanceJson {
        ProvenanceJson {
            record: p.record.clone(),
            game: p.game.clone(),
            title: p.title.clone(),
            action: p.action,
        }
    }
}
