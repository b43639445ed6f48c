//! "Did you mean": the nearest of a list of words to a word misspelt, for
//! messages (recipe names, states, legend and floor keys).

/// Return the edit distance of `a` and `b`, case aside: letters added,
/// dropped or changed, a swap of two neighbours counting one.
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    let (n, m) = (a.len(), b.len());
    // Three rows: two back (for swaps), one back, this one.
    let mut back2: Vec<usize> = vec![0; m + 1];
    let mut back: Vec<usize> = (0..=m).collect();
    for i in 1..=n {
        let mut row = vec![i; m + 1];
        for j in 1..=m {
            let cost = usize::from(a.get(i - 1) != b.get(j - 1));
            let at = |r: &Vec<usize>, k: usize| r.get(k).copied().unwrap_or(usize::MAX - 1);
            let mut best = (at(&back, j) + 1)
                .min(at(&row, j - 1) + 1)
                .min(at(&back, j - 1) + cost);
            if i > 1 && j > 1 && a.get(i - 1) == b.get(j - 2) && a.get(i - 2) == b.get(j - 1) {
                best = best.min(at(&back2, j - 2) + 1);
            }
            if let Some(cell) = row.get_mut(j) {
                *cell = best;
            }
        }
        back2 = std::mem::replace(&mut back, row);
    }
    back.get(m).copied().unwrap_or(usize::MAX)
}

/// Return the word of `words` nearest to `word` (case aside), if one is
/// near enough to be what was meant: one edit for a word of up to four
/// letters, two for a longer one, and nearer than any other (a tie goes to
/// the first). `None` when `word` is one of them.
pub(crate) fn nearest<'a>(word: &str, words: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let most = if word.chars().count() > 4 { 2 } else { 1 };
    let mut best: Option<(usize, &str)> = None;
    for w in words {
        let d = distance(word, w);
        if d == 0 {
            return None;
        }
        if d <= most && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, w));
        }
    }
    best.map(|(_, w)| w)
}

/// The metadata keys the game reads; any other key is kept and printed,
/// and means nothing to it.
pub const READ_KEYS: [&str; 4] = ["Title", "Author", "Comment", "Rules"];

/// Return the metadata key the game reads that `key` most likely
/// misspells (`Autor`: `Author`), if it is near one and none exactly (case
/// aside).
///
/// # Example
/// ```
/// use muscleman_level::meant_key;
///
/// assert_eq!(meant_key("Autor"), Some("Author"));
/// assert_eq!(meant_key("author"), None);
/// assert_eq!(meant_key("Difficulty"), None);
/// ```
pub fn meant_key(key: &str) -> Option<&'static str> {
    nearest(key.trim(), READ_KEYS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_edits_and_swaps() {
        assert_eq!(distance("KeyRd", "KeyRed"), 1);
        assert_eq!(distance("keyred", "KeyRed"), 0);
        assert_eq!(distance("Cauldorn", "Cauldron"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("north", "up"), 5);
    }

    #[test]
    fn the_nearest_word_is_offered_only_when_near() {
        let words = ["KeyRed", "KeyBlue", "DoorRed", "Box"];
        assert_eq!(nearest("KeyRd", words), Some("KeyRed"));
        assert_eq!(nearest("Bxo", words), Some("Box"));
        assert_eq!(nearest("Crate", words), None);
        assert_eq!(nearest("keyred", words), None);
    }
}
