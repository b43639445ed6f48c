//! Stairs pair by cell across floors (rules.md §6 "Floors"): a StairsUp at
//! (x, y) on floor k needs a StairsDown at (x, y) on floor k + 1, and a
//! StairsDown on floor k a StairsUp at the same cell on floor k - 1.

use std::fmt;

use muscleman_core::{EntityRecipe, GridPos};

use crate::place::cell_name_on;

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
///     "unpaired StairsUp: the level has one floor, and stairs up need a floor above \
///      (add a 'floor:' line and its rows)"
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
        let (way, end) = if self.stairs == EntityRecipe::StairsUp {
            ("up", "top")
        } else {
            ("down", "lowest")
        };
        if floor == 0 || floor > self.floors {
            // No floor for the other end: the stairs lead nowhere.
            let (side, other) = if way == "up" {
                ("above", EntityRecipe::StairsDown)
            } else {
                ("below", EntityRecipe::StairsUp)
            };
            if self.floors == 1 && way == "up" {
                return write!(
                    f,
                    "unpaired {}: the level has one floor, and stairs up need a floor above \
                     (add a 'floor:' line and its rows)",
                    self.stairs
                );
            }
            return write!(
                f,
                "unpaired {} on floor {}, the {end} floor: stairs {way} need a floor {side} \
                 (floors count up from the first in the file; did you mean {other}?)",
                self.stairs, self.floor
            );
        }
        write!(
            f,
            "unpaired {}, expected {} in the same cell one floor {way}, at {}",
            self.stairs,
            self.partner(),
            cell_name_on(floor, self.floors, self.pos)
        )
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
