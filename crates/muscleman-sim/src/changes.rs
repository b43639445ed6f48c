//! The lists a step keeps beside the world, reused from step to step so a
//! warm step allocates nothing: what changed in the step (the change list
//! the environment's systems read) and the deferred spawns and destroys.
//! Plain data; the step context (`context.rs`) fills and reads them.

use muscleman_core::{EntityId, EntitySpec, GridPos};

use crate::component::TagSet;

/// One thing that changed in a step, as the environment's systems see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepChange {
    /// An entity moved from one cell to another.
    Moved {
        /// The entity.
        id: EntityId,
        /// The cell it left.
        from: GridPos,
        /// The cell it entered.
        to: GridPos,
    },
    /// An entity appeared in a cell (a smash's contents).
    Spawned {
        /// The new entity.
        id: EntityId,
        /// Its cell.
        at: GridPos,
    },
    /// An entity was destroyed where it stood.
    Destroyed {
        /// The entity, now dead.
        id: EntityId,
        /// The cell it left.
        at: GridPos,
    },
    /// An entity's tags changed where it stands (it sank, a door opened).
    Retagged {
        /// The entity.
        id: EntityId,
        /// Its cell.
        at: GridPos,
    },
    /// The player took hold of an entity: it is lifted off its cell (it
    /// presses nothing and sinks nowhere while held).
    Lifted {
        /// The entity.
        id: EntityId,
        /// Its cell.
        at: GridPos,
    },
    /// The player let go of an entity: it counts as arrived in its cell.
    Landed {
        /// The entity.
        id: EntityId,
        /// Its cell.
        at: GridPos,
    },
    /// A data component of an entity changed where it stands (a key went
    /// into a cauldron's contents).
    Changed {
        /// The entity.
        id: EntityId,
        /// Its cell.
        at: GridPos,
    },
}

impl StepChange {
    /// Return the cell this change entered or touched: the destination of a
    /// move, or the cell of a spawn, destroy or tag change.
    pub(crate) const fn cell(&self) -> GridPos {
        match *self {
            StepChange::Moved { to, .. } => to,
            StepChange::Spawned { at, .. }
            | StepChange::Destroyed { at, .. }
            | StepChange::Retagged { at, .. }
            | StepChange::Lifted { at, .. }
            | StepChange::Landed { at, .. }
            | StepChange::Changed { at, .. } => at,
        }
    }

    /// Return the cell a move left (`None` for every other change).
    pub(crate) const fn left(&self) -> Option<GridPos> {
        match *self {
            StepChange::Moved { from, .. } => Some(from),
            _ => None,
        }
    }

    /// Return the entity concerned.
    pub(crate) const fn entity(&self) -> EntityId {
        match *self {
            StepChange::Moved { id, .. }
            | StepChange::Spawned { id, .. }
            | StepChange::Destroyed { id, .. }
            | StepChange::Retagged { id, .. }
            | StepChange::Lifted { id, .. }
            | StepChange::Landed { id, .. }
            | StepChange::Changed { id, .. } => id,
        }
    }
}

/// A spawn or destroy a system asked for, applied after it (or when it
/// calls [`StepContext::apply_commands`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Deferred {
    /// Spawn `spec` at `at`.
    Spawn {
        /// What to spawn.
        spec: EntitySpec,
        /// Where.
        at: GridPos,
    },
    /// Destroy `id`.
    Destroy {
        /// What to destroy.
        id: EntityId,
    },
}

/// The deferred spawns and destroys of a step, applied in the order they
/// were queued, so spawned ids are the same on every run.
#[derive(Debug, Default)]
pub(crate) struct Commands {
    pub(crate) queue: Vec<Deferred>,
}

impl Commands {
    /// Queue a spawn of `spec` at `at`.
    pub(crate) fn spawn(&mut self, spec: EntitySpec, at: GridPos) {
        self.queue.push(Deferred::Spawn { spec, at });
    }

    /// Queue the destruction of `id`.
    pub(crate) fn destroy(&mut self, id: EntityId) {
        self.queue.push(Deferred::Destroy { id });
    }
}

/// The lists a step keeps beside the world, reused from step to step so
/// that a warm step allocates nothing. The world owns them.
#[derive(Debug, Default)]
pub(crate) struct StepBuffers {
    /// What changed so far in this step.
    pub(crate) changes: Vec<StepChange>,
    /// The deferred spawns and destroys.
    pub(crate) commands: Commands,
    /// The ids the last applied spawns got.
    pub(crate) spawned: Vec<EntityId>,
    /// A list a system borrows to gather ids.
    pub(crate) ids: Vec<EntityId>,
    /// The world's needs as last worked out (the rules' need bits), with
    /// the tags present they were worked out from.
    pub(crate) needs: Option<(TagSet, u16)>,
    /// Whether a move with empty hands runs the walk alone (see
    /// `step::walks_alone`), with the tags present it was worked out from.
    pub(crate) walks_alone: Option<(TagSet, bool)>,
}
