//! The JSON lines of `replay --json`: one object per step, then a final one.

use muscleman_core::{EntityId, GridPos, MoveCause, SimEvent};
use muscleman_sim::{World, spec_of};
use serde_json::{Value, json};

fn pos(p: GridPos) -> Value {
    json!([p.x, p.y])
}

fn cause(c: MoveCause) -> &'static str {
    match c {
        MoveCause::Player => "player",
        MoveCause::Push => "push",
        MoveCause::Swing => "swing",
        MoveCause::Brain => "brain",
        MoveCause::Undo => "undo",
        MoveCause::Restart => "restart",
    }
}

/// Describe an entity as `{"id": index, "generation": g, "recipe": "Box"}`:
/// its recipe whatever its state (an open door is a `DoorRed`), null for an
/// entity the step destroyed.
pub(crate) fn entity(world: &World, id: EntityId) -> Value {
    let recipe = spec_of(world, id).map(|s| s.recipe.to_string());
    json!({ "id": id.index(), "generation": id.generation(), "recipe": recipe })
}

/// Describe one event as a JSON object with an `"event"` name.
pub fn event(world: &World, e: &SimEvent) -> Value {
    match e {
        SimEvent::Moved(m) => json!({
            "event": "moved",
            "entity": entity(world, m.entity),
            "from": pos(m.from),
            "to": pos(m.to),
            "cause": cause(m.cause),
        }),
        SimEvent::GrabAttached(g) => json!({
            "event": "grab_attached",
            "player": entity(world, g.player),
            "entity": entity(world, g.entity),
        }),
        SimEvent::GrabReleased(g) => json!({
            "event": "grab_released",
            "player": entity(world, g.player),
            "entity": entity(world, g.entity),
        }),
        SimEvent::Swung(s) => json!({
            "event": "swung",
            "player": entity(world, s.player),
            "arc_from": pos(s.arc_from),
            "arc_via": pos(s.arc_via),
            "arc_to": pos(s.arc_to),
        }),
        SimEvent::SwingBlocked(s) => json!({
            "event": "swing_blocked",
            "actor": entity(world, s.actor),
            "reason": s.reason.name(),
        }),
        SimEvent::Sank(s) => json!({ "event": "sank", "entity": entity(world, s.entity) }),
        SimEvent::Smashed(s) => json!({
            "event": "smashed",
            "entity": entity(world, s.entity),
            "contents": s.contents.iter().map(|&id| entity(world, id)).collect::<Vec<_>>(),
        }),
        SimEvent::KeyConsumed(k) => json!({
            "event": "key_consumed",
            "key": entity(world, k.key),
            "door": entity(world, k.door),
        }),
        SimEvent::DoorOpened(d) => json!({ "event": "door_opened", "door": entity(world, d.door) }),
        SimEvent::DoorClosed(d) => json!({ "event": "door_closed", "door": entity(world, d.door) }),
        SimEvent::PlatePressed(p) => {
            json!({ "event": "plate_pressed", "plate": entity(world, p.plate) })
        }
        SimEvent::PlateReleased(p) => {
            json!({ "event": "plate_released", "plate": entity(world, p.plate) })
        }
        SimEvent::ItemCollected(i) => json!({
            "event": "item_collected",
            "entity": entity(world, i.entity),
            "counter": i.counter.name(),
        }),
        SimEvent::LevelTransition(t) => json!({
            "event": "level_transition",
            "stairs": entity(world, t.stairs),
            "target_level": t.target_level,
            "target_spawn": t.target_spawn,
        }),
        SimEvent::SoundHint(s) => json!({ "event": "sound_hint", "kind": s.kind }),
    }
}
