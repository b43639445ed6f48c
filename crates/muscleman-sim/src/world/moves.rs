//! Moving entities: a move on a floor, a walk (its turn and move as one
//! journal change), a move to any cell or floor; each keeps the index in
//! sync and records what it replaced.

use super::*;

impl World {
    /// Move the entity to `to`, keeping the index in sync; return where it was.
    ///
    /// A move stays on the entity's floor: one that would leave its band of
    /// rows is refused with [`WorldError::LeftFloor`] (see
    /// [`World::move_to_floor`]).
    #[inline(always)]
    pub fn move_to(&mut self, id: EntityId, to: GridPos) -> Result<GridPos, WorldError> {
        // The index is where positions are kept: one table read finds the
        // entity's cell and tags, with no ECS lookup.
        let found = self.found(id)?;
        if found.at != to && !same_band(found.at, to) {
            return Err(WorldError::LeftFloor { entity: id, at: to });
        }
        self.shift_filed(found, to);
        Ok(found.at)
    }

    /// Turn the entity to face `dir` and move it to `to` on its floor, as
    /// [`World::set`] of its [`Facing`] then [`World::move_to`] would, with
    /// one journal change for both (`Change::Walked`, even when it
    /// already faced `dir`): a walk. Return where
    /// it was. Refused like `move_to`, having changed nothing; an entity
    /// with no Facing of its own takes the two calls.
    #[inline(always)]
    pub(crate) fn walk_to(
        &mut self,
        id: EntityId,
        dir: GridDir,
        to: GridPos,
    ) -> Result<GridPos, WorldError> {
        let (Some(found), Ok(row)) = (self.index.find(id), self.facing.find(id)) else {
            self.set(id, Facing(dir))?;
            return self.move_to(id, to);
        };
        let from = found.at;
        if from == to {
            self.set_facing(id, dir)?;
            return Ok(from);
        }
        if !same_band(from, to) {
            return Err(WorldError::LeftFloor { entity: id, at: to });
        }
        self.touch(id);
        self.index.relocate_found(found, to);
        self.file_walk(id, row, dir, from, None);
        Ok(from)
    }

    /// [`World::walk_to`] from `from` to `to`, two cells of one floor's
    /// band (the caller checks), with the spot of `to` in the index already
    /// looked up (the fast walk read the cell ahead through it), journalled
    /// as an undo step of its own ([`OwnStep`]: `pushed` says whether the
    /// change before it is the push of a box). `id` is the player the step
    /// found in the index; `noted`: the restart baseline has noted it
    /// already, so it is not looked up there. Return `false` when it took
    /// the general [`World::walk_to`] instead, its change unmarked.
    #[inline(always)]
    pub(crate) fn walk_between(
        &mut self,
        id: EntityId,
        dir: GridDir,
        from: GridPos,
        (to, there): (GridPos, Spot),
        pushed: bool,
        noted: bool,
    ) -> Result<bool, WorldError> {
        debug_assert!(same_band(from, to), "{from:?} and {to:?} on one floor");
        debug_assert!(
            !noted || self.baseline.as_ref().is_none_or(|b| b.has(id)),
            "{id:?} was noted"
        );
        let Ok(row) = self.facing.find(id) else {
            return self.walk_general(id, dir, to);
        };
        if !noted {
            self.touch(id);
        }
        if !self.index.shift_found(id, there, to) {
            // Not filed at `from`: the general walk says why.
            return self.walk_general(id, dir, to);
        }
        self.file_walk(id, row, dir, from, Some(OwnStep { dir, pushed }));
        Ok(true)
    }

    /// [`World::walk_to`] for [`World::walk_between`]'s rare cases, out of
    /// line: return `false`.
    #[cold]
    #[inline(never)]
    fn walk_general(
        &mut self,
        id: EntityId,
        dir: GridDir,
        to: GridPos,
    ) -> Result<bool, WorldError> {
        self.walk_to(id, dir, to).map(|_| false)
    }

    /// [`World::move_to`] from `from` to `to`, two cells of one floor's
    /// band (the caller checks), with the spot of `to` in the index already
    /// looked up.
    #[inline(always)]
    pub(crate) fn move_between(
        &mut self,
        id: EntityId,
        from: GridPos,
        (to, there): (GridPos, Spot),
    ) -> Result<(), WorldError> {
        debug_assert!(same_band(from, to), "{from:?} and {to:?} on one floor");
        self.touch(id);
        if !self.index.shift(id, there, to) {
            return self.move_to(id, to).map(drop);
        }
        self.record(|| Change::Moved { id, from });
        Ok(())
    }

    /// Move the entity to the world cell `to`, on any floor (undo, restart
    /// and a set [`Position`]); return where it was.
    #[inline(always)]
    pub(crate) fn relocate(&mut self, id: EntityId, to: GridPos) -> Result<GridPos, WorldError> {
        let found = self.found(id)?;
        self.shift_filed(found, to);
        Ok(found.at)
    }

    /// Move the entity back to `to` while the journal is reverted (nothing
    /// recording): [`World::relocate`] with no journal change and no note
    /// for the restart. None is needed: the change reverted was noted by
    /// the baseline kept when it was recorded, and that baseline is kept
    /// again now (a restart made since was undone first, its baseline put
    /// back before its changes). Return where it was.
    #[inline(always)]
    pub(super) fn put_back(&mut self, id: EntityId, to: GridPos) -> Result<GridPos, WorldError> {
        let found = self.found(id)?;
        debug_assert!(!self.recording, "a revert records nothing");
        debug_assert!(
            self.baseline.as_ref().is_none_or(|b| b.has(id)),
            "{id:?} was noted when its change was recorded"
        );
        self.index.relocate_found(found, to);
        Ok(found.at)
    }

    /// Move the entity to the same cell on floor `floor` (from 1), keeping
    /// the index in sync: the one move between floors (the stairs rule).
    pub fn move_to_floor(&mut self, id: EntityId, floor: u32) -> Result<(), WorldError> {
        let at = self.position(id)?;
        self.relocate(id, on_floor(at, floor)).map(|_| ())
    }

    /// Return the entity as the index holds it, or why it stands nowhere.
    #[inline(always)]
    pub(super) fn found(&self, id: EntityId) -> Result<Found, WorldError> {
        match self.index.find(id) {
            Some(found) => Ok(found),
            None => Err(self.unlocated(id)),
        }
    }

    /// Return why the entity, which the index does not hold, stands
    /// nowhere: it is dead, or has no [`Position`].
    #[cold]
    fn unlocated(&self, id: EntityId) -> WorldError {
        match self.entity(id) {
            Err(dead) => dead,
            Ok(_) => WorldError::MissingComponent {
                entity: id,
                component: ComponentKind::Position,
            },
        }
    }

    /// Move `found` to `to` in the index and journal the move; nothing
    /// when the cells are the same.
    #[inline(always)]
    fn shift_filed(&mut self, found: Found, to: GridPos) {
        let (id, from) = (found.id(), found.at);
        if from != to {
            self.touch(id);
            self.index.relocate_found(found, to);
            self.record(|| Change::Moved { id, from });
        }
    }

    /// Turn the entity whose [`Facing`] is in row `row` to `dir` after its
    /// move from `from`, and journal the two as one change (marked `own`
    /// for the fast walk). A walk that
    /// keeps its Facing is journalled the same way, its Facing put back
    /// unchanged by its undo: a record of one kind for every walk costs
    /// the undo 6 instructions, where choosing between two cost step and
    /// undo a mispredicted branch on one walk in two (BENCHMARKS.md).
    #[inline(always)]
    fn file_walk(
        &mut self,
        id: EntityId,
        row: usize,
        dir: GridDir,
        from: GridPos,
        own: Option<OwnStep>,
    ) {
        let faced = match self.facing.rows.get_mut(row) {
            Some(slot) => std::mem::replace(&mut slot.1, dir),
            None => dir,
        };
        self.record(|| Change::Walked {
            id,
            from,
            faced,
            own,
        });
    }
}
