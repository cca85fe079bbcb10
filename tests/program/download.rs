//! `import GAME_ID` and `import URL`: the record downloaded from the site's
//! API, here a server on the loopback that serves a bundled record (no
//! test goes online), and the one-line errors when it cannot be.

use crate::common::{fails_with, fixture, hexroute, saved_json};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::{Arc, Mutex};

const GAME: &str = "12666";

/// A site that answers `GET /api/game/12666` with the bundled 1846 record
/// and anything else with 404; it notes each path asked for.
struct Site {
    url: String,
    asked: Arc<Mutex<Vec<String>>>,
}

fn site() -> Site {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let asked = Arc::new(Mutex::new(Vec::new()));
    let noted = Arc::clone(&asked);
    let record = std::fs::read(fixture("18xx.games").join("1846_12666.json")).unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            answer(stream, &record, &noted);
        }
    });
    Site { url, asked }
}

fn answer(mut stream: TcpStream, record: &[u8], asked: &Mutex<Vec<String>>) {
    let mut lines = BufReader::new(stream.try_clone().unwrap());
    let mut request = String::new();
    lines.read_line(&mut request).unwrap();
    loop {
        let mut header = String::new();
        if lines.read_line(&mut header).unwrap() == 0 || header == "\r\n" {
            break;
        }
    }
    let path = request.split(' ').nth(1).unwrap_or("").to_string();
    asked.lock().unwrap().push(path.clone());
    let (status, body): (&str, &[u8]) = if path == format!("/api/game/{GAME}") {
        ("200 OK", record)
    } else {
        ("404 Not Found", b"Game does not exist")
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
}

fn import_from(site: &str, args: &[&str], out: &Path) -> assert_cmd::Command {
    let mut cmd = hexroute();
    cmd.env("HEXROUTE_18XX_URL", site)
        .arg("import")
        .args(args)
        .arg("-o")
        .arg(out);
    cmd
}

/// The same save as from the file: only the record it names differs.
fn same_but_record(downloaded: &Path, from_file: &Path, page: &str) {
    let (mut got, mut want) = (saved_json(downloaded), saved_json(from_file));
    assert_eq!(got["imported"]["record"], page);
    got["imported"]["record"] = serde_json::Value::Null;
    want["imported"]["record"] = serde_json::Value::Null;
    assert_eq!(got, want);
}

/// `import 12666` downloads the record from the site's API and imports it
/// as the file would be, naming the game's page as its record.
#[test]
fn a_game_id_is_downloaded_and_imported() {
    let site = site();
    let dir = tempfile::tempdir().unwrap();
    let (got, want) = (dir.path().join("got.json"), dir.path().join("want.json"));
    import_from(&site.url, &[GAME], &got).assert().success();
    hexroute()
        .arg("import")
        .arg(fixture("18xx.games").join("1846_12666.json"))
        .arg("-o")
        .arg(&want)
        .assert()
        .success();
    same_but_record(&got, &want, &format!("{}/game/{GAME}", site.url));
    assert_eq!(*site.asked.lock().unwrap(), [format!("/api/game/{GAME}")]);
}

/// A game's address with `?action=N` imports through action N, as `--at N`.
#[test]
fn an_address_with_an_action_is_imported_through_it() {
    let site = site();
    let dir = tempfile::tempdir().unwrap();
    let (got, want) = (dir.path().join("got.json"), dir.path().join("want.json"));
    let address = format!("https://18xx.games/game/{GAME}?action=150");
    import_from(&site.url, &[&address], &got).assert().success();
    hexroute()
        .arg("import")
        .arg(fixture("18xx.games").join("1846_12666.json"))
        .args(["--at", "150", "-o"])
        .arg(&want)
        .assert()
        .success();
    same_but_record(&got, &want, &format!("{}/game/{GAME}", site.url));
    assert_eq!(saved_json(&got)["imported"]["action"], 150);
    // The same address names the same record: the next step replaces it.
    let next = format!("https://18xx.games/game/{GAME}?action=160");
    import_from(&site.url, &[&next], &got).assert().success();
    assert_eq!(saved_json(&got)["imported"]["action"], 160);
    fails_with(
        &mut import_from(&site.url, &[&next, "--at", "170"], &got),
        "action=160 and --at says 170",
    );
}

/// No such game, a page that is not a game, and a site that does not
/// answer are each one line naming the address; nothing is written.
#[test]
fn a_game_that_cannot_be_downloaded_is_one_line_naming_the_address() {
    let site = site();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.json");
    fails_with(
        &mut import_from(&site.url, &["999"], &out),
        &format!("{}/api/game/999: no such game", site.url),
    );
    fails_with(
        &mut import_from(&site.url, &["https://18xx.games/about"], &out),
        "not a game's address",
    );
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let nobody = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    fails_with(
        &mut import_from(&nobody, &[GAME], &out),
        &format!("{nobody}/api/game/{GAME}: cannot download"),
    );
    assert!(!out.exists());
}
