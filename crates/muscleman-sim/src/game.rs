//! A game: a world, its player, and the history that undo, redo and restart walk.

use muscleman_core::{EntityId, EventBatch, Input, MoveCause, SimEvent};

use crate::command::Command;

use muscleman_level::Level;

use crate::journal::Change;
use crate::level::{LevelLoadError, level_from_world, world_from_level};
use crate::rules::Rules;
use crate::step::{StepError, step_into};
use crate::world::World;

/// What an undo step replays when it is redone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Input(Input),
    Restart,
}

/// Moves and pushes so far: steps in which the player moved, and steps in
/// which the player pushed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Steps in which the player moved.
    pub moves: u32,
    /// Steps in which the player pushed a chain.
    pub pushes: u32,
}

/// One undo step: the actions that made it (a moving action, then any
/// actions after it that moved nothing) and every change they recorded.
#[derive(Clone, Debug)]
struct Entry {
    actions: Vec<Action>,
    changes: Vec<Change>,
    stats_before: Stats,
    /// For a restart: how many of `changes` are the restart's own, which
    /// lead to the initial state. A later restart reverts only what follows.
    restart: Option<usize>,
}

/// A world with a player, rules and an unlimited undo history.
///
/// History is a journal of the changes each step made (not a copy of the
/// world), so an undo step costs memory in proportion to what it changed.
/// Undo restores the exact earlier state: same ids, components, tags, facing.
///
/// # Example
/// ```
/// use muscleman_core::{GridDir, Input};
/// use muscleman_level::Level;
/// use muscleman_sim::{Game, Rules};
///
/// let level = Level::parse("#####\n#@$.#\n#####\n")?;
/// let mut game = Game::new(&level, Rules::MUSCLEMAN)?;
/// let start = game.state_hash();
/// game.step(Input::Move(GridDir::Right))?;
/// assert_ne!(game.state_hash(), start);
/// game.undo()?;
/// assert_eq!(game.state_hash(), start);
/// game.redo()?;
/// assert!(game.is_solved());
/// game.restart()?;
/// assert_eq!(game.state_hash(), start);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Game {
    level: Level,
    world: World,
    player: EntityId,
    rules: Rules,
    /// Actions that moved nothing (a refused move turning the player) while
    /// there was no undo step to file them under; they join the next undo
    /// step, so that undoing everything gives back the initial state.
    prelude: Entry,
    done: Vec<Entry>,
    undone: Vec<Entry>,
    stats: Stats,
    log: Vec<Command>,
    spare: Vec<Change>,
}

impl Game {
    /// Start a game of `level` under `rules`.
    pub fn new(level: &Level, rules: Rules) -> Result<Game, LevelLoadError> {
        let (world, player) = world_from_level(level)?;
        Ok(Game {
            level: level.clone(),
            world,
            player,
            rules,
            prelude: Entry {
                actions: Vec::new(),
                changes: Vec::new(),
                stats_before: Stats::default(),
                restart: None,
            },
            done: Vec::new(),
            undone: Vec::new(),
            stats: Stats::default(),
            log: Vec::new(),
            spare: Vec::new(),
        })
    }

    /// Return the level as it was when the game began.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Describe the current state as a level (the initial level's title and
    /// metadata, today's positions).
    pub fn current_level(&self) -> Result<Level, LevelLoadError> {
        level_from_world(&self.world, &self.level)
    }

    /// Return the world.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Return the world to change by hand, outside the history (unit tests).
    #[cfg(test)]
    pub(crate) fn world_mut_for_tests(&mut self) -> &mut World {
        &mut self.world
    }

    /// Return the player's id.
    pub fn player(&self) -> EntityId {
        self.player
    }

    /// Return the rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Return the moves and pushes of the current position.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Return every command applied since the game began, in order.
    pub fn commands(&self) -> &[Command] {
        &self.log
    }

    /// Return how many steps undo can take back.
    pub fn undo_depth(&self) -> usize {
        self.done.len()
    }

    /// Return how many steps redo can replay.
    pub fn redo_depth(&self) -> usize {
        self.undone.len()
    }

    /// Return whether every goal holds a box (see [`is_solved`](crate::is_solved)).
    pub fn is_solved(&self) -> bool {
        crate::rules::is_solved(&self.world)
    }

    /// Return the state's fingerprint (see [`state_hash`](crate::state_hash)).
    pub fn state_hash(&self) -> u64 {
        crate::hash::state_hash(&self.world)
    }

    /// Return the bytes the history holds (entries and their changes).
    pub fn history_bytes(&self) -> usize {
        let entry = |e: &Entry| {
            std::mem::size_of::<Entry>()
                + e.actions.capacity() * std::mem::size_of::<Action>()
                + e.changes.capacity() * std::mem::size_of::<Change>()
                + e.changes.iter().map(Change::heap_bytes).sum::<usize>()
        };
        self.done
            .iter()
            .chain(&self.undone)
            .map(entry)
            .sum::<usize>()
            + self.prelude.changes.capacity() * std::mem::size_of::<Change>()
    }

    /// Apply one command and return its events.
    pub fn apply(&mut self, command: Command) -> Result<EventBatch, StepError> {
        match command {
            Command::Step(input) => self.step(input),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Restart => self.restart(),
        }
    }

    /// Resolve one input and return its events. Clears the redo list.
    pub fn step(&mut self, input: Input) -> Result<EventBatch, StepError> {
        self.log.push(Command::Step(input));
        self.undone.clear();
        let mut events = EventBatch::new();
        self.act(Action::Input(input), &mut events)?;
        Ok(events)
    }

    /// Undo the last step in which something moved, and return the moves
    /// back (cause `Undo`). Returns no event when there is nothing to undo.
    pub fn undo(&mut self) -> Result<EventBatch, StepError> {
        self.log.push(Command::Undo);
        let mut events = EventBatch::new();
        if let Some(mut entry) = self.done.pop() {
            self.world
                .revert(&entry.changes, MoveCause::Undo, &mut events)?;
            self.stats = entry.stats_before;
            // Redo replays the actions, so the changes are not kept.
            entry.changes = Vec::new();
            self.undone.push(entry);
        }
        Ok(events)
    }

    /// Redo the last undone step by replaying its actions, and return their
    /// events. Returns no event when there is nothing to redo.
    pub fn redo(&mut self) -> Result<EventBatch, StepError> {
        self.log.push(Command::Redo);
        let mut events = EventBatch::new();
        if let Some(entry) = self.undone.pop() {
            for action in entry.actions {
                self.act(action, &mut events)?;
            }
        }
        Ok(events)
    }

    /// Go back to the level's initial state and return the moves back
    /// (cause `Restart`). A restart is one undo step; it clears the redo list.
    pub fn restart(&mut self) -> Result<EventBatch, StepError> {
        self.log.push(Command::Restart);
        self.undone.clear();
        let mut events = EventBatch::new();
        self.act(Action::Restart, &mut events)?;
        Ok(events)
    }

    /// Run one action with the journal open, then file its changes: a new
    /// undo step if something moved, else onto the last undo step.
    fn act(&mut self, action: Action, events: &mut EventBatch) -> Result<(), StepError> {
        let first = events.len();
        let stats_before = self.stats;
        self.world.open_journal(std::mem::take(&mut self.spare));
        let result = match action {
            Action::Input(input) => {
                let mut batch = EventBatch::new();
                let r = step_into(&mut self.world, self.player, input, &self.rules, &mut batch);
                for e in batch {
                    events.push(e);
                }
                r
            }
            Action::Restart => self.rewind_all(events),
        };
        let mut journal = self.world.close_journal();
        // Keep the journal's buffer for the next action, and file an exact
        // copy: the history holds only what this action changed.
        let changes = journal.to_vec();
        journal.clear();
        self.spare = journal;
        if let Err(e) = result {
            // Leave the world as it was before the failed action.
            let mut ignored = EventBatch::new();
            self.world.revert(&changes, MoveCause::Undo, &mut ignored)?;
            return Err(e);
        }
        // A restart with history is an undo step even when it moved nothing
        // (right after another restart, say): undo goes back to before it.
        let moved = events
            .iter()
            .skip(first)
            .any(|e| matches!(e, SimEvent::Moved(_)))
            || (action == Action::Restart && !self.done.is_empty());
        if moved {
            let (player_moved, pushed) = count(events, first, self.player);
            self.stats = match action {
                Action::Input(_) => Stats {
                    moves: self.stats.moves.saturating_add(u32::from(player_moved)),
                    pushes: self.stats.pushes.saturating_add(u32::from(pushed)),
                },
                Action::Restart => Stats::default(),
            };
            let mut entry = Entry {
                actions: std::mem::take(&mut self.prelude.actions),
                changes: std::mem::take(&mut self.prelude.changes),
                stats_before,
                restart: None,
            };
            entry.actions.push(action);
            if entry.changes.is_empty() {
                entry.changes = changes;
            } else {
                entry.changes.extend(changes);
            }
            if action == Action::Restart {
                entry.restart = Some(entry.changes.len());
            }
            entry.actions.shrink_to_fit();
            self.done.push(entry);
        } else if !changes.is_empty() && action != Action::Restart {
            // (A restart that is no undo step had only the prelude to revert:
            // the world is at its initial state and the prelude is empty.)
            let top = self.done.last_mut().unwrap_or(&mut self.prelude);
            top.actions.push(action);
            top.changes.extend(changes);
        }
        Ok(())
    }

    /// Revert the prelude, then every undo step, newest first, back to the
    /// last restart: what it left is the initial state.
    fn rewind_all(&mut self, events: &mut EventBatch) -> Result<(), StepError> {
        let prelude = std::mem::take(&mut self.prelude.changes);
        let result = self.world.revert(&prelude, MoveCause::Restart, events);
        self.prelude.actions.clear();
        result?;
        for entry in self.done.iter().rev() {
            let own = entry.restart.unwrap_or(0);
            let after = entry.changes.get(own..).unwrap_or_default();
            self.world.revert(after, MoveCause::Restart, events)?;
            if entry.restart.is_some() {
                break;
            }
        }
        Ok(())
    }
}

/// Return whether, among the events from `first` on, the player walked and
/// whether a chain was pushed.
fn count(events: &EventBatch, first: usize, player: EntityId) -> (bool, bool) {
    let mut walked = false;
    let mut pushed = false;
    for e in events.iter().skip(first) {
        if let SimEvent::Moved(m) = e {
            walked |= m.entity == player && m.cause == MoveCause::Player;
            pushed |= m.cause == MoveCause::Push;
        }
    }
    (walked, pushed)
}
