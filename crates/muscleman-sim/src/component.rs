//! Tags and data components: the vocabulary of the world.
//!
//! Tags are zero-sized markers (`Pushable`, `Static`, ...). An entity's tags
//! are kept together as one [`TagSet`] bit set, stored in the ECS and mirrored
//! in the spatial index so cell queries never touch the ECS. Data components
//! (`Position`, `Facing`, `Holding`) carry values.
//!
//! Both sets are closed: the [`Tag`] and [`Component`] traits are sealed, so
//! every tag and component has a [`TagKind`] or [`ComponentKind`] that saves,
//! hashes and the undo journal can name.

use std::fmt;

use muscleman_core::{EntityId, GridDir, GridPos};

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
}

/// A tag type: a zero-sized marker an entity has or has not.
///
/// Sealed: the tags are the ones this module declares.
pub trait Tag: sealed::Sealed + Copy + Default + Send + Sync + 'static {
    /// The tag's name.
    const KIND: TagKind;
}

impl TagKind {
    /// Return the bit this tag occupies in a [`TagSet`].
    pub const fn bit(self) -> u32 {
        1 << (self as u32)
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
pub struct TagSet(u32);

impl TagSet {
    /// The set with no tag.
    pub const EMPTY: TagSet = TagSet(0);

    /// Make a set from a list of tags.
    pub const fn of(tags: &[TagKind]) -> TagSet {
        let mut bits = 0;
        let mut rest = tags;
        while let [first, tail @ ..] = rest {
            bits |= first.bit();
            rest = tail;
        }
        TagSet(bits)
    }

    /// Return whether `tag` is in the set.
    pub const fn contains(self, tag: TagKind) -> bool {
        self.0 & tag.bit() != 0
    }

    /// Return the set with `tag` added.
    #[must_use]
    pub const fn with(self, tag: TagKind) -> TagSet {
        TagSet(self.0 | tag.bit())
    }

    /// Return the set with `tag` removed.
    #[must_use]
    pub const fn without(self, tag: TagKind) -> TagSet {
        TagSet(self.0 & !tag.bit())
    }

    /// Return whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Return the raw bits (bit `n` is `TagKind::ALL[n]`).
    pub const fn bits(self) -> u32 {
        self.0
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

/// Where an entity stands. Kept in sync with the spatial index by the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position(pub GridPos);

/// The direction the player last tried to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Facing(pub GridDir);

/// What the player holds, if anything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Holding(pub Option<EntityId>);

/// Name of one data component.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ComponentKind {
    /// See [`Position`].
    Position,
    /// See [`Facing`].
    Facing,
    /// See [`Holding`].
    Holding,
}

impl ComponentKind {
    /// Every component kind, in a fixed order.
    pub const ALL: [ComponentKind; 3] = [
        ComponentKind::Position,
        ComponentKind::Facing,
        ComponentKind::Holding,
    ];
}

/// The value of any data component, for code that handles them generically
/// (dumps, hashes, saves, the undo journal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyComponent {
    /// A [`Position`].
    Position(Position),
    /// A [`Facing`].
    Facing(Facing),
    /// A [`Holding`].
    Holding(Holding),
}

impl AnyComponent {
    /// Return which component this is.
    pub const fn kind(&self) -> ComponentKind {
        match self {
            AnyComponent::Position(_) => ComponentKind::Position,
            AnyComponent::Facing(_) => ComponentKind::Facing,
            AnyComponent::Holding(_) => ComponentKind::Holding,
        }
    }
}

/// A data component type.
///
/// Sealed: the components are the ones this module declares.
pub trait Component: sealed::Sealed + Copy + Send + Sync + 'static {
    /// The component's name.
    const KIND: ComponentKind;
    /// Wrap the value for generic handling.
    fn into_any(self) -> AnyComponent;
    /// Unwrap a generic value if it is this component.
    fn from_any(any: AnyComponent) -> Option<Self>;
}

macro_rules! components {
    ($($name:ident),*) => {$(
        impl sealed::Sealed for $name {}

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
    )*};
}

components!(Position, Facing, Holding);
