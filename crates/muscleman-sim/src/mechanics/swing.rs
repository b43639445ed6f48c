//! Swing (rules.md §4, "Swing"): turn a quarter, carrying the held item
//! along an arc from the cell in front (F) through the diagonal (V) to the
//! cell beside the player (T), shoving what stands at V and T; a hammer
//! strikes instead when there is something to smash.

use muscleman_core::{
    EntityId, GridDir, GridPos, Input, MoveCause, Smashed, SpawnedIds, SwingBlocked,
    SwingBlockedReason, Swung,
};

use crate::component::{Facing, Inside, TagKind, TagSet};
use crate::context::StepContext;
use crate::decl::{Art, Assume, Layer, Mechanic, RecipeDecl, Tint};
use crate::floor::local;
use crate::line::player;
use crate::mechanics::push::{self, Chain, KeyRule};
use crate::motion::Motion;
use crate::world::WorldError;
use muscleman_core::EntityRecipe;

crate::component::tags! {
    TAGS;
    /// Is a hammer.
    Hammer = 8,
    /// Can be smashed.
    Smashable = 9,
    /// Is a weak wall.
    WallWeak = 13,
}

/// Swings and the hammer, with the weak walls it breaks.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    motions: &[Motion::Swing],
    tags: TAGS,
    ..Mechanic::new(
        "swing",
        &[
            RecipeDecl::new(
                EntityRecipe::Hammer,
                &[
                    TagKind::BlocksMovement,
                    TagKind::BlocksPush,
                    TagKind::Pushable,
                    TagKind::Liftable,
                    TagKind::Hammer,
                ],
                Art::new("hammer", "hammer", Layer::THING, 'T', Tint::Grey),
                Assume::PUSHED.breaking().outside_push_search("hammers"),
            )
            .explained(
                "grab it and swing: it smashes the first box, bong or weak wall in its arc (the \
                 corner, then beside you), and what a box or a bong held comes out.",
            ),
            RecipeDecl::new(
                EntityRecipe::WallWeak,
                &[TagKind::BlocksMovement, TagKind::WallWeak, TagKind::Static],
                Art::new("weak_wall", "weak wall", Layer::WALL, '%', Tint::Brown),
                Assume::SCENERY.broken_by_swing(),
            )
            .explained(
                "it blocks walking and pushing like a wall, but a held thing swings past its \
                 corner, and a swung hammer smashes it.",
            ),
        ],
        &[player("swing", &[Input::SwingLeft, Input::SwingRight], run)],
    )
};

/// What a hammer smashes.
const SMASHABLE: TagSet = TagSet::of(&[TagKind::Smashable, TagKind::WallWeak]);

/// Resolve `Input::SwingLeft` and `Input::SwingRight`; without hands
/// (Sokoban rules) they change nothing.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    if !ctx.rules.hands {
        return Ok(());
    }
    let clockwise = match ctx.input {
        Input::SwingLeft => false,
        Input::SwingRight => true,
        _ => return Ok(()),
    };
    let player = ctx.player;
    let facing = ctx.world().get::<Facing>(player)?.0;
    let to = if clockwise {
        facing.rotate_right()
    } else {
        facing.rotate_left()
    };
    let Some(held) = ctx.held() else {
        // Empty hands: turn in place.
        return ctx.set(player, Facing(to));
    };
    let p = ctx.player_at;
    let arc = Arc {
        from: p.step(facing),
        via: p.step(facing).step(to),
        to: p.step(to),
    };
    if is_hammer(ctx, held) && strike(ctx, &arc)? {
        return Ok(());
    }
    // Scan V along the turn, then T back along the old facing.
    let via = match shove_plan(ctx, arc.via, to, false) {
        Ok(plan) => plan,
        Err(()) => return blocked(ctx, SwingBlockedReason::Via),
    };
    let at_t = match shove_plan(ctx, arc.to, facing.opposite(), true) {
        Ok(plan) => plan,
        Err(()) => return blocked(ctx, SwingBlockedReason::To),
    };
    for chain in [via, at_t].iter().flatten() {
        push::commit(ctx, chain)?;
    }
    ctx.move_entity(held, arc.from, arc.to, MoveCause::Swing)?;
    ctx.set(player, Facing(to))?;
    ctx.events.push(Swung {
        player,
        arc_from: local(arc.from),
        arc_via: local(arc.via),
        arc_to: local(arc.to),
    });
    Ok(())
}

/// The three cells of a swing.
struct Arc {
    /// F, where the held item starts.
    from: GridPos,
    /// V, the diagonal it passes.
    via: GridPos,
    /// T, where it ends.
    to: GridPos,
}

/// Return whether `id` is a hammer.
fn is_hammer(ctx: &StepContext<'_>, id: EntityId) -> bool {
    ctx.world()
        .index()
        .locate(id)
        .is_some_and(|(_, tags)| tags.contains(TagKind::Hammer))
}

/// Plan the swing's pass through `at`: a shove of the pushable chain there
/// one cell in `dir` (`Ok(Some)`), a free pass (`Ok(None)`), or blocked
/// (`Err`) by a chain that cannot move, anything else that blocks a swing,
/// or, at T (`landing`), anything left that blocks movement.
fn shove_plan(
    ctx: &StepContext<'_>,
    at: GridPos,
    dir: GridDir,
    landing: bool,
) -> Result<Option<Chain>, ()> {
    let kinds = ctx.world().index().kinds_at(at);
    if kinds.contains(TagKind::Pushable) {
        // One blocker per cell: once the chain moves, the cell is free.
        return push::scan(ctx, at, dir, KeyRule::Off).map(Some).ok_or(());
    }
    if kinds.contains(TagKind::BlocksPush) || (landing && kinds.contains(TagKind::BlocksMovement)) {
        return Err(());
    }
    Ok(None)
}

/// Emit the one event of a blocked swing; nothing else changes.
fn blocked(ctx: &mut StepContext<'_>, reason: SwingBlockedReason) -> Result<(), WorldError> {
    ctx.events.push(SwingBlocked {
        actor: ctx.player,
        reason,
    });
    Ok(())
}

/// The hammer strike: smash the first of V and T that holds a target (a
/// smashable or a weak wall that its recipe lets break where it stands; T
/// only if nothing else at V stops a swing), spawning its contents in
/// order, the first in its cell and the rest where its recipe spills them,
/// then raising the counter its breaking raises. Return whether it struck.
fn strike(ctx: &mut StepContext<'_>, arc: &Arc) -> Result<bool, WorldError> {
    let index = ctx.world().index();
    // A smashable that cannot break where it stands is no target: the
    // strike looks on as if it were not there.
    let target_at = |at: GridPos| {
        index
            .tagged_at(at)
            .filter(|(_, tags)| tags.intersects(SMASHABLE))
            .find_map(|(id, _)| ctx.breaking(id, at).map(|b| (id, at, b)))
    };
    let target = target_at(arc.via).or_else(|| {
        let stops = index.tagged_at(arc.via).any(|(id, tags)| {
            tags.contains(TagKind::BlocksPush)
                && !(tags.intersects(SMASHABLE) && ctx.breaking(id, arc.via).is_none())
        });
        if stops { None } else { target_at(arc.to) }
    });
    let Some((entity, at, how)) = target else {
        return Ok(false);
    };
    let contents = ctx.world().get::<Inside>(entity).ok().map(|c| c.0);
    ctx.commands().destroy(entity);
    for (i, recipe) in contents.iter().flat_map(|c| c.as_slice()).enumerate() {
        let cell = if i == 0 { at } else { how.spill };
        ctx.commands()
            .spawn(muscleman_core::EntitySpec::new(*recipe), cell);
    }
    let spawned = ctx.apply_commands()?;
    let mut ids = SpawnedIds::EMPTY;
    for id in spawned {
        ids.push(*id);
    }
    ctx.events.push(Smashed {
        entity,
        contents: ids,
    });
    if let Some(counter) = how.counter {
        ctx.add_counter(counter, 1);
    }
    Ok(true)
}
