//! Tags and data components: the vocabulary of the world, each declared once.
//!
//! Tags are markers an entity has or not (`Pushable`, `Static`, ...). An entity's tags
//! are kept together as one [`TagSet`] bit set, stored in the ECS and mirrored
//! in the spatial index so cell queries never touch the ECS. Data components
//! (`Position`, `Facing`, `Holding`, `LevelMember`) carry values.
//!
//! The tags every rule shares are declared below with `tags!`; a mechanic
//! declares its own with the same macro in its module (the registry gathers
//! and checks them). Tags are bits, so the undo journal, the state hash and
//! `World::validate` need nothing per tag, and saves name them.
//!
//! The data components are a closed set, declared in one table
//! (`components!` below): a new component is one line there, and the
//! undo journal, the state hash, saves and `World::validate` pick it up
//! from the code the macro generates. A component's value type says how it
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

/// Name of one tag: its bit in a [`TagSet`], and its name as written in
/// code and saves (`"BlocksMovement"`).
///
/// The tags every rule shares are declared below; a mechanic declares its
/// own in its module with `tags!` (each an associated constant, so every
/// layer writes `TagKind::WaterCell` alike) and lists them in its
/// `Mechanic`; the registry checks at compile time that no two share a bit
/// or a name.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TagKind {
    bit: u8,
    name: &'static str,
}

impl TagKind {
    /// Declare the tag of bit `bit`, named `name`. A bit past a
    /// [`TagSet`]'s capacity fails the build where the tag is declared.
    pub(crate) const fn declare(bit: u8, name: &'static str) -> TagKind {
        assert!(
            (bit as usize) < TagSet::CAPACITY,
            "a tag past the TagSet's capacity"
        );
        TagKind { bit, name }
    }

    /// Return its bit in a [`TagSet`].
    pub const fn bit(self) -> u8 {
        self.bit
    }

    /// Return the tag's name as written in code (`"BlocksMovement"`).
    pub const fn name(self) -> &'static str {
        self.name
    }
}

impl fmt::Debug for TagKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// Declare tags as associated constants of [`TagKind`], and the list
/// `$list` of them: `tags! { TAGS; /// Is water. WaterCell = 14 }`.
macro_rules! tags {
    ($list:ident; $($(#[$doc:meta])* $name:ident = $bit:literal),* $(,)?) => {
        #[allow(non_upper_case_globals)]
        impl $crate::component::TagKind {
            $(
                $(#[$doc])*
                pub const $name: $crate::component::TagKind =
                    $crate::component::TagKind::declare($bit, stringify!($name));
            )*
        }

        /// The tags this module declares.
        pub(crate) const $list: &[$crate::component::TagKind] =
            &[$($crate::component::TagKind::$name,)*];
    };
}
pub(crate) use tags;

/// Give each of the shared tags a marker type, for [`World::has_tag`]
/// (`world.has_tag::<Pushable>(id)`).
///
/// [`World::has_tag`]: crate::World::has_tag
macro_rules! markers {
    ($($name:ident),* $(,)?) => {
        $(
            #[doc = concat!("The marker type of [`TagKind::", stringify!($name), "`].")]
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
    SHARED_TAGS;
    /// Marks the player.
    Player = 0,
    /// Nothing else may enter this entity's cell by walking or pushing.
    BlocksMovement = 1,
    /// Stops a swing (not consulted by walk or push).
    BlocksPush = 2,
    /// May be stood on although it is a thing (a sunk heavy box).
    Walkable = 3,
    /// Moves when walked into, as part of a push chain.
    Pushable = 4,
    /// Can be lifted and carried.
    Liftable = 5,
    /// Is heavy.
    Heavy = 6,
    /// Can be opened.
    Openable = 10,
    /// Has been opened.
    Opened = 11,
    /// Is a strong wall.
    WallStrong = 12,
    /// Comes from the level and is never saved (the save discriminator).
    Static = 15,
    /// Is a goal cell of a Sokoban level.
    Goal = 18,
    /// Is blue (what has a colour: a key, the door it opens...).
    Blue = 24,
    /// Is red (what has a colour: a key, the door it opens...).
    Red = 25,
    /// Is yellow (what has a colour: a key, the door it opens...).
    Yellow = 26,
    /// Is green (what has a colour: a key, the door it opens...).
    Green = 27,
    /// Holds something (the player; its `Holding` names what): kept beside
    /// the component so a step knows from the spatial index alone.
    Carrying = 28,
    /// Has a brain: it acts by itself in the actors phase (rules.md §4,
    /// a duck). The spatial index lists such entities (`Tallies::listed`),
    /// so the phase visits them, not the level.
    Brain = 31,
}

markers!(
    Player,
    BlocksMovement,
    BlocksPush,
    Walkable,
    Pushable,
    Liftable,
    Heavy,
    Openable,
    Opened,
    WallStrong,
    Static,
    Goal,
    Blue,
    Red,
    Yellow,
    Green,
    Carrying,
    Brain,
);

/// A tag type: a zero-sized marker an entity has or has not.
///
/// Sealed: the shared tags declared in this module have one each; a
/// mechanic's own tags are named by [`TagKind`] alone.
pub trait Tag: sealed::Sealed + Copy + Default + Send + Sync + 'static {
    /// The tag's name.
    const KIND: TagKind;
}

/// The integer a [`TagSet`] is stored in: one bit per tag. A tag declared
/// past its bits fails the build ([`TagKind::declare`]); widen it then.
/// 64 bits since rules.md version 3 passed 32 tags (BENCHMARKS.md, issue
/// 25, says what the wider sets cost).
type TagBits = u64;

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
        TagSet(1 << self.bit)
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

    /// Return the colour its colour tag gives (a key's, a door's...),
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

    /// Return the raw bits (bit `n` is the tag whose [`TagKind::bit`] is
    /// `n`), for hashing.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Return the set of the tags whose bits are set in `bits` (bits past
    /// the capacity are dropped).
    pub const fn from_bits(bits: u64) -> TagSet {
        TagSet(bits as TagBits)
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

/// Return `tags` without the play state a level does not write: whether a
/// switch is pressed (it takes that state from what stands on it at load)
/// and whether the player carries something (saves keep that).
pub(crate) const fn level_tags(tags: TagSet) -> TagSet {
    tags.without(TagKind::Pressed).without(TagKind::Carrying)
}
