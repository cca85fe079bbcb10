//! `render --html`: one self-contained page, checked in headless Chromium
//! (Debian's `chromium`). Toggling a route must change what is drawn.
//! Without Chromium the browser part is skipped with a message, unless
//! `HEXROUTE_REQUIRE_CHROMIUM=1` (CI sets it), when it fails.

use crate::common::{fixture, hexroute, routes_report};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A page of all three companies' routes on the Bankruptcy Club's 1867.
fn page(dir: &Path) -> PathBuf {
    let report = dir.join("all.json");
    routes_report(&fixture("1867_bc.json"), &["--all", "--quiet"], &report);
    let page = dir.join("routes.html");
    hexroute()
        .arg("render")
        .arg(fixture("1867_bc.json"))
        .arg("--routes")
        .arg(&report)
        .arg("--html")
        .arg("-o")
        .arg(&page)
        .assert()
        .success();
    page
}

#[test]
fn the_page_is_self_contained_with_a_group_per_route() {
    let dir = tempfile::tempdir().unwrap();
    let text = fs::read_to_string(page(dir.path())).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>"));
    assert_eq!(text.matches("<g class=\"route\"").count(), 6);
    assert_eq!(text.matches("<input type=\"checkbox\"").count(), 3 + 6);
    // Nothing is fetched: no src attributes, and the only addresses are
    // XML namespaces.
    assert!(!text.contains(" src="), "no external scripts or images");
    for (i, _) in text.match_indices("http") {
        let rest = &text[i..];
        assert!(
            rest.starts_with("http://www.w3.org/"),
            "an address that is not a namespace: {}",
            &rest[..40.min(rest.len())]
        );
    }
    // Each stop says where it is and what it earns.
    assert!(
        text.contains("data-tip=\"Montreal (L12): $"),
        "Montreal's tooltip"
    );
    assert!(
        text.contains("<title>Buffalo (F18): $"),
        "Buffalo's tooltip"
    );
    // An .html name alone makes a page too.
    let other = dir.path().join("map.html");
    hexroute()
        .arg("render")
        .arg(fixture("1867_bc.json"))
        .arg("-o")
        .arg(&other)
        .assert()
        .success();
    assert!(
        fs::read_to_string(&other)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
}

fn chromium() -> Option<PathBuf> {
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists());
    if found.is_none() {
        assert!(
            std::env::var_os("HEXROUTE_REQUIRE_CHROMIUM").is_none(),
            "HEXROUTE_REQUIRE_CHROMIUM is set but Chromium is not installed (apt-get install chromium)"
        );
        eprintln!(
            "skipping the browser check: Chromium is not installed (apt-get install chromium)"
        );
    }
    found
}

/// Runs headless Chromium on `url` with its own profile in a 1500×1600
/// window; returns stdout.
fn browse(chromium: &Path, profile: &Path, args: &[&str], url: &str) -> Vec<u8> {
    browse_at(chromium, profile, (1500, 1600), args, url)
}

/// As [`browse`], in a window of `size`.
fn browse_at(
    chromium: &Path,
    profile: &Path,
    (w, h): (u32, u32),
    args: &[&str],
    url: &str,
) -> Vec<u8> {
    let out = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--window-size={w},{h}"))
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn pixels(path: &Path) -> (i32, i32, Vec<u8>) {
    let mut file = fs::File::open(path).unwrap();
    let mut s = cairo::ImageSurface::create_from_png(&mut file).unwrap();
    (s.width(), s.height(), s.data().unwrap().to_vec())
}

#[test]
fn toggling_a_route_in_chromium_changes_the_drawing() {
    let Some(chromium) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = page(dir.path());
    let url = format!("file://{}", page.display());
    let shot = |name: &str, hash: &str| {
        let png = dir.path().join(name);
        let arg = format!("--screenshot={}", png.display());
        browse(
            &chromium,
            &dir.path().join(name).with_extension("profile"),
            &[&arg],
            &format!("{url}{hash}"),
        );
        pixels(&png)
    };
    let all = shot("all.png", "");
    let again = shot("again.png", "");
    let hidden = shot("hidden.png", "#hide=CNR");
    assert_eq!((all.0, all.1), (1500, 1600));
    let differ = |a: &[u8], b: &[u8]| a.chunks(4).zip(b.chunks(4)).filter(|(x, y)| x != y).count();
    assert_eq!(differ(&all.2, &again.2), 0, "the same page draws the same");
    let changed = differ(&all.2, &hidden.2);
    assert!(
        changed > 2000,
        "hiding CNR's two routes changed only {changed} pixels"
    );
    // What the script did, in the page's DOM: CNR's groups hidden, the
    // others shown, and CNR's box unticked.
    let dom = String::from_utf8(browse(
        &chromium,
        &dir.path().join("dom.profile"),
        &["--dump-dom"],
        &format!("{url}#hide=CNR"),
    ))
    .unwrap();
    let groups: Vec<&str> = dom
        .match_indices("<g class=\"route\"")
        .map(|(i, _)| &dom[i..i + dom[i..].find('>').unwrap()])
        .collect();
    assert_eq!(groups.len(), 6);
    for g in groups {
        let hidden = g.contains("display: none");
        assert_eq!(hidden, g.contains("data-company=\"CNR\""), "{g}");
    }
    // Hovering the first stop (a mouseenter, as the mouse sends) shows its
    // name and value in the tooltip.
    let dom = String::from_utf8(browse(
        &chromium,
        &dir.path().join("tip.profile"),
        &["--dump-dom"],
        &format!("{url}#tip=0"),
    ))
    .unwrap();
    let tip = &dom[dom.find("<div id=\"tip\"").unwrap()..];
    let tip = &tip[..tip.find("</div>").unwrap()];
    assert!(tip.contains("display: block"), "{tip}");
    let first = dom.find("data-tip=\"").unwrap() + "data-tip=\"".len();
    let text = &dom[first..first + dom[first..].find('"').unwrap()];
    assert!(text.contains("): $"), "{text}");
    assert!(
        tip.ends_with(&text.replace("&amp;", "&")) || tip.contains(text),
        "{tip} vs {text}"
    );
}

/// The groups of routes the page's DOM hides, by company.
fn hidden_companies(dom: &str) -> Vec<(String, bool)> {
    dom.match_indices("<g class=\"route\"")
        .map(|(i, _)| &dom[i..i + dom[i..].find('>').unwrap()])
        .map(|g| {
            let at = g.find("data-company=\"").unwrap() + "data-company=\"".len();
            let company = g[at..at + g[at..].find('"').unwrap()].replace("&amp;", "&");
            (company, g.contains("display: none"))
        })
        .collect()
}

/// The page scales to the window: at 1280×800 and 1920×1080 the whole map
/// is in view with nothing to scroll; its names are text a browser finds
/// (Montreal); `#hide=C&O` hides C&O's routes as typed, as does `C%26O`.
#[test]
fn the_page_fits_the_window_finds_names_and_hides_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    let page = page(dir.path());
    let text = fs::read_to_string(&page).unwrap();
    assert!(text.contains(">Montreal</text>"), "Montreal as text");
    assert!(text.contains("viewBox=\"0 0 "), "a viewBox");
    assert!(text.contains("width=\"100%\""), "drawn at 100 %");
    assert!(!text.contains("<symbol"), "no text drawn as outlines");
    let Some(chromium) = chromium() else { return };
    let url = format!("file://{}", page.display());
    for (w, h) in [(1280, 800), (1920, 1080)] {
        let dom = String::from_utf8(browse_at(
            &chromium,
            &dir.path().join(format!("fit{w}.profile")),
            (w, h),
            &["--dump-dom"],
            &url,
        ))
        .unwrap();
        let at = dom.find("data-fit=\"").unwrap() + "data-fit=\"".len();
        let fit: Vec<i64> = dom[at..at + dom[at..].find('"').unwrap()]
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        let [sw, sh, iw, ih, right, bottom] = fit[..] else {
            panic!("{fit:?}")
        };
        // Headless Chromium keeps some of the window's height for itself.
        assert!(
            iw == i64::from(w) && ih <= i64::from(h) && ih > 500,
            "the window: {iw}×{ih}"
        );
        assert!(sw <= iw && sh <= ih, "{w}×{h}: scrolls to {sw}×{sh}");
        assert!(
            right <= iw && bottom <= ih,
            "{w}×{h}: the map ends at {right}×{bottom}"
        );
        assert!(dom.contains(">Montreal</text>"), "Montreal in the DOM");
    }
    for hash in ["#hide=C&O", "#hide=C%26O", "#hide=c&o"] {
        let dom = String::from_utf8(browse(
            &chromium,
            &dir.path().join("hide.profile"),
            &["--dump-dom"],
            &format!("{url}{hash}"),
        ))
        .unwrap();
        let groups = hidden_companies(&dom);
        assert_eq!(groups.len(), 6, "{hash}");
        for (company, hidden) in groups {
            assert_eq!(hidden, company == "C&O", "{hash}: {company}");
        }
    }
}
