//! The bump (rules.md §4, Emit): a move that moved nothing (the player
//! stayed: a wall, water, a refused chain) is heard. The player's action
//! moves nothing unless the player itself moves (a walk, and every carry,
//! steps the player), so the player's cell says it: when it is the cell the
//! step began on, `SoundHint { player, bump }` is emitted, last in the
//! batch (invariant 3: a refused move emits exactly that one event of its
//! own). Sound hints change no state: they are for presenters.

use muscleman_core::{Input, SoundHint, SoundKind};

use crate::context::StepContext;
use crate::decl::Mechanic;
use crate::world::WorldError;

/// The bump of a refused move: an emit hook, run last on every step (a
/// schedule line would cost its bit tables on every move).
pub(crate) const MECHANIC: Mechanic = Mechanic {
    emit: Some(run),
    ..Mechanic::new("bump", &[], &[])
};

/// Emit the bump if the input was a move and it moved nothing.
#[inline]
fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    if !matches!(ctx.input, Input::Move(_)) {
        return Ok(());
    }
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
