//! What a mechanic declares (see `registry.rs` for what reads it): its
//! recipes' sim part ([`RecipeDecl`]: tags, data at spawn, states, [`Art`],
//! [`Assume`]), its schedule lines, and its load and invariant hooks
//! ([`Mechanic`]). Plain declarations: this module runs nothing.

use muscleman_core::{EntityId, EntityRecipe, EntitySpec, GlobalCounter, GridDir, GridPos};

use crate::breaking::Breaking;
use crate::component::{Collects, Facing, Holding, Inside, TagKind, TagSet};
use crate::context::{Act, ClearWay, TakeKey};
use crate::line::{System, SystemEntry};
use crate::motion::Motion;
use crate::needs::Needs;
use crate::world::{InvariantError, World, WorldError};

/// Where an entity is drawn among the entities of its cell: higher is drawn
/// above (and, where a front end shows one thing a cell, shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Layer(pub u8);

impl Layer {
    /// Water, the lowest.
    pub const WATER: Layer = Layer(0);
    /// Marks on the floor: goals, what fills water.
    pub const FLOOR: Layer = Layer(1);
    /// Things set into the floor.
    pub const SET_IN: Layer = Layer(2);
    /// An open doorway.
    pub const DOORWAY: Layer = Layer(3);
    /// What lies on the floor: collectibles.
    pub const LOOSE: Layer = Layer(4);
    /// Things that block: boxes, keys, hammers; and what no front end knows.
    pub const THING: Layer = Layer(5);
    /// Walls and closed doors.
    pub const WALL: Layer = Layer(6);
    /// The player, the highest.
    pub const PLAYER: Layer = Layer(7);
}

/// A colour to draw a fallback glyph in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tint {
    /// The front end's plain text colour.
    Plain,
    /// The entity's own key colour.
    Own,
    /// Red.
    Red,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Blue.
    Blue,
    /// Magenta.
    Magenta,
    /// Cyan.
    Cyan,
    /// Brown (wood, crates).
    Brown,
    /// Grey (stone, iron).
    Grey,
}

/// How a recipe looks, declared with it: a front end with art of its own for
/// `kind` draws that; any other draws `glyph` in `tint`, at `layer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Art {
    /// A stable snake_case name front ends match on (`"heavy_box"`).
    pub kind: &'static str,
    /// What players call it (`"heavy box"`).
    pub name: &'static str,
    /// Where it is drawn in its cell.
    pub layer: Layer,
    /// A one-character fallback glyph.
    pub glyph: char,
    /// The fallback glyph's colour.
    pub tint: Tint,
}

impl Art {
    /// Declare a recipe's art.
    pub const fn new(
        kind: &'static str,
        name: &'static str,
        layer: Layer,
        glyph: char,
        tint: Tint,
    ) -> Art {
        Art {
            kind,
            name,
            layer,
            glyph,
            tint,
        }
    }
}

pub use crate::assumptions::{Answer, Assume, Brew, Moves, OpenedBy, PressedBy, Spawns};

/// A data component a recipe's entities get when spawned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Init {
    /// Empty hands (`Holding(None)`).
    Hands,
    /// `Facing(dir)`.
    Facing(GridDir),
    /// The spec's contents (`Inside`), when it has any.
    Contents,
    /// `Collects(counter)`.
    Collects(GlobalCounter),
}

/// Work out the state word an entity shows in play (`""` for none), given
/// the world, the entity, its cell and its tags.
pub type Shows = fn(&World, EntityId, GridPos, TagSet) -> &'static str;

/// How a hammer breaks one of a recipe's entities (rules.md §4, Swing step
/// 2), given the world, the entity and its cell: `None` when it is no
/// target where it stands (the strike looks on as if it were not there).
pub type Breaks = fn(&World, EntityId, GridPos) -> Option<Breaking>;

/// A state a recipe may be in: the tags it loses and gains, and how it looks.
#[derive(Clone, Copy, Debug)]
pub struct StateDecl {
    /// The state.
    pub state: muscleman_core::RecipeState,
    /// Tags the recipe's entity loses in it.
    pub lose: TagSet,
    /// Tags it gains.
    pub gain: TagSet,
    /// How it looks in it.
    pub art: Art,
    /// The word front ends get for it (`"open"`), `""` for none.
    pub shown: &'static str,
    /// What a player reads of it beyond its recipe's
    /// [`explain`](RecipeDecl::explain), one line or two, with no key
    /// names (each front end names its own keys); `""` when the recipe's
    /// words say it all.
    pub explain: &'static str,
}

/// The states of a recipe whose Facing is state (a duck, a ghost): up,
/// right and left (down, the way it spawns, its own state), each with
/// `art` and nothing lost or gained.
pub(crate) const fn facing_states(art: Art) -> [StateDecl; 3] {
    const fn facing(
        state: muscleman_core::RecipeState,
        art: Art,
        shown: &'static str,
    ) -> StateDecl {
        StateDecl {
            state,
            lose: TagSet::EMPTY,
            gain: TagSet::EMPTY,
            art,
            shown,
            explain: "",
        }
    }
    use muscleman_core::RecipeState as S;
    [
        facing(S::Up, art, "up"),
        facing(S::Right, art, "right"),
        facing(S::Left, art, "left"),
    ]
}

/// The state word of an entity whose Facing is state: the way it faces.
pub(crate) fn shows_facing(world: &World, id: EntityId, _: GridPos, _: TagSet) -> &'static str {
    world.get::<Facing>(id).map_or("", |f| {
        muscleman_core::RecipeState::facing_state(f.0).name()
    })
}

/// The sim's part of one recipe (its level part is core's recipe table).
#[derive(Clone, Copy, Debug)]
pub struct RecipeDecl {
    /// The recipe.
    pub recipe: EntityRecipe,
    /// Its tags in its own state (its colour tag is added from the recipe).
    pub tags: TagSet,
    /// Its data components at spawn.
    pub init: &'static [Init],
    /// The states it may be in.
    pub states: &'static [StateDecl],
    /// How it looks in its own state.
    pub art: Art,
    /// The state word front ends get for one of its entities in play
    /// (`"lit"`), worked out from the world.
    pub shows: Option<Shows>,
    /// What the solver may assume of it.
    pub assume: Assume,
    /// What a player reads of it, one line or two (the help of a level
    /// that holds it): what it does and how to use it, in the words of
    /// the rules, with no key names (each front end names its own keys)
    /// and without its name, which front ends put before it. Every
    /// declared recipe has one: the registry checks at compile time.
    pub explain: &'static str,
    /// How a hammer breaks it, for a smashable recipe that breaks its own
    /// way (`None`: where it stands, its contents all in its cell).
    pub breaks: Option<Breaks>,
    /// How one of its entities acts by itself in the actors phase (an
    /// actor: a duck); `None` for what never acts. The registry checks at
    /// compile time that a recipe acts exactly when it has a brain
    /// ([`TagKind::Brain`]) and moves by itself ([`Moves::ByItself`]).
    pub(crate) act: Option<Act>,
}

impl RecipeDecl {
    /// Declare a recipe with no states, no data, nothing shown and no
    /// explanation yet (give it one with [`RecipeDecl::explained`]: the
    /// build fails without).
    pub const fn new(recipe: EntityRecipe, tags: &[TagKind], art: Art, assume: Assume) -> Self {
        RecipeDecl {
            recipe,
            tags: TagSet::of(tags),
            init: &[],
            states: &[],
            art,
            shows: None,
            assume,
            explain: "",
            breaks: None,
            act: None,
        }
    }

    /// This, acting by itself in the actors phase as `act` says.
    pub(crate) const fn acting(self, act: Act) -> Self {
        RecipeDecl {
            act: Some(act),
            ..self
        }
    }

    /// Return whether its entities act by themselves in the actors phase.
    pub const fn acts(&self) -> bool {
        self.act.is_some()
    }

    /// This, broken by a hammer as `breaks` says.
    pub const fn breaking(self, breaks: Breaks) -> Self {
        RecipeDecl {
            breaks: Some(breaks),
            ..self
        }
    }

    /// This, explained to players in `explain` (see [`RecipeDecl::explain`]).
    pub const fn explained(self, explain: &'static str) -> Self {
        RecipeDecl { explain, ..self }
    }

    /// This, with data components at spawn.
    pub const fn with_init(self, init: &'static [Init]) -> Self {
        RecipeDecl { init, ..self }
    }

    /// This, with states.
    pub const fn with_states(self, states: &'static [StateDecl]) -> Self {
        RecipeDecl { states, ..self }
    }

    /// This, showing a state word in play worked out by `shows`.
    pub const fn showing(self, shows: Shows) -> Self {
        RecipeDecl {
            shows: Some(shows),
            ..self
        }
    }

    /// Return each set of tags its entities may have: in its own state
    /// ([`RecipeDecl::all_tags`]) and in each of its states.
    pub fn tag_sets(&self) -> impl Iterator<Item = TagSet> + '_ {
        let own = self.all_tags();
        std::iter::once(own).chain(
            self.states
                .iter()
                .map(move |s| own.minus(s.lose).union(s.gain)),
        )
    }

    /// Return its tags in its own state, its colour tag included.
    pub const fn all_tags(&self) -> TagSet {
        match self.recipe.color() {
            Some(c) => self.tags.with(TagKind::of_color(c)),
            None => self.tags,
        }
    }

    /// Return the way its entities face when spawned, if they have a
    /// Facing (the player, a duck).
    pub const fn facing(&self) -> Option<GridDir> {
        let mut rest = self.init;
        while let [first, tail @ ..] = rest {
            if let Init::Facing(dir) = first {
                return Some(*dir);
            }
            rest = tail;
        }
        None
    }

    /// Return the counter its entities raise when collected, if any.
    pub const fn collects(&self) -> Option<GlobalCounter> {
        let mut rest = self.init;
        while let [first, tail @ ..] = rest {
            if let Init::Collects(c) = first {
                return Some(*c);
            }
            rest = tail;
        }
        None
    }
}

/// Give a just spawned entity its data components.
pub(crate) fn init(
    world: &mut World,
    id: EntityId,
    decl: &RecipeDecl,
    spec: &EntitySpec,
) -> Result<(), WorldError> {
    for init in decl.init {
        match *init {
            Init::Hands => world.set(id, Holding(None))?,
            Init::Facing(dir) => world.set(id, Facing(dir))?,
            Init::Contents if !spec.contents.is_empty() => world.set(id, Inside(spec.contents))?,
            Init::Contents => {}
            Init::Collects(counter) => world.set(id, Collects(counter))?,
        }
    }
    Ok(())
}

/// What takes a key that a push chain brings to its cell (rules.md §4,
/// Push chain: a key into its door, a key into a cauldron): declared by the
/// mechanic of what takes it, asked by every push chain of a move.
#[derive(Clone, Copy)]
pub(crate) struct KeyTaker {
    /// The entity at the cell that takes a key with these tags (its colour
    /// tag among them), if any.
    pub(crate) finds: fn(&World, TagSet, GridPos) -> Option<EntityId>,
    /// Take the key (its id and tags), just destroyed, into the taker:
    /// change the taker and emit its events, before the chain moves.
    pub(crate) takes: TakeKey,
}

/// What a push chain's far end clears out of the cell beyond instead of
/// being stopped there (rules.md §4, Push chain: a book pushed into a
/// ghost releases it): declared by the mechanic of what is cleared, asked
/// by every push chain of a move (not swing shoves) after the key takers.
#[derive(Clone, Copy)]
pub(crate) struct WayClearer {
    /// The entity at the cell that a chain whose far end has these tags
    /// clears out of its way, if any.
    pub(crate) finds: fn(&World, TagSet, GridPos) -> Option<EntityId>,
    /// Clear it (the far end's id, what is cleared): destroy it and emit
    /// its events, before the chain moves, its far end into that cell.
    pub(crate) clears: ClearWay,
}

/// A mechanic's invariant check of one cell, given what the player holds.
pub(crate) type CellCheck = fn(&World, GridPos, Option<EntityId>) -> Result<(), InvariantError>;

/// A mechanic: one module's recipes, systems and hooks.
#[derive(Clone, Copy)]
pub(crate) struct Mechanic {
    /// Its name (`"doors"`).
    pub(crate) name: &'static str,
    /// Its recipes.
    pub(crate) recipes: &'static [RecipeDecl],
    /// Its systems, each with its schedule line.
    pub(crate) systems: &'static [SystemEntry],
    /// The ways its systems move things (a debug build checks each move).
    pub(crate) motions: &'static [Motion],
    /// Give one of its entities the state its rules give at load (a door
    /// pressed by what stands on it), without events. Called in id order,
    /// mechanic by mechanic in registration order, after the whole level
    /// is spawned.
    pub(crate) settle: Option<fn(&mut World, EntityId)>,
    /// Check its invariants in one cell (rules.md §5), given what the
    /// player holds.
    pub(crate) check: Option<CellCheck>,
    /// The needs its entities meet: while some entity has the tag, the
    /// lines that need it run (a world with water runs sink).
    pub(crate) meets: &'static [(Needs, TagKind)],
    /// The tags it declares (with `tags!`, in its module).
    pub(crate) tags: &'static [TagKind],
    /// The tags whose entities its rules visit without a look at the
    /// level: the spatial index lists them, by colour class, in id order
    /// (`Tallies::listed`).
    pub(crate) lists: &'static [TagKind],
    /// The tags whose entities weigh nothing: no plate counts them (a
    /// ghost), however they block.
    pub(crate) weightless: &'static [TagKind],
    /// What of its entities takes a key a push chain brings (a door, a
    /// cauldron).
    pub(crate) takes_key: Option<KeyTaker>,
    /// What of its entities a push chain's far end clears out of its way
    /// (a ghost, before a book).
    pub(crate) clears_way: Option<WayClearer>,
    /// What it adds last to every step's events (the emit phase, rules.md
    /// §4: the bump), after every scheduled line: called on every step,
    /// with no bit tables to look up, so it costs a call and its own test.
    pub(crate) emit: Option<System>,
}

impl Mechanic {
    /// Declare a mechanic with recipes and systems and no hooks.
    pub(crate) const fn new(
        name: &'static str,
        recipes: &'static [RecipeDecl],
        systems: &'static [SystemEntry],
    ) -> Self {
        Mechanic {
            name,
            recipes,
            systems,
            motions: &[],
            settle: None,
            check: None,
            meets: &[],
            tags: &[],
            lists: &[],
            weightless: &[],
            takes_key: None,
            clears_way: None,
            emit: None,
        }
    }
}
