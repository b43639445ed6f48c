//! The built-in Muscleman levels, one asset every front end loads (the
//! `muscleman` binary, the Godot adapter) without reaching into another's
//! folder: `builtin.txt`, the collection in the level text format
//! (`docs/level-format.md`), and `solutions.txt`, a solution of each.
//!
//! This crate holds text only; reading it is the level crate's job
//! (`muscleman_level::Collection::parse(BUILTIN)`).

/// The built-in collection, in the level text format.
///
/// # Example
/// ```
/// assert!(muscleman_levels::BUILTIN.starts_with("; Muscleman: the built-in levels."));
/// ```
pub const BUILTIN: &str = include_str!("../builtin.txt");

/// A solution for each built-in level, in order: one line per level,
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
