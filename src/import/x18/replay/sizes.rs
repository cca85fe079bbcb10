//! Companies' sizes as a record sets them (`rules.company_sizes`, with the
//! `Acquisitions` mechanism: 1817's 2, 5 and 10 shares): a company placing
//! its home token as it is put up starts at its phase's first size (the
//! one taken unasked); the auction's winner's `choose` names another; a
//! `convert` takes the next size, gaining its tokens; a company's `merge`
//! (two of a size into one) takes the next size with the tokens both had;
//! a private given to the starting company that is spent as it is given
//! (1817's Train Station) adds a token on its charter.

use super::Replay;
use crate::error::Error;
use crate::game::CompanyId;
use crate::import::x18::record::Action;
use crate::play::{Event, SizeTokens};

impl Replay<'_> {
    /// `company`, being started, takes its phase's first size.
    pub(super) fn start_size(&mut self, company: &CompanyId) -> Result<(), Error> {
        let Some(&shares) = self.game.start_sizes(self.state.phase).first() else {
            return Ok(());
        };
        self.resize(company, shares, SizeTokens::OfSize)
    }

    /// A player's `choose` of a size for the company bid on.
    pub(super) fn choose_size(&mut self, a: &Action, choice: Option<&str>) -> Result<(), Error> {
        if !self.game.has_sizes() {
            return Ok(());
        }
        let Some(shares) = choice.and_then(|c| c.parse::<u32>().ok()) else {
            return Err(Error::Import(format!(
                "action {}: a choice of size that names no share count ({choice:?})",
                a.id
            )));
        };
        let company = self.bid_on.clone().ok_or_else(|| {
            Error::Import(format!(
                "action {}: a size chosen with no company bid on before it",
                a.id
            ))
        })?;
        let charter = self.charter_tokens(&company);
        self.resize(&company, shares, SizeTokens::OfSize)?;
        for _ in 0..charter {
            self.charter_token(&company)?;
        }
        Ok(())
    }

    /// A company's `convert`: the next size, with its tokens.
    pub(super) fn convert_size(&mut self, a: &Action) -> Result<(), Error> {
        let company = self.company(&a.entity())?;
        self.grow(a, &company, SizeTokens::Gained)
    }

    /// A company's `merge` with another of its size: the next size, with
    /// the tokens both had (the acquisition added them).
    pub(super) fn merged_size(&mut self, a: &Action, company: &CompanyId) -> Result<(), Error> {
        self.grow(a, company, SizeTokens::Kept)
    }

    /// A token on the charter of `company` (a private spent as it is given).
    pub(super) fn charter_token(&mut self, company: &CompanyId) -> Result<(), Error> {
        let Some(size) = self.state.size_of(company) else {
            return Ok(());
        };
        self.resize(company, size.shares, SizeTokens::Exactly(size.tokens + 1))
    }

    /// Tokens `company` owns beyond its size's count (a choice of size
    /// keeps them).
    fn charter_tokens(&self, company: &CompanyId) -> u32 {
        self.state.size_of(company).map_or(0, |s| {
            let of_size = self.game.company_size(s.shares).map_or(0, |z| z.tokens);
            s.tokens.saturating_sub(of_size)
        })
    }

    /// `company` takes the smallest size above its own.
    fn grow(&mut self, a: &Action, company: &CompanyId, tokens: SizeTokens) -> Result<(), Error> {
        if !self.game.has_sizes() {
            return Ok(());
        }
        let now = self.state.size_of(company).map_or(0, |s| s.shares);
        let next = (self.game.rules.company_sizes.iter())
            .map(|s| s.shares)
            .filter(|&n| n > now)
            .min();
        match next {
            Some(shares) => self.resize(company, shares, tokens),
            None => {
                self.cautions.push(format!(
                    "action {}: {company} grows beyond its largest size ({now} shares); its size is kept",
                    a.id
                ));
                Ok(())
            }
        }
    }

    fn resize(
        &mut self,
        company: &CompanyId,
        shares: u32,
        tokens: SizeTokens,
    ) -> Result<(), Error> {
        self.apply_event(&Event::Resize {
            company: company.clone(),
            shares,
            tokens,
        })
    }
}
