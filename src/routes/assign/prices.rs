//! Prices on track elements: the dual values of the assignment's linear
//! relaxation, in which each route may be run fractionally, each element
//! carries at most one unit of route, and each train type runs at most as
//! many units as the company has trains of it.
//!
//! Any prices of zero or more give a valid bound ([`super::hot`]), so
//! these need not be exact: they are what makes that bound tight where
//! rich routes crowd onto the same track. The relaxation has a row per
//! element and per type and a column per route and type, tens of
//! thousands of them, of which only a few hundred matter; so the simplex
//! method runs on a growing set of columns, adding those the current
//! prices say would earn more (column generation), until none would.
//! A basis solution's prices sit on few elements (a vertex of the dual),
//! which is what the hot bound wants. Each step is bounded, so a
//! degenerate or badly conditioned case ends with the prices it has.

use super::rank::Ranked;
use crate::routes::bitset;

/// Reduced costs at or below this are taken as zero.
const EPSILON: f64 = 1e-6;
/// Columns added per round of pricing, at most.
const ADD_PER_ROUND: usize = 256;
/// Rounds of pricing, at most.
const MAX_ROUNDS: usize = 60;
/// Pivots between two fresh inversions of the basis.
const REFRESH_EVERY: usize = 64;

/// A basic variable: an element's or type's slack, or a column.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Var {
    Slack(usize),
    Column(usize),
}

/// A route of one type as a column: its rows and what it earns.
struct Column {
    rows: Vec<usize>,
    revenue: f64,
}

/// The restricted problem and its basis, with the basis inverse dense.
struct Simplex {
    m: usize,
    columns: Vec<Column>,
    /// Whether each column is in the basis.
    basic: Vec<bool>,
    basis: Vec<Var>,
    /// `m × m`, row-major.
    inverse: Vec<f64>,
    /// The basic variables' values, row by row.
    values: Vec<f64>,
    rhs: Vec<f64>,
    pivots: usize,
}

impl Simplex {
    fn new(rhs: Vec<f64>) -> Simplex {
        let m = rhs.len();
        let mut inverse = vec![0.0; m * m];
        for i in 0..m {
            inverse[i * m + i] = 1.0;
        }
        Simplex {
            m,
            columns: Vec::new(),
            basic: Vec::new(),
            basis: (0..m).map(Var::Slack).collect(),
            inverse,
            values: rhs.clone(),
            rhs,
            pivots: 0,
        }
    }

    fn cost(&self, v: Var) -> f64 {
        match v {
            Var::Slack(_) => 0.0,
            Var::Column(j) => self.columns[j].revenue,
        }
    }

    /// The dual values: the basic costs times the basis inverse.
    fn duals(&self) -> Vec<f64> {
        let m = self.m;
        let mut y = vec![0.0; m];
        for (i, &v) in self.basis.iter().enumerate() {
            let c = self.cost(v);
            if c != 0.0 {
                for (yj, b) in y.iter_mut().zip(&self.inverse[i * m..(i + 1) * m]) {
                    *yj += c * b;
                }
            }
        }
        y
    }

    /// The basis inverse times a column with ones on `rows`.
    fn direction(&self, rows: &[usize]) -> Vec<f64> {
        let m = self.m;
        (0..m)
            .map(|i| rows.iter().map(|&r| self.inverse[i * m + r]).sum())
            .collect()
    }

    /// Runs the simplex on the columns held, until none would earn more
    /// at the current duals or the pivots allowed are spent.
    fn optimise(&mut self, max_pivots: usize) {
        while self.pivots < max_pivots {
            let y = self.duals();
            let entering = self
                .columns
                .iter()
                .enumerate()
                .filter(|(j, _)| !self.basic[*j])
                .map(|(j, c)| (j, c.revenue - c.rows.iter().map(|&r| y[r]).sum::<f64>()))
                .filter(|&(_, d)| d > EPSILON)
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
            let Some((j, _)) = entering else {
                return;
            };
            let alpha = self.direction(&self.columns[j].rows);
            // The ratio test: the first row to reach zero leaves (ties to
            // the lowest row, so the run is the same every time).
            let leaving = (0..self.m)
                .filter(|&i| alpha[i] > EPSILON)
                .map(|i| (i, self.values[i].max(0.0) / alpha[i]))
                .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
            let Some((p, theta)) = leaving else {
                return; // unbounded: cannot happen with every column on a row
            };
            self.pivot(p, &alpha, theta);
            if let Var::Column(out) = self.basis[p] {
                self.basic[out] = false;
            }
            self.basis[p] = Var::Column(j);
            self.basic[j] = true;
            if self.pivots.is_multiple_of(REFRESH_EVERY) && !self.refresh() {
                return;
            }
        }
    }

    fn pivot(&mut self, p: usize, alpha: &[f64], theta: f64) {
        let m = self.m;
        let pivot_row: Vec<f64> = self.inverse[p * m..(p + 1) * m]
            .iter()
            .map(|b| b / alpha[p])
            .collect();
        for (i, &a) in alpha.iter().enumerate() {
            if i == p || a == 0.0 {
                continue;
            }
            for (b, q) in self.inverse[i * m..(i + 1) * m].iter_mut().zip(&pivot_row) {
                *b -= a * q;
            }
            self.values[i] -= a * theta;
        }
        self.inverse[p * m..(p + 1) * m].copy_from_slice(&pivot_row);
        self.values[p] = theta;
        self.pivots += 1;
    }

    /// Inverts the basis afresh (Gauss–Jordan with partial pivoting) and
    /// recomputes the values, so rounding errors do not pile up. False
    /// when the basis has become singular in floating point.
    fn refresh(&mut self) -> bool {
        let m = self.m;
        let mut a = vec![0.0f64; m * m];
        for (i, &v) in self.basis.iter().enumerate() {
            match v {
                Var::Slack(r) => a[r * m + i] = 1.0,
                Var::Column(j) => {
                    for &r in &self.columns[j].rows {
                        a[r * m + i] = 1.0;
                    }
                }
            }
        }
        let mut inv = vec![0.0; m * m];
        for i in 0..m {
            inv[i * m + i] = 1.0;
        }
        for col in 0..m {
            let Some(p) = (col..m).max_by(|&x, &y| {
                a[x * m + col]
                    .abs()
                    .total_cmp(&a[y * m + col].abs())
                    .then(y.cmp(&x))
            }) else {
                return false;
            };
            if a[p * m + col].abs() < 1e-9 {
                return false;
            }
            for k in 0..m {
                a.swap(col * m + k, p * m + k);
                inv.swap(col * m + k, p * m + k);
            }
            let d = a[col * m + col];
            for k in 0..m {
                a[col * m + k] /= d;
                inv[col * m + k] /= d;
            }
            for r in 0..m {
                let f = a[r * m + col];
                if r != col && f != 0.0 {
                    for k in 0..m {
                        a[r * m + k] -= f * a[col * m + k];
                        inv[r * m + k] -= f * inv[col * m + k];
                    }
                }
            }
        }
        self.inverse = inv;
        self.values = (0..m)
            .map(|i| (0..m).map(|r| self.inverse[i * m + r] * self.rhs[r]).sum())
            .collect();
        true
    }
}

/// Each route's rows (its elements'), kept once for all types: a route is
/// the same candidate in every type's list.
struct Rows {
    /// Candidate id → its rows, as a range of `rows`.
    range: Vec<(u32, u32)>,
    rows: Vec<u16>,
    /// Candidate id → the sum of the current duals over its rows, and the
    /// round that sum is for.
    sum: Vec<(u32, f64)>,
}

impl Rows {
    fn of(lists: &[Ranked], words: usize, row_of: &[usize]) -> Rows {
        let candidates = lists
            .iter()
            .flat_map(|l| l.ids.iter())
            .max()
            .map_or(0, |&c| c as usize + 1);
        let mut out = Rows {
            range: vec![(0, 0); candidates],
            rows: Vec::new(),
            sum: vec![(0, 0.0); candidates],
        };
        let mut seen = vec![false; candidates];
        for list in lists {
            for pos in 0..list.len() {
                let c = list.ids[pos] as usize;
                if std::mem::replace(&mut seen[c], true) {
                    continue;
                }
                let from = out.rows.len() as u32;
                bitset::for_each(list.row(pos, words), |e| out.rows.push(row_of[e] as u16));
                out.range[c] = (from, out.rows.len() as u32);
            }
        }
        out
    }

    fn of_candidate(&self, c: usize) -> &[u16] {
        let (from, to) = self.range[c];
        &self.rows[from as usize..to as usize]
    }

    /// The duals `y` summed over candidate `c`'s rows, worked out once a
    /// round (`round` counts from 1).
    fn dual_sum(&mut self, c: usize, y: &[f64], round: u32) -> f64 {
        if self.sum[c].0 != round {
            let (from, to) = self.range[c];
            let total = self.rows[from as usize..to as usize]
                .iter()
                .map(|&r| y[usize::from(r)])
                .sum();
            self.sum[c] = (round, total);
        }
        self.sum[c].1
    }
}

/// Prices on the track elements (indexed as in the routes' bits), whole
/// dollars, zero where the relaxation puts none; `counts[t]` is how many
/// trains of type `t` the company runs.
pub(super) fn element_prices(lists: &[Ranked], counts: &[usize], words: usize) -> Vec<u32> {
    let elements = words * 64;
    // Rows: the elements some route uses, then one per type.
    let mut row_of = vec![usize::MAX; elements];
    let mut element_of = Vec::new();
    for list in lists {
        for pos in 0..list.len() {
            bitset::for_each(list.row(pos, words), |e| {
                if row_of[e] == usize::MAX {
                    row_of[e] = element_of.len();
                    element_of.push(e);
                }
            });
        }
    }
    let n_elements = element_of.len();
    if n_elements + lists.len() > usize::from(u16::MAX) {
        return vec![0; elements]; // no prices: a valid, if loose, bound
    }
    let mut rows = Rows::of(lists, words, &row_of);
    // A tiny, fixed perturbation of the right-hand sides keeps the
    // simplex from stalling on the many ties of a packing problem.
    let rhs: Vec<f64> = (0..n_elements)
        .map(|r| 1.0 + 1e-7 * (1 + r % 13) as f64)
        .chain(counts.iter().map(|&k| k as f64))
        .collect();
    let mut lp = Simplex::new(rhs);
    let mut held: Vec<Vec<bool>> = lists.iter().map(|l| vec![false; l.len()]).collect();
    let max_pivots = 40 * lp.m + 400;
    for round in 1..=MAX_ROUNDS as u32 {
        let y = lp.duals();
        // The most any route's elements can lower its reduced cost: the
        // negative duals (a basis not yet optimal may have some).
        let lowest: f64 = y[..n_elements].iter().map(|v| v.min(0.0)).sum();
        let mut wanted: Vec<(f64, usize, usize)> = Vec::new();
        for (t, list) in lists.iter().enumerate() {
            let type_dual = y[n_elements + t];
            for (pos, &revenue) in list.revenue.iter().enumerate() {
                let r = f64::from(revenue);
                // Revenues fall along the list: none further can earn more.
                if r - type_dual - lowest <= EPSILON {
                    break;
                }
                if held[t][pos] {
                    continue;
                }
                let d = r - type_dual - rows.dual_sum(list.ids[pos] as usize, &y, round);
                if d > EPSILON {
                    wanted.push((d, t, pos));
                }
            }
        }
        if wanted.is_empty() {
            break;
        }
        wanted.sort_by(|a, b| b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
        for &(_, t, pos) in wanted.iter().take(ADD_PER_ROUND) {
            held[t][pos] = true;
            let mut column_rows: Vec<usize> = rows
                .of_candidate(lists[t].ids[pos] as usize)
                .iter()
                .map(|&r| usize::from(r))
                .collect();
            column_rows.push(n_elements + t);
            lp.columns.push(Column {
                rows: column_rows,
                revenue: f64::from(lists[t].revenue[pos]),
            });
            lp.basic.push(false);
        }
        lp.optimise(max_pivots);
        if lp.pivots >= max_pivots {
            break;
        }
    }
    let y = lp.duals();
    let mut prices = vec![0u32; elements];
    for (r, &e) in element_of.iter().enumerate() {
        // Rounded: any prices of zero or more give a valid bound.
        prices[e] = y[r].max(0.0).round().min(f64::from(u32::MAX / 2)) as u32;
    }
    prices
}

#[cfg(test)]
mod tests {
    use super::super::Priced;
    use super::super::rank::rank;
    use super::*;

    fn prices_of(bits: &[u64], revenue: &[u32], trains: usize) -> Vec<u32> {
        let rev: Vec<[u32; 1]> = revenue.iter().map(|&r| [r]).collect();
        let cands: Vec<Priced> = bits
            .iter()
            .zip(&rev)
            .map(|(b, r)| Priced {
                bits: std::slice::from_ref(b),
                revenue: r,
            })
            .collect();
        element_prices(&[rank(&cands, 0, 1, 0)], &[trains], 1)
    }

    /// Three routes around a triangle of elements, each using two of
    /// them, each worth $100, for two trains: no two fit together, so
    /// the best is $100, while the relaxation runs each at one half for
    /// $150, priced $50 an element (and nothing for the trains, which
    /// are not scarce). Worked by hand: the dual's only optimum.
    #[test]
    fn odd_cycle_prices_each_element_at_half_a_route() {
        let p = prices_of(&[0b011, 0b110, 0b101], &[100, 100, 100], 2);
        assert_eq!(&p[..3], &[50, 50, 50]);
        assert!(p[3..].iter().all(|&v| v == 0));
    }

    /// Routes that never meet need no prices on their elements: one
    /// train, so the train itself is the scarce thing.
    #[test]
    fn disjoint_routes_for_one_train_price_no_element() {
        let p = prices_of(&[0b01, 0b10], &[80, 60], 1);
        assert!(p.iter().all(|&v| v == 0), "{p:?}");
    }
}
