//! Map state: what has changed on the printed map during play.

use crate::game::{Bonus, CompanyId, Game, Holding, PhaseId, PrivateId, Supply, TrainId};
use crate::geometry::{Coord, Rotation};
use crate::tile::{Colour, Tile, TileId};
use std::collections::{BTreeMap, BTreeSet};

mod beside;
mod hand;
mod history;
mod others;
mod required;
mod size;
mod standing;
pub use hand::HAND_EDIT;
pub use history::{History, Provenance, SavedGame};
pub use required::RouteEnds;
pub use size::Size;
pub use standing::Standing;

/// One hex's state beyond the printed map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HexState {
    /// A laid tile (`None`: the printed tile is still there).
    pub tile: Option<(TileId, Rotation)>,
    /// Station tokens by token space.
    pub tokens: BTreeMap<usize, CompanyId>,
    /// Public markers put on the hex during play, by name (1817's `mine`
    /// and `bridge`): what the game's `pass_through` rules pay for.
    pub markers: BTreeSet<String>,
}

/// A game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapState {
    pub phase: PhaseId,
    pub hexes: BTreeMap<Coord, HexState>,
    /// Trains each company owns, by train name.
    pub trains: BTreeMap<CompanyId, Vec<TrainId>>,
    /// Private companies owned by companies: private (18xx.games's sym,
    /// `BSS`) or its marker → owner. A private's route bonus goes to its
    /// owner's routes.
    pub privates: BTreeMap<Holding, CompanyId>,
    /// Where each company stands when not open (closed for good, merged
    /// into another, in receivership): no space of a closed company's
    /// home stays kept for it.
    pub standing: BTreeMap<CompanyId, Standing>,
    /// Companies holding the game's one-run token (`rules.lose_lowest`,
    /// 18TN's Civil War): each loses its lowest route at its next run.
    pub lose_lowest: BTreeSet<CompanyId>,
    /// Companies that have reached their destination: a bonus paid
    /// `until_destination` no longer pays them, one `from_destination`
    /// (1870's) now does.
    pub destinations: BTreeSet<CompanyId>,
    /// Each company's size and token count, where the game's companies
    /// come in sizes (`rules.company_sizes`) and it has one.
    pub sizes: BTreeMap<CompanyId, Size>,
    /// A route each company's next run must include (1870's connection
    /// run: [`RouteEnds`]).
    pub required_routes: BTreeMap<CompanyId, RouteEnds>,
    /// Tokens each company owns beyond its count, kept on its charter to
    /// place later (1870's destination token kept on the charter).
    pub charter_tokens: BTreeMap<CompanyId, u32>,
}

/// What a hand edit changed after the last recorded change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drift {
    Hex(Coord),
    Phase,
    Trains(CompanyId),
    /// Who owns this private company (or its marker).
    Private(Holding),
    /// Where this company stands.
    Standing(CompanyId),
    /// Which companies hold the one-run token (`lose_lowest`).
    LoseLowest,
    /// Which companies have reached their destination.
    Destinations,
    /// Companies' sizes and token counts.
    Sizes,
    /// The routes companies' next runs must include.
    RequiredRoutes,
    /// Companies' tokens kept on their charters.
    CharterTokens,
}

#[derive(Copy, Clone)]
pub(super) enum Side {
    Before,
    After,
}

impl Side {
    /// This side of a (before, after) pair.
    pub(super) fn of<T>(self, (before, after): &(T, T)) -> &T {
        match self {
            Side::Before => before,
            Side::After => after,
        }
    }
}

/// One recorded change: enough to show what happened and to undo it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The command as typed, e.g. `place M9 57 --rotate 1`.
    pub command: String,
    /// When, as UTC `YYYY-MM-DDTHH:MM:SSZ`.
    pub time: String,
    /// Phase before and after, when it changed.
    pub phase: Option<(PhaseId, PhaseId)>,
    /// Each changed hex, before and after.
    pub hexes: BTreeMap<Coord, (HexState, HexState)>,
    /// Each company whose trains changed, before and after.
    pub trains: BTreeMap<CompanyId, (Vec<TrainId>, Vec<TrainId>)>,
    /// Each private company (its sym) whose owner changed, before and
    /// after (`None`: no company owns it).
    pub privates: BTreeMap<Holding, (Owner, Owner)>,
    /// Each company whose standing changed, before and after.
    pub standing: BTreeMap<CompanyId, (Standing, Standing)>,
    /// The companies holding the one-run token, before and after, when
    /// they changed.
    pub lose_lowest: Option<(BTreeSet<CompanyId>, BTreeSet<CompanyId>)>,
    /// The companies that have reached their destination, before and
    /// after, when they changed.
    pub destinations: Option<(BTreeSet<CompanyId>, BTreeSet<CompanyId>)>,
    /// The companies' sizes, before and after, when they changed.
    pub sizes: Option<(BTreeMap<CompanyId, Size>, BTreeMap<CompanyId, Size>)>,
    /// The routes companies' next runs must include, before and after,
    /// when they changed.
    pub required_routes: Option<(RequiredRoutes, RequiredRoutes)>,
    /// The tokens companies keep on their charters, before and after,
    /// when they changed.
    pub charter_tokens: Option<(CharterTokens, CharterTokens)>,
}

/// The tokens each company keeps on its charter beyond its count.
pub type CharterTokens = BTreeMap<CompanyId, u32>;

/// The route each company's next run must include.
pub type RequiredRoutes = BTreeMap<CompanyId, RouteEnds>;

/// Which company owns a private company, if any.
pub type Owner = Option<CompanyId>;

impl Change {
    /// True when it changes nothing.
    pub fn is_empty(&self) -> bool {
        self.phase.is_none()
            && self.hexes.is_empty()
            && self.trains.is_empty()
            && self.privates.is_empty()
            && self.standing.is_empty()
            && self.lose_lowest.is_none()
            && self.destinations.is_none()
            && self.sizes.is_none()
            && self.required_routes.is_none()
            && self.charter_tokens.is_none()
    }
}

impl MapState {
    /// A new game: printed map, first phase.
    pub fn new() -> MapState {
        MapState {
            phase: PhaseId(0),
            hexes: BTreeMap::new(),
            trains: BTreeMap::new(),
            privates: BTreeMap::new(),
            standing: BTreeMap::new(),
            lose_lowest: BTreeSet::new(),
            destinations: BTreeSet::new(),
            sizes: BTreeMap::new(),
            required_routes: BTreeMap::new(),
            charter_tokens: BTreeMap::new(),
        }
    }

    /// A new game of `game`: the printed map in its first phase, with the
    /// tokens the game places at setup (1867's CN in Toronto).
    pub fn start(game: &Game) -> MapState {
        let mut state = MapState::new();
        for (company, c, space) in game.setup_tokens() {
            state.put_token(c, space, company.into());
        }
        state
    }

    /// `company`'s token in `space` of hex `c`, unchecked: the game's own
    /// setup, or a position a test builds (play's events check theirs).
    pub fn put_token(&mut self, c: Coord, space: usize, company: CompanyId) {
        self.hexes
            .entry(c)
            .or_default()
            .tokens
            .insert(space, company);
    }

    /// The company that owns `held`, if any.
    pub fn owner(&self, held: &Holding) -> Owner {
        self.privates.get(held).cloned()
    }

    /// The company that owns the private company `private`, if any.
    pub fn private_owner(&self, private: &PrivateId) -> Owner {
        self.owner(&Holding::Private(private.clone()))
    }

    /// The state of one hex (the empty state when nothing happened there).
    pub fn hex_state(&self, c: Coord) -> HexState {
        self.hexes.get(&c).cloned().unwrap_or_default()
    }

    pub(super) fn set_hex(&mut self, c: Coord, h: HexState) {
        if h == HexState::default() {
            self.hexes.remove(&c);
        } else {
            self.hexes.insert(c, h);
        }
    }

    /// Sets every hex, the phase and the trains a change touched to one side of it.
    pub(super) fn apply(&mut self, change: &Change, side: Side) {
        for (c, pair) in &change.hexes {
            self.set_hex(*c, side.of(pair).clone());
        }
        if let Some(pair) = &change.phase {
            self.phase = *side.of(pair);
        }
        for (co, pair) in &change.trains {
            let list = side.of(pair);
            if list.is_empty() {
                self.trains.remove(co);
            } else {
                self.trains.insert(co.clone(), list.clone());
            }
        }
        for (private, pair) in &change.privates {
            match side.of(pair) {
                Some(owner) => self.privates.insert(private.clone(), owner.clone()),
                None => self.privates.remove(private),
            };
        }
        for (company, pair) in &change.standing {
            self.set_standing(company, side.of(pair).clone());
        }
        if let Some(pair) = &change.lose_lowest {
            self.lose_lowest = side.of(pair).clone();
        }
        if let Some(pair) = &change.destinations {
            self.destinations = side.of(pair).clone();
        }
        if let Some(pair) = &change.sizes {
            self.sizes = side.of(pair).clone();
        }
        if let Some(pair) = &change.required_routes {
            self.required_routes = side.of(pair).clone();
        }
        if let Some(pair) = &change.charter_tokens {
            self.charter_tokens = side.of(pair).clone();
        }
    }

    /// The tile on a hex now (laid or printed), with its rotation.
    pub fn tile_at<'g>(&self, game: &'g Game, c: Coord) -> Option<(&'g Tile, Rotation)> {
        if let Some(HexState {
            tile: Some((name, rot)),
            ..
        }) = self.hexes.get(&c)
        {
            return game.tiles.get(name).map(|t| (t, *rot));
        }
        let printed = game.hexes.get(&c)?;
        let name = printed.tile.as_ref()?;
        game.tiles.get(name).map(|t| (t, printed.rotation))
    }

    /// Companies holding the given token spaces of hex `c`, in space order.
    pub fn holders(&self, c: Coord, spaces: std::ops::Range<usize>) -> Vec<CompanyId> {
        self.tokens_at(c)
            .map(|t| t.range(spaces).map(|(_, co)| co.clone()).collect())
            .unwrap_or_default()
    }

    pub fn tokens_at(&self, c: Coord) -> Option<&BTreeMap<usize, CompanyId>> {
        self.hexes
            .get(&c)
            .map(|h| &h.tokens)
            .filter(|t| !t.is_empty())
    }

    /// True when `company` may earn `bonus` here: a bonus for token
    /// holders needs its token in one of the bonus's hexes.
    pub fn bonus_open_to(&self, bonus: &Bonus, company: &CompanyId) -> bool {
        bonus.company.as_ref().is_none_or(|scope| {
            scope.company == *company && scope.pays_when(self.destinations.contains(company))
        }) && (!bonus.token_holders
            || bonus.hexes().any(|c| {
                self.tokens_at(c)
                    .is_some_and(|t| t.values().any(|co| co.as_str() == company))
            }))
    }

    /// The bonuses `company` earns by the private companies it owns here,
    /// in force in this phase.
    pub fn private_bonuses(&self, game: &Game, company: &CompanyId) -> Vec<Bonus> {
        game.bonuses_in(self.phase)
            .filter(|b| {
                b.private
                    .as_ref()
                    .and_then(|p| self.privates.get(p))
                    .is_some_and(|owner| owner == company)
            })
            .cloned()
            .collect()
    }

    /// Every placed token as (hex, space, company), in map order.
    pub fn tokens(&self) -> impl Iterator<Item = (Coord, usize, &CompanyId)> {
        self.hexes
            .iter()
            .flat_map(|(c, h)| h.tokens.iter().map(move |(s, co)| (*c, *s, co)))
    }

    /// Tiles laid by players, in map order.
    pub fn laid_tiles(&self) -> impl Iterator<Item = (Coord, &str, Rotation)> {
        self.hexes
            .iter()
            .filter_map(|(c, h)| h.tile.as_ref().map(|(n, r)| (*c, n.as_str(), *r)))
    }

    /// The off-board revenue colour of the current phase.
    pub fn offboard_colour(&self, game: &Game) -> Colour {
        game.phases[self.phase].offboard
    }

    /// Copies of each player tile still in supply: (tile, count, left);
    /// `left` is `None` for tiles the game never runs out of.
    pub fn supply(&self, game: &Game) -> Vec<(TileId, Supply, Option<i64>)> {
        let mut used: BTreeMap<&str, i64> = BTreeMap::new();
        for (_, name, _) in self.laid_tiles() {
            *used.entry(name).or_default() += 1;
        }
        game.tile_counts
            .iter()
            .map(|(name, count)| {
                let used = used.get(name.as_str()).copied().unwrap_or(0);
                let left = match count {
                    Supply::Copies(n) => Some(i64::from(*n) - used),
                    Supply::Unlimited => None,
                };
                (name.clone(), *count, left)
            })
            .collect()
    }
}

/// True when a city with `spaces` token spaces, held by `holders`, stops
/// `company`'s trains from running through: every space is taken and none
/// by `company` (`None`: a search for no company, which every full city
/// stops). They may still start or end there.
pub fn city_blocks(spaces: usize, holders: &[CompanyId], company: Option<&CompanyId>) -> bool {
    spaces > 0 && holders.len() >= spaces && !holders.iter().any(|h| Some(h) == company)
}

impl Default for MapState {
    fn default() -> Self {
        MapState::new()
    }
}
