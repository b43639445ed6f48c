//! The world as the mechanics make it: the tags its spatial index lists
//! (each mechanic's `lists`, gathered), so that [`World::new`] makes one
//! the rules can run on, and the tags that weigh nothing (each mechanic's
//! `weightless`), which plates read.

use crate::component::TagSet;
use crate::mechanics::MECHANICS;
use crate::tally::MAX_LISTED;
use crate::world::World;

/// The union of one tag list that every mechanic declares, gathered at
/// compile time (`gathered!(lists)`: every mechanic's `lists`).
macro_rules! gathered {
    ($field:ident) => {{
        let mut all = TagSet::EMPTY;
        let mut mechanics = MECHANICS;
        while let [mechanic, more @ ..] = mechanics {
            let mut declared = mechanic.$field;
            while let [tag, rest @ ..] = declared {
                all = all.with(*tag);
                declared = rest;
            }
            mechanics = more;
        }
        all
    }};
}

/// The tags whose entities the spatial index lists: what each mechanic
/// declares its rules visit (`Mechanic::lists`), gathered.
const LISTED: TagSet = {
    let listed = gathered!(lists);
    assert!(
        listed.bits().count_ones() as usize <= MAX_LISTED,
        "the mechanics list more tags than the tallies can: raise MAX_LISTED"
    );
    listed
};

/// The tags whose entities weigh nothing, so that no plate counts them:
/// what each mechanic declares (`Mechanic::weightless`), gathered.
const WEIGHTLESS: TagSet = gathered!(weightless);

impl World {
    /// Make an empty world, its spatial index listing what the mechanics'
    /// rules visit, its plates counting what weighs something.
    ///
    /// # Example
    /// ```
    /// assert!(muscleman_sim::World::new().is_empty());
    /// ```
    pub fn new() -> Self {
        World::listing(LISTED, WEIGHTLESS)
    }
}

impl Default for World {
    fn default() -> Self {
        World::new()
    }
}
