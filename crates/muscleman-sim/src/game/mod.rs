//! A game: a world, its player, and the history that undo, redo and restart walk.

use muscleman_core::{EntityId, EventBatch, GridDir, Input, MoveCause, SimEvent};
use muscleman_level::Level;

use crate::command::Command;
use crate::component::{AnyComponent, ComponentKind, Facing};
use crate::journal::baseline::Baseline;
use crate::journal::{Change, OldComponent, OwnStep};
use crate::level::{LevelLoadError, level_from_world, world_from_level};
use crate::rules::Rules;
use crate::step::{StepError, Stepped, run_step, step_into};
use crate::view::View;
use crate::world::World;

mod history;

/// The steps a new game's history holds (to undo and to redo) before its
/// stacks first grow. Most games run to a few hundred moves; a stack that
/// grows from empty makes its first moves pay a copy each time it
/// doubles. A step records one or two changes (a walk, a push) and the
/// command log takes undos too, so those get twice the room: about 21 KB
/// a game.
const HISTORY_ROOM: usize = 256;

// What the room costs a game, held to the figure above.
const _: () = {
    use std::mem::size_of;
    let per_step = size_of::<Entry>() + size_of::<Undone>() + 2 * size_of::<Action>();
    let per_change = size_of::<Change>() + size_of::<Command>();
    let bytes = HISTORY_ROOM * per_step + 2 * HISTORY_ROOM * per_change;
    assert!(bytes > 20 * 1024 && bytes <= 22 * 1024);
};

/// What an undo step replays when it is redone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Input(Input),
    Restart,
    /// Face a way: a redo faces the way its step was made from before the
    /// step's own action, and its entry keeps that, so a step undone and
    /// redone again replays from the same Facing.
    Face(GridDir),
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

impl Stats {
    /// The counts before a walk that made them these (`pushed`: and pushed
    /// a box): one move less, and one push less if it pushed.
    fn before_walk(self, pushed: bool) -> Stats {
        Stats {
            moves: self.moves.saturating_sub(1),
            pushes: self.pushes.saturating_sub(u32::from(pushed)),
        }
    }
}

/// One undo step: the actions that made it (an action that changed the
/// state, then any actions after it that changed only Facing) and every
/// change they recorded. Both lists live in the game's two flat stacks
/// (`Game::actions`, `Game::changes`): an entry's run from its start up to
/// the next entry's start (or the end), so filing a step allocates nothing
/// of its own.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// Where its actions start in `Game::actions`.
    actions: u32,
    /// Where its changes start in `Game::changes`.
    changes: u32,
    stats_before: Stats,
    /// For a restart: its undo puts back, besides its changes, the top of
    /// `Game::restarts`.
    restart: bool,
    /// Once undone and redone: its [`Undone::redo_facing`], kept for its
    /// next undo.
    redo_facing: Option<GridDir>,
}

// An undo step's entry costs 20 bytes: a compile-time check.
const _: () = assert!(std::mem::size_of::<Entry>() == 20);

/// One undone step: its actions (its one action in `first`, else from
/// `actions` on in `Game::undone_actions`, up to the next undone step's
/// start) and the Facing a redo starts from.
#[derive(Clone, Copy, Debug)]
struct Undone {
    /// Its one action, when it has exactly one (as most steps do): then
    /// its run in `Game::undone_actions` is empty.
    first: Option<Action>,
    actions: u32,
    /// The player's Facing in the position the step was made from (the
    /// one its undo left), once the player has turned in place since:
    /// turning keeps the redo list, so redo faces this way again first
    /// and replays the step from exactly that position. `None` while
    /// nothing has turned the player since the undo: it faces that way
    /// when the step is redone (each later undo is redone first, back to
    /// the position it was undone from).
    redo_facing: Option<GridDir>,
}

/// What undoing a restart puts back besides the world: the baseline it
/// replaced and, for a restart made before any other undo step, the
/// Facing-only actions it took from the prelude.
#[derive(Clone, Debug)]
struct RestartUndo {
    baseline: Baseline,
    /// How many of the entry's first actions and changes were the prelude's.
    prelude_actions: usize,
    prelude_changes: usize,
}

/// A world with a player, rules and an unlimited undo history.
///
/// History is a journal of the changes each step made (not a copy of the
/// world), so an undo step costs memory in proportion to what it changed.
/// Undo restores the exact earlier state: same ids, components, tags, facing.
/// An undo step is a step that changed more than the player's Facing; a
/// step that changed only Facing (a bump, a turn) joins the undo step before
/// it and keeps the redo list (rules.md §4, History). Restart puts back only
/// the entities changed since the last restart, so its cost never grows
/// with the history.
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
    /// The undo steps filed with an entry, oldest first (a fast walk filed
    /// alone has none: see `walks`). While there is no undo step, the
    /// actions and changes in the two stacks are the prelude: actions that
    /// moved nothing (a refused move turning the player) while there was
    /// no undo step to file them under; they join the next undo step, so
    /// that undoing everything gives back the initial state.
    done: Vec<Entry>,
    /// How many undo steps are a fast walk filed as its journal change
    /// alone ([`OwnStep`]), with no entry and no action: the most common
    /// step costs one journal change. Such a step is undone when its change
    /// is the journal's top, and it is the top undo step exactly then.
    walks: usize,
    /// The actions of every undo step (and the prelude), in order. Their
    /// changes are the world's journal, in the same order.
    actions: Vec<Action>,
    /// What undoing each restart among the undo steps puts back, in order.
    restarts: Vec<RestartUndo>,
    /// The undone steps, the next to redo last.
    undone: Vec<Undone>,
    /// The actions of every undone step, in order.
    undone_actions: Vec<Action>,
    stats: Stats,
    log: Vec<Command>,
    /// The events of the step being filed, reused from step to step.
    batch: EventBatch,
}

impl Game {
    /// Start a game of `level` under `rules`.
    pub fn new(level: &Level, rules: Rules) -> Result<Game, LevelLoadError> {
        let (mut world, player) = world_from_level(level)?;
        world.start_baseline();
        world.reserve_journal(2 * HISTORY_ROOM);
        Ok(Game {
            level: level.clone(),
            world,
            player,
            rules,
            done: Vec::with_capacity(HISTORY_ROOM),
            walks: 0,
            actions: Vec::with_capacity(HISTORY_ROOM),
            restarts: Vec::new(),
            undone: Vec::with_capacity(HISTORY_ROOM),
            undone_actions: Vec::with_capacity(HISTORY_ROOM),
            stats: Stats::default(),
            log: Vec::with_capacity(2 * HISTORY_ROOM),
            batch: EventBatch::new(),
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

    /// Work out what a front end draws now (see [`View`]), with the
    /// level's floor names.
    pub fn view(&self) -> View {
        let view = View::of(&self.world, self.player);
        if self.level.floors().all(|f| f.name().is_none()) {
            return view;
        }
        view.with_floor_names(
            self.level
                .floors()
                .map(|f| f.name().map(str::to_owned))
                .collect(),
        )
    }

    /// Return the floor the player stands on, from 1.
    pub fn player_floor(&self) -> u32 {
        self.world.floor_of(self.player).unwrap_or(1)
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
        self.done.len() + self.walks
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

    /// Return the bytes the history holds: its entries, actions and changes
    /// (by length: the stacks' spare capacity, amortized growth, is left out).
    pub fn history_bytes(&self) -> usize {
        use std::mem::size_of;
        let restarts = self
            .restarts
            .iter()
            .map(|r| size_of::<RestartUndo>() + r.baseline.heap_bytes())
            .sum::<usize>();
        self.done.len() * size_of::<Entry>()
            + self.undone.len() * size_of::<Undone>()
            + (self.actions.len() + self.undone_actions.len()) * size_of::<Action>()
            + std::mem::size_of_val(self.world.journal())
            + self
                .world
                .journal()
                .iter()
                .map(Change::heap_bytes)
                .sum::<usize>()
            + restarts
    }

    /// Return the bytes the restart baseline holds: a snapshot of each
    /// entity changed since the last restart, and 4 bytes per entity slot up
    /// to the highest one changed. It does not grow with the history.
    pub fn baseline_bytes(&self) -> usize {
        self.world.baseline_bytes()
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

    /// Apply one command like [`Game::apply`], writing its events into
    /// `events` (cleared first).
    pub fn apply_into(
        &mut self,
        command: Command,
        events: &mut EventBatch,
    ) -> Result<(), StepError> {
        match command {
            Command::Step(input) => self.step_into(input, events),
            Command::Undo => self.undo_into(events),
            Command::Redo => self.redo_into(events),
            Command::Restart => self.restart_into(events),
        }
    }

    /// Resolve one input and return its events. A step that changes more
    /// than the player's Facing is a new undo step and clears the redo list;
    /// a wait, a bump or a turn keeps it.
    pub fn step(&mut self, input: Input) -> Result<EventBatch, StepError> {
        let mut events = EventBatch::new();
        self.step_into(input, &mut events)?;
        Ok(events)
    }

    /// Resolve one input like [`Game::step`], writing its events into
    /// `events` (cleared first): with one batch reused, a warm step
    /// allocates nothing but the history's own amortized growth. When it
    /// fails, the step is taken back and `events` means nothing.
    ///
    /// Never inlined, so that the instruction budget (`.ci/budget`) finds
    /// it in a profile.
    #[inline(never)]
    pub fn step_into(&mut self, input: Input, events: &mut EventBatch) -> Result<(), StepError> {
        self.log.push(Command::Step(input));
        // `act` for one input, without its other cases: the hot path. The
        // actions' count is read when the step is filed (the step adds
        // none), so it need not be kept across the step. (Reading the
        // stats there too cost 25 instructions: the compiler's choice.)
        let stats_before = self.stats;
        let changes_before = self.world.journal_len();
        self.world.start_recording();
        let result = run_step::<true>(&mut self.world, self.player, input, &self.rules, events);
        self.world.stop_recording();
        let new_step = match result {
            Err(e) => return Err(self.take_back(changes_before, e)),
            // The fast walk: the player moved (and pushed), so it is an
            // undo step, known without reading its changes and events.
            Ok(Stepped::Walked) => self.file_move(input, changes_before, stats_before, false),
            Ok(Stepped::Pushed) => self.file_move(input, changes_before, stats_before, true),
            Ok(Stepped::Ran) => self.file_step(input, changes_before, stats_before, events),
        };
        if new_step {
            self.clear_redo();
        }
        Ok(())
    }

    /// File a step in which the player walked (`pushed`: and pushed) as a
    /// new undo step: [`Game::file_step`] for the fast walk, which knows
    /// what it did. Return `true`.
    ///
    /// The walk's journal change, marked as an undo step of its own
    /// ([`OwnStep`]), is all it files: unless a prelude waits to join the
    /// first undo step, or a count is at its ceiling (the undo of such a
    /// step counts one move and its push back).
    #[inline(always)]
    fn file_move(
        &mut self,
        input: Input,
        changes_before: usize,
        stats_before: Stats,
        pushed: bool,
    ) -> bool {
        let Stats { moves, pushes } = self.stats;
        if moves < u32::MAX && pushes < u32::MAX && (self.has_steps() || self.actions.is_empty()) {
            self.stats = Stats {
                moves: moves + 1,
                pushes: pushes + u32::from(pushed),
            };
            self.walks += 1;
            return true;
        }
        self.file_move_with_entry(input, changes_before, stats_before, pushed)
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
    ) -> bool {
        self.unmark_top_walk();
        let actions_before = self.actions.len();
        self.actions.push(Action::Input(input));
        self.stats.moves = self.stats.moves.saturating_add(1);
        self.stats.pushes = self.stats.pushes.saturating_add(u32::from(pushed));
        self.push_entry(actions_before, changes_before, stats_before);
        true
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
    fn file_step(
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
