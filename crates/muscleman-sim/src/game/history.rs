//! Undo, redo and restart: the history commands (rules.md §4, History).

use super::*;

impl Game {
    /// Undo the last undo step, and return the moves back (cause `Undo`),
    /// in the reverse order of the step's own. Does nothing when there is
    /// no undo step.
    pub fn undo(&mut self) -> Result<EventBatch, StepError> {
        let mut events = EventBatch::new();
        self.undo_into(&mut events)?;
        Ok(events)
    }

    /// Undo like [`Game::undo`], writing the moves back into `events`
    /// (cleared first).
    ///
    /// Never inlined, so that the instruction budget (`.ci/budget`) finds
    /// it in a profile.
    #[inline(never)]
    pub fn undo_into(&mut self, events: &mut EventBatch) -> Result<(), StepError> {
        events.clear();
        self.log.push(Command::Undo);
        if let Some((own, reverted)) = self.world.revert_own_step(MoveCause::Undo, events) {
            // The undo of a fast walk keeps what the fast walk checked.
            self.unfile_own_walk(own);
            return reverted.map_err(StepError::from);
        }
        self.walk_checked = false;
        // Read where it is, not copied whole before the revert (a copy the
        // processor cannot forward from its parts stalls the undo).
        let Some(&Entry {
            changes, restart, ..
        }) = self.done.last()
        else {
            return Ok(());
        };
        if restart {
            return match self.done.pop() {
                Some(entry) => self.undo_restart(entry, events),
                None => Ok(()),
            };
        }
        let reverted = self
            .world
            .revert_journal(changes as usize, MoveCause::Undo, events);
        if let Some(entry) = self.done.pop() {
            self.stats = entry.stats_before;
            self.unfile(entry, entry.actions as usize);
        }
        reverted.map_err(StepError::from)
    }

    /// After the undo of a fast walk filed alone (`World::revert_own_step`):
    /// take back the move and push it counted, and keep its one action to
    /// redo.
    #[inline(always)]
    fn unfile_own_walk(&mut self, own: OwnStep) {
        self.walks = self.walks.saturating_sub(1);
        self.stats = self.stats.before_walk(own.pushed);
        self.undone.push(Undone {
            first: Some(Action::Input(Input::Move(own.dir))),
            actions: self.undone_actions.len() as u32,
            redo_facing: None,
        });
    }

    /// [`Game::undo_into`] of a restart: a restart made before any other
    /// undo step took the prelude's actions and changes first, which stay,
    /// pending as they were; the entities changed before it are changed
    /// again, and its baseline knows how they started.
    #[cold]
    fn undo_restart(&mut self, entry: Entry, events: &mut EventBatch) -> Result<(), StepError> {
        let restart = self.restarts.pop();
        let (own_actions, own_changes) = restart
            .as_ref()
            .map_or((0, 0), |r| (r.prelude_actions, r.prelude_changes));
        let from = (entry.changes as usize).saturating_add(own_changes);
        // The baseline the restart replaced first: its changes were
        // noted by it (`World::put_back`).
        if let Some(restart) = restart {
            self.world.set_baseline(restart.baseline);
        }
        let reverted = self.world.revert_journal(from, MoveCause::Undo, events);
        self.stats = entry.stats_before;
        self.unfile(entry, (entry.actions as usize).saturating_add(own_actions));
        reverted.map_err(StepError::from)
    }

    /// Move the actions of an undone step (from `from` on) to the redo
    /// list, with the Facing its redo starts from: redo replays the
    /// actions, so the changes are not kept. A step's one action goes into
    /// its `Undone` itself: one push an undo, not two.
    #[inline(always)]
    fn unfile(&mut self, entry: Entry, from: usize) {
        let from = from.min(self.actions.len());
        let start = self.undone_actions.len() as u32;
        // One action, as usual, is kept in the undone step itself.
        let first = if from + 1 == self.actions.len() {
            self.actions.pop()
        } else {
            self.undone_actions
                .extend_from_slice(self.actions.get(from..).unwrap_or_default());
            self.actions.truncate(from);
            None
        };
        // The state is now exactly the one the step was made from, Facing
        // included (a redone step keeps the Facing it was first redone
        // from, if a turn noted one).
        self.undone.push(Undone {
            first,
            actions: start,
            redo_facing: entry.redo_facing,
        });
    }

    /// Redo the last undone step and return its events. Returns no event
    /// when there is nothing to redo.
    ///
    /// Redo faces the way the player faced right after the undo (a turn in
    /// place since then keeps the redo list, rules.md §4) and replays the
    /// step's actions from there, so it brings back exactly the undone
    /// position.
    pub fn redo(&mut self) -> Result<EventBatch, StepError> {
        let mut events = EventBatch::new();
        self.redo_into(&mut events)?;
        Ok(events)
    }

    /// Redo like [`Game::redo`], writing its events into `events` (cleared
    /// first).
    pub fn redo_into(&mut self, events: &mut EventBatch) -> Result<(), StepError> {
        events.clear();
        self.log.push(Command::Redo);
        if let Some(entry) = self.undone.pop() {
            let depth = self.done.len();
            // Each action is replayed facing the way it was made: the step's
            // first from where it was undone to, a later one from a `Face`
            // a redo recorded before it (a turn made before the step, then
            // the redo's facing, then the step itself).
            let mut face = entry.redo_facing;
            let start = entry.actions as usize;
            let mut result = Ok(());
            match entry.first {
                // Its one action, kept in it (its run in `undone_actions`
                // is empty).
                Some(action) => result = self.redo_action(action, &mut face, events),
                None => {
                    for i in start..self.undone_actions.len() {
                        let Some(&action) = self.undone_actions.get(i) else {
                            break;
                        };
                        result = self.redo_action(action, &mut face, events);
                        if result.is_err() {
                            break;
                        }
                    }
                }
            }
            self.undone_actions.truncate(start);
            result?;
            if self.done.len() > depth
                && let Some(redone) = self.done.last_mut()
            {
                redone.redo_facing = entry.redo_facing;
            }
        }
        Ok(())
    }

    /// Replay one action of a step being redone, facing `face` first if a
    /// `Face` before it (or the redo) said so; a `Face` only sets `face`.
    fn redo_action(
        &mut self,
        action: Action,
        face: &mut Option<GridDir>,
        events: &mut EventBatch,
    ) -> Result<(), StepError> {
        if let Action::Face(dir) = action {
            *face = Some(dir);
            return Ok(());
        }
        self.act(action, face.take(), events).map(drop)
    }

    /// Go back to the level's initial state and return the moves back
    /// (cause `Restart`, in id order). A restart that changes anything
    /// (Facing included) is one undo step and clears the redo list; in the
    /// initial state it is no step at all. It costs what changed since the
    /// last restart, never the length of the history.
    pub fn restart(&mut self) -> Result<EventBatch, StepError> {
        let mut events = EventBatch::new();
        self.restart_into(&mut events)?;
        Ok(events)
    }

    /// Restart like [`Game::restart`], writing the moves back into `events`
    /// (cleared first).
    pub fn restart_into(&mut self, events: &mut EventBatch) -> Result<(), StepError> {
        events.clear();
        self.log.push(Command::Restart);
        if self.act(Action::Restart, None, events)? {
            self.clear_redo();
        }
        Ok(())
    }

    /// Run one action with the journal open (facing `face` first, for a
    /// redo), then file its changes: a new undo step if it changed more than
    /// the player's Facing (a restart: if it changed anything), else onto
    /// the last undo step. Return whether it made a new undo step.
    pub(super) fn act(
        &mut self,
        action: Action,
        face: Option<GridDir>,
        events: &mut EventBatch,
    ) -> Result<bool, StepError> {
        self.walk_checked = false;
        let first = events.len();
        let stats_before = self.stats;
        let (actions_before, changes_before) = (self.actions.len(), self.world.journal_len());
        self.world.start_recording();
        let faced = match face {
            Some(dir) => self.world.set(self.player, Facing(dir)),
            None => Ok(()),
        };
        let result = match (faced, action) {
            (Err(e), _) => Err(StepError::from(e)),
            (Ok(()), action) => match action {
                Action::Face(dir) => self
                    .world
                    .set(self.player, Facing(dir))
                    .map_err(StepError::from),
                Action::Input(input) if first == 0 => {
                    step_into(&mut self.world, self.player, input, &self.rules, events)
                }
                Action::Input(input) => {
                    // A redo of several actions: the step's events follow
                    // the earlier ones.
                    let r = step_into(
                        &mut self.world,
                        self.player,
                        input,
                        &self.rules,
                        &mut self.batch,
                    );
                    for e in &self.batch {
                        events.push(*e);
                    }
                    r
                }
                Action::Restart => self
                    .world
                    .restore_baseline(MoveCause::Restart, events)
                    .map_err(StepError::from),
            },
        };
        self.world.stop_recording();
        if let Err(e) = result {
            return Err(self.take_back(changes_before, e));
        }
        Ok(self.file(
            action,
            face,
            (actions_before, changes_before),
            stats_before,
            events,
            first,
        ))
    }

    /// Undo what a failed action changed (the journal from `changes_before`
    /// on), leaving the world as it was before it, and return its error.
    #[cold]
    pub(super) fn take_back(&mut self, changes_before: usize, error: StepError) -> StepError {
        let mut ignored = EventBatch::new();
        match self
            .world
            .revert_journal(changes_before, MoveCause::Undo, &mut ignored)
        {
            Ok(()) => error,
            Err(e) => StepError::from(e),
        }
    }

    /// Forget every undone step: a new undo step was made.
    pub(super) fn clear_redo(&mut self) {
        self.undone.clear();
        self.undone_actions.clear();
    }
}
