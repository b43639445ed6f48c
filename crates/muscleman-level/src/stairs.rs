//! Stairs pair by cell across floors (rules.md §6 "Floors"): a StairsUp at
//! (x, y) on floor k needs a StairsDown at (x, y) on floor k + 1, and a
//! StairsDown on floor k a StairsUp at the same cell on floor k - 1.

use std::fmt;

use muscleman_core::{EntityRecipe, GridPos};

/// Stairs whose other end is missing: a StairsUp with no StairsDown in the
/// same cell one floor up, or a StairsDown with no StairsUp one floor down
/// (a StairsUp on the top floor and a StairsDown on floor 1 never pair).
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridPos};
/// use muscleman_level::{Level, UnpairedStairs};
///
/// let mut level = Level::new(3, 1)?;
/// level.add(GridPos::new(0, 0), EntityRecipe::Player)?;
/// level.add(GridPos::new(2, 0), EntityRecipe::StairsUp)?;
/// let missing = UnpairedStairs {
///     stairs: EntityRecipe::StairsUp,
///     floor: 1,
///     pos: GridPos::new(2, 0),
///     floors: 1,
/// };
/// assert_eq!(level.unpaired_stairs(), [missing]);
/// assert_eq!(missing.partner_floor(), 2);
/// assert_eq!(
///     missing.to_string(),
///     "unpaired StairsUp, expected StairsDown at floor 2, x 2, y 0, and the level has no floor 2"
/// );
/// let attic = level.add_floor(3, 1)?;
/// level.add_on(attic, GridPos::new(2, 0), EntityRecipe::StairsDown)?;
/// assert!(level.unpaired_stairs().is_empty());
/// # Ok::<(), muscleman_level::LevelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnpairedStairs {
    /// `StairsUp` or `StairsDown`.
    pub stairs: EntityRecipe,
    /// The floor it stands on, from 1.
    pub floor: usize,
    /// Its cell on that floor.
    pub pos: GridPos,
    /// How many floors the level has.
    pub floors: usize,
}

impl UnpairedStairs {
    /// Return the floor of the missing other end: one up for a StairsUp,
    /// one down for a StairsDown (0 below floor 1).
    pub fn partner_floor(&self) -> usize {
        if self.stairs == EntityRecipe::StairsUp {
            self.floor.saturating_add(1)
        } else {
            self.floor.saturating_sub(1)
        }
    }

    /// Return the recipe of the missing other end.
    pub fn partner(&self) -> EntityRecipe {
        partner(self.stairs)
    }
}

impl fmt::Display for UnpairedStairs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let floor = self.partner_floor();
        write!(
            f,
            "unpaired {}, expected {} at floor {floor}, x {}, y {}",
            self.stairs,
            self.partner(),
            self.pos.x,
            self.pos.y
        )?;
        if floor == 0 || floor > self.floors {
            write!(f, ", and the level has no floor {floor}")?;
        }
        Ok(())
    }
}

/// Return the recipe that pairs with stairs of `recipe`.
fn partner(recipe: EntityRecipe) -> EntityRecipe {
    if recipe == EntityRecipe::StairsUp {
        EntityRecipe::StairsDown
    } else {
        EntityRecipe::StairsUp
    }
}
