//! The levels shipped inside the binary (the `muscleman-levels` crate's
//! collections) read as level files, with the names messages give them;
//! their solutions, pars and former set keys are `muscleman-play`'s
//! ([`muscleman_play::builtin`], re-exported here).

use crate::error::Failure;
use crate::source::LevelFile;

pub use muscleman_play::builtin::*;

/// The name of the built-in levels in messages, such as `built-in levels:
/// level 2 ...`; a later collection adds its id (`built-in levels
/// (combinations)`).
pub fn file_name(collection: &BuiltinCollection) -> String {
    match COLLECTIONS.first() {
        Some(first) if first == collection => "built-in levels".to_owned(),
        _ => format!("built-in levels ({})", collection.id),
    }
}

/// Read the first built-in collection.
pub fn levels() -> Result<LevelFile, Failure> {
    LevelFile::parse("built-in levels".to_owned(), LEVELS.as_bytes())
}

/// Read a built-in collection.
pub fn read(collection: &BuiltinCollection) -> Result<LevelFile, Failure> {
    LevelFile::parse(file_name(collection), collection.levels.as_bytes())
}
