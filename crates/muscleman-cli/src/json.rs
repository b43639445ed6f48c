//! The JSON lines of `replay --json`: one object per step, then a final one.

use std::collections::BTreeMap;

use muscleman_core::{EntityId, EntityRecipe, FieldValue, GlobalCounter, GridPos, SimEvent};
use muscleman_sim::{View, World, spec_of};
use serde_json::{Map, Value, json};

/// The recipes of entities seen so far, so that an entity a step destroyed
/// (a key spent at its door, a smashed box) is still named by its recipe.
#[derive(Debug, Default)]
pub struct Recipes {
    known: BTreeMap<EntityId, EntityRecipe>,
}

impl Recipes {
    /// Remember the recipe of every entity of `view` in `world`, on every
    /// floor.
    pub fn of(world: &World, view: &View) -> Recipes {
        let mut r = Recipes::default();
        for s in view.all_sprites() {
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

    /// Remember every living entity an event names, by the fields the
    /// catalogue declares (new ones: a smashed box's contents, a brew's
    /// product), so a later step that destroys it still names it.
    pub fn learn_event(&mut self, world: &World, e: &SimEvent) {
        for (_, value) in e.fields().iter() {
            match value {
                FieldValue::Entity(id) | FieldValue::MaybeEntity(Some(id)) => {
                    self.learn(world, *id);
                }
                FieldValue::Entities(ids) => {
                    for &id in ids.iter() {
                        self.learn(world, id);
                    }
                }
                _ => {}
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

/// Describe one event as a JSON object: `"event"`, its catalogue name, then
/// each field by its catalogue name (rules.md §7), entities as
/// [`entity`] describes them, cells as `[x, y]`.
pub fn event(world: &World, recipes: &Recipes, e: &SimEvent) -> Value {
    let mut map = Map::new();
    map.insert("event".to_owned(), json!(e.name()));
    for (name, value) in e.fields().iter() {
        let value = match *value {
            FieldValue::Entity(id) => entity(world, recipes, id),
            FieldValue::MaybeEntity(id) => id.map_or(Value::Null, |id| entity(world, recipes, id)),
            FieldValue::Cell(at) => pos(at),
            FieldValue::Name(n) => json!(n),
            FieldValue::Entities(ids) => ids.iter().map(|id| entity(world, recipes, *id)).collect(),
            FieldValue::Number(n) => json!(n),
            FieldValue::Flag(b) => json!(b),
        };
        map.insert((*name).to_owned(), value);
    }
    Value::Object(map)
}
