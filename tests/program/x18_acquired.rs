//! Acquisitions the engine makes unasked in 18DE (the `Acquisitions`
//! mechanism): the auction's winner holds one company able to buy, and
//! the record has no `merge`; and 1817's merger round, whose passes are
//! no operating turns.

use crate::common::{record_at, tokens_of};

/// tobymao/18xx's `public/fixtures/18DE/18DE_game_end_final_phase.json`,
/// its three acquisitions, none with a `merge`; the tokens expected are the
/// engine's own map (`export.rb`, the runs at actions 731 and 790), which
/// `x18-compare.py` found equal to the import:
/// - action 683: MB wins KM; MB takes a loan at 684 (the buyer acting straight
///   after): KM's token in B14 is MB's.
/// - action 712: HE wins OL; no company acts until another auction begins, and
///   HE is the first to run OL's trains later: OL's tokens in E7 and J14 and
///   its privates (Major Mail Contract, Bridge Company) are HE's.
/// - action 785: MB wins BM and passes at 786: BM's tokens are MB's, one a
///   city (F10, and I9's city, where the import keeps BM's space and the
///   engine MB's: the same city for routes).
#[test]
fn companies_bought_with_no_merge_go_to_the_winners_company() {
    let dir = tempfile::tempdir().unwrap();
    let record = "18DE_game_end_final_phase.json";
    let before = record_at(record, 682, &dir.path().join("682.json"));
    assert_eq!(tokens_of(&before, "KM"), ["B14:1"]);

    let at730 = record_at(record, 730, &dir.path().join("730.json"));
    assert!(tokens_of(&at730, "KM").is_empty());
    assert!(tokens_of(&at730, "MB").contains(&"B14:1".to_string()));
    assert!(tokens_of(&at730, "OL").is_empty());
    let he = tokens_of(&at730, "HE");
    assert!(
        he.contains(&"E7:0".to_string()) && he.contains(&"J14:0".to_string()),
        "{he:?}"
    );
    assert_eq!(at730["privates"]["MAJM"], "HE");
    assert_eq!(at730["privates"]["UBC"], "HE");
    assert_eq!(tokens_of(&at730, "BM"), ["F10:0", "I9:1"]);

    let at789 = record_at(record, 789, &dir.path().join("789.json"));
    assert!(tokens_of(&at789, "BM").is_empty());
    let mb = tokens_of(&at789, "MB");
    assert!(mb.contains(&"F10:0".to_string()), "{mb:?}");
    assert_eq!(
        mb.iter().filter(|t| t.starts_with("I9:")).count(),
        1,
        "{mb:?}"
    );
}

/// The first 330 actions of tobymao/18xx's
/// `public/fixtures/1817/1817_game_end_bankrupt.json`: after operating
/// round 1.1 the 2s are exported, and in the merger round that follows
/// most companies pass by hand (J at 274, H, R, SR, PSNR, A&S, PLE). The
/// engine (checked once with `export.rb`: phase 2 at the run of action
/// 296) stays in phase 2 until NYOW buys the first 2+ at 329. A lone pass
/// counted as an operating turn made J's turn at 294 look like a new
/// round, whose end exported the 2+ and began phase 2+ early.
#[test]
fn a_merger_round_pass_is_no_operating_turn() {
    let dir = tempfile::tempdir().unwrap();
    let record = "1817_bankrupt_cut.json";
    let at295 = record_at(record, 295, &dir.path().join("295.json"));
    assert_eq!(at295["phase"], "2");
    let at329 = record_at(record, 329, &dir.path().join("329.json"));
    assert_eq!(at329["phase"], "2+");
}
