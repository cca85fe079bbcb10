//! `routes --check` of a set holding a pullman's one-stop route (18EU's P,
//! `trains[].pullman`), on fixtures/18EU_late.json (game 74045 before its
//! last run). GSR's 8 runs Paris (A10, $80) to Prague (J11) through
//! Hamburg: $370 as the search prices it. The pullman on Paris, a city
//! that route visits, re-pays its $80: $450 in all, the search's best. On
//! Lyon (B17), which no other route visits, it is refused: a pullman may
//! not run alone (18xx.games's `check_overlap`).

use crate::common::{fixture, hexroute, stdout_of};
use serde_json::Value;

const EIGHT: &str = "8:A10-B7-C6-D5-E6-F3-G2-G6-H7-I8-J11";

fn check(pullman: &str) -> Value {
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("18EU_late.json"))
            .args(["--company", "GSR", "--json", "--check", EIGHT])
            .args(["--check", pullman]),
    );
    serde_json::from_str(&out).unwrap()
}

#[test]
fn a_pullman_on_a_city_of_another_route_re_pays_it() {
    let report = check("P:A10");
    assert_eq!(report["valid"], true, "{report}");
    assert_eq!(report["total"], 450, "{report}");
}

#[test]
fn a_pullman_on_a_city_no_other_route_visits_is_refused() {
    let report = check("P:B17");
    assert_eq!(report["valid"], false, "{report}");
    assert!(report.to_string().contains("pullman-alone"), "{report}");
}
