//! The oracle's check of the fast search's answer, route by route.

use super::{Oracle, OracleRoute, longest_per_stop, once, pullman, trains};
use hexroute::game::{Bonus, BonusKind, TrainDef};
use hexroute::geometry::Coord;
use hexroute::routes;
use hexroute::tile::{End, StopKind};

impl Oracle<'_> {
    /// Checks the fast search's answer route by route: each route is one
    /// the oracle finds legal (same stops, same hexes, either way round),
    /// earns what the oracle's own pricing says for its train, and runs
    /// beside the others. Returns a description of the first fault.
    pub(super) fn check_routes(
        &self,
        solution: &routes::Solution,
        trains: &[TrainDef],
        bonuses: &[Bonus],
    ) -> Result<(), String> {
        let (trains, pullmans) = pullman::split(trains);
        let trains = &trains::running(&trains);
        let legal = self.routes();
        let mut chosen: Vec<(&TrainDef, &OracleRoute)> = Vec::new();
        self.check_pullman(solution, &pullmans)?;
        for r in solution
            .routes
            .iter()
            .filter(|r| !pullmans.iter().any(|p| p.name == r.train))
        {
            let stops: Vec<(Coord, End)> = r
                .stops
                .iter()
                .map(|s| {
                    let end = match s.kind {
                        StopKind::City(i) => End::City(i),
                        StopKind::Town(i) => End::Town(i),
                    };
                    (s.hex, end)
                })
                .collect();
            let back: Vec<(Coord, End)> = stops.iter().rev().copied().collect();
            let path_back: Vec<Coord> = r.hexes.iter().rev().copied().collect();
            let found = legal
                .iter()
                .find(|o| {
                    (o.stops == stops && o.path == r.hexes)
                        || (o.stops == back && o.path == path_back)
                })
                .ok_or_else(|| {
                    format!("{} runs a route the oracle finds illegal: {r:?}", r.train)
                })?;
            let train = trains
                .iter()
                .find(|t| t.name == r.train)
                .ok_or_else(|| format!("unknown train {}", r.train))?;
            // The route that says it earns the longest route's bonus earns
            // it for each of its stops.
            let longest = r.bonuses.iter().any(|(name, _)| {
                bonuses
                    .iter()
                    .any(|b| &b.name == name && b.kind == BonusKind::LongestRoute)
            });
            let mail = if longest {
                longest_per_stop(bonuses) * found.stops.len() as u32
            } else {
                0
            };
            let priced = self.best(train, found, &once::carried(bonuses, &r.bonuses)) + mail;
            if priced != r.revenue {
                return Err(format!(
                    "{} earns {} by the oracle, {} by the search: {r:?}",
                    r.train, priced, r.revenue
                ));
            }
            if let Some(other) = chosen
                .iter()
                .find(|(t, o)| !self.may_share(t, o, train, found))
            {
                return Err(format!("{r:?} clashes with {other:?}"));
            }
            chosen.push((train, found));
        }
        if !self.run_holds_together(chosen.iter().map(|(_, o)| *o)) {
            return Err(format!("the routes do not hold together: {chosen:?}"));
        }
        // One route earns the longest route's bonus, and none visits more.
        let carriers: Vec<&routes::TrainRoute> = solution
            .routes
            .iter()
            .filter(|r| {
                r.bonuses.iter().any(|(name, _)| {
                    bonuses
                        .iter()
                        .any(|b| &b.name == name && b.kind == BonusKind::LongestRoute)
                })
            })
            .collect();
        if longest_per_stop(bonuses) > 0 && !chosen.is_empty() {
            let most = chosen.iter().map(|(_, o)| o.stops.len()).max().unwrap_or(0);
            match carriers.as_slice() {
                [one] if one.stops.len() == most => {}
                _ => {
                    return Err(format!(
                        "the longest route's bonus goes to {carriers:?}, not one route of {most} stops"
                    ));
                }
            }
        }
        Ok(())
    }
}
