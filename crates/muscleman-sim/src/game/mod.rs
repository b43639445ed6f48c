//! A game: a world, its player, and the history that undo, redo and restart walk.

use muscleman_core::{EntityId, EventBatch, GridDir, Input, MoveCause, SimEvent};
use muscleman_level::Level;

use crate::command::Command;
use crate::component::{AnyComponent, ComponentKind, Facing};
use crate::journal::baseline::Baseline;
use crate::journal::{Change, OldComponent, OwnStep};
use crate::level::{LevelLoadError, level_from_world, world_from_level};
use crate::rules::Rules;
use crate::step::{StepError, Stepped, run_scheduled, step_into, walk_fast};
use crate::view::View;
use crate::world::{World, WorldError};

mod filing;
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
    /// Whether what the fast walk checks of the world before a walk
    /// (`step::walk_checks`) still holds: it held at the last fast walk,
    /// and since then nothing but fast walks and their undos changed the
    /// world. Every other step, undo, redo and restart clears it.
    walk_checked: bool,
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
            walk_checked: false,
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
        // Logged first, whatever the step does: written before the walk,
        // the log costs a play less (BENCHMARKS.md, "The eleventh part").
        self.log.push(Command::Step(input));
        let changes_before = self.world.journal_len();
        self.world.start_recording();
        let fast = walk_fast(
            &mut self.world,
            self.player,
            input,
            &self.rules,
            events,
            self.walk_checked,
        );
        let pushed = match fast {
            Ok(Some(Stepped::Walked)) => false,
            Ok(Some(Stepped::Pushed)) => true,
            _ => return self.step_scheduled(input, changes_before, fast, events),
        };
        self.walk_checked = true;
        self.world.stop_recording();
        self.file_move(input, changes_before, self.stats, pushed);
        self.clear_redo();
        Ok(())
    }

    /// The rest of [`Game::step_into`] when the fast walk did not take the
    /// step (`fast`): the schedule's step, or the general walk the fast
    /// walk fell back to (`Stepped::Ran`), filed from its changes.
    #[inline(never)]
    fn step_scheduled(
        &mut self,
        input: Input,
        changes_before: usize,
        fast: Result<Option<Stepped>, WorldError>,
        events: &mut EventBatch,
    ) -> Result<(), StepError> {
        self.walk_checked = false;
        let stats_before = self.stats;
        let result = match fast {
            Ok(None) => run_scheduled(&mut self.world, self.player, input, &self.rules, events),
            Ok(Some(stepped)) => Ok(stepped),
            Err(e) => Err(StepError::from(e)),
        };
        self.world.stop_recording();
        if let Err(e) = result {
            return Err(self.take_back(changes_before, e));
        }
        if self.file_step(input, changes_before, stats_before, events) {
            self.clear_redo();
        }
        Ok(())
    }
}
