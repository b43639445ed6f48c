//! Push chains: a line of pushables moves as one, or not at all
//! (rules.md §4, "Push chain"), with the key rule: a key pushed into its
//! door is spent and opens it for good.
//!
//! A push is planned first ([`scan`]) and carried out after ([`commit`]),
//! so a move that needs two chains (a strafe's two lanes, a swing's two
//! shoves) can check both before anything moves.

use muscleman_core::{DoorOpened, EntityId, GridDir, GridPos, KeyConsumed, MoveCause};

use crate::component::{TagKind, TagSet};
use crate::context::StepContext;
use crate::decl::Init;
use crate::decl::{Art, Assume, Layer, Mechanic, RecipeDecl, Tint};
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
        Assume::PUSHED.destroyable(),
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

/// Whether a chain's far-end key may open its door: in every chain of a
/// move (walks, forward, backward, both lanes), not in swing shoves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyRule {
    /// A key at the far end opens the closed door of its colour beyond it.
    Opens,
    /// Keys are pushed like anything else (a swing's shove).
    Off,
}

/// A push that can be carried out: the chain from `start`, `len` members
/// long, moving one cell in `dir`; if `unlock` is set, its far member is a
/// key that is spent on that door instead of moving.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chain {
    start: GridPos,
    dir: GridDir,
    len: u32,
    /// The first members' ids, so the commit need not look them up again.
    kept: [EntityId; KEPT],
    unlock: Option<(EntityId, EntityId, TagSet)>,
}

/// Plan a push of the chain of pushables that starts at `start`, one cell
/// in `dir`; `None` if it is refused or there is nothing to push.
///
/// The chain is the maximal run of consecutive cells from `start` in `dir`
/// that each hold a pushable. It may move if it is no longer than
/// `rules.max_chain` and the cell beyond its far end holds nothing that
/// blocks movement, or, with [`KeyRule::Opens`], if its far end is a key
/// and that cell holds the closed door its colour locks.
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
    let mut unlock = None;
    if index.has_kind_at(TagKind::BlocksMovement, end) {
        // Only a key at the far end may still get through: into its door.
        if keys == KeyRule::Off {
            return None;
        }
        let (door, tags) = door_for(ctx.world(), far, end)?;
        unlock = Some((far, door, tags));
    }
    Some(Chain {
        start,
        dir,
        len,
        kept,
        unlock,
    })
}

/// Carry out a planned push: spend the key first if there is one
/// (`KeyConsumed`, `DoorOpened`), then move the members far end first, each
/// emitting `Moved` with cause `Push`. Allocates nothing.
#[inline]
pub(crate) fn commit(ctx: &mut StepContext<'_>, chain: &Chain) -> Result<(), WorldError> {
    let mut len = chain.len;
    if let Some((key, door, door_tags)) = chain.unlock {
        ctx.commands().destroy(key);
        ctx.apply_commands()?;
        ctx.events.push(KeyConsumed { key, door });
        let opened = door_tags
            .minus(TagSet::of(&[
                TagKind::BlocksMovement,
                TagKind::BlocksPush,
                TagKind::Locked,
            ]))
            .with(TagKind::DoorOpen);
        ctx.set_tags(door, opened)?;
        ctx.events.push(DoorOpened { door });
        len -= 1;
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

/// Return the cell `n` cells from `at` in `dir`.
fn step_n(at: GridPos, dir: GridDir, n: u32) -> GridPos {
    let d = dir.offset();
    let n = n as i32;
    GridPos::new(
        at.x.wrapping_add(d.x.wrapping_mul(n)),
        at.y.wrapping_add(d.y.wrapping_mul(n)),
    )
}

/// If `key` is a key and `door_at` holds the closed door its colour locks,
/// return that door and its tags.
fn door_for(world: &World, key: EntityId, door_at: GridPos) -> Option<(EntityId, TagSet)> {
    let index = world.index();
    let (_, key_tags) = index.locate(key)?;
    let color = key_tags
        .color()
        .filter(|_| key_tags.contains(TagKind::Key))?;
    index.tagged_at(door_at).find(|(_, tags)| {
        tags.contains_all(TagSet::of(&[TagKind::Door, TagKind::Locked]))
            && !tags.contains(TagKind::DoorOpen)
            && tags.color() == Some(color)
    })
}
