//! The built-in collections as the page lists them: each one's id and
//! title, its levels' titles, and the stored solution of each level (the
//! page's tests play them all).

use muscleman_level::Collection;
use muscleman_levels::COLLECTIONS;
use muscleman_play::builtin::solutions_of;
use serde_json::{Value, json};

use crate::error::WebError;

/// Answer with the built-in collections: `[{"id", "title", "levels":
/// [{"number", "title", "solution"}]}]`, in the order the game offers
/// them.
pub fn collections() -> Result<Value, WebError> {
    let mut all = Vec::with_capacity(COLLECTIONS.len());
    for builtin in COLLECTIONS.iter() {
        let collection = Collection::parse(builtin.levels).map_err(|e| WebError::of_parse(&e))?;
        let solutions = solutions_of(builtin);
        let levels: Vec<Value> = collection
            .levels
            .iter()
            .enumerate()
            .map(|(i, level)| {
                json!({
                    "number": i + 1,
                    "title": level.title().map_or_else(|| format!("Level {}", i + 1), str::to_owned),
                    "solution": solutions.iter().find(|(n, _)| *n == i + 1).map(|(_, m)| m),
                })
            })
            .collect();
        all.push(json!({
            "id": builtin.id,
            "title": collection.title.as_deref().unwrap_or(builtin.id),
            "levels": levels,
        }));
    }
    Ok(Value::Array(all))
}
