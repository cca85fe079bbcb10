//! Companies' sizes as a save keeps them: `"sizes": {"A&S": {"shares":
//! 5, "tokens": 2}}`, only where the game's companies come in sizes and a
//! company has one (a save without it reads as before: each company has
//! its game file's `tokens`).

use super::{CompanyId, Error, Game};
use crate::state::Size;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One company's size in a save.
#[derive(Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct SizeJson {
    /// Its share count, one of the game's `rules.company_sizes`.
    shares: u32,
    /// The tokens it owns, on the map or on its charter.
    tokens: u32,
}

/// The sizes read from a save, each company and size checked against the game.
pub(super) fn sizes_from_json(
    game: &Game,
    raw: &BTreeMap<String, SizeJson>,
    field: &str,
) -> Result<BTreeMap<CompanyId, Size>, Error> {
    raw.iter()
        .map(|(co, s)| {
            let company = game.company(co).map_err(|e| e.context(field))?;
            if game.company_size(s.shares).is_none() {
                return Err(Error::SaveFile(format!(
                    "{field}: {co} has {} shares, not a size of {} (sizes: {}); hint: give one of them",
                    s.shares,
                    game.id,
                    game.sizes_word()
                )));
            }
            if s.tokens > company.tokens {
                return Err(Error::SaveFile(format!(
                    "{field}: {co} owns {} tokens, more than the {} it has in {}",
                    s.tokens, company.tokens, game.id
                )));
            }
            let size = Size {
                shares: s.shares,
                tokens: s.tokens,
            };
            Ok((company.abbrev.clone(), size))
        })
        .collect()
}

/// The sizes as a save writes them.
pub(super) fn sizes_to_json(sizes: &BTreeMap<CompanyId, Size>) -> BTreeMap<String, SizeJson> {
    sizes
        .iter()
        .map(|(co, s)| {
            let json = SizeJson {
                shares: s.shares,
                tokens: s.tokens,
            };
            (co.to_string(), json)
        })
        .collect()
}
