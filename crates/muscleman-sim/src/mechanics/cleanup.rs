//! Cleanup (rules.md §4, "Cleanup"): hands let go of a held item that is
//! gone or no longer in front (a key spent at its door).

use muscleman_core::GrabReleased;

use crate::component::Facing;
use crate::context::StepContext;
use crate::decl::Mechanic;
use crate::line::{Phase, system};
use crate::needs::Needs;
use crate::world::WorldError;

/// Cleanup: hands let go of what is gone.
pub(crate) const MECHANIC: Mechanic = Mechanic::new(
    "cleanup",
    &[],
    &[system(Phase::Cleanup, "cleanup", run).when(Needs::Holding)],
);

/// Release the held item if it no longer exists or is not in front of the
/// player, emitting `GrabReleased`.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let player = ctx.player;
    let Some(entity) = ctx.held() else {
        return Ok(());
    };
    // Positions from the spatial index: no component lookup but Facing.
    let index = ctx.world().index();
    let (held_at, player_at) = (index.locate(entity), index.locate(player));
    let facing = ctx.world().get::<Facing>(player)?.0;
    if let (Some((held_at, _)), Some((player_at, _))) = (held_at, player_at)
        && held_at == player_at.step(facing)
    {
        return Ok(());
    }
    ctx.set_held(None)?;
    ctx.events.push(GrabReleased { player, entity });
    Ok(())
}
