//! Recipes: the bundles of tags and components that make each kind of
//! entity (rules.md §3), and the states a level can write them in.

use muscleman_core::{
    Contents, EntityId, EntityRecipe, EntitySpec, GlobalCounter, GridDir, GridPos, RecipeState,
};

use crate::component::{Collects, Facing, Holding, Inside, LevelMember, TagKind, TagSet};
use crate::world::World;

/// Why a recipe could not be spawned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecipeError {
    /// The recipe's rules are not written yet, so the sim cannot make it.
    #[error("recipe {0} is not implemented yet")]
    NotImplemented(EntityRecipe),
    /// The recipe is implemented, but not in this state or with these
    /// contents (their rules are not written yet, or the state does not
    /// apply to the recipe).
    #[error("{0} is not implemented yet")]
    SpecNotImplemented(EntitySpec),
}

/// The main level: every entity belongs to it until stairs arrive.
pub(crate) const MAIN_LEVEL: LevelMember = LevelMember(0);

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
/// assert!(recipe_tags(EntityRecipe::KeyRed).unwrap().contains(TagKind::Red));
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
        EntityRecipe::Hammer => &[BlocksMovement, BlocksPush, Pushable, Liftable, Hammer],
        EntityRecipe::KeyBlue
        | EntityRecipe::KeyRed
        | EntityRecipe::KeyYellow
        | EntityRecipe::KeyGreen => &[BlocksMovement, BlocksPush, Pushable, Liftable, Key],
        EntityRecipe::DoorBlue
        | EntityRecipe::DoorRed
        | EntityRecipe::DoorYellow
        | EntityRecipe::DoorGreen => &[Door, BlocksMovement, BlocksPush, Locked],
        EntityRecipe::SecretDoor => &[Door, BlocksMovement, BlocksPush],
        EntityRecipe::PressurePlateBlue
        | EntityRecipe::PressurePlateRed
        | EntityRecipe::PressurePlateYellow
        | EntityRecipe::PressurePlateGreen
        | EntityRecipe::PressurePlateHeavy => &[PressurePlate],
        EntityRecipe::Apple | EntityRecipe::Pear | EntityRecipe::Cheese | EntityRecipe::Coin => {
            &[Collectible]
        }
        // Their rules come in a later version of the rules; until then they
        // are refused.
        EntityRecipe::Bong
        | EntityRecipe::Cauldron
        | EntityRecipe::StairsUp
        | EntityRecipe::StairsDown
        | EntityRecipe::Book
        | EntityRecipe::Ghost
        | EntityRecipe::Duck => return None,
    };
    let tags = TagSet::of(tags);
    Some(match recipe.color() {
        Some(color) => tags.with(TagKind::of_color(color)),
        None => tags,
    })
}

/// Return the counter a collectible recipe raises.
pub(crate) const fn collects(recipe: EntityRecipe) -> Option<GlobalCounter> {
    match recipe {
        EntityRecipe::Apple => Some(GlobalCounter::ApplesEaten),
        EntityRecipe::Pear => Some(GlobalCounter::PearsEaten),
        EntityRecipe::Cheese => Some(GlobalCounter::CheeseEaten),
        EntityRecipe::Coin => Some(GlobalCounter::Coins),
        _ => None,
    }
}

/// Return the tags an entity in `state` loses and gains (rules.md §3,
/// States).
const fn state_change(state: RecipeState) -> (TagSet, TagSet) {
    use TagKind::*;
    match state {
        RecipeState::Sunk => (
            TagSet::of(&[BlocksMovement, BlocksPush, Pushable, Sinkable]),
            TagSet::of(&[Walkable]),
        ),
        RecipeState::Open => (
            TagSet::of(&[BlocksMovement, BlocksPush]),
            TagSet::of(&[DoorOpen]),
        ),
        RecipeState::Unlocked => (
            TagSet::of(&[BlocksMovement, BlocksPush, Locked]),
            TagSet::of(&[DoorOpen]),
        ),
    }
}

/// Return the tags a spec gives: its recipe's, changed by its state; `None`
/// if the sim cannot make it.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, EntitySpec, RecipeState};
/// use muscleman_sim::{spec_tags, TagKind};
///
/// let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
/// let tags = spec_tags(&sunk).unwrap();
/// assert!(tags.contains(TagKind::Walkable) && !tags.contains(TagKind::BlocksMovement));
/// ```
pub const fn spec_tags(spec: &EntitySpec) -> Option<TagSet> {
    let Some(tags) = recipe_tags(spec.recipe) else {
        return None;
    };
    if !spec.contents.is_empty() && !matches!(spec.recipe, EntityRecipe::Box) {
        // Only a box holds things.
        return None;
    }
    match spec.state {
        None => Some(tags),
        Some(state) if state.applies_to(spec.recipe) => {
            let (lose, gain) = state_change(state);
            Some(tags.minus(lose).union(gain))
        }
        Some(_) => None,
    }
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
    spawn_spec(world, &EntitySpec::new(recipe), pos)
}

/// Spawn an entity of `spec` (a recipe in a state) at `pos` and return its id.
///
/// A spec the sim cannot make yet is refused before anything is spawned.
pub fn spawn_spec(
    world: &mut World,
    spec: &EntitySpec,
    pos: GridPos,
) -> Result<EntityId, RecipeError> {
    let tags = match spec_tags(spec) {
        Some(tags) => tags,
        None if !is_implemented(spec.recipe) => {
            return Err(RecipeError::NotImplemented(spec.recipe));
        }
        None => return Err(RecipeError::SpecNotImplemented(*spec)),
    };
    let id = world.spawn_member(pos, tags, MAIN_LEVEL);
    // The entity was spawned just above, so these cannot fail.
    if spec.recipe == EntityRecipe::Player {
        let _ = world.set(id, Holding(None));
        let _ = world.set(id, Facing(GridDir::Down));
    }
    if !spec.contents.is_empty() {
        let _ = world.set(id, Inside(spec.contents));
    }
    if let Some(counter) = collects(spec.recipe) {
        let _ = world.set(id, Collects(counter));
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
    let tags = level_tags(world.tags(id).ok()?);
    let counter = world.get::<Collects>(id).ok().map(|c| c.0);
    EntityRecipe::ALL
        .into_iter()
        .find(|r| recipe_tags(*r) == Some(tags) && collects(*r) == counter)
}

/// Return the spec (recipe and state) an entity's tags match exactly, or
/// `None` if they match none (an entity changed by hand).
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, EntitySpec, GridPos, RecipeState};
/// use muscleman_sim::{spawn_spec, spec_of, World};
///
/// let mut world = World::new();
/// let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
/// let id = spawn_spec(&mut world, &sunk, GridPos::new(0, 0)).unwrap();
/// assert_eq!(spec_of(&world, id), Some(sunk));
/// ```
pub fn spec_of(world: &World, id: EntityId) -> Option<EntitySpec> {
    let tags = level_tags(world.tags(id).ok()?);
    let contents = world.get::<Inside>(id).map_or(Contents::EMPTY, |c| c.0);
    let counter = world.get::<Collects>(id).ok().map(|c| c.0);
    EntityRecipe::ALL
        .into_iter()
        .filter(|r| collects(*r) == counter)
        .find_map(|r| {
            let plain = EntitySpec::new(r).with_contents(contents);
            std::iter::once(plain)
                .chain(RecipeState::ALL.into_iter().map(|s| plain.with_state(s)))
                .find(|spec| spec_tags(spec) == Some(tags))
        })
}

/// Return `tags` without the play state a level does not write: whether a
/// plate is pressed (it takes that state from what stands on it at load)
/// and whether the player carries something (saves keep that).
const fn level_tags(tags: TagSet) -> TagSet {
    tags.without(TagKind::Pressed).without(TagKind::Carrying)
}
