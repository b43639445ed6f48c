//! Tags and data components: the vocabulary of the world, each declared once.
//!
//! Tags are zero-sized markers (`Pushable`, `Static`, ...). An entity's tags
//! are kept together as one [`TagSet`] bit set, stored in the ECS and mirrored
//! in the spatial index so cell queries never touch the ECS. Data components
//! (`Position`, `Facing`, `Holding`, `LevelMember`) carry values.
//!
//! Both sets are closed and declared in one table each (`tags!` and
//! `components!` below): a new tag or component is one line there, and the
//! undo journal, the state hash, saves and `World::validate` pick it up
//! from the code those macros generate. A component's value type says how it
//! is hashed, saved and which entities it refers to, through [`Field`].
//!
//! # Adding a component
//! One line in `components!`: the type's name, its name in saves, and its
//! value type, e.g. `KeyOf = "key_of" (KeyColor)`. If the value type is new,
//! give it a [`Field`] impl in `field.rs`.

use std::fmt;

use muscleman_core::{Contents, EntityId, GlobalCounter, GridDir, GridPos, KeyColor};

use crate::field::Field;
use crate::fnv::Fnv;

mod sealed {
    pub trait Sealed {}
}

macro_rules! tags {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        /// Name of one tag, usable where the tag type is not known statically.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum TagKind {
            $($(#[$doc])* $name,)*
        }

        impl TagKind {
            /// Every tag, in bit order.
            pub const ALL: &'static [TagKind] = &[$(TagKind::$name,)*];

            /// Return the tag's name as written in code (`"BlocksMovement"`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(TagKind::$name => stringify!($name),)*
                }
            }
        }

        $(
            $(#[$doc])*
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
            pub struct $name;

            impl sealed::Sealed for $name {}

            impl Tag for $name {
                const KIND: TagKind = TagKind::$name;
            }
        )*
    };
}

tags! {
    /// Marks the player.
    Player,
    /// Nothing else may enter this entity's cell by walking or pushing.
    BlocksMovement,
    /// Stops a swing (not consulted by walk or push).
    BlocksPush,
    /// May be stood on although it is a thing (a sunk heavy box).
    Walkable,
    /// Moves when walked into, as part of a push chain.
    Pushable,
    /// Can be lifted and carried.
    Liftable,
    /// Is heavy.
    Heavy,
    /// Sinks in water.
    Sinkable,
    /// Is a hammer.
    Hammer,
    /// Can be smashed.
    Smashable,
    /// Can be opened.
    Openable,
    /// Has been opened.
    Opened,
    /// Is a strong wall.
    WallStrong,
    /// Is a weak wall.
    WallWeak,
    /// Is water.
    WaterCell,
    /// Comes from the level and is never saved (the save discriminator).
    Static,
    /// Is a door.
    Door,
    /// Is an open door.
    DoorOpen,
    /// Is a goal cell of a Sokoban level.
    Goal,
    /// Is a key (its colour is its colour tag: `KeyOf(c)` of rules.md §3).
    Key,
    /// Is a door still locked by its key (`LockedBy(c)`, `c` its colour
    /// tag); a key takes it away for good.
    Locked,
    /// Is a pressure plate (`PressurePlate(c, pressed)`: coloured by its
    /// colour tag, heavy if it has none).
    PressurePlate,
    /// Is a plate pressed right now.
    Pressed,
    /// Is collected when the player enters its cell (its counter is its
    /// [`Collects`] component).
    Collectible,
    /// Is blue (a key, door or plate).
    Blue,
    /// Is red (a key, door or plate).
    Red,
    /// Is yellow (a key, door or plate).
    Yellow,
    /// Is green (a key, door or plate).
    Green,
    /// Holds something (the player; its `Holding` names what): kept beside
    /// the component so a step knows from the spatial index alone.
    Carrying,
    /// Is stairs leading up (`Stairs(up)` of rules.md §3).
    StairsUp,
    /// Is stairs leading down (`Stairs(down)` of rules.md §3).
    StairsDown,
}

/// A tag type: a zero-sized marker an entity has or has not.
///
/// Sealed: the tags are the ones this module declares.
pub trait Tag: sealed::Sealed + Copy + Default + Send + Sync + 'static {
    /// The tag's name.
    const KIND: TagKind;
}

/// The integer a [`TagSet`] is stored in: one bit per tag.
type TagBits = u32;

// The tag capacity is a compile-time check: a 33rd tag fails the build here
// (widen `TagBits` then).
const _: () = assert!(TagKind::ALL.len() <= TagSet::CAPACITY);

impl TagKind {
    /// Return the tag of a colour.
    pub const fn of_color(color: KeyColor) -> TagKind {
        match color {
            KeyColor::Blue => TagKind::Blue,
            KeyColor::Red => TagKind::Red,
            KeyColor::Yellow => TagKind::Yellow,
            KeyColor::Green => TagKind::Green,
        }
    }

    /// Return the set holding only this tag.
    pub const fn set(self) -> TagSet {
        TagSet(1 << (self as u32))
    }
}

impl fmt::Display for TagKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The set of tags one entity has, as a bit set.
///
/// # Example
/// ```
/// use muscleman_sim::{TagKind, TagSet};
///
/// let tags = TagSet::EMPTY.with(TagKind::Pushable).with(TagKind::Heavy);
/// assert!(tags.contains(TagKind::Heavy));
/// assert_eq!(tags.iter().collect::<Vec<_>>(), [TagKind::Pushable, TagKind::Heavy]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TagSet(TagBits);

impl TagSet {
    /// The set with no tag.
    pub const EMPTY: TagSet = TagSet(0);

    /// How many distinct tags a set can hold.
    pub const CAPACITY: usize = TagBits::BITS as usize;

    /// Make a set from a list of tags.
    pub const fn of(tags: &[TagKind]) -> TagSet {
        let mut bits = 0;
        let mut rest = tags;
        while let [first, tail @ ..] = rest {
            bits |= first.set().0;
            rest = tail;
        }
        TagSet(bits)
    }

    /// Return whether `tag` is in the set.
    #[inline]
    pub const fn contains(self, tag: TagKind) -> bool {
        self.0 & tag.set().0 != 0
    }

    /// Return whether every tag of `other` is in this set.
    #[inline]
    pub const fn contains_all(self, other: TagSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// Return whether the two sets share a tag.
    #[inline]
    pub const fn intersects(self, other: TagSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Return the union of the two sets.
    #[inline]
    #[must_use]
    pub const fn union(self, other: TagSet) -> TagSet {
        TagSet(self.0 | other.0)
    }

    /// Return the set with `tag` added.
    #[must_use]
    pub const fn with(self, tag: TagKind) -> TagSet {
        TagSet(self.0 | tag.set().0)
    }

    /// Return the set with `tag` removed.
    #[must_use]
    pub const fn without(self, tag: TagKind) -> TagSet {
        TagSet(self.0 & !tag.set().0)
    }

    /// Return the tags of this set that `other` lacks.
    #[must_use]
    pub const fn minus(self, other: TagSet) -> TagSet {
        TagSet(self.0 & !other.0)
    }

    /// Return whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Return the colour its colour tag gives (a key's, door's or plate's),
    /// if it has one.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::KeyColor;
    /// use muscleman_sim::{TagKind, TagSet};
    ///
    /// let key = TagSet::of(&[TagKind::Key, TagKind::Red]);
    /// assert_eq!(key.color(), Some(KeyColor::Red));
    /// ```
    pub const fn color(self) -> Option<KeyColor> {
        if self.contains(TagKind::Blue) {
            Some(KeyColor::Blue)
        } else if self.contains(TagKind::Red) {
            Some(KeyColor::Red)
        } else if self.contains(TagKind::Yellow) {
            Some(KeyColor::Yellow)
        } else if self.contains(TagKind::Green) {
            Some(KeyColor::Green)
        } else {
            None
        }
    }

    /// Return the raw bits (bit `n` is `TagKind::ALL[n]`), for hashing.
    pub const fn bits(self) -> u64 {
        self.0 as u64
    }

    /// Iterate over the tags in the set, in bit order.
    pub fn iter(self) -> impl Iterator<Item = TagKind> {
        TagKind::ALL
            .iter()
            .copied()
            .filter(move |t| self.contains(*t))
    }
}

impl fmt::Debug for TagSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<TagKind> for TagSet {
    fn from_iter<I: IntoIterator<Item = TagKind>>(iter: I) -> Self {
        iter.into_iter().fold(TagSet::EMPTY, TagSet::with)
    }
}

macro_rules! components {
    ($($(#[doc = $doc:expr])* $(#[cfg($cfg:meta)])? $name:ident = $save:literal ($ty:ty)),* $(,)?) => {
        $(
            $(#[doc = $doc])*
            $(#[cfg($cfg)])?
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub struct $name(pub $ty);

            $(#[cfg($cfg)])?
            impl sealed::Sealed for $name {}

            $(#[cfg($cfg)])?
            impl Component for $name {
                const KIND: ComponentKind = ComponentKind::$name;
                fn into_any(self) -> AnyComponent {
                    AnyComponent::$name(self)
                }
                fn from_any(any: AnyComponent) -> Option<Self> {
                    match any {
                        AnyComponent::$name(c) => Some(c),
                        _ => None,
                    }
                }
            }
        )*

        /// Name of one data component.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum ComponentKind {
            $($(#[cfg($cfg)])? #[doc = concat!("See [`", stringify!($name), "`].")] $name,)*
        }

        impl ComponentKind {
            /// Every component kind, in declaration order (the order of
            /// hashes, saves and [`World::components`](crate::World::components)).
            pub const ALL: &'static [ComponentKind] = &[$($(#[cfg($cfg)])? ComponentKind::$name,)*];

            /// Return the component's name in saves (`"level_member"`).
            pub const fn save_name(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? ComponentKind::$name => $save,)*
                }
            }

            /// Return the entity's component of this kind, if it has one.
            pub(crate) fn get(self, ecs: &hecs::World, e: hecs::Entity) -> Option<AnyComponent> {
                match self {
                    $($(#[cfg($cfg)])? ComponentKind::$name => ecs.get::<&$name>(e).ok().map(|c| AnyComponent::$name(*c)),)*
                }
            }

            /// Remove the entity's component of this kind and return it.
            pub(crate) fn remove(self, ecs: &mut hecs::World, e: hecs::Entity) -> Option<AnyComponent> {
                match self {
                    $($(#[cfg($cfg)])? ComponentKind::$name => ecs.remove_one::<$name>(e).ok().map(AnyComponent::$name),)*
                }
            }

            /// Read a value of this kind as a save writes it.
            pub(crate) fn read_json(self, value: &serde_json::Value) -> Option<AnyComponent> {
                match self {
                    $($(#[cfg($cfg)])? ComponentKind::$name => <$ty as Field>::from_json(value).map(|v| AnyComponent::$name($name(v))),)*
                }
            }
        }

        /// The value of any data component, for code that handles them
        /// generically (dumps, hashes, saves, the undo journal).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum AnyComponent {
            $($(#[cfg($cfg)])? #[doc = concat!("A [`", stringify!($name), "`].")] $name($name),)*
        }

        impl AnyComponent {
            /// Return which component this is.
            pub const fn kind(&self) -> ComponentKind {
                match self {
                    $($(#[cfg($cfg)])? AnyComponent::$name(_) => ComponentKind::$name,)*
                }
            }

            /// Set the entity's component to this value, adding it if
            /// missing; return the value it replaced, or `Err(())` if the
            /// value was already there (nothing changed).
            pub(crate) fn insert(self, ecs: &mut hecs::World, e: hecs::Entity) -> Result<Option<AnyComponent>, ()> {
                match self {
                    $($(#[cfg($cfg)])? AnyComponent::$name(value) => {
                        if let Ok(slot) = ecs.query_one_mut::<&mut $name>(e) {
                            if *slot == value {
                                return Err(());
                            }
                            return Ok(Some(AnyComponent::$name(std::mem::replace(slot, value))));
                        }
                        ecs.insert_one(e, value).map_err(|_| ())?;
                        Ok(None)
                    })*
                }
            }

            /// Add this value to an entity being built.
            pub(crate) fn build(self, builder: &mut hecs::EntityBuilder) {
                match self {
                    $($(#[cfg($cfg)])? AnyComponent::$name(value) => { builder.add(value); })*
                }
            }

            /// Feed the value to the state hash.
            pub(crate) fn hash(self, h: &mut Fnv) {
                match self {
                    $($(#[cfg($cfg)])? AnyComponent::$name(value) => value.0.hash(h),)*
                }
            }

            /// Write the value as a save does.
            pub(crate) fn to_json(self) -> serde_json::Value {
                match self {
                    $($(#[cfg($cfg)])? AnyComponent::$name(value) => value.0.to_json(),)*
                }
            }

            /// Return the entity this value refers to, if any (for validation).
            pub(crate) fn refers_to(self) -> Option<EntityId> {
                match self {
                    $($(#[cfg($cfg)])? AnyComponent::$name(value) => value.0.refers_to(),)*
                }
            }
        }
    };
}

components! {
    /// Where an entity stands. Kept in sync with the spatial index by the world.
    Position = "position" (GridPos),
    /// The direction the player faces: where it last tried to move, or swung to.
    Facing = "facing" (GridDir),
    /// What the player holds, if anything.
    Holding = "holding" (Option<EntityId>),
    /// The floor an entity stands on, from 1 (rules.md §4 Floors). Read
    /// from where it stands, never stored: absent means floor 1 (so a
    /// one-floor level has none), and setting it moves the entity to the
    /// same cell of that floor (see `World::level_of`).
    LevelMember = "level_member" (u32),
    /// What a box holds, spawned in its cell when it is smashed. Stored only
    /// when not empty: absent means an empty box.
    Inside = "contents" (Contents),
    /// The counter a collectible raises when the player collects it
    /// (`Collectible(counter)` of rules.md §3).
    Collects = "collects" (GlobalCounter),
}

/// A data component type.
///
/// Sealed: the components are the ones this module declares.
pub trait Component: sealed::Sealed + Copy + PartialEq + Send + Sync + 'static {
    /// The component's name.
    const KIND: ComponentKind;
    /// Wrap the value for generic handling.
    fn into_any(self) -> AnyComponent;
    /// Unwrap a generic value if it is this component.
    fn from_any(any: AnyComponent) -> Option<Self>;
}
