//! A company's size set (`rules.company_sizes`: 1817's 2, 5 and 10
//! shares) and with it the tokens it owns: started at a size it owns that
//! size's count; converting to a larger one it gains the difference
//! (18xx.games's conversion buying the new size's tokens), at most its
//! game file's `tokens`; grown by a merger it keeps its own and those of
//! the company merged in (`acquire` adds them). The rules then count its
//! tokens by it (`rules::token`: no token beyond the count).

use crate::edit::Edit;
use crate::error::{Error, Result};
use crate::game::{CompanyId, Game, Rule};
use crate::rules::Violation;
use crate::state::{MapState, Size};

/// How a company's token count follows its new size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeTokens {
    /// The new size's count: a company started at it.
    OfSize,
    /// Its own count and the difference between the two sizes' counts: a
    /// conversion (a company with no size yet gets the new size's count).
    Gained,
    /// Its own count, unchanged: a merger's new size, the tokens having
    /// come with the company merged in.
    Kept,
    /// This many, set by hand.
    Exactly(u32),
}

/// `company` now has `shares` shares, its tokens following as `tokens` says.
pub(super) fn resize(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    shares: u32,
    tokens: SizeTokens,
) -> Result<Edit> {
    let most = game.company(company)?.tokens;
    if !game.has_sizes() {
        return Err(Error::Invalid(format!(
            "companies of {} come in one size (its game file gives no rules.company_sizes)",
            game.id
        )));
    }
    let Some(size) = game.company_size(shares) else {
        return Err(Error::Invalid(format!(
            "{shares} shares is not a size of {} (sizes: {}); hint: give one of them",
            game.id,
            game.sizes_word()
        )));
    };
    if state.is_closed(company) {
        return Err(Error::Invalid(format!(
            "{company} has left the game ({}): its size no longer changes",
            state.standing_of(company)
        )));
    }
    let had = state.size_of(company);
    let count = match (tokens, had) {
        (SizeTokens::Exactly(0), _) => {
            return Err(Error::Invalid(format!(
                "{company} cannot own no token; hint: give 1 to {most}"
            )));
        }
        (SizeTokens::Exactly(n), _) if n > most => {
            return Err(Error::Invalid(format!(
                "{company} has {most} tokens in {}, not {n}",
                game.id
            )));
        }
        (SizeTokens::Exactly(n), _) => n,
        (SizeTokens::OfSize, _) | (SizeTokens::Gained | SizeTokens::Kept, None) => size.tokens,
        (SizeTokens::Kept, Some(old)) => old.tokens,
        (SizeTokens::Gained, Some(old)) => {
            let before = game.company_size(old.shares).map_or(0, |s| s.tokens);
            (old.tokens + size.tokens.saturating_sub(before)).min(most)
        }
    };
    let mut next = state.clone();
    next.set_size(
        company,
        Some(Size {
            shares,
            tokens: count,
        }),
    );
    let placed = super::tokens_of(state, company);
    let violations = (placed > count as usize)
        .then(|| Violation {
            rule: Rule::TokensLeft,
            message: format!(
                "{company} has {placed} tokens on the map, more than the {count} it owns"
            ),
        })
        .into_iter()
        .collect();
    Ok(Edit {
        next,
        violations,
        said: format!("{company} has {shares} shares and owns {count} tokens"),
    })
}

/// The tokens `by` owns after taking `taken` over: its own and the other's
/// (those of its size, or those it had on the map), at most its `tokens`
/// (18xx.games's LIMIT_TOKENS_AFTER_MERGER). `None`: `by` has no size, and
/// its game file's count stands.
pub(super) fn after_takeover(
    game: &Game,
    state: &MapState,
    taken: &CompanyId,
    by: &CompanyId,
) -> Option<Size> {
    let own = state.size_of(by)?;
    let theirs = match state.size_of(taken) {
        Some(s) => s.tokens,
        None => super::tokens_of(state, taken) as u32,
    };
    let most = game.company(by).map_or(own.tokens, |c| c.tokens);
    Some(Size {
        shares: own.shares,
        tokens: (own.tokens + theirs).min(most),
    })
}
