//! The sim's answers as JSON for the page: the state (the view of every
//! floor, counters, moves, the state hash) and each step's events.
//!
//! Names are the sim's own (appearance kinds, event and field names from
//! the event catalogue, counter names), so the page matches on what the
//! sim declares and re-derives no rule.

use muscleman_core::{EntityId, FieldValue, GridDir, GridPos, KeyColor, SimEvent};
use muscleman_sim::{Game, Sprite, View};
use serde_json::{Map, Value, json};

/// Return an entity as `{"id": index, "generation": g}`.
pub fn entity(id: EntityId) -> Value {
    json!({ "id": id.index(), "generation": id.generation() })
}

fn cell(p: GridPos) -> Value {
    json!([p.x, p.y])
}

/// Return one sprite: the entity, its floor and cell, and its appearance
/// as the sim declares it.
pub fn sprite(s: &Sprite) -> Value {
    let a = &s.appearance;
    let contents: Vec<&str> = a.contents.as_slice().iter().map(|r| r.name()).collect();
    json!({
        "entity": entity(s.entity),
        "floor": s.floor,
        "x": s.at.x,
        "y": s.at.y,
        "kind": a.kind,
        "name": a.name,
        "color": a.color.map(KeyColor::name),
        "state": a.state,
        "layer": a.layer.0,
        "glyph": a.glyph.to_string(),
        "tint": a.tint.name(),
        "blocks": a.blocks,
        "pushable": a.pushable,
        "deep": a.deep,
        "encloses": a.encloses,
        "contents": contents,
        "facing": s.facing.map(GridDir::name),
        "on_goal": s.on_goal,
    })
}

/// Return the floors: each one's number (from 1), name, bounds
/// (`[min_x, min_y, max_x, max_y]`, `null` for an empty floor) and floor
/// area (the cells inside its walls, [`View::inside_on`]).
pub fn floors(view: &View) -> Value {
    (1..=view.floor_count())
        .map(|n| {
            let bounds = view
                .bounds_on(n)
                .map(|(min, max)| json!([min.x, min.y, max.x, max.y]));
            let inside: Vec<Value> = view.inside_on(n).into_iter().map(cell).collect();
            json!({
                "number": n,
                "name": view.floor_name(n),
                "bounds": bounds,
                "inside": inside,
            })
        })
        .collect()
}

/// Return the counters, every one by its name.
pub fn counters(view: &View) -> Value {
    let mut map = Map::new();
    for (c, n) in view.counters() {
        map.insert(c.name().to_owned(), json!(n));
    }
    Value::Object(map)
}

/// Return the game's state: the view of every floor, the player's floor,
/// facing and hands, the counters, moves and pushes, whether it is solved,
/// the undo and redo depths and the state hash (16 hex digits, as
/// `muscleman replay --json` prints it).
pub fn state(game: &Game) -> Value {
    let view = game.view();
    let stats = game.stats();
    let sprites: Vec<Value> = view.all_sprites().iter().map(sprite).collect();
    json!({
        "floor": view.player_floor(),
        "floors": floors(&view),
        "facing": view.facing().map(GridDir::name),
        "holding": view.holding().map(entity),
        "counters": counters(&view),
        "moves": stats.moves,
        "pushes": stats.pushes,
        "solved": game.is_solved(),
        "undo_depth": game.undo_depth(),
        "redo_depth": game.redo_depth(),
        "state_hash": format!("{:016x}", game.state_hash()),
        "sprites": sprites,
    })
}

/// Return one event: `"event"`, its catalogue name, then each field by
/// its catalogue name (entities as [`entity`], cells as `[x, y]`).
pub fn event(e: &SimEvent) -> Value {
    let mut map = Map::new();
    map.insert("event".to_owned(), json!(e.name()));
    for (name, value) in e.fields().iter() {
        let value = match *value {
            FieldValue::Entity(id) => entity(id),
            FieldValue::MaybeEntity(id) => id.map_or(Value::Null, entity),
            FieldValue::Cell(at) => cell(at),
            FieldValue::Name(n) => json!(n),
            FieldValue::Entities(ids) => ids.iter().map(|id| entity(*id)).collect(),
            FieldValue::Number(n) => json!(n),
            FieldValue::Flag(b) => json!(b),
        };
        map.insert((*name).to_owned(), value);
    }
    Value::Object(map)
}
