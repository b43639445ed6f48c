//! The view: what a front end draws, as plain data worked out by the sim.
//!
//! A [`View`] lists every positioned entity with its [`Appearance`] (worked
//! out from its tags and states, so a front end never reads tags), and the
//! player's facing, what it holds and the counters. The terminal game and
//! the Godot adapter draw from it; any world the sim can reach has a view,
//! including ones the level format cannot print.

use muscleman_core::{EntityId, GlobalCounter, GridDir, GridPos, KeyColor};

use crate::component::{Collects, Facing, Holding, TagKind, TagSet};
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
    /// A key of a colour.
    Key(KeyColor),
    /// A door: coloured, or the secret door (`None`), open or closed.
    Door {
        /// Its colour; `None` for the secret door.
        color: Option<KeyColor>,
        /// Whether it is open now (walkable).
        open: bool,
    },
    /// A pressure plate: coloured, or heavy (`None`), pressed or not.
    Plate {
        /// Its colour; `None` for a heavy plate.
        color: Option<KeyColor>,
        /// Whether something presses it now.
        pressed: bool,
    },
    /// A collectible, by the counter it raises (`ApplesEaten` for an apple).
    Collectible(GlobalCounter),
    /// An entity whose tags match no appearance (one changed by hand).
    Unknown,
}

/// How to draw an entity that has all of a rule's tags.
#[derive(Clone, Copy)]
enum Looks {
    /// Always the same.
    Fixed(Appearance),
    /// A key of its colour.
    Key,
    /// A door of its colour, open or closed.
    Door,
    /// A plate of its colour, pressed or not.
    Plate,
    /// A collectible of its counter.
    Collectible,
}

/// One line of the appearance table: an entity with all of `tags` (and
/// none of `without`) looks like `looks`.
struct Rule {
    tags: TagSet,
    without: TagSet,
    looks: Looks,
}

const fn rule(tags: &[TagKind], without: &[TagKind], looks: Looks) -> Rule {
    Rule {
        tags: TagSet::of(tags),
        without: TagSet::of(without),
        looks,
    }
}

const fn fixed(tags: &[TagKind], without: &[TagKind], looks: Appearance) -> Rule {
    rule(tags, without, Looks::Fixed(looks))
}

/// The appearance table, most specific first: the first line an entity
/// matches gives its appearance. A new recipe or state adds a line.
const LOOKS: &[Rule] = {
    use TagKind::*;
    &[
        fixed(&[Player], &[], Appearance::Player),
        fixed(&[WallStrong], &[], Appearance::WallStrong),
        fixed(&[WallWeak], &[], Appearance::WallWeak),
        fixed(&[WaterCell], &[], Appearance::Water),
        fixed(&[Goal], &[], Appearance::Goal),
        fixed(&[Heavy, Walkable], &[], Appearance::SunkHeavyBox),
        fixed(&[Heavy], &[], Appearance::HeavyBox),
        fixed(&[Hammer], &[], Appearance::Hammer),
        rule(&[Key], &[], Looks::Key),
        rule(&[Door], &[], Looks::Door),
        rule(&[PressurePlate], &[], Looks::Plate),
        rule(&[Collectible], &[], Looks::Collectible),
        fixed(&[Pushable, Liftable, Smashable], &[Hammer], Appearance::Box),
    ]
};

/// Return how an entity of `world` looks.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridPos, KeyColor};
/// use muscleman_sim::{appearance, spawn, Appearance, World};
///
/// let mut world = World::new();
/// let key = spawn(&mut world, EntityRecipe::KeyRed, GridPos::new(0, 0))?;
/// assert_eq!(appearance(&world, key), Appearance::Key(KeyColor::Red));
/// # Ok::<(), muscleman_sim::RecipeError>(())
/// ```
pub fn appearance(world: &World, id: EntityId) -> Appearance {
    looks(world, id, world.tags(id).unwrap_or_default())
}

/// Return how entity `id` with `tags` looks.
fn looks(world: &World, id: EntityId, tags: TagSet) -> Appearance {
    let Some(rule) = LOOKS
        .iter()
        .find(|r| tags.contains_all(r.tags) && !tags.intersects(r.without))
    else {
        return Appearance::Unknown;
    };
    let color = tags.color();
    match rule.looks {
        Looks::Fixed(looks) => looks,
        Looks::Key => color.map_or(Appearance::Unknown, Appearance::Key),
        Looks::Door => Appearance::Door {
            color,
            open: tags.contains(TagKind::DoorOpen),
        },
        Looks::Plate => Appearance::Plate {
            color,
            pressed: tags.contains(TagKind::Pressed),
        },
        Looks::Collectible => world
            .get::<Collects>(id)
            .map_or(Appearance::Unknown, |c| Appearance::Collectible(c.0)),
    }
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
        // From the entities, not the cells: the cost follows what there is,
        // not the area it has wandered over (an open level grows).
        let mut sprites: Vec<Sprite> = world
            .index()
            .entries()
            .map(|(entity, at, tags)| Sprite {
                entity,
                at,
                appearance: looks(world, entity, tags),
            })
            .collect();
        sprites.sort_unstable_by_key(|s| (s.at.y, s.at.x, s.entity));
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
