//! 1856's route bonuses worked by hand on the 1856_mid fixture (record
//! 1856_game_end_bank before LPS's run at action 545, phase 5): the Great
//! Lakes Shipping Company's port marker and a bought tunnel token.

use crate::common::{fixture, json_of};
use serde_json::Value;

/// LPS holds the port marker on Maudaumin (`GLSC@C14`) and the first
/// tunnel token (`TUNNEL1`). Its 3 runs Sarnia (50), Maudaumin (40),
/// London (60): $150, the port's $20 and the tunnel's $10, $180; its 4
/// runs Sarnia, Maudaumin, St. Thomas (40), London: $190 and the same
/// $30, $220. $400, as the player ran it. Each route earns both, so
/// without them the same routes earn $60 less; with the tunnel token
/// CA's instead, $20 less.
#[test]
fn the_port_marker_and_a_tunnel_token_pay_each_route() {
    let save = fixture("1856_mid.json");
    let run = json_of(&[
        "routes",
        save.to_str().unwrap(),
        "--company",
        "LPS",
        "--json",
    ]);
    assert_eq!(run["total"], 400);
    for route in run["routes"].as_array().unwrap() {
        let bonuses: Vec<(&str, u64)> = route["bonuses"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| (b["name"].as_str().unwrap(), b["amount"].as_u64().unwrap()))
            .collect();
        assert_eq!(
            bonuses,
            [
                ("Great Lakes Shipping (C14)", 20),
                ("Tunnel token 1 (Sarnia)", 10)
            ],
            "{route}"
        );
    }
    let priced = |save: &std::path::Path| {
        json_of(&[
            "routes",
            save.to_str().unwrap(),
            "--company",
            "LPS",
            "--check",
            "3:B13-C14-F15",
            "--check",
            "4:B13-C14-F17-F15",
            "--json",
        ])["total"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(priced(&save), 400);
    let dir = tempfile::tempdir().unwrap();
    let with_privates = |name: &str, edit: &dyn Fn(&mut serde_json::Map<String, Value>)| {
        let mut data: Value =
            serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
        edit(data["privates"].as_object_mut().unwrap());
        let path = dir.path().join(name);
        std::fs::write(&path, data.to_string()).unwrap();
        priced(&path)
    };
    let none = with_privates("none.json", &|p| {
        p.remove("GLSC@C14");
        p.remove("TUNNEL1");
    });
    assert_eq!(none, 340);
    let tunnel_elsewhere = with_privates("ca.json", &|p| {
        p.insert("TUNNEL1".into(), Value::from("CA"));
    });
    assert_eq!(tunnel_elsewhere, 380);
}
