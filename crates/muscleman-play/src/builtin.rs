//! The built-in collections (the `muscleman-levels` crate's), their stored
//! solutions, the pars those set, and the set keys they had before they
//! last changed: what every front end's level list and progress read.

use muscleman_level::Level;
use muscleman_sim::{Game, Rules};

use crate::moves;

pub use muscleman_levels::{BuiltinCollection, COLLECTIONS};

/// The set keys ([`crate::progress::set_key`]) that built-in collections
/// had before they last changed, as `(collection id, key)`.
///
/// A set's key hashes its levels in order, so reordering a collection or
/// adding a level gives it a new key. The progress file keeps where each
/// set was left, and which built-in collection was played last, by set
/// key; a file written before a change keeps them because opening it moves
/// what it holds under a key listed here to the collection's key now
/// ([`crate::progress::Progress::open`]). Levels' own records, solutions
/// and positions are kept by level, not by set, so they need nothing.
/// A test pins each collection's key: when it changes, its old key joins
/// this list.
pub const FORMER_SET_KEYS: &[(&str, &str)] = &[
    // Combinations before issue 38 reordered it and added four levels:
    // its 22 levels, Moat Key first.
    ("combinations", "f70a8cc16e73de46"),
    // Both collections before issue 35 added levels with ghosts and books:
    // the first collection's 36 levels, and Combinations' 26.
    ("muscleman", "0dcdaf05f9c68d90"),
    ("combinations", "dd122f8bc02f51ba"),
];

/// The first built-in collection, in the level text format: the
/// `muscleman-levels` crate's, which the Godot adapter loads too.
pub const LEVELS: &str = muscleman_levels::BUILTIN;

/// A solution for each level of the first collection, in order: one line
/// per level, `N: MOVES` (LURD, pushes in upper case). Tests replay each
/// to solved.
pub const SOLUTIONS: &str = muscleman_levels::SOLUTIONS;

/// Return the built-in collection named `id` (any case), if there is one.
///
/// # Example
/// ```
/// use muscleman_play::builtin::find;
///
/// assert_eq!(find("Combinations").map(|c| c.id), Some("combinations"));
/// assert!(find("nonsense").is_none());
/// ```
pub fn find(id: &str) -> Option<&'static BuiltinCollection> {
    COLLECTIONS.iter().find(|c| c.id.eq_ignore_ascii_case(id))
}

/// Return the ids of the built-in collections, for messages: `muscleman,
/// combinations`.
pub fn ids() -> String {
    COLLECTIONS
        .iter()
        .map(|c| c.id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Return the stored solutions of the first collection as `(level number,
/// moves)`, in file order.
pub fn solutions() -> Vec<(usize, &'static str)> {
    solutions_in(SOLUTIONS)
}

/// Return the stored solutions of `collection` as `(level number, moves)`,
/// in file order.
pub fn solutions_of(collection: &BuiltinCollection) -> Vec<(usize, &'static str)> {
    solutions_in(collection.solutions)
}

fn solutions_in(text: &'static str) -> Vec<(usize, &'static str)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let (n, moves) = l.split_once(':')?;
            Some((n.trim().parse().ok()?, moves.trim()))
        })
        .collect()
}

/// Return the par of each of `levels`, the levels of `collection`: the
/// moves (steps in which the player moved, rules.md §7) of its stored
/// solution, replayed under Muscleman rules. `None` for every level of a
/// collection without pars, and for a level whose solution is missing or
/// does not solve it (the tests see that none is).
pub fn pars(collection: &BuiltinCollection, levels: &[Level]) -> Vec<Option<u32>> {
    if !collection.pars {
        return vec![None; levels.len()];
    }
    let solutions = solutions_of(collection);
    levels
        .iter()
        .enumerate()
        .map(|(i, level)| {
            let (_, text) = solutions.iter().find(|(n, _)| *n == i + 1)?;
            par_of(level, text)
        })
        .collect()
}

/// Return the moves `text` takes to solve `level` under Muscleman rules,
/// or `None` when it does not parse, apply or solve it.
pub fn par_of(level: &Level, text: &str) -> Option<u32> {
    let commands = moves::parse(text).ok()?;
    let mut game = Game::new(level, Rules::MUSCLEMAN).ok()?;
    for command in commands {
        game.apply(command).ok()?;
    }
    game.is_solved().then(|| game.stats().moves)
}
