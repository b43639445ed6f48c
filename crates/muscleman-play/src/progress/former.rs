//! Where a progress file left a built-in collection that changed since:
//! the place kept under the collection's former set key moves to its key
//! now ([`crate::builtin::FORMER_SET_KEYS`]).

use std::collections::BTreeMap;

use super::keys::set_key;
use crate::builtin;

/// The prefix of the keys under which the built-in collection played last
/// is kept (`collection/RULES`, its value a set key).
const LAST_COLLECTION: &str = "collection/";

/// Move what `last_played` keeps under a built-in collection's former set
/// key to its key now: the level last played in it (`SET/RULES` keys; a
/// place kept under the new key already wins) and the collection played
/// last (`collection/RULES` values). Return whether anything moved.
pub(super) fn adopt_former_sets(last_played: &mut BTreeMap<String, String>) -> bool {
    let mut moved = false;
    for &(id, former) in builtin::FORMER_SET_KEYS {
        let prefix = format!("{former}/");
        let in_use = last_played.iter().any(|(k, v)| {
            k.starts_with(&prefix) || (k.starts_with(LAST_COLLECTION) && v == former)
        });
        if !in_use {
            continue;
        }
        // Only a file that holds a former key pays for reading the levels.
        let Some(now) = builtin::find(id)
            .and_then(|c| muscleman_level::Collection::parse(c.levels).ok())
            .map(|collection| set_key(&collection.levels))
        else {
            continue;
        };
        if now == former {
            continue;
        }
        moved |= rename_set(last_played, former, &now);
    }
    moved
}

/// Move the entries of set `from` to set `to`; return whether any moved.
fn rename_set(last_played: &mut BTreeMap<String, String>, from: &str, to: &str) -> bool {
    let prefix = format!("{from}/");
    let keys: Vec<String> = last_played
        .keys()
        .filter(|k| k.starts_with(&prefix))
        .cloned()
        .collect();
    let mut moved = !keys.is_empty();
    for key in keys {
        let (Some(rules), Some(level)) = (key.strip_prefix(&prefix), last_played.get(&key)) else {
            continue;
        };
        let (new_key, level) = (format!("{to}/{rules}"), level.clone());
        last_played.remove(&key);
        last_played.entry(new_key).or_insert(level);
    }
    for (key, set) in last_played.iter_mut() {
        if key.starts_with(LAST_COLLECTION) && set == from {
            to.clone_into(set);
            moved = true;
        }
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_former_set_s_places_move_to_the_new_key_and_a_newer_place_wins() {
        let mut map: BTreeMap<String, String> = [
            ("old/muscleman", "a"),
            ("old/sokoban", "b"),
            ("new/sokoban", "c"),
            ("other/muscleman", "d"),
            ("collection/muscleman", "old"),
            ("collection/sokoban", "other"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        assert!(rename_set(&mut map, "old", "new"));
        let got: Vec<(&str, &str)> = map.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            got,
            [
                ("collection/muscleman", "new"),
                ("collection/sokoban", "other"),
                ("new/muscleman", "a"),
                ("new/sokoban", "c"),
                ("other/muscleman", "d"),
            ]
        );
        // Nothing of the set: nothing moves.
        assert!(!rename_set(&mut map, "old", "new"));
    }
}
