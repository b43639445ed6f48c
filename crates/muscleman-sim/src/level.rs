//! Levels to worlds and back.

use muscleman_core::{EntityId, EntityRecipe, EntitySpec, GridPos};
use muscleman_level::{Level, LevelError};

use crate::component::TagKind;
use crate::floor::{floor_of, local, world_cell};
use crate::recipe::{spawn_spec, spec_of, spec_tags};
use crate::registry::settlers;
use crate::world::RecipeError;
use crate::world::{FloorRect, World};

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
    /// The level holds something the sim cannot play yet: a recipe whose
    /// rules come in a later rule book, or a state that does not apply to
    /// its recipe. Refused before play, never loaded and played wrongly; `at`
    /// is the cell of floor `floor` (see
    /// [`Floor::source_position`](muscleman_level::Floor::source_position)
    /// for its line and column).
    #[error("{spec} at {at} is not supported by the simulation yet")]
    NotSupported {
        /// What the level says.
        spec: EntitySpec,
        /// Where, on its floor.
        at: GridPos,
        /// The floor, from 1.
        floor: usize,
    },
}

/// Return whether the sim can load `spec` (see [`spec_tags`]).
fn is_supported(spec: &EntitySpec) -> bool {
    spec_tags(spec).is_some()
}

/// Spawn every entity of `level` into a new world and return it with the
/// player's id. Entities are spawned row by row, and within a cell in the
/// level's canonical order, so ids are the same on every run.
///
/// The sim plays every recipe of rules.md §3 and its states (a duck's
/// facing, a ghost's, a cauldron's and a bong's keys included); a recipe or
/// state it does not play (the level format refuses most first) is refused
/// with [`LevelLoadError::NotSupported`] at its cell, before anything is
/// spawned.
///
/// Then each mechanic's entities take the state their rules give, without
/// events (rules.md §6): a switch is pressed if something presses it, a door
/// is open or closed by its rules whatever the level wrote (each mechanic's
/// `settle` hook).
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
    for floor in level.floors() {
        if floor.width() > 0 && floor.height() > 0 {
            let n = floor_number(floor.number());
            let last = GridPos::new(
                i32::try_from(floor.width() - 1).unwrap_or(i32::MAX),
                i32::try_from(floor.height() - 1).unwrap_or(i32::MAX),
            );
            world.reserve_area(world_cell(n, GridPos::ZERO), world_cell(n, last));
        }
    }
    // Checked and counted over the level's few distinct cells; only a level
    // that holds something unsupported is searched cell by cell, for the
    // first such thing in reading order.
    let mut count = 0usize;
    let mut supported = true;
    for (cell, cells) in level.distinct_cells() {
        supported &= cell.iter().all(is_supported);
        count = count.saturating_add(cell.len().saturating_mul(cells));
    }
    if !supported
        && let Some((floor, at, spec)) = level.all_entities().find(|(_, _, s)| !is_supported(s))
    {
        return Err(LevelLoadError::NotSupported { spec, at, floor });
    }
    world.reserve(count);
    let mut player = None;
    // The entities each mechanic settles at load, by the mechanic's place
    // among the settlers.
    let settlers: Vec<_> = settlers().collect();
    let mut settle: Vec<Vec<EntityId>> = vec![Vec::new(); settlers.len()];
    // Each floor's rectangle, grown as its frame entities are spawned.
    let mut rects = vec![FloorRect::default(); level.floor_count()];
    // Reading order, floor by floor (rules.md §4 Floors): the ids.
    for (floor, at, spec) in level.all_entities() {
        let id = spawn_spec(&mut world, &spec, world_cell(floor_number(floor), at))?;
        if FRAMES.contains(&spec.recipe)
            && let Some(r) = floor.checked_sub(1).and_then(|i| rects.get_mut(i))
        {
            r.rect = Some(r.rect.map_or((at, at), |(lo, hi)| {
                (
                    GridPos::new(lo.x.min(at.x), lo.y.min(at.y)),
                    GridPos::new(hi.x.max(at.x), hi.y.max(at.y)),
                )
            }));
        }
        if let Some(list) = settlers
            .iter()
            .position(|(_, m)| m.recipes.iter().any(|d| d.recipe == spec.recipe))
            .and_then(|i| settle.get_mut(i))
        {
            list.push(id);
        }
        if spec.recipe == EntityRecipe::Player {
            match player {
                None => player = Some(id),
                Some(first) => return Err(LevelLoadError::TwoPlayers(first, id)),
            }
        }
    }
    let player = player.ok_or(LevelLoadError::NoPlayer)?;
    world.set_floors(rects);
    // Give switches, doors and whatever else settles the state its rules
    // give, without events (rules.md §6), mechanic by mechanic.
    for ((hook, _), ids) in settlers.iter().zip(&settle) {
        for &id in ids {
            hook(&mut world, id);
        }
    }
    Ok((world, player))
}

/// Return a level's floor number (from 1) as the world counts floors.
fn floor_number(floor: usize) -> u32 {
    u32::try_from(floor).unwrap_or(u32::MAX)
}

/// The recipes that make a floor's rectangle, the smallest that holds them
/// all: none of them ever moves or goes (rules.md §4 Floors; weak walls do
/// not count, a hammer breaks them).
const FRAMES: [EntityRecipe; 5] = [
    EntityRecipe::WallStrong,
    EntityRecipe::WaterCell,
    EntityRecipe::Goal,
    EntityRecipe::StairsUp,
    EntityRecipe::StairsDown,
];

/// Describe the world as a level: every positioned entity by its recipe (a
/// sunk heavy box as `HeavyBox:sunk`), floor by floor, every floor with the
/// same origin: `(0, 0)` kept there unless something stands left of or
/// above it on some floor (rules.md §6 Floors). Title, metadata and floor
/// names are copied from `template`, which also gives the least size of
/// each floor and the least number of floors.
///
/// A world whose cells break the level format's rules (a heavy box on
/// unfilled water, say) is refused with [`LevelLoadError::Level`].
pub fn level_from_world(world: &World, template: &Level) -> Result<Level, LevelLoadError> {
    let (mut min_x, mut min_y) = (0, 0);
    // The largest local cell of each floor, by floor - 1.
    let mut max: Vec<Option<(i32, i32)>> = Vec::new();
    for (p, _) in world.index().cells() {
        let (f, p) = (floor_of(p), local(p));
        (min_x, min_y) = (min_x.min(p.x), min_y.min(p.y));
        let i = usize::try_from(f - 1).unwrap_or(usize::MAX);
        if max.len() <= i {
            max.resize(i + 1, None);
        }
        if let Some(m) = max.get_mut(i) {
            *m = Some(m.map_or((p.x, p.y), |(x, y)| (x.max(p.x), y.max(p.y))));
        }
    }
    let span =
        |lo: i32, hi: i32| usize::try_from(i64::from(hi) - i64::from(lo) + 1).unwrap_or(usize::MAX);
    let floors = max
        .len()
        .max(template.floor_count())
        .max(usize::try_from(world.floor_count()).unwrap_or(1));
    let size = |n: usize| {
        let (max_x, max_y) = max.get(n - 1).copied().flatten().unwrap_or((-1, -1));
        let t = template.floor(n);
        (
            span(min_x, max_x).max(t.map_or(0, |t| t.width())),
            span(min_y, max_y).max(t.map_or(0, |t| t.height())),
        )
    };
    let (width, height) = size(1);
    let mut level = Level::new(width, height)?;
    for n in 2..=floors {
        let (width, height) = size(n);
        level.add_floor(width, height)?;
    }
    for t in template.floors() {
        if let Some(name) = t.name() {
            level.set_floor_name(t.number(), name)?;
        }
    }
    *level.metadata_mut() = template.metadata().clone();
    if let Some(title) = template.title() {
        // A template title was accepted by the format, so it is accepted again.
        let _ = level.set_title(title);
    }
    let mut player: Option<EntityId> = None;
    let mut cell = Vec::new();
    for (at, ids) in world.index().cells() {
        let (floor, p) = (floor_of(at), local(at));
        let to = GridPos::new(p.x.wrapping_sub(min_x), p.y.wrapping_sub(min_y));
        cell.clear();
        for id in ids {
            cell.push(spec_of(world, id).ok_or(LevelLoadError::Unprintable(id))?);
            if world.tags(id).is_ok_and(|t| t.contains(TagKind::Player)) {
                if let Some(first) = player {
                    return Err(LevelLoadError::TwoPlayers(first, id));
                }
                player = Some(id);
            }
        }
        // A whole cell at once: water and the heavy box sunk in it come in
        // any order.
        let floor = usize::try_from(floor).unwrap_or(usize::MAX);
        level.set_cell_on(floor, to, cell.iter().copied())?;
    }
    Ok(level)
}
