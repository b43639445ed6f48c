//! Levels to worlds and back.

use muscleman_core::{EntityId, GridPos};
use muscleman_level::{Level, LevelError};

use crate::component::TagKind;
use crate::recipe::{RecipeError, recipe_of, spawn};
use crate::world::World;

/// Why a level could not become a world, or a world a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelLoadError {
    /// The level has no player.
    #[error("the level has no player")]
    NoPlayer,
    /// The world has more than one player.
    #[error("the world has more than one player ({0} and {1})")]
    TwoPlayers(EntityId, EntityId),
    /// The level holds a recipe the sim cannot spawn.
    #[error(transparent)]
    Recipe(#[from] RecipeError),
    /// An entity matches no recipe the level format can write.
    #[error("entity {0} matches no recipe the level format can write")]
    Unprintable(EntityId),
    /// The world does not fit the level format (too large, or a cell
    /// combination the format refuses).
    #[error(transparent)]
    Level(#[from] LevelError),
}

/// Spawn every entity of `level` into a new world and return it with the
/// player's id. Entities are spawned row by row, and within a cell in the
/// level's canonical recipe order, so ids are the same on every run.
///
/// # Example
/// ```
/// use muscleman_core::GridPos;
/// use muscleman_level::Level;
/// use muscleman_sim::world_from_level;
///
/// let level = Level::parse("#####\n#@$.#\n#####\n")?;
/// let (world, player) = world_from_level(&level)?;
/// assert_eq!(world.position(player)?, GridPos::new(1, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn world_from_level(level: &Level) -> Result<(World, EntityId), LevelLoadError> {
    let mut world = World::new();
    if level.width() > 0 && level.height() > 0 {
        world.reserve_area(
            GridPos::ZERO,
            GridPos::new(
                i32::try_from(level.width() - 1).unwrap_or(i32::MAX),
                i32::try_from(level.height() - 1).unwrap_or(i32::MAX),
            ),
        );
    }
    world.reserve(level.entities().count());
    let mut player = None;
    for (at, recipe) in level.entities() {
        let id = spawn(&mut world, recipe, at)?;
        if recipe == muscleman_core::EntityRecipe::Player {
            match player {
                None => player = Some(id),
                Some(first) => return Err(LevelLoadError::TwoPlayers(first, id)),
            }
        }
    }
    let player = player.ok_or(LevelLoadError::NoPlayer)?;
    Ok((world, player))
}

/// Describe the world as a level: every positioned entity by its recipe,
/// with `(0, 0)` kept at the origin unless something stands left of or
/// above it. Title and metadata are copied from `template`.
pub fn level_from_world(world: &World, template: &Level) -> Result<Level, LevelLoadError> {
    let (mut min_x, mut min_y) = (0, 0);
    let mut max: Option<(i32, i32)> = None;
    for (p, _) in world.index().cells() {
        (min_x, min_y) = (min_x.min(p.x), min_y.min(p.y));
        max = Some(max.map_or((p.x, p.y), |(x, y)| (x.max(p.x), y.max(p.y))));
    }
    let (max_x, max_y) = max.unwrap_or((-1, -1));
    let span =
        |lo: i32, hi: i32| usize::try_from(i64::from(hi) - i64::from(lo) + 1).unwrap_or(usize::MAX);
    let width = span(min_x, max_x).max(template.width());
    let height = span(min_y, max_y).max(template.height());
    let mut level = Level::new(width, height)?;
    *level.metadata_mut() = template.metadata().clone();
    if let Some(title) = template.title() {
        // A template title was accepted by the format, so it is accepted again.
        let _ = level.set_title(title);
    }
    let mut player: Option<EntityId> = None;
    for (at, ids) in world.index().cells() {
        let to = GridPos::new(at.x.wrapping_sub(min_x), at.y.wrapping_sub(min_y));
        for id in ids {
            let recipe = recipe_of(world, id).ok_or(LevelLoadError::Unprintable(id))?;
            if world.tags(id).is_ok_and(|t| t.contains(TagKind::Player)) {
                if let Some(first) = player {
                    return Err(LevelLoadError::TwoPlayers(first, id));
                }
                player = Some(id);
            }
            level.add(to, recipe)?;
        }
    }
    Ok(level)
}
