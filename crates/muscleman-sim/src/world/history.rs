//! The world's part in history: the restart baseline and the undo journal
//! (`journal/`), kept while a `Game` records.

use super::*;

impl World {
    /// Start keeping a baseline at the current state (see `baseline.rs`).
    pub(crate) fn start_baseline(&mut self) {
        let free = self.ecs.freelist().map(to_id).collect();
        self.baseline = Some(Baseline::new(free, self.slots, self.counters));
    }

    /// Return the baseline, leaving a fresh one at the same start state (the
    /// world was just put back at it): what a restart keeps for its undo.
    pub(crate) fn renew_baseline(&mut self) -> Option<Baseline> {
        let fresh = self.baseline.as_ref().map(Baseline::fresh);
        std::mem::replace(&mut self.baseline, fresh)
    }

    /// Put back the baseline a restart replaced (its undo).
    pub(crate) fn set_baseline(&mut self, baseline: Baseline) {
        self.baseline = Some(baseline);
    }

    /// Return the bytes the baseline holds.
    pub(crate) fn baseline_bytes(&self) -> usize {
        self.baseline.as_ref().map_or(0, Baseline::heap_bytes)
    }

    /// Put every entity changed since the baseline began back as it was
    /// then, and the id free list: the start state, at a cost that follows
    /// the number of entities changed, not the history. Moves back are
    /// reported as `Moved` with `cause`, in id order.
    pub(crate) fn restore_baseline(
        &mut self,
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Result<(), WorldError> {
        let Some(baseline) = self.baseline.take() else {
            return Ok(());
        };
        let result = self.restore(&baseline, cause, events);
        self.baseline = Some(baseline);
        result
    }

    pub(super) fn restore(
        &mut self,
        baseline: &Baseline,
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Result<(), WorldError> {
        let entries = baseline.entries();
        // Those that did not exist go first, so their slots are free for
        // those that come back.
        for (id, before) in &entries {
            if before.is_none() && self.is_alive(*id) {
                self.destroy(*id)?;
            }
        }
        for (id, before) in &entries {
            let Some(before) = before else { continue };
            if !self.is_alive(*id) {
                self.spawn_with_id(*id, before.tags, &before.components)?;
                continue;
            }
            self.set_tags(*id, before.tags)?;
            let now = self.components(*id)?;
            for c in &now {
                // The floor comes back with the position (below), which
                // reports the move.
                if c.kind() != ComponentKind::LevelMember
                    && !before.components.iter().any(|b| b.kind() == c.kind())
                {
                    self.remove_kind(*id, c.kind())?;
                }
            }
            for b in before.components.iter() {
                if let AnyComponent::Position(p) = b
                    && let Ok(from) = self.position(*id)
                    && from != p.0
                {
                    events.push(Moved {
                        entity: *id,
                        from: local(from),
                        to: local(p.0),
                        cause,
                    });
                }
                self.set_any(*id, *b)?;
            }
        }
        if baseline.counters_changed() {
            for (counter, value) in GlobalCounter::ALL.into_iter().zip(baseline.counters()) {
                self.set_counter(counter, value);
            }
        }
        // The free list as a restore leaves it: the slots made since the
        // baseline (all dead again) first, then the baseline's. Equal to
        // it already (a second restart in a row), there is nothing to do.
        let restored: Vec<EntityId> = (baseline.slots()..self.slots)
            .rev()
            .map(|i| EntityId::new(i, 1))
            .chain(baseline.freelist().iter().copied())
            .collect();
        if !self.ecs.freelist().map(to_id).eq(restored.iter().copied()) {
            self.record_freelist();
            self.restore_freelist(baseline.freelist(), baseline.slots());
        }
        Ok(())
    }

    /// Return a copy of the world's current position: every live entity
    /// with its id, tags and components, the counters and the ids future
    /// spawns take, and the floors, so that the copy steps exactly as the world would (the
    /// same events, ids included). No history comes with it: its journal is
    /// empty and it keeps no restart baseline. A search starts from it
    /// (`Trail::from_world`) where a level's text would lose the player's
    /// Facing and what it holds.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{GridDir, Input};
    /// use muscleman_level::Level;
    /// use muscleman_sim::{Game, Rules, state_hash};
    ///
    /// let level = Level::parse("#####\n#@$.#\n#####\n")?;
    /// let mut game = Game::new(&level, Rules::MUSCLEMAN)?;
    /// game.step(Input::Move(GridDir::Up))?;
    /// game.step(Input::Move(GridDir::Right))?;
    /// let copy = game.world().copy_position()?;
    /// assert_eq!(state_hash(&copy), game.state_hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn copy_position(&self) -> Result<World, WorldError> {
        let mut copy = World::listing(self.index.tallies().listed_tags(), self.weightless);
        let mut min: Option<GridPos> = None;
        let mut max: Option<GridPos> = None;
        for (at, _) in self.index.cells() {
            let lo = min.get_or_insert(at);
            *lo = GridPos::new(lo.x.min(at.x), lo.y.min(at.y));
            let hi = max.get_or_insert(at);
            *hi = GridPos::new(hi.x.max(at.x), hi.y.max(at.y));
        }
        if let (Some(min), Some(max)) = (min, max) {
            copy.reserve_area(min, max);
        }
        let ids = self.entities();
        copy.reserve(ids.len());
        for id in ids {
            let Some(snapshot) = self.snapshot(id) else {
                continue;
            };
            copy.spawn_with_id(id, snapshot.tags, &snapshot.components)?;
        }
        let free: Vec<EntityId> = self.ecs.freelist().map(to_id).collect();
        copy.restore_freelist(&free, self.slots);
        copy.slots = self.slots;
        copy.counters = self.counters;
        // The floors are the level's: without them the copy's stairs lead
        // nowhere.
        copy.floors.clone_from(&self.floors);
        Ok(copy)
    }

    /// Start appending every mutation to the journal.
    #[inline]
    pub(crate) fn start_recording(&mut self) {
        self.recording = true;
    }

    /// Stop appending mutations to the journal.
    #[inline]
    pub(crate) fn stop_recording(&mut self) {
        self.recording = false;
    }

    /// Make room in the journal for `room` changes in all, so that it does
    /// not grow before then.
    pub(crate) fn reserve_journal(&mut self, room: usize) {
        self.journal.reserve(room);
    }

    /// Return the journal: every change recorded and not dropped, in order.
    #[inline]
    pub(crate) fn journal(&self) -> &[Change] {
        self.journal.as_slice()
    }

    /// Return how many changes the journal holds: `journal().len()`, read
    /// from the stack's count alone.
    #[inline(always)]
    pub(crate) fn journal_len(&self) -> usize {
        self.journal.len()
    }

    /// If the journal's top is a fast walk filed as an undo step of its
    /// own ([`OwnStep`]), undo it and drop it (the push before it too, if
    /// it pushed), reporting the moves back with `cause` as
    /// [`World::revert_journal`] does, and return its mark with how the
    /// undo went; else change nothing and return `None`. With nothing
    /// recording (a `Game` undoes between steps).
    #[inline(always)]
    pub(crate) fn revert_own_step(
        &mut self,
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Option<(OwnStep, Result<(), WorldError>)> {
        debug_assert!(!self.recording, "an undo records nothing");
        let (id, from, faced, own) = self.journal.pop_copy(|change| match *change {
            Change::Walked {
                id,
                from,
                faced,
                own: Some(own),
            } => Some((id, from, faced, own)),
            _ => None,
        })?;
        let mut result = self
            .step_back(id, from, cause, events)
            .and_then(|()| self.turn_back(id, faced));
        if own.pushed {
            // The push before the walk: a box's move.
            let pushed = self.journal.pop_copy(|change| match *change {
                Change::Moved { id, from } => Some((id, from)),
                _ => None,
            });
            result = match (result, pushed) {
                (Ok(()), Some((id, from))) => self.step_back(id, from, cause, events),
                (result, _) => {
                    let len = self.journal.len();
                    self.journal.truncate(len.saturating_sub(1));
                    result
                }
            };
        }
        Some((own, result))
    }

    /// Return the mark of the fast walk whose change is the journal's
    /// `at`-th, and drop it: the walk is filed with other changes now.
    pub(crate) fn take_own_step(&mut self, at: usize) -> Option<OwnStep> {
        match self.journal.get_mut(at) {
            Some(Change::Walked { own, .. }) => own.take(),
            _ => None,
        }
    }

    /// Undo the journal's changes from `from` on, newest first (see
    /// [`World::revert`]), and drop them from it.
    #[inline(always)]
    pub(crate) fn revert_journal(
        &mut self,
        from: usize,
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Result<(), WorldError> {
        let recording = std::mem::replace(&mut self.recording, false);
        let mut result = Ok(());
        while self.journal.len() > from {
            // A move taken back, most of any undo: read off the top and
            // put back inline.
            let moved = self.journal.pop_copy(|change| match *change {
                Change::Moved { id, from } => Some((id, from, None)),
                Change::Walked {
                    id, from, faced, ..
                } => Some((id, from, Some(faced))),
                _ => None,
            });
            result = match moved {
                Some((id, from, faced)) => self.move_back(id, from, faced, cause, events),
                None => match self.journal.pop() {
                    Some(other) => self.revert(std::slice::from_ref(&other), cause, events),
                    None => break,
                },
            };
            if result.is_err() {
                // The changes left are dropped all the same.
                self.journal.truncate(from);
                break;
            }
        }
        self.recording = recording;
        result
    }

    /// Put `id` back at `from` and report the move back (cause `cause`),
    /// then, for a walk, its Facing back to `faced`: the undo of a
    /// [`Change::Moved`] or a [`Change::Walked`]. A floor taken back (the
    /// stairs) is no move: its cell is the same, and front ends redraw the
    /// floor from the view (rules.md §4 History).
    #[inline(always)]
    fn move_back(
        &mut self,
        id: EntityId,
        from: GridPos,
        faced: Option<GridDir>,
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Result<(), WorldError> {
        let to = if self.recording {
            // A reversal recorded in turn (no undo does): a move like any
            // other.
            std::hint::cold_path();
            self.relocate(id, from)?
        } else {
            self.put_back(id, from)?
        };
        // A journalled move changed the cell: on floor 1 that is a move to
        // report, known without comparing the cells (a comparison stops
        // at `x`, which differs on one move in two, a move along a row: a
        // branch no processor predicts).
        debug_assert!(to != from, "{id:?} was journalled moving in place");
        if on_first_floor(to, from) {
            events.push(Moved {
                entity: id,
                from: to,
                to: from,
                cause,
            });
        } else {
            report_move_back(id, (to, from), cause, events);
        }
        match faced {
            // Its turn taken back, after its move.
            Some(faced) => self.turn_back(id, faced),
            None => Ok(()),
        }
    }

    /// [`World::move_back`] for a fast walk's move, Facing aside, with the
    /// move reported before it is made: the event's writes then come
    /// before the relink's and reach the cache sooner. A batch copied as
    /// soon as the undo returns (`Game::undo` returns one) reads them in
    /// wider parts than they were written, which waits until they are
    /// there. (The same order in `move_back` cost 7 instructions an undo;
    /// its report, written again here rather than shared with `move_back`
    /// through one function, cost 5: the compiler's choice of registers.)
    #[inline(always)]
    fn step_back(
        &mut self,
        id: EntityId,
        from: GridPos,
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Result<(), WorldError> {
        debug_assert!(!self.recording, "an undo records nothing");
        let found = self.found(id)?;
        debug_assert!(
            self.baseline.as_ref().is_none_or(|b| b.has(id)),
            "{id:?} was noted when its change was recorded"
        );
        let was = found.at;
        if on_first_floor(was, from) {
            events.push(Moved {
                entity: id,
                from: was,
                to: from,
                cause,
            });
        } else {
            report_move_back(id, (was, from), cause, events);
        }
        self.index.relocate_found(found, from);
        Ok(())
    }

    /// Set the [`Facing`] of `id` back to `faced`: with nothing recording
    /// (see [`World::put_back`]), a write into its row.
    #[inline(always)]
    fn turn_back(&mut self, id: EntityId, faced: GridDir) -> Result<(), WorldError> {
        if !self.recording
            && let Ok(row) = self.facing.find(id)
            && let Some(slot) = self.facing.rows.get_mut(row)
        {
            slot.1 = faced;
            return Ok(());
        }
        self.set_facing(id, faced)
    }

    /// Undo `changes` (recorded by a journal) in reverse order, restoring the
    /// exact earlier state, ids included. Every position change is reported
    /// in `events` as a `Moved` with `cause`. While recording, the reversal
    /// is itself recorded, so it can be undone in turn.
    pub(super) fn revert(
        &mut self,
        changes: &[Change],
        cause: MoveCause,
        events: &mut EventBatch,
    ) -> Result<(), WorldError> {
        for change in changes.iter().rev() {
            match change {
                Change::Spawned { id } => self.destroy(*id)?,
                Change::Destroyed(d) => self.spawn_with_id(d.id, d.tags, &d.components)?,
                Change::Freelist(f) => {
                    self.record_freelist();
                    self.restore_freelist(&f.free, f.slots);
                }
                Change::Walked {
                    id, from, faced, ..
                } => {
                    self.move_back(*id, *from, Some(*faced), cause, events)?;
                }
                Change::Moved { id, from } => self.move_back(*id, *from, None, cause, events)?,
                Change::Tags { id, old } => self.set_tags(*id, *old)?,
                Change::Counter { counter, old } => self.set_counter(*counter, join(*old)),
                Change::Component { id, old } => match old {
                    // A turn taken back: in place, like a step's turn.
                    OldComponent::Had(AnyComponent::Facing(f)) => self.set_facing(*id, f.0)?,
                    OldComponent::Had(value) => {
                        if let AnyComponent::Position(p) = value {
                            let now = self.position(*id).ok();
                            if let Some(now) = now {
                                events.push(Moved {
                                    entity: *id,
                                    from: local(now),
                                    to: local(p.0),
                                    cause,
                                });
                            }
                        }
                        self.set_any(*id, *value)?;
                    }
                    OldComponent::Lacked(kind) => {
                        self.remove_kind(*id, *kind)?;
                    }
                },
            }
        }
        Ok(())
    }
}

/// Report a move back from `was` to `back` beyond floor 1 (see
/// [`World::move_back`]): none when it only changed floors (the stairs).
#[cold]
#[inline(never)]
fn report_move_back(
    id: EntityId,
    (was, back): (GridPos, GridPos),
    cause: MoveCause,
    events: &mut EventBatch,
) {
    if let Some((from, to)) = local_move(was, back) {
        events.push(Moved {
            entity: id,
            from,
            to,
            cause,
        });
    }
}
