//! The player phase: resolve the player's input (walk, face, push).

use muscleman_core::{EntityId, EventBatch, GridDir, Input, MoveCause, Moved};

use crate::component::{Facing, TagKind};
use crate::rules::Rules;
use crate::systems::push::try_push;
use crate::world::{World, WorldError};

/// Resolve one player input.
pub(crate) fn resolve(
    world: &mut World,
    player: EntityId,
    input: Input,
    rules: &Rules,
    events: &mut EventBatch,
) -> Result<(), WorldError> {
    match input {
        Input::Move(dir) => walk(world, player, dir, rules, events),
        // Their rules are not written yet: they change nothing.
        Input::Grab | Input::Drop | Input::SwingLeft | Input::SwingRight | Input::Wait => Ok(()),
    }
}

/// Face `dir`, then walk one cell, pushing the chain in front if there is one.
fn walk(
    world: &mut World,
    player: EntityId,
    dir: GridDir,
    rules: &Rules,
    events: &mut EventBatch,
) -> Result<(), WorldError> {
    let from = world.position(player)?;
    world.set(player, Facing(dir))?;
    let to = from.step(dir);
    if world.index().has_kind_at(TagKind::Pushable, to) {
        if !try_push(world, to, dir, rules, events)? {
            return Ok(());
        }
    } else if world.index().has_kind_at(TagKind::BlocksMovement, to) {
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
