//! Events on small positions of built-in titles, worked by hand: what
//! each moves, the standing it leaves, and that a save's history takes
//! it back.

use super::*;
use crate::game::builtin;
use crate::rules::Violation;
use crate::save;
use crate::state::{SavedGame, Standing};

/// `state` with a token of `company` in space 0 of hex `hex`.
fn at(game: &Game, mut state: MapState, company: &str, hex: &str) -> MapState {
    state.put_token(game.hex(hex).unwrap(), 0, company.into());
    state
}

fn rules_of(v: &[Violation]) -> Vec<Rule> {
    v.iter().map(|v| v.rule).collect()
}

use crate::game::Rule;

#[test]
fn minors_merge_into_a_major_and_undo_takes_it_back() {
    let game = builtin("1867").unwrap();
    let mut state = at(&game, MapState::start(&game), "LPS", "F8");
    state = at(&game, state, "CA", "M9");
    state.trains.insert("LPS".into(), vec!["2".into()]);
    state.trains.insert("CA".into(), vec!["3".into()]);
    let event = Event::Merge {
        from: vec!["LPS".into(), "CA".into()],
        into: "CNR".into(),
    };
    let played = apply(&game, &state, &event).unwrap();
    let next = &played.edit.next;
    assert!(
        played.edit.violations.is_empty(),
        "{:?}",
        played.edit.violations
    );
    // LPS and CA hold F8 and M9, as in record 21268 before they merge.
    for (minor, hex) in [("LPS", "F8"), ("CA", "M9")] {
        let home = game.hex(hex).unwrap();
        assert_eq!(next.holders(home, 0..1), vec![CompanyId::from("CNR")]);
        assert_eq!(
            next.standing_of(&minor.into()),
            Standing::MergedInto("CNR".into())
        );
    }
    let trains: Vec<&str> = next.trains["CNR"].iter().map(|t| t.as_str()).collect();
    assert_eq!(trains, ["2", "3"]);

    // Recorded, written and read back, then undone: as before.
    let mut saved = SavedGame::from(state.clone());
    saved.commit(next.clone(), "merge".into(), "t".into());
    let text = save::to_json(&saved, &game);
    assert!(text.contains("\"merged into CNR\""), "{text}");
    let mut read = save::from_json(&text, &game).unwrap();
    assert_eq!(read.state.standing_of(&"LPS".into()), Standing::Closed);
    assert_eq!(read.edited_since_last_change(), None);
    read.undo().unwrap();
    assert_eq!(read.state, state);
}

#[test]
fn a_major_merging_or_a_minor_merged_twice_breaks_the_merger_rule() {
    let game = builtin("1867").unwrap();
    let mut state = at(&game, MapState::start(&game), "LPS", "F8");
    state.set_standing(&"LPS".into(), Standing::Closed);
    let event = Event::Merge {
        from: vec!["LPS".into(), "GTR".into()],
        into: "CNR".into(),
    };
    let played = apply(&game, &state, &event).unwrap();
    assert_eq!(
        rules_of(&played.edit.violations),
        [Rule::Merger, Rule::Merger]
    );
    // A title with no mergers says so.
    let game = builtin("1830").unwrap();
    let event = Event::Merge {
        from: vec!["B&O".into()],
        into: "PRR".into(),
    };
    let played = apply(&game, &MapState::start(&game), &event).unwrap();
    assert!(played.edit.violations[0].message.contains("do not merge"));
}

/// A minor with one token and no train: CN (which has tokens to spare
/// beyond its kept Montreal) takes its city; the minor closes.
#[test]
fn a_nationalised_minor_gives_the_national_its_city_and_closes() {
    let game = builtin("1867").unwrap();
    let state = at(&game, MapState::start(&game), "LPS", "F8");
    let n = Nationalise::by_title(&game, &state, &"LPS".into())
        .unwrap()
        .unwrap();
    assert_eq!(n.national, CompanyId::from("CN"));
    assert_eq!(n.kept.len(), 1, "CN keeps Montreal");
    let played = apply(&game, &state, &Event::Nationalise(n)).unwrap();
    assert!(played.edit.violations.is_empty());
    let home = game.hex("F8").unwrap();
    assert_eq!(
        played.edit.next.holders(home, 0..1),
        vec![CompanyId::from("CN")]
    );
    assert_eq!(
        played.edit.next.standing_of(&"LPS".into()),
        Standing::Closed
    );
    assert_eq!(played.kept.map(|k| k.len()), Some(1));

    // With a train, it is not nationalised (before phase 8).
    let mut with_train = state.clone();
    with_train.trains.insert("LPS".into(), vec!["2".into()]);
    let n = Nationalise::by_title(&game, &with_train, &"LPS".into())
        .unwrap()
        .unwrap();
    let played = apply(&game, &with_train, &Event::Nationalise(n)).unwrap();
    assert_eq!(rules_of(&played.edit.violations), [Rule::Nationalisation]);
}

#[test]
fn a_closed_company_leaves_the_map_and_closes_once() {
    let game = builtin("1846").unwrap();
    let mut state = at(
        &game,
        MapState::start(&game),
        "GT",
        &game.format(game.home(&"GT".into()).unwrap()),
    );
    state.trains.insert("GT".into(), vec!["2".into()]);
    let played = apply(&game, &state, &Event::Close("GT".into())).unwrap();
    let next = played.edit.next;
    assert_eq!(next.tokens().count(), state.tokens().count() - 1);
    assert_eq!(next.trains.get("GT"), None);
    assert!(next.is_closed(&"GT".into()));
    let again = apply(&game, &next, &Event::Close("GT".into())).unwrap();
    assert_eq!(rules_of(&again.edit.violations), [Rule::Closing]);
}

#[test]
fn receivership_is_a_standing_in_and_out() {
    let game = builtin("1856").unwrap();
    let state = MapState::start(&game);
    let on = Event::Receivership {
        company: "GT".into(),
        on: true,
    };
    let next = apply(&game, &state, &on).unwrap().edit.next;
    assert_eq!(next.standing_of(&"GT".into()), Standing::Receivership);
    assert!(apply(&game, &next, &on).is_err(), "in receivership already");
    let saved = SavedGame::from(next.clone());
    let text = save::to_json(&saved, &game);
    assert!(text.contains("\"receivership\""), "{text}");
    assert_eq!(save::from_json(&text, &game).unwrap().state, next);
}
