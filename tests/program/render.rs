//! Pictures through the real binary: formats, sizes, crops, pixels, errors.

use crate::common::{fails_with, fixture, hex_groups, hexroute, routes_report, stdout_of};
use hexroute::game::{self, Game};
use hexroute::render::{self, MapOptions, MapPicture, RouteOverlay};
use hexroute::state::MapState;
use hexroute::tile::StopKind;
use std::fs;
use std::path::Path;

/// Runs `hexroute render GAME ARGS -o OUT`, which must succeed.
fn render_to(game: &Path, args: &[&str], out: &Path) {
    hexroute()
        .arg("render")
        .arg(game)
        .args(args)
        .arg("-o")
        .arg(out)
        .assert()
        .success();
}

fn bc() -> (Game, MapState) {
    let game = game::builtin("1867").unwrap();
    let text = fs::read_to_string(fixture("1867_bc.json")).unwrap();
    let state = hexroute::save::from_json(&text, &game).unwrap().state;
    (game, state)
}

/// A decoded PNG: (width, height, pixel reader).
pub(crate) struct Png {
    width: i32,
    height: i32,
    stride: usize,
    data: Vec<u8>,
}

impl Png {
    pub(crate) fn read(path: &Path) -> Png {
        let mut file = fs::File::open(path).unwrap();
        let mut surface = cairo::ImageSurface::create_from_png(&mut file).unwrap();
        let (width, height, stride) =
            (surface.width(), surface.height(), surface.stride() as usize);
        let data = surface.data().unwrap().to_vec();
        Png {
            width,
            height,
            stride,
            data,
        }
    }

    /// RGB (0–255) at a canvas point.
    pub(crate) fn rgb(&self, (x, y): (f64, f64)) -> (u8, u8, u8) {
        let (x, y) = (x.round() as usize, y.round() as usize);
        let i = y * self.stride + x * 4;
        // Cairo stores native-endian premultiplied ARGB32: B, G, R, A on little-endian.
        let px = u32::from_ne_bytes(self.data[i..i + 4].try_into().unwrap());
        (
            ((px >> 16) & 0xff) as u8,
            ((px >> 8) & 0xff) as u8,
            (px & 0xff) as u8,
        )
    }

    /// True when some pixel within `r` of `at` is `want` (±3 per channel).
    pub(crate) fn has_near(&self, at: (f64, f64), r: f64, want: (u8, u8, u8)) -> bool {
        let steps = r.ceil() as i32;
        (-steps..=steps).any(|dx| {
            (-steps..=steps)
                .any(|dy| close(self.rgb((at.0 + f64::from(dx), at.1 + f64::from(dy))), want))
        })
    }
}

fn close(a: (u8, u8, u8), b: (u8, u8, u8)) -> bool {
    a.0.abs_diff(b.0) <= 3 && a.1.abs_diff(b.1) <= 3 && a.2.abs_diff(b.2) <= 3
}

pub(crate) fn byte_rgb(c: render::Rgb) -> (u8, u8, u8) {
    let b = |v: f64| (v * 255.0).round() as u8;
    (b(c.0), b(c.1), b(c.2))
}

#[test]
fn svg_is_well_formed_with_one_group_per_hex() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("map.svg");
    render_to(&fixture("1867_bc.json"), &[], &out);
    let groups = hex_groups(&out);
    let (game, _) = bc();
    assert_eq!(groups, game.hexes.len() + 1);
}

#[test]
fn pdf_and_png_have_their_signatures_and_sizes() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("map.pdf");
    render_to(&fixture("1867_bc.json"), &[], &pdf);
    assert!(fs::read(&pdf).unwrap().starts_with(b"%PDF"));

    // One flat-top hex of radius 40 with coordinates: width 2R + 2 × 0.6R
    // margins = 128; height 0.7R title + √3R + 2 × 0.6R = 145.3 → 146.
    let png = dir.path().join("one.png");
    render_to(
        &fixture("1867_bc.json"),
        &["--crop", "E13:E13", "--hex-size", "40"],
        &png,
    );
    let img = Png::read(&png);
    assert_eq!((img.width, img.height), (128, 146));

    // The full map at radius 30: columns A–P span 15 × 1.5R, numbers 1–19 span 9 × √3R.
    let full = dir.path().join("full.png");
    render_to(&fixture("1867_bc.json"), &["--hex-size", "30"], &full);
    let img = Png::read(&full);
    let r = 30.0_f64;
    let s3 = 3f64.sqrt();
    let w = (15.0 * 1.5 * r + 2.0 * r + 1.2 * r).ceil() as i32;
    let h = (0.7 * r + 9.0 * s3 * r + s3 * r + 1.2 * r).ceil() as i32;
    assert_eq!((img.width, img.height), (w, h));
}

#[test]
fn cropping_keeps_exactly_the_requested_hexes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("crop.svg");
    render_to(&fixture("1867_bc.json"), &["--crop", "C10:N18"], &out);
    let groups = hex_groups(&out);
    let (game, _) = bc();
    // Columns C..N, numbers 10..18, counted from the addresses themselves.
    let expected = game
        .hexes
        .keys()
        .map(|c| game.format(*c))
        .filter(|a| {
            let col = a.as_bytes()[0];
            let n: i32 = a[1..].parse().unwrap();
            (b'C'..=b'N').contains(&col) && (10..=18).contains(&n)
        })
        .count();
    assert!(
        expected > 20,
        "the crop holds a real region ({expected} hexes)"
    );
    assert_eq!(groups, expected + 1);
}

#[test]
fn pixels_show_tile_token_and_route_colours() {
    let dir = tempfile::tempdir().unwrap();
    // A brown tile with a clear centre: tile 39 forced over I13's yellow 8.
    let game_file = dir.path().join("game.json");
    fs::copy(fixture("1867_bc.json"), &game_file).unwrap();
    hexroute()
        .arg("upgrade")
        .arg(&game_file)
        .args(["I13", "39", "--rotate", "0", "--force"])
        .assert()
        .success();
    let routes = dir.path().join("cnr.json");
    let out = hexroute()
        .arg("routes")
        .arg(&game_file)
        .args(["--company", "CNR", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    fs::write(&routes, &out.stdout).unwrap();
    let png = dir.path().join("cnr.png");
    render_to(&game_file, &["--routes", routes.to_str().unwrap()], &png);
    let img = Png::read(&png);

    let game = game::builtin("1867").unwrap();
    let text = fs::read_to_string(&game_file).unwrap();
    let state = hexroute::save::from_json(&text, &game).unwrap().state;
    let report = hexroute::routes::report::RoutesReport::from_json(
        std::str::from_utf8(&out.stdout).unwrap(),
    )
    .unwrap();
    let overlay = RouteOverlay::from_report(&game, &state, &report).unwrap();
    let picture = MapPicture::new(&game, &state, MapOptions::default(), Some(&overlay)).unwrap();
    assert_eq!(picture.size(), (img.width, img.height));
    let at = |hex: &str| picture.centre(game.hex(hex).unwrap());
    use hexroute::tile::Colour;
    // C19: yellow 7; K11: green 31; I13: brown 39; L14: printed grey. Their centres are clear of track.
    for (hex, colour) in [
        ("C19", Colour::Yellow),
        ("K11", Colour::Green),
        ("I13", Colour::Brown),
        ("L14", Colour::Grey),
    ] {
        assert_eq!(
            img.rgb(at(hex)),
            byte_rgb(render::colour_of(colour)),
            "{hex}"
        );
    }
    // GW's token in space 0 of Guelph's brown 63 (E15), on the map without
    // routes: GW's colour (its fill and its stripe, one colour as
    // 18xx.games draws it). Two spaces sit side by side, 0.204 hex radii
    // left and right of the city's centre.
    let plain = dir.path().join("map.png");
    render_to(&game_file, &[], &plain);
    let map = Png::read(&plain);
    let gw = game.company("GW").unwrap();
    let city = picture.stop_point(game.hex("E15").unwrap(), StopKind::City(0));
    let token = (city.0 - 0.204 * render::DEFAULT_HEX_SIZE, city.1);
    assert!(map.has_near(token, 4.0, byte_rgb(render::parse_colour(&gw.colour))));
    assert!(map.has_near(token, 11.0, byte_rgb(render::parse_colour(&gw.stripe))));
    // The 5 train's stop at Buffalo (F18) only it visits: a dot beside the
    // stop in the first route's colour.
    let buffalo = overlay.routes[0]
        .stops
        .iter()
        .position(|s| s.hex == game.hex("F18").unwrap())
        .unwrap();
    let dot = picture.stop_dots(&overlay)[0][buffalo];
    let colour = render::route_styles(&game, &overlay)[0].colour;
    assert_eq!(img.rgb(dot), byte_rgb(colour));
}

#[test]
fn tile_sheet_draws_every_tile() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.svg");
    hexroute()
        .args(["tiles", "1867", "-o"])
        .arg(&out)
        .assert()
        .success();
    let text = fs::read_to_string(&out).unwrap();
    roxmltree::Document::parse(&text).expect("well-formed SVG");
    let png = dir.path().join("sheet.png");
    hexroute()
        .args(["tiles", "1867", "--hex-size", "20", "-o"])
        .arg(&png)
        .assert()
        .success();
    let game = game::builtin("1867").unwrap();
    let rows = game.tile_counts.len().div_ceil(10) as f64;
    let img = Png::read(&png);
    assert_eq!(img.height, (20.0 * 0.9 + 20.0 * 2.45 * rows).ceil() as i32);
}

#[test]
fn picture_errors_are_one_line_and_leave_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str, &str); 4] = [
        (&[], "missing/map.png", "missing/map.png"),
        (&[], "map.bmp", "picture format"),
        (&["--crop", "Z90:Z99"], "map.png", "outside the 1867 map"),
        (&["--crop", "nonsense"], "map.png", "two corners"),
    ];
    for (extra, name, needle) in cases {
        let target = dir.path().join(name);
        fails_with(
            hexroute()
                .arg("render")
                .arg(fixture("1867_bc.json"))
                .args(extra)
                .arg("-o")
                .arg(&target),
            needle,
        );
        assert!(!target.exists(), "{name} was written");
    }
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no stray files"
    );
}

#[test]
fn routes_render_draws_what_render_routes_draws() {
    let dir = tempfile::tempdir().unwrap();
    let direct = dir.path().join("direct.png");
    let out = hexroute()
        .arg("routes")
        .arg(fixture("1867_bc.json"))
        .args(["--company", "GW", "--json", "--render"])
        .arg(&direct)
        .output()
        .unwrap();
    assert!(out.status.success());
    let json = dir.path().join("gw.json");
    fs::write(&json, &out.stdout).unwrap();
    let via_file = dir.path().join("via.png");
    render_to(
        &fixture("1867_bc.json"),
        &["--routes", json.to_str().unwrap()],
        &via_file,
    );
    assert_eq!(fs::read(&direct).unwrap(), fs::read(&via_file).unwrap());
}

/// Routes carry their game: drawing 1830's routes over 1867's map is refused.
#[test]
fn render_refuses_routes_of_another_game() {
    let dir = tempfile::tempdir().unwrap();
    let routes = dir.path().join("prr.json");
    let out = routes_report(&fixture("1830_late.json"), &["--company", "PRR"], &routes);
    let report: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(report["game"], "1830");
    let png = dir.path().join("map.png");
    fails_with(
        hexroute()
            .arg("render")
            .arg(fixture("1867_bc.json"))
            .arg("--routes")
            .arg(&routes)
            .arg("-o")
            .arg(&png),
        "the routes are for game 1830, but the map is 1867",
    );
    assert!(!png.exists());
    // A report missing a field is named, not read as zero.
    let broken = dir.path().join("broken.json");
    fs::write(
        &broken,
        r#"{"game": "1867", "company": "GW", "routes": []}"#,
    )
    .unwrap();
    fails_with(
        hexroute()
            .arg("render")
            .arg(fixture("1867_bc.json"))
            .arg("--routes")
            .arg(&broken)
            .arg("-o")
            .arg(&png),
        "missing field `total`",
    );
}

/// Several companies' routes (`routes --all --render`): each route is its
/// own SVG group, routes that share a hex run in different lanes, and the
/// legend has a heading per company.
#[test]
fn all_companies_routes_run_side_by_side() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("all.svg");
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--all", "--json", "--quiet", "--render"])
            .arg(&svg),
    );
    let report: hexroute::routes::report::RoutesReport = serde_json::from_str(&out).unwrap();
    let game = game::builtin("1867").unwrap();
    let text = fs::read_to_string(fixture("1867_bc.json")).unwrap();
    let state = hexroute::save::from_json(&text, &game).unwrap().state;
    let overlay = RouteOverlay::from_report(&game, &state, &report).unwrap();
    assert_eq!(overlay.routes.len(), 6);
    assert_eq!(overlay.companies.len(), 3);
    // One group per hex, one per route, and the page.
    assert_eq!(hex_groups(&svg), game.hexes.len() + 6 + 1);
    let lanes = render::route_lanes(&overlay.routes);
    let mut shared = 0;
    for i in 0..6 {
        for j in 0..i {
            let a = &overlay.routes[i];
            let b = &overlay.routes[j];
            if a.hexes.iter().any(|h| b.hexes.contains(h)) {
                shared += 1;
                assert_ne!(
                    lanes[i], lanes[j],
                    "{} and {} share a hex",
                    a.train, b.train
                );
            }
        }
    }
    assert!(shared >= 5, "the fixture's routes overlap: {shared} pairs");
    // Every company gets a heading in the legend.
    let text = fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<svg"), "an SVG");
}

/// Long location names fit their hex: set smaller, or on two lines.
#[test]
fn long_names_fit_their_hex() {
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 10, 10).unwrap();
    let cr = cairo::Context::new(&surface).unwrap();
    let r = render::DEFAULT_HEX_SIZE;
    let (size, room) = (r * 0.15, r * 1.15);
    let width = |s: &str, size: f64| {
        cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Normal);
        cr.set_font_size(size);
        cr.text_extents(s).unwrap().width()
    };
    for game in ["1830", "1861", "1867", "1889"] {
        let g = game::builtin(game).unwrap();
        for hex in g.hexes.values() {
            let Some(name) = &hex.name else { continue };
            let (lines, set) = render::fit_name(&cr, name, size, room);
            assert!(set <= size && set >= size * 0.3, "{game} {name}: {set}");
            for line in &lines {
                assert!(width(line, set) <= room + 0.01, "{game} {name}: {line}");
            }
            assert_eq!(lines.join(" "), *name);
        }
    }
    let (lines, _) = render::fit_name(&cr, "Maritime Provinces", size, r * 0.6);
    assert_eq!(lines, ["Maritime", "Provinces"]);
}

/// A picture too large for a PNG (2,000 routes make a legend ~45,000
/// pixels tall) is refused in one line that names the limit and the file,
/// and nothing is written; SVG has no such limit and draws it.
#[test]
fn a_png_too_large_names_the_limit_and_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let cnr = dir.path().join("cnr.json");
    let one: serde_json::Value = serde_json::from_slice(&routes_report(
        &fixture("1867_bc.json"),
        &["--company", "CNR"],
        &cnr,
    ))
    .unwrap();
    let mut many = one.clone();
    let routes = one["routes"].as_array().unwrap();
    many["routes"] = serde_json::Value::from(
        routes
            .iter()
            .cycle()
            .take(2000)
            .cloned()
            .collect::<Vec<_>>(),
    );
    let big = dir.path().join("big.json");
    fs::write(&big, many.to_string()).unwrap();
    let png = dir.path().join("big.png");
    let render = |to: &Path| {
        let mut cmd = hexroute();
        cmd.arg("render")
            .arg(fixture("1867_bc.json"))
            .arg("--routes")
            .arg(&big)
            .arg("-o")
            .arg(to);
        cmd
    };
    let err = fails_with(
        &mut render(&png),
        "a PNG may be at most 32767 pixels a side",
    );
    assert!(err.contains("big.png"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(!png.exists());
    let svg = dir.path().join("big.svg");
    render(&svg).assert().success();
    assert!(svg.exists());
}

/// `place --list --render`: one cell per legal lay, each tile drawn at its
/// own rotation; with none, a picture of the reasons.
#[test]
fn list_render_draws_each_lay_at_its_rotation() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    crate::common::new_game("1830", &save);
    let png = dir.path().join("h10.png");
    let out = stdout_of(
        hexroute()
            .args(["place", "--list"])
            .arg(&save)
            .args(["H10", "--render"])
            .arg(&png),
    );
    assert_eq!(out.lines().count(), 4, "three lays of 57: {out}");
    let img = Png::read(&png);
    // One row of cells under a 0.9 R band, at R = 48.
    let r = 48.0_f64;
    assert_eq!(img.height, (r * 0.9 + r * 2.45).ceil() as i32);
    let centre = |k: f64| (r * 0.2 + r * 2.3 * (k + 0.5), r * 0.9 + r * 1.05);
    let black = (0, 0, 0);
    let yellow = byte_rgb(render::colour_of(hexroute::tile::Colour::Yellow));
    // 57 at rotation 1 runs east-west on a pointed-top map; at 0 and 2
    // its track leaves the east point clear.
    for (k, east_west) in [(0.0, false), (1.0, true), (2.0, false)] {
        let (x, y) = centre(k);
        let east = (x + r * 0.7, y);
        assert_eq!(img.has_near(east, 1.0, black), east_west, "cell {k}");
        assert!(img.has_near((x, y + r * 0.5), 4.0, yellow), "cell {k}");
    }
    // SVG and PDF by their names.
    let svg = dir.path().join("h10.svg");
    hexroute()
        .args(["place", "--list"])
        .arg(&save)
        .args(["H10", "--render"])
        .arg(&svg)
        .assert()
        .success();
    roxmltree::Document::parse(&fs::read_to_string(&svg).unwrap()).expect("well-formed SVG");
    let pdf = dir.path().join("none.pdf");
    let out = stdout_of(
        hexroute()
            .args(["upgrade", "--list"])
            .arg(&save)
            .args(["G19", "--render"])
            .arg(&pdf),
    );
    assert!(out.contains("(phase colour rule)"), "{out}");
    assert!(fs::read(&pdf).unwrap().starts_with(b"%PDF"));
}

/// A bad `--render` name is refused before anything is listed: exit 2,
/// one line, no picture, the save unchanged.
#[test]
fn list_render_errors_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    crate::common::new_game("1867", &save);
    let before = fs::read(&save).unwrap();
    let other = dir.path().join("other.json");
    fs::copy(&save, &other).unwrap();
    let cases: [(&[&str], String, &str); 4] = [
        (&["--list"], "map.bmp".into(), "picture format"),
        (&["--list"], "missing/map.png".into(), "missing/map.png"),
        (&["--list"], "other.json".into(), "saved game"),
        (&[], "map.png".into(), "--list"),
    ];
    for (list, name, needle) in cases {
        let target = dir.path().join(&name);
        let mut cmd = hexroute();
        cmd.arg("place")
            .args(list)
            .arg(&save)
            .args(["G15", "--render"])
            .arg(&target);
        let out = cmd.output().unwrap();
        assert!(out.stdout.is_empty(), "{name}: listed anyway");
        fails_with(&mut cmd, needle);
        assert_eq!(fs::read(&save).unwrap(), before, "{name}: the save changed");
        if name != "other.json" {
            assert!(!target.exists(), "{name} was written");
        }
    }
    assert_eq!(fs::read(&other).unwrap(), before, "a save was drawn over");
}
