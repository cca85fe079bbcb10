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

/// The dollar amounts after each `marker` in `text`: `"+$"` finds `40` in
/// "East-West +$40".
fn amounts_after(text: &str, marker: &str) -> Vec<u32> {
    text.match_indices(marker)
        .map(|(at, _)| {
            let digits: String = text[at + marker.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().unwrap()
        })
        .collect()
}

/// On 1846_mid, GT's 5 earns East-West and its Steamboat at Toledo, IC's
/// 2 its Meat Packing at St. Louis, B&O's 3/5 Boomtown: each legend line
/// names every bonus, and its stops' sum and the bonuses make the revenue.
#[test]
fn legends_name_every_bonus_and_add_up() {
    let game = game::builtin("1846").unwrap();
    let report = routes_of("1846_mid.json");
    let overlay = hexroute::render::RouteOverlay::from_report(&game, &report).unwrap();
    let with_bonus: Vec<_> = overlay
        .routes
        .iter()
        .filter(|r| !r.bonuses.is_empty())
        .collect();
    let names: Vec<&str> = with_bonus
        .iter()
        .flat_map(|r| &r.bonuses)
        .map(|(n, _)| n.as_str())
        .collect();
    for wanted in ["East-West", "Steamboat", "Meat Packing"] {
        assert!(names.iter().any(|n| n.starts_with(wanted)), "{names:?}");
    }
    assert!(with_bonus.iter().any(|r| r.bonuses.len() >= 2), "{names:?}");
    for route in with_bonus {
        let line = hexroute::render::legend_line(route);
        for (name, amount) in &route.bonuses {
            assert!(line.contains(&format!("{name} +${amount}")), "{line}");
        }
        let stops = amounts_after(&line, " stops $");
        let bonuses: u32 = amounts_after(&line, " +$").iter().sum();
        assert_eq!(stops.len(), 1, "{line}");
        assert_eq!(stops[0] + bonuses, route.revenue, "{line}");
    }
}

/// `routes` in words: each train's stop values and bonus lines add up to
/// what it says the train earns (a guard: the text already named them).
#[test]
fn route_text_adds_up() {
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1846_mid.json"))
            .args(["--company", "GT", "--quiet"]),
    );
    let mut trains = 0;
    for block in out.split("  train ").skip(1) {
        let head = block.lines().next().unwrap();
        let said = amounts_after(head, "$")[0];
        let body: String = block
            .lines()
            .skip(1)
            .take_while(|l| l.starts_with("    "))
            .collect::<Vec<_>>()
            .join("\n");
        let sum: u32 = amounts_after(&body, "$").iter().sum();
        assert_eq!(sum, said, "{head}\n{body}");
        trains += 1;
    }
    assert_eq!(trains, 3, "{out}");
    assert!(out.contains("bonus: Steamboat (Toledo) +$20"), "{out}");
}

