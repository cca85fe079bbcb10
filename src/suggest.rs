//! "Did you mean …?" hints for names typed by people.

/// The candidate closest to `typed`, if it is close enough to be a likely typo.
pub fn closest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed_l = typed.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for cand in candidates {
        let d = distance(&typed_l, &cand.to_lowercase());
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, cand));
        }
    }
    let limit = (typed.chars().count() / 3).max(1);
    best.filter(|(d, _)| *d <= limit).map(|(_, c)| c)
}

/// `" (did you mean X?)"` or nothing.
pub fn hint<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(typed, candidates)
        .map(|c| format!(" (did you mean {c}?)"))
        .unwrap_or_default()
}

/// Levenshtein edit distance over characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_names_only() {
        let tiles = ["57", "58", "63", "X2"];
        assert_eq!(closest("5y", tiles), Some("57"));
        assert_eq!(closest("x2", tiles), Some("X2"));
        assert_eq!(closest("Montreal", tiles), None);
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
