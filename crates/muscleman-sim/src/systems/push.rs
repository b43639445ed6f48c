//! Push chains: a line of pushables moves as one, or not at all
//! (rules.md §4, "Push chain"), with the key rule: a key pushed into its
//! door is spent and opens it for good.

use muscleman_core::{DoorOpened, EntityId, GridDir, GridPos, KeyConsumed, MoveCause};

use crate::component::{TagKind, TagSet};
use crate::context::StepContext;
use crate::world::WorldError;

/// How many chain members' ids a push keeps from its scan.
const KEPT: usize = 16;

/// Whether a chain's far-end key may open its door: in every chain of a
/// move (walks, forward, backward, both lanes), not in swing shoves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyRule {
    /// A key at the far end opens the closed door of its colour beyond it.
    Opens,
    /// Keys are pushed like anything else (a swing's shove).
    Off,
}

/// Try to push the chain of pushables that starts at `start` one cell in `dir`.
///
/// The chain is the maximal run of consecutive cells from `start` in `dir`
/// that each hold a pushable. It moves if it is no longer than
/// `rules.max_chain` and the cell beyond its far end holds nothing that
/// blocks movement; otherwise nothing changes. On success the members move
/// far end first, and each emits `Moved` with cause `Push` in that order.
///
/// With [`KeyRule::Opens`], a chain whose far end is a key and whose next
/// cell holds the closed door that key's colour locks succeeds too: the key
/// is destroyed (`KeyConsumed`), the door opens for good (`DoorOpened`) and
/// the rest of the chain advances into the cells it leaves.
///
/// Returns whether the chain moved. Allocates nothing.
pub(crate) fn try_push(
    ctx: &mut StepContext<'_>,
    start: GridPos,
    dir: GridDir,
    keys: KeyRule,
) -> Result<bool, WorldError> {
    let max_chain = ctx.rules.max_chain;
    let index = ctx.world().index();
    // The first members' ids, kept from the scan so the commit need not look
    // them up again; members past these are looked up when they move.
    let mut kept = [EntityId::new(0, 0); KEPT];
    let mut len: u32 = 0;
    let mut last = None;
    let mut end = start;
    while let Some(id) = index.pushable_at(end) {
        if let Some(slot) = kept.get_mut(len as usize) {
            *slot = id;
        }
        last = Some(id);
        len = len.saturating_add(1);
        if max_chain.is_some_and(|max| len > max) {
            return Ok(false);
        }
        let next = end.step(dir);
        if next == end {
            // The chain reaches the edge of the grid: there is no cell beyond.
            return Ok(false);
        }
        end = next;
    }
    let Some(far) = last else {
        return Ok(false);
    };
    if index.has_kind_at(TagKind::BlocksMovement, end) {
        // Only a key at the far end may still get through: into its door.
        if keys == KeyRule::Off || !unlock(ctx, far, end)? {
            return Ok(false);
        }
        len -= 1;
        end = end.step(dir.opposite());
    }
    // Commit, far end first: each member's destination was just vacated, and
    // the cells nearer the player still hold what the scan saw.
    let back = dir.opposite();
    let mut to = end;
    for member in (0..len as usize).rev() {
        let from = to.step(back);
        let id = match kept.get(member) {
            Some(id) => Some(*id),
            None => ctx.world().index().pushable_at(from),
        };
        if let Some(id) = id {
            ctx.move_entity(id, from, to, MoveCause::Push)?;
        }
        to = from;
    }
    Ok(true)
}

/// If `key` is a key and `door_at` holds the closed door its colour locks,
/// spend the key, open the door for good and return `true`; otherwise
/// change nothing and return `false`.
fn unlock(ctx: &mut StepContext<'_>, key: EntityId, door_at: GridPos) -> Result<bool, WorldError> {
    let index = ctx.world().index();
    let Some((_, key_tags)) = index.locate(key) else {
        return Ok(false);
    };
    let Some(color) = key_tags.color().filter(|_| key_tags.contains(TagKind::Key)) else {
        return Ok(false);
    };
    let door = index.tagged_at(door_at).find(|(_, tags)| {
        tags.contains_all(TagSet::of(&[TagKind::Door, TagKind::Locked]))
            && !tags.contains(TagKind::DoorOpen)
            && tags.color() == Some(color)
    });
    let Some((door, door_tags)) = door else {
        return Ok(false);
    };
    ctx.commands().destroy(key);
    ctx.apply_commands()?;
    ctx.events.push(KeyConsumed { key, door });
    let opened = door_tags
        .minus(TagSet::of(&[
            TagKind::BlocksMovement,
            TagKind::BlocksPush,
            TagKind::Locked,
        ]))
        .with(TagKind::DoorOpen);
    ctx.set_tags(door, opened)?;
    ctx.events.push(DoorOpened { door });
    Ok(true)
}
