//! A token a company keeps on its charter beyond its count, to place later
//! as any of its tokens (18xx.games g_1870 `ConnectionToken`: a company
//! reaching its destination may put its destination token "on the charter
//! for later use", a token more, forfeiting the bonus). The rules then
//! count it among the company's tokens (`MapState::token_count`).

use crate::edit::Edit;
use crate::error::{Error, Result};
use crate::game::{CompanyId, Game};
use crate::state::MapState;

/// `company` keeps one token more on its charter.
pub(super) fn keep(game: &Game, state: &MapState, company: &CompanyId) -> Result<Edit> {
    let co = game.company(company)?.abbrev.clone();
    if state.is_closed(&co) {
        return Err(Error::Invalid(format!(
            "{co} has left the game ({}): it keeps no token",
            state.standing_of(&co)
        )));
    }
    let mut next = state.clone();
    let kept = next.charter_tokens.entry(co.clone()).or_default();
    *kept += 1;
    let kept = *kept;
    let said = format!(
        "{co} keeps a token on its charter ({kept} beyond its count): it owns {}",
        next.token_count(game, &co)
    );
    Ok(Edit {
        next,
        violations: Vec::new(),
        said,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::builtin;

    /// 1870's ATSF owns 3 tokens (its game file's); keeping its
    /// destination token on its charter it owns 4, and a closed company
    /// keeps none.
    #[test]
    fn a_token_kept_on_the_charter_counts_among_the_company_s() {
        let game = builtin("1870").unwrap();
        let state = MapState::start(&game);
        let atsf = CompanyId::from("ATSF");
        assert_eq!(state.token_count(&game, &atsf), 3);
        let kept = keep(&game, &state, &atsf).unwrap().next;
        assert_eq!(kept.token_count(&game, &atsf), 4);
        let mut closed = state.clone();
        closed.set_standing(&atsf, crate::state::Standing::Closed);
        assert!(keep(&game, &closed, &atsf).is_err());
    }
}
