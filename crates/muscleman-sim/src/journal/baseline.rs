//! The baseline: what every entity touched since the last restart was like
//! at the level's start, so that a restart costs what changed, not the
//! history.
//!
//! While a baseline is kept (a `Game` keeps one), the world notes, the first
//! time each entity is changed, spawned or destroyed, how it was before: its
//! tags and components, or that it did not exist. A restart then puts just
//! those entities back, and the id free list, whatever the length of the
//! history (rules.md §4, History). After a restart the world is at its
//! start again, so the baseline starts over empty; undoing the restart
//! brings back the baseline it replaced.

use muscleman_core::{EntityId, GlobalCounter};

use crate::component::{AnyComponent, TagSet};

/// An entity as it was: its tags and data components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Snapshot {
    pub(crate) tags: TagSet,
    pub(crate) components: Box<[AnyComponent]>,
}

/// The start state of every entity touched since the baseline began.
#[derive(Clone, Debug, Default)]
pub(crate) struct Baseline {
    /// By slot index: the generation of the entity of that slot noted
    /// last, or 0. A quick test before the list is searched.
    marks: Vec<u32>,
    /// Each touched entity with what it was at the start (`None`: it did
    /// not exist), in the order they were first touched.
    first: Vec<(EntityId, Option<Snapshot>)>,
    /// The ids future spawns would reuse, at the start: the free list, then
    /// fresh slots from `slots` on.
    freelist: Vec<EntityId>,
    slots: u32,
    /// The counters at the start, and whether any changed since.
    counters: [u64; GlobalCounter::ALL.len()],
    counters_changed: bool,
}

impl Baseline {
    /// Start a baseline at a state whose spawn free list is `freelist`, with
    /// `slots` slots made, and counters `counters`.
    pub(crate) fn new(
        freelist: Vec<EntityId>,
        slots: u32,
        counters: [u64; GlobalCounter::ALL.len()],
    ) -> Self {
        Baseline {
            marks: Vec::new(),
            first: Vec::new(),
            freelist,
            slots,
            counters,
            counters_changed: false,
        }
    }

    /// Start over at the same start state: nothing is touched.
    pub(crate) fn fresh(&self) -> Self {
        Baseline::new(self.freelist.clone(), self.slots, self.counters)
    }

    /// Return how many slots had been made at the start.
    pub(crate) fn slots(&self) -> u32 {
        self.slots
    }

    /// Note that a counter changed.
    pub(crate) fn note_counters_changed(&mut self) {
        self.counters_changed = true;
    }

    /// Return whether a counter changed since the baseline began.
    pub(crate) fn counters_changed(&self) -> bool {
        self.counters_changed
    }

    /// Return the counters at the start.
    pub(crate) fn counters(&self) -> [u64; GlobalCounter::ALL.len()] {
        self.counters
    }

    /// Return whether `id` was noted already.
    #[inline(always)]
    pub(crate) fn has(&self, id: EntityId) -> bool {
        match self.marks.get(id.index() as usize) {
            Some(&g) if g == id.generation() => true,
            // The slot's mark names another generation of it: this one may
            // have been noted before (rare: undo brought it back).
            Some(&g) if g != 0 => self.first.iter().any(|(noted, _)| *noted == id),
            _ => false,
        }
    }

    /// Note how `id` was before its first change (`None`: it did not exist).
    pub(crate) fn note(&mut self, id: EntityId, before: Option<Snapshot>) {
        let slot = id.index() as usize;
        if self.marks.len() <= slot {
            self.marks.resize(slot + 1, 0);
        }
        if let Some(mark) = self.marks.get_mut(slot) {
            *mark = id.generation();
        }
        self.first.push((id, before));
    }

    /// Return the touched entities and their start states, by id.
    pub(crate) fn entries(&self) -> Vec<(EntityId, Option<&Snapshot>)> {
        let mut all: Vec<_> = self.first.iter().map(|(id, s)| (*id, s.as_ref())).collect();
        all.sort_by_key(|(id, _)| *id);
        all
    }

    /// Return the start's free list.
    pub(crate) fn freelist(&self) -> &[EntityId] {
        &self.freelist
    }

    /// Return the bytes the baseline holds.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.marks.capacity() * std::mem::size_of::<u32>()
            + self.first.capacity() * std::mem::size_of::<(EntityId, Option<Snapshot>)>()
            + self
                .first
                .iter()
                .filter_map(|(_, s)| s.as_ref())
                .map(|s| s.components.len() * std::mem::size_of::<AnyComponent>())
                .sum::<usize>()
            + self.freelist.capacity() * std::mem::size_of::<EntityId>()
    }
}
