//! The gdext layer's conversions: the plain data of [`crate::view`] and
//! [`crate::signals`] as Godot values (cells as `Vector2i`, entities as
//! ints, pieces as dictionaries). Nothing here decides anything.

use godot::prelude::*;
use muscleman_core::{GridDir, GridPos};

use crate::signals::{Arg, entity_int};
use crate::view::{Look, Piece};

/// Return a cell as a `Vector2i`.
pub(crate) fn cell(at: GridPos) -> Vector2i {
    Vector2i::new(at.x, at.y)
}

/// Return a `Vector2i` as a cell.
pub(crate) fn grid(v: Vector2i) -> GridPos {
    GridPos::new(v.x, v.y)
}

/// Return a size in cells as a `Vector2i`.
pub(crate) fn size((w, h): (i32, i32)) -> Vector2i {
    Vector2i::new(w, h)
}

/// Return strings as a `PackedStringArray`.
pub(crate) fn strings<'a>(items: impl IntoIterator<Item = &'a str>) -> PackedStringArray {
    items.into_iter().map(GString::from).collect()
}

/// Return a signal's argument as a Godot value.
pub(crate) fn variant_of(arg: &Arg) -> Variant {
    match arg {
        Arg::Entity(id) => id.map_or(0, entity_int).to_variant(),
        Arg::Flag(b) => b.to_variant(),
        Arg::Cell(at) => cell(*at).to_variant(),
        Arg::Name(name) => GString::from(*name).to_variant(),
        Arg::Entities(ids) => ids
            .iter()
            .map(|id| entity_int(*id))
            .collect::<PackedInt64Array>()
            .to_variant(),
        Arg::Int(n) => i64::from(*n).to_variant(),
    }
}

/// Return a way as a unit `Vector2i` (zero for none).
pub(crate) fn direction(dir: Option<GridDir>) -> Vector2i {
    dir.map_or(Vector2i::ZERO, |d| cell(d.offset()))
}

/// Return a look of something held as the dictionary a piece's `contents`
/// lists.
fn content_of(look: Look) -> VarDictionary {
    vdict! {
        "kind" => look.kind,
        "name" => look.name,
        "color" => look.color,
        "glyph" => look.glyph.to_string(),
        "tint" => look.tint,
    }
}

/// Return a piece as the dictionary `entities()` lists.
pub(crate) fn dictionary_of(piece: &Piece) -> VarDictionary {
    let look = piece.look;
    let contents: Array<VarDictionary> = piece.content_looks().map(content_of).collect();
    vdict! {
        "id" => entity_int(piece.id),
        "floor" => i64::from(piece.floor),
        "cell" => cell(piece.at),
        "kind" => look.kind,
        "name" => look.name,
        "color" => look.color,
        "state" => look.state,
        "counter" => look.counter,
        "layer" => i64::from(look.layer),
        "glyph" => look.glyph.to_string(),
        "tint" => look.tint,
        "blocks" => look.blocks,
        "facing" => direction(piece.facing),
        "contents" => &contents,
        "on_goal" => piece.on_goal,
    }
}

/// Return pieces as an array of dictionaries.
pub(crate) fn dictionaries<'a>(
    pieces: impl IntoIterator<Item = &'a Piece>,
) -> Array<VarDictionary> {
    pieces.into_iter().map(dictionary_of).collect()
}

/// Return cells as an array of `Vector2i`.
pub(crate) fn cells(at: &[GridPos]) -> Array<Vector2i> {
    at.iter().map(|c| cell(*c)).collect()
}
