//! What a system needs to have anything to do, as bits the step keeps
//! (see `schedule.rs`).

use crate::component::TagSet;

/// The bits the needs that hold are kept in.
pub(crate) type NeedBits = u16;

/// Declares [`Needs`]: one line per need (its doc and name), its bit given
/// by its place, so a new need is one line here; past the bits a step keeps
/// (`NeedBits`, and the schedule's tables) the build fails.
macro_rules! needs {
    ($(#[doc = $edoc:expr])* pub(crate) enum Needs;
     $($(#[doc = $doc:expr])* $name:ident,)*) => {
        $(#[doc = $edoc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Needs {
            $($(#[doc = $doc])* $name,)*
        }

        impl Needs {
            /// Every need, in bit order.
            pub(crate) const ALL: [Needs; [$(Needs::$name),*].len()] = [$(Needs::$name),*];
        }
    };
}

needs! {
    /// When a system can have anything to do, as a bit: the step keeps the
    /// bits of what holds now (`StepContext::met`) and calls a system only if
    /// its bit is among them, so a step pays only for the rules it touches.
    /// Which tags meet a world need, each mechanic declares (`meets`).
    pub(crate) enum Needs;

    /// Always.
    Always,
    /// The player holds something.
    Holding,
    /// The player's hands are empty.
    EmptyHands,
    /// The world has water.
    Water,
    /// The world has a collectible.
    Collectibles,
    /// The world has a switch or a door.
    Switches,
    /// The world has stairs.
    Stairs,
    /// The world has an actor: an entity with a brain (a duck, a ghost).
    Actors,
    /// The world has a container that answers what is put in it (a
    /// cauldron).
    Containers,
}

impl Needs {
    /// Return the need's bit.
    #[inline]
    pub(crate) const fn bit(self) -> NeedBits {
        1 << self.index()
    }

    /// Return the need's place among the bits.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

/// How many need bits there are: the table of lines by needs met has
/// `1 << NEED_BITS` entries.
pub(crate) const NEED_BITS: usize = Needs::ALL.len();

// The bits fit the `NeedBits` they are kept in: a compile-time check, so a
// new need cannot be silently dropped.
const _: () = assert!(
    NEED_BITS <= NeedBits::BITS as usize,
    "more needs than NeedBits has bits: widen it"
);

impl Needs {
    /// Return the bits of the needs the world meets, given the tags at
    /// least one entity has and, by need bit, the tags that meet it (the
    /// registry's `MEETS`, gathered from the mechanics' declarations).
    #[inline]
    pub(crate) fn of_world(present: TagSet, meets: &[TagSet; NEED_BITS]) -> NeedBits {
        let mut bits = 0;
        for (bit, tags) in meets.iter().enumerate() {
            if present.intersects(*tags) {
                bits |= 1 << bit;
            }
        }
        bits
    }
}
