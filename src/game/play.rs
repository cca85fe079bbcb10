//! The game file's `from_18xx_games`: what replaying an 18xx.games record
//! of the title needs beyond the map and the trains (`def` holds the rest
//! of the file's types).

use crate::tile::Colour;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What replaying an 18xx.games game record needs beyond the map and the
/// trains: what the engine does with no action of a player.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayDef {
    /// When a company's printed home token goes down.
    pub home_token: HomeTokenTiming,
    /// Percent of its shares sold that float a company (1889: 50).
    #[serde(default = "sixty")]
    pub float_percent: u32,
    /// What the engine does that the importer does not replay yet: a
    /// record is replayed up to where it starts, and no further.
    #[serde(default)]
    pub not_replayed: Option<NotReplayed>,
    /// The train whose first copy gives the token of `rules.lose_lowest`
    /// to its buyer and to every company owning a train (18TN's 3':
    /// 18xx.games's `civil_war` event); each gives it up at its next
    /// dividend.
    #[serde(default)]
    pub lose_lowest_with: Option<String>,
    /// Trains a company gets with a private company it buys.
    #[serde(default)]
    pub free_trains: Vec<FreeTrain>,
    /// What the engine does as an operating round begins, by its number
    /// in the game (18MS: phase 3 with the second; the + trains rust after
    /// the fourth, sixth and eighth).
    #[serde(default)]
    pub rounds: Vec<RoundEvent>,
    /// Phases that begin with the first of other trains than the one
    /// named like them (18MS's D: the first 2D, 4D or 5D).
    #[serde(default)]
    pub phase_trains: Vec<PhaseTrains>,
    /// The depot's trains in the order it sells them, with how many of
    /// each (`None`: no end): the train an export takes, and the check
    /// that no train left the depot unseen.
    #[serde(default)]
    pub depot: Vec<DepotTrains>,
    /// Phases in which the end of each operating round exports the
    /// depot's next train (1867: 4 to 7), which may begin a phase.
    #[serde(default)]
    pub export_phases: Vec<String>,
    /// The national company that takes a nationalised company's tokens
    /// (1867's CN).
    #[serde(default)]
    pub national: Option<NationalDef>,
    /// Trains (engine ids) the engine holds out of the depot and may put
    /// first in line later (1882's last 3, 4, 5 and 6, for the SC): one
    /// bought before the first of its kind is no sign of an unseen export.
    #[serde(default)]
    pub reserved_trains: Vec<String>,
    /// What a company's `special_buy` of an item gives it: the first of
    /// the item's privates no company holds (1856's bridge and tunnel tokens).
    #[serde(default)]
    pub special_buys: Vec<SpecialBuy>,
    /// Tiles the engine lifts from some hexes when the first copy of a
    /// train kind drawn by the game's seed is bought (1882's North West
    /// Rebellion).
    #[serde(default)]
    pub lift_tiles: Option<LiftTiles>,
    /// Companies the engine removes at setup by chance, their home tokens
    /// left on the map (1846's C&O, ERIE and PRR).
    #[serde(default)]
    pub removed_at_setup: Option<SetupRemoval>,
    /// The train (engine id) each minor starts with, its home token down
    /// from the start (1846's MS and BIG4: `2-0` and `2-1`).
    #[serde(default)]
    pub minors_start: Vec<MinorStart>,
    /// True when a company buying a minor (the private company of its sym)
    /// gets its trains and its token, unless it has one in that city (then
    /// the minor's leaves), and the minor closes; and when the minors close
    /// with the private companies, their tokens leaving the map (1846).
    #[serde(default)]
    pub minors_bought: bool,
    /// A national that companies merge into as it forms (1856's CGR).
    #[serde(default)]
    pub formation: Option<FormationDef>,
    /// The stock market and how the engine moves share prices, where a
    /// company closes as its price reaches a closing cell (1846): the
    /// replay follows every price to know when.
    #[serde(default)]
    pub share_prices: Option<super::market::SharePrices>,
    /// A company that absorbs one other once (18MEX's NdM merger).
    #[serde(default)]
    pub absorb: Option<super::absorb::AbsorbDef>,
    /// The phase as which every minor closes, its tokens leaving the map
    /// and its train the game (18MEX's A, B and C in phase 3½).
    #[serde(default)]
    pub minors_close: Option<String>,
    /// Hexes whose tiles the engine lays in pairs (18MEX's Mexico City
    /// and Puebla).
    #[serde(default)]
    pub twin_tiles: Vec<super::absorb::TwinTiles>,
}

/// A national formed from the companies that merge into it (18xx.games's
/// 1856 CGR, as the first 6 is bought): each names itself in a `merge`
/// action, and leaves the map at once, its trains and `rights` going to
/// the national. Once the merges end (the first action that is neither a
/// `merge` nor a `pass`), the national puts a token in each merged
/// company's home city, then one in each other city they held (none more
/// in a home's hex), and the merged companies close; which tokens go over
/// the national's limit, or twice in a hex, the record's `remove_token`
/// actions say.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormationDef {
    /// The national formed (1856's `CGR`).
    pub company: String,
    /// Groups of private companies (syms) of which a company holds one:
    /// the national takes a merged company's one of a group if it has none
    /// (1856's bridge and tunnel rights); any other goes back to the bank.
    #[serde(default)]
    pub rights: Vec<Vec<String>>,
}

/// An item a `special_buy` names (`description`), as private syms.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialBuy {
    /// The item as the engine describes it in the action.
    pub description: String,
    /// The private companies (syms) that are copies of the item.
    pub privates: Vec<String>,
}

/// Companies of `group` removed at setup: `removed_from` less the number
/// of players of them, those drawing the smallest of the engine's random
/// numbers (18xx.games's `sort_by { rand }`, one number each in group
/// order, the generator seeded as for `lift_tiles`). Before the group's,
/// the engine draws `draws` numbers, `per_player` more for each player,
/// and fewer under the optional rules of `fewer` (1846: one per private
/// company and pass card, and one per company of the two private groups
/// it also thins; its first edition has four privates fewer).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupRemoval {
    /// The companies removed from, in the engine's order.
    pub group: Vec<String>,
    /// The number the players' count is taken from: that less the players are removed.
    pub removed_from: u32,
    /// Random numbers the engine draws before the group's.
    pub draws: u32,
    /// More numbers drawn before the group's, for each player.
    #[serde(default)]
    pub per_player: u32,
    /// Optional rules under which fewer numbers are drawn.
    #[serde(default)]
    pub fewer: Vec<FewerDraws>,
}

/// Under the optional rule `rule`, `draws` random numbers fewer.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FewerDraws {
    /// The optional rule, as the record names it.
    pub rule: String,
    /// How many fewer numbers are drawn under it.
    pub draws: u32,
}

/// A minor's first train.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MinorStart {
    /// The minor.
    pub company: String,
    /// Its train, by the engine's id (`2-0`).
    pub train: String,
}

/// `count` trains of one type in the depot.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DepotTrains {
    /// The train type.
    pub train: super::TrainId,
    /// `None`: as many as are bought.
    pub count: Option<u32>,
    /// The phase from which the depot sells them (18xx.games's
    /// `available_on`): one bought earlier shows that phase began unseen.
    #[serde(default)]
    pub available: Option<String>,
}

/// How a title nationalises companies (18xx.games's 1867 `nationalize!`):
/// the company's tokens leave, from the city of highest revenue down (then
/// by hex name, down); the national puts one of its own in that city
/// unless it has one on the tile already, its tokens are used up, or only
/// those it keeps for `reserved` hexes are left. A minor closes; a major
/// may start again.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NationalDef {
    /// The national company.
    pub company: String,
    /// Hexes where the national keeps a token for itself (1867's Montreal).
    #[serde(default)]
    pub reserved: Vec<String>,
    /// A tile whose lay puts the national's kept token on it (1867's 639).
    #[serde(default)]
    pub reserved_tile: Option<String>,
    /// Phases whose start nationalises every minor that has operated and
    /// has no train left (a major so left chooses, with a `choose` action).
    #[serde(default)]
    pub trainless_phases: Vec<String>,
    /// The phase whose start nationalises every minor left.
    #[serde(default)]
    pub minors_until: Option<String>,
    /// The phase whose start gives every private company to the national
    /// (18xx.games's `nationalize_companies`): their bonuses are its.
    #[serde(default)]
    pub privates_from: Option<String>,
    /// True when a company that ends its operating turn with no train is
    /// nationalised.
    #[serde(default)]
    pub trainless_turn: bool,
    /// True when a nationalised company's trains and private companies go
    /// to the national (1861's RSR, which runs them).
    #[serde(default)]
    pub takes_assets: bool,
    /// True when the national puts its printed home token down as it
    /// first operates, if it still keeps that hex (1861's St Petersburg).
    #[serde(default)]
    pub home_when_operating: bool,
    /// Phases in which the national operates, last in each operating
    /// round, whether or not the record shows it act (1861's RSR: 4 to 7).
    #[serde(default)]
    pub operates: Vec<String>,
    /// True when the national buys trains from the depot with no action
    /// as its turn begins (1861's RSR, with its loans): the trains its run
    /// names are its own, and those it had not are bought then.
    #[serde(default)]
    pub buys_unseen: bool,
}

/// Tiles lifted from `hexes`: those of `colour` laid there go, the printed
/// tile comes back, tokens stay. It happens when the first copy (`K-0`) of
/// a kind K of `trains` is bought, K at index `r % trains.len()` for the
/// engine's first random number `r` of the game (18xx.games's `rand`
/// seeded by the record's `seed`, else by the first number in its id).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LiftTiles {
    /// The hexes tiles are lifted from.
    pub hexes: Vec<String>,
    /// The colour of the tiles lifted.
    pub colour: Colour,
    /// The train kinds, one of which the seed draws.
    pub trains: Vec<super::TrainId>,
}

/// What happens as operating round `round` (the game's first is 1) begins.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundEvent {
    /// The operating round, the game's first being 1.
    pub round: u32,
    /// The phase that begins (unless a later one has).
    #[serde(default)]
    pub phase: Option<String>,
    /// Trains that rust (leave play).
    #[serde(default)]
    pub rust: Vec<super::TrainId>,
}

/// A phase and the trains whose first begins it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhaseTrains {
    /// The phase.
    pub phase: String,
    /// The trains whose first bought begins it.
    pub trains: Vec<super::TrainId>,
}

/// A train that comes with a private company (18GA's Ocilla Southern: the
/// 2 train marked Free): the company buying the private gets it, unless
/// its trains are at their limit or the phase `until` has begun.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FreeTrain {
    /// The private's 18xx.games sym.
    pub private: String,
    /// The train, by the engine's id (`2-5`).
    pub train: String,
    /// The phase from which the private comes without it.
    pub until: String,
    /// True when the private is exchanged for the train: it closes as its
    /// buyer gets it (18MS's MC), where another stays with its buyer
    /// (18GA's OSR).
    #[serde(default)]
    pub exchanged: bool,
}

/// Where replaying a title's records has to stop.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotReplayed {
    /// What is not replayed, in words (`1867's train exports`).
    pub what: String,
    /// The phase from which it happens (`None`: from the start, so no
    /// record of the title is replayed at all).
    #[serde(default)]
    pub from_phase: Option<String>,
    /// Actions that do it (`merge`, `convert`): the replay stops there.
    #[serde(default)]
    pub actions: Vec<String>,
    /// True when a company that ends its turn with no train is
    /// nationalised in a way the replay does not model: it stops as that
    /// turn ends (1867 and 1861 model it, with `national`).
    #[serde(default)]
    pub trainless_turn: bool,
}

fn sixty() -> u32 {
    60
}

/// When 18xx.games puts a company's home token on the map
/// (`HOME_TOKEN_TIMING`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum HomeTokenTiming {
    /// When the company starts its first operating turn (1830).
    Operate,
    /// At the start of the operating round after it floats (1889).
    OperatingRound,
    /// When it is parred; a company without a printed home then chooses
    /// its city with a token action (1867).
    Par,
    /// When it floats: the share sale that brings the shares sold to
    /// `float_percent` (18Texas). A company that operates has floated, so
    /// its token is down by then whatever shares left unseen.
    Float,
}
