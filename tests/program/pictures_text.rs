//! Pictures and text as a player reads them (issue 41): off-boards named
//! as off-boards, every bonus a route earns named so the numbers add up,
//! private companies' markers drawn, and no home kept for a company that
//! closed for good.

use crate::common::{fixture, hexroute, stdout_of};
use hexroute::game;
use hexroute::routes::report::{RoutesReport, StopKindName};
use hexroute::tile::StopKind;

/// Every company's best routes on a fixture, as `routes --all --json` prints them.
fn routes_of(name: &str) -> RoutesReport {
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture(name))
            .args(["--all", "--json", "--quiet"]),
    );
    RoutesReport::from_json(&out).unwrap()
}

/// 1846's C21 (Erie's red hex) and F22, and 18Chesapeake's A3 (Pittsburgh,
/// red with a home in it) are off-boards; a printed city stays a city.
#[test]
fn off_boards_are_reported_as_off_boards() {
    let g1846 = game::builtin("1846").unwrap();
    let chesapeake = game::builtin("18Chesapeake").unwrap();
    for (game, hex) in [(&g1846, "C21"), (&g1846, "F22"), (&chesapeake, "A3")] {
        let c = game.hex(hex).unwrap();
        assert_eq!(
            StopKindName::of(game, c, StopKind::City(0)),
            StopKindName::Offboard,
            "{} {hex}",
            game.id
        );
    }
    let detroit = g1846.hex("C15").unwrap();
    assert_eq!(
        StopKindName::of(&g1846, detroit, StopKind::City(0)),
        StopKindName::City
    );

    // The JSON a script reads: on 1846_mid, B&O, Erie and NYC run to C21.
    let report = routes_of("1846_mid.json");
    let kinds: Vec<(&str, StopKindName)> = report
        .companies()
        .iter()
        .flat_map(|c| &c.routes)
        .flat_map(|r| &r.stops)
        .map(|s| (s.hex.as_str(), s.kind))
        .collect();
    let at_c21: Vec<_> = kinds.iter().filter(|(h, _)| *h == "C21").collect();
    assert!(at_c21.len() >= 2, "routes to C21: {kinds:?}");
    assert!(
        at_c21.iter().all(|(_, k)| *k == StopKindName::Offboard),
        "{kinds:?}"
    );
    assert!(kinds.contains(&("C15", StopKindName::City)), "{kinds:?}");
}

