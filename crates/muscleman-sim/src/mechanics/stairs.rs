//! Stairs (rules.md §4, environment step 0): a player that walks onto
//! stairs climbs to the same cell of the floor above (`StairsUp`) or below
//! (`StairsDown`), with what it holds when there is room for it.
//!
//! Rule, after the player's action and the actors: if the player entered a
//! stairs cell this step by its own move, and the stairs' other end holds
//! no `BlocksMovement` entity, the player moves to that floor
//! (`LevelTransition`, no `Moved`: its cell does not change). A held item
//! still at F goes along (still at F) when its cell on the new floor holds
//! no blocker; otherwise the player lets go first (`GrabReleased`), the
//! item stays and counts as arrived, and the player goes alone. An item
//! spent in the move (a key at its door) is not carried. With the other
//! end blocked nothing more happens: the player stands on the stairs.

use muscleman_core::{EntityId, EntityRecipe, GrabReleased, GridPos, LevelTransition};

use crate::component::{Facing, TagKind, TagSet};
use crate::context::StepContext;
use crate::decl::{Answer, Art, Assume, Layer, Mechanic, RecipeDecl, Tint};
use crate::floor::{floor_of, on_floor};
use crate::line::{Phase, system};
use crate::motion::Motion;
use crate::needs::Needs;
use crate::world::{InvariantError, World, WorldError};

crate::component::tags! {
    TAGS;
    /// Is stairs leading up (`Stairs(up)` of rules.md §3).
    StairsUp = 29,
    /// Is stairs leading down (`Stairs(down)` of rules.md §3).
    StairsDown = 30,
}

/// Stairs up's tags: level data that never moves.
const UP: &[TagKind] = &[TagKind::StairsUp, TagKind::Static];
/// Stairs down's tags.
const DOWN: &[TagKind] = &[TagKind::StairsDown, TagKind::Static];

/// Stairs, and the climb.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    motions: &[Motion::Floors],
    check: Some(check),
    tags: TAGS,
    meets: &[
        (Needs::Stairs, TagKind::StairsUp),
        (Needs::Stairs, TagKind::StairsDown),
    ],
    ..Mechanic::new(
        "stairs",
        &[
            RecipeDecl::new(
                EntityRecipe::StairsUp,
                UP,
                Art::new("stairs_up", "stairs up", Layer::SET_IN, '<', Tint::Cyan),
                Assume::SCENERY
                    .outside_push_search("stairs")
                    .answering_steps(Answer::Beyond)
                    .leading_between_floors(),
            )
            .explained(
                "walk onto them to climb to the same cell of the floor above, with what you hold \
                 if there is room for it.",
            ),
            RecipeDecl::new(
                EntityRecipe::StairsDown,
                DOWN,
                Art::new("stairs_down", "stairs down", Layer::SET_IN, '>', Tint::Cyan),
                Assume::SCENERY
                    .outside_push_search("stairs")
                    .answering_steps(Answer::Beyond)
                    .leading_between_floors(),
            )
            .explained(
                "walk onto them to go down to the same cell of the floor below, with what you \
                 hold if there is room for it.",
            ),
        ],
        &[system(Phase::Environment, "stairs", run).when(Needs::Stairs)],
    )
};

/// Return the floor the stairs in a cell with these tags lead to from
/// `floor`, if the cell has stairs.
const fn leads_to(kinds: TagSet, floor: u32) -> Option<u32> {
    if kinds.contains(TagKind::StairsUp) {
        Some(floor.saturating_add(1))
    } else if kinds.contains(TagKind::StairsDown) && floor > 1 {
        Some(floor - 1)
    } else {
        None
    }
}

/// Stairs are paired (rules.md §5, invariant 9): a `StairsUp` has a
/// `StairsDown` in the same cell of the floor above, and the reverse.
fn check(world: &World, at: GridPos, _: Option<EntityId>) -> Result<(), InvariantError> {
    let kinds = world.index().kinds_at(at);
    let floor = floor_of(at);
    let pair = if kinds.contains(TagKind::StairsUp) {
        Some((floor.saturating_add(1), TagKind::StairsDown))
    } else if kinds.contains(TagKind::StairsDown) {
        Some((floor.saturating_sub(1), TagKind::StairsUp))
    } else {
        None
    };
    match pair {
        Some((other, tag))
            if other == 0 || !world.index().kinds_at(on_floor(at, other)).contains(tag) =>
        {
            Err(InvariantError::Broken {
                rule: "stairs with no pair on the next floor",
                at,
                entity: world
                    .index()
                    .first_with(TagKind::StairsUp, at)
                    .or(world.index().first_with(TagKind::StairsDown, at)),
            })
        }
        _ => Ok(()),
    }
}

/// Take the player up or down the stairs it walked onto this step.
fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let player = ctx.player;
    let now = ctx.world().position(player)?;
    // The player moves only by its own move (cause Player) in the player
    // action: a changed cell is one it entered so.
    if now == ctx.player_at {
        return Ok(());
    }
    let index = ctx.world().index();
    let from_floor = floor_of(now);
    let Some(to_floor) = leads_to(index.kinds_at(now), from_floor) else {
        return Ok(());
    };
    if to_floor > ctx.world().floor_count() {
        return Ok(());
    }
    let stairs_tags = TagSet::of(&[TagKind::StairsUp, TagKind::StairsDown]);
    let Some(stairs) = index
        .tagged_at(now)
        .find(|(_, t)| t.intersects(stairs_tags))
        .map(|(id, _)| id)
    else {
        return Ok(());
    };
    let arrival = on_floor(now, to_floor);
    if index.has_kind_at(TagKind::BlocksMovement, arrival) {
        // Blocked: the player stands on the stairs, holding what it held.
        return Ok(());
    }
    let mut carried = None;
    if let Some(held) = ctx.held() {
        let front = now.step(ctx.world().get::<Facing>(player)?.0);
        let at_front = ctx.world().is_alive(held) && ctx.world().position(held).ok() == Some(front);
        if at_front {
            let there = on_floor(front, to_floor);
            if ctx
                .world()
                .index()
                .has_kind_at(TagKind::BlocksMovement, there)
            {
                // No room for it: let go first; it lands where it is.
                ctx.set_held(None)?;
                ctx.events.push(GrabReleased {
                    player,
                    entity: held,
                });
                ctx.note_held(held, front, false);
            } else {
                carried = Some(held);
            }
        }
    }
    ctx.move_to_floor(player, to_floor)?;
    if let Some(item) = carried {
        ctx.move_to_floor(item, to_floor)?;
    }
    ctx.events.push(LevelTransition {
        player,
        stairs,
        carried,
        from_floor,
        to_floor,
    });
    Ok(())
}
