//! The view: what a front end draws, as plain data worked out by the sim.
//!
//! A [`View`] lists every positioned entity with its [`Appearance`] (worked
//! out from its tags and states, so a front end never reads tags), and the
//! player's facing, what it holds and the counters. The terminal game and
//! the Godot adapter draw from it; any world the sim can reach has a view,
//! including ones the level format cannot print.

use muscleman_core::{EntityId, GlobalCounter, GridDir, GridPos};

use crate::component::{Facing, Holding, TagKind, TagSet};
use crate::world::World;

/// How an entity looks.
///
/// Front ends match on it to pick a sprite or glyph. It grows with the
/// rules: a front end should draw an appearance it does not know as
/// [`Appearance::Unknown`] does, a visible placeholder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Appearance {
    /// The player.
    Player,
    /// A strong wall.
    WallStrong,
    /// A weak wall.
    WallWeak,
    /// Water that nothing fills.
    Water,
    /// A goal cell.
    Goal,
    /// A box.
    Box,
    /// A heavy box that can still be pushed.
    HeavyBox,
    /// A heavy box that sank into water and fills it: walkable.
    SunkHeavyBox,
    /// A hammer.
    Hammer,
    /// An entity whose tags match no appearance (one changed by hand).
    Unknown,
}

/// One line of the appearance table: an entity with all of `tags` (and
/// none of `without`) looks like `looks`.
struct Rule {
    tags: TagSet,
    without: TagSet,
    looks: Appearance,
}

const fn rule(tags: &[TagKind], without: &[TagKind], looks: Appearance) -> Rule {
    Rule {
        tags: TagSet::of(tags),
        without: TagSet::of(without),
        looks,
    }
}

/// The appearance table, most specific first: the first line an entity
/// matches gives its appearance. A new recipe or state adds a line.
const LOOKS: &[Rule] = {
    use TagKind::*;
    &[
        rule(&[Player], &[], Appearance::Player),
        rule(&[WallStrong], &[], Appearance::WallStrong),
        rule(&[WallWeak], &[], Appearance::WallWeak),
        rule(&[WaterCell], &[], Appearance::Water),
        rule(&[Goal], &[], Appearance::Goal),
        rule(&[Heavy, Walkable], &[], Appearance::SunkHeavyBox),
        rule(&[Heavy], &[], Appearance::HeavyBox),
        rule(&[Hammer], &[], Appearance::Hammer),
        rule(&[Pushable, Liftable, Smashable], &[Hammer], Appearance::Box),
    ]
};

/// Return how an entity with `tags` looks.
///
/// # Example
/// ```
/// use muscleman_core::EntityRecipe;
/// use muscleman_sim::{appearance, recipe_tags, Appearance};
///
/// let tags = recipe_tags(EntityRecipe::HeavyBox).unwrap();
/// assert_eq!(appearance(tags), Appearance::HeavyBox);
/// ```
pub fn appearance(tags: TagSet) -> Appearance {
    LOOKS
        .iter()
        .find(|r| tags.contains_all(r.tags) && !tags.intersects(r.without))
        .map_or(Appearance::Unknown, |r| r.looks)
}

/// One entity as a front end draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sprite {
    /// The entity (to animate it by the events that name it).
    pub entity: EntityId,
    /// Its cell.
    pub at: GridPos,
    /// How it looks.
    pub appearance: Appearance,
}

/// Everything a front end draws of a world: its entities with their
/// appearances, row by row, and the player's facing, what it holds and the
/// counters.
///
/// # Example
/// ```
/// use muscleman_core::{GridDir, GridPos};
/// use muscleman_level::Level;
/// use muscleman_sim::{Appearance, Game, Rules};
///
/// let game = Game::new(&Level::parse("#@$.#")?, Rules::MUSCLEMAN)?;
/// let view = game.view();
/// let looks: Vec<_> = view.cell(GridPos::new(2, 0)).iter().map(|s| s.appearance).collect();
/// assert_eq!(looks, [Appearance::Box]);
/// assert_eq!(view.facing(), Some(GridDir::Down));
/// assert_eq!(view.bounds(), Some((GridPos::new(0, 0), GridPos::new(4, 0))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Row by row (by `y`, then `x`), in id order within a cell.
    sprites: Vec<Sprite>,
    facing: Option<GridDir>,
    holding: Option<EntityId>,
    counters: [(GlobalCounter, u64); GlobalCounter::ALL.len()],
}

impl View {
    /// Work out the view of `world` as `player` sees it.
    pub fn of(world: &World, player: EntityId) -> View {
        let mut sprites = Vec::with_capacity(world.len());
        for (at, entities) in world.index().cells() {
            for (entity, tags) in entities.tagged() {
                sprites.push(Sprite {
                    entity,
                    at,
                    appearance: appearance(tags),
                });
            }
        }
        let counters = GlobalCounter::ALL.map(|c| (c, world.counter(c)));
        View {
            sprites,
            facing: world.get::<Facing>(player).ok().map(|f| f.0),
            holding: world.get::<Holding>(player).ok().and_then(|h| h.0),
            counters,
        }
    }

    /// Return every sprite, row by row, in id order within a cell.
    pub fn sprites(&self) -> &[Sprite] {
        &self.sprites
    }

    /// Return the sprites of one cell, in id order (empty for an empty cell).
    pub fn cell(&self, at: GridPos) -> &[Sprite] {
        let key = |s: &Sprite| (s.at.y, s.at.x);
        let start = self.sprites.partition_point(|s| key(s) < (at.y, at.x));
        let end = self.sprites.partition_point(|s| key(s) <= (at.y, at.x));
        self.sprites.get(start..end).unwrap_or_default()
    }

    /// Return the smallest rectangle holding every sprite, as its top-left
    /// and bottom-right cells, or `None` for an empty world.
    pub fn bounds(&self) -> Option<(GridPos, GridPos)> {
        let first = self.sprites.first()?;
        let (mut min, mut max) = (first.at, first.at);
        for s in &self.sprites {
            min = GridPos::new(min.x.min(s.at.x), min.y.min(s.at.y));
            max = GridPos::new(max.x.max(s.at.x), max.y.max(s.at.y));
        }
        Some((min, max))
    }

    /// Return the way the player faces.
    pub fn facing(&self) -> Option<GridDir> {
        self.facing
    }

    /// Return what the player holds.
    pub fn holding(&self) -> Option<EntityId> {
        self.holding
    }

    /// Return every counter with its value, in [`GlobalCounter::ALL`] order.
    pub fn counters(&self) -> &[(GlobalCounter, u64)] {
        &self.counters
    }
}
