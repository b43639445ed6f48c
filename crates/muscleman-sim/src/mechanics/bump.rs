//! The bump (rules.md §4, Emit): a move that moved nothing (the player
//! stayed: a wall, water, a refused chain) is heard. The player's action
//! moves nothing unless the player itself moves (a walk, and every carry,
//! steps the player), so the player's cell says it: when it is the cell the
//! step began on, `SoundHint { player, bump }` is emitted, last in the
//! batch (invariant 3: a refused move emits exactly that one event of its
//! own). Sound hints change no state: they are for presenters.

use muscleman_core::{SoundHint, SoundKind};

use crate::context::StepContext;
use crate::decl::Mechanic;
use crate::line::{MOVE, Phase, system};
use crate::world::WorldError;

/// The bump of a refused move.
pub(crate) const MECHANIC: Mechanic =
    Mechanic::new("bump", &[], &[system(Phase::Emit, "bump", run).on(&[MOVE])]);

/// Emit the bump if the move moved nothing (the schedule runs this on moves
/// only, last of the step).
fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    // The stairs change the player's cell only after a move onto them.
    let stayed = ctx
        .world()
        .index()
        .locate(ctx.player)
        .is_some_and(|(at, _)| at == ctx.player_at);
    if stayed {
        ctx.events.push(SoundHint {
            entity: ctx.player,
            kind: SoundKind::Bump,
        });
    }
    Ok(())
}
