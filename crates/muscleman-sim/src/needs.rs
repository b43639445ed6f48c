//! What a system needs to have anything to do, as bits the step keeps
//! (see `schedule.rs`).

use crate::component::TagSet;

/// The bits the needs that hold are kept in.
pub(crate) type NeedBits = u16;

/// When a system can have anything to do, as a bit: the step keeps the
/// bits of what holds now (`StepContext::met`) and calls a system only if
/// its bit is among them, so a step pays only for the rules it touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u16)]
pub(crate) enum Needs {
    /// Always.
    Always = 1,
    /// The player holds something.
    Holding = 1 << 1,
    /// The player's hands are empty.
    EmptyHands = 1 << 2,
    /// The world has water.
    Water = 1 << 3,
    /// The world has a collectible.
    Collectibles = 1 << 4,
    /// The world has a switch or a door.
    Switches = 1 << 5,
    /// The world has stairs.
    Stairs = 1 << 6,
    /// The world has an actor: an entity with a brain (a duck).
    Actors = 1 << 7,
    /// The world has a container that answers what is put in it (a
    /// cauldron).
    Containers = 1 << 8,
}

impl Needs {
    /// Every need, in bit order.
    pub(crate) const ALL: [Needs; 9] = [
        Needs::Always,
        Needs::Holding,
        Needs::EmptyHands,
        Needs::Water,
        Needs::Collectibles,
        Needs::Switches,
        Needs::Stairs,
        Needs::Actors,
        Needs::Containers,
    ];

    /// Return the need's bit.
    #[inline]
    pub(crate) const fn bit(self) -> NeedBits {
        self as NeedBits
    }

    /// Return the need's place among the bits.
    pub(crate) const fn index(self) -> usize {
        self.bit().trailing_zeros() as usize
    }
}

/// How many need bits there are: the table of lines by needs met has
/// `1 << NEED_BITS` entries.
pub(crate) const NEED_BITS: usize = Needs::ALL.len();

// Every need is one bit below `NEED_BITS`, in order, and the bits fit the
// `NeedBits` they are kept in: a compile-time check, so a new need cannot
// be silently skipped.
const _: () = {
    assert!(NEED_BITS <= NeedBits::BITS as usize);
    let mut i = 0;
    while i < NEED_BITS {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        let bit = Needs::ALL[i] as usize;
        assert!(bit == 1 << i, "the needs are not one bit each, in order");
        i += 1;
    }
};

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
