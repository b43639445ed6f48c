//! The bong (rules.md §3 and §4, Swing step 2): what a cauldron brews of
//! two keys that do not make a green one. It is a thing (pushed, carried,
//! swung, floating on water like a box, counting on no goal) that holds
//! its two keys, in the order they went in.
//!
//! A hammer smashes it (`Smashed`, then BongsBroken goes up by one). A cell
//! holds one blocker, so its keys spill: the first takes the bong's cell,
//! the second the first of the bong's neighbours, in the order Up, Right,
//! Down, Left, that is inside the floor's rectangle, holds nothing that
//! blocks movement and no unfilled water, and is not a stairs cell. With
//! no such neighbour the bong is no target: the strike looks on as if it
//! were not there.

use muscleman_core::{EntityId, EntityRecipe, GlobalCounter, GridDir, GridPos};

use crate::breaking::Breaking;
use crate::component::{Inside, TagKind, TagSet};
use crate::decl::{Art, Assume, Init, Layer, Mechanic, RecipeDecl, Spawns, Tint};
use crate::floor::same_band;
use crate::mechanics::walk::is_unfilled_water;
use crate::world::{InvariantError, World};

/// The bong.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    check: Some(check),
    ..Mechanic::new(
        "bong",
        &[RecipeDecl::new(
            EntityRecipe::Bong,
            &[
                TagKind::BlocksMovement,
                TagKind::BlocksPush,
                TagKind::Pushable,
                TagKind::Liftable,
                TagKind::Smashable,
            ],
            Art::new("bong", "bong", Layer::THING, 'b', Tint::Magenta),
            Assume::PUSHED
                .broken_by_swing()
                .spawning(Spawns::ItsContents)
                .outside_push_search("bongs"),
        )
        .explained(
            "two keys brewed together, carried like a box. A swung hammer smashes it: one key \
             stays, the other lands on the first free cell beside it (up, right, down, left; \
             none free, no smash).",
        )
        .with_init(&[Init::Contents])
        .breaking(spill)],
        &[],
    )
};

/// What a stairs cell has.
const STAIRS: TagSet = TagSet::of(&[TagKind::StairsUp, TagKind::StairsDown]);

/// Where a smashed bong at `at` spills its second key: the first free
/// neighbour, Up, Right, Down, Left; none, and it is no target.
fn spill(world: &World, _: EntityId, at: GridPos) -> Option<Breaking> {
    let index = world.index();
    GridDir::ALL
        .into_iter()
        .map(|dir| at.step(dir))
        .find(|&cell| {
            let kinds = index.kinds_at(cell);
            same_band(at, cell)
                && world.inside_floor(cell)
                && !kinds.contains(TagKind::BlocksMovement)
                && !is_unfilled_water(kinds)
                && !kinds.intersects(STAIRS)
        })
        .map(|cell| Breaking {
            spill: cell,
            counter: Some(GlobalCounter::BongsBroken),
        })
}

/// A bong holds exactly two keys (rules.md §5, invariant 10).
fn check(world: &World, at: GridPos, _: Option<EntityId>) -> Result<(), InvariantError> {
    for (id, tags) in world.index().tagged_at(at) {
        // A bong's tags: a box's, less Openable.
        if !tags.contains(TagKind::Smashable) || tags.contains(TagKind::Openable) {
            continue;
        }
        let contents = world.get::<Inside>(id).map(|c| c.0).unwrap_or_default();
        if contents.len() != 2 || !contents.as_slice().iter().all(|r| r.is_key()) {
            return Err(InvariantError::Broken {
                rule: "a bong holds other than two keys",
                at,
                entity: Some(id),
            });
        }
    }
    Ok(())
}
