//! What the general search needs to know of a level besides its world:
//! its goals, the bound nothing may step past ([`MARGIN`] cells around the
//! level's rectangle), and how many goals and boxes it starts with.

use muscleman_core::{EntityRecipe, GridPos, RecipeState};
use muscleman_level::Level;
use muscleman_sim::{World, world_cell};

/// Cells past the level's rectangle, on every side, that the search lets
/// the player and what it moves reach.
pub const MARGIN: i32 = 2;

/// What the general search needs to know of a level besides its world.
#[derive(Clone, Debug)]
pub(super) struct Facts {
    pub(super) goals: Vec<GridPos>,
    /// The smallest and largest cell any step may reach.
    pub(super) min: GridPos,
    pub(super) max: GridPos,
}

impl Facts {
    /// On a level with floors, the goals of every floor (as world cells:
    /// `muscleman_sim::world_cell`), and a bound round the largest floor,
    /// which every floor's own cells are checked against (a `Moved` event
    /// speaks floor-local cells).
    pub(super) fn of(level: &Level) -> Facts {
        let widest = level.floors().map(|f| f.width()).max().unwrap_or(0);
        let tallest = level.floors().map(|f| f.height()).max().unwrap_or(0);
        let w = i32::try_from(widest).unwrap_or(i32::MAX);
        let h = i32::try_from(tallest).unwrap_or(i32::MAX);
        Facts {
            goals: level
                .all_entities()
                .filter(|(_, _, s)| s.recipe == EntityRecipe::Goal)
                .map(|(f, at, _)| world_cell(u32::try_from(f).unwrap_or(u32::MAX), at))
                .collect(),
            min: GridPos::new(-MARGIN, -MARGIN),
            max: GridPos::new(
                w.saturating_sub(1).saturating_add(MARGIN),
                h.saturating_sub(1).saturating_add(MARGIN),
            ),
        }
    }

    pub(super) fn inside(&self, at: GridPos) -> bool {
        (self.min.x..=self.max.x).contains(&at.x) && (self.min.y..=self.max.y).contains(&at.y)
    }
}

/// Return how many goals and how many boxes (boxes and heavy boxes not
/// sunk) `level` starts with, on every floor.
pub(crate) fn goals_and_boxes(level: &Level) -> (usize, usize) {
    let mut goals = 0;
    let mut boxes = 0;
    for (_, _, spec) in level.all_entities() {
        match spec.recipe {
            EntityRecipe::Goal => goals += 1,
            EntityRecipe::Box => boxes += 1,
            EntityRecipe::HeavyBox if spec.state != Some(RecipeState::Sunk) => boxes += 1,
            _ => {}
        }
    }
    (goals, boxes)
}

/// Return how many goals `level` has and how many boxes that count on a
/// goal (boxes and heavy boxes not sunk) `world`, a later position of it,
/// holds: goals never change, boxes may have sunk or been smashed. Every
/// floor counts.
pub(crate) fn goals_and_boxes_now(level: &Level, world: &World) -> (usize, usize) {
    let goals = level
        .all_entities()
        .filter(|(_, _, spec)| spec.recipe == EntityRecipe::Goal)
        .count();
    let boxes = world
        .entities()
        .into_iter()
        .filter(|id| world.tags(*id).is_ok_and(super::key::counts_on_goal))
        .count();
    (goals, boxes)
}
