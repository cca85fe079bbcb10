//! A company's turn of lays by phase, kind of company, privates held,
//! first turn, company and tokens held (`rules.turns`), each as
//! 18xx.games's `tile_lays(entity)` gives it (read in
//! ~/x18/lib/engine/game: g_18_co, g_18_mex, g_1817, g_18_ms, g_18_al,
//! g_18_ga, g_18_jpt), and a bad key refused at load.

use hexroute::game::turn::TurnOf;
use hexroute::game::{CompanyId, CompanyKind, Game, Holding, Permit, PhaseId, PrivateId, TurnLay};
use hexroute::geometry::Coord;

fn phase(game: &Game, name: &str) -> PhaseId {
    PhaseId(game.phases.iter().position(|p| p.name == name).unwrap())
}

/// The lays of a company of `kind` in phase `name`, holding `held`, on its
/// first turn or not.
fn lays(game: &Game, name: &str, kind: CompanyKind, held: &[&str], first: bool) -> Vec<TurnLay> {
    let holds = |h: &Holding| {
        held.iter()
            .any(|p| *h == Holding::Private(PrivateId::from(*p)))
    };
    game.lays_of(&TurnOf {
        company: &CompanyId::from("X"),
        phase: phase(game, name),
        kind,
        holds: &holds,
        first_turn: first,
        has_token_on: &|_| false,
    })
    .to_vec()
}

/// The lays of `company` in phase `name`, with tokens on `tokens` alone.
fn lays_of_company(game: &Game, name: &str, company: &str, tokens: &[&str]) -> Vec<TurnLay> {
    let on: Vec<Coord> = tokens.iter().map(|h| game.hex(h).unwrap()).collect();
    game.lays_of(&TurnOf {
        company: &CompanyId::from(company),
        phase: phase(game, name),
        kind: CompanyKind::Major,
        holds: &|_| false,
        first_turn: false,
        has_token_on: &|c| on.contains(&c),
    })
    .to_vec()
}

/// g_18_jpt tile_lays: Tobu (TR) lays or upgrades twice once it has placed
/// a token in Asakusa (H84: its `assign_hexes` ability, activated by the
/// token), the same hex twice if it likes; Keisei, whose home is H84,
/// lays once; Tokyu (TC) lays once more after each lay on a hex with a
/// town (`num_additional_lays`), up to the three lays `advise` tries.
#[test]
fn jpt_tobu_lays_twice_from_asakusa_and_tokyu_after_towns() {
    let game = hexroute::game::builtin("18JP-T").unwrap();
    assert_eq!(
        lays_of_company(&game, "2", "TR", &["A77"]),
        [TurnLay::any()]
    );
    let tobu = lays_of_company(&game, "3", "TR", &["A77", "H84"]);
    assert_eq!(tobu, [TurnLay::any(), TurnLay::any()]);
    assert_eq!(
        lays_of_company(&game, "2", "KER", &["H84"]),
        [TurnLay::any()]
    );
    let tokyu = lays_of_company(&game, "2", "TC", &[]);
    assert_eq!(tokyu.len(), 3);
    assert!(!tokyu[0].after_towns && tokyu[1].after_towns && tokyu[2].after_towns);
    assert!(tokyu.iter().all(|l| l.allows(true, true) && !l.other_hex));
    // Tobu's own token prices: its second token (Koshigaya's) free too.
    assert_eq!(game.company("TR").unwrap().token_prices, [0, 0, 40, 100]);
    assert!(game.company("TC").unwrap().token_prices.is_empty());
}

fn costs(lays: &[TurnLay]) -> Vec<u32> {
    lays.iter().map(|l| l.cost).collect()
}

/// g_18_co: TILE_LAYS (two) in every phase but 7, whose status
/// `reduced_tile_lay` gives REDUCED_TILE_LAYS (one).
#[test]
fn co_lays_one_tile_in_phase_7() {
    let game = hexroute::game::builtin("18CO").unwrap();
    for p in ["2", "3", "5b", "6b"] {
        let turn = lays(&game, p, CompanyKind::Major, &[], false);
        assert_eq!(turn.len(), 2, "phase {p}");
        assert!(turn[1].other_hex && turn[1].upgrade == Permit::NotAfterUpgrade);
    }
    assert_eq!(
        lays(&game, "7", CompanyKind::Major, &[], false),
        [TurnLay::any()]
    );
}

/// g_18_mex tile_lays: a minor lays one yellow, never an upgrade; a major
/// lays or upgrades and then a yellow unless it upgraded, and three on its
/// first turn (optional rule triple_yellow_first_or); a minor's first turn
/// is still one.
#[test]
fn mex_minors_lay_one_yellow_and_majors_two() {
    let game = hexroute::game::builtin("18MEX").unwrap();
    assert_eq!(game.company("A").unwrap().kind, CompanyKind::Minor);
    for first in [false, true] {
        let minor = lays(&game, "2", CompanyKind::Minor, &[], first);
        assert_eq!(minor.len(), 1);
        assert!(minor[0].allows(false, false) && !minor[0].allows(true, false));
    }
    let major = lays(&game, "2", CompanyKind::Major, &[], false);
    assert_eq!(major.len(), 2);
    assert!(major[1].allows(false, false) && !major[1].allows(false, true));
    assert!(!major[1].allows(true, false));
    assert_eq!(lays(&game, "2", CompanyKind::Major, &[], true).len(), 3);
}

/// g_1817 TILE_LAYS and tile_lays: the second lay $20; with Express Track
/// (P18) the first $10 and the second free; with Efficient Track (P19) the
/// second $10; with both, both free. Its family keeps TILE_LAYS.
#[test]
fn seventeen_prices_its_lays_by_the_track_privates_held() {
    let game = hexroute::game::builtin("1817").unwrap();
    let major = CompanyKind::Major;
    assert_eq!(costs(&lays(&game, "2", major, &[], false)), [0, 20]);
    assert_eq!(costs(&lays(&game, "2", major, &["P18"], false)), [10, 0]);
    assert_eq!(costs(&lays(&game, "2", major, &["P19"], false)), [0, 10]);
    assert_eq!(
        costs(&lays(&game, "5", major, &["P18", "P19"], false)),
        [0, 0]
    );
    assert!(lays(&game, "2", major, &[], false)[1].other_hex);
    for title in ["1817NA", "1817WO", "18DE", "1877: Venezuela"] {
        let game = hexroute::game::builtin(title).unwrap();
        let first = game.phases[0].name.clone();
        assert_eq!(
            costs(&lays(&game, &first, major, &[], false)),
            [0, 20],
            "{title}"
        );
    }
}

/// g_18_ms FIRST_OR_TILE_LAYS, g_18_al and g_18_ga tile_lays under
/// double_yellow_first_or: two lays on a company's first turn, one after;
/// g_18_tn under triple_yellow_first_or three, two after; titles with no
/// first-turn lays say so.
#[test]
fn a_first_turn_lays_two_where_the_title_says() {
    for title in ["18MS", "18AL", "18GA"] {
        let game = hexroute::game::builtin(title).unwrap();
        assert!(game.has_first_turn(), "{title}");
        let first = game.phases[0].name.clone();
        assert_eq!(
            lays(&game, &first, CompanyKind::Major, &[], false).len(),
            1,
            "{title}"
        );
        assert_eq!(
            lays(&game, &first, CompanyKind::Major, &[], true).len(),
            2,
            "{title}"
        );
    }
    let ms = hexroute::game::builtin("18MS").unwrap();
    assert!(lays(&ms, "2", CompanyKind::Major, &[], true)[1].allows(true, false));
    let al = hexroute::game::builtin("18AL").unwrap();
    assert!(!lays(&al, "2", CompanyKind::Major, &[], true)[1].allows(true, false));
    let tn = hexroute::game::builtin("18TN").unwrap();
    assert_eq!(lays(&tn, "2", CompanyKind::Major, &[], false).len(), 2);
    assert_eq!(lays(&tn, "2", CompanyKind::Major, &[], true).len(), 3);
    for title in ["1830", "1846", "18Texas"] {
        assert!(
            !hexroute::game::builtin(title).unwrap().has_first_turn(),
            "{title}"
        );
    }
}

/// A turn naming a phase or private the title lacks is refused when the
/// file loads, naming the field.
#[test]
fn a_turn_with_an_unknown_key_is_refused_at_load() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/1817.ron")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (from, to, field, says) in [
        (
            r#"holding: ["P19"]"#,
            r#"holding: ["P99"]"#,
            "rules.turns[2].holding",
            "P99",
        ),
        (
            r#"holding: ["P18"],"#,
            r#"holding: ["P18"], phases: ["9"],"#,
            "rules.turns[1].phases",
            "\"9\"",
        ),
        (
            r#"holding: ["P18"],"#,
            r#"holding: ["P18"], companies: ["ZZ"],"#,
            "rules.turns[1].companies",
            "ZZ",
        ),
        (
            r#"holding: ["P18"],"#,
            r#"holding: ["P18"], tokens_on: ["Z99"],"#,
            "rules.turns[1].tokens_on",
            "Z99",
        ),
    ] {
        assert!(text.contains(from));
        let path = dir.path().join("bad.ron");
        std::fs::write(&path, text.replace(from, to)).unwrap();
        let err = hexroute::game::from_file(&path).unwrap_err().to_string();
        assert!(err.contains(field) && err.contains(says), "{err}");
    }
}
