//! Push chains: a line of pushables moves as one, or not at all
//! (rules.md §4, "Push chain"), with the key rules: a key at the far end
//! goes into what beyond it takes it (its door, which it opens for good; a
//! cauldron), each declared by its mechanic as a `KeyTaker`; and the rules
//! that clear the way: what beyond the far end is cleared out of its way
//! (a ghost that a book releases), declared as a `WayClearer`.
//!
//! A push is planned first ([`scan`]) and carried out after ([`commit`]),
//! so a move that needs two chains (a strafe's two lanes, a swing's two
//! shoves) can check both before anything moves.

use muscleman_core::{EntityId, EventBatch, GridDir, GridPos, MoveCause, Moved};

use crate::component::{TagKind, TagSet};
use crate::context::{ClearWay, StepContext, TakeKey};
use crate::decl::Init;
use crate::decl::{Art, Assume, Layer, Mechanic, RecipeDecl, Spawns, Tint};
use crate::floor::{local, same_band};
use crate::index::Spot;
use crate::rules::Rules;
use crate::world::{World, WorldError};
use muscleman_core::EntityRecipe;

/// Boxes, which push chains move (the chains themselves are run by walk,
/// carry and swing).
pub(crate) const MECHANIC: Mechanic = Mechanic::new(
    "push",
    &[RecipeDecl::new(
        EntityRecipe::Box,
        &[
            TagKind::BlocksMovement,
            TagKind::BlocksPush,
            TagKind::Pushable,
            TagKind::Liftable,
            TagKind::Openable,
            TagKind::Smashable,
        ],
        Art::new("box", "box", Layer::THING, '$', Tint::Brown),
        Assume::PUSHED
            .broken_by_swing()
            .spawning(Spawns::ItsContents),
    )
    .with_init(&[Init::Contents])
    .explained(
        "walk into it to push it. What it holds, if anything, is marked on it and comes out \
         when it is smashed.",
    )],
    &[],
);

/// How many chain members' ids a plan keeps from its scan.
const KEPT: usize = 16;

/// Whether a chain's far-end key may go into what takes it beyond (its
/// door, a cauldron), and its far end clear what stands beyond out of its
/// way (a book, a ghost): in every chain of a move (walks, forward,
/// backward, both lanes), not in swing shoves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyRule {
    /// A key at the far end goes into what takes it beyond it, and a far
    /// end clears the way of what it clears.
    Opens,
    /// Keys and the rest are pushed like anything else (a swing's shove).
    Off,
}

/// A far-end key that goes into what takes it instead of moving: the key,
/// its tags, the taker and how it takes it.
#[derive(Clone, Copy)]
struct Taken {
    key: EntityId,
    tags: TagSet,
    taker: EntityId,
    takes: TakeKey,
}

/// What stands beyond the far end and is cleared out of its way: the far
/// end, what is cleared and how.
#[derive(Clone, Copy)]
struct Cleared {
    far: EntityId,
    cleared: EntityId,
    clears: ClearWay,
}

/// A push that can be carried out: the chain from `start`, `len` members
/// long, moving one cell in `dir`; if `taken` is set, its far member is a
/// key that goes into what takes it instead of moving.
#[derive(Clone, Copy)]
pub(crate) struct Chain {
    start: GridPos,
    dir: GridDir,
    len: u32,
    /// The first members' ids, so the commit need not look them up again.
    kept: [EntityId; KEPT],
    taken: Option<Taken>,
    cleared: Option<Cleared>,
}

/// Plan a push of the chain of pushables that starts at `start`, one cell
/// in `dir`; `None` if it is refused or there is nothing to push.
///
/// The chain is the maximal run of consecutive cells from `start` in `dir`
/// that each hold a pushable. It may move if it is no longer than
/// `rules.max_chain` and the cell beyond its far end holds nothing that
/// blocks movement, or, with [`KeyRule::Opens`], if its far end is a key
/// and that cell holds what takes it (the closed door its colour locks, a
/// cauldron with room), or if that cell holds what its far end clears out
/// of its way (a ghost, before a book).
#[inline]
pub(crate) fn scan(
    ctx: &StepContext<'_>,
    start: GridPos,
    dir: GridDir,
    keys: KeyRule,
) -> Option<Chain> {
    let max_chain = ctx.rules.max_chain;
    let index = ctx.world().index();
    let mut kept = [EntityId::new(0, 0); KEPT];
    let mut len: u32 = 0;
    let mut last = None;
    let mut end = start;
    while let Some(id) = index.pushable_at(end) {
        if let Some(slot) = kept.get_mut(len as usize) {
            *slot = id;
        }
        last = Some(id);
        len = len.saturating_add(1);
        if max_chain.is_some_and(|max| len > max) {
            return None;
        }
        let next = end.step(dir);
        if next == end {
            // The chain reaches the edge of the grid: there is no cell beyond.
            return None;
        }
        end = next;
    }
    let far = last?;
    let mut taken = None;
    let mut cleared = None;
    if index.has_kind_at(TagKind::BlocksMovement, end) {
        // Only a key at the far end may still get through, into what
        // takes it, or a far end that clears the way of what stands there.
        if keys == KeyRule::Off {
            return None;
        }
        let (_, tags) = index.locate(far)?;
        match taker_for(ctx, far, tags, end) {
            Some(t) => taken = Some(t),
            None => {
                let (found, clears) = ctx.way_clearer(tags, end)?;
                cleared = Some(Cleared {
                    far,
                    cleared: found,
                    clears,
                });
            }
        }
    }
    Some(Chain {
        start,
        dir,
        len,
        kept,
        taken,
        cleared,
    })
}

/// Carry out a planned push: spend the key first if there is one (its
/// taker's events: `KeyConsumed` and `DoorOpened`, or `PutIn`), or clear
/// the way (a ghost's `GhostReleased`), then move the members far end
/// first, each emitting `Moved` with cause `Push`.
/// Allocates nothing.
#[inline]
pub(crate) fn commit(ctx: &mut StepContext<'_>, chain: &Chain) -> Result<(), WorldError> {
    let mut len = chain.len;
    if let Some(taken) = chain.taken {
        ctx.commands().destroy(taken.key);
        ctx.apply_commands()?;
        (taken.takes)(ctx, taken.key, taken.tags, taken.taker)?;
        len -= 1;
    }
    if let Some(c) = chain.cleared {
        (c.clears)(ctx, c.far, c.cleared)?;
    }
    // Far end first: each member's destination was just vacated, and the
    // cells nearer the start still hold what the scan saw.
    let back = chain.dir.opposite();
    let mut from = step_n(chain.start, chain.dir, len);
    for member in (0..len as usize).rev() {
        let to = from;
        from = to.step(back);
        let id = match chain.kept.get(member) {
            Some(id) => Some(*id),
            None => ctx.world().index().pushable_at(from),
        };
        if let Some(id) = id {
            ctx.move_entity(id, from, to, MoveCause::Push)?;
        }
    }
    Ok(())
}

/// Push the chain that starts at `start` one cell in `dir` if it can move
/// ([`scan`], then [`commit`]); return whether it moved.
pub(crate) fn try_push(
    ctx: &mut StepContext<'_>,
    start: GridPos,
    dir: GridDir,
    keys: KeyRule,
) -> Result<bool, WorldError> {
    match scan(ctx, start, dir, keys) {
        Some(chain) => commit(ctx, &chain).map(|()| true),
        None => Ok(false),
    }
}

/// Push the one pushable at `start` (its cell's `spot`) one cell in `dir`
/// when that is the whole chain and its cell beyond holds nothing that blocks movement
/// (nothing to take a key, nothing to clear): what [`scan`] and [`commit`]
/// do then (its `Moved`, cause `Push`, and its move), with the world
/// alone, for the fast walk (`walk::walk_free`, taken only where a move
/// runs the walk and nothing else). Return `false`, having changed
/// nothing, in every other case (the cell beyond on another floor's band,
/// or outside the index's dense array, included): the schedule's push
/// decides those.
#[inline(always)]
pub(crate) fn push_one_free(
    world: &mut World,
    start: GridPos,
    spot: Spot,
    dir: GridDir,
    max_chain: Option<u32>,
    events: &mut EventBatch,
) -> Result<bool, WorldError> {
    // Wrapping: a cell past the edge of `i32` is in no spot.
    let beyond = start.wrapping_step(dir);
    if max_chain == Some(0) || !same_band(start, beyond) {
        return Ok(false);
    }
    let index = world.index();
    let Some(beyond_spot) = index.spot(beyond) else {
        return Ok(false);
    };
    if index.kinds_in(beyond_spot).intersects(ONE_IN_THE_WAY) {
        return Ok(false);
    }
    let Some(id) = index.first_in(spot, TagKind::Pushable) else {
        return Ok(false);
    };
    world.move_between(id, start, (beyond, beyond_spot))?;
    events.push(Moved {
        entity: id,
        from: local(start),
        to: local(beyond),
        cause: MoveCause::Push,
    });
    Ok(true)
}

/// [`push_one_free`], never inlined: `Game`'s fast walk pushes through it,
/// so that the registers a push holds are not taken from every walk
/// (BENCHMARKS.md, "The tenth part"); the world's own step inlines the push.
#[inline(never)]
pub(crate) fn push_one_free_apart(
    world: &mut World,
    start: GridPos,
    spot: Spot,
    dir: GridDir,
    rules: &Rules,
    events: &mut EventBatch,
) -> Result<bool, WorldError> {
    push_one_free(world, start, spot, dir, rules.max_chain, events)
}

/// What beyond a one-member chain makes its push more than a move: a
/// second member, or something in the way.
const ONE_IN_THE_WAY: TagSet = TagSet::EMPTY
    .with(TagKind::Pushable)
    .with(TagKind::BlocksMovement);

/// Return the cell `n` cells from `at` in `dir`.
fn step_n(at: GridPos, dir: GridDir, n: u32) -> GridPos {
    let d = dir.offset();
    let n = n as i32;
    GridPos::new(
        at.x.wrapping_add(d.x.wrapping_mul(n)),
        at.y.wrapping_add(d.y.wrapping_mul(n)),
    )
}

/// If `key` (with `tags`) is a key and what stands at `at` takes it (the
/// first taker in registration order that finds one there), return how it
/// is taken.
fn taker_for(ctx: &StepContext<'_>, key: EntityId, tags: TagSet, at: GridPos) -> Option<Taken> {
    if !tags.contains(TagKind::Key) {
        return None;
    }
    let (taker, takes) = ctx.key_taker(tags, at)?;
    Some(Taken {
        key,
        tags,
        taker,
        takes,
    })
}
