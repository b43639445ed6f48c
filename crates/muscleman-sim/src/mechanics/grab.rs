//! Grab and drop (rules.md §4, "Grab and drop"): take hold of the liftable
//! thing in front, and let go of it where it stands.

use muscleman_core::{GrabAttached, GrabReleased, Input};

use crate::component::{Facing, TagKind};
use crate::context::StepContext;
use crate::decl::Mechanic;
use crate::line::player;
use crate::motion::Motion;
use crate::world::WorldError;

/// Grab and drop.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    motions: &[Motion::Carry],
    ..Mechanic::new(
        "grab",
        &[],
        &[player("grab", &[Input::Grab, Input::Drop], run)],
    )
};

/// Resolve `Input::Grab` and `Input::Drop`; without hands (Sokoban rules)
/// they change nothing.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    if !ctx.rules.hands {
        return Ok(());
    }
    match ctx.input {
        Input::Grab => grab(ctx),
        Input::Drop => drop(ctx),
        _ => Ok(()),
    }
}

/// With empty hands, hold the liftable entity in front: it stays where it
/// is, lifted (it presses nothing and sinks nowhere while held).
fn grab(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let player = ctx.player;
    if ctx.held().is_some() {
        return Ok(());
    }
    let facing = ctx.world().get::<Facing>(player)?.0;
    let front = ctx.player_at.step(facing);
    let liftable = ctx
        .world()
        .index()
        .tagged_at(front)
        .find(|(_, tags)| tags.contains(TagKind::Liftable));
    let Some((entity, _)) = liftable else {
        return Ok(());
    };
    ctx.set_held(Some(entity))?;
    ctx.events.push(GrabAttached { player, entity });
    ctx.note_held(entity, front, true);
    Ok(())
}

/// Let go of what is held: it stays where it is and counts as arrived
/// there (it may press a switch or sink this very step).
fn drop(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let player = ctx.player;
    let Some(entity) = ctx.held() else {
        return Ok(());
    };
    ctx.set_held(None)?;
    ctx.events.push(GrabReleased { player, entity });
    if let Ok(at) = ctx.world().position(entity) {
        ctx.note_held(entity, at, false);
    }
    Ok(())
}
