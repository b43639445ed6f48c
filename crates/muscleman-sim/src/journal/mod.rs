//! The undo journal: every mutation of the world, recorded with what it replaced.
//!
//! While a journal is open, the world appends one [`Change`] per mutation it
//! performs. [`World::revert`](crate::World) plays a list of changes backwards
//! to restore the exact earlier state. A step costs memory in proportion to
//! what it changed, not to the size of the level.
//!
//! Beside it, [`baseline`] keeps the first-change record a restart puts
//! back: how each entity was before its first change since the start.

pub(crate) mod baseline;

use muscleman_core::{EntityId, GlobalCounter, GridDir, GridPos};

use crate::component::{AnyComponent, ComponentKind, TagSet};

/// One recorded mutation of the world: what undo needs to put it back
/// (the value it replaced; the new value is the world's). 24 bytes: the
/// rare, large records (a destroyed entity, a free list) are boxed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// An entity was spawned under `id`.
    Spawned { id: EntityId },
    /// An entity was destroyed; this is everything it had.
    Destroyed(Box<DestroyedEntity>),
    /// The ids future spawns would reuse, just before a spawn or destroy.
    Freelist(Box<FreeIds>),
    /// An entity moved from `from` (to where it stands now).
    Moved { id: EntityId, from: GridPos },
    /// An entity faced `faced` (it may face that way still) and then
    /// moved from `from`: a walk's Facing and move as one change
    /// (`World::walk_to`), which undo puts back as the two it stands for.
    /// `own`: the fast walk's, an undo step of its own until a `Game`
    /// files it with others (see [`OwnStep`]).
    Walked {
        id: EntityId,
        from: GridPos,
        faced: GridDir,
        own: Option<OwnStep>,
    },
    /// An entity's tags changed from `old`.
    Tags { id: EntityId, old: TagSet },
    /// A level-wide counter changed from `old`.
    Counter {
        counter: GlobalCounter,
        old: [u32; 2],
    },
    /// A data component was added, changed or removed.
    Component { id: EntityId, old: OldComponent },
}

/// The fast walk's record of itself (`walk::walk_free`): its change, with
/// the box's `Moved` before it if it pushed one, is all that the step
/// changed, so a `Game` files it as an undo step with no entry and no
/// action of its own (the top of the journal says what to undo and what
/// to redo). A `Game` that files the walk with other changes (a step
/// redone, the prelude, a turn after it) drops the mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OwnStep {
    /// The way walked: the step's input, `Input::Move(dir)`.
    pub(crate) dir: GridDir,
    /// Whether it pushed a box first (the change before this one).
    pub(crate) pushed: bool,
}

/// A free slot of the journal's stack holds a spawn of no entity.
impl crate::stack::Vacant for Change {
    const VACANT: Change = Change::Spawned {
        id: EntityId::new(0, 0),
    };

    #[inline(always)]
    fn owns_nothing(&self) -> bool {
        !matches!(self, Change::Destroyed(_) | Change::Freelist(_))
    }
}

/// A destroyed entity: its id, tags and every data component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DestroyedEntity {
    pub(crate) id: EntityId,
    pub(crate) tags: TagSet,
    pub(crate) components: Box<[AnyComponent]>,
}

/// The ids future spawns would reuse: the free list, then fresh slots from
/// `slots` on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FreeIds {
    pub(crate) free: Vec<EntityId>,
    pub(crate) slots: u32,
}

/// What an entity had of a component before a change: a value, or none of
/// that kind (the change added it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OldComponent {
    /// It had this value.
    Had(AnyComponent),
    /// It had no component of this kind.
    Lacked(ComponentKind),
}

/// Split a counter's value in two halves, so a change stays 4-byte aligned.
pub(crate) const fn split(value: u64) -> [u32; 2] {
    [value as u32, (value >> 32) as u32]
}

/// Join the halves [`split`] made.
pub(crate) const fn join(halves: [u32; 2]) -> u64 {
    halves[0] as u64 | (halves[1] as u64) << 32
}

impl Change {
    /// Return the bytes this change occupies on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        match self {
            Change::Destroyed(d) => {
                std::mem::size_of::<DestroyedEntity>()
                    + d.components.len() * std::mem::size_of::<AnyComponent>()
            }
            Change::Freelist(f) => {
                std::mem::size_of::<FreeIds>() + f.free.capacity() * std::mem::size_of::<EntityId>()
            }
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_takes_24_bytes() {
        assert_eq!(std::mem::size_of::<Change>(), 24);
    }

    #[test]
    fn counters_split_and_join() {
        for v in [0, 1, u64::from(u32::MAX), u64::MAX, 0x1234_5678_9abc_def0] {
            assert_eq!(join(split(v)), v);
        }
    }
}
