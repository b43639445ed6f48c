//! Moving while holding (rules.md §4, "Moving while holding"): forward
//! pushes through the held item, backward drags it, sideways strafes in two
//! lanes. Facing never changes: moves are absolute, turning is swinging.

use muscleman_core::{EntityId, GridDir, GridPos, Input, MoveCause};

use crate::component::{Facing, TagKind};
use crate::context::StepContext;
use crate::decl::Mechanic;
use crate::line::{MOVE, player};
use crate::mechanics::push::{self, Chain, KeyRule};
use crate::mechanics::walk::{is_unfilled_water, walk_from};
use crate::motion::Motion;
use crate::needs::Needs;
use crate::world::WorldError;

/// Moving while holding.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    motions: &[Motion::Carry],
    ..Mechanic::new(
        "carry",
        &[],
        &[player("carry", &[MOVE], run).when(Needs::Holding)],
    )
};

/// Resolve `Input::Move` while holding an item (empty hands are `walk`'s).
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let Input::Move(dir) = ctx.input else {
        return Ok(());
    };
    let Some(held) = ctx.held() else {
        return Ok(());
    };
    let facing = ctx.world().get::<Facing>(ctx.player)?.0;
    let (p, front) = (ctx.player_at, ctx.player_at.step(facing));
    if dir == facing {
        forward(ctx, p, front, dir)
    } else if dir == facing.opposite() {
        backward(ctx, held, p, front, dir)
    } else {
        sideways(ctx, p, front, dir)
    }
}

/// Forward: a push chain from the cell in front, the held item first; on
/// success the player steps into that cell. A held key walked into its door
/// is spent there and opens it.
fn forward(
    ctx: &mut StepContext<'_>,
    p: GridPos,
    front: GridPos,
    dir: GridDir,
) -> Result<(), WorldError> {
    if is_unfilled_water(ctx.world().index().kinds_at(front)) {
        return Ok(());
    }
    if push::try_push(ctx, front, dir, KeyRule::Opens)? {
        ctx.move_entity(ctx.player, p, front, MoveCause::Player)?;
    }
    Ok(())
}

/// Backward: the player walks away from the item under the walk and push
/// rules; if it moved, the item follows into the cell it left.
fn backward(
    ctx: &mut StepContext<'_>,
    held: EntityId,
    p: GridPos,
    front: GridPos,
    dir: GridDir,
) -> Result<(), WorldError> {
    if walk_from(ctx, p, dir)? {
        ctx.move_entity(held, front, p, MoveCause::Push)?;
    }
    Ok(())
}

/// Sideways: two lanes, the item's (a push chain from the cell in front,
/// the item first) and the player's (a walk). Both must succeed or nothing
/// moves; the item's lane moves first.
fn sideways(
    ctx: &mut StepContext<'_>,
    p: GridPos,
    front: GridPos,
    dir: GridDir,
) -> Result<(), WorldError> {
    let Some(item_lane) = push::scan(ctx, front, dir, KeyRule::Opens) else {
        return Ok(());
    };
    let Some(player_lane) = plan_walk(ctx, p, dir) else {
        return Ok(());
    };
    push::commit(ctx, &item_lane)?;
    if let Some(chain) = &player_lane {
        push::commit(ctx, chain)?;
    }
    ctx.move_entity(ctx.player, p, p.step(dir), MoveCause::Player)
}

/// Plan the player's walk from `p` one cell in `dir` without moving
/// anything: `None` if it is refused, `Some(None)` if the way is free,
/// `Some(Some(chain))` if it pushes that chain.
fn plan_walk(ctx: &StepContext<'_>, p: GridPos, dir: GridDir) -> Option<Option<Chain>> {
    let to = p.step(dir);
    let ahead = ctx.world().index().kinds_at(to);
    if is_unfilled_water(ahead) {
        return None;
    }
    if ahead.contains(TagKind::Pushable) {
        return push::scan(ctx, to, dir, KeyRule::Opens).map(Some);
    }
    (!ahead.contains(TagKind::BlocksMovement)).then_some(None)
}
