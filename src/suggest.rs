//! "Did you mean …?" hints for names typed by people.

/// The candidate closest to `typed`, if it is close enough to be a likely typo.
pub fn closest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed_l = typed.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for cand in candidates {
        let d = strsim::levenshtein(&typed_l, &cand.to_lowercase());
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

/// A list in words: `2, 3, 3`, or `none`.
pub fn words_or_none<S: std::borrow::Borrow<str>>(list: &[S]) -> String {
    if list.is_empty() {
        "none".into()
    } else {
        list.join(", ")
    }
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
        assert_eq!(
            closest("montrael", ["Montreal", "Toronto"]),
            Some("Montreal")
        );
    }
}
