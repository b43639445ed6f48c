//! The collections the level list switches between with ← and →: the
//! built-in ones, when the game plays them. The app holds the one being
//! played as its set; the shelf keeps the others in their places.

use muscleman_level::Level;

use super::session::LevelSet;

/// A collection of levels as the game offers it: its name, its levels and
/// their pars.
#[derive(Clone, Debug, PartialEq)]
pub struct Collection {
    /// The name shown for it (the level list's frame, the status line).
    pub name: String,
    /// The levels, in order.
    pub levels: Vec<Level>,
    /// Each level's par, where the collection sets one (moves under
    /// Muscleman rules); empty or all `None` for a collection without.
    pub pars: Vec<Option<u32>>,
}

impl From<Collection> for LevelSet {
    fn from(c: Collection) -> LevelSet {
        let mut set = LevelSet::new(c.levels, c.name);
        set.pars = c.pars;
        set
    }
}

/// The collections offered, in order, with the one being played taken out
/// (the app holds it as its set).
#[derive(Debug, Default)]
pub(crate) struct Shelf {
    /// Every collection offered; the one being played is `None` here.
    slots: Vec<Option<LevelSet>>,
    /// The index of the one being played.
    current: usize,
}

impl Shelf {
    /// A shelf of `sets`, the one at `current` being played (its slot is
    /// left empty: the caller holds it).
    pub(crate) fn new(mut sets: Vec<LevelSet>, current: usize) -> Shelf {
        let slots = sets
            .drain(..)
            .enumerate()
            .map(|(i, s)| (i != current).then_some(s));
        Shelf {
            slots: slots.collect(),
            current,
        }
    }

    /// Return how many collections are offered (0 when there is no shelf).
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Return the index of the collection being played.
    pub(crate) fn current(&self) -> usize {
        self.current
    }

    /// Return collection `index`, if it is on the shelf (not the one
    /// being played).
    pub(crate) fn get(&self, index: usize) -> Option<&LevelSet> {
        self.slots.get(index).and_then(Option::as_ref)
    }

    /// Return the index of the collection whose key is `key`, the one
    /// being played (whose key is `playing`) included.
    pub(crate) fn position(&self, key: &str, playing: &str) -> Option<usize> {
        if key == playing {
            return Some(self.current);
        }
        self.slots
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.key == key))
    }

    /// Take collection `index` off the shelf, putting `playing` (the set
    /// played until now) back in its place; `playing` comes back as the
    /// error when `index` is not on the shelf.
    pub(crate) fn swap(&mut self, index: usize, playing: LevelSet) -> Result<LevelSet, LevelSet> {
        let Some(next) = self.slots.get_mut(index).and_then(Option::take) else {
            return Err(playing);
        };
        if let Some(slot) = self.slots.get_mut(self.current) {
            *slot = Some(playing);
        }
        self.current = index;
        Ok(next)
    }
}
