//! Random mutations of the bundled saves never panic the library: loading
//! either refuses with an error, or gives a state that shows, routes and
//! draws. (The fuzz targets in `fuzz/` search the same ground for longer.)

use hexroute::game::{self, Game};
use hexroute::render::{Format, MapOptions, MapPicture, encode};
use hexroute::routes::{self, Query, assign::Limit, network::Network};
use hexroute::save;
use hexroute::state::MapState;
use proptest::prelude::*;
use serde_json::Value;

const FIXTURES: [&str; 38] = [
    "1830_early",
    "1830_mid",
    "1830_late",
    "1861_early",
    "1861_mid",
    "1861_mid_format1",
    "1861_late",
    "1867_bc",
    "1889_early",
    "1889_mid",
    "1889_late",
    "1870_mid",
    "1888_mid",
    "18JPT_mid",
    "18CO_mid",
    "18Chesapeake_mid",
    "18ChesapeakeOfftheRails_mid",
    "18GA_mid",
    "18MEX_mid",
    "18MS_mid",
    "18MT_mid",
    "18NL_mid",
    "18NewEngland_mid",
    "1893_mid",
    "1817_mid",
    "1817NA_mid",
    "1817WO_mid",
    "18DE_mid",
    "1877Venezuela_mid",
    "18TN_mid",
    "1836Jr30_mid",
    "1836Jr56_mid",
    "18AL_mid",
    "1846_mid",
    "18Texas_mid",
    "1882_mid",
    "1861_167259",
    "1856_mid",
];

fn fixture_text(name: &str) -> String {
    let path = format!("{}/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// What became of a damaged save.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    /// Refused as bad input, as the program would with exit code 2.
    Refused,
    /// Loaded, then shown, routed, drawn and written back.
    Exercised,
}

/// A refusal of a damaged save must be bad input, never hexroute's fault.
fn refused(e: hexroute::Error) -> Outcome {
    assert!(!e.is_internal(), "a damaged save is bad input: {e}");
    Outcome::Refused
}

/// Everything a user can ask of a loaded save, minus the files.
fn exercise(text: &str) -> Outcome {
    let id = match save::game_id(text) {
        Ok(id) => id,
        Err(e) => return refused(e),
    };
    let game = match game::builtin(&id) {
        Ok(game) => game,
        Err(e) => return refused(e),
    };
    let state = match save::from_json(text, &game) {
        Ok(state) => state,
        Err(e) => return refused(e),
    };
    show(&game, &state.state);
    route(&game, &state.state);
    draw(&game, &state.state);
    // What loaded writes out and loads back.
    let written = save::to_json(&state, &game);
    let again = save::from_json(&written, &game).expect("a written save loads back");
    assert_eq!(save::to_json(&again, &game), written);
    Outcome::Exercised
}

fn show(game: &Game, state: &MapState) {
    for (c, tile, _) in state.laid_tiles() {
        game.format(c);
        game.tile(tile).expect("a loaded save's tiles exist");
    }
    state.supply(game);
    state.offboard_colour(game);
    assert!(state.tokens().count() <= game.hexes.len() * 6);
}

/// Each company with tokens runs (at most two of) its trains, with a time
/// limit so that a mutation to a long train cannot stall the test.
fn route(game: &Game, state: &MapState) {
    let net = Network::build(game, state);
    for (company, trains) in &state.trains {
        let trains: Vec<_> = trains
            .iter()
            .take(2)
            .map(|t| game.train(t).expect("a loaded save's trains exist").clone())
            .collect();
        let query = Query {
            company: company.clone(),
            trains,
            bonuses: Vec::new(),
            lose_lowest: None,
        };
        let limit = Limit::until(std::time::Instant::now() + std::time::Duration::from_secs(2));
        match routes::solve_within(&net, &query, &|_| {}, &limit) {
            Ok(solution) => {
                let sum: u32 = solution.routes.iter().map(|r| r.revenue).sum();
                assert_eq!(sum, solution.total);
            }
            Err(e) => assert!(!e.is_internal(), "{company}: {e}"),
        }
    }
}

fn draw(game: &Game, state: &MapState) {
    let options = MapOptions {
        hex_size: 12.0,
        ..MapOptions::default()
    };
    let picture = MapPicture::new(game, state, options, None).expect("the whole map has hexes");
    let (w, h) = picture.size();
    let svg = encode(Format::Svg, w, h, |cr| picture.draw(cr)).expect("drawing succeeds");
    assert!(svg.starts_with(b"<?xml"));
}

/// A byte-level edit: the kind of damage a bad disk or a careless hand does.
#[derive(Debug, Clone)]
enum ByteEdit {
    Delete(usize, usize),
    Insert(usize, String),
    Truncate(usize),
}

fn byte_edit() -> impl Strategy<Value = ByteEdit> {
    prop_oneof![
        (any::<usize>(), 1..40usize).prop_map(|(at, n)| ByteEdit::Delete(at, n)),
        (any::<usize>(), "[\\[\\]{}\",:0-9A-Z a-z.\\-]{1,12}")
            .prop_map(|(at, s)| ByteEdit::Insert(at, s)),
        any::<usize>().prop_map(ByteEdit::Truncate),
    ]
}

fn apply(text: &str, edit: &ByteEdit) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let len = bytes.len().max(1);
    match edit {
        ByteEdit::Delete(at, n) => {
            let at = at % len;
            let end = (at + n).min(bytes.len());
            bytes.drain(at.min(end)..end);
        }
        ByteEdit::Insert(at, s) => {
            let at = at % len;
            bytes.splice(at..at, s.bytes());
        }
        ByteEdit::Truncate(at) => bytes.truncate(at % len),
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A value-level edit: well-formed JSON holding the wrong thing in one place.
fn replacement() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        prop_oneof![Just(-1i64), Just(0), Just(1), Just(5), Just(6), Just(99)]
            .prop_map(Value::from),
        "[A-Z]{1,2}[0-9]{1,2}".prop_map(Value::from),
        prop_oneof![
            Just("57"),
            Just("X2"),
            Just("8"),
            Just("CPR"),
            Just("GW"),
            Just("D"),
            Just("5+5E"),
            Just("2"),
            Just("1867"),
            Just("")
        ]
        .prop_map(Value::from),
        Just(Value::Array(Vec::new())),
        Just(serde_json::json!({})),
        Just(serde_json::json!({"tile": "57", "rotation": 7, "tokens": {"0": "CPR", "9": "GW"}})),
    ]
}

/// Replaces the `pick`-th node (in document order, mod the count) by `new`.
fn replace_node(root: &mut Value, pick: usize, new: Value) {
    fn count(v: &Value) -> usize {
        1 + match v {
            Value::Array(a) => a.iter().map(count).sum(),
            Value::Object(o) => o.values().map(count).sum(),
            _ => 0,
        }
    }
    fn walk(v: &mut Value, n: &mut usize, new: &mut Option<Value>) {
        if *n == 0 {
            *v = new.take().expect("replaced once");
            return;
        }
        *n -= 1;
        match v {
            Value::Array(a) => a.iter_mut().for_each(|c| {
                if new.is_some() {
                    walk(c, n, new)
                }
            }),
            Value::Object(o) => o.values_mut().for_each(|c| {
                if new.is_some() {
                    walk(c, n, new)
                }
            }),
            _ => {}
        }
    }
    let mut n = pick % count(root);
    walk(root, &mut n, &mut Some(new));
}

/// A game-aware edit, in words a player might type into a save by hand:
/// a tile on a hex, a token, a train, a phase, or a hex cleared. Such saves
/// often load, so they reach the routes and the drawing.
fn plausible_edit(json: &mut Value, game: &Game, (kind, a, b, c): (u8, usize, usize, usize)) {
    let hexes: Vec<_> = game.hexes.keys().copied().collect();
    let hex = game.format(hexes[a % hexes.len()]);
    let tiles: Vec<&hexroute::tile::TileId> = game.tiles.keys().collect();
    let company = &game.companies[b % game.companies.len()].abbrev;
    let entry = &mut json["hexes"][&hex];
    match kind % 5 {
        0 => {
            entry["tile"] = Value::from(tiles[b % tiles.len()].as_str());
            entry["rotation"] = Value::from(c % 6);
        }
        1 => entry["tokens"][(c % 4).to_string()] = Value::from(company.as_str()),
        2 => {
            let train = &game.trains[c % game.trains.len()].name;
            let list = &mut json["trains"][company.as_str()];
            if !list.is_array() {
                *list = Value::Array(Vec::new());
            }
            list.as_array_mut()
                .unwrap()
                .push(Value::from(train.as_str()));
        }
        3 => json["phase"] = Value::from(game.phases[c % game.phases.len()].name.as_str()),
        _ => {
            json["hexes"].as_object_mut().unwrap().remove(&hex);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn damaged_bytes_never_panic(which in 0..FIXTURES.len(), edits in prop::collection::vec(byte_edit(), 1..4)) {
        let mut text = fixture_text(FIXTURES[which]);
        for e in &edits {
            text = apply(&text, e);
        }
        exercise(&text);
    }

    #[test]
    fn wrong_values_never_panic(which in 0..FIXTURES.len(), picks in prop::collection::vec((any::<usize>(), replacement()), 1..4)) {
        let mut json: Value = serde_json::from_str(&fixture_text(FIXTURES[which])).unwrap();
        for (pick, new) in picks {
            replace_node(&mut json, pick, new);
        }
        exercise(&json.to_string());
    }

    #[test]
    fn plausible_hand_edits_never_panic(which in 0..FIXTURES.len(), edits in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>(), any::<usize>()), 1..5)) {
        let text = fixture_text(FIXTURES[which]);
        let game = game::builtin(&save::game_id(&text).unwrap()).unwrap();
        let mut json: Value = serde_json::from_str(&text).unwrap();
        for e in edits {
            plausible_edit(&mut json, &game, e);
        }
        exercise(&json.to_string());
    }
}

/// The mutations are not all refused: many damaged saves still load, so
/// the show, route and draw paths above are really exercised.
#[test]
fn the_unmutated_fixtures_exercise_every_path() {
    for name in FIXTURES {
        let text = fixture_text(name);
        let id = save::game_id(&text).unwrap();
        let game = game::builtin(&id).unwrap();
        let state = save::from_json(&text, &game).unwrap();
        assert!(state.state.laid_tiles().count() > 0, "{name} has tiles");
        assert_eq!(exercise(&text), Outcome::Exercised, "{name}");
    }
}

/// Hand edits are not all refused, so the paths past loading are really
/// tried: of 200 saves each edited a few times (a fixed sequence, the same
/// every run), a good share loads and is shown, routed and drawn.
#[test]
fn many_hand_edited_saves_load_and_are_exercised() {
    let mut seed: u64 = 0x5eed;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let mut exercised = 0;
    for i in 0..200 {
        let text = fixture_text(FIXTURES[i % FIXTURES.len()]);
        let game = game::builtin(&save::game_id(&text).unwrap()).unwrap();
        let mut json: Value = serde_json::from_str(&text).unwrap();
        for _ in 0..1 + next() % 3 {
            let edit = ((next() % 256) as u8, next(), next(), next());
            plausible_edit(&mut json, &game, edit);
        }
        exercised += usize::from(exercise(&json.to_string()) == Outcome::Exercised);
    }
    assert!(
        exercised >= 40,
        "only {exercised} of 200 hand-edited saves loaded"
    );
}
