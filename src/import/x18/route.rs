//! A run as an 18xx.games record names it, read into a route of ours
//! ([`Given`]): by its stops and legs (newer records), by its legs alone,
//! or by every hex it enters (older ones). The record's formats are the
//! importer's to know; `routes::check` judges the route that results.

use super::record::EngineTrain;
use crate::error::Error;
use crate::game::Game;
use crate::geometry::Coord;
use crate::routes::check::Given;
use crate::routes::network::Network;

impl Given {
    /// A route named by every hex it enters, as older 18xx.games records
    /// name it: its stops are the hexes with a stop on `net`, and the hexes
    /// between two stops are that leg.
    pub fn along(game: &Game, net: &Network, train: &str, path: &[String]) -> Result<Given, Error> {
        let mut hexes: Vec<Coord> = path.iter().map(|h| game.hex(h)).collect::<Result<_, _>>()?;
        drop_turnbacks(&mut hexes);
        let at_stop: Vec<usize> = (0..hexes.len())
            .filter(|&i| net.stops.iter().any(|s| s.hex == hexes[i]))
            .collect();
        let mut given = Given::parse(game, train, &[], None)?;
        given.stops = at_stop.iter().map(|&i| hexes[i]).collect();
        given.legs = Some(
            at_stop
                .windows(2)
                .map(|w| Some(hexes[w[0]..=w[1]].to_vec()))
                .collect(),
        );
        Ok(given)
    }

    /// A route as an 18xx.games record names it: by its stops and the
    /// legs between them (newer records), by its legs alone, or by every
    /// hex it enters (older ones).
    pub fn recorded(
        game: &Game,
        net: &Network,
        train: &EngineTrain,
        hexes: &[String],
        legs: Option<&[Vec<String>]>,
    ) -> Result<Given, Error> {
        let train = train_name(game, train);
        let legs = legs.map(in_hex_legs);
        let legs = legs.as_deref();
        match (legs, hexes.is_empty()) {
            (Some(legs), false) if hexes_follow_legs(game, hexes, legs) => {
                Given::parse(game, train, hexes, Some(legs))
            }
            (Some(legs), _) => match turn_legs(legs) {
                // Each leg runs from one node of the route to the next, as
                // the engine walks it: a hex inside a leg is passed, never a
                // stop (18TN's Louisville, passed on its grey tile's bypass).
                Some(turned) => {
                    let mut stops: Vec<String> =
                        turned.iter().filter_map(|l| l.first().cloned()).collect();
                    stops.extend(turned.last().and_then(|l| l.last()).cloned());
                    Given::parse(game, train, &stops, Some(&turned))
                }
                None if !hexes.is_empty() => Given::parse(game, train, hexes, Some(legs)),
                None => Given::along(game, net, train, &join_legs(legs)),
            },
            (None, _) => Given::along(game, net, train, hexes),
        }
    }
}

/// The legs with a leg inside one hex named by its hex alone: 1860's
/// records name track inside a hex from one of its stops to another by the
/// hex and the stops' numbers (`F2 1.2`, Cowes); the hex is what the
/// route check reads.
fn in_hex_legs(legs: &[Vec<String>]) -> Vec<Vec<String>> {
    legs.iter()
        .map(|leg| {
            leg.iter()
                .map(|h| h.split(' ').next().unwrap_or(h).to_string())
                .collect()
        })
        .collect()
}

/// Drops a turn back at either end of a route named by every hex it
/// enters (`J5-K4-J5-I4`). The engine of 2020 that wrote such records paid
/// the stops of the track between each two hexes named, each once, and
/// let a route run out to a hex and back: the stops are those of the route
/// that starts (or ends) at the hex turned at (`K4-J5-I4`). A turn back
/// inside the route is left, for the route check to refuse.
fn drop_turnbacks(hexes: &mut Vec<Coord>) {
    while hexes.len() >= 3 && hexes[0] == hexes[2] {
        hexes.remove(0);
    }
    while hexes.len() >= 3 && hexes[hexes.len() - 1] == hexes[hexes.len() - 3] {
        hexes.pop();
    }
}

/// Whether a record's `hexes` name the route's stops in order, one more
/// than its legs. The engine writes the hexes of each leg's two ends, a
/// hex given twice in a row once: where a leg is written end first (a leg
/// inside one hex, as 18MEX's from Mexico City's town to its city, is
/// written either way round), a hex comes again and the list no longer
/// follows the route; the legs then say the stops. Legs that do not name
/// hexes (a local train's) leave the hexes to say them.
fn hexes_follow_legs(game: &Game, hexes: &[String], legs: &[Vec<String>]) -> bool {
    let legs: Vec<&Vec<String>> = legs.iter().filter(|l| !l.is_empty()).collect();
    hexes.len() == legs.len() + 1
        || !legs
            .iter()
            .flat_map(|l| l.iter())
            .all(|h| game.hex(h).is_ok())
}

/// The train type a record's train id runs as: the id itself where the
/// game has a train so named (a variant the replay has named), else the
/// id's type (`5-1` → `5`).
pub fn train_name<'a>(game: &Game, train: &'a EngineTrain) -> &'a str {
    match game.train(train.as_str()) {
        Err(_) if train.copy().is_some() => train.name(),
        _ => train.as_str(),
    }
}

/// The hexes of a route given as its legs, each a list of hexes from one
/// stop to the next in either direction: the legs joined end to end. The
/// legs come in route order (18xx.games's connections), so each is turned
/// to start where the one before it ends; where a hex holds two stops of
/// the route (an OO or NY tile run through twice) more than one turn may
/// seem to fit, and the first that joins every leg is taken. Legs no such
/// chain joins are joined one by one at whichever end fits.
pub fn join_legs(legs: &[Vec<String>]) -> Vec<String> {
    if let Some(turned) = turn_legs(legs) {
        let mut path: Vec<String> = Vec::new();
        for leg in turned {
            let skip = usize::from(!path.is_empty());
            path.extend(leg.into_iter().skip(skip));
        }
        return path;
    }
    let legs: Vec<&Vec<String>> = legs.iter().filter(|l| !l.is_empty()).collect();
    join_greedy(&legs)
}

/// The legs each turned to start where the one before it ended (see
/// [`join_legs`]), or `None` where no such chain joins them all.
fn turn_legs(legs: &[Vec<String>]) -> Option<Vec<Vec<String>>> {
    let legs: Vec<&Vec<String>> = legs.iter().filter(|l| !l.is_empty()).collect();
    let mut turned = Vec::new();
    if legs.is_empty() || !chain(&legs, None, &mut turned) {
        return None;
    }
    Some(
        legs.iter()
            .zip(&turned)
            .map(|(leg, &back)| {
                if back {
                    leg.iter().rev().cloned().collect()
                } else {
                    leg.to_vec()
                }
            })
            .collect(),
    )
}

/// Turns each leg (`true`: run backwards) so that it starts at `at`, the
/// hex where the one before it ended, trying both ways where both fit.
fn chain(legs: &[&Vec<String>], at: Option<&String>, turned: &mut Vec<bool>) -> bool {
    let Some((leg, rest)) = legs.split_first() else {
        return true;
    };
    for back in [false, true] {
        let (start, end) = if back {
            (leg.last(), leg.first())
        } else {
            (leg.first(), leg.last())
        };
        if at.is_some_and(|h| Some(h) != start) {
            continue;
        }
        turned.push(back);
        if chain(rest, end, turned) {
            return true;
        }
        turned.pop();
    }
    false
}

/// Legs joined one at a time at whichever end of the path fits.
fn join_greedy(legs: &[&Vec<String>]) -> Vec<String> {
    let mut path: Vec<String> = Vec::new();
    for &leg in legs {
        let (Some(first), Some(last)) = (leg.first(), leg.last()) else {
            continue;
        };
        if path.is_empty() {
            path = leg.clone();
            continue;
        }
        let end = path.last().cloned();
        let start = path.first().cloned();
        if end.as_ref() == Some(last) || start.as_ref() == Some(last) {
            let mut rev = leg.clone();
            rev.reverse();
            join_one(&mut path, &rev);
        } else if end.as_ref() == Some(first) || start.as_ref() == Some(first) {
            join_one(&mut path, leg);
        } else {
            path.extend(leg.iter().cloned());
        }
    }
    path
}

/// Adds `leg` (which starts at one end of `path`) to that end.
fn join_one(path: &mut Vec<String>, leg: &[String]) {
    if path.last() != leg.first() {
        path.reverse();
    }
    path.extend(leg.iter().skip(1).cloned());
}

#[cfg(test)]
mod tests {
    use super::join_legs;

    fn legs(list: &[&[&str]]) -> Vec<Vec<String>> {
        list.iter()
            .map(|l| l.iter().map(|h| h.to_string()).collect())
            .collect()
    }

    /// 18xx.games's connections of two 1836Jr30 runs through Amsterdam's
    /// NY tile (two cities) and an OO tile: each leg is turned to start
    /// where the one before it ended, though a hex comes twice.
    /// 1889 record 314, action 158: KO's 3 named `J5-K4-J5-I4` (out to
    /// Takamatsu and back), which the engine of the day paid as K4-J5-I4.
    #[test]
    fn a_turn_back_at_a_routes_end_is_dropped() {
        use crate::geometry::Coord;
        let (a, b, c, d) = (
            Coord::new(0, 0),
            Coord::new(0, 1),
            Coord::new(1, 1),
            Coord::new(2, 1),
        );
        let mut route = vec![a, b, a, c];
        super::drop_turnbacks(&mut route);
        assert_eq!(route, [b, a, c]);
        let mut route = vec![a, c, d, c];
        super::drop_turnbacks(&mut route);
        assert_eq!(route, [a, c, d]);
        // Inside the route it stays.
        let mut route = vec![a, c, d, c, b];
        super::drop_turnbacks(&mut route);
        assert_eq!(route, [a, c, d, c, b]);
    }

    #[test]
    fn legs_join_in_route_order_through_a_hex_twice() {
        let run = legs(&[&["D6", "E5"], &["D6", "E7"], &["E7", "E5"], &["E3", "E5"]]);
        assert_eq!(join_legs(&run), ["E5", "D6", "E7", "E5", "E3"]);
        let run = legs(&[&["E7", "D8", "D6"], &["E7", "D6"], &["E5", "D6"]]);
        assert_eq!(join_legs(&run), ["D6", "D8", "E7", "D6", "E5"]);
        // A leg given backwards is turned.
        let run = legs(&[&["A1", "A3"], &["A5", "A3"], &["A5", "A7"]]);
        assert_eq!(join_legs(&run), ["A1", "A3", "A5", "A7"]);
    }
}
