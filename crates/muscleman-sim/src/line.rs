//! A line of the schedule: a system, the phase it runs in, the inputs it
//! acts on, what it needs and whether it reads the change list. Mechanics
//! declare their lines with [`player`], [`system`] and [`reacting`];
//! `schedule.rs` gathers them.

use muscleman_core::Input;

use crate::context::StepContext;
use crate::needs::Needs;
use crate::world::WorldError;

/// The phases of a step, in order (rules.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Phase {
    /// The player's input: walk, push, grab, drop, swing.
    Player,
    /// Entities with a brain act (ducks).
    Actors,
    /// Collect, sink, switches, doors: the world answers what moved.
    Environment,
    /// Release what the step used up.
    Cleanup,
    /// Last touches to the batch of events.
    Emit,
}

impl Phase {
    /// Every phase, in the order a step runs them.
    pub(crate) const ALL: [Phase; 5] = [
        Phase::Player,
        Phase::Actors,
        Phase::Environment,
        Phase::Cleanup,
        Phase::Emit,
    ];

    /// Return the phase's name (`"environment"`).
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Phase::Player => "player",
            Phase::Actors => "actors",
            Phase::Environment => "environment",
            Phase::Cleanup => "cleanup",
            Phase::Emit => "emit",
        }
    }
}

/// A system: reads and changes the world through the step context.
pub(crate) type System = fn(&mut StepContext<'_>) -> Result<(), WorldError>;

/// One line of the schedule: a system, when it runs and what it reads.
/// Mechanics declare theirs with [`player`], [`system`] and [`reacting`].
#[derive(Clone, Copy)]
pub(crate) struct SystemEntry {
    /// The phase it runs in.
    pub(crate) phase: Phase,
    /// Its name, for messages and docs.
    pub(crate) name: &'static str,
    /// The function.
    pub(crate) run: System,
    /// Whether it reads the step's change list. The list is kept only if
    /// some system reads it, so it costs nothing while none does.
    pub(crate) reads_changes: bool,
    /// The inputs it acts on, as [`input_bit`]s: the step skips it,
    /// without a call, on any other input.
    pub(crate) inputs: u8,
    /// What must be true for it to have anything to do: the step skips it,
    /// without a call, otherwise.
    pub(crate) needs: Needs,
    /// The bits of the motions its mechanic declares (`Motion::bit`), set
    /// by the schedule: a debug build checks every move it makes.
    pub(crate) motions: u8,
}

/// Every input.
pub(crate) const ANY_INPUT: u8 = u8::MAX;

/// Return the bit of an input's kind in [`SystemEntry::inputs`].
#[inline]
pub(crate) const fn input_bit(input: Input) -> u8 {
    match input {
        Input::Move(_) => 1,
        Input::Grab => 1 << 1,
        Input::Drop => 1 << 2,
        Input::SwingLeft => 1 << 3,
        Input::SwingRight => 1 << 4,
        Input::Wait => 1 << 5,
    }
}

/// The bits of these inputs' kinds.
const fn inputs(list: &[Input]) -> u8 {
    let mut bits = 0;
    let mut rest = list;
    while let [first, tail @ ..] = rest {
        bits |= input_bit(*first);
        rest = tail;
    }
    bits
}

/// A system that acts on the input and the world as they are.
pub(crate) const fn system(phase: Phase, name: &'static str, run: System) -> SystemEntry {
    SystemEntry {
        phase,
        name,
        run,
        reads_changes: false,
        inputs: ANY_INPUT,
        needs: Needs::Always,
        motions: 0,
    }
}

impl SystemEntry {
    /// This line, run only when `needs` is met.
    pub(crate) const fn when(self, needs: Needs) -> SystemEntry {
        SystemEntry { needs, ..self }
    }
}

/// A player-phase system that resolves only `on` (one input of each kind
/// it handles, the direction of a move does not matter).
pub(crate) const fn player(name: &'static str, on: &[Input], run: System) -> SystemEntry {
    SystemEntry {
        inputs: inputs(on),
        ..system(Phase::Player, name, run)
    }
}

/// A system that looks only at what changed in this step (the
/// environment's systems): the step keeps its change list for it.
pub(crate) const fn reacting(phase: Phase, name: &'static str, run: System) -> SystemEntry {
    SystemEntry {
        phase,
        name,
        run,
        reads_changes: true,
        inputs: ANY_INPUT,
        needs: Needs::Always,
        motions: 0,
    }
}

/// Any move (the kind is what a schedule line names).
pub(crate) const MOVE: Input = Input::Move(muscleman_core::GridDir::Up);
