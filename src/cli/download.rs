//! `import 12345` and `import https://18xx.games/game/12345?action=N`: the
//! record downloaded from 18xx.games's API (`GET /api/game/<id>`, the JSON
//! its Tools tab offers), so a player need not save it by hand first.

use anyhow::{Result, anyhow, bail};
use std::path::Path;
use std::time::Duration;

/// The website records come from, unless `HEXROUTE_18XX_URL` names
/// another (a test's server on the loopback, a site of one's own).
const SITE: &str = "https://18xx.games";
const SITE_VARIABLE: &str = "HEXROUTE_18XX_URL";

/// A record bigger than this is not one (the longest games are a few MB).
const BIGGEST_RECORD: u64 = 256 << 20;

/// A game on 18xx.games named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Online {
    /// The game's page, as the player would open it: the save's record.
    pub page: String,
    /// The API address the record is downloaded from.
    pub api: String,
    /// The `?action=N` of a URL: the action the player was looking at.
    pub action: Option<u64>,
}

/// The game `input` names online: a game id (digits, where no such file
/// exists) or an `http(s)://…/game/<id>` address; `None` for a file.
pub fn online(input: &Path) -> Result<Option<Online>> {
    let Some(text) = input.to_str() else {
        return Ok(None);
    };
    let site = std::env::var(SITE_VARIABLE).unwrap_or_else(|_| SITE.to_string());
    let site = site.trim_end_matches('/');
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && !input.exists() {
        return Ok(Some(at_site(site, text, None)));
    }
    let Some(rest) = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
    else {
        return Ok(None);
    };
    let scheme = &text[..text.len() - rest.len()];
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let id = path
        .trim_end_matches('/')
        .strip_prefix("game/")
        .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            anyhow!(
                "{text}: not a game's address (an 18xx.games game is https://18xx.games/game/12345)"
            )
        })?;
    let action = action_in(query).map_err(|e| anyhow!("{text}: {e}"))?;
    // The variable wins even over an address, so tests never go online.
    let site = match std::env::var(SITE_VARIABLE) {
        Ok(_) => site.to_string(),
        Err(_) => format!("{scheme}{host}"),
    };
    Ok(Some(at_site(&site, id, action)))
}

fn at_site(site: &str, id: &str, action: Option<u64>) -> Online {
    Online {
        page: format!("{site}/game/{id}"),
        api: format!("{site}/api/game/{id}"),
        action,
    }
}

/// The `action=N` of a URL's query, if it has one.
fn action_in(query: &str) -> Result<Option<u64>> {
    let Some(value) = query
        .split(['&', '#'])
        .find_map(|pair| pair.strip_prefix("action="))
    else {
        return Ok(None);
    };
    match value.parse::<u64>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => bail!("action={value}: an action is a number from 1 (the one in the game's log)"),
    }
}

/// The record of `game`, downloaded. Any failure is one line naming the
/// address: offline, no such game, not a record.
pub fn download(game: &Online) -> Result<String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(120)))
        .http_status_as_error(false)
        .user_agent(concat!("hexroute/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let api = &game.api;
    let mut response = agent
        .get(api)
        .header("Accept", "application/json")
        .call()
        .map_err(|e| anyhow!("{api}: cannot download the game ({e}); are you online?"))?;
    let status = response.status();
    if status == 404 {
        bail!("{api}: no such game on the site (check the number in the game's address)");
    }
    if !status.is_success() {
        bail!(
            "{api}: the site answered {status}; try again later, or download the record from the game's Tools tab"
        );
    }
    response
        .body_mut()
        .with_config()
        .limit(BIGGEST_RECORD)
        .read_to_string()
        .map_err(|e| anyhow!("{api}: the download broke off ({e})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An address is read into its site, game and action; the action must
    /// be a number from 1.
    #[test]
    fn addresses_name_a_game_and_an_action() {
        let got = online(Path::new("https://18xx.games/game/12345?action=441"))
            .unwrap()
            .unwrap();
        assert_eq!(got.api, "https://18xx.games/api/game/12345");
        assert_eq!(got.page, "https://18xx.games/game/12345");
        assert_eq!(got.action, Some(441));
        let plain = online(Path::new("http://localhost:9292/game/7/"))
            .unwrap()
            .unwrap();
        assert_eq!(plain.api, "http://localhost:9292/api/game/7");
        assert_eq!(plain.action, None);
        assert!(online(Path::new("https://18xx.games/game/12345?action=0")).is_err());
        assert!(online(Path::new("https://18xx.games/about")).is_err());
        assert_eq!(online(Path::new("game.json")).unwrap(), None);
    }
}
