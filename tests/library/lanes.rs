//! Lanes of track (18xx.games's `lanes`): 18MEX's brown Mexico City
//! (O10) runs two lanes across the side it shares with Puebla (P11), one to
//! Puebla's town and one past it. Each lane is track of its own, so one
//! route, or two, may cross that side twice.

use hexroute::game::Game;
use hexroute::routes::check::{Checked, Given, check};
use hexroute::routes::network::Network;
use hexroute::routes::{self, Query};
use hexroute::state::MapState;
use hexroute::tile::Lane;

/// 18xx.games's public 18MEX record `hotseat01` imported just before
/// action 562, where the UdY ran its 4 from Veracruz's town through
/// Puebla's town into Mexico City and out again past Puebla to Tampico.
fn position() -> (Game, MapState) {
    let path = format!("{}/fixtures/18MEX_lanes.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let game = hexroute::game::builtin("18MEX").unwrap();
    let state = hexroute::save::from_json(&text, &game).unwrap().state;
    (game, state)
}

fn query(game: &Game, company: &str, trains: &[&str]) -> Query {
    Query {
        company: company.into(),
        trains: trains
            .iter()
            .map(|t| game.train(t).unwrap().clone())
            .collect(),
        bonuses: Vec::new(),
        lose_lowest: None,
        required: None,
    }
}

fn legs(list: &[&[&str]]) -> Vec<Vec<String>> {
    list.iter()
        .map(|l| l.iter().map(|h| h.to_string()).collect())
        .collect()
}

/// The UdY's run as the record gives it: stops and legs.
fn udy_run(game: &Game) -> Given {
    let stops: Vec<String> = ["P13", "P13", "P11", "O10", "M12"]
        .iter()
        .map(|h| h.to_string())
        .collect();
    let legs = legs(&[
        &["P13"],
        &["P13", "Q12", "P11"],
        &["P11", "O10"],
        &["O10", "P11", "O12", "N11", "M12"],
    ]);
    Given::parse(game, "4", &stops, Some(&legs)).unwrap()
}

/// Worked by hand from the catalogue's tiles: Veracruz (P13, tile 478)
/// town $20 and city $30, Puebla's town (P11, 486P) $10, Mexico City (O10,
/// 486MC) $50, Tampico (M12, 472) $20: $20 + $30 + $10 + $50 + $20 = $130,
/// what the record says the UdY ran (and 18xx.games prices it so today).
/// The route crosses the O10–P11 side twice, once in each lane: with the
/// lanes taken away (every piece in one lane a side) the same route uses
/// that side twice and is refused.
#[test]
fn one_route_crosses_a_side_twice_in_its_two_lanes() {
    let (game, state) = position();
    let net = Network::build(&game, &state);
    let run = udy_run(&game);
    match &check(
        &net,
        &query(&game, "UdY", &["4"]),
        std::slice::from_ref(&run),
    )[0]
    {
        Checked::Valid(r) => assert_eq!(r.revenue, 130),
        other => panic!("refused: {other:?}"),
    }
    let mut one_lane = game.clone();
    for tile in one_lane.tiles.values_mut() {
        for piece in &mut tile.track {
            piece.lanes = [Lane::ONLY; 2];
        }
    }
    let net = Network::build(&one_lane, &state);
    let checked = check(&net, &query(&one_lane, "UdY", &["4"]), &[run]);
    assert!(matches!(checked[0], Checked::Invalid(..)), "{checked:?}");
}

/// Two routes at once, one in each lane, worked by hand for the MEX
/// (tokens in Veracruz and Mexico City): Veracruz's city ($30) by Q12 to
/// Puebla's town ($10) and into Mexico City ($50), $90, in the lane to
/// Puebla's town; and Mexico City ($50) past Puebla to Tampico ($20), $70,
/// in the lane past it. Together they cross the O10–P11 side twice.
#[test]
fn two_routes_cross_one_side_at_once_in_two_lanes() {
    let (game, state) = position();
    let net = Network::build(&game, &state);
    let to_town = Given::parse(
        &game,
        "4",
        &["P13".into(), "P11".into(), "O10".into()],
        Some(&legs(&[&["P13", "Q12", "P11"], &["P11", "O10"]])),
    )
    .unwrap();
    let past = Given::parse(
        &game,
        "4",
        &["O10".into(), "M12".into()],
        Some(&legs(&[&["O10", "P11", "O12", "N11", "M12"]])),
    )
    .unwrap();
    let checked = check(&net, &query(&game, "MEX", &["4", "4"]), &[to_town, past]);
    let revenues: Vec<u32> = checked
        .iter()
        .map(|c| match c {
            Checked::Valid(r) => r.revenue,
            other => panic!("refused: {other:?}"),
        })
        .collect();
    // P13 $30 + P11 $10 + O10 $50; O10 $50 + M12 $20.
    assert_eq!(revenues, [90, 70]);
    // The search finds at least as much with two 4s.
    let best = routes::solve(&game, &state, &query(&game, "MEX", &["4", "4"])).unwrap();
    assert!(best.total >= 160, "{}", best.total);
}
