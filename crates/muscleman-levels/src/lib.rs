//! The built-in Muscleman levels, one asset every front end loads (the
//! `muscleman` binary, the Godot adapter) without reaching into another's
//! folder. There are two collections, each a file in the level text format
//! (`docs/level-format.md`) and a file of solutions:
//!
//! - `builtin.txt` and `solutions.txt`: the first collection, which shows
//!   the mechanics one at a time ([`BUILTIN`], [`SOLUTIONS`]);
//! - `combinations.txt` and `combinations-solutions.txt`: the second,
//!   harder levels that each combine mechanics ([`COMBINATIONS`],
//!   [`COMBINATIONS_SOLUTIONS`]); each solution there sets its level's
//!   par, its move count, and the levels come in the order of their
//!   solutions' inputs (every letter), the fewest first.
//!
//! [`COLLECTIONS`] lists both, in the order the game offers them.
//!
//! This crate holds text only; reading it is the level crate's job
//! (`muscleman_level::Collection::parse(BUILTIN)`), and counting a
//! solution's moves the simulation's.

/// The first built-in collection, in the level text format.
///
/// # Example
/// ```
/// assert!(muscleman_levels::BUILTIN.starts_with("; Muscleman: the built-in levels."));
/// ```
pub const BUILTIN: &str = include_str!("../builtin.txt");

/// A solution for each level of [`BUILTIN`], in order: one line per level,
/// `N: MOVES` (rules.md §7 letters: LURD, pushes in upper case), and `#`
/// comment lines. The front ends' tests replay each to solved.
///
/// # Example
/// ```
/// let first = muscleman_levels::SOLUTIONS
///     .lines()
///     .find(|l| !l.starts_with('#'));
/// assert_eq!(first, Some("1: rddRRdrU"));
/// ```
pub const SOLUTIONS: &str = include_str!("../solutions.txt");

/// The second built-in collection, "Combinations": harder levels, each
/// combining mechanics, in the level text format.
///
/// # Example
/// ```
/// assert!(muscleman_levels::COMBINATIONS.contains("Title: Combinations"));
/// ```
pub const COMBINATIONS: &str = include_str!("../combinations.txt");

/// A solution for each level of [`COMBINATIONS`], written as
/// [`SOLUTIONS`] is. Each sets its level's par: the number of its steps in
/// which the player moved (rules.md §7), counted by replaying it.
pub const COMBINATIONS_SOLUTIONS: &str = include_str!("../combinations-solutions.txt");

/// One built-in collection: its name on the command line, its levels and
/// a solution of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinCollection {
    /// The name that picks it on the command line (`play --collection
    /// NAME`): its `Title:` in lower case.
    pub id: &'static str,
    /// The levels, in the level text format, with a `Title:` header.
    pub levels: &'static str,
    /// A solution of each level, `N: MOVES` lines.
    pub solutions: &'static str,
    /// Whether each solution sets its level's par (shown in the game).
    pub pars: bool,
}

/// The built-in collections, in the order the game offers them.
///
/// # Example
/// ```
/// let ids: Vec<&str> = muscleman_levels::COLLECTIONS.iter().map(|c| c.id).collect();
/// assert_eq!(ids, ["muscleman", "combinations"]);
/// ```
pub const COLLECTIONS: [BuiltinCollection; 2] = [
    BuiltinCollection {
        id: "muscleman",
        levels: BUILTIN,
        solutions: SOLUTIONS,
        pars: false,
    },
    BuiltinCollection {
        id: "combinations",
        levels: COMBINATIONS,
        solutions: COMBINATIONS_SOLUTIONS,
        pars: true,
    },
];
