//! Recipes: the bundles of tags and components that make each kind of entity.

use muscleman_core::{EntityId, EntityRecipe, GridDir, GridPos};

use crate::component::{Facing, Holding, TagKind, TagSet};
use crate::world::World;

/// Why a recipe could not be spawned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecipeError {
    /// The recipe's rules are not written yet, so the sim cannot make it.
    #[error("recipe {0} is not implemented yet")]
    NotImplemented(EntityRecipe),
}

/// Return the tags a recipe gives, or `None` if the sim does not implement it.
///
/// # Example
/// ```
/// use muscleman_core::EntityRecipe;
/// use muscleman_sim::{recipe_tags, TagKind};
///
/// let tags = recipe_tags(EntityRecipe::WallWeak).unwrap();
/// assert!(tags.contains(TagKind::BlocksMovement));
/// assert!(!tags.contains(TagKind::BlocksPush));
/// assert_eq!(recipe_tags(EntityRecipe::Duck), None);
/// ```
pub const fn recipe_tags(recipe: EntityRecipe) -> Option<TagSet> {
    use TagKind::*;
    let tags: &[TagKind] = match recipe {
        EntityRecipe::Player => &[Player, BlocksMovement, BlocksPush],
        EntityRecipe::WallStrong => &[BlocksMovement, BlocksPush, WallStrong, Static],
        EntityRecipe::WallWeak => &[BlocksMovement, WallWeak, Static],
        EntityRecipe::WaterCell => &[WaterCell, Static],
        EntityRecipe::Box => &[
            BlocksMovement,
            BlocksPush,
            Pushable,
            Liftable,
            Openable,
            Smashable,
        ],
        EntityRecipe::HeavyBox => &[BlocksMovement, BlocksPush, Pushable, Heavy, Sinkable],
        EntityRecipe::Goal => &[Goal, Static],
        _ => return None,
    };
    Some(TagSet::of(tags))
}

/// Return whether the sim can spawn `recipe`.
pub const fn is_implemented(recipe: EntityRecipe) -> bool {
    recipe_tags(recipe).is_some()
}

/// Spawn an entity of `recipe` at `pos` and return its id.
///
/// A recipe whose rules are not written yet is refused before anything is spawned.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridPos};
/// use muscleman_sim::{spawn, Pushable, RecipeError, World};
///
/// let mut world = World::new();
/// let boxed = spawn(&mut world, EntityRecipe::Box, GridPos::new(1, 1))?;
/// assert!(world.has_tag::<Pushable>(boxed).unwrap());
/// assert_eq!(
///     spawn(&mut world, EntityRecipe::Duck, GridPos::new(2, 1)),
///     Err(RecipeError::NotImplemented(EntityRecipe::Duck))
/// );
/// # Ok::<(), RecipeError>(())
/// ```
pub fn spawn(
    world: &mut World,
    recipe: EntityRecipe,
    pos: GridPos,
) -> Result<EntityId, RecipeError> {
    let tags = recipe_tags(recipe).ok_or(RecipeError::NotImplemented(recipe))?;
    let id = world.spawn_tagged(pos, tags);
    // The entity was spawned just above, so these cannot fail.
    if recipe == EntityRecipe::Player {
        let _ = world.set(id, Holding(None));
        let _ = world.set(id, Facing(GridDir::Down));
    }
    Ok(id)
}

/// Return the recipe an entity's tags match exactly, or `None` if they match
/// none (a sunk heavy box, say, or an entity changed by hand).
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridPos};
/// use muscleman_sim::{recipe_of, spawn, World};
///
/// let mut world = World::new();
/// let id = spawn(&mut world, EntityRecipe::HeavyBox, GridPos::new(0, 0)).unwrap();
/// assert_eq!(recipe_of(&world, id), Some(EntityRecipe::HeavyBox));
/// ```
pub fn recipe_of(world: &World, id: EntityId) -> Option<EntityRecipe> {
    let tags = world.tags(id).ok()?;
    EntityRecipe::ALL
        .into_iter()
        .find(|r| recipe_tags(*r) == Some(tags))
}
