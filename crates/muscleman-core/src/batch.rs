//! The events of one step: [`EventBatch`].

use crate::event::{EventKind, Moved, SimEvent};
use crate::{EntityId, GridPos, MoveCause};

/// How many events a batch holds without allocating: a walk's one `Moved`,
/// a push's two, an undo's of either.
const INLINE: usize = 2;

/// What fills the inline slots no event holds yet (never read: only the
/// first `len` slots are events).
const UNUSED: SimEvent = SimEvent::Moved(Moved {
    entity: EntityId::new(0, 0),
    from: GridPos::ZERO,
    to: GridPos::ZERO,
    cause: MoveCause::Player,
});

/// The events of one step, in the order they happened.
///
/// The first two are kept inside the batch, so a step that returns a new
/// batch (`Game::step`) allocates nothing for a walk or a push; a batch
/// that once held more keeps them on the heap, and its capacity, from
/// then on (a reused batch allocates nothing once warm).
///
/// # Example
/// ```
/// use muscleman_core::{EntityId, EventBatch, GridPos, MoveCause, Moved, SwingBlocked, SwingBlockedReason};
///
/// let mut batch = EventBatch::new();
/// let id = EntityId::new(1, 1);
/// batch.push(Moved { entity: id, from: GridPos::new(0, 0), to: GridPos::new(1, 0), cause: MoveCause::Player });
/// batch.push(SwingBlocked { actor: id, reason: SwingBlockedReason::Via });
/// assert_eq!(batch.len(), 2);
/// assert_eq!(batch.of::<Moved>().count(), 1);
/// ```
#[derive(Clone)]
pub struct EventBatch {
    store: Store,
}

/// Where a batch's events are.
#[derive(Clone)]
enum Store {
    /// The first `len` slots.
    Inline { len: u8, events: [SimEvent; INLINE] },
    /// All of them.
    Heap(Vec<SimEvent>),
}

impl EventBatch {
    /// Make an empty batch.
    pub const fn new() -> Self {
        EventBatch {
            store: Store::Inline {
                len: 0,
                events: [UNUSED; INLINE],
            },
        }
    }

    /// Append an event at the end.
    #[inline(always)]
    pub fn push(&mut self, event: impl Into<SimEvent>) {
        // The slot found first, the event made in it: no copy through the
        // stack.
        match &mut self.store {
            Store::Inline { len, events } => match events.get_mut(usize::from(*len)) {
                Some(slot) => {
                    *slot = event.into();
                    *len += 1;
                }
                None => self.spill(event.into()),
            },
            Store::Heap(events) => events.push(event.into()),
        }
    }

    /// Move the inline events to the heap, then `event` after them.
    #[cold]
    fn spill(&mut self, event: SimEvent) {
        let mut all = Vec::with_capacity(INLINE * 4);
        all.extend_from_slice(self.events());
        all.push(event);
        self.store = Store::Heap(all);
    }

    /// Return every event, in order.
    #[inline]
    pub fn events(&self) -> &[SimEvent] {
        match &self.store {
            Store::Inline { len, events } => events.get(..usize::from(*len)).unwrap_or_default(),
            Store::Heap(events) => events,
        }
    }

    /// Iterate over every event, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, SimEvent> {
        self.events().iter()
    }

    /// Iterate, in order, over the events of type `T` only.
    pub fn of<'a, T: EventKind + 'a>(&'a self) -> impl Iterator<Item = &'a T> + 'a {
        self.iter().filter_map(T::from_event)
    }

    /// Return the number of events.
    pub fn len(&self) -> usize {
        self.events().len()
    }

    /// Return whether the batch holds no event.
    pub fn is_empty(&self) -> bool {
        self.events().is_empty()
    }

    /// Remove every event, keeping the allocated capacity for reuse.
    #[inline]
    pub fn clear(&mut self) {
        match &mut self.store {
            Store::Inline { len, .. } => *len = 0,
            Store::Heap(events) => events.clear(),
        }
    }
}

impl Default for EventBatch {
    fn default() -> Self {
        EventBatch::new()
    }
}

impl std::fmt::Debug for EventBatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventBatch")
            .field("events", &self.events())
            .finish()
    }
}

/// Two batches are equal when they hold the same events, wherever kept.
impl PartialEq for EventBatch {
    fn eq(&self, other: &Self) -> bool {
        self.events() == other.events()
    }
}

impl Eq for EventBatch {}

impl std::hash::Hash for EventBatch {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.events().hash(state);
    }
}

impl<'a> IntoIterator for &'a EventBatch {
    type Item = &'a SimEvent;
    type IntoIter = std::slice::Iter<'a, SimEvent>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for EventBatch {
    type Item = SimEvent;
    type IntoIter = std::vec::IntoIter<SimEvent>;
    fn into_iter(self) -> Self::IntoIter {
        match self.store {
            Store::Inline { .. } => self.events().to_vec().into_iter(),
            Store::Heap(events) => events.into_iter(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moved(i: u32) -> Moved {
        Moved {
            entity: EntityId::new(i, 1),
            from: GridPos::new(0, 0),
            to: GridPos::new(1, 0),
            cause: MoveCause::Push,
        }
    }

    #[test]
    fn a_batch_keeps_its_events_in_order_past_the_inline_ones() {
        let mut batch = EventBatch::new();
        let mut want = Vec::new();
        for i in 0..9 {
            assert_eq!(batch.events(), want.as_slice());
            batch.push(moved(i));
            want.push(SimEvent::Moved(moved(i)));
        }
        assert_eq!(batch.len(), 9);
        assert_eq!(batch.clone().into_iter().collect::<Vec<_>>(), want);
        batch.clear();
        assert!(batch.is_empty());
        batch.push(moved(7));
        assert_eq!(batch.events(), [SimEvent::Moved(moved(7))]);
    }

    #[test]
    fn batches_of_the_same_events_are_equal_wherever_kept() {
        let mut spilled = EventBatch::new();
        for i in 0..5 {
            spilled.push(moved(i));
        }
        spilled.clear();
        let mut inline = EventBatch::new();
        for batch in [&mut spilled, &mut inline] {
            batch.push(moved(1));
            batch.push(moved(2));
        }
        assert_eq!(spilled, inline);
        assert_eq!(format!("{spilled:?}"), format!("{inline:?}"));
        let hash = |b: &EventBatch| {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            b.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&spilled), hash(&inline));
        assert_eq!(
            inline.into_iter().collect::<Vec<_>>(),
            spilled.into_iter().collect::<Vec<_>>()
        );
    }
}
