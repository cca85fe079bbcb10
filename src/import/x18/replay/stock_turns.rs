//! Companies acting in a stock round: some titles' companies buy trains
//! (and take loans, buy their own shares, choose their home) as they float
//! (1877: Venezuela), which is no operating round beginning. The record
//! shows it: such a company's run of actions holds a train bought and none
//! of an operating turn's other actions (a tile, a run, a dividend, a
//! pass), and players act straight before and after it.

use crate::import::x18::record::{Action, Kind, Record};
use std::collections::BTreeSet;

/// What a company may do in a stock round as it floats.
fn floating(kind: &Kind) -> bool {
    matches!(
        kind,
        Kind::BuyTrain(_)
            | Kind::TakeLoan
            | Kind::PlaceToken(_)
            | Kind::BuyShares(_)
            | Kind::CorporateBuyShares(_)
    )
}

/// Actions that say nothing of the round.
fn silent(a: &Action) -> bool {
    matches!(a.kind, Kind::Message | Kind::Log | Kind::Program(_))
}

/// The ids of the record's company actions taken in stock rounds.
pub(super) fn stock_round_company_actions(record: &Record) -> BTreeSet<u64> {
    let actions: Vec<&Action> = record.standing().iter().filter(|a| !silent(a)).collect();
    let mut ids = BTreeSet::new();
    let mut i = 0;
    while i < actions.len() {
        if !actions[i].by_company() {
            i += 1;
            continue;
        }
        let entity = actions[i].entity();
        let end = (i..actions.len())
            .find(|&j| !actions[j].by_company() || actions[j].entity() != entity)
            .unwrap_or(actions.len());
        let run = &actions[i..end];
        let by_player = |a: &&Action| !a.by_company() && !a.by_private();
        let players_next = actions.get(end).is_some_and(by_player);
        let players_before = i.checked_sub(1).is_some_and(|p| by_player(&actions[p]));
        let buys = run.iter().any(|a| matches!(a.kind, Kind::BuyTrain(_)));
        if players_before && players_next && buys && run.iter().all(|a| floating(&a.kind)) {
            ids.extend(run.iter().map(|a| a.id));
        }
        i = end;
    }
    ids
}
