//! How an action is filed in the history: as an undo step of its own, onto
//! the last one (a turn), or as nothing (a wait); a fast walk as its
//! journal change alone.

use super::*;

impl Game {
    /// File an action that just ran (its changes are the journal from
    /// `before.1` on, its events those of `events` from `first` on): a new
    /// undo step if it changed more than the player's Facing (a restart: if
    /// it changed anything), else onto the last undo step. Return whether
    /// it made a new undo step.
    #[inline]
    pub(super) fn file(
        &mut self,
        action: Action,
        face: Option<GridDir>,
        (actions_before, changes_before): (usize, usize),
        stats_before: Stats,
        events: &EventBatch,
        first: usize,
    ) -> bool {
        let changed = self.changed_since(changes_before);
        if changed == Changed::Nothing {
            // A wait, or a bump facing the same way: nothing to file.
            return false;
        }
        // A walk filed here is filed with the rest (a redo's Facing, or
        // its entry and action): its mark goes.
        self.unmark_top_walk();
        let new_step = match action {
            Action::Input(_) | Action::Face(_) => changed == Changed::State,
            Action::Restart => true,
        };
        // The actions to file: a redo's facing first, then the action.
        let faced_first = face.map(Action::Face);
        if new_step {
            let (player_moved, pushed) = count(events, first, self.player);
            self.stats = match action {
                Action::Input(_) | Action::Face(_) => Stats {
                    moves: self.stats.moves.saturating_add(u32::from(player_moved)),
                    pushes: self.stats.pushes.saturating_add(u32::from(pushed)),
                },
                Action::Restart => Stats::default(),
            };
            // The first undo step takes the prelude (everything filed so
            // far) with it.
            let (start_actions, start_changes) = if !self.has_steps() {
                (0, 0)
            } else {
                (actions_before, changes_before)
            };
            let (prelude_actions, prelude_changes) = if !self.has_steps() {
                (actions_before, changes_before)
            } else {
                (0, 0)
            };
            if let Some(faced) = faced_first {
                self.actions.push(faced);
            }
            self.actions.push(action);
            let mut restart = false;
            if action == Action::Restart
                // The world is at its start again: a fresh baseline, and the
                // old one kept for the restart's undo.
                && let Some(baseline) = self.world.renew_baseline()
            {
                self.restarts.push(RestartUndo {
                    baseline,
                    prelude_actions,
                    prelude_changes,
                });
                restart = true;
            }
            self.done.push(Entry {
                actions: u32::try_from(start_actions).unwrap_or(u32::MAX),
                changes: u32::try_from(start_changes).unwrap_or(u32::MAX),
                stats_before,
                restart,
                redo_facing: None,
            });
        } else {
            // Onto the last undo step, or the prelude while there is none.
            self.promote_own_walk(changes_before);
            if let Some(faced) = faced_first {
                self.actions.push(faced);
            }
            self.actions.push(action);
        }
        new_step
    }

    /// File a step in which the player walked (`pushed`: and pushed) as a
    /// new undo step: [`Game::file_step`] for the fast walk, which knows
    /// what it did (always a new undo step).
    ///
    /// The walk's journal change, marked as an undo step of its own
    /// ([`OwnStep`]), is all it files: unless a prelude waits to join the
    /// first undo step, or a count is at its ceiling (the undo of such a
    /// step counts one move and its push back).
    #[inline(always)]
    pub(super) fn file_move(
        &mut self,
        input: Input,
        changes_before: usize,
        stats_before: Stats,
        pushed: bool,
    ) {
        let Stats { moves, pushes } = self.stats;
        if moves < u32::MAX && pushes < u32::MAX && (self.has_steps() || self.actions.is_empty()) {
            self.stats = Stats {
                moves: moves + 1,
                pushes: pushes + u32::from(pushed),
            };
            self.walks += 1;
            return;
        }
        self.file_move_with_entry(input, changes_before, stats_before, pushed);
    }

    /// [`Game::file_move`] with an entry and an action, the walk's mark
    /// dropped.
    #[cold]
    #[inline(never)]
    fn file_move_with_entry(
        &mut self,
        input: Input,
        changes_before: usize,
        stats_before: Stats,
        pushed: bool,
    ) {
        self.unmark_top_walk();
        let actions_before = self.actions.len();
        self.actions.push(Action::Input(input));
        self.stats.moves = self.stats.moves.saturating_add(1);
        self.stats.pushes = self.stats.pushes.saturating_add(u32::from(pushed));
        self.push_entry(actions_before, changes_before, stats_before);
    }

    /// Push a new undo step's entry, its actions and changes from these on
    /// (from the start while there is none: the first takes the prelude).
    #[inline]
    fn push_entry(&mut self, actions: usize, changes: usize, stats_before: Stats) {
        let (actions, changes) = if !self.has_steps() {
            (0, 0)
        } else {
            (actions, changes)
        };
        self.done.push(Entry {
            actions: u32::try_from(actions).unwrap_or(u32::MAX),
            changes: u32::try_from(changes).unwrap_or(u32::MAX),
            stats_before,
            restart: false,
            redo_facing: None,
        });
    }

    /// [`Game::file`] for a step of `Game::step_into`: no redo facing, no
    /// restart, its events the whole batch.
    #[inline]
    pub(super) fn file_step(
        &mut self,
        input: Input,
        changes_before: usize,
        stats_before: Stats,
        events: &EventBatch,
    ) -> bool {
        let actions_before = self.actions.len();
        let changed = self.changed_since(changes_before);
        if changed == Changed::Nothing {
            // A wait, or a bump facing the same way: nothing to file.
            return false;
        }
        if changed == Changed::Facing {
            // A turn: onto the last undo step, or the prelude.
            self.promote_own_walk(changes_before);
            self.actions.push(Action::Input(input));
            self.note_redo_facing(changes_before);
            return false;
        }
        self.actions.push(Action::Input(input));
        let (walked, pushed) = count(events, 0, self.player);
        self.stats.moves = self.stats.moves.saturating_add(u32::from(walked));
        self.stats.pushes = self.stats.pushes.saturating_add(u32::from(pushed));
        self.push_entry(actions_before, changes_before, stats_before);
        true
    }
}

/// What an action changed, from its journal entries: what decides
/// whether it is filed as an undo step of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Changed {
    /// Nothing (a wait, a bump facing the way the player faced).
    Nothing,
    /// The player's Facing alone (a turn, a bump).
    Facing,
    /// More than the player's Facing.
    State,
}

impl Game {
    /// Return whether there is an undo step (with an entry, or a fast
    /// walk's alone): while there is none, what is filed is the prelude.
    #[inline]
    fn has_steps(&self) -> bool {
        self.walks != 0 || !self.done.is_empty()
    }

    /// Drop the mark of a fast walk whose change is the journal's top, if
    /// there is one: the step being filed takes it with its entry.
    fn unmark_top_walk(&mut self) {
        let top = self.world.journal_len().saturating_sub(1);
        self.world.take_own_step(top);
    }

    /// Before a turn (its changes the journal's from `changes_before` on)
    /// joins the last undo step: if that step is a fast walk filed alone
    /// ([`OwnStep`]), give it its entry and its action, so that the turn
    /// has a step to join.
    #[cold]
    fn promote_own_walk(&mut self, changes_before: usize) {
        let Some(at) = changes_before.checked_sub(1) else {
            return;
        };
        let Some(OwnStep { dir, pushed }) = self.world.take_own_step(at) else {
            return;
        };
        let stats_before = self.stats.before_walk(pushed);
        let actions = self.actions.len();
        self.actions.push(Action::Input(Input::Move(dir)));
        self.push_entry(
            actions,
            at.saturating_sub(usize::from(pushed)),
            stats_before,
        );
        self.walks = self.walks.saturating_sub(1);
    }

    /// Before a turn in place (its changes the journal's from `from` on)
    /// keeps the redo list: note the Facing the next step to redo starts
    /// from, the player's before the turn, unless noted already.
    #[cold]
    fn note_redo_facing(&mut self, from: usize) {
        let Some(next) = self.undone.last_mut().filter(|u| u.redo_facing.is_none()) else {
            return;
        };
        let changes = self.world.journal().get(from..).unwrap_or_default();
        next.redo_facing = changes.iter().find_map(|change| match change {
            Change::Component {
                id,
                old: OldComponent::Had(AnyComponent::Facing(Facing(faced))),
            } if *id == self.player => Some(*faced),
            _ => None,
        });
    }

    /// Return what the journal's changes from `from` on changed.
    #[inline]
    fn changed_since(&self, from: usize) -> Changed {
        let changes = self.world.journal().get(from..).unwrap_or_default();
        if changes.is_empty() {
            Changed::Nothing
        } else if changes.iter().all(|c| is_facing(c, self.player)) {
            Changed::Facing
        } else {
            Changed::State
        }
    }
}

/// Return whether a change is a change of the player's Facing, the one
/// change that does not make an undo step.
#[inline]
fn is_facing(change: &Change, player: EntityId) -> bool {
    matches!(
        change,
        Change::Component {
            id,
            old: OldComponent::Had(AnyComponent::Facing(_))
                | OldComponent::Lacked(ComponentKind::Facing),
        } if *id == player
    )
}

/// Return whether, among the events from `first` on, the player walked and
/// whether something else moved by the player's action (a push, pull,
/// strafe, shove or swing: rules.md §7, Counting).
fn count(events: &EventBatch, first: usize, player: EntityId) -> (bool, bool) {
    let mut walked = false;
    let mut pushed = false;
    for e in events.iter().skip(first) {
        if let SimEvent::Moved(m) = e {
            walked |= m.entity == player && m.cause == MoveCause::Player;
            pushed |= matches!(m.cause, MoveCause::Push | MoveCause::Swing);
        }
    }
    (walked, pushed)
}
