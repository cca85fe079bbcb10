//! Pictures and text as a player reads them (issue 41): off-boards named
//! as off-boards, every bonus a route earns named so the numbers add up,
//! private companies' markers drawn, and no home kept for a company that
//! closed for good.

use crate::common::{fixture, hexroute, stdout_of};
use hexroute::game;
use hexroute::render::{self, MapOptions, MapPicture};
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
    let text = std::fs::read_to_string(fixture("1846_mid.json")).unwrap();
    let state = hexroute::save::from_json(&text, &game).unwrap().state;
    let overlay = hexroute::render::RouteOverlay::from_report(&game, &state, &report).unwrap();
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

/// The save behind a fixture, and its game.
fn load(name: &str) -> (game::Game, hexroute::state::MapState) {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    let id: serde_json::Value = serde_json::from_str(&text).unwrap();
    let game = game::builtin(id["game"].as_str().unwrap()).unwrap();
    let state = hexroute::save::from_json(&text, &game).unwrap().state;
    (game, state)
}

/// The picture encoded as PNG.
fn pixels(picture: &MapPicture) -> Vec<u8> {
    let (w, h) = picture.size();
    render::encode(render::Format::Png, w, h, |cr| picture.draw(cr)).unwrap()
}

/// A marker expected on a hex: the hex, the bonus it names, what it pays.
type Placed = (&'static str, &'static str, u32);

/// The fixtures' placed markers (from their saves' `privates`, `SYM@HEX`)
/// are drawn on their hexes, named by the bonus they pay: 1846_mid's Meat
/// Packing on St. Louis, Steamboat on Toledo and Boomtown on Cincinnati,
/// 1856_mid's Great Lakes port on C14, 18AL_mid's Warrior Coal Field on
/// Birmingham. Without them in the save, the picture is another.
#[test]
fn private_markers_are_drawn() {
    let cases: [(&str, &[Placed]); 3] = [
        (
            "1846_mid.json",
            &[
                ("I1", "Meat Packing", 30),
                ("D14", "Steamboat", 20),
                ("H12", "Boomtown", 20),
            ],
        ),
        ("1856_mid.json", &[("C14", "Great Lakes Shipping", 20)]),
        ("18AL_mid.json", &[("G4", "Warrior Coal Field", 10)]),
    ];
    for (name, wanted) in cases {
        let (game, state) = load(name);
        let picture = MapPicture::new(&game, &state, MapOptions::default(), None).unwrap();
        let markers = picture.markers();
        let seen: Vec<(String, &str, u32)> = markers
            .iter()
            .map(|m| (game.format(m.hex), m.label.as_str(), m.amount))
            .collect();
        for &(hex, label, amount) in wanted {
            assert!(
                seen.contains(&(hex.to_string(), label, amount)),
                "{name}: {seen:?}"
            );
        }
        assert_eq!(seen.len(), wanted.len(), "{name}: {seen:?}");
        // The badge sits on its hex, clear of the hex's cities.
        for m in &markers {
            let b = picture.marker_box(m.hex, (30.0, 20.0));
            let (cx, cy) = picture.centre(m.hex);
            let r = render::DEFAULT_HEX_SIZE;
            assert!(
                (b.0 + b.2) / 2.0 - cx < r && (b.1 + b.3) / 2.0 - cy < r,
                "{name}: {m:?}"
            );
        }
        let mut bare = state.clone();
        bare.privates.retain(|held, _| held.marker().is_none());
        let without = MapPicture::new(&game, &bare, MapOptions::default(), None).unwrap();
        assert!(without.markers().is_empty());
        assert_ne!(pixels(&picture), pixels(&without), "{name}: no badge drawn");
    }
}

/// 1856's record that ends with the bank broken, imported at action 763:
/// seven companies merged into the CGR at 589-595 and closed for good.
/// No home of theirs is drawn kept (GW's London, F15, among them); with the
/// save's `closed` taken away, GW's home is drawn kept again.
#[test]
fn closed_companies_homes_are_not_drawn_kept() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("s.json");
    hexroute()
        .arg("import")
        .arg(fixture("18xx.games").join("1856_game_end_bank.json"))
        .args(["--at", "763", "-o"])
        .arg(&save)
        .assert()
        .success();
    let text = std::fs::read_to_string(&save).unwrap();
    let game = game::builtin("1856").unwrap();
    let state = hexroute::save::from_json(&text, &game).unwrap().state;
    assert!(state.closed().count() >= 7, "{:?}", state.standing);
    let kept = |state: &hexroute::state::MapState| {
        let picture = MapPicture::new(&game, state, MapOptions::default(), None).unwrap();
        let mut out: Vec<(String, String)> = Vec::new();
        for c in game.hexes.keys() {
            for (_, co) in picture.kept_homes(*c) {
                out.push((game.format(*c), co.to_string()));
            }
        }
        out
    };
    let drawn = kept(&state);
    for (hex, co) in &drawn {
        assert!(
            !state.closed().any(|c| c.as_str() == co),
            "{co}'s home {hex} drawn kept"
        );
    }
    let mut reopened = state.clone();
    reopened.standing.clear();
    let drawn_open = kept(&reopened);
    assert!(
        drawn_open.contains(&("F15".to_string(), "GW".to_string())),
        "{drawn_open:?}"
    );
}
