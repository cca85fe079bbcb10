//! What the engine does that no action of a record names, read by the
//! replay from what follows (issue 42's last gaps). The facts are the
//! engine's log, read once replaying each record in the engine:
//! - 1870 `game-end-market-400` (`1870_market_400.json`, a copy of
//!   tobymao/18xx's `public/fixtures/1870/game-end-market-400.json`):
//!   Player 4 sells 4 shares of MKT at action 309; at 310 "Player 1 can't
//!   price protect 4 shares of MKT", "MKT's share price moves down from
//!   $20 to $0", "MKT closes" (`ClosingUnseen`). ATSF "puts destination
//!   token on the charter for later use" at 435 and places a fourth token
//!   (its game file has 3) at 649; IC keeps its own at 887 and places a
//!   third (of 2) at 940 (play's `KeepToken`).
//! - 1817 `1817_game_end_bankrupt` (`1817_bankrupt.json`, a copy of
//!   `public/fixtures/1817/1817_game_end_bankrupt.json`): Player 5 wins
//!   WT's auction at 1370 with no `merge`, and "UR acquires WT receiving
//!   ... tokens (4: 3 on hexes ["C26", "H3", "C22"] & 1 on the charter)"
//!   (UR already in C22). Player 5 also presides PSNR, at a price of $0
//!   (the engine: `mergeable` gives UR alone); UR acts again at 1432
//!   (redeeming shares), PSNR never does.

use crate::common::{fixture, hexroute, record_at, tokens_of};
use serde_json::Value;

/// `import --at at` of `record`, with what it said on stderr.
fn import_said(record: &str, at: Option<u64>) -> (Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.json");
    let mut cmd = hexroute();
    cmd.arg("import")
        .arg(fixture("18xx.games").join(record))
        .arg("-o")
        .arg(&out);
    if let Some(at) = at {
        cmd.args(["--at", &at.to_string()]);
    }
    let done = cmd.output().unwrap();
    let said = String::from_utf8_lossy(&done.stderr).into_owned();
    assert!(done.status.success(), "{said}");
    (crate::common::saved_json(&out), said)
}

fn closed(save: &Value, company: &str) -> bool {
    (save["closed"].as_array().into_iter().flatten()).any(|c| c == company)
}

/// Before the sale (`--at 308`) MKT holds Kansas City (B11); `--at 309`
/// is the map as action 310 begins (the replay prepares the next action,
/// as the engine does), where MKT has closed: no token, and the caution.
#[test]
fn mkt_closes_at_its_share_price_as_the_next_player_acts() {
    let (before, said) = import_said("1870_market_400.json", Some(308));
    assert!(!tokens_of(&before, "MKT").is_empty());
    assert!(!closed(&before, "MKT"));
    assert!(!said.contains("MKT is taken as closed"), "{said}");
    let (after, said) = import_said("1870_market_400.json", Some(309));
    assert!(tokens_of(&after, "MKT").is_empty(), "{after}");
    assert!(closed(&after, "MKT"));
    assert!(
        said.contains("action 310: MKT is taken as closed at its share price after a player's sale of its shares (action 309)"),
        "{said}"
    );
}

#[test]
fn a_destination_token_kept_on_the_charter_is_placed_later() {
    let dir = tempfile::tempdir().unwrap();
    let record = "1870_market_400.json";
    let before = record_at(record, 434, &dir.path().join("434.json"));
    assert_eq!(before["charter_tokens"], Value::Null);
    let kept = record_at(record, 435, &dir.path().join("435.json"));
    assert_eq!(kept["charter_tokens"], serde_json::json!({"ATSF": 1}));
    let placed = record_at(record, 649, &dir.path().join("649.json"));
    assert_eq!(tokens_of(&placed, "ATSF").len(), 4, "{placed}");
    // The whole record: every lay and token accepted, none cautioned.
    let out = hexroute()
        .arg("import")
        .arg(fixture("18xx.games").join(record))
        .arg("--check")
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("hexroute's rules accept every tile lay and token of the game"),
        "{said}"
    );
    assert!(
        !said.contains("charter: a token beyond its count"),
        "{said}"
    );
}

#[test]
fn wt_is_bought_by_the_one_company_of_its_winner_that_acts_again() {
    let (before, _) = import_said("1817_bankrupt.json", Some(1369));
    let wt = tokens_of(&before, "WT");
    assert!(
        ["C26", "H3", "C22"]
            .iter()
            .all(|h| wt.iter().any(|t| t.starts_with(&format!("{h}:")))),
        "{wt:?}"
    );
    let (after, said) = import_said("1817_bankrupt.json", Some(1380));
    assert!(tokens_of(&after, "WT").is_empty(), "{after}");
    let ur = tokens_of(&after, "UR");
    for h in ["C26", "H3"] {
        assert!(ur.iter().any(|t| t.starts_with(&format!("{h}:"))), "{ur:?}");
    }
    assert_eq!(
        ur.iter().filter(|t| t.starts_with("C22:")).count(),
        1,
        "{ur:?}"
    );
    assert!(said.contains("taken as bought by UR"), "{said}");
    assert!(!said.contains("it is left where it was"), "{said}");
}
