//! Three mechanisms of `from_18xx_games` a title's late game may name:
//! one company absorbing another (`Absorb`: 18MEX's NdM merger), minors
//! closing as a phase begins (`ClosingMinors`: 18MEX's A, B and C in phase
//! 3½), and two hexes whose tiles the engine lays in pairs (`TwinTiles`:
//! 18MEX's Mexico City and Puebla); with the checks that they name what
//! the game has.

use super::{CompanyKind, Game};
use crate::tile::TileId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A company that absorbs one other once, as the first copy of a train
/// is bought (18xx.games's 18MEX: the NdM merger with the first 5). The
/// merging company names itself in a `merge` action (or is the only one
/// left that never floated, then merges unasked); its trains go to the
/// absorbing company, its private companies close, and it closes. Its
/// tokens become the absorbing company's, which gets `exchange_tokens`
/// beyond its own count for them: its home token first (or, never
/// placed, a token in its home city), then the others; one in a city
/// the absorbing company holds leaves, and where more are left than
/// exchange tokens, the absorbing company keeps those it chooses (the
/// record's `assign` of a hex) and the rest leave.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AbsorbDef {
    /// The absorbing company (18MEX's `NdM`).
    pub company: String,
    /// The train whose first copy bought starts the merger (18MEX: `5`).
    pub train: String,
    /// Companies that never merge into it (18MEX's FCP and TM).
    #[serde(default)]
    pub exempt: Vec<String>,
    /// Tokens the absorbing company gets with the merger for the merged
    /// company's, beyond its own count (18MEX: two).
    pub exchange_tokens: u32,
}

/// Two hexes whose tiles the engine lays in pairs: a tile of a pair laid
/// on one hex lays the other of its pair, unrotated, on the other hex
/// (18MEX's Mexico City, O10, and Puebla, P11: 479MC with 479P).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TwinTiles {
    /// The two hexes.
    pub hexes: (String, String),
    /// The pairs of tiles: the first goes on the first hex, the second on
    /// the second.
    pub tiles: Vec<(TileId, TileId)>,
}

impl TwinTiles {
    /// The tile laid on the other hex with `tile` on `hex`, and that hex.
    pub fn twin_of(&self, hex: &str, tile: &str) -> Option<(&str, &TileId)> {
        let (a, b) = &self.hexes;
        self.tiles.iter().find_map(|(x, y)| {
            if hex == a && x.as_str() == tile {
                Some((b.as_str(), y))
            } else if hex == b && y.as_str() == tile {
                Some((a.as_str(), x))
            } else {
                None
            }
        })
    }
}

type Failure = (String, String);

/// `Absorb` names majors of the game and a train, `TwinTiles` hexes of
/// the map and tiles of its catalogues (`ClosingMinors` is resolved with
/// the other mechanisms).
pub(super) fn check(game: &Game) -> Result<(), Failure> {
    let Some(play) = game.from_18xx_games.as_ref() else {
        return Ok(());
    };
    if let Some(a) = &play.absorb {
        let field = |f: &str| format!("from_18xx_games.mechanisms.Absorb.{f}");
        for (f, name) in
            std::iter::once(("company", &a.company)).chain(a.exempt.iter().map(|e| ("exempt", e)))
        {
            match game.company(name) {
                Ok(c) if c.kind == CompanyKind::Major => {}
                Ok(_) => return Err((field(f), format!("{name} is no major"))),
                Err(e) => return Err((field(f), e.to_string())),
            }
        }
        game.train(&a.train)
            .map_err(|e| (field("train"), e.to_string()))?;
    }
    for t in &play.twin_tiles {
        let field = "from_18xx_games.mechanisms.TwinTiles".to_string();
        for h in [&t.hexes.0, &t.hexes.1] {
            let on_map = game
                .coords
                .parse(h)
                .is_ok_and(|c| game.hexes.contains_key(&c));
            if !on_map {
                return Err((field, format!("{h} is no hex of the map")));
            }
        }
        for (x, y) in &t.tiles {
            for tile in [x, y] {
                game.tile(tile)
                    .map_err(|e| (field.clone(), e.to_string()))?;
            }
        }
    }
    Ok(())
}
