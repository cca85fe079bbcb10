//! A title's private companies as its game file writes them: what each
//! does on the map (lays, tokens, markers, bonuses) and when it closes.

use crate::tile::TileId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A private company of the title, as 18xx.games lists it (its sym and
/// name), with what it does on the map; one whose ability lays tiles or
/// places a token names its hexes and tiles here.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Private {
    pub abbrev: super::PrivateId,
    pub name: String,
    /// What it does on the map, or that it does nothing there: every
    /// private says which, so that none is taken for forgotten. Checked
    /// against the rest of the file when it loads.
    pub on_map: OnMap,
    /// Hexes where it may lay (none: it lays nothing and places no token).
    #[serde(default)]
    pub hexes: Vec<String>,
    /// Tiles it may lay there (none for a private that only places a
    /// token).
    #[serde(default)]
    pub tiles: Vec<TileId>,
    /// The public marker (a `pass_through` rule's) its use puts on the hex
    /// it lays on or is assigned to (18xx.games's 1817: a mine private's
    /// tile carries a `mine`, a bridge company's assignment a `bridge`).
    #[serde(default)]
    pub marker: Option<String>,
    /// Rules its lay is exempt from, by name (`phase colour`, `tile lay`);
    /// `reachable` lets its company put a token on its hexes without a
    /// route (18Texas's teleports to Houston and San Antonio).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub waives: Vec<super::Rule>,
    /// True when its tiles can be laid only through it (1889's port 437).
    #[serde(default)]
    pub exclusive: bool,
    /// True when using its ability closes it (18xx.games: 1856's Great
    /// Lakes Shipping once its port marker is down, 18AL's New Decatur
    /// Yards and 18MS's Mobile & Ohio once their train discount is used):
    /// an import drops it after the record's action by it. A marker it
    /// placed stays (`SYM@HEX`).
    #[serde(default)]
    pub closes_on_use: bool,
    /// True when using its ability closes it as that operating round
    /// ends, not at once (18xx.games's 1856 Waterloo & Saugeen: its lay or
    /// its token on Kitchener marks it used, and it closes when the round
    /// finishes): an import drops it at the round's end after the
    /// record's action by it.
    #[serde(default)]
    pub closes_at_round_end_on_use: bool,
    /// The use that closes it, when it is not the first (18xx.games's
    /// `closed_when_used_up` on an ability of `count` 2 or more: 1817's
    /// Coal Mine lays two mine tiles, its Major Coal Mine three): an
    /// import drops it after the record's Nth action by it. At least 2
    /// (one use is `closes_on_use`), and not beside the other two.
    #[serde(default)]
    #[schemars(range(min = 2))]
    pub closes_after_uses: Option<std::num::NonZeroU32>,
    /// The marker its marker becomes when it is assigned again to the hex
    /// its marker is on, which closes it (18xx.games's 1870 Gulf Shipping:
    /// a second `assign` to its port closes the port, `GSC` becoming
    /// `GSCᶜ`, held by the same company and outliving the private). A
    /// private whose `SYM@HEX` the file knows (a bonus's `private`).
    #[serde(default)]
    pub reassign_closes_as: Option<super::PrivateId>,
    /// What its token is, beyond one placed where `reachable` is waived
    /// (18xx.games's `token` ability of a private: 1846's Chicago and
    /// Western Indiana).
    #[serde(default)]
    pub token: Option<PrivateToken>,
}

impl Private {
    /// True for the engine's hidden company standing for the rules until
    /// a phase (1867's and 1861's "3"): no company ever owns it.
    pub fn holds_early_rules(&self) -> bool {
        matches!(&self.on_map, OnMap::Does(e) if e.contains(&MapEffect::UntilPhase))
    }
}

/// What a private company does on the map (18xx.games's abilities), so
/// that a save may name any private and a reader sees why one changes
/// nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum OnMap {
    /// Nothing a lay, a token or a route sees: shares, money, a discount,
    /// a train bought cheaper.
    Nothing,
    /// Each thing it does there.
    Does(Vec<MapEffect>),
}

/// One thing a private does on the map, and where the game file models it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum MapEffect {
    /// Lays tiles: its `hexes` and `tiles`.
    Lays,
    /// Places a token on its `hexes`, without a route (`reachable`
    /// waived) or in a space of its own (`token`).
    Token,
    /// Its owner earns a route bonus: a `bonuses` entry names it
    /// (`private`, as `SYM` or its marker `SYM@HEX`).
    Bonus,
    /// Its buyer gets a train (`from_18xx_games.mechanisms`: `FreeTrains`).
    Train,
    /// It is a minor whose buyer gets its home token
    /// (`companies[].token_to_buyer`).
    Minor,
    /// The rules until a phase begins (`until_phase`): 1867's and 1861's
    /// hidden company "3".
    UntilPhase,
    /// Puts a public marker on its `hexes` (`marker`, a `pass_through`
    /// rule's: 1817's mines and bridges), paying every company's routes.
    Marker,
    /// No tile may be laid on these hexes while a player owns it
    /// (18xx.games's `blocks_hexes`). Not modelled: hexroute takes the map
    /// as the players made it.
    Blocks(Vec<String>),
}

/// A private's token: where on its hexes it goes, whether it is one of
/// the company's own, and the space it holds before a company owns it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrivateToken {
    /// The one city of its hexes the token may go in (the C&WI's city 3
    /// of Chicago, by the southeast entrance); without it, any.
    #[serde(default)]
    pub city: Option<usize>,
    /// The token is one beyond the company's own count, and only the
    /// company owning the private (a save's `privates`) places it
    /// (18xx.games gives the company a new token for the C&WI's).
    #[serde(default)]
    pub extra: bool,
    /// The first space of `city` on its one hex is held for it until a
    /// company owns the private or the privates close (18xx.games's
    /// `reservation` removed when `sold`).
    #[serde(default)]
    pub reserves: bool,
}
