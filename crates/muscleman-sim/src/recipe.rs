//! Recipes: the bundles of tags and components that make each kind of
//! entity (rules.md §3), and the states a level can write them in.

use muscleman_core::{Contents, EntityId, EntityRecipe, EntitySpec, GridPos, Holds, RecipeState};

use crate::breaking::Breaking;
use crate::component::{Collects, Facing, Inside, TagSet, level_tags};
use crate::decl::{Init, RecipeDecl, StateDecl, init};
use crate::registry::recipe_decl;
use crate::world::{RecipeError, World};

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
/// assert!(recipe_tags(EntityRecipe::Ghost).unwrap().contains(TagKind::Brain));
/// ```
pub const fn recipe_tags(recipe: EntityRecipe) -> Option<TagSet> {
    match recipe_decl(recipe) {
        Some(decl) => Some(decl.all_tags()),
        None => None,
    }
}

/// Return the declaration of `recipe` in `state`: the tags it loses and
/// gains, or `None` if the recipe has no such state.
const fn state_decl(recipe: EntityRecipe, state: RecipeState) -> Option<&'static StateDecl> {
    let Some(decl) = recipe_decl(recipe) else {
        return None;
    };
    let mut rest = decl.states;
    while let [first, tail @ ..] = rest {
        if first.state as u8 == state as u8 {
            return Some(first);
        }
        rest = tail;
    }
    None
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
    if !spec.contents.is_empty() && matches!(spec.recipe.info().holds, Holds::Nothing) {
        // Only what holds things has contents.
        return None;
    }
    match spec.state {
        None => Some(tags),
        Some(state) => match state_decl(spec.recipe, state) {
            Some(decl) => Some(tags.minus(decl.lose).union(decl.gain)),
            None => None,
        },
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
    let id = world.spawn_tagged(pos, tags);
    if let Some(decl) = recipe_decl(spec.recipe) {
        // The entity was spawned just above, so these cannot fail.
        let _ = init(world, id, decl, spec);
        if let Some(dir) = spec.state.and_then(|s| s.facing())
            && faces(decl)
        {
            let _ = world.set(id, Facing(dir));
        }
    }
    Ok(id)
}

/// Return whether a recipe's Facing is state a level writes (a duck's):
/// it has states that are a Facing (rules.md §6), unlike the player,
/// whose Facing is play state.
fn faces(decl: &RecipeDecl) -> bool {
    decl.states.iter().any(|s| s.state.facing().is_some())
}

/// Return the Facing a spec of a recipe that faces gives its entity: its
/// state's, or the one the recipe spawns with.
fn facing_of(decl: &RecipeDecl, spec: &EntitySpec) -> Option<muscleman_core::GridDir> {
    spec.state.and_then(|s| s.facing()).or_else(|| {
        decl.init.iter().find_map(|i| match i {
            Init::Facing(dir) => Some(*dir),
            _ => None,
        })
    })
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
    crate::registry::recipe_decls()
        .find(|d| d.all_tags() == tags && d.collects() == counter)
        .map(|d| d.recipe)
}

/// Return the spec (recipe and state) an entity's tags match exactly, and
/// for a recipe whose Facing is state (a duck's) its Facing, or `None` if
/// they match none (an entity changed by hand).
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
    let facing = world.get::<Facing>(id).ok().map(|f| f.0);
    crate::registry::recipe_decls()
        .filter(|d| d.collects() == counter)
        .find_map(|d| {
            let plain = EntitySpec::new(d.recipe).with_contents(contents);
            // A recipe whose Facing is state prints it (`Duck:up`).
            let faced = |spec: &EntitySpec| !faces(d) || facing_of(d, spec) == facing;
            std::iter::once(plain)
                .chain(d.states.iter().map(|s| plain.with_state(s.state)))
                .find(|spec| spec_tags(spec) == Some(tags) && faced(spec))
        })
}

/// Return how the smashable `id` at `at` breaks under a hammer, as its
/// recipe declares ([`RecipeDecl::breaks`]): by default where it stands,
/// its contents all in its cell; `None` when it is no target there.
pub(crate) fn breaking(world: &World, id: EntityId, at: GridPos) -> Option<Breaking> {
    let own = recipe_of(world, id)
        .and_then(recipe_decl)
        .and_then(|d| d.breaks);
    match own {
        Some(breaks) => breaks(world, id, at),
        None => Some(Breaking {
            spill: at,
            counter: None,
        }),
    }
}
