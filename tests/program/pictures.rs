//! Pictures as players read them (issue 24): company colours from the game
//! file, a legend per company, stop dots beside tokens and values, no mark
//! over a city or another mark, and the map as the rules check it (stubs,
//! neutral tokens, closed hexes, reserved homes).

use crate::common::{fixture, hexroute, stdout_of};
use crate::render::{Png, byte_rgb};
use hexroute::game::{self, Game};
use hexroute::geometry::Rotation;
use hexroute::render::{self, HexFrame, MapOptions, MapPicture, Pt, Rect, RouteOverlay};
use hexroute::routes::report::RoutesReport;
use hexroute::state::MapState;
use std::fs;

/// The save behind a fixture, and its game.
fn load(name: &str) -> (Game, MapState) {
    let text = fs::read_to_string(fixture(name)).unwrap();
    let id: serde_json::Value = serde_json::from_str(&text).unwrap();
    let game = game::builtin(id["game"].as_str().unwrap()).unwrap();
    let state = hexroute::save::from_json(&text, &game).unwrap().state;
    (game, state)
}

/// Every company's best routes on a fixture (`routes --all`).
fn all_routes(name: &str, game: &Game) -> RouteOverlay {
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture(name))
            .args(["--all", "--json", "--quiet"]),
    );
    let report = RoutesReport::from_json(&out).unwrap();
    let (_, state) = load(name);
    RouteOverlay::from_report(game, &state, &report).unwrap()
}

/// The pictures the issue names: 1867_bc, 1830_late, 1861_late and
/// 1889_late with every company's routes, and each other title's fixture.
const PICTURES: [&str; 30] = [
    "1867_bc.json",
    "1858_late.json",
    "1830_late.json",
    "1861_late.json",
    "1889_late.json",
    "1836Jr30_mid.json",
    "1817_mid.json",
    "1817NA_mid.json",
    "1817WO_mid.json",
    "18DE_mid.json",
    "1877Venezuela_mid.json",
    "1836Jr56_mid.json",
    "1846_mid.json",
    "1882_mid.json",
    "18AL_mid.json",
    "1870_mid.json",
    "1888_mid.json",
    "18CO_mid.json",
    "18Chesapeake_mid.json",
    "18ChesapeakeOfftheRails_mid.json",
    "18GA_mid.json",
    "18JPT_mid.json",
    "18MEX_mid.json",
    "18MS_mid.json",
    "18MT_mid.json",
    "18NL_mid.json",
    "18NewEngland_mid.json",
    "1893_mid.json",
    "18TN_mid.json",
    "18Texas_mid.json",
];

fn hue(c: render::Rgb) -> f64 {
    let (r, g, b) = c;
    let max = r.max(g).max(b);
    let d = max - r.min(g).min(b);
    if d < 1e-9 {
        return 0.0;
    }
    if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    }
}

fn saturated(c: render::Rgb) -> bool {
    let max = c.0.max(c.1).max(c.2);
    let min = c.0.min(c.1).min(c.2);
    max - min > 0.2
}

/// Each company's routes are drawn in its colour from the game file (the
/// same hue), each of its trains told apart by dash and shade, and no two
/// companies' routes alike.
#[test]
fn routes_take_their_company_colour_and_trains_differ() {
    for name in PICTURES {
        let (game, _) = load(name);
        let overlay = all_routes(name, &game);
        let styles = render::route_styles(&game, &overlay);
        for (i, (a, sa)) in overlay.routes.iter().zip(&styles).enumerate() {
            let printed = render::parse_colour(&game.company(&a.company).unwrap().colour);
            if saturated(printed) {
                let d = (hue(sa.colour) - hue(printed)).rem_euclid(360.0);
                assert!(
                    d.min(360.0 - d) <= 62.0,
                    "{name}: {} {} drawn {:?}, company colour {printed:?}",
                    a.company,
                    a.train,
                    sa.colour
                );
            }
            for (b, sb) in overlay.routes[..i].iter().zip(&styles) {
                if a.company == b.company {
                    assert!(
                        sa.dash != sb.dash && sa.colour != sb.colour,
                        "{name}: {} trains {} and {} look alike",
                        a.company,
                        a.train,
                        b.train
                    );
                } else {
                    // Two companies' first trains are far apart; any of
                    // their trains apart enough to tell.
                    let first = |r: &render::RoutePath| {
                        overlay.routes.iter().position(|o| o.company == r.company)
                    };
                    let apart = if first(a) == Some(i) && first(b).is_some_and(|j| styles[j] == *sb)
                    {
                        0.2
                    } else {
                        0.15
                    };
                    assert!(
                        render::colour_distance(sa.colour, sb.colour) >= apart,
                        "{name}: {} and {} look alike: {:?} {:?}",
                        a.company,
                        b.company,
                        sa.colour,
                        sb.colour
                    );
                }
            }
        }
    }
    // 18xx.games gives 1867's GTR and THB one colour: drawn together, the
    // second turns away.
    let game = game::builtin("1867").unwrap();
    let route = |company: &str| render::RoutePath {
        company: company.into(),
        train: "4".into(),
        revenue: 0,
        multiplier: 1,
        hexes: vec![],
        stops: vec![],
        bonuses: vec![],
    };
    let overlay = RouteOverlay {
        routes: vec![route("GTR"), route("THB")],
        companies: vec![("GTR".into(), 0), ("THB".into(), 0)],
    };
    let styles = render::route_styles(&game, &overlay);
    assert!(render::colour_distance(styles[0].colour, styles[1].colour) >= 0.3);
    assert_eq!(
        styles[0].colour,
        render::route_styles(
            &game,
            &RouteOverlay {
                routes: vec![route("GTR")],
                companies: vec![("GTR".into(), 0)]
            }
        )[0]
        .colour
    );
}

/// 18xx.games's company colours (entities.rb at 111f7f69): 1867's majors
/// are no longer all green, CNR and GWR differ, and tokens are drawn in
/// them.
#[test]
fn company_colours_are_the_games() {
    let expect = [
        ("1867", "CNR", "#3c7b5c"),
        ("1867", "GWR", "#00008b"),
        ("1867", "C&O", "#0189d1"),
        ("1867", "CN", "#ef4223"),
        ("1861", "MNN", "#ef4223"),
        ("1861", "RSR", "#fffdd0"),
        ("1830", "PRR", "#32763f"),
        ("1830", "NYC", "#474548"),
        ("1889", "AR", "#37383a"),
        ("1889", "KO", "#d81e3e"),
    ];
    for (id, co, colour) in expect {
        let game = game::builtin(id).unwrap();
        assert_eq!(game.company(co).unwrap().colour, colour, "{id} {co}");
    }
    // In the picture: C&O's token in Toronto (F16) is C&O's colour.
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("map.png");
    hexroute()
        .arg("render")
        .arg(fixture("1867_bc.json"))
        .arg("-o")
        .arg(&png)
        .assert()
        .success();
    let (game, state) = load("1867_bc.json");
    let picture = MapPicture::new(&game, &state, MapOptions::default(), None).unwrap();
    let img = Png::read(&png);
    for co in ["C&O", "CNR", "GWR"] {
        let (c, space) = state
            .tokens()
            .find(|(_, _, holder)| *holder == co)
            .map(|(c, s, _)| (c, s))
            .unwrap();
        let p = space_centre(&game, &state, &picture, c, space);
        let want = byte_rgb(render::parse_colour(&game.company(co).unwrap().colour));
        assert!(
            img.has_near(p, 6.0, want),
            "{co}'s token at {}",
            game.format(c)
        );
    }
}

/// The legend: a heading per company with its own total, a line per
/// train, ×2 for a doubling train, and never a sum across companies.
#[test]
fn the_legend_is_per_company() {
    let (game, state) = load("1867_bc.json");
    let overlay = all_routes("1867_bc.json", &game);
    let picture = MapPicture::new(&game, &state, MapOptions::default(), Some(&overlay)).unwrap();
    let surface = cairo::RecordingSurface::create(cairo::Content::ColorAlpha, None).unwrap();
    let cr = cairo::Context::new(&surface).unwrap();
    let (done, texts) = render::with_text_set_aside(|| picture.draw(&cr));
    done.unwrap();
    let texts: Vec<&str> = texts.iter().map(|t| t.text.as_str()).collect();
    for (co, total) in &overlay.companies {
        let head = format!("{co}: ${total}");
        assert!(texts.contains(&head.as_str()), "{head} in {texts:?}");
    }
    assert!(
        !texts
            .iter()
            .any(|t| t.contains("total") || t.contains(" + ")),
        "a sum across companies: {texts:?}"
    );
    let express = overlay.routes.iter().find(|r| r.train == "5+5E").unwrap();
    let line = render::legend_line(express);
    assert!(
        line.contains("$780") && line.contains("stops $390 ×2"),
        "{line}"
    );
    assert!(texts.contains(&line.as_str()));
    // A line per train and a heading per company.
    let r = render::DEFAULT_HEX_SIZE;
    let plain = MapPicture::new(&game, &state, MapOptions::default(), None).unwrap();
    let legend = 0.2 * r + 0.45 * r * (overlay.routes.len() + overlay.companies.len()) as f64;
    assert_eq!(
        picture.size().1,
        (f64::from(plain.size().1) + legend).ceil() as i32
    );
}

/// A token space's centre: the city circles in space order.
fn space_centre(
    game: &Game,
    state: &MapState,
    picture: &MapPicture,
    c: hexroute::geometry::Coord,
    space: usize,
) -> Pt {
    let (tile, rot) = state.tile_at(game, c).unwrap();
    render::city_circles(tile, rot, &frame(game, picture, c))[space].0
}

fn frame(game: &Game, picture: &MapPicture, c: hexroute::geometry::Coord) -> HexFrame {
    HexFrame {
        centre: picture.centre(c),
        radius: render::DEFAULT_HEX_SIZE,
        orientation: game.coords.orientation,
    }
}

/// No stop dot covers a token space or a value (a revenue circle, an
/// off-board's values), on every picture the issue names.
#[test]
fn stop_dots_cover_no_token_or_value() {
    let mut dots = 0;
    for name in PICTURES {
        let (game, state) = load(name);
        let overlay = all_routes(name, &game);
        let picture =
            MapPicture::new(&game, &state, MapOptions::default(), Some(&overlay)).unwrap();
        let radius = 0.1 * render::DEFAULT_HEX_SIZE;
        let mut spaces: Vec<(Pt, f64)> = Vec::new();
        let mut values: Vec<Rect> = Vec::new();
        for c in game.hexes.keys() {
            if let Some((tile, rot)) = state.tile_at(&game, *c)
                && tile.token_spaces() > 0
            {
                spaces.extend(render::city_circles(tile, rot, &frame(&game, &picture, *c)));
            }
            if let Some(plan) = picture.plan(*c) {
                values.extend(
                    plan.revenue
                        .map(|(p, r)| (p.0 - r, p.1 - r, p.0 + r, p.1 + r)),
                );
                values.extend(plan.phase_boxes);
            }
        }
        for (route, at) in overlay.routes.iter().zip(picture.stop_dots(&overlay)) {
            for (stop, p) in route.stops.iter().zip(at) {
                for (q, r) in &spaces {
                    let gap = (p.0 - q.0).hypot(p.1 - q.1) - r - radius;
                    assert!(
                        gap >= 0.0,
                        "{name}: {} {}'s dot at {} covers a token space by {gap:.1}",
                        route.company,
                        route.train,
                        stop.name
                    );
                }
                for b in &values {
                    let gap = render::rect_gap(p, *b) - radius;
                    assert!(
                        gap >= 0.0,
                        "{name}: {} {}'s dot at {} covers a value by {gap:.1}",
                        route.company,
                        route.train,
                        stop.name
                    );
                }
                dots += 1;
            }
        }
    }
    assert!(dots > 100, "{dots}");
}

/// No mark of a hex (name, label, cost, why it is closed, revenue, tile
/// number, off-board values) covers a token space, a town or another mark,
/// and each lies in its hex: on every printed hex of every game, and for
/// every tile of every game at every rotation with the game's longest
/// name and its number (1861's Moscow and Kiev, Montreal's "$20",
/// Peterborough's "611").
#[test]
fn marks_never_overlap_on_any_hex() {
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 10, 10).unwrap();
    let cr = cairo::Context::new(&surface).unwrap();
    let mut checked = 0;
    for id in game::builtin_ids() {
        let game = game::builtin(id).unwrap();
        let f = HexFrame {
            centre: (100.0, 100.0),
            radius: render::DEFAULT_HEX_SIZE,
            orientation: game.coords.orientation,
        };
        // `pairs`: no two marks overlap either (printed hexes; a tile laid
        // under the game's longest name may have to share room).
        let check = |what: &str,
                     tile: &hexroute::tile::Tile,
                     rot: Rotation,
                     extras: &render::TileExtras,
                     pairs: bool| {
            let plan = render::plan_hex(&cr, tile, rot, &f, extras);
            let boxes = plan.boxes();
            let mut stops = render::city_circles(tile, rot, &f);
            if tile.token_spaces() == 0 {
                stops.clear();
            }
            stops.extend(
                tile.towns
                    .iter()
                    .map(|t| (f.hint(t.at, rot), f.radius * 0.11)),
            );
            for (i, (a, ba)) in boxes.iter().enumerate() {
                for (b, bb) in boxes[..i].iter().filter(|_| pairs) {
                    assert!(
                        render::rect_rect_gap(*ba, *bb) >= -0.01,
                        "{id} {what}: the {a} covers the {b}"
                    );
                }
                for s in &stops {
                    // The revenue circle is round: measured as a circle.
                    let gap = match (a, plan.revenue) {
                        (&"revenue", Some((p, r))) => (p.0 - s.0.0).hypot(p.1 - s.0.1) - r - s.1,
                        _ => render::rect_circle_gap(*ba, *s),
                    };
                    assert!(
                        gap >= -0.01,
                        "{id} {what}: the {a} covers a city or town by {gap:.1}"
                    );
                }
            }
        };
        for (c, hex) in &game.hexes {
            let Some(name) = &hex.tile else { continue };
            let tile = &game.tiles[name];
            let extras = render::TileExtras {
                name: hex.name.as_deref(),
                hex_labels: &hex.labels,
                cost: hex.cost.as_ref(),
                stubs: &hex.stubs,
                closed: game
                    .closed_by(*c, hexroute::game::PhaseId(0))
                    .map(|_| "closed to phase 3".into()),
                ..Default::default()
            };
            check(
                &format!("hex {}", game.format(*c)),
                tile,
                hex.rotation,
                &extras,
                true,
            );
            checked += 1;
        }
        // A labelled tile goes only where its label is printed: under the
        // longest name of those hexes; any other tile under the game's.
        let longest = |labels: &[String]| {
            game.hexes
                .values()
                .filter(|h| labels.is_empty() || h.labels == labels)
                .filter_map(|h| h.name.as_deref())
                .max_by_key(|n| n.len())
                .unwrap_or("")
        };
        for (name, _) in &game.tile_counts {
            let tile = &game.tiles[name];
            let longest = longest(&tile.labels);
            for rot in Rotation::all() {
                let extras = render::TileExtras {
                    name: Some(longest),
                    number: true,
                    ..Default::default()
                };
                check(
                    &format!("tile {name} at {rot} named {longest}"),
                    tile,
                    rot,
                    &extras,
                    false,
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 3000, "{checked}");
}

/// The map as the rules check it, on a new game of every title: every
/// printed stub is drawn (track a third of the way in from its side),
/// every neutral token (grey, in its city's last space), every closed
/// hex (hatched), and every home not yet taken (its company's colour,
/// faint, dashed).
#[test]
fn stubs_neutral_tokens_closed_hexes_and_homes_are_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let (mut stubs, mut neutral, mut closed, mut homes) = (0, 0, 0, 0);
    for id in game::builtin_ids() {
        let save = dir.path().join(format!("{id}.json"));
        crate::common::new_game(id, &save);
        let png = dir.path().join(format!("{id}.png"));
        hexroute()
            .arg("render")
            .arg(&save)
            .arg("-o")
            .arg(&png)
            .assert()
            .success();
        let img = Png::read(&png);
        let game = game::builtin(id).unwrap();
        let text = fs::read_to_string(&save).unwrap();
        let state = hexroute::save::from_json(&text, &game).unwrap().state;
        let picture = MapPicture::new(&game, &state, MapOptions::default(), None).unwrap();
        for (c, hex) in &game.hexes {
            let f = frame(&game, &picture, *c);
            for face in &hex.stubs {
                let m = f.face_mid(*face);
                let p = (
                    m.0 + (f.centre.0 - m.0) * 0.2,
                    m.1 + (f.centre.1 - m.1) * 0.2,
                );
                assert_eq!(
                    img.rgb(p),
                    (0, 0, 0),
                    "{id} {}: stub {face:?}",
                    game.format(*c)
                );
                stubs += 1;
            }
            if game.closed_by(*c, state.phase).is_some() {
                // Dark red lines, 45 % over the tile's colour.
                let under = state.tile_at(&game, *c).map_or(
                    render::colour_of(hexroute::tile::Colour::Blank),
                    |(t, _)| render::colour_of(t.colour),
                );
                let mix = |a: f64, b: f64| a * 0.55 + b * 0.45;
                let hatch = byte_rgb((mix(under.0, 0.55), mix(under.1, 0.1), mix(under.2, 0.1)));
                assert!(
                    img.has_near(f.centre, f.radius * 0.4, hatch),
                    "{id} {}: not hatched",
                    game.format(*c)
                );
                assert!(
                    picture.plan(*c).unwrap().note.is_some(),
                    "{id} {}: no note",
                    game.format(*c)
                );
                closed += 1;
            }
            let Some((tile, rot)) = state.tile_at(&game, *c) else {
                continue;
            };
            for city in 0..tile.cities.len() {
                if game.neutral_token(*c, city, state.phase).is_some() {
                    let space = tile.spaces_of_city(city).last().unwrap();
                    let p = render::city_circles(tile, rot, &f)[space].0;
                    assert!(
                        img.has_near(p, 6.0, byte_rgb((0.55, 0.55, 0.55))),
                        "{id} {}: neutral token",
                        game.format(*c)
                    );
                    neutral += 1;
                }
            }
        }
        for co in &game.companies {
            let Some(c) = game.home(&co.abbrev) else {
                continue;
            };
            if state
                .tokens_at(c)
                .is_some_and(|t| t.values().any(|h| *h == co.abbrev))
            {
                continue;
            }
            let (tile, rot) = state.tile_at(&game, c).unwrap();
            let f = frame(&game, &picture, c);
            let fill = render::parse_colour(&co.colour);
            let faint = byte_rgb((0.7 + 0.3 * fill.0, 0.7 + 0.3 * fill.1, 0.7 + 0.3 * fill.2));
            let near = render::city_circles(tile, rot, &f)
                .iter()
                .any(|(p, _)| img.has_near(*p, 8.0, faint));
            assert!(
                near,
                "{id}: {}'s home {} is not shown kept",
                co.abbrev,
                game.format(c)
            );
            homes += 1;
        }
    }
    assert!(
        stubs >= 3 && neutral >= 2 && closed >= 6 && homes > 40,
        "{stubs} {neutral} {closed} {homes}"
    );
}
