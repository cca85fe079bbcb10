//! Private companies' markers lifted as a phase begins (`MarkersLeave`):
//! 1870's Gulf Shipping port, put on Mobile (M20) for the GMO at actions
//! 179 and 216 of `1870_bankrupt.json` and kept past the privates'
//! closing (the first 5, action 548: phase 4) as the engine keeps it,
//! leaves the map when the first 6 is bought (action 585: phase 5). The
//! engine's state there was checked once with `export.rb` (its saves
//! at actions 569 and 592: the port on M20 for the GMO in phase 4, no
//! marker in phase 5). The Gulf Shipping's closed port (`GSCᶜ`,
//! `reassign_closes_as`) in a cut of `game_end_market_400`.

use crate::common::{fixture, hexroute, stdout_of};
use serde_json::{Value, json};
use std::path::Path;

/// The save `import --at at` writes from `record` (under
/// `fixtures/18xx.games`), with `game_file` instead of the built-in 1870
/// where given.
fn import_at(record: &str, at: u64, game_file: Option<&Path>) -> Value {
    let mut cmd = hexroute();
    cmd.arg("import")
        .arg(fixture("18xx.games").join(record))
        .args(["--at", &at.to_string()]);
    if let Some(g) = game_file {
        cmd.arg("--game-file").arg(g);
    }
    serde_json::from_str(&stdout_of(&mut cmd)).unwrap()
}

fn imported(at: u64, game_file: Option<&Path>) -> Value {
    import_at("1870_bankrupt.json", at, game_file)
}

/// The cut of 1870's `game_end_market_400` (its first 400 actions).
fn market_400_at(at: u64, game_file: Option<&Path>) -> Value {
    import_at("1870_market_400_cut.json", at, game_file)
}

/// A copy of 1870's game file whose markers leave in phase 4 (as the
/// privates close) instead of 5, in a directory kept while it lives.
fn markers_leaving_in_phase_4() -> (tempfile::TempDir, std::path::PathBuf) {
    let ron = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/1870.ron"))
        .unwrap();
    let lifted_in_4 = ron.replace(
        r#"MarkersLeave((phase: "5","#,
        r#"MarkersLeave((phase: "4","#,
    );
    assert_ne!(
        lifted_in_4, ron,
        "1870's MarkersLeave is where the test looks"
    );
    let dir = tempfile::tempdir().unwrap();
    let game_file = dir.path().join("1870.ron");
    std::fs::write(&game_file, lifted_in_4).unwrap();
    (dir, game_file)
}

#[test]
fn the_gulf_shipping_port_leaves_the_map_as_phase_5_begins() {
    let before = imported(584, None);
    assert_eq!(before["phase"], "4");
    assert_eq!(before["privates"], json!({"GSC@M20": "GMO"}));
    let after = imported(590, None);
    assert_eq!(after["phase"], "5");
    assert_eq!(after["privates"], Value::Null, "{after}");
}

/// The phase is the game file's: the same record with the markers
/// lifted in phase 4 (as the privates close) has none at action 584,
/// where the built-in 1870 keeps the port.
#[test]
fn markers_leave_in_the_phase_the_game_file_names() {
    let (_dir, game_file) = markers_leaving_in_phase_4();
    let save = imported(584, Some(&game_file));
    assert_eq!(save["phase"], "4");
    assert_eq!(save["privates"], Value::Null, "{save}");
}

/// `reassign_closes_as`: the GMO's Gulf Shipping opens its port on
/// Mobile (M20) at action 110 and, assigned to M20 again at action 111,
/// closes it: the private closes and its marker is the closed port
/// `GSCᶜ`, still the GMO's, kept as the other privates close (the first
/// 5, action 390: phase 4). The engine's states were compared once with
/// `scripts/x18-compare.py` (its exports before every run of the whole
/// record: `GSCᶜ@M20` the GMO's and no `GSC@M20` after action 111).
#[test]
fn the_gulf_shipping_closes_its_port_when_assigned_again_to_its_hex() {
    let open = market_400_at(110, None);
    assert_eq!(open["privates"]["GSC@M20"], "GMO", "{open}");
    assert_eq!(open["privates"]["GSC"], "GMO", "{open}");
    let closed = market_400_at(112, None);
    assert_eq!(closed["privates"]["GSCᶜ@M20"], "GMO", "{closed}");
    assert_eq!(closed["privates"]["GSC@M20"], Value::Null, "{closed}");
    assert_eq!(closed["privates"]["GSC"], Value::Null, "{closed}");
    let phase_4 = market_400_at(400, None);
    assert_eq!(phase_4["phase"], "4");
    assert_eq!(
        phase_4["privates"],
        json!({"GSCᶜ@M20": "GMO", "SCC@E12": "SLSF"})
    );
}

/// The closed port leaves the map with its private's markers
/// (`MarkersLeave` names `GSC`): with them lifted in phase 4, the save at
/// action 400 holds none.
#[test]
fn the_closed_port_leaves_with_its_privates_markers() {
    let (_dir, game_file) = markers_leaving_in_phase_4();
    let save = market_400_at(400, Some(&game_file));
    assert_eq!(save["phase"], "4");
    assert_eq!(save["privates"], Value::Null, "{save}");
}
