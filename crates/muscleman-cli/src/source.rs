//! Reading level files: bytes with a size cap, parsed into a collection,
//! errors as `FILE:LINE:COL: message`.

use std::io::{self, Read};
use std::path::Path;

use muscleman_level::{Collection, Level, MAX_INPUT_BYTES};
use muscleman_play::level_file;

use crate::error::Failure;

pub use muscleman_play::fsutil::describe;
pub use muscleman_play::level_file::format_errors;

/// A level file read and parsed: its name for messages and its levels.
#[derive(Clone, Debug)]
pub struct LevelFile {
    /// The path as the user gave it, for messages.
    pub name: String,
    /// The levels (at least one).
    pub collection: Collection,
}

impl LevelFile {
    /// Read and parse a level file (one level or a collection).
    pub fn read(path: &Path) -> Result<LevelFile, Failure> {
        let name = path.display().to_string();
        let bytes = read_capped(path, MAX_INPUT_BYTES)?;
        LevelFile::parse(name, &bytes)
    }

    /// Parse level text read from `name` (`muscleman-play`'s
    /// [`level_file::parse`], which the Godot adapter reads files with too).
    pub fn parse(name: String, bytes: &[u8]) -> Result<LevelFile, Failure> {
        let collection = level_file::parse(&name, bytes).map_err(Failure::located)?;
        Ok(LevelFile { name, collection })
    }

    /// Return the number of levels.
    pub fn len(&self) -> usize {
        self.collection.levels.len()
    }

    /// Return whether the file holds no level (never, once read).
    pub fn is_empty(&self) -> bool {
        self.collection.levels.is_empty()
    }

    /// Return the 0-based index and the level that `--level N` picks (level 1 when `None`).
    pub fn select(&self, number: Option<u32>) -> Result<(usize, &Level), Failure> {
        let n = number.unwrap_or(1);
        let count = self.len();
        let index = usize::try_from(n).ok().and_then(|n| n.checked_sub(1));
        match index.and_then(|i| self.collection.levels.get(i).map(|l| (i, l))) {
            Some(found) => Ok(found),
            None if count == 1 => Err(Failure::bad_input(format!(
                "--level {n} is out of range: {} holds 1 level",
                self.name
            ))),
            None => Err(Failure::bad_input(format!(
                "--level {n} is out of range: {} holds {count} levels (1 to {count})",
                self.name
            ))),
        }
    }
}

/// Read a whole file, refusing directories and files larger than `cap` bytes
/// (without reading more than `cap + 1` bytes of them).
pub fn read_capped(path: &Path, cap: usize) -> Result<Vec<u8>, Failure> {
    muscleman_play::fsutil::read_capped(path, cap).map_err(Failure::bad_input)
}

/// Read standard input, up to `cap` bytes.
pub fn read_stdin_capped(cap: usize) -> Result<Vec<u8>, Failure> {
    let limit = u64::try_from(cap).unwrap_or(u64::MAX).saturating_add(1);
    let mut bytes = Vec::new();
    io::stdin()
        .lock()
        .take(limit)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::bad_input(format!("cannot read standard input: {}", describe(&e))))?;
    if bytes.len() > cap {
        return Err(Failure::bad_input(format!(
            "standard input is larger than the limit of {cap} bytes"
        )));
    }
    Ok(bytes)
}
