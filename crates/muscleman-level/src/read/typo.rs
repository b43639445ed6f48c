//! Designer mistakes read as what was meant, once they are reported: a
//! misspelled `legend:` or `floor:` key. The nearest word for "did you
//! mean" is [`crate::suggest`]'s.

use crate::suggest::distance;

/// Return whether `key` is `word` misspelled (case aside, not `word`
/// itself): one letter added, dropped, changed or two swapped, or two
/// such for a word longer than five letters.
fn near(key: &str, word: &str) -> bool {
    let most = if word.len() > 5 { 2 } else { 1 };
    !key.eq_ignore_ascii_case(word)
        && key.len().abs_diff(word.len()) <= most
        && distance(key, word) <= most
}

/// Return whether `key` is `legend` misspelled.
pub(super) fn near_legend(key: &str) -> bool {
    near(key, "legend")
}

/// Return whether `key` is `floor` misspelled (`flor`, `floors`).
pub(super) fn near_floor(key: &str) -> bool {
    near(key, "floor")
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

    #[test]
    fn near_misses_of_floor_are_caught_and_other_keys_are_not() {
        for key in ["flor", "Floo", "floors", "FLOOR_", "lfoor", "foor"] {
            assert!(near_floor(key), "{key}");
        }
        for key in ["floor", "Floor", "flavor", "door", "title", "author", "fl"] {
            assert!(!near_floor(key), "{key}");
        }
    }
}
