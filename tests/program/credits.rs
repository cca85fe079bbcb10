//! The README credits each built-in title's designer and publisher and
//! says the rights in each stay with them (issue 41).

use std::fs;
use std::path::Path;

/// Designer and publisher of each title, as 18xx.games credits them:
/// `GAME_DESIGNER` and `GAME_PUBLISHER` in
/// `lib/engine/game/g_<title>/meta.rb`, each publisher's symbol resolved in
/// `lib/engine/publisher.rb` (read by hand; "—" where meta.rb names none).
const CREDITS: [(&str, &str, &str); 41] = [
    ("1817", "Craig Bartell, Tim Flowers", "All-Aboard Games"),
    ("1817NA", "Mark Voyer", "—"),
    ("1817WO", "Mark Voyer & Brennan Sheremeto", "—"),
    ("1830", "Francis Tresham", "Lookout Games"),
    ("1836Jr30", "David G. D. Hecht", "—"),
    ("1836Jr56", "David G. D. Hecht", "—"),
    ("1846", "Thomas Lehmann", "GMT Games, Golden Spike Games"),
    ("1847 AE", "Wolfram Janich", "Marflow Games"),
    ("1849", "Federico Vellani", "All-Aboard Games"),
    (
        "1849: Kingdom of the Two Sicilies",
        "Scott Petersen (Based on 1849 by Federico Vellani)",
        "—",
    ),
    ("18 Los Angeles", "Anthony Fryer", "TraXX"),
    ("18 Los Angeles 2", "Anthony Fryer", "TraXX"),
    ("1856", "Bill Dixon", "Mayfair Games"),
    ("1858", "Ian D Wilson", "All-Aboard Games"),
    ("1822", "Simon Cutforth", "All-Aboard Games"),
    ("1860", "Mike Hutton", "All-Aboard Games"),
    ("1861", "Ian D. Wilson", "Grand Trunk Games"),
    ("1867", "Ian D. Wilson", "Grand Trunk Games"),
    ("1870", "Bill Dixon", "—"),
    (
        "1877: Venezuela",
        "Scott Petersen & Toby Mao",
        "All-Aboard Games",
    ),
    ("1880", "Helmut Ohley, Leonhard Orgler", "Lookout Games"),
    ("1882", "Marc Voyer", "All-Aboard Games"),
    ("1888", "Leonhard \"Lonny\" Orgler", "Lonny Games"),
    ("1889", "Yasutaka Ikeda (池田 康隆)", "Grand Trunk Games"),
    ("1893", "Edwin Eckert", "Marflow Games"),
    ("18AL", "Mark Derrick", "—"),
    ("18CO", "R. Ryan Driskel", "—"),
    ("18Chesapeake", "Scott Petersen", "All-Aboard Games"),
    (
        "18Chesapeake: Off the Rails",
        "Scott Petersen",
        "All-Aboard Games",
    ),
    ("18DE", "Scott Petersen", "—"),
    ("18EU", "David Hecht", "Golden Spike Games"),
    ("18GA", "Mark Derrick", "—"),
    ("18JP-T", "Toryo Hojo", "Loserdogs"),
    ("18MEX", "Mark Derrick", "All-Aboard Games"),
    ("18MS", "Mark Derrick", "All-Aboard Games"),
    ("18MT: Big Sky Barons", "R. Ryan Driskel", "—"),
    ("18NL", "Helmut Ohley", "—"),
    ("18NewEngland", "Scott Petersen", "All-Aboard Games"),
    (
        "18NewEngland 2: Northern States",
        "Scott Petersen",
        "All-Aboard Games",
    ),
    ("18TN", "Mark Derrick", "Golden Spike Games"),
    ("18Texas", "Scott Petersen", "All-Aboard Games"),
];

#[test]
fn readme_credits_every_title() {
    let readme =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let head = "| game | designer | publisher |";
    let table: Vec<Vec<&str>> = readme
        .lines()
        .skip_while(|l| !l.starts_with(head))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    let ids = hexroute::game::builtin_ids();
    assert_eq!(table.len(), ids.len(), "one row per built-in title");
    assert_eq!(CREDITS.len(), ids.len());
    for (id, designer, publisher) in CREDITS {
        assert!(ids.contains(&id), "{id} is built in");
        let row = table
            .iter()
            .find(|r| r[0] == id)
            .unwrap_or_else(|| panic!("no row for {id}"));
        assert_eq!((row[1], row[2]), (designer, publisher), "{id}");
    }
    let words = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("the rights in each title stay with its designer and publisher"),
        "the README says whose the titles are"
    );
}
