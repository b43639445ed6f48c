//! Cleanup (rules.md §4, "Cleanup"): hands let go of a held item that is
//! gone or no longer in front (a key spent at its door).

use muscleman_core::GrabReleased;

use crate::component::Facing;
use crate::context::StepContext;
use crate::world::WorldError;

/// Release the held item if it no longer exists or is not in front of the
/// player, emitting `GrabReleased`.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let player = ctx.player;
    let Some(entity) = ctx.held() else {
        return Ok(());
    };
    let facing = ctx.world().get::<Facing>(player)?.0;
    let front = ctx.world().position(player)?.step(facing);
    if ctx.world().position(entity).ok() == Some(front) {
        return Ok(());
    }
    ctx.set_held(None)?;
    ctx.events.push(GrabReleased { player, entity });
    Ok(())
}
