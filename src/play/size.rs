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

#[cfg(test)]
mod tests {
    use super::super::{Event, apply};
    use super::SizeTokens;
    use crate::game::{CompanyId, Game, Rule, builtin};
    use crate::state::{MapState, Size};

    fn resize(
        game: &Game,
        state: &MapState,
        co: &str,
        shares: u32,
        tokens: SizeTokens,
    ) -> MapState {
        let event = Event::Resize {
            company: co.into(),
            shares,
            tokens,
        };
        let edit = apply(game, state, &event).unwrap().edit;
        assert!(edit.violations.is_empty(), "{:?}", edit.violations);
        edit.next
    }

    /// True when placing `co`'s token on `hex` breaks the count of tokens
    /// (whatever the other rules say of the place).
    fn beyond_count(game: &Game, state: &MapState, co: &str, hex: &str) -> bool {
        let event = Event::PlaceToken {
            c: game.hex(hex).unwrap(),
            company: co.into(),
            space: None,
            private: None,
        };
        let edit = apply(game, state, &event).unwrap().edit;
        edit.violations.iter().any(|v| v.rule == Rule::TokensLeft)
    }

    fn size(state: &MapState, co: &str) -> Option<Size> {
        state.size_of(&CompanyId::from(co))
    }

    /// Worked by hand from 18xx.games's 1817 (tokens_needed: 2, 5 and 10
    /// shares own 1, 2 and 4 tokens). UR starts at 2 shares: 1 token; with
    /// it in Cleveland (D9) a second, in Albany (C22), is beyond its count.
    /// Converted to 5 shares it gains 2 - 1 = 1 token: 1 + 1 = 2, so Albany
    /// is allowed and a third, Philadelphia (F19), is not. R, 5 shares with its
    /// 2 tokens (one in Buffalo, C14), merges UR in: 2 + 2 = 4 tokens, and
    /// its merger's new size (10 shares) keeps those 4 (18xx.games buys
    /// none for a merger's conversion). A save without sizes keeps the
    /// game file's 8.
    #[test]
    fn a_companys_size_sets_its_token_count() {
        let game = builtin("1817").unwrap();
        let mut state = MapState::start(&game);
        assert_eq!(state.token_count(&game, &"UR".into()), 8);
        state = resize(&game, &state, "UR", 2, SizeTokens::OfSize);
        assert_eq!(
            size(&state, "UR"),
            Some(Size {
                shares: 2,
                tokens: 1
            })
        );
        assert!(!beyond_count(&game, &state, "UR", "D9"));
        state.put_token(game.hex("D9").unwrap(), 0, "UR".into());
        assert!(beyond_count(&game, &state, "UR", "C22"));

        state = resize(&game, &state, "UR", 5, SizeTokens::Gained);
        assert_eq!(
            size(&state, "UR"),
            Some(Size {
                shares: 5,
                tokens: 2
            })
        );
        assert!(!beyond_count(&game, &state, "UR", "C22"));
        state.put_token(game.hex("C22").unwrap(), 0, "UR".into());
        assert!(beyond_count(&game, &state, "UR", "F19"));

        state = resize(&game, &state, "R", 5, SizeTokens::OfSize);
        state.put_token(game.hex("C14").unwrap(), 0, "R".into());
        let merge = Event::Acquire {
            company: "UR".into(),
            by: "R".into(),
        };
        state = apply(&game, &state, &merge).unwrap().edit.next;
        assert_eq!(
            size(&state, "R"),
            Some(Size {
                shares: 5,
                tokens: 4
            })
        );
        assert_eq!(size(&state, "UR"), None);
        state = resize(&game, &state, "R", 10, SizeTokens::Kept);
        assert_eq!(
            size(&state, "R"),
            Some(Size {
                shares: 10,
                tokens: 4
            })
        );
        // R holds three (D9, C22, C14): a fourth is within its count.
        assert!(!beyond_count(&game, &state, "R", "F19"));
    }

    /// Sizes the game does not have, a count beyond the company's tokens,
    /// and a title without sizes are refused; a count below the tokens on
    /// the map breaks the tokens rule.
    #[test]
    fn a_size_the_game_lacks_is_refused() {
        let game = builtin("1817").unwrap();
        let state = MapState::start(&game);
        let event = |shares, tokens| Event::Resize {
            company: "UR".into(),
            shares,
            tokens,
        };
        assert!(apply(&game, &state, &event(3, SizeTokens::OfSize)).is_err());
        assert!(apply(&game, &state, &event(5, SizeTokens::Exactly(9))).is_err());
        assert!(apply(&game, &state, &event(5, SizeTokens::Exactly(0))).is_err());
        let mut held = state.clone();
        held.put_token(game.hex("D9").unwrap(), 0, "UR".into());
        held.put_token(game.hex("C22").unwrap(), 0, "UR".into());
        let edit = apply(&game, &held, &event(2, SizeTokens::OfSize))
            .unwrap()
            .edit;
        assert_eq!(edit.violations.len(), 1);
        assert_eq!(edit.violations[0].rule, Rule::TokensLeft);
        let other = builtin("1830").unwrap();
        let event = Event::Resize {
            company: "PRR".into(),
            shares: 10,
            tokens: SizeTokens::OfSize,
        };
        assert!(apply(&other, &MapState::start(&other), &event).is_err());
    }
}
