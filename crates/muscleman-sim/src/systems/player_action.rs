//! The player phase: resolve the player's input (walk, face, push).

use muscleman_core::{EntityId, EventBatch, GridDir, GridPos, Input, MoveCause, Moved};

use crate::component::{Facing, TagKind};
use crate::rules::Rules;
use crate::systems::push::try_push;
use crate::world::{World, WorldError};

/// Resolve one player input; the player stands at `from`.
pub(crate) fn resolve(
    world: &mut World,
    player: EntityId,
    from: GridPos,
    input: Input,
    rules: &Rules,
    events: &mut EventBatch,
) -> Result<(), WorldError> {
    match input {
        Input::Move(dir) => walk(world, player, from, dir, rules, events),
        // Their rules are not written yet: they change nothing.
        Input::Grab | Input::Drop | Input::SwingLeft | Input::SwingRight | Input::Wait => Ok(()),
    }
}

/// Face `dir`, then walk one cell from `from`, pushing the chain in front if
/// there is one.
fn walk(
    world: &mut World,
    player: EntityId,
    from: GridPos,
    dir: GridDir,
    rules: &Rules,
    events: &mut EventBatch,
) -> Result<(), WorldError> {
    world.set(player, Facing(dir))?;
    let to = from.step(dir);
    // One look at the cell in front answers both questions.
    let ahead = world.index().kinds_at(to);
    if ahead.contains(TagKind::Pushable) {
        if !try_push(world, to, dir, rules, events)? {
            return Ok(());
        }
    } else if ahead.contains(TagKind::BlocksMovement) {
        return Ok(());
    }
    world.move_to(player, to)?;
    events.push(Moved {
        entity: player,
        from,
        to,
        cause: MoveCause::Player,
    });
    Ok(())
}
