//! The game file's `from_18xx_games`: what replaying an 18xx.games record
//! of the title needs beyond the map and the trains (`def` holds the rest
//! of the file's types).

use crate::tile::Colour;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What replaying an 18xx.games game record needs beyond the map and the
/// trains: what the engine does with no action of a player. The late
/// game's rules are `mechanisms`, general ones any title may name.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayDef {
    /// When a company's printed home token goes down.
    pub home_token: HomeTokenTiming,
    /// Percent of its shares sold that float a company (1889: 50).
    #[serde(default = "sixty")]
    pub float_percent: u32,
    /// The depot's trains in the order it sells them, with how many of
    /// each (`None`: no end): the train an export takes, and the check
    /// that no train left the depot unseen.
    #[serde(default)]
    pub depot: Vec<DepotTrains>,
    /// The mechanisms of the title's rules that the engine carries out
    /// (each named once), checked and resolved into ids when the game
    /// loads (`game::Play`).
    #[serde(default)]
    pub mechanisms: Vec<Mechanism>,
    /// Changes 18xx.games made to the title after games were played on it
    /// (a value, a bonus): `review` names one where a run older than it
    /// has a figure today's price of its routes does not match.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revisions: Vec<super::revision::RevisionDef>,
}

/// A general mechanism of a title's rules: what the engine does, in
/// terms any title can name.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub enum Mechanism {
    /// A national company that takes nationalised companies' tokens
    /// (1867's CN, 1861's RSR).
    National(NationalDef),
    /// Minors merge into majors (several into a new one, or one converting
    /// into one): hand `merge` and `convert`, and the record's `merge`,
    /// `convert` actions (1867, 1861, 18NewEngland). Where a `National`
    /// is named it takes the tokens a merged minor leaves beyond the
    /// major's; 18NewEngland's majors take them all.
    Mergers,
    /// Companies acquire one another, or merge, one into one: the record's
    /// `merge` names the survivor and the company it takes (whose tokens,
    /// trains and private companies it gets, one token a city), and a
    /// company so gone may be started again under its name; an `assign`
    /// of a company by a player offers it for acquisition, off the map
    /// (1817's merger and acquisition rounds).
    Acquisitions,
    /// Companies the bank liquidates (1817's family; named after
    /// `Acquisitions`): one that ends its operating turn with no train goes
    /// into liquidation, and when no player bids for it in the acquisition
    /// round after, the bank liquidates it: its tokens leave the map, its
    /// private companies close, and it leaves the game (it may be started
    /// again).
    Liquidations,
    /// Companies close at a share price the replay does not follow (1870's
    /// closing cells, reached through sales and price protection): a
    /// company whose last sign in the record is a player's sale of its
    /// shares, or its own withheld dividend, and which then sits out a
    /// whole operating round, is taken as closed there (a caution says
    /// so): its tokens leave the map, its trains the game.
    ClosingUnseen,
    /// A company formed from others merging into it (1856's CGR).
    Formation(FormationDef),
    /// Exports by round: in these phases the end of each operating round
    /// exports the depot's next train, which may begin a phase (1867: 4
    /// to 7).
    Exports(Vec<String>),
    /// Exports by set: as each set of operating rounds ends (the stock
    /// round begins), the depot's next train leaves when it is one of
    /// these types, and may begin a phase (1888: the 2, 3 and 4, by
    /// 18xx.games's `or_set_finished`).
    SetExports(Vec<super::TrainId>),
    /// Companies close as their share price reaches a closing cell of the
    /// stock market (1846): the replay follows every price to know when.
    ClosingAtPrice(super::market::SharePrices),
    /// Companies removed at setup by chance, their home tokens left on the
    /// map (1846's C&O, ERIE and PRR).
    SetupRemoval(SetupRemoval),
    /// Minors that start with a train and their home token down, sold to
    /// companies as private companies: the buyer gets their trains and
    /// token (unless it has one in that city: then the minor's leaves), and
    /// the minor closes; they close with the private companies, their
    /// tokens leaving the map (1846's MS and BIG4).
    SoldMinors(Vec<MinorStart>),
    /// Trains a company gets with a private company it buys.
    FreeTrains(Vec<FreeTrain>),
    /// What the engine does as an operating round begins, by its number in
    /// the game (18MS: phase 3 with the second; the + trains rust after the
    /// fourth, sixth and eighth).
    RoundEvents(Vec<RoundEvent>),
    /// Phases that begin with the first of other trains than the one named
    /// like them (18MS's D: the first 2D, 4D or 5D).
    PhaseTrains(Vec<PhaseTrains>),
    /// Trains (engine ids) the engine holds out of the depot and may put
    /// first in line later (1882's last 3, 4, 5 and 6, for the SC): one
    /// bought before the first of its kind is no sign of an unseen export.
    HeldTrains(Vec<String>),
    /// What a company's `special_buy` of an item gives it: the first of the
    /// item's privates no company holds (1856's bridge and tunnel tokens).
    SpecialBuys(Vec<SpecialBuy>),
    /// Tiles the engine lifts from some hexes when the first copy of a
    /// train kind drawn by the game's seed is bought (1882's North West
    /// Rebellion).
    LiftTiles(LiftTiles),
    /// The train whose first copy gives the token of `rules.lose_lowest` to
    /// its buyer and to every company owning a train (18TN's 3':
    /// 18xx.games's `civil_war` event); each gives it up at its next
    /// dividend.
    LoseLowestWith(super::TrainId),
    /// A company that absorbs one other once, as the first copy of a train
    /// is bought, with exchange tokens for its tokens (18MEX's NdM merger).
    Absorb(super::absorb::AbsorbDef),
    /// Minors that start with a train and their home token down and close
    /// as a phase begins, their tokens leaving the map and their trains the
    /// game (18MEX's A, B and C in phase 3½).
    ClosingMinors(ClosingMinors),
    /// Hexes whose tiles the engine lays in pairs (18MEX's Mexico City and
    /// Puebla).
    TwinTiles(Vec<super::absorb::TwinTiles>),
    /// Companies formed from minors and private companies by their
    /// holders' vote, or unasked once a later train is bought (1893's AGV
    /// and HGK).
    VotedFormations(Vec<super::voted::VotedFormation>),
    /// Companies that hold a train from the game's start, given free by
    /// the engine's setup (18CO's DSNG and its 2P).
    StartTrains(Vec<MinorStart>),
    /// A company whose president becomes another company (it bought the
    /// most shares, or the president sold) is taken over by it (18CO):
    /// its trains and private companies go to the taker, its tokens on
    /// hexes where the taker has one leave, the taker's next token actions
    /// put its own tokens in place of up to `replaced` of the others, and
    /// it closes, the rest of its tokens leaving the map.
    Takeovers { replaced: u32 },
    /// A company that has reached its destination chooses where its
    /// destination token goes (1870's `choose`): `Map`, on the map, and
    /// from then its `from_destination` bonus pays (play's
    /// `ReachDestination`); `Charter`, kept for later, the bonus forfeited.
    Destinations,
    /// Private companies' markers (`SYM@HEX`) leave the map as a phase
    /// begins, whoever holds them and whether or not the privates have
    /// closed (1870's Southern Cattle and Gulf Shipping tokens, lifted
    /// when the first 6 is bought: 18xx.games's `remove_tokens` event).
    MarkersLeave(MarkersLeave),
    /// A train runs once an operating round: one that ran for a company and
    /// passes to another in the same round (taken over with it, or bought
    /// from it) waits for the next round (18xx.games's `operated`, cleared
    /// as each operating round begins; 18MT's takeover keeps it, where
    /// 18CO's clears it).
    TrainsRunOnce,
    /// Companies of this kind whose home token goes down in the game's
    /// first set of operating rounds buy the depot's next train with it,
    /// with no action (18NewEngland's minors formed in its first stock
    /// round: `buy_first_train`).
    FirstSetTrain(super::CompanyKind),
    /// In the first stock round a player's first `par` of a company
    /// reserves it and a second forms it (18NewEngland's
    /// `ReserveParShares`): a company only reserved never forms.
    ParReserves,
    /// As the first stock round ends, every minor not formed puts its
    /// home token down (face down: 18NewEngland 2's
    /// `init_round_finished`); it holds the city until the minor forms.
    UnformedHomes,
    /// Minors that join their company once their track reaches it (1880's
    /// foreign investors, after the engine's `destination_connection`):
    /// the company's `choose` of `Replace` puts its token in place of the
    /// minor's, `Discard` (or no choice) takes it off; the minor closes
    /// (`import/x18/replay/investors.rs`).
    InvestorMerges,
    /// A player's `choose` decides nothing the map shows (1880's
    /// president's share and building permits): passed, with a caution.
    PlayerChoices,
    /// Minors exchanged for a major's share (18EU): see
    /// [`MinorExchanges`].
    MinorExchanges(MinorExchanges),
}

impl Mechanism {
    /// The mechanism's name as the game file writes it.
    pub fn name(&self) -> &'static str {
        match self {
            Mechanism::National(_) => "National",
            Mechanism::Mergers => "Mergers",
            Mechanism::Acquisitions => "Acquisitions",
            Mechanism::Liquidations => "Liquidations",
            Mechanism::ClosingUnseen => "ClosingUnseen",
            Mechanism::Formation(_) => "Formation",
            Mechanism::Exports(_) => "Exports",
            Mechanism::SetExports(_) => "SetExports",
            Mechanism::ClosingAtPrice(_) => "ClosingAtPrice",
            Mechanism::SetupRemoval(_) => "SetupRemoval",
            Mechanism::SoldMinors(_) => "SoldMinors",
            Mechanism::FreeTrains(_) => "FreeTrains",
            Mechanism::RoundEvents(_) => "RoundEvents",
            Mechanism::PhaseTrains(_) => "PhaseTrains",
            Mechanism::HeldTrains(_) => "HeldTrains",
            Mechanism::SpecialBuys(_) => "SpecialBuys",
            Mechanism::LiftTiles(_) => "LiftTiles",
            Mechanism::LoseLowestWith(_) => "LoseLowestWith",
            Mechanism::Absorb(_) => "Absorb",
            Mechanism::ClosingMinors(_) => "ClosingMinors",
            Mechanism::TwinTiles(_) => "TwinTiles",
            Mechanism::VotedFormations(_) => "VotedFormations",
            Mechanism::StartTrains(_) => "StartTrains",
            Mechanism::Takeovers { .. } => "Takeovers",
            Mechanism::Destinations => "Destinations",
            Mechanism::MarkersLeave(_) => "MarkersLeave",
            Mechanism::TrainsRunOnce => "TrainsRunOnce",
            Mechanism::FirstSetTrain(_) => "FirstSetTrain",
            Mechanism::ParReserves => "ParReserves",
            Mechanism::UnformedHomes => "UnformedHomes",
            Mechanism::InvestorMerges => "InvestorMerges",
            Mechanism::PlayerChoices => "PlayerChoices",
            Mechanism::MinorExchanges(_) => "MinorExchanges",
        }
    }
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
    pub company: super::CompanyId,
    /// Groups of private companies (syms) of which a company holds one:
    /// the national takes a merged company's one of a group if it has none
    /// (1856's bridge and tunnel rights); any other goes back to the bank.
    #[serde(default)]
    pub rights: Vec<Vec<super::PrivateId>>,
}

/// An item a `special_buy` names (`description`), as private syms.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialBuy {
    /// The item as the engine describes it in the action.
    pub description: String,
    /// The private companies (syms) that are copies of the item.
    pub privates: Vec<super::PrivateId>,
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
    pub group: Vec<super::CompanyId>,
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

/// Minors a player exchanges for a share of a major (18EU's
/// `MinorExchange`), each then closing. A major's home token put, as it
/// starts, on a city holding a minor takes that minor's place: its trains
/// become the major's. A minor's `buy_shares` of a major's share is the
/// exchange: a share from the major's treasury gives the major the minor's
/// trains, and the major's next `place_token` puts its token where the
/// minor's was (with none, the minor's token just leaves); a share from
/// the market sends the trains to the depot and the token off the map. In
/// the final exchange round, held after the set of operating rounds in
/// which `final_round_with`'s first copy is bought, a player's `pass`
/// closes every minor the player holds.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MinorExchanges {
    /// The train whose first copy bought calls the final exchange round
    /// (18EU: `5`).
    pub final_round_with: super::TrainId,
}

/// A minor's first train.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MinorStart {
    /// The minor.
    pub company: super::CompanyId,
    /// Its train, by the engine's id (`2-0`).
    pub train: String,
}

/// Minors that start with a train (engine id) and their home token down,
/// and close as `phase` begins.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClosingMinors {
    /// The phase they close as it begins (18MEX: `3½`).
    pub phase: String,
    /// Each minor and its first train (18MEX's A with `2-0`).
    pub minors: Vec<MinorStart>,
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
    /// An export takes every copy of the type left, not one (18xx.games's
    /// 1817 `export_all!` of the 2s).
    #[serde(default)]
    pub exported_together: bool,
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
    pub company: super::CompanyId,
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

/// The private companies whose markers leave the map as `phase` begins.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkersLeave {
    /// The phase whose start lifts them (1870: `5`, the first 6's).
    pub phase: String,
    /// The private companies (syms) whose markers go (1870's `SCC`, `GSC`).
    pub privates: Vec<super::PrivateId>,
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
    pub private: super::PrivateId,
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
