//! Push chains: a line of pushables moves as one, or not at all.

use muscleman_core::{EventBatch, GridDir, GridPos, MoveCause, Moved};

use crate::component::TagKind;
use crate::rules::Rules;
use crate::world::{World, WorldError};

/// Try to push the chain of pushables that starts at `start` one cell in `dir`.
///
/// The chain is the maximal run of consecutive cells from `start` in `dir`
/// that each hold a pushable. It moves if it is no longer than
/// `rules.max_chain` and the cell beyond its far end holds nothing that
/// blocks movement; otherwise nothing changes. On success the members move
/// far end first, and each emits `Moved` with cause `Push` in that order.
///
/// Returns whether the chain moved. Allocates nothing.
pub(crate) fn try_push(
    world: &mut World,
    start: GridPos,
    dir: GridDir,
    rules: &Rules,
    events: &mut EventBatch,
) -> Result<bool, WorldError> {
    let index = world.index();
    let mut len: u32 = 0;
    let mut end = start;
    while index.has_kind_at(TagKind::Pushable, end) {
        len += 1;
        end = end.step(dir);
    }
    if len == 0 {
        return Ok(false);
    }
    if rules.max_chain.is_some_and(|max| len > max) {
        return Ok(false);
    }
    if index.has_kind_at(TagKind::BlocksMovement, end) {
        return Ok(false);
    }
    // Commit, far end first: each member's destination was just vacated.
    let back = dir.opposite();
    let mut to = end;
    for _ in 0..len {
        let from = to.step(back);
        if let Some(id) = world.index().pushable_at(from) {
            world.move_to(id, to)?;
            events.push(Moved {
                entity: id,
                from,
                to,
                cause: MoveCause::Push,
            });
        }
        to = from;
    }
    Ok(true)
}
