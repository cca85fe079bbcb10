//! A second home (`rules.second_home_hexes`) worked by hand on 1817WO's
//! empty map, where no track joins any two cities: a token anywhere but
//! its own hex is out of reach unless the rule places it.

use hexroute::game::{Game, Rule};
use hexroute::rules::check_token;
use hexroute::state::{MapState, Size};

/// 1817WO with H's tokens on `hexes` (each in space 0) and H a 10-share
/// company (4 tokens), so the count never refuses a token.
fn position(hexes: &[&str]) -> (Game, MapState) {
    let game = hexroute::game::builtin("1817WO").unwrap();
    let mut state = MapState::start(&game);
    for h in hexes {
        let c = game.hex(h).unwrap();
        let tokens = &mut state.hexes.entry(c).or_default().tokens;
        tokens.insert(0, "H".into());
    }
    let size = Size {
        shares: 10,
        tokens: 4,
    };
    state.set_size(&"H".into(), Some(size));
    (game, state)
}

/// The rules `check_token` finds broken by H's token on `hex`.
fn broken(game: &Game, state: &MapState, hex: &str) -> Vec<Rule> {
    let c = game.hex(hex).unwrap();
    let placement = check_token(game, state, c, &"H".into(), None).unwrap();
    placement.violations.iter().map(|v| v.rule).collect()
}

/// By hand, from 18xx.games's 1817WO `place_second_token` (checked once
/// against record 19926's action 266, H's second token on F1): H's one
/// token in Nieuw Zeeland (L9) makes its second a home, placed on the
/// Vikings (F1) with no track between them; the same token from Terra
/// Australis (K8), no second home, needs a route; and only the second
/// token is a home: with L9 and F1 placed, a third in Amazonia (D7)
/// needs one.
#[test]
fn the_second_token_from_nieuw_zeeland_needs_no_route() {
    let (game, state) = position(&["L9"]);
    assert_eq!(broken(&game, &state, "F1"), Vec::<Rule>::new());
    let (game, state) = position(&["K8"]);
    assert_eq!(broken(&game, &state, "F1"), vec![Rule::Reachable]);
    let (game, state) = position(&["L9", "F1"]);
    assert_eq!(broken(&game, &state, "D7"), vec![Rule::Reachable]);
}
