//! Walk (rules.md §4, "Walk"): face the way you move, then step, pushing
//! the chain in front if there is one.

use muscleman_core::{GridDir, Input, MoveCause};

use crate::component::{Facing, TagKind};
use crate::context::StepContext;
use crate::systems::push::try_push;
use crate::world::WorldError;

/// Resolve `Input::Move`: the player faces `dir`, then walks one cell,
/// pushing the chain in front if there is one.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let Input::Move(dir) = ctx.input else {
        return Ok(());
    };
    walk(ctx, dir)
}

fn walk(ctx: &mut StepContext<'_>, dir: GridDir) -> Result<(), WorldError> {
    let (player, from) = (ctx.player, ctx.player_at);
    ctx.set(player, Facing(dir))?;
    let to = from.step(dir);
    // One look at the cell in front answers both questions.
    let ahead = ctx.world().index().kinds_at(to);
    if ahead.contains(TagKind::Pushable) {
        if !try_push(ctx, to, dir)? {
            return Ok(());
        }
    } else if ahead.contains(TagKind::BlocksMovement) {
        return Ok(());
    }
    ctx.move_entity(player, from, to, MoveCause::Player)
}
