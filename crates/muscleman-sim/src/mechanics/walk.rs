//! Walk (rules.md §4, "Walk"): face the way you move, then step, pushing
//! the chain in front if there is one. The player cannot swim.

use muscleman_core::{
    EntityId, EntityRecipe, EventBatch, GridDir, GridPos, Input, MoveCause, Moved,
};

use crate::component::{Facing, TagKind, TagSet};
use crate::context::StepContext;
use crate::decl::Init;
use crate::decl::{Art, Assume, Layer, Mechanic, RecipeDecl, Tint};
use crate::floor::{local, same_band};
use crate::line::{MOVE, player};
use crate::mechanics::push::{self, KeyRule, try_push};
use crate::motion::Motion;
use crate::needs::Needs;
use crate::rules::Rules;
use crate::world::{World, WorldError};

/// Walking: the player, strong walls and goals, and the walk of empty hands.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    motions: &[Motion::Walk],
    ..Mechanic::new(
        "walk",
        &[
            RecipeDecl::new(
                EntityRecipe::Player,
                &[
                    TagKind::Player,
                    TagKind::BlocksMovement,
                    TagKind::BlocksPush,
                ],
                Art::new("player", "you", Layer::PLAYER, '@', Tint::Yellow),
                Assume::PUSHED,
            )
            .with_init(&[Init::Hands, Init::Facing(GridDir::Down)])
            .explained("you walk a cell a step and push what you walk into; you cannot swim."),
            RecipeDecl::new(
                EntityRecipe::WallStrong,
                &[
                    TagKind::BlocksMovement,
                    TagKind::BlocksPush,
                    TagKind::WallStrong,
                    TagKind::Static,
                ],
                Art::new("wall", "wall", Layer::WALL, '#', Tint::Grey),
                Assume::SCENERY,
            )
            .explained("nothing goes through it: no walk, no push, no swing."),
            RecipeDecl::new(
                EntityRecipe::Goal,
                &[TagKind::Goal, TagKind::Static],
                Art::new("goal", "goal", Layer::FLOOR, '.', Tint::Yellow),
                Assume::SCENERY,
            )
            .explained(
                "the level is solved when every goal holds a box or a heavy box (keys and hammers \
                 do not count).",
            ),
        ],
        &[player("walk", &[MOVE], run).when(Needs::EmptyHands)],
    )
};

/// Resolve `Input::Move` with empty hands (the schedule runs it only then):
/// the player faces `dir`, then walks one cell, pushing the chain in front
/// if there is one. Moves while holding are `carry`'s.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let Input::Move(dir) = ctx.input else {
        return Ok(());
    };
    ctx.set(ctx.player, Facing(dir))?;
    walk_from(ctx, ctx.player_at, dir).map(|_| ())
}

/// What in the cell ahead makes a walk more than a step: something to
/// push, something in the way, or water.
const NOT_FREE: TagSet = TagSet::EMPTY
    .with(TagKind::Pushable)
    .with(TagKind::BlocksMovement)
    .with(TagKind::WaterCell);

/// What [`walk_free`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Free {
    /// Nothing: the walk needs the schedule (the world is unchanged).
    No,
    /// The player walked into a free cell.
    Walked,
    /// The player pushed one pushable into a free cell and followed it.
    Pushed,
    /// The player walked (and pushed), its walk journalled the general
    /// way (`World::walk_to`): a step to file from its changes and events.
    Filed,
}

/// Walk the player from `at` one cell in `dir` when the cell ahead holds
/// nothing to push, nothing in the way and no water, or holds one
/// pushable that moves into a cell with nothing in its way
/// ([`push::push_one_free`]), in a world where a move runs the walk alone
/// (`step::walks_alone`): what [`run`] does then, to the event and the
/// world, without the schedule. Its Facing and its move are one journal
/// change ([`World::walk_to`]), marked as an undo step of its own
/// ([`World::walk_between`]). Return [`Free::No`], having changed
/// nothing, in every other case.
///
/// With `MOVE_FIRST`, the player's move is written into `events` first,
/// before the cell ahead is read, and taken back when the walk does not
/// go: the step's first writes, they reach the cache soonest. `Game`
/// steps so, because a batch copied as soon as the step returns
/// (`Game::step` returns one) reads its events in wider parts than they
/// were written, which waits until they are there: written last, that
/// wait made `Game::step` 1.6 times `Game::step_into` (BENCHMARKS.md, "The
/// ninth part"). Without it the move is written last, after the walk,
/// which the world's own step (`step::step_into`) runs faster: its batch
/// is the caller's, seldom copied at once. `Game`'s walk also pushes out
/// of line ([`push::push_one_free_apart`]), which reads `rules.max_chain`
/// itself: read only where a push needs it, it is not held through every
/// walk.
///
/// `noted`: the restart baseline has noted the player already (its
/// `Game` knows from an earlier fast walk: `step::walk_checks`).
#[inline(always)]
pub(crate) fn walk_free<const MOVE_FIRST: bool>(
    world: &mut World,
    player: EntityId,
    at: GridPos,
    dir: GridDir,
    rules: &Rules,
    events: &mut EventBatch,
    noted: bool,
) -> Result<Free, WorldError> {
    // Wrapping: a cell past the edge of `i32` is in no spot.
    let to = at.wrapping_step(dir);
    if !same_band(at, to) {
        // Off its floor: the schedule's walk says how that fails.
        return Ok(Free::No);
    }
    debug_assert!(events.is_empty(), "the fast walk starts a step");
    let moved = Moved {
        entity: player,
        from: local(at),
        to: local(to),
        cause: MoveCause::Player,
    };
    let take_back = |events: &mut EventBatch| {
        if MOVE_FIRST {
            events.clear();
        }
    };
    if MOVE_FIRST {
        events.push(moved);
    }
    // The cell ahead looked up once, for the look ahead and the move.
    let index = world.index();
    let Some(there) = index.spot(to) else {
        take_back(events);
        return Ok(Free::No);
    };
    let ahead = index.kinds_in(there);
    let free = if !ahead.intersects(NOT_FREE) {
        Free::Walked
    } else {
        // A push: the box's move comes first (rules.md §4, Push chain).
        take_back(events);
        if !ahead.contains(TagKind::Pushable) || ahead.contains(TagKind::WaterCell) {
            return Ok(Free::No);
        }
        let pushed = if MOVE_FIRST {
            push::push_one_free_apart(world, to, there, dir, rules, events)?
        } else {
            push::push_one_free(world, to, there, dir, rules.max_chain, events)?
        };
        if !pushed {
            return Ok(Free::No);
        }
        if MOVE_FIRST {
            events.push(moved);
        }
        Free::Pushed
    };
    let own = world.walk_between(player, dir, at, (to, there), free == Free::Pushed, noted)?;
    if !MOVE_FIRST {
        events.push(moved);
    }
    Ok(if own { free } else { Free::Filed })
}

/// Return whether a cell with these tags is water nothing fills: the player
/// cannot enter it (rules.md §4, walk step 2).
pub(crate) const fn is_unfilled_water(kinds: TagSet) -> bool {
    kinds.contains(TagKind::WaterCell) && !kinds.contains(TagKind::Walkable)
}

/// Walk the player from `from` one cell in `dir` under the walk and push
/// rules, leaving Facing alone; return whether it moved.
#[inline]
pub(crate) fn walk_from(
    ctx: &mut StepContext<'_>,
    from: GridPos,
    dir: GridDir,
) -> Result<bool, WorldError> {
    let to = from.step(dir);
    // One look at the cell in front answers every question.
    let ahead = ctx.world().index().kinds_at(to);
    if is_unfilled_water(ahead) {
        return Ok(false);
    }
    if ahead.contains(TagKind::Pushable) {
        if !try_push(ctx, to, dir, KeyRule::Opens)? {
            return Ok(false);
        }
    } else if ahead.contains(TagKind::BlocksMovement) {
        return Ok(false);
    }
    ctx.move_entity(ctx.player, from, to, MoveCause::Player)?;
    Ok(true)
}
