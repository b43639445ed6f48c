//! Check level text as `muscleman check` does the reading: every error
//! at its line and column, a level the sim cannot play at the cell it
//! names, and the warnings a designer wants (doors nothing opens, keys
//! nothing needs, an open edge) at their places.

use muscleman_level::{Collection, open_edge_on, signal_warnings};
use muscleman_sim::{BREWS, world_from_level};
use serde_json::{Value, json};

use crate::error::{Positioned, WebError};
use crate::session::load_error;

/// Check level text (one level or a collection): answer with the number
/// of levels and the warnings (`{"levels", "warnings": [{"level", "line",
/// "column", "message"}]}`), or with every error.
pub fn check(text: &[u8]) -> Result<Value, WebError> {
    let collection = Collection::parse_bytes(text).map_err(|e| WebError::of_parse(&e))?;
    let mut errors: Vec<Positioned> = Vec::new();
    let mut unplaced: Vec<String> = Vec::new();
    let mut warnings: Vec<Value> = Vec::new();
    for (i, level) in collection.levels.iter().enumerate() {
        let number = i + 1;
        if let Err(e) = world_from_level(level) {
            let e = load_error(level, &e);
            if e.errors.is_empty() {
                unplaced.push(format!("level {number}: {}", e.message));
            }
            errors.extend(e.errors);
        }
        for warning in signal_warnings(level, BREWS) {
            let (line, column) = level.source_position(warning.at()).unwrap_or((0, 0));
            warnings.push(json!({
                "level": number, "line": line, "column": column, "message": warning.to_string(),
            }));
        }
        if let Some((floor, at)) = open_edge_on(level) {
            let (line, column) = level
                .floor(floor)
                .and_then(|f| f.source_position(at))
                .unwrap_or((0, 0));
            warnings.push(json!({
                "level": number, "line": line, "column": column,
                "message": "the player can reach the level's edge here with no wall closing it",
            }));
        }
    }
    if errors.is_empty() && unplaced.is_empty() {
        return Ok(json!({ "levels": collection.levels.len(), "warnings": warnings }));
    }
    errors.sort_by_key(|e| (e.line, e.column));
    let n = errors.len() + unplaced.len();
    let mut message = format!(
        "{n} {} cannot be played",
        if n == 1 { "level" } else { "levels" }
    );
    for u in unplaced {
        message.push_str("; ");
        message.push_str(&u);
    }
    Err(WebError { message, errors })
}
