//! Events a step emits, and the ordered batch that carries them.

use crate::{EntityId, GlobalCounter, GridPos, MAX_CONTENTS, MoveCause, SoundKind};

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

/// The ids of the entities a smash spawned, in spawn order: at most
/// [`MAX_CONTENTS`], kept inline so the event allocates nothing.
///
/// The ids are the slots up to the first that holds no id (generation 0,
/// which no entity has), so the list needs no length of its own and an
/// event stays small enough that two fit in an [`EventBatch`](crate::EventBatch)
/// copied without a call.
///
/// # Example
/// ```
/// use muscleman_core::{EntityId, SpawnedIds};
///
/// let mut ids = SpawnedIds::EMPTY;
/// assert!(ids.push(EntityId::new(4, 1)));
/// assert!(!ids.push(EntityId::new(5, 0)));
/// assert_eq!(ids.as_slice(), &[EntityId::new(4, 1)]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpawnedIds {
    /// The ids, then the filler `NONE` in every slot past them, so derived
    /// comparisons are exact.
    ids: [EntityId; MAX_CONTENTS],
}

/// What fills a slot of [`SpawnedIds`] past its ids: no entity has
/// generation 0.
const NONE: EntityId = EntityId::new(0, 0);

impl SpawnedIds {
    /// No id.
    pub const EMPTY: SpawnedIds = SpawnedIds {
        ids: [NONE; MAX_CONTENTS],
    };

    /// Append an id; return `false` (keeping the list) when it is full, or
    /// when `id` has generation 0, which names no entity.
    pub fn push(&mut self, id: EntityId) -> bool {
        if id.generation() == 0 {
            return false;
        }
        let len = self.len();
        match self.ids.get_mut(len) {
            Some(slot) => {
                *slot = id;
                true
            }
            None => false,
        }
    }

    /// Return the number of ids.
    fn len(&self) -> usize {
        self.ids
            .iter()
            .position(|id| id.generation() == 0)
            .unwrap_or(MAX_CONTENTS)
    }

    /// Return the ids, in spawn order.
    pub fn as_slice(&self) -> &[EntityId] {
        self.ids.get(..self.len()).unwrap_or(&[])
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

/// The type of one event field, as every front end converts it: JSON,
/// Godot signal parameters, the docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldType {
    /// An entity id.
    Entity,
    /// An entity id, or none.
    MaybeEntity,
    /// A cell.
    Cell,
    /// A snake_case name (a move cause, a swing-blocked reason, a counter, a sound).
    Name,
    /// Entity ids, in order.
    Entities,
    /// A whole number.
    Number,
    /// Yes or no.
    Flag,
}

/// The value of one event field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldValue {
    /// An entity id.
    Entity(EntityId),
    /// An entity id, or none.
    MaybeEntity(Option<EntityId>),
    /// A cell.
    Cell(GridPos),
    /// A snake_case name.
    Name(&'static str),
    /// Entity ids, in order.
    Entities(SpawnedIds),
    /// A whole number.
    Number(u32),
    /// Yes or no.
    Flag(bool),
}

/// A value an event field may hold: how it is written for front ends.
pub trait EventField: Copy {
    /// Its type.
    const TYPE: FieldType;
    /// Its value.
    fn value(self) -> FieldValue;
}

macro_rules! field_types {
    ($($ty:ty => $kind:ident, |$v:ident| $value:expr;)*) => {$(
        impl EventField for $ty {
            const TYPE: FieldType = FieldType::$kind;
            fn value(self) -> FieldValue {
                let $v = self;
                FieldValue::$kind($value)
            }
        }
    )*};
}

field_types! {
    EntityId => Entity, |v| v;
    Option<EntityId> => MaybeEntity, |v| v;
    GridPos => Cell, |v| v;
    MoveCause => Name, |v| v.name();
    SwingBlockedReason => Name, |v| v.name();
    GlobalCounter => Name, |v| v.name();
    SoundKind => Name, |v| v.name();
    SpawnedIds => Entities, |v| v;
    u32 => Number, |v| v;
    bool => Flag, |v| v;
}

/// One event kind of the catalogue: its snake_case name and its fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventInfo {
    /// The name JSON and signals give it (`"moved"`).
    pub name: &'static str,
    /// Each field's snake_case name and type, in order.
    pub fields: &'static [(&'static str, FieldType)],
    /// What a player should notice, if the event is worth a line: a
    /// sentence whose `{field}` stands for the entity in that field, named
    /// as the view names it (`"The {door} opened"`).
    pub says: Option<&'static str>,
    /// Whether it belongs to a demonstration mechanic built only with a
    /// cargo feature (`demo-glow`): the docs and the rule book leave it out.
    pub demo: bool,
}

/// Most fields one event has: [`SimEvent::fields`] returns them inline.
pub const MAX_FIELDS: usize = 5;

/// An event's fields with their values, in declaration order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fields {
    len: u8,
    items: [(&'static str, FieldValue); MAX_FIELDS],
}

impl Fields {
    const FILLER: (&'static str, FieldValue) = ("", FieldValue::Flag(false));

    fn of(list: &[(&'static str, FieldValue)]) -> Fields {
        let mut f = Fields {
            len: 0,
            items: [Fields::FILLER; MAX_FIELDS],
        };
        for (slot, item) in f.items.iter_mut().zip(list) {
            *slot = *item;
            f.len += 1;
        }
        f
    }

    /// Return the fields as a slice.
    pub fn as_slice(&self) -> &[(&'static str, FieldValue)] {
        self.items.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// Iterate over the fields.
    pub fn iter(&self) -> std::slice::Iter<'_, (&'static str, FieldValue)> {
        self.as_slice().iter()
    }
}

/// A concrete event type that [`EventBatch::of`](crate::EventBatch::of) can filter for.
pub trait EventKind: Into<SimEvent> {
    /// The event's name in the catalogue.
    const NAME: &'static str;
    /// Return the event as this type if it is one.
    fn from_event(event: &SimEvent) -> Option<&Self>;
}

/// Return the first of at most one sentence an event declares it says.
const fn first_words(says: &[&'static str]) -> Option<&'static str> {
    match says {
        [first, ..] => Some(*first),
        [] => None,
    }
}

/// Declares every event once: its struct, its catalogue name and fields,
/// its `SimEvent` variant, and the conversions; JSON, signals and docs
/// read [`SimEvent::CATALOGUE`] and [`SimEvent::fields`].
macro_rules! events {
    ($(
        $(#[doc = $doc:expr])*
        $(#[cfg($cfg:meta)])?
        $name:ident = $json:literal $(says $says:literal)? {
            $($(#[doc = $fdoc:expr])* $field:ident: $ty:ty),* $(,)?
        }
    )*) => {
        $(
            $(#[doc = $doc])*
            $(#[cfg($cfg)])?
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub struct $name {
                $($(#[doc = $fdoc])* pub $field: $ty,)*
            }

            $(#[cfg($cfg)])?
            impl $name {
                /// The event's fields and their types, in order.
                pub const FIELDS: &'static [(&'static str, FieldType)] =
                    &[$((stringify!($field), <$ty as EventField>::TYPE)),*];
            }

            // Every event fits [`Fields`]: a compile-time check.
            $(#[cfg($cfg)])?
            const _: () = assert!($name::FIELDS.len() <= MAX_FIELDS);

            $(#[cfg($cfg)])?
            impl From<$name> for SimEvent {
                fn from(e: $name) -> SimEvent {
                    SimEvent::$name(e)
                }
            }

            $(#[cfg($cfg)])?
            impl EventKind for $name {
                const NAME: &'static str = $json;
                fn from_event(event: &SimEvent) -> Option<&Self> {
                    match event {
                        SimEvent::$name(e) => Some(e),
                        _ => None,
                    }
                }
            }
        )*

        /// Any event a step can emit.
        ///
        /// Every payload is plain data with no heap part, so a step that
        /// fills a reused [`EventBatch`](crate::EventBatch) allocates nothing.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum SimEvent {
            $($(#[cfg($cfg)])? #[doc = concat!("See [`", stringify!($name), "`].")] $name($name),)*
        }

        impl SimEvent {
            /// Every event kind, in declaration order: its name and fields.
            ///
            /// # Example
            /// ```
            /// use muscleman_core::{FieldType, SimEvent};
            ///
            /// let moved = &SimEvent::CATALOGUE[0];
            /// assert_eq!(moved.name, "moved");
            /// assert_eq!(moved.fields[1], ("from", FieldType::Cell));
            /// ```
            pub const CATALOGUE: &'static [EventInfo] = &[
                $($(#[cfg($cfg)])? EventInfo {
                    name: $json,
                    fields: $name::FIELDS,
                    says: first_words(&[$($says)?]),
                    demo: false $(|| { let _ = stringify!($cfg); true })?,
                },)*
            ];

            /// Return the event's snake_case name (`"door_opened"`).
            pub const fn name(&self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? SimEvent::$name(_) => $json,)*
                }
            }

            /// Return what a player should notice of the event, if it says
            /// anything ([`EventInfo::says`]).
            pub const fn says(&self) -> Option<&'static str> {
                match self {
                    $($(#[cfg($cfg)])? SimEvent::$name(_) => first_words(&[$($says)?]),)*
                }
            }

            /// Return the event's fields with their values, in the order of
            /// [`SimEvent::CATALOGUE`].
            pub fn fields(&self) -> Fields {
                match self {
                    $($(#[cfg($cfg)])? SimEvent::$name(e) => {
                        let _ = e;
                        Fields::of(&[$((stringify!($field), EventField::value(e.$field))),*])
                    })*
                }
            }
        }
    };
}

events! {
    /// An entity moved from one cell to the next.
    Moved = "moved" {
        /// The entity that moved.
        entity: EntityId,
        /// The cell it left.
        from: GridPos,
        /// The cell it entered.
        to: GridPos,
        /// Why it moved.
        cause: MoveCause,
    }
    /// The player took hold of an entity.
    GrabAttached = "grab_attached" {
        /// The player.
        player: EntityId,
        /// The entity now held.
        entity: EntityId,
    }
    /// The player let go of an entity.
    GrabReleased = "grab_released" {
        /// The player.
        player: EntityId,
        /// The entity no longer held.
        entity: EntityId,
    }
    /// The player swung what it holds along an arc of three cells.
    Swung = "swung" {
        /// The player.
        player: EntityId,
        /// Where the held entity started.
        arc_from: GridPos,
        /// The diagonal cell the swing passed through.
        arc_via: GridPos,
        /// Where the held entity ended.
        arc_to: GridPos,
    }
    /// A swing was refused.
    SwingBlocked = "swing_blocked" {
        /// Who tried to swing.
        actor: EntityId,
        /// Where the arc was stopped.
        reason: SwingBlockedReason,
    }
    /// A sinkable entity sank into water.
    Sank = "sank" says "The {entity} sank and fills the water: walk over it" {
        /// The entity that sank.
        entity: EntityId,
    }
    /// A smashable entity broke and released its contents.
    Smashed = "smashed" {
        /// The entity that broke.
        entity: EntityId,
        /// The entities spawned from its contents, in spawn order.
        contents: SpawnedIds,
    }
    /// A key was used up opening a door.
    KeyConsumed = "key_consumed" says "The {key} unlocked the {door} for good" {
        /// The key.
        key: EntityId,
        /// The door it opened.
        door: EntityId,
    }
    /// A door opened.
    DoorOpened = "door_opened" says "The {door} opened" {
        /// The door.
        door: EntityId,
    }
    /// A door closed.
    DoorClosed = "door_closed" says "The {door} closed" {
        /// The door.
        door: EntityId,
    }
    /// A pressure plate became pressed.
    PlatePressed = "plate_pressed" {
        /// The plate.
        plate: EntityId,
    }
    /// A pressure plate was released.
    PlateReleased = "plate_released" {
        /// The plate.
        plate: EntityId,
    }
    /// A collectible was picked up and a counter went up.
    ItemCollected = "item_collected" says "You took the {entity}" {
        /// The collected entity.
        entity: EntityId,
        /// The counter it added to.
        counter: GlobalCounter,
    }
    /// The player took stairs to another floor.
    LevelTransition = "level_transition" {
        /// The player.
        player: EntityId,
        /// The stairs entered.
        stairs: EntityId,
        /// What the player carried along, if anything.
        carried: Option<EntityId>,
        /// The floor left, from 1.
        from_floor: u32,
        /// The floor reached, from 1.
        to_floor: u32,
    }
    /// A key went into a container (a key pushed into a cauldron).
    PutIn = "put_in" says "The {entity} went into the {container}" {
        /// The container.
        container: EntityId,
        /// What went in, now gone (its recipe is in the container's contents).
        entity: EntityId,
    }
    /// A cauldron brewed its two keys: it is gone, and its product (a green
    /// key, or a bong holding both keys) stands in its cell.
    Brewed = "brewed" says "The {cauldron} brewed its two keys into a {product}" {
        /// The cauldron.
        cauldron: EntityId,
        /// What it brewed.
        product: EntityId,
    }
    /// A hint for a presenter to play a sound: a refused move's bump, a
    /// blocked duck's quack (rules.md §4). It changes no state.
    SoundHint = "sound_hint" {
        /// The entity that makes the sound.
        entity: EntityId,
        /// The sound.
        kind: SoundKind,
    }
    /// A ghost was released by a book: it is gone, and GhostsReleased went
    /// up by one (a book pushed into it, or the ghost's own walk into a
    /// book, rules.md §4).
    GhostReleased = "ghost_released" says "The {book} released the {ghost}" {
        /// The ghost, now gone.
        ghost: EntityId,
        /// The book that released it (it stays where it is).
        book: EntityId,
    }
    /// A lantern lit up or went dark: the demonstration mechanic's event.
    #[cfg(feature = "demo-glow")]
    Glowed = "glowed" {
        /// The lantern.
        lantern: EntityId,
        /// Whether it is lit now.
        lit: bool,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_is_at_most_one_cache_line() {
        assert!(std::mem::size_of::<SimEvent>() <= 64);
    }

    #[test]
    fn a_batch_of_two_events_is_copied_without_a_call() {
        // 128 bytes: what the compiler copies inline, not by `memcpy`.
        assert!(std::mem::size_of::<crate::EventBatch>() <= 128);
    }

    #[test]
    fn what_an_event_says_names_only_its_entity_fields() {
        let mut said = 0;
        for info in SimEvent::CATALOGUE {
            let Some(says) = info.says else { continue };
            said += 1;
            let mut rest = says;
            while let Some(open) = rest.find('{') {
                let after = &rest[open + 1..];
                let close = after
                    .find('}')
                    .unwrap_or_else(|| panic!("{says}: an unclosed brace"));
                let field = &after[..close];
                assert!(
                    info.fields.contains(&(field, FieldType::Entity)),
                    "{}: `{{{field}}}` is not an entity field of the event",
                    info.name
                );
                rest = &after[close + 1..];
            }
            assert!(!rest.contains('}'), "{says}: a stray brace");
        }
        assert!(said >= 8, "the catalogue says {said} sentences");
    }
}
