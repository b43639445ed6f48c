//! Doors (rules.md §4, Environment phase 4): a door is open while a key has
//! unlocked it or all the plates of its colour are pressed (a secret door:
//! all the heavy plates), and closes only on an empty doorway.

use muscleman_core::{DoorClosed, DoorOpened, EntityId};

use crate::component::{TagKind, TagSet};
use crate::context::{StepChange, StepContext};
use crate::index::SpatialIndex;
use crate::signals::SIGNAL_CLASSES as CLASSES;
use crate::world::WorldError;

/// What a closed door has and an open one has not.
pub(crate) const BLOCKERS: TagSet = TagSet::of(&[TagKind::BlocksMovement, TagKind::BlocksPush]);

/// Open or close, in id order, the doors this step may concern: the doors
/// of every colour whose plates changed, and any door in a cell the step
/// touched (something may have left a doorway held open).
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    if !ctx.world().index().signals().has_doors() {
        return Ok(());
    }
    let mut doors = ctx.take_ids();
    let index = ctx.world().index();
    let mut classes = [false; CLASSES.len()];
    for change in ctx.changes() {
        if let StepChange::Retagged { id, .. } = *change
            && let Some((_, tags)) = index.locate(id)
            && tags.contains(TagKind::PressurePlate)
            && let Some(slot) = CLASSES
                .iter()
                .position(|c| *c == tags.color())
                .and_then(|i| classes.get_mut(i))
        {
            *slot = true;
        }
        for at in std::iter::once(change.cell()).chain(change.left()) {
            doors.extend(index.first_with(TagKind::Door, at));
        }
    }
    for (color, _) in CLASSES.iter().zip(classes).filter(|(_, changed)| *changed) {
        doors.extend(index.signals().doors(*color));
    }
    doors.sort_unstable();
    doors.dedup();
    let mut result = Ok(());
    for &door in &doors {
        result = update(ctx, door);
        if result.is_err() {
            break;
        }
    }
    ctx.give_back_ids(doors);
    result
}

/// Return whether a door with `tags` should be open (rules.md §4, Doors):
/// unlocked by a key, or all the plates of its colour pressed; a secret
/// door, all the heavy plates.
pub(crate) fn should_open(index: &SpatialIndex, tags: TagSet) -> bool {
    let color = tags.color();
    let unlocked = color.is_some() && !tags.contains(TagKind::Locked);
    unlocked || index.signals().plates(color).all_pressed()
}

/// Return the tags of a door with `tags`, opened.
pub(crate) const fn opened(tags: TagSet) -> TagSet {
    tags.minus(BLOCKERS).with(TagKind::DoorOpen)
}

/// Return the tags of a door with `tags`, closed.
pub(crate) const fn closed(tags: TagSet) -> TagSet {
    tags.union(BLOCKERS).without(TagKind::DoorOpen)
}

/// Open `door` if it should be open, or close it if it should not and its
/// cell holds nothing else, with its event.
fn update(ctx: &mut StepContext<'_>, door: EntityId) -> Result<(), WorldError> {
    let index = ctx.world().index();
    let Some((at, tags)) = index.locate(door) else {
        return Ok(());
    };
    let open = tags.contains(TagKind::DoorOpen);
    let should = should_open(index, tags);
    if should && !open {
        ctx.set_tags(door, opened(tags))?;
        ctx.events.push(DoorOpened { door });
    } else if !should && open && index.all_at(at).all(|id| id == door) {
        ctx.set_tags(door, closed(tags))?;
        ctx.events.push(DoorClosed { door });
    }
    Ok(())
}
