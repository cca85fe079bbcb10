//! Values out of their range are refused as bad input, never taken
//! silently: `--at 0` and `--action 0` (actions are numbered from 1), and
//! routes JSON given to `render --routes` naming an unknown company, a
//! stop its hex does not have, multiplier 0 or a route with no hexes.

use crate::common::{fails_with, fixture, hexroute, stdout_of};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn record() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/18xx.games/18Texas_hqrmcntr.json")
}

#[test]
fn at_zero_is_refused() {
    let err = fails_with(
        hexroute().arg("import").arg(record()).args(["--at", "0"]),
        "--at",
    );
    assert!(err.contains("numbered from 1"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    fails_with(
        hexroute()
            .arg("review")
            .arg(record())
            .args(["--action", "0", "--render"])
            .arg(dir.path().join("run.svg")),
        "--action",
    );
    // The first action is in range.
    hexroute()
        .arg("import")
        .arg(record())
        .args(["--at", "1", "-o", "/dev/null"])
        .assert()
        .success();
}

/// CNR's best routes on 1867_bc, as `routes --json` prints them.
fn good_routes() -> Value {
    let out = stdout_of(hexroute().arg("routes").arg(fixture("1867_bc.json")).args([
        "--company",
        "CNR",
        "--json",
        "--quiet",
    ]));
    serde_json::from_str(&out).unwrap()
}

/// `render --routes` of the routes after `spoil`: refused, the one line
/// naming the routes file and holding each of `needles`, no picture.
fn refused(spoil: impl Fn(&mut Value), needles: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let routes = dir.path().join("bad-routes.json");
    let mut value = good_routes();
    spoil(&mut value);
    std::fs::write(&routes, value.to_string()).unwrap();
    let png = dir.path().join("map.png");
    let err = fails_with(
        hexroute()
            .arg("render")
            .arg(fixture("1867_bc.json"))
            .arg("--routes")
            .arg(&routes)
            .arg("-o")
            .arg(&png),
        "bad-routes.json",
    );
    for needle in needles {
        assert!(err.contains(needle), "{needle:?} not in {err}");
    }
    assert!(err.contains("hexroute routes"), "a hint: {err}");
    assert!(!png.exists());
}

#[test]
fn the_unspoilt_routes_are_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let routes = dir.path().join("routes.json");
    std::fs::write(&routes, good_routes().to_string()).unwrap();
    hexroute()
        .arg("render")
        .arg(fixture("1867_bc.json"))
        .arg("--routes")
        .arg(&routes)
        .arg("-o")
        .arg(dir.path().join("map.svg"))
        .assert()
        .success();
}

#[test]
fn render_refuses_routes_of_an_unknown_company() {
    refused(
        |v| v["company"] = "ZZZ".into(),
        &["company \"ZZZ\"", "not a company of 1867"],
    );
}

#[test]
fn render_refuses_a_stop_index_out_of_range() {
    refused(
        |v| v["routes"][0]["stops"][0]["index"] = u64::MAX.into(),
        &[
            "company CNR, route 1",
            "stop 1",
            "index 18446744073709551615 is out of range",
        ],
    );
}

#[test]
fn render_refuses_multiplier_zero() {
    refused(
        |v| v["routes"][0]["multiplier"] = 0.into(),
        &["company CNR, route 1", "multiplier 0"],
    );
}

#[test]
fn render_refuses_a_route_with_no_hexes() {
    refused(
        |v| v["routes"][0]["hexes"] = Value::Array(Vec::new()),
        &["company CNR, route 1", "no hexes"],
    );
}
