//! The world's floors (rules.md §4 Floors): which floor an entity stands
//! on, and each floor's rectangle, fixed at load.

use muscleman_core::{EntityId, GridPos};

use super::{FloorRect, World, WorldError};
use crate::component::LevelMember;
use crate::floor::{floor_of, local};

impl World {
    /// Return the floor an entity stands on, from 1 (rules.md §4 Floors):
    /// its [`LevelMember`], read from where it stands, or floor 1 when it
    /// has none.
    pub fn level_of(&self, id: EntityId) -> Result<LevelMember, WorldError> {
        match self.index.locate(id) {
            Some((at, _)) => Ok(LevelMember(floor_of(at))),
            None => self.check_alive(id).map(|()| LevelMember(1)),
        }
    }

    /// Return the floor an entity stands on, from 1 (see [`World::level_of`]).
    pub fn floor_of(&self, id: EntityId) -> Result<u32, WorldError> {
        self.level_of(id).map(|m| m.0)
    }

    /// Return the entity's cell in its floor's own coordinates, with its
    /// floor (from 1): what events, the view and printed levels say.
    /// [`World::position`] is the world's cell, where floors are bands of
    /// rows (see `crate::floor`); on floor 1 the two are the same.
    pub fn place(&self, id: EntityId) -> Result<(u32, GridPos), WorldError> {
        let at = self.position(id)?;
        Ok((floor_of(at), local(at)))
    }

    /// Return the floors the world was loaded with: their rectangles
    /// (rules.md §4 Floors), by floor - 1 (empty for a world built by hand,
    /// which then has one floor).
    pub fn floors(&self) -> &[FloorRect] {
        &self.floors
    }

    /// Return whether world cell `at` lies inside its floor's rectangle
    /// (rules.md §4 Floors): what bounds a duck's walk and a smashed bong's
    /// second key. A floor with no rectangle (none of its cells is a wall,
    /// water, a goal or stairs), and every cell of a world built by hand,
    /// which has no floors' rectangles, is outside.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GridPos;
    /// use muscleman_level::Level;
    /// use muscleman_sim::world_from_level;
    ///
    /// let (world, _) = world_from_level(&Level::parse("  ####\n  #@ #\n  ####\n")?)?;
    /// assert!(world.inside_floor(GridPos::new(3, 1)));
    /// assert!(!world.inside_floor(GridPos::new(1, 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn inside_floor(&self, at: GridPos) -> bool {
        let floor = usize::try_from(floor_of(at)).unwrap_or(usize::MAX);
        floor
            .checked_sub(1)
            .and_then(|i| self.floors.get(i))
            .is_some_and(|r| r.contains(local(at)))
    }

    /// Return how many floors the world has (at least 1).
    pub fn floor_count(&self) -> u32 {
        u32::try_from(self.floors.len()).unwrap_or(u32::MAX).max(1)
    }

    /// Set the floors' rectangles, at load.
    pub(crate) fn set_floors(&mut self, floors: Vec<FloorRect>) {
        self.floors = floors;
    }
}
