//! The JSON lines of `replay --json`: one object per step, then a final one.

use std::collections::BTreeMap;

use muscleman_core::{EntityId, EntityRecipe, GlobalCounter, GridDir, GridPos, SimEvent};
use muscleman_sim::{View, World, spec_of};
use serde_json::{Map, Value, json};

/// The recipes of entities seen so far, so that an entity a step destroyed
/// (a key spent at its door, a smashed box) is still named by its recipe.
#[derive(Debug, Default)]
pub struct Recipes {
    known: BTreeMap<EntityId, EntityRecipe>,
}

impl Recipes {
    /// Remember the recipe of every entity of `view` in `world`.
    pub fn of(world: &World, view: &View) -> Recipes {
        let mut r = Recipes::default();
        for s in view.sprites() {
            r.learn(world, s.entity);
        }
        r
    }

    /// Remember the recipe of `id`, if it lives in `world`.
    pub fn learn(&mut self, world: &World, id: EntityId) {
        if let Some(spec) = spec_of(world, id) {
            self.known.insert(id, spec.recipe);
        }
    }

    /// Remember every living entity an event names (new ones: a smashed box's contents).
    pub fn learn_event(&mut self, world: &World, e: &SimEvent) {
        if let SimEvent::Smashed(s) = e {
            for &id in s.contents.iter() {
                self.learn(world, id);
            }
        }
    }

    /// Return the recipe of `id`: as it is now, or as last seen.
    fn recipe(&self, world: &World, id: EntityId) -> Option<EntityRecipe> {
        spec_of(world, id)
            .map(|s| s.recipe)
            .or_else(|| self.known.get(&id).copied())
    }
}

/// Return a direction's JSON name (`"up"`, `"right"`, `"down"`, `"left"`).
pub const fn direction(d: GridDir) -> &'static str {
    match d {
        GridDir::Up => "up",
        GridDir::Right => "right",
        GridDir::Down => "down",
        GridDir::Left => "left",
    }
}

/// Return the counters as a JSON object, every counter by its snake_case name.
pub fn counters(view: &View) -> Value {
    let mut map = Map::new();
    for c in GlobalCounter::ALL {
        let n = view
            .counters()
            .iter()
            .find(|(k, _)| *k == c)
            .map_or(0, |(_, n)| *n);
        map.insert(c.name().to_owned(), json!(n));
    }
    Value::Object(map)
}

fn pos(p: GridPos) -> Value {
    json!([p.x, p.y])
}

/// Describe an entity as `{"id": index, "generation": g, "recipe": "Box"}`
/// (the recipe as it was spawned: a sunk heavy box is a `HeavyBox`, a spent
/// key still a `KeyRed`).
pub fn entity(world: &World, recipes: &Recipes, id: EntityId) -> Value {
    let recipe = recipes.recipe(world, id).map(|r| r.to_string());
    json!({ "id": id.index(), "generation": id.generation(), "recipe": recipe })
}

/// Describe one event as a JSON object with an `"event"` name.
pub fn event(world: &World, recipes: &Recipes, e: &SimEvent) -> Value {
    let entity = |id: EntityId| entity(world, recipes, id);
    match e {
        SimEvent::Moved(m) => json!({
            "event": "moved",
            "entity": entity(m.entity),
            "from": pos(m.from),
            "to": pos(m.to),
            "cause": m.cause.name(),
        }),
        SimEvent::GrabAttached(g) => json!({
            "event": "grab_attached",
            "player": entity(g.player),
            "entity": entity(g.entity),
        }),
        SimEvent::GrabReleased(g) => json!({
            "event": "grab_released",
            "player": entity(g.player),
            "entity": entity(g.entity),
        }),
        SimEvent::Swung(s) => json!({
            "event": "swung",
            "player": entity(s.player),
            "arc_from": pos(s.arc_from),
            "arc_via": pos(s.arc_via),
            "arc_to": pos(s.arc_to),
        }),
        SimEvent::SwingBlocked(s) => json!({
            "event": "swing_blocked",
            "actor": entity(s.actor),
            "reason": s.reason.name(),
        }),
        SimEvent::Sank(s) => json!({ "event": "sank", "entity": entity(s.entity) }),
        SimEvent::Smashed(s) => json!({
            "event": "smashed",
            "entity": entity(s.entity),
            "contents": s.contents.iter().map(|&id| entity(id)).collect::<Vec<_>>(),
        }),
        SimEvent::KeyConsumed(k) => json!({
            "event": "key_consumed",
            "key": entity(k.key),
            "door": entity(k.door),
        }),
        SimEvent::DoorOpened(d) => json!({ "event": "door_opened", "door": entity(d.door) }),
        SimEvent::DoorClosed(d) => json!({ "event": "door_closed", "door": entity(d.door) }),
        SimEvent::PlatePressed(p) => {
            json!({ "event": "plate_pressed", "plate": entity(p.plate) })
        }
        SimEvent::PlateReleased(p) => {
            json!({ "event": "plate_released", "plate": entity(p.plate) })
        }
        SimEvent::ItemCollected(i) => json!({
            "event": "item_collected",
            "entity": entity(i.entity),
            "counter": i.counter.name(),
        }),
        SimEvent::LevelTransition(t) => json!({
            "event": "level_transition",
            "stairs": entity(t.stairs),
            "target_level": t.target_level,
            "target_spawn": t.target_spawn,
        }),
        SimEvent::SoundHint(s) => json!({ "event": "sound_hint", "kind": s.kind }),
    }
}
