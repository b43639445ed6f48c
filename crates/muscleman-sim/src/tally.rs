//! Tallies of tags: how many entities have each tag, by colour class, which
//! tags any entity has at all, and, for the tags the world was made to list
//! (the mechanics' declarations, gathered by the registry), which entities
//! of each class have them. The spatial index
//! keeps them as it files tags, so they follow every step, undo, restart
//! and load without a scan of the level, and a rule that asks "are all the
//! red ones pressed?" or "is there water at all?" answers in constant time
//! whatever the level's size.
//!
//! This is storage: it counts tags and knows no rule. The mechanics read
//! it (a door's rule counts its colour's switches; the schedule skips
//! what no entity could need).

use std::collections::BTreeSet;

use muscleman_core::{EntityId, KeyColor};

use crate::component::{TagKind, TagSet};

/// The colour classes, in tally order: the four colours, then `None` for
/// everything without a colour.
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

/// How many colour classes there are.
const CLASSES: usize = SIGNAL_CLASSES.len();

/// How many tags the tallies can list: a world made to list more fails the
/// build (the registry checks the mechanics' declarations against it).
pub(crate) const MAX_LISTED: usize = 4;

/// Return the class of a colour (`None`: colourless).
const fn class(color: Option<KeyColor>) -> usize {
    match color {
        Some(KeyColor::Blue) => 0,
        Some(KeyColor::Red) => 1,
        Some(KeyColor::Yellow) => 2,
        Some(KeyColor::Green) => 3,
        None => 4,
    }
}

/// Iterate over the bit positions set in `bits`, lowest first.
fn bit_positions(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let at = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(at)
    })
}

/// How many entities have each tag, by colour class; which tags any entity
/// has; and the entities with a listed tag (a mechanic asks for the tags
/// whose entities its rule visits: a door's rule opens every door of a
/// class at once, the actors phase visits every actor in id order), by tag
/// and class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tallies {
    /// By tag bit, then class.
    counts: [[u32; CLASSES]; TagSet::CAPACITY],
    /// The tags at least one entity has.
    present: TagSet,
    /// The tags whose entities are listed.
    listing: TagSet,
    /// By place in `listing` (its tags in bit order), then class, the
    /// entities with that tag.
    listed: [[BTreeSet<EntityId>; CLASSES]; MAX_LISTED],
}

impl Default for Tallies {
    /// Tallies that list no tag's entities.
    fn default() -> Self {
        Tallies {
            counts: [[0; CLASSES]; TagSet::CAPACITY],
            present: TagSet::EMPTY,
            listing: TagSet::EMPTY,
            listed: Default::default(),
        }
    }
}

impl Tallies {
    /// Empty tallies that list the entities of the tags in `listing` (at
    /// most [`MAX_LISTED`]; past it, the last ones are not listed, which
    /// the registry's compile-time check rules out).
    pub(crate) fn listing(listing: TagSet) -> Self {
        let mut kept = TagSet::EMPTY;
        for bit in bit_positions(listing.bits()).take(MAX_LISTED) {
            kept = kept.union(TagSet::from_bits(1 << bit));
        }
        Tallies {
            listing: kept,
            ..Tallies::default()
        }
    }

    /// Return the tags whose entities are listed.
    pub(crate) fn listed_tags(&self) -> TagSet {
        self.listing
    }

    /// Return the place in `listed` of the tag at `bit`, if it is listed.
    #[inline]
    fn slot(&self, bit: usize) -> Option<usize> {
        let below = self.listing.bits() & ((1u64 << bit) - 1);
        (self.listing.bits() >> bit & 1 == 1).then_some(below.count_ones() as usize)
    }

    /// List or unlist `id` under every listed tag of `tags`, in class `c`.
    #[inline]
    fn list(&mut self, id: EntityId, tags: TagSet, c: usize, add: bool) {
        let listed = tags.bits() & self.listing.bits();
        for bit in bit_positions(listed) {
            let Some(lists) = self.slot(bit).and_then(|s| self.listed.get_mut(s)) else {
                continue;
            };
            if let Some(l) = lists.get_mut(c) {
                if add {
                    l.insert(id);
                } else {
                    l.remove(&id);
                }
            }
        }
    }

    /// Count an entity with `tags` in.
    pub(crate) fn add(&mut self, id: EntityId, tags: TagSet) {
        let c = class(tags.color());
        for t in bit_positions(tags.bits()) {
            if let Some(n) = self.counts.get_mut(t).and_then(|row| row.get_mut(c)) {
                *n += 1;
            }
        }
        self.present = self.present.union(tags);
        if tags.intersects(self.listing) {
            self.list(id, tags, c, true);
        }
    }

    /// Count an entity with `tags` out.
    pub(crate) fn remove(&mut self, id: EntityId, tags: TagSet) {
        let c = class(tags.color());
        self.count_out(c, tags.bits());
        if tags.intersects(self.listing) {
            self.list(id, tags, c, false);
        }
    }

    /// Take one entity of class `c` out of the counts of the tags in `bits`.
    fn count_out(&mut self, c: usize, bits: u64) {
        for t in bit_positions(bits) {
            let Some(row) = self.counts.get_mut(t) else {
                continue;
            };
            if let Some(n) = row.get_mut(c) {
                *n = n.saturating_sub(1);
            }
            if row.iter().all(|n| *n == 0) {
                self.present = self.present.minus(TagSet::from_bits(1 << t));
            }
        }
    }

    /// Count an entity whose tags change from `old` to `new`: only the tags
    /// that changed move, unless its class or its listing changes.
    pub(crate) fn retag(&mut self, id: EntityId, old: TagSet, new: TagSet) {
        // The listed tags each set has.
        let listed = |t: TagSet| t.minus(t.minus(self.listing));
        if old.color() != new.color() || listed(old) != listed(new) {
            self.remove(id, old);
            self.add(id, new);
            return;
        }
        let c = class(new.color());
        let gained = new.minus(old);
        for t in bit_positions(gained.bits()) {
            if let Some(n) = self.counts.get_mut(t).and_then(|row| row.get_mut(c)) {
                *n += 1;
            }
        }
        self.present = self.present.union(gained);
        self.count_out(c, old.minus(new).bits());
    }

    /// Return how many entities of a colour class have `tag` (`None`: the
    /// colourless ones).
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, GridPos, KeyColor};
    /// use muscleman_sim::{spawn, TagKind, World};
    ///
    /// let mut world = World::new();
    /// spawn(&mut world, EntityRecipe::KeyRed, GridPos::new(0, 0))?;
    /// assert_eq!(world.index().tallies().count(TagKind::Key, Some(KeyColor::Red)), 1);
    /// assert_eq!(world.index().tallies().count(TagKind::Key, None), 0);
    /// # Ok::<(), muscleman_sim::RecipeError>(())
    /// ```
    #[inline]
    pub fn count(&self, tag: TagKind, color: Option<KeyColor>) -> u32 {
        self.counts
            .get(usize::from(tag.bit()))
            .and_then(|row| row.get(class(color)))
            .copied()
            .unwrap_or(0)
    }

    /// Return the tags at least one entity has.
    #[inline]
    pub fn present(&self) -> TagSet {
        self.present
    }

    /// Iterate, in id order, over the entities of a colour class that have
    /// `tag`, a tag the tallies list (a door, an actor); none for any other.
    pub fn listed(
        &self,
        tag: TagKind,
        color: Option<KeyColor>,
    ) -> impl Iterator<Item = EntityId> + '_ {
        self.slot(usize::from(tag.bit()))
            .and_then(|i| self.listed.get(i))
            .and_then(|lists| lists.get(class(color)))
            .into_iter()
            .flatten()
            .copied()
    }

    /// Put in `out`, in id order, the entities of every colour class that
    /// have `tag`, a tag the tallies list; none for any other.
    pub(crate) fn listed_all(&self, tag: TagKind, out: &mut Vec<EntityId>) {
        let Some(lists) = self
            .slot(usize::from(tag.bit()))
            .and_then(|i| self.listed.get(i))
        else {
            return;
        };
        let mut classes = 0;
        for l in lists.iter().filter(|l| !l.is_empty()) {
            out.extend(l.iter().copied());
            classes += 1;
        }
        if classes > 1 {
            out.sort_unstable();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_tags_list_their_entities_by_tag_and_class_in_id_order() {
        let mut t = Tallies::listing(TagSet::of(&[TagKind::Door, TagKind::Brain]));
        let (a, b, c) = (
            EntityId::new(3, 1),
            EntityId::new(1, 1),
            EntityId::new(2, 1),
        );
        let brain = TagSet::of(&[TagKind::Brain, TagKind::Pushable]);
        t.add(a, brain);
        t.add(b, brain);
        t.add(c, TagSet::of(&[TagKind::Door, TagKind::Red]));
        assert_eq!(t.listed(TagKind::Brain, None).collect::<Vec<_>>(), [b, a]);
        assert_eq!(t.listed(TagKind::Door, None).count(), 0);
        assert_eq!(
            t.listed(TagKind::Door, Some(KeyColor::Red))
                .collect::<Vec<_>>(),
            [c]
        );
        assert_eq!(t.listed(TagKind::Pushable, None).count(), 0, "not listed");
        // A retag that drops the brain takes it off the list, and back.
        t.retag(a, brain, brain.without(TagKind::Brain));
        assert_eq!(t.listed(TagKind::Brain, None).collect::<Vec<_>>(), [b]);
        t.retag(a, brain.without(TagKind::Brain), brain);
        t.remove(b, brain);
        assert_eq!(t.listed(TagKind::Brain, None).collect::<Vec<_>>(), [a]);
    }

    #[test]
    fn listed_all_merges_the_classes_in_id_order_and_lists_only_what_it_was_made_to() {
        let mut t = Tallies::listing(TagSet::of(&[TagKind::Brain]));
        let (a, b, c) = (
            EntityId::new(5, 1),
            EntityId::new(2, 1),
            EntityId::new(9, 1),
        );
        t.add(a, TagSet::of(&[TagKind::Brain]));
        t.add(b, TagSet::of(&[TagKind::Brain, TagKind::Red]));
        t.add(c, TagSet::of(&[TagKind::Brain, TagKind::Blue]));
        t.add(EntityId::new(1, 1), TagSet::of(&[TagKind::Door]));
        let mut all = Vec::new();
        t.listed_all(TagKind::Brain, &mut all);
        assert_eq!(all, [b, a, c]);
        all.clear();
        t.listed_all(TagKind::Door, &mut all);
        assert!(all.is_empty(), "doors are not listed here");
        assert_eq!(t.count(TagKind::Door, None), 1, "but still counted");
    }
}
