//! The view: what a front end draws, as plain data worked out by the sim.
//!
//! A [`View`] lists every positioned entity with its [`Appearance`] (its
//! recipe's declared look in the state it is in, so a front end never reads
//! tags), and the player's facing, what it holds and the counters. Every
//! front end draws from it; any world the sim can reach has a view,
//! including ones the level format cannot print.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use muscleman_core::{
    Contents, EntityId, EntityRecipe, EntitySpec, GlobalCounter, GridDir, GridPos, KeyColor,
};

use crate::component::{Facing, Holding, TagKind, TagSet};
use crate::decl::{Layer, Tint};
use crate::floor::{floor_of, local};
use crate::mechanics::walk::is_unfilled_water;
use crate::recipe::{spawn_spec, spec_of};
use crate::registry::recipe_decl;
use crate::rules::counts_on_goal;
use crate::world::World;

/// How an entity looks, as its recipe's declaration says (see
/// [`RecipeDecl`](crate::RecipeDecl)): what it is by a stable kind name, its
/// colour and shown state, where it is drawn in its cell, a fallback glyph
/// and colour, and whether it blocks the way.
///
/// Front ends match on [`Appearance::kind`] to draw their own art, and draw
/// any kind they have no art for with [`Appearance::glyph`] in
/// [`Appearance::tint`], so a new recipe is seen, correctly layered, the
/// moment it is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Appearance {
    /// The recipe it was made from; `None` for an entity whose tags match
    /// no recipe (one changed by hand).
    pub recipe: Option<EntityRecipe>,
    /// What it is, as a stable snake_case name (`"heavy_box"`,
    /// `"secret_door"`, `"unknown"`).
    pub kind: &'static str,
    /// What players call it (`"heavy box"`).
    pub name: &'static str,
    /// Its colour, for recipes that have one.
    pub color: Option<KeyColor>,
    /// The state it shows (`"open"`, `"pressed"`, `"sunk"`), `""` for none.
    pub state: &'static str,
    /// The counter it raises when collected.
    pub counter: Option<GlobalCounter>,
    /// Where it is drawn among its cell's entities: higher above.
    pub layer: Layer,
    /// A glyph to draw it with when a front end has no art for its kind.
    pub glyph: char,
    /// The colour of that glyph ([`Tint::Own`] is already resolved to its colour).
    pub tint: Tint,
    /// Whether it blocks movement now.
    pub blocks: bool,
    /// Whether a walk into it pushes it.
    pub pushable: bool,
    /// Whether it is water nothing fills: the player cannot walk into its
    /// cell.
    pub deep: bool,
    /// Whether it is a wall: it never moves, blocks, and bounds the floor
    /// area ([`View::inside`]).
    pub encloses: bool,
    /// What it holds, in the order it would come out (a box's contents,
    /// from its recipe's `Contents` data, whatever the recipe): nothing
    /// inside an entity is hidden from a front end.
    pub contents: Contents,
    /// What a player reads of its recipe, one line or two
    /// ([`RecipeDecl::explain`](crate::RecipeDecl::explain)).
    pub explain: &'static str,
    /// What a player reads of the state it is in, beyond its recipe's
    /// words ([`StateDecl::explain`](crate::StateDecl::explain)); `""` for
    /// none.
    pub state_explain: &'static str,
}

impl Appearance {
    /// How an entity whose tags match no recipe looks: a visible placeholder.
    pub const UNKNOWN: Appearance = Appearance {
        recipe: None,
        kind: "unknown",
        name: "unknown thing",
        color: None,
        state: "",
        counter: None,
        layer: Layer::THING,
        glyph: '?',
        tint: Tint::Magenta,
        blocks: false,
        pushable: false,
        deep: false,
        encloses: false,
        contents: Contents::EMPTY,
        explain: "",
        state_explain: "",
    };

    /// Return whether it is `kind` (`"box"`).
    pub fn is(&self, kind: &str) -> bool {
        self.kind == kind
    }
}

/// Return the colour a key colour tints a glyph.
const fn tint_of(color: Option<KeyColor>) -> Tint {
    match color {
        Some(KeyColor::Blue) => Tint::Blue,
        Some(KeyColor::Red) => Tint::Red,
        Some(KeyColor::Yellow) => Tint::Yellow,
        Some(KeyColor::Green) => Tint::Green,
        None => Tint::Plain,
    }
}

/// Return how an entity of `world` looks.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridPos, KeyColor};
/// use muscleman_sim::{appearance, spawn, World};
///
/// let mut world = World::new();
/// let key = spawn(&mut world, EntityRecipe::KeyRed, GridPos::new(0, 0))?;
/// let look = appearance(&world, key);
/// assert_eq!((look.kind, look.color), ("key", Some(KeyColor::Red)));
/// # Ok::<(), muscleman_sim::RecipeError>(())
/// ```
pub fn appearance(world: &World, id: EntityId) -> Appearance {
    match world.index().locate(id) {
        Some((at, tags)) => looks(world, id, at, tags),
        None => Appearance::UNKNOWN,
    }
}

/// Return how an entity made from `spec` looks on its own, in a world of
/// its own: what a box's contents will look like once out, what a palette
/// offers. `None` for a spec the sim does not play.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, EntitySpec, KeyColor};
/// use muscleman_sim::spec_appearance;
///
/// let key = spec_appearance(&EntitySpec::new(EntityRecipe::KeyRed)).expect("played");
/// assert_eq!((key.name, key.color), ("key", Some(KeyColor::Red)));
/// ```
pub fn spec_appearance(spec: &EntitySpec) -> Option<Appearance> {
    let mut world = World::new();
    let id = spawn_spec(&mut world, spec, GridPos::ZERO).ok()?;
    Some(appearance(&world, id))
}

/// Return how an entity of `recipe`, in its first state and holding
/// nothing, looks on its own: [`spec_appearance`] of the plain spec,
/// worked out once per recipe and kept (what a front end reads for each
/// item inside a box or a cauldron on every frame). `None` for a recipe the
/// sim does not play.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, EntitySpec};
/// use muscleman_sim::{recipe_appearance, spec_appearance};
///
/// let key = recipe_appearance(EntityRecipe::KeyBlue);
/// assert_eq!(key, spec_appearance(&EntitySpec::new(EntityRecipe::KeyBlue)));
/// ```
pub fn recipe_appearance(recipe: EntityRecipe) -> Option<Appearance> {
    static LOOKS: OnceLock<[Option<Appearance>; EntityRecipe::COUNT]> = OnceLock::new();
    LOOKS
        .get_or_init(|| EntityRecipe::ALL.map(|r| spec_appearance(&EntitySpec::new(r))))
        .get(recipe as usize)
        .copied()
        .flatten()
}

/// Return how entity `id`, at `at` with `tags`, looks.
fn looks(world: &World, id: EntityId, at: GridPos, tags: TagSet) -> Appearance {
    let Some(spec) = spec_of(world, id) else {
        return Appearance {
            blocks: tags.contains(TagKind::BlocksMovement),
            ..Appearance::UNKNOWN
        };
    };
    let Some(decl) = recipe_decl(spec.recipe) else {
        return Appearance::UNKNOWN;
    };
    let state = spec
        .state
        .and_then(|s| decl.states.iter().find(|d| d.state == s));
    let (art, mut shown) = state.map_or((decl.art, ""), |s| (s.art, s.shown));
    let state_explain = state.map_or("", |s| s.explain);
    if let Some(shows) = decl.shows {
        let word = shows(world, id, at, tags);
        if !word.is_empty() {
            shown = word;
        }
    }
    let color = spec.recipe.color();
    Appearance {
        recipe: Some(spec.recipe),
        kind: art.kind,
        name: art.name,
        color,
        state: shown,
        counter: decl.collects(),
        layer: art.layer,
        glyph: art.glyph,
        tint: match art.tint {
            Tint::Own => tint_of(color),
            t => t,
        },
        blocks: tags.contains(TagKind::BlocksMovement),
        pushable: tags.contains(TagKind::Pushable),
        encloses: tags.contains_all(TagSet::of(&[TagKind::Static, TagKind::BlocksMovement])),
        deep: tags.contains(TagKind::WaterCell) && is_unfilled_water(world.index().kinds_at(at)),
        contents: spec.contents,
        explain: decl.explain,
        state_explain,
    }
}

/// One entity as a front end draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sprite {
    /// The entity (to animate it by the events that name it).
    pub entity: EntityId,
    /// Its floor, from 1 (rules.md §4 Floors).
    pub floor: u32,
    /// Its cell, in its floor's coordinates.
    pub at: GridPos,
    /// How it looks.
    pub appearance: Appearance,
    /// The way it faces, for what has a Facing (the player, a duck): front
    /// ends draw a duck looking its way.
    pub facing: Option<GridDir>,
    /// Whether it fills a goal where it stands (a box on a goal: what
    /// solving counts), so front ends mark it without reading the rules.
    pub on_goal: bool,
}

/// Everything a front end draws of a world: its entities with their
/// appearances, floor by floor and row by row, the player's floor, facing,
/// what it holds, the counters, and the floors' count and names.
///
/// The methods without a floor ([`View::sprites`], [`View::cell`],
/// [`View::bounds`], [`View::inside`]) answer for the player's floor, so a
/// front end that draws one floor draws the one the player is on; the
/// `_on` methods answer for any floor.
///
/// # Example
/// ```
/// use muscleman_core::{GridDir, GridPos};
/// use muscleman_level::Level;
/// use muscleman_sim::{Game, Rules};
///
/// let game = Game::new(&Level::parse("#@$.#")?, Rules::MUSCLEMAN)?;
/// let view = game.view();
/// let looks: Vec<_> = view.cell(GridPos::new(2, 0)).iter().map(|s| s.appearance).collect();
/// assert_eq!(looks.iter().map(|a| a.kind).collect::<Vec<_>>(), ["box"]);
/// assert_eq!(view.facing(), Some(GridDir::Down));
/// assert_eq!(view.bounds(), Some((GridPos::new(0, 0), GridPos::new(4, 0))));
/// assert_eq!((view.player_floor(), view.floor_count()), (1, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Floor by floor, row by row (by `y`, then `x`), in id order within
    /// a cell.
    sprites: Vec<Sprite>,
    player_floor: u32,
    floor_count: u32,
    floor_names: Vec<Option<String>>,
    facing: Option<GridDir>,
    holding: Option<EntityId>,
    counters: [(GlobalCounter, u64); GlobalCounter::ALL.len()],
}

impl View {
    /// Work out the view of `world` as `player` sees it (with no floor
    /// names: [`Game::view`](crate::Game::view) gives the level's).
    pub fn of(world: &World, player: EntityId) -> View {
        // From the entities, not the cells: the cost follows what there is,
        // not the area it has wandered over (an open level grows).
        let mut sprites: Vec<Sprite> = world
            .index()
            .entries()
            .map(|(entity, at, tags)| Sprite {
                entity,
                floor: floor_of(at),
                at: local(at),
                appearance: looks(world, entity, at, tags),
                facing: world.get::<Facing>(entity).ok().map(|f| f.0),
                on_goal: counts_on_goal(tags) && world.index().has_kind_at(TagKind::Goal, at),
            })
            .collect();
        sprites.sort_unstable_by_key(|s| (s.floor, s.at.y, s.at.x, s.entity));
        let counters = GlobalCounter::ALL.map(|c| (c, world.counter(c)));
        let floor_count = sprites
            .last()
            .map_or(1, |s| s.floor)
            .max(world.floor_count());
        View {
            sprites,
            player_floor: world.floor_of(player).unwrap_or(1),
            floor_count,
            floor_names: Vec::new(),
            facing: world.get::<Facing>(player).ok().map(|f| f.0),
            holding: world.get::<Holding>(player).ok().and_then(|h| h.0),
            counters,
        }
    }

    /// Give the floors their names, by floor - 1 (the level's `floor:`
    /// lines).
    pub fn with_floor_names(mut self, names: Vec<Option<String>>) -> View {
        self.floor_names = names;
        self
    }

    /// Return how many floors the level has (at least 1).
    pub fn floor_count(&self) -> u32 {
        self.floor_count
    }

    /// Return the floor the player stands on, from 1.
    pub fn player_floor(&self) -> u32 {
        self.player_floor
    }

    /// Return the name of floor `floor` (from 1), if the level names it.
    pub fn floor_name(&self, floor: u32) -> Option<&str> {
        let i = usize::try_from(floor).ok()?.checked_sub(1)?;
        self.floor_names.get(i)?.as_deref()
    }

    /// Return every sprite of every floor, floor by floor, row by row, in
    /// id order within a cell.
    pub fn all_sprites(&self) -> &[Sprite] {
        &self.sprites
    }

    /// Return the sprites of the player's floor, row by row, in id order
    /// within a cell.
    pub fn sprites(&self) -> &[Sprite] {
        self.sprites_on(self.player_floor)
    }

    /// Return the sprites of floor `floor`, row by row, in id order within
    /// a cell (empty for a floor the level does not have).
    pub fn sprites_on(&self, floor: u32) -> &[Sprite] {
        let start = self.sprites.partition_point(|s| s.floor < floor);
        let end = self.sprites.partition_point(|s| s.floor <= floor);
        self.sprites.get(start..end).unwrap_or_default()
    }

    /// Return the sprites of one cell of the player's floor, in id order
    /// (empty for an empty cell).
    pub fn cell(&self, at: GridPos) -> &[Sprite] {
        self.cell_on(self.player_floor, at)
    }

    /// Return the sprites of one cell of floor `floor`, in id order.
    pub fn cell_on(&self, floor: u32, at: GridPos) -> &[Sprite] {
        let key = |s: &Sprite| (s.floor, s.at.y, s.at.x);
        let start = self
            .sprites
            .partition_point(|s| key(s) < (floor, at.y, at.x));
        let end = self
            .sprites
            .partition_point(|s| key(s) <= (floor, at.y, at.x));
        self.sprites.get(start..end).unwrap_or_default()
    }

    /// Return the smallest rectangle holding every sprite of the player's
    /// floor, as its top-left and bottom-right cells, or `None` for an
    /// empty floor.
    pub fn bounds(&self) -> Option<(GridPos, GridPos)> {
        self.bounds_on(self.player_floor)
    }

    /// Return the smallest rectangle holding every sprite of floor `floor`.
    pub fn bounds_on(&self, floor: u32) -> Option<(GridPos, GridPos)> {
        let sprites = self.sprites_on(floor);
        let first = sprites.first()?;
        let (mut min, mut max) = (first.at, first.at);
        for s in sprites {
            min = GridPos::new(min.x.min(s.at.x), min.y.min(s.at.y));
            max = GridPos::new(max.x.max(s.at.x), max.y.max(s.at.y));
        }
        Some((min, max))
    }

    /// Return the floor area of the player's floor: the cells the player
    /// reaches from its cell without crossing a wall
    /// ([`Appearance::encloses`]), inside the floor's
    /// [`bounds`](View::bounds), and the walls next to them, in row order.
    /// Front ends draw floor there and nothing outside. Worked out on
    /// demand: its cost follows the area, not a step.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GridPos;
    /// use muscleman_level::Level;
    /// use muscleman_sim::{Game, Rules};
    ///
    /// let game = Game::new(&Level::parse("#####\n#@$.#\n#####\n")?, Rules::MUSCLEMAN)?;
    /// let inside = game.view().inside();
    /// assert!(inside.contains(&GridPos::new(2, 1)));
    /// assert!(inside.contains(&GridPos::new(0, 1)), "the wall beside the floor");
    /// assert!(!inside.contains(&GridPos::new(0, 0)), "a corner touches no floor");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn inside(&self) -> Vec<GridPos> {
        self.inside_on(self.player_floor)
    }

    /// Return the floor area of floor `floor`: as [`View::inside`], reached
    /// from the player if it stands there, else from the floor's stairs
    /// (where the player arrives).
    pub fn inside_on(&self, floor: u32) -> Vec<GridPos> {
        let Some((min, max)) = self.bounds_on(floor) else {
            return Vec::new();
        };
        let sprites = self.sprites_on(floor);
        let walls: BTreeSet<(i32, i32)> = sprites
            .iter()
            .filter(|s| s.appearance.encloses)
            .map(|s| (s.at.y, s.at.x))
            .collect();
        let mut todo: Vec<GridPos> = match sprites.iter().find(|s| s.appearance.is("player")) {
            Some(p) => vec![p.at],
            None => sprites
                .iter()
                .filter(|s| s.appearance.is("stairs_up") || s.appearance.is("stairs_down"))
                .map(|s| s.at)
                .collect(),
        };
        let mut inside: BTreeSet<(i32, i32)> = BTreeSet::new();
        let within = |p: GridPos| p.x >= min.x && p.y >= min.y && p.x <= max.x && p.y <= max.y;
        while let Some(c) = todo.pop() {
            if !within(c) || walls.contains(&(c.y, c.x)) || !inside.insert((c.y, c.x)) {
                continue;
            }
            todo.extend(GridDir::ALL.map(|d| c + d.offset()));
        }
        let beside: Vec<(i32, i32)> = walls
            .iter()
            .filter(|&&(y, x)| {
                GridDir::ALL.iter().any(|d| {
                    let n = GridPos::new(x, y) + d.offset();
                    inside.contains(&(n.y, n.x))
                })
            })
            .copied()
            .collect();
        inside.extend(beside);
        inside
            .into_iter()
            .map(|(y, x)| GridPos::new(x, y))
            .collect()
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
