//! The level's signals: how many plates of each colour there are and how
//! many are pressed, and which doors each colour opens (rules.md §4,
//! Doors), and how many collectibles are left. The spatial index keeps them
//! as it files tags, so they follow every step, undo, restart and load
//! without a scan of the level, and a door's rule reads them in constant
//! time whatever the level's size.

use std::collections::BTreeSet;

use muscleman_core::{EntityId, KeyColor};

use crate::component::{TagKind, TagSet};

/// The signal classes: the four colours, then the heavy plates and the
/// secret doors they open.
const CLASSES: usize = 5;

/// The tags that make an entity part of the signals (collectibles are only
/// counted, so that collecting costs nothing on a level without any).
pub(crate) const SIGNALLING: TagSet =
    TagSet::of(&[TagKind::PressurePlate, TagKind::Door, TagKind::Collectible]);

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
    collectibles: u32,
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
        self.collectibles += u32::from(tags.contains(TagKind::Collectible));
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
        self.collectibles = self
            .collectibles
            .saturating_sub(u32::from(tags.contains(TagKind::Collectible)));
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

    /// Return whether the level has a plate of any colour.
    pub fn has_plates(&self) -> bool {
        self.plates.iter().any(|t| t.total > 0)
    }

    /// Return whether the level has a collectible left.
    pub fn has_collectibles(&self) -> bool {
        self.collectibles > 0
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
