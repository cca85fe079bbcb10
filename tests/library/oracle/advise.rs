//! The lay advisor against brute force: every legal lay of a company on
//! real positions, each priced by the oracle after the lay. The advisor
//! skips searches for lays routes see as today's map or as another lay;
//! the oracle searches every one, so a wrong skip shows here.

use super::*;
use hexroute::advise::{self, Ask, Move};
use hexroute::rules::LayBy;

fn check(file: &str, company: &str, tokens: bool) {
    let (game, state) = super::games::load_fixture(file);
    let bonuses = routes::bonuses_in_force(&game, state.phase, &[]);
    let trains: Vec<TrainDef> = state.trains[company]
        .iter()
        .map(|n| game.train(n).unwrap().clone())
        .collect();
    let query = Query {
        company: company.into(),
        trains: trains.clone(),
        bonuses: bonuses.clone(),
        lose_lowest: None,
    };
    let ask = Ask {
        game: &game,
        state: &state,
        query: &query,
        by: LayBy {
            company: Some(&company.into()),
            private: None,
        },
        tokens,
        lays: None,
    };
    let advice = advise::advise(ask, &|_, _| {}).unwrap();
    let oracle = |s: &MapState| {
        Oracle {
            game: &game,
            state: s,
            company,
        }
        .solve(&trains, &bonuses)
    };
    assert_eq!(advice.now.total, oracle(&state), "{file} {company} now");
    assert!(advice.choices.len() > 10, "{file}: too few lays to test");
    assert!(
        advice.searches < advice.choices.len(),
        "{file}: nothing was skipped, so the skips are not tested"
    );
    let mut gained = 0;
    for (i, choice) in advice.choices.iter().enumerate() {
        let after = advise::after(&ask, &choice.moves).unwrap();
        let truth = oracle(&after);
        assert_eq!(
            choice.revenue(),
            truth,
            "{file} {company} {:?}",
            choice.moves
        );
        let paid: u32 = choice.solution.routes.iter().map(|r| r.revenue).sum();
        assert_eq!(
            paid, truth,
            "{file}: the routes shown do not earn the revenue"
        );
        if i > 0 {
            assert!(
                advice.choices[i - 1].revenue() >= truth,
                "{file}: not ranked best first"
            );
        }
        gained += u32::from(truth > advice.now.total);
        assert!(matches!(
            choice.moves[0],
            Move::Lay { .. } | Move::Token { .. }
        ));
    }
    assert!(gained > 0, "{file} {company}: no lay gains, a weak test");
}

#[test]
fn every_lay_of_1889_mid_earns_what_the_oracle_finds() {
    check("1889_mid.json", "TR", false);
}

#[test]
fn every_lay_and_token_of_1830_mid_earns_what_the_oracle_finds() {
    check("1830_mid.json", "PRR", true);
}

/// 1836Jr30's ports pay per token city counted: a lay that changes which
/// cities a port route counts must be searched, and the oracle prices it.
#[test]
fn every_lay_of_1836jr30_mid_earns_what_the_oracle_finds() {
    check("1836Jr30_mid.json", "B", false);
}
