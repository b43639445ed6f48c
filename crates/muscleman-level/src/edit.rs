//! Editing a level's cells by hand, within the cell rules of rules.md §6,
//! one player per level and the legend limit.

use muscleman_core::{EntityRecipe, EntitySpec, GridPos};

use crate::cells::TooManyLegendCells;
use crate::level::Level;
use crate::level_error::LevelError;
use crate::rules::{self, Broken};

impl Level {
    /// Add `spec` (a recipe, or a recipe with a state or contents) to the
    /// cell at `pos` on floor 1 ([`Level::add_on`] for any floor).
    ///
    /// Refused, changing nothing, when `pos` is outside, when the cell
    /// would break a load rule of rules.md §6 (one blocker, nothing on
    /// water that must stay dry, a closed door alone, an open door with only what
    /// stands in a doorway, stairs with only one thing that moves, a heavy
    /// box on water only if the water is
    /// filled, a sunk heavy box only on water, box contents, no duplicate;
    /// each has its [`LevelError`]), when it is a second player, or when the
    /// level would hold more than [`MAX_LEGEND_CELLS`](crate::MAX_LEGEND_CELLS) distinct cells
    /// without a fixed symbol. So add water before a sunk heavy box, and a
    /// sunk heavy box before a heavy box on it; [`Level::set_cell`] sets a
    /// whole cell at once. Stairs pair across floors
    /// ([`Level::unpaired_stairs`]), which one cell cannot check.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, EntitySpec, GridPos, RecipeState};
    /// use muscleman_level::{Level, LevelError};
    ///
    /// let mut level = Level::new(3, 1)?;
    /// let p = GridPos::new(1, 0);
    /// level.add(p, EntityRecipe::WaterCell)?;
    /// assert_eq!(level.add(p, EntityRecipe::HeavyBox), Err(LevelError::HeavyBoxOnWater { pos: p }));
    /// let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
    /// level.add(p, sunk)?;
    /// level.add(p, EntityRecipe::Box)?;
    /// assert_eq!(level.cell(p), &[EntityRecipe::WaterCell.into(), EntityRecipe::Box.into(), sunk]);
    /// assert!(matches!(level.add(p, EntityRecipe::Player), Err(LevelError::Occupied { .. })));
    /// # Ok::<(), LevelError>(())
    /// ```
    pub fn add(&mut self, pos: GridPos, spec: impl Into<EntitySpec>) -> Result<(), LevelError> {
        self.add_on(1, pos, spec)
    }

    /// Add `spec` to the cell at `pos` on floor `floor`, as [`Level::add`]
    /// does on floor 1; refused with [`LevelError::NoFloor`] if the level
    /// has no such floor.
    pub fn add_on(
        &mut self,
        floor: usize,
        pos: GridPos,
        spec: impl Into<EntitySpec>,
    ) -> Result<(), LevelError> {
        let spec = spec.into().canonical();
        let i = self.checked_index(floor, pos)?;
        rules::check_spec(&spec).map_err(|(b, _)| b.at(pos))?;
        let old = self.cells.get(i);
        for present in old {
            if let Some(b) = rules::conflict(present, &spec) {
                return Err(b.at(pos));
            }
        }
        let mut new = Vec::with_capacity(old.len() + 1);
        new.extend_from_slice(old);
        new.push(spec);
        new.sort_unstable();
        rules::check_whole(&new).map_err(|(b, _)| b.at(pos))?;
        self.put((floor, pos), i, &new)
    }

    /// Replace the cell at `pos` on floor 1 by `specs` (in any order),
    /// checked as a whole against the rules of [`Level::add`].
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, EntitySpec, GridPos, RecipeState};
    /// use muscleman_level::Level;
    ///
    /// let mut level = Level::new(1, 1)?;
    /// let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
    /// let heavy = EntitySpec::new(EntityRecipe::HeavyBox);
    /// level.set_cell(GridPos::ZERO, [heavy, sunk, EntityRecipe::WaterCell.into()])?;
    /// assert_eq!(level.cell(GridPos::ZERO), &[EntityRecipe::WaterCell.into(), heavy, sunk]);
    /// # Ok::<(), muscleman_level::LevelError>(())
    /// ```
    pub fn set_cell<S: Into<EntitySpec>>(
        &mut self,
        pos: GridPos,
        specs: impl IntoIterator<Item = S>,
    ) -> Result<(), LevelError> {
        self.set_cell_on(1, pos, specs)
    }

    /// Replace the cell at `pos` on floor `floor`, as [`Level::set_cell`]
    /// does on floor 1.
    pub fn set_cell_on<S: Into<EntitySpec>>(
        &mut self,
        floor: usize,
        pos: GridPos,
        specs: impl IntoIterator<Item = S>,
    ) -> Result<(), LevelError> {
        let i = self.checked_index(floor, pos)?;
        let mut new: Vec<EntitySpec> = specs.into_iter().map(|s| s.into().canonical()).collect();
        rules::check_cell(&new).map_err(|(b, _)| b.at(pos))?;
        new.sort_unstable();
        self.put((floor, pos), i, &new)
    }

    /// Remove `spec` from the cell at `pos` on floor 1; return whether it was there.
    ///
    /// Refused, changing nothing, when what is left breaks a rule (water
    /// taken from under a sunk heavy box, a sunk heavy box from under a
    /// heavy box) or would be a distinct cell past [`MAX_LEGEND_CELLS`](crate::MAX_LEGEND_CELLS).
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, GridPos};
    /// use muscleman_level::Level;
    ///
    /// let mut level = Level::parse("+")?;
    /// assert_eq!(level.remove(GridPos::ZERO, EntityRecipe::Player), Ok(true));
    /// assert_eq!(level.remove(GridPos::ZERO, EntityRecipe::Player), Ok(false));
    /// assert_eq!(level.player(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove(
        &mut self,
        pos: GridPos,
        spec: impl Into<EntitySpec>,
    ) -> Result<bool, LevelError> {
        self.remove_on(1, pos, spec)
    }

    /// Remove `spec` from the cell at `pos` on floor `floor`, as
    /// [`Level::remove`] does on floor 1 (`Ok(false)` outside the level).
    pub fn remove_on(
        &mut self,
        floor: usize,
        pos: GridPos,
        spec: impl Into<EntitySpec>,
    ) -> Result<bool, LevelError> {
        let spec = spec.into().canonical();
        let Some(i) = self.index_on(floor, pos) else {
            return Ok(false);
        };
        let old = self.cells.get(i);
        if !old.contains(&spec) {
            return Ok(false);
        }
        let new: Vec<EntitySpec> = old.iter().copied().filter(|s| *s != spec).collect();
        rules::check_whole(&new).map_err(|(b, _)| b.at(pos))?;
        self.put((floor, pos), i, &new)?;
        Ok(true)
    }

    /// Return the index of `pos` on `floor`, or why there is none.
    fn checked_index(&self, floor: usize, pos: GridPos) -> Result<usize, LevelError> {
        if floor == 0 || floor > self.floors.len() {
            return Err(LevelError::NoFloor(floor));
        }
        self.index_on(floor, pos)
            .ok_or(LevelError::OutOfBounds(pos))
    }

    /// Set cell `i` (at `place`) to a checked canonical list, keeping the
    /// player and legend limits.
    fn put(
        &mut self,
        place: (usize, GridPos),
        i: usize,
        new: &[EntitySpec],
    ) -> Result<(), LevelError> {
        let is_player = |s: &EntitySpec| s.recipe == EntityRecipe::Player;
        let had_player = self.cells.get(i).iter().any(is_player);
        let has_player = new.iter().any(is_player);
        if has_player
            && !had_player
            && let Some((_, first)) = self.player
        {
            return Err(LevelError::SecondPlayer(first));
        }
        self.cells
            .set(i, new)
            .map_err(|TooManyLegendCells| LevelError::TooManyLegendCells { pos: place.1 })?;
        if has_player {
            self.player = Some(place);
        } else if had_player {
            self.player = None;
        }
        Ok(())
    }
}

impl Broken {
    /// Return the error of this broken rule in the cell at `pos`.
    fn at(self, pos: GridPos) -> LevelError {
        match self {
            Broken::NoRules(recipe) => LevelError::Unsupported(recipe),
            Broken::BadState(recipe, state) => {
                LevelError::StateNotApplicable { pos, recipe, state }
            }
            Broken::ContentsNotInBox(recipe) => LevelError::ContentsNotInBox { pos, recipe },
            Broken::NotContent(recipe) => LevelError::NotContent { pos, recipe },
            Broken::NotAKey(holder, item) => LevelError::NotAKey { pos, holder, item },
            Broken::KeyCount(holder, found) => LevelError::KeyCount { pos, holder, found },
            Broken::ContentsTwoBlockers(first, second) => {
                LevelError::ContentsTwoBlockers { pos, first, second }
            }
            Broken::Duplicate(spec) => LevelError::Duplicate { pos, spec },
            Broken::SecondSunk => LevelError::SecondSunkHeavyBox { pos },
            Broken::TwoBlockers(present, spec) => LevelError::Occupied { pos, present, spec },
            Broken::WaterShared(other) => LevelError::WaterShared { pos, other },
            Broken::ClosedDoorShared(door, other) => {
                LevelError::ClosedDoorShared { pos, door, other }
            }
            Broken::NotInDoorway(door, other) => LevelError::NotInDoorway { pos, door, other },
            Broken::NotOnStairs(stairs, other) => LevelError::NotOnStairs { pos, stairs, other },
            Broken::HeavyBoxOnWater => LevelError::HeavyBoxOnWater { pos },
            Broken::SunkWithoutWater => LevelError::SunkWithoutWater { pos },
        }
    }
}
