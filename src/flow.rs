//! Maximum flow (Edmonds–Karp): the exact answer to "can every token keep a
//! place?", where a greedy choice can strand a token that had only one home.

use std::collections::VecDeque;

/// A flow network on nodes `0..n` with integer capacities.
#[derive(Clone, Debug)]
pub struct FlowNetwork {
    /// Residual capacity, `cap[u][v]`; the graphs here are tiny, so a matrix.
    cap: Vec<Vec<u32>>,
    original: Vec<Vec<u32>>,
}

impl FlowNetwork {
    pub fn new(nodes: usize) -> FlowNetwork {
        FlowNetwork {
            cap: vec![vec![0; nodes]; nodes],
            original: vec![vec![0; nodes]; nodes],
        }
    }

    pub fn add_edge(&mut self, from: usize, to: usize, capacity: u32) {
        self.cap[from][to] += capacity;
        self.original[from][to] += capacity;
    }

    /// Pushes as much flow as possible from `source` to `sink`, along
    /// shortest augmenting paths found in node order (so ties break the
    /// same way every time). Returns the flow's value.
    pub fn max_flow(&mut self, source: usize, sink: usize) -> u32 {
        let n = self.cap.len();
        let mut total = 0;
        loop {
            let mut parent = vec![usize::MAX; n];
            parent[source] = source;
            let mut queue = VecDeque::from([source]);
            while let Some(u) = queue.pop_front() {
                for (v, cap) in self.cap[u].iter().enumerate() {
                    if parent[v] == usize::MAX && *cap > 0 {
                        parent[v] = u;
                        queue.push_back(v);
                    }
                }
            }
            if parent[sink] == usize::MAX {
                return total;
            }
            let mut push = u32::MAX;
            let mut v = sink;
            while v != source {
                let u = parent[v];
                push = push.min(self.cap[u][v]);
                v = u;
            }
            let mut v = sink;
            while v != source {
                let u = parent[v];
                self.cap[u][v] -= push;
                self.cap[v][u] += push;
                v = u;
            }
            total += push;
        }
    }

    /// Flow carried from `from` to `to` after `max_flow`.
    pub fn flow(&self, from: usize, to: usize) -> u32 {
        self.original[from][to].saturating_sub(self.cap[from][to])
    }
}

/// Assigns each item to one of the bins it accepts, respecting bin sizes,
/// when every item can be placed; `None` when no assignment places them all.
///
/// `accepts[i]` lists the bins item `i` may go to.
pub fn assign(accepts: &[Vec<usize>], sizes: &[u32]) -> Option<Vec<usize>> {
    let items = accepts.len();
    let bins = sizes.len();
    let source = 0;
    let sink = 1 + items + bins;
    let mut net = FlowNetwork::new(sink + 1);
    for (i, bins_ok) in accepts.iter().enumerate() {
        net.add_edge(source, 1 + i, 1);
        for &b in bins_ok {
            net.add_edge(1 + i, 1 + items + b, 1);
        }
    }
    for (b, &size) in sizes.iter().enumerate() {
        net.add_edge(1 + items + b, sink, size);
    }
    if net.max_flow(source, sink) as usize != items {
        return None;
    }
    let placed = (0..items)
        .map(|i| {
            (0..bins)
                .find(|&b| net.flow(1 + i, 1 + items + b) > 0)
                .expect("a saturated item sends its unit to some bin")
        })
        .collect();
    Some(placed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_network_has_the_known_maximum() {
        // CLRS figure 26.1: maximum flow 23.
        let mut net = FlowNetwork::new(6);
        for (u, v, c) in [
            (0, 1, 16),
            (0, 2, 13),
            (2, 1, 4),
            (1, 3, 12),
            (3, 2, 9),
            (2, 4, 14),
            (4, 3, 7),
            (3, 5, 20),
            (4, 5, 4),
        ] {
            net.add_edge(u, v, c);
        }
        assert_eq!(net.max_flow(0, 5), 23);
    }

    #[test]
    fn assignment_undoes_a_greedy_first_choice() {
        // Item 0 fits bins 0 or 1; item 1 fits only bin 0. Taking bin 0 for
        // item 0 first (the greedy choice) strands item 1.
        let placed = assign(&[vec![0, 1], vec![0]], &[1, 1]).expect("both fit");
        assert_eq!(placed, vec![1, 0]);
    }

    #[test]
    fn assignment_fails_when_bins_are_too_small() {
        assert_eq!(assign(&[vec![0], vec![0]], &[1]), None);
        assert_eq!(assign(&[vec![0], vec![0]], &[2]), Some(vec![0, 0]));
        assert_eq!(assign(&[vec![]], &[3]), None);
    }
}
