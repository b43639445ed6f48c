//! The undo journal: every mutation of the world, recorded with what it replaced.
//!
//! While a journal is open, the world appends one [`Change`] per mutation it
//! performs. [`World::revert`](crate::World) plays a list of changes backwards
//! to restore the exact earlier state. A step costs memory in proportion to
//! what it changed, not to the size of the level.

use muscleman_core::{EntityId, GlobalCounter, GridPos};

use crate::component::{AnyComponent, ComponentKind, TagSet};

/// One recorded mutation of the world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// An entity was spawned under `id`.
    Spawned { id: EntityId },
    /// An entity was destroyed; this is everything it had.
    Destroyed {
        id: EntityId,
        tags: TagSet,
        components: Box<[AnyComponent]>,
    },
    /// The ids future spawns would reuse, just before a spawn or destroy:
    /// the free list, then fresh slots from `slots` on.
    Freelist { free: Vec<EntityId>, slots: u32 },
    /// An entity moved.
    Moved {
        id: EntityId,
        from: GridPos,
        to: GridPos,
    },
    /// An entity's tags changed.
    Tags {
        id: EntityId,
        old: TagSet,
        new: TagSet,
    },
    /// A level-wide counter changed.
    Counter {
        counter: GlobalCounter,
        old: u64,
        new: u64,
    },
    /// A data component was added (`old` is `None`), changed or removed (`new` is `None`).
    Component {
        id: EntityId,
        kind: ComponentKind,
        old: Option<AnyComponent>,
        new: Option<AnyComponent>,
    },
}

impl Change {
    /// Return the bytes this change occupies, heap included.
    pub(crate) fn heap_bytes(&self) -> usize {
        match self {
            Change::Destroyed { components, .. } => {
                components.len() * std::mem::size_of::<AnyComponent>()
            }
            Change::Freelist { free, .. } => free.capacity() * std::mem::size_of::<EntityId>(),
            _ => 0,
        }
    }
}
