//! Push chains: a line of pushables moves as one, or not at all.

use muscleman_core::{EntityId, GridDir, GridPos, MoveCause};

use crate::component::TagKind;
use crate::context::StepContext;
use crate::world::WorldError;

/// How many chain members' ids a push keeps from its scan.
const KEPT: usize = 16;

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
    ctx: &mut StepContext<'_>,
    start: GridPos,
    dir: GridDir,
) -> Result<bool, WorldError> {
    let max_chain = ctx.rules.max_chain;
    let index = ctx.world().index();
    // The first members' ids, kept from the scan so the commit need not look
    // them up again; members past these are looked up when they move.
    let mut kept = [EntityId::new(0, 0); KEPT];
    let mut len: u32 = 0;
    let mut end = start;
    while let Some(id) = index.pushable_at(end) {
        if let Some(slot) = kept.get_mut(len as usize) {
            *slot = id;
        }
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
    if len == 0 {
        return Ok(false);
    }
    if index.has_kind_at(TagKind::BlocksMovement, end) {
        return Ok(false);
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
