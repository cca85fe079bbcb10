//! One train of a run set apart on a revenue column of its own, the others
//! searched as usual: how the required route (`requirement`) and the
//! pullman (`pullman`) each stay exact with the one assignment search.

use super::assign;
use super::enumerate::Candidate;

/// The assignment with train `slot` held to the extra, last column of
/// `revenue` (one row per candidate: each type's revenue, then that
/// column), keeping type `ty`'s track pool; `pool_of` is each type's pool.
/// Returns each train's column and its chosen route.
pub(super) fn choose_apart(
    candidates: &[Candidate],
    revenue: &[Vec<u32>],
    type_of: &[usize],
    pool_of: &[usize],
    (slot, ty): (usize, usize),
    progress: &(dyn Fn(assign::Progress) + Sync),
    limit: &assign::Limit,
) -> (Vec<usize>, Vec<Option<usize>>) {
    let priced: Vec<assign::Priced> = candidates
        .iter()
        .zip(revenue)
        .map(|(c, r)| assign::Priced {
            bits: &c.bits,
            revenue: r,
        })
        .collect();
    let mut slots = type_of.to_vec();
    slots[slot] = pool_of.len();
    let mut pool_of = pool_of.to_vec();
    pool_of.push(pool_of[ty]);
    let choice = assign::choose(&priced, &slots, &pool_of, progress, limit);
    (slots, choice)
}

/// The first train of each type, with its type (`type_of` gives each
/// train's): which train to set apart, once per type, as trains of one
/// type are alike.
pub(super) fn first_of_each_type(type_of: &[usize]) -> impl Iterator<Item = (usize, usize)> + '_ {
    type_of
        .iter()
        .enumerate()
        .filter(|&(slot, ty)| !type_of[..slot].contains(ty))
        .map(|(slot, &ty)| (slot, ty))
}
