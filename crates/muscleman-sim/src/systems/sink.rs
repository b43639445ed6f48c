//! Sink (rules.md §4, Environment phase 2): a sinkable that arrives on
//! water nothing fills sinks and fills it, making it walkable.

use muscleman_core::Sank;

use crate::component::{TagKind, TagSet};
use crate::context::{StepChange, StepContext};
use crate::systems::walk::is_unfilled_water;
use crate::world::WorldError;

/// What sinking takes away.
const LOST: TagSet = TagSet::of(&[
    TagKind::BlocksMovement,
    TagKind::BlocksPush,
    TagKind::Pushable,
    TagKind::Sinkable,
]);

/// Sink each sinkable that arrived on unfilled water this step and is not
/// held, in the order they arrived; a later one finds the water filled.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let mut i = 0;
    while let Some(&change) = ctx.changes().get(i) {
        i += 1;
        // Arrivals: moves, spawns and items let go of.
        if !matches!(
            change,
            StepChange::Moved { .. } | StepChange::Spawned { .. } | StepChange::Landed { .. }
        ) {
            continue;
        }
        let id = change.entity();
        let index = ctx.world().index();
        let Some((at, tags)) = index.locate(id) else {
            continue;
        };
        // Only where the entity still is: a later move this step took it on.
        if at != change.cell()
            || !tags.contains(TagKind::Sinkable)
            || !is_unfilled_water(index.kinds_at(at))
            || is_held(ctx, id)
        {
            continue;
        }
        ctx.set_tags(id, tags.minus(LOST).with(TagKind::Walkable))?;
        ctx.events.push(Sank { entity: id });
    }
    Ok(())
}

/// Return whether the player holds `id`.
fn is_held(ctx: &StepContext<'_>, id: muscleman_core::EntityId) -> bool {
    ctx.held() == Some(id)
}
