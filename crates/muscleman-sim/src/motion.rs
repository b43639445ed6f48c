//! The ways a mechanic's rules move things ([`Motion`]): declared with
//! each mechanic, checked against every move in a debug build, and read
//! by a search that reasons about where a box can go.

/// A way a mechanic's rules move things, declared with the mechanic
/// (`Mechanic::motions`): what a search that reasons about where a box can
/// go must model. A debug build checks every move of a step against the
/// running line's mechanic's motions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Motion {
    /// The player walks, pushing the line of things in front of it
    /// (causes `Player` and `Push`).
    Walk,
    /// With hands: a grab or a drop in front, a pull, a sideways carry
    /// (causes `Player` and `Push`).
    Carry,
    /// With hands: a swing of what is held a quarter turn round the
    /// player, shoving what the arc meets (causes `Swing` and `Push`).
    Swing,
    /// The player, and what it holds, go to another floor (the stairs).
    Floors,
    /// An actor moves itself and nothing else (cause `Brain`).
    Actor,
}

impl Motion {
    /// Every motion.
    pub const ALL: [Motion; 5] = [
        Motion::Walk,
        Motion::Carry,
        Motion::Swing,
        Motion::Floors,
        Motion::Actor,
    ];

    /// Return the motion's bit in a mechanic's set of motions.
    pub(crate) const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// Return the bits of these motions (a mechanic's `motions`).
    pub(crate) const fn bits(motions: &[Motion]) -> u8 {
        let mut bits = 0;
        let mut rest = motions;
        while let [motion, more @ ..] = rest {
            bits |= motion.bit();
            rest = more;
        }
        bits
    }

    /// Return the bits of the motions that may move something with
    /// `cause`.
    pub(crate) const fn of_cause(cause: muscleman_core::MoveCause) -> u8 {
        use muscleman_core::MoveCause as C;
        match cause {
            C::Player => Motion::Walk.bit() | Motion::Carry.bit() | Motion::Floors.bit(),
            C::Push => Motion::Walk.bit() | Motion::Carry.bit() | Motion::Swing.bit(),
            C::Swing => Motion::Swing.bit(),
            C::Brain => Motion::Actor.bit(),
            C::Undo | C::Restart => 0,
        }
    }
}
