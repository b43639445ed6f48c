//! The level's signals: how many plates of each colour there are and how
//! many are pressed, and which doors each colour opens (rules.md §4,
//! Doors), how many collectibles are left, and whether there is any water,
//! collectible, plate or door at all, so a step in a level without them
//! skips their systems. The spatial index keeps them as it files tags, so
//! they follow every step, undo, restart and load without a scan of the
//! level, and a door's rule reads them in constant time whatever the
//! level's size.

use std::collections::BTreeSet;

use muscleman_core::{EntityId, KeyColor};

use crate::component::{TagKind, TagSet};
use crate::schedule::Needs;

/// The signal classes, in tally order: the four colours, then `None` for
/// the heavy plates and the secret doors they open.
///
/// # Example
/// ```
/// assert_eq!(muscleman_sim::SIGNAL_CLASSES.last(), Some(&None));
/// ```
pub const SIGNAL_CLASSES: [Option<KeyColor>; 5] = [
    Some(KeyColor::Blue),
    Some(KeyColor::Red),
    Some(KeyColor::Yellow),
    Some(KeyColor::Green),
    None,
];

/// How many signal classes there are.
const CLASSES: usize = SIGNAL_CLASSES.len();

/// The tags that make an entity part of the signals (and of the counts the
/// environment's systems check before they look at anything).
pub(crate) const SIGNALLING: TagSet = TagSet::of(&[
    TagKind::PressurePlate,
    TagKind::Door,
    TagKind::Collectible,
    TagKind::WaterCell,
]);

/// Return the class of a colour (`None`: heavy plates and secret doors).
const fn class(color: Option<KeyColor>) -> usize {
    match color {
        Some(KeyColor::Blue) => 0,
        Some(KeyColor::Red) => 1,
        Some(KeyColor::Yellow) => 2,
        Some(KeyColor::Green) => 3,
        None => 4,
    }
}

/// The plates of one class: how many, and how many are pressed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlateTally {
    /// Plates of the class in the level.
    pub total: u32,
    /// Those pressed now.
    pub pressed: u32,
}

impl PlateTally {
    /// Return whether the class has at least one plate and all are pressed:
    /// what opens its doors (rules.md §4, Doors).
    ///
    /// # Example
    /// ```
    /// use muscleman_sim::PlateTally;
    ///
    /// assert!(PlateTally { total: 2, pressed: 2 }.all_pressed());
    /// assert!(!PlateTally { total: 0, pressed: 0 }.all_pressed());
    /// ```
    pub const fn all_pressed(self) -> bool {
        self.total > 0 && self.pressed == self.total
    }
}

/// The plates and doors of a world, by colour (`None`: heavy plates and
/// secret doors).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Signals {
    plates: [PlateTally; CLASSES],
    doors: [BTreeSet<EntityId>; CLASSES],
    /// Plates and doors in the world, all colours.
    plates_and_doors: u32,
    /// Collectibles in the world.
    collectibles: u32,
    /// Water cells in the world.
    water: u32,
    /// The schedule's needs these counts meet, kept as they change.
    needs_bits: u8,
}

impl Signals {
    /// Count an entity with `tags` in.
    pub(crate) fn add(&mut self, id: EntityId, tags: TagSet) {
        let c = class(tags.color());
        if tags.contains(TagKind::PressurePlate)
            && let Some(t) = self.plates.get_mut(c)
        {
            t.total += 1;
            t.pressed += u32::from(tags.contains(TagKind::Pressed));
        }
        if tags.contains(TagKind::Door)
            && let Some(d) = self.doors.get_mut(c)
        {
            d.insert(id);
        }
        self.plates_and_doors += u32::from(tags.contains(TagKind::PressurePlate))
            + u32::from(tags.contains(TagKind::Door));
        self.collectibles += u32::from(tags.contains(TagKind::Collectible));
        self.water += u32::from(tags.contains(TagKind::WaterCell));
        self.renew_needs_bits();
    }

    /// Count an entity with `tags` out.
    pub(crate) fn remove(&mut self, id: EntityId, tags: TagSet) {
        let c = class(tags.color());
        if tags.contains(TagKind::PressurePlate)
            && let Some(t) = self.plates.get_mut(c)
        {
            t.total = t.total.saturating_sub(1);
            t.pressed = t
                .pressed
                .saturating_sub(u32::from(tags.contains(TagKind::Pressed)));
        }
        if tags.contains(TagKind::Door)
            && let Some(d) = self.doors.get_mut(c)
        {
            d.remove(&id);
        }
        self.plates_and_doors = self.plates_and_doors.saturating_sub(
            u32::from(tags.contains(TagKind::PressurePlate))
                + u32::from(tags.contains(TagKind::Door)),
        );
        self.collectibles = self
            .collectibles
            .saturating_sub(u32::from(tags.contains(TagKind::Collectible)));
        self.water = self
            .water
            .saturating_sub(u32::from(tags.contains(TagKind::WaterCell)));
        self.renew_needs_bits();
    }

    /// Count an entity whose tags change from `old` to `new`: a plate that
    /// is pressed or released, or a door that opens or closes, only moves
    /// the pressed tally (a door's class stays); anything else is counted
    /// out and in again.
    pub(crate) fn retag(&mut self, id: EntityId, old: TagSet, new: TagSet) {
        let changed = old.minus(new).union(new.minus(old));
        if old.color() != new.color() || changed.intersects(SIGNALLING) {
            self.remove(id, old);
            self.add(id, new);
            return;
        }
        if new.contains(TagKind::PressurePlate)
            && let Some(t) = self.plates.get_mut(class(new.color()))
        {
            let (was, is) = (
                old.contains(TagKind::Pressed),
                new.contains(TagKind::Pressed),
            );
            t.pressed = t
                .pressed
                .saturating_add(u32::from(is && !was))
                .saturating_sub(u32::from(was && !is));
        }
    }

    /// Return whether the world has any plate or door.
    #[inline]
    pub fn has_plates_or_doors(&self) -> bool {
        self.plates_and_doors > 0
    }

    /// Return whether the world has any collectible.
    #[inline]
    pub fn has_collectibles(&self) -> bool {
        self.collectibles > 0
    }

    /// Return the schedule's `Needs` bits the world meets: water,
    /// collectibles, plates or doors.
    #[inline]
    pub(crate) fn needs_bits(&self) -> u8 {
        self.needs_bits
    }

    /// Work out [`Signals::needs_bits`] again after a count changed.
    fn renew_needs_bits(&mut self) {
        let mut bits = 0;
        if self.water > 0 {
            bits |= Needs::Water as u8;
        }
        if self.collectibles > 0 {
            bits |= Needs::Collectibles as u8;
        }
        if self.plates_and_doors > 0 {
            bits |= Needs::Switches as u8;
        }
        self.needs_bits = bits;
    }

    /// Return whether the world has any water.
    #[inline]
    pub fn has_water(&self) -> bool {
        self.water > 0
    }

    /// Return whether the level has a plate of any colour.
    pub fn has_plates(&self) -> bool {
        self.plates.iter().any(|t| t.total > 0)
    }

    /// Return whether the level has a door of any colour.
    pub fn has_doors(&self) -> bool {
        self.doors.iter().any(|d| !d.is_empty())
    }

    /// Return the plates of a colour (`None`: the heavy plates).
    pub fn plates(&self, color: Option<KeyColor>) -> PlateTally {
        self.plates.get(class(color)).copied().unwrap_or_default()
    }

    /// Iterate over the doors of a colour (`None`: the secret doors), in id
    /// order.
    pub fn doors(&self, color: Option<KeyColor>) -> impl Iterator<Item = EntityId> + '_ {
        self.doors.get(class(color)).into_iter().flatten().copied()
    }
}
