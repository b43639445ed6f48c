//! The roles that decide what shares a cell, and what a recipe holds
//! (rules.md §6): the level format's cell rules follow from them.

/// The roles that decide what may share a cell (rules.md §6). A spec's class
/// is its recipe's, or its state's when it is written in one.
///
/// # Example
/// ```
/// use muscleman_core::{CellClass, EntityRecipe, EntitySpec, RecipeState};
///
/// let heavy = EntitySpec::new(EntityRecipe::HeavyBox);
/// assert!(heavy.class().contains(CellClass::BLOCKER));
/// assert!(!heavy.with_state(RecipeState::Sunk).class().contains(CellClass::BLOCKER));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellClass(pub(crate) u16);

impl CellClass {
    /// No role: shares a cell with anything.
    pub const NONE: CellClass = CellClass(0);
    /// Blocks movement: at most one per cell.
    pub const BLOCKER: CellClass = CellClass(1);
    /// Water: shares no cell with anything [`CellClass::DRY`].
    pub const WATER: CellClass = CellClass(1 << 1);
    /// Never stands on water (goals, plates, doors).
    pub const DRY: CellClass = CellClass(1 << 2);
    /// Shares its cell with nothing (a closed door).
    pub const ALONE: CellClass = CellClass(1 << 3);
    /// An open doorway: shares its cell only with what fits a doorway.
    pub const DOORWAY: CellClass = CellClass(1 << 4);
    /// May stand in an open doorway.
    pub const FITS_DOORWAY: CellClass = CellClass(1 << 5);
    /// Sinks: stands on water only where something fills it (a heavy box).
    pub const SINKS: CellClass = CellClass(1 << 6);
    /// Fills water, and stands only on water (a sunk heavy box).
    pub const FILLS: CellClass = CellClass(1 << 7);
    /// May be inside a box.
    pub const CONTENT: CellClass = CellClass(1 << 8);
    /// Stairs: share their cell only with one thing that moves (a
    /// [`CellClass::BLOCKER`] that [`CellClass::FITS_DOORWAY`]: the player,
    /// a box, a key...); no wall, water, goal, plate, door, collectible or
    /// other stairs (rules.md §6, "More cell rules").
    pub const STAIRS: CellClass = CellClass(1 << 9);

    /// Return the union of two classes.
    #[must_use]
    pub const fn and(self, other: CellClass) -> CellClass {
        CellClass(self.0 | other.0)
    }

    /// Return whether every role of `other` is in this class.
    pub const fn contains(self, other: CellClass) -> bool {
        self.0 & other.0 == other.0
    }
}

/// What a recipe may hold, written after its name in parentheses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Holds {
    /// Nothing.
    Nothing,
    /// Things that are [`CellClass::CONTENT`], repeats allowed, at most one
    /// of them a blocker (a box).
    Things,
    /// Keys only ([`EntityRecipe::is_key`](crate::EntityRecipe::is_key)), repeats allowed: at least
    /// `least` and at most `most` of them (a cauldron holds at most one, a
    /// bong exactly two).
    Keys {
        /// The fewest keys it holds.
        least: u8,
        /// The most keys it holds.
        most: u8,
    },
}
