//! What push chains ask of the mechanics, gathered: what takes a key a
//! chain brings (`takes_key`: a door, a cauldron) and what a chain's far
//! end clears out of its way (`clears_way`: a ghost before a book).

use muscleman_core::{EntityId, GridPos};

use crate::component::TagSet;
use crate::context::{ClearWay, TakeKey};
use crate::decl::{KeyTaker, WayClearer};
use crate::mechanics::MECHANICS;
use crate::world::World;

/// Return what at `at` takes a key with tags `key` that a push chain
/// brings there, and how: the first mechanic's, in registration order,
/// whose `takes_key` finds a taker there (a door, a cauldron).
pub(crate) fn find_taker(world: &World, key: TagSet, at: GridPos) -> Option<(EntityId, TakeKey)> {
    MECHANICS
        .iter()
        .filter_map(|m| m.takes_key.as_ref())
        .find_map(|t: &KeyTaker| (t.finds)(world, key, at).map(|taker| (taker, t.takes)))
}

/// Return what at `at` a push chain whose far end has tags `far` clears
/// out of its way, and how: the first mechanic's, in registration order,
/// whose `clears_way` finds something there (a ghost before a book).
pub(crate) fn find_clearer(
    world: &World,
    far: TagSet,
    at: GridPos,
) -> Option<(EntityId, ClearWay)> {
    MECHANICS
        .iter()
        .filter_map(|m| m.clears_way.as_ref())
        .find_map(|c: &WayClearer| (c.finds)(world, far, at).map(|found| (found, c.clears)))
}
