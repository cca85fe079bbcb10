//! The bank's liquidation (`Liquidations`): in 1817NA record 25351 (a copy
//! of tobymao/18xx's public fixture), NYSW runs nothing at action 1234 and
//! cannot pay its ten loans' interest; in the acquisition round after, the
//! one player who could bid passes (1237) and the bank liquidates it,
//! removing its 8 tokens (H18, F22, I15, J18, F14, I13, A7, C9: the
//! engine's log, read once with the engine replaying the record). No
//! action names the liquidation: the replay reads it from the turn that
//! earned nothing by a company that never acts again, with a caution
//! naming the actions.

use crate::common::{fixture, hexroute, saved_json};
use serde_json::Value;

/// How many tokens NYSW has on the map of a save.
fn nysw_tokens(save: &Value) -> usize {
    (save["hexes"].as_object().unwrap().values())
        .filter_map(|h| h["tokens"].as_object())
        .flat_map(|t| t.values())
        .filter(|co| *co == "NYSW")
        .count()
}

fn import(at: Option<u64>) -> (Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.json");
    let mut cmd = hexroute();
    cmd.arg("import")
        .arg(fixture("18xx.games").join("1817NA_25351.json"))
        .arg("-o")
        .arg(&out);
    if let Some(at) = at {
        cmd.arg("--at").arg(at.to_string());
    }
    let done = cmd.output().unwrap();
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    (
        saved_json(&out),
        String::from_utf8_lossy(&done.stderr).into_owned(),
    )
}

#[test]
fn the_bank_liquidates_nysw_and_its_tokens_leave_the_map() {
    let (save, said) = import(None);
    assert_eq!(nysw_tokens(&save), 0);
    assert!(
        save["closed"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == "NYSW")
    );
    assert!(said.contains("action 1235: NYSW earned nothing"), "{said}");
    assert!(said.contains("from action 1237"), "{said}");
}

#[test]
fn before_the_acquisition_round_nysw_keeps_its_eight_tokens() {
    let (save, said) = import(Some(1236));
    assert_eq!(nysw_tokens(&save), 8);
    assert!(!said.contains("NYSW"), "{said}");
}
