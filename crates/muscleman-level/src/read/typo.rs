//! Designer mistakes read as what was meant, once they are reported: a
//! misspelled `legend:` key.

/// Return whether `key` is `legend` misspelled: one or two letters added,
/// dropped, changed or swapped (case aside), not `legend` itself.
pub(super) fn near_legend(key: &str) -> bool {
    const LEGEND: &[u8] = b"legend";
    let key = key.to_ascii_lowercase();
    let key = key.as_bytes();
    if key == LEGEND || key.len().abs_diff(LEGEND.len()) > 2 {
        return false;
    }
    // Levenshtein distance, with a swap of two neighbours counting one.
    let (n, m) = (key.len(), LEGEND.len());
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        if let Some(first) = row.first_mut() {
            *first = i;
        }
    }
    if let Some(row) = d.first_mut() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = j;
        }
    }
    for i in 1..=n {
        for j in 1..=m {
            let at = |d: &Vec<Vec<usize>>, a: usize, b: usize| {
                d.get(a)
                    .and_then(|r| r.get(b))
                    .copied()
                    .unwrap_or(usize::MAX)
            };
            let same = key.get(i - 1) == LEGEND.get(j - 1);
            let mut best = (at(&d, i - 1, j) + 1)
                .min(at(&d, i, j - 1) + 1)
                .min(at(&d, i - 1, j - 1) + usize::from(!same));
            if i > 1
                && j > 1
                && key.get(i - 1) == LEGEND.get(j - 2)
                && key.get(i - 2) == LEGEND.get(j - 1)
            {
                best = best.min(at(&d, i - 2, j - 2) + 1);
            }
            if let Some(cell) = d.get_mut(i).and_then(|r| r.get_mut(j)) {
                *cell = best;
            }
        }
    }
    d.get(n)
        .and_then(|r| r.get(m))
        .is_some_and(|&dist| dist <= 2)
}

/// Return whether a metadata value reads as a legend definition: one
/// letter, `=`, then something (`a = Coin`).
pub(super) fn defines_a_letter(value: &str) -> bool {
    value.split_once('=').is_some_and(|(lhs, rhs)| {
        let lhs = lhs.trim();
        lhs.chars().count() == 1
            && lhs.chars().all(|c| c.is_ascii_alphabetic())
            && !rhs.trim().is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses_of_legend_are_caught_and_other_keys_are_not() {
        for key in ["legnd", "Legned", "lgend", "legends", "LEGEN", "elgend"] {
            assert!(near_legend(key), "{key}");
        }
        for key in [
            "legend", "Legend", "level", "title", "floor", "author", "le",
        ] {
            assert!(!near_legend(key), "{key}");
        }
        assert!(defines_a_letter(" a = Coin"));
        assert!(!defines_a_letter(" the legend of zelda"));
        assert!(!defines_a_letter(" ab = Coin"));
        assert!(!defines_a_letter(" a ="));
    }
}
