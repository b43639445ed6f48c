//! Events a step emits, and the ordered batch that carries them.

use crate::{EntityId, GlobalCounter, GridPos, MAX_CONTENTS, MoveCause};

/// An entity moved from one cell to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Moved {
    /// The entity that moved.
    pub entity: EntityId,
    /// The cell it left.
    pub from: GridPos,
    /// The cell it entered.
    pub to: GridPos,
    /// Why it moved.
    pub cause: MoveCause,
}

/// The player took hold of an entity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GrabAttached {
    /// The player.
    pub player: EntityId,
    /// The entity now held.
    pub entity: EntityId,
}

/// The player let go of an entity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GrabReleased {
    /// The player.
    pub player: EntityId,
    /// The entity no longer held.
    pub entity: EntityId,
}

/// The player swung what it holds along an arc of three cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swung {
    /// The player.
    pub player: EntityId,
    /// Where the held entity started.
    pub arc_from: GridPos,
    /// The diagonal cell the swing passed through.
    pub arc_via: GridPos,
    /// Where the held entity ended.
    pub arc_to: GridPos,
}

/// Where a swing's arc was stopped (rules.md §4, Swing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SwingBlockedReason {
    /// At V, the diagonal cell the arc passes through.
    Via,
    /// At T, the cell the held item would end in.
    To,
}

impl SwingBlockedReason {
    /// Return the reason as JSON and saves write it (`"via"`, `"to"`).
    pub const fn name(self) -> &'static str {
        match self {
            SwingBlockedReason::Via => "via",
            SwingBlockedReason::To => "to",
        }
    }
}

/// A swing was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SwingBlocked {
    /// Who tried to swing.
    pub actor: EntityId,
    /// Where the arc was stopped.
    pub reason: SwingBlockedReason,
}

/// A sinkable entity sank into water.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sank {
    /// The entity that sank.
    pub entity: EntityId,
}

/// The ids of the entities a smash spawned, in spawn order: at most
/// [`MAX_CONTENTS`], kept inline so the event allocates nothing.
///
/// # Example
/// ```
/// use muscleman_core::{EntityId, SpawnedIds};
///
/// let mut ids = SpawnedIds::EMPTY;
/// assert!(ids.push(EntityId::new(4, 1)));
/// assert_eq!(ids.as_slice(), &[EntityId::new(4, 1)]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpawnedIds {
    len: u8,
    /// Slots past `len` hold a fixed filler, so derived comparisons are exact.
    ids: [EntityId; MAX_CONTENTS],
}

impl SpawnedIds {
    /// No id.
    pub const EMPTY: SpawnedIds = SpawnedIds {
        len: 0,
        ids: [EntityId::new(0, 0); MAX_CONTENTS],
    };

    /// Append an id; return `false` (keeping the list) when it is full.
    pub fn push(&mut self, id: EntityId) -> bool {
        match self.ids.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = id;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Return the ids, in spawn order.
    pub fn as_slice(&self) -> &[EntityId] {
        self.ids.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// Iterate over the ids, in spawn order.
    pub fn iter(&self) -> std::slice::Iter<'_, EntityId> {
        self.as_slice().iter()
    }
}

impl std::fmt::Debug for SpawnedIds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A smashable entity broke and released its contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Smashed {
    /// The entity that broke.
    pub entity: EntityId,
    /// The entities spawned from its contents, in spawn order.
    pub contents: SpawnedIds,
}

/// A key was used up opening a door.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeyConsumed {
    /// The key.
    pub key: EntityId,
    /// The door it opened.
    pub door: EntityId,
}

/// A door opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DoorOpened {
    /// The door.
    pub door: EntityId,
}

/// A door closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DoorClosed {
    /// The door.
    pub door: EntityId,
}

/// A pressure plate became pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlatePressed {
    /// The plate.
    pub plate: EntityId,
}

/// A pressure plate was released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlateReleased {
    /// The plate.
    pub plate: EntityId,
}

/// A collectible was picked up and a counter went up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ItemCollected {
    /// The collected entity.
    pub entity: EntityId,
    /// The counter it added to.
    pub counter: GlobalCounter,
}

/// The player took stairs to another level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelTransition {
    /// The stairs taken.
    pub stairs: EntityId,
    /// The level to load, by its number in the game's set of levels.
    pub target_level: u32,
    /// The spawn point in that level, by its number in that level.
    pub target_spawn: u32,
}

/// A hint for a presenter to play a sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SoundHint {
    /// The kind of sound, in a word (`"push"`).
    pub kind: &'static str,
}

/// Any event a step can emit. Only [`Moved`] is emitted so far; the others
/// are declared for the rules still to come.
///
/// Every payload is plain data with no heap part, so a step that fills a
/// reused [`EventBatch`] allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SimEvent {
    /// See [`Moved`].
    Moved(Moved),
    /// See [`GrabAttached`].
    GrabAttached(GrabAttached),
    /// See [`GrabReleased`].
    GrabReleased(GrabReleased),
    /// See [`Swung`].
    Swung(Swung),
    /// See [`SwingBlocked`].
    SwingBlocked(SwingBlocked),
    /// See [`Sank`].
    Sank(Sank),
    /// See [`Smashed`].
    Smashed(Smashed),
    /// See [`KeyConsumed`].
    KeyConsumed(KeyConsumed),
    /// See [`DoorOpened`].
    DoorOpened(DoorOpened),
    /// See [`DoorClosed`].
    DoorClosed(DoorClosed),
    /// See [`PlatePressed`].
    PlatePressed(PlatePressed),
    /// See [`PlateReleased`].
    PlateReleased(PlateReleased),
    /// See [`ItemCollected`].
    ItemCollected(ItemCollected),
    /// See [`LevelTransition`].
    LevelTransition(LevelTransition),
    /// See [`SoundHint`].
    SoundHint(SoundHint),
}

/// A concrete event type that [`EventBatch::of`] can filter for.
pub trait EventKind: Into<SimEvent> {
    /// Return the event as this type if it is one.
    fn from_event(event: &SimEvent) -> Option<&Self>;
}

macro_rules! event_kinds {
    ($($name:ident),* $(,)?) => {$(
        impl From<$name> for SimEvent {
            fn from(e: $name) -> SimEvent {
                SimEvent::$name(e)
            }
        }

        impl EventKind for $name {
            fn from_event(event: &SimEvent) -> Option<&Self> {
                match event {
                    SimEvent::$name(e) => Some(e),
                    _ => None,
                }
            }
        }
    )*};
}

event_kinds!(
    Moved,
    GrabAttached,
    GrabReleased,
    Swung,
    SwingBlocked,
    Sank,
    Smashed,
    KeyConsumed,
    DoorOpened,
    DoorClosed,
    PlatePressed,
    PlateReleased,
    ItemCollected,
    LevelTransition,
    SoundHint,
);

/// The events of one step, in the order they happened.
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct EventBatch {
    events: Vec<SimEvent>,
}

impl EventBatch {
    /// Make an empty batch.
    pub const fn new() -> Self {
        EventBatch { events: Vec::new() }
    }

    /// Append an event at the end.
    pub fn push(&mut self, event: impl Into<SimEvent>) {
        self.events.push(event.into());
    }

    /// Return every event, in order.
    pub fn events(&self) -> &[SimEvent] {
        &self.events
    }

    /// Iterate over every event, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, SimEvent> {
        self.events.iter()
    }

    /// Iterate, in order, over the events of type `T` only.
    pub fn of<'a, T: EventKind + 'a>(&'a self) -> impl Iterator<Item = &'a T> + 'a {
        self.events.iter().filter_map(T::from_event)
    }

    /// Return the number of events.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Return whether the batch holds no event.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Remove every event, keeping the allocated capacity for reuse.
    pub fn clear(&mut self) {
        self.events.clear();
    }
}

impl<'a> IntoIterator for &'a EventBatch {
    type Item = &'a SimEvent;
    type IntoIter = std::slice::Iter<'a, SimEvent>;
    fn into_iter(self) -> Self::IntoIter {
        self.events.iter()
    }
}

impl IntoIterator for EventBatch {
    type Item = SimEvent;
    type IntoIter = std::vec::IntoIter<SimEvent>;
    fn into_iter(self) -> Self::IntoIter {
        self.events.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_is_at_most_one_cache_line() {
        assert!(std::mem::size_of::<SimEvent>() <= 64);
    }
}
