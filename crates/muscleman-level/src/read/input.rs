//! The reader's edges: input too large or not UTF-8, and a one-level
//! read turned into its level.

use crate::collection::Collection;
use crate::error::{Errors, ParseErrorKind as Kind, ParseErrors};
use crate::level::Level;

/// Turn the result of a one-level read into the level, merging the header in.
pub(crate) fn level(read: Result<Collection, ParseErrors>) -> Result<Level, ParseErrors> {
    let mut collection = read?;
    let Some(mut level) = collection.levels.pop() else {
        let mut errors = Errors::default();
        errors.push(1, 1, Kind::NoLevel);
        return Err(errors.finish());
    };
    if level.title().is_none()
        && let Some(title) = collection.title.as_deref()
    {
        level.set_title_read(title);
    }
    for (key, value) in collection.metadata.iter() {
        if level.metadata().get(key).is_none() {
            level.metadata_mut().set_read(key, value);
        }
    }
    Ok(level)
}

pub(super) fn too_large(size: usize) -> ParseErrors {
    let mut errors = Errors::default();
    errors.push(1, 1, Kind::InputTooLarge { size });
    errors.finish()
}

/// Report each invalid UTF-8 sequence, at the line and column it starts.
pub(super) fn utf8_errors(bytes: &[u8]) -> ParseErrors {
    let mut errors = Errors::default();
    let (mut line, mut column) = (1, 1);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c == '\n' {
                line += 1;
                column = 1;
            } else if !(line == 1 && column == 1 && c == '\u{feff}') {
                column += 1;
            }
        }
        if !chunk.invalid().is_empty() {
            if !errors.push(line, column, Kind::InvalidUtf8) {
                break;
            }
            column += 1;
        }
    }
    errors.finish()
}
