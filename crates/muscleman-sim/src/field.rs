//! How the value of a data component is hashed, saved and checked.
//!
//! Every value type of a component declared in `component.rs` implements
//! [`Field`] once here; the code the `components!` table generates calls it
//! for the state hash, saves and `World::validate`, so no other file has an
//! arm per component.

use muscleman_core::{Contents, EntityId, EntityRecipe, GlobalCounter, GridDir, GridPos};
use serde_json::{Value, json};

use crate::fnv::Fnv;

/// A component's value: how it enters the state hash and a save.
pub(crate) trait Field: Copy + Sized {
    /// Feed the value to the state hash (fixed byte layout on every machine).
    fn hash(&self, h: &mut Fnv);
    /// Write the value as a save does.
    fn to_json(&self) -> Value;
    /// Read the value as a save writes it; `None` if it is malformed.
    fn from_json(value: &Value) -> Option<Self>;
    /// Return the entity the value refers to, if any: `World::validate`
    /// checks it is alive.
    fn refers_to(&self) -> Option<EntityId> {
        None
    }
}

impl Field for GridPos {
    fn hash(&self, h: &mut Fnv) {
        h.u32(self.x as u32);
        h.u32(self.y as u32);
    }
    fn to_json(&self) -> Value {
        json!([self.x, self.y])
    }
    fn from_json(value: &Value) -> Option<Self> {
        match value.as_array()?.as_slice() {
            [x, y] => Some(GridPos::new(
                i32::try_from(x.as_i64()?).ok()?,
                i32::try_from(y.as_i64()?).ok()?,
            )),
            _ => None,
        }
    }
}

/// Fields saved by their name and hashed by their place in `ALL`: a
/// direction, a counter.
macro_rules! named_fields {
    ($($kind:ident),*) => {$(
        impl Field for $kind {
            fn hash(&self, h: &mut Fnv) {
                h.u32(self.index() as u32);
            }
            fn to_json(&self) -> Value {
                json!(self.name())
            }
            fn from_json(value: &Value) -> Option<Self> {
                let name = value.as_str()?;
                $kind::ALL.into_iter().find(|k| k.name() == name)
            }
        }
    )*};
}

named_fields!(GridDir, GlobalCounter);

/// The save text of an entity id: `INDEXvGENERATION`.
pub(crate) fn id_text(id: EntityId) -> String {
    format!("{}v{}", id.index(), id.generation())
}

/// Read an id written by [`id_text`].
pub(crate) fn parse_id(text: &str) -> Option<EntityId> {
    let (index, generation) = text.split_once('v')?;
    let index: u32 = index.parse().ok()?;
    let generation: u32 = generation.parse().ok()?;
    (generation > 0).then(|| EntityId::new(index, generation))
}

/// The save text of no entity, in a reference that may be empty.
pub(crate) const NOTHING: &str = "nothing";

impl Field for Option<EntityId> {
    fn hash(&self, h: &mut Fnv) {
        h.u64(self.map_or(0, EntityId::to_bits));
    }
    fn to_json(&self) -> Value {
        json!(self.map_or_else(|| NOTHING.to_owned(), id_text))
    }
    fn from_json(value: &Value) -> Option<Self> {
        match value.as_str()? {
            NOTHING => Some(None),
            text => parse_id(text).map(Some),
        }
    }
    fn refers_to(&self) -> Option<EntityId> {
        *self
    }
}

impl Field for u32 {
    fn hash(&self, h: &mut Fnv) {
        h.u32(*self);
    }
    fn to_json(&self) -> Value {
        json!(self)
    }
    fn from_json(value: &Value) -> Option<Self> {
        u32::try_from(value.as_u64()?).ok()
    }
}

impl Field for Contents {
    fn hash(&self, h: &mut Fnv) {
        h.u32(self.len() as u32);
        for recipe in self.as_slice() {
            h.u32(*recipe as u32);
        }
    }
    fn to_json(&self) -> Value {
        Value::Array(
            self.as_slice()
                .iter()
                .map(|r| json!(format!("{r}")))
                .collect(),
        )
    }
    fn from_json(value: &Value) -> Option<Self> {
        let mut contents = Contents::EMPTY;
        for item in value.as_array()? {
            let name = item.as_str()?;
            let recipe = EntityRecipe::ALL
                .into_iter()
                .find(|r| format!("{r}") == name)?;
            contents.push(recipe).ok()?;
        }
        Some(contents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Field + PartialEq + std::fmt::Debug>(value: T) {
        assert_eq!(T::from_json(&value.to_json()), Some(value));
    }

    #[test]
    fn values_round_trip_through_json() {
        round_trip(GridPos::new(-3, 7));
        for d in GridDir::ALL {
            round_trip(d);
        }
        round_trip(Some(EntityId::new(12, 3)));
        round_trip(None::<EntityId>);
        round_trip(7u32);
    }

    #[test]
    fn malformed_values_are_refused() {
        assert_eq!(GridPos::from_json(&json!([1])), None);
        assert_eq!(GridPos::from_json(&json!([1, 2, 3])), None);
        assert_eq!(GridDir::from_json(&json!("north")), None);
        assert_eq!(<Option<EntityId>>::from_json(&json!("4v0")), None);
        assert_eq!(u32::from_json(&json!(-1)), None);
    }

    #[test]
    fn ids_round_trip_through_text() {
        let id = EntityId::new(12, 3);
        assert_eq!(parse_id(&id_text(id)), Some(id));
        assert_eq!(parse_id("4v0"), None);
        assert_eq!(parse_id("x"), None);
    }
}
