//! The world as the mechanics make it: the tags its spatial index lists
//! (each mechanic's `lists`, gathered), so that [`World::new`] makes one
//! the rules can run on.

use crate::component::TagSet;
use crate::mechanics::MECHANICS;
use crate::tally::MAX_LISTED;
use crate::world::World;

/// The tags whose entities the spatial index lists: what each mechanic
/// declares its rules visit (`Mechanic::lists`), gathered.
const LISTED: TagSet = {
    let mut listed = TagSet::EMPTY;
    let mut m = 0;
    while m < MECHANICS.len() {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the lengths"
        )]
        let declared = MECHANICS[m].lists;
        let mut i = 0;
        while i < declared.len() {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below the lengths"
            )]
            {
                listed = listed.with(declared[i]);
            }
            i += 1;
        }
        m += 1;
    }
    assert!(
        listed.bits().count_ones() as usize <= MAX_LISTED,
        "the mechanics list more tags than the tallies can: raise MAX_LISTED"
    );
    listed
};

impl World {
    /// Make an empty world, its spatial index listing what the mechanics'
    /// rules visit.
    ///
    /// # Example
    /// ```
    /// assert!(muscleman_sim::World::new().is_empty());
    /// ```
    pub fn new() -> Self {
        World::listing(LISTED)
    }
}

impl Default for World {
    fn default() -> Self {
        World::new()
    }
}
