//! The levels shipped inside the binary (the `muscleman-levels` crate's),
//! and their stored solutions.

use crate::error::Failure;
use crate::source::LevelFile;

/// The built-in collection, in the level text format: the
/// `muscleman-levels` crate's, which the Godot adapter loads too.
pub const LEVELS: &str = muscleman_levels::BUILTIN;

/// A solution for each built-in level, in order: one line per level,
/// `N: MOVES` (LURD, pushes in upper case). Tests replay each to solved.
pub const SOLUTIONS: &str = muscleman_levels::SOLUTIONS;

/// Read the built-in collection.
pub fn levels() -> Result<LevelFile, Failure> {
    LevelFile::parse("built-in levels".to_owned(), LEVELS.as_bytes())
}

/// Return the stored solutions as `(level number, moves)`, in file order.
pub fn solutions() -> Vec<(usize, &'static str)> {
    SOLUTIONS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let (n, moves) = l.split_once(':')?;
            Some((n.trim().parse().ok()?, moves.trim()))
        })
        .collect()
}
