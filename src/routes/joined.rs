//! Rules on a whole run rather than on each route (1860, g_1860
//! `check_route_combination`): one route runs to or through the home
//! token (`rules.run_through_home`), and the routes meet, each sharing a
//! stop, passed or counted, with another so that all hold together
//! (`rules.routes_meet`). The assignment keeps only sets these accept
//! (`assign::choose_accepted`); a route is then never left out for a
//! shorter one inside it, which may lose the stop that joins it.

use super::enumerate::Candidate;
use super::network::Network;
use crate::game::{CompanyId, Rules};

/// True when the game has a rule on the whole run.
pub(super) fn applies(rules: &Rules) -> bool {
    rules.run_through_home || rules.routes_meet
}

/// What the rules need to know of each candidate route.
pub(super) struct Joined {
    /// The stops that are the company's home token, where the run must
    /// hold one (empty: the company has no token in its home hex, so no
    /// route may run).
    home: Option<Vec<u32>>,
    meet: bool,
    /// Each candidate's stops, sorted.
    stops: Vec<Vec<u32>>,
}

impl Joined {
    /// The rules for `company`'s candidates, or `None` where the game has none.
    pub(super) fn of(net: &Network, company: &CompanyId, cands: &[Candidate]) -> Option<Joined> {
        if !applies(&net.rules) {
            return None;
        }
        let home = net.rules.run_through_home.then(|| {
            let hex = net.homes.get(company);
            (0..net.stops.len() as u32)
                .filter(|&s| {
                    let stop = &net.stops[s as usize];
                    Some(&stop.hex) == hex && stop.holds_token(company)
                })
                .collect()
        });
        let stops = cands
            .iter()
            .map(|c| {
                let (token, left, right) = c.walk();
                let mut s: Vec<u32> = std::iter::once(token as u32)
                    .chain(
                        left.iter()
                            .chain(right)
                            .map(|r| net.out[r.from as usize][r.idx as usize].to as u32),
                    )
                    .collect();
                s.sort_unstable();
                s
            })
            .collect();
        Some(Joined {
            home,
            meet: net.rules.routes_meet,
            stops,
        })
    }

    /// True when the candidates `chosen` may run together.
    pub(super) fn accepts(&self, chosen: &[usize]) -> bool {
        if chosen.is_empty() {
            return true;
        }
        if let Some(home) = &self.home
            && !chosen
                .iter()
                .any(|&c| home.iter().any(|h| self.stops[c].binary_search(h).is_ok()))
        {
            return false;
        }
        !self.meet || self.all_meet(chosen)
    }

    /// True when every route of `chosen` is joined to the first by routes
    /// sharing stops.
    fn all_meet(&self, chosen: &[usize]) -> bool {
        let share = |a: usize, b: usize| {
            self.stops[a]
                .iter()
                .any(|s| self.stops[b].binary_search(s).is_ok())
        };
        let mut joined = vec![false; chosen.len()];
        joined[0] = true;
        let mut grew = true;
        while grew {
            grew = false;
            for i in 0..chosen.len() {
                if !joined[i] && (0..chosen.len()).any(|j| joined[j] && share(chosen[i], chosen[j]))
                {
                    joined[i] = true;
                    grew = true;
                }
            }
        }
        joined.iter().all(|&j| j)
    }
}
