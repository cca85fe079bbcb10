//! The oracle's reading of 18EU's two rules on a run (18xx.games g_18_eu),
//! sharing nothing with `hexroute::routes`: the bonus per own token in its
//! capped form paid only between two red off-boards
//! (`revenue_for_red_to_red_bonus`), and the pullman, which re-pays one
//! city or off-board another route of the run visits (`check_overlap`).
//! Here the pullman's stop is found by trying every stop of every route.

use super::{Oracle, OracleRoute};
use hexroute::game::TrainDef;
use hexroute::routes::Solution;
use hexroute::tile::{Colour, End};

/// The trains that run routes, and the pullmans apart.
pub(super) fn split(trains: &[TrainDef]) -> (Vec<TrainDef>, Vec<TrainDef>) {
    let (pullmans, runs): (Vec<TrainDef>, Vec<TrainDef>) =
        trains.iter().cloned().partition(|t| t.pullman.is_some());
    (runs, pullmans)
}

impl Oracle<'_> {
    /// True when the route's stop `i` is on a red (off-board) tile.
    fn red(&self, r: &OracleRoute, i: usize) -> bool {
        let (tile, _) = self.state.tile_at(self.game, r.stops[i].0).unwrap();
        tile.colour == Colour::Red
    }

    /// What a pullman earns beside `routes`: the best value of any city
    /// or off-board any of them visits, each tried.
    pub(super) fn repaid<'a>(&self, routes: impl Iterator<Item = &'a OracleRoute>) -> u32 {
        let mut best = 0;
        for r in routes {
            for &(c, end) in &r.stops {
                if matches!(end, End::City(_)) {
                    best = best.max(self.revenue(c, end));
                }
            }
        }
        best
    }

    /// A pullman's route in `solution` (at most one, of a train among
    /// `pullmans`): one city or off-board, on another route of the run,
    /// earning its value.
    pub(super) fn check_pullman(
        &self,
        solution: &Solution,
        pullmans: &[TrainDef],
    ) -> Result<(), String> {
        let (repays, others): (Vec<_>, Vec<_>) = solution
            .routes
            .iter()
            .partition(|r| pullmans.iter().any(|p| p.name == r.train));
        match repays.as_slice() {
            [] => Ok(()),
            [p] => {
                let [stop] = p.stops.as_slice() else {
                    return Err(format!("the pullman stops more than once: {p:?}"));
                };
                let on_another = others.iter().any(|r| {
                    r.stops
                        .iter()
                        .any(|s| s.hex == stop.hex && s.kind == stop.kind)
                });
                let end = End::City(stop.kind.index());
                if !on_another || !matches!(stop.kind, hexroute::tile::StopKind::City(_)) {
                    Err(format!(
                        "the pullman's stop is no city of another route: {p:?}"
                    ))
                } else if p.revenue != self.revenue(stop.hex, end) {
                    Err(format!(
                        "the pullman earns {} at a stop worth {}",
                        p.revenue,
                        self.revenue(stop.hex, end)
                    ))
                } else {
                    Ok(())
                }
            }
            _ => Err(format!("two pullman routes: {repays:?}")),
        }
    }
}

/// What a train's bonus per own token pays on route `r` counting
/// `own_cities` cities holding the company's token: the amount for each,
/// at most the cap, and nothing unless both ends are red where it asks.
pub(super) fn own_token_pay(
    oracle: &Oracle,
    train: &TrainDef,
    r: &OracleRoute,
    own_cities: u32,
) -> u32 {
    let Some(b) = &train.token_bonus else {
        return 0;
    };
    let last = r.stops.len() - 1;
    if b.between_off_boards && !(oracle.red(r, 0) && oracle.red(r, last)) {
        return 0;
    }
    let pay = own_cities * b.per_token;
    b.cap.map_or(pay, |cap| pay.min(cap))
}

/// `trains` with a pullman among them, and each train that counts every
/// city it passes paying `per_token` a token between off-boards, at most
/// `cap` (18EU's red-to-red bonus), where `cap` is given.
fn eighteen_eu(trains: Vec<TrainDef>, per_token: u32, cap: Option<u32>) -> Vec<TrainDef> {
    use hexroute::game::{Distance, Pullman, Repays, Skip, TokenBonus};
    let mut out: Vec<TrainDef> = trains
        .into_iter()
        .map(|t| match (cap, t.skip, t.pays, t.multiplier, t.stacks) {
            (Some(cap), Skip::Nothing | Skip::Towns, None, 1, false) => TrainDef {
                token_bonus: Some(TokenBonus {
                    per_token,
                    between_off_boards: true,
                    cap: Some(cap),
                    from_phase: Vec::new(),
                }),
                ..t
            },
            _ => t,
        })
        .collect();
    out.push(TrainDef {
        pullman: Some(Pullman {
            repays: Repays::OneCityOfAnotherRoute,
        }),
        ..super::train("P", Some(1), Skip::Nothing, 1, Distance::Stops)
    });
    out
}

/// The search against the oracle on random maps with 18EU's rules: a
/// pullman beside the trains, and on some maps the red-to-red bonus.
#[test]
fn fast_search_equals_brute_force_with_a_pullman_and_red_to_red() {
    let (mut checked, mut repaid, mut red) = (0, 0, 0);
    for seed in 1..=3000 {
        let (game, state, trains, mut chosen) = super::random_case(seed);
        // Maps with two off-boards at least, so that some runs join two.
        let red_hexes = game.hexes.values().filter(|h| h.tile.is_some()).count();
        if red_hexes < 2 {
            continue;
        }
        let mut rng = super::Rng(seed ^ 0x0018_0e00_u64 | 1);
        let cap = rng.chance(60).then(|| 10 * (1 + rng.below(4) as u32));
        let trains = eighteen_eu(trains, 10 * (1 + rng.below(3) as u32), cap);
        chosen.push("P".into());
        // A longest route's bonus is not searched with a pullman.
        let bonuses = super::random_bonuses(seed, &game)
            .into_iter()
            .filter(|b| b.kind != hexroute::game::BonusKind::LongestRoute && !b.once_per_run)
            .collect();
        let Some((_, fast)) =
            super::fast_equals_oracle(seed, &game, &state, &trains, &chosen, bonuses)
        else {
            continue;
        };
        checked += 1;
        repaid += usize::from(fast.routes.iter().any(|r| r.train.as_str() == "P"));
        red += fast
            .routes
            .iter()
            .flat_map(|r| &r.bonuses)
            .filter(|(name, _)| name.contains("off-board to off-board"))
            .count();
    }
    // The cases must be real: hundreds checked, a third at least with the
    // pullman paid, and some runs paid the bonus between off-boards (rare
    // on these maps: 761 checked, 369 repaid and 1 such bonus when written).
    assert!(
        checked > 500 && repaid > checked / 3 && red > 0,
        "{checked} checked, {repaid} repaid, {red} red-to-red bonuses"
    );
}
