//! The step schedule: every system, in the order a step runs them.
//!
//! A system is a plain function over one [`StepContext`]. Each mechanic
//! declares its systems with their schedule lines in its own module
//! (`mechanics/`); [`SCHEDULE`] gathers them at compile time, by phase
//! (rules.md §4: player action, actors, environment, cleanup, emit) and,
//! within a phase, in the order the mechanics are registered, which is the
//! order of the rules. [`systems`] lists the whole schedule in order.
//!
//! Between two systems the step applies the deferred spawns and destroys the
//! first one queued (see [`Commands`](crate::context::Commands)), so every
//! later system sees their result.

use muscleman_core::Input;

use crate::context::StepContext;
use crate::mechanics::MECHANICS;
use crate::world::WorldError;

/// The phases of a step, in order (rules.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Phase {
    /// The player's input: walk, push, grab, drop, swing.
    Player,
    /// Entities with a brain act (none yet).
    #[expect(dead_code, reason = "no actor exists yet")]
    Actors,
    /// Collect, sink, switches, doors: the world answers what moved.
    Environment,
    /// Release what the step used up.
    Cleanup,
    /// Last touches to the batch of events.
    Emit,
}

impl Phase {
    /// Return the phase's name (`"environment"`).
    const fn name(self) -> &'static str {
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
}

/// When a system can have anything to do, as a bit: the step keeps the
/// bits of what holds now ([`StepContext::met`]) and calls a system only if
/// its bit is among them, so a step pays only for the rules it touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Needs {
    /// Always.
    Always = 1,
    /// The player holds something.
    Holding = 1 << 1,
    /// The player's hands are empty.
    EmptyHands = 1 << 2,
    /// The world has water.
    Water = 1 << 3,
    /// The world has a collectible.
    Collectibles = 1 << 4,
    /// The world has a switch or a door.
    Switches = 1 << 5,
}

impl Needs {
    /// Every need, in bit order.
    pub(crate) const ALL: [Needs; 6] = [
        Needs::Always,
        Needs::Holding,
        Needs::EmptyHands,
        Needs::Water,
        Needs::Collectibles,
        Needs::Switches,
    ];
}

/// How many need bits there are: the table of lines by needs met has
/// `1 << NEED_BITS` entries.
const NEED_BITS: usize = Needs::ALL.len();

// Every need is one bit below `NEED_BITS`, in order, and the bits fit the
// `u8` they are kept in: a compile-time check, so a new need cannot be
// silently skipped.
const _: () = {
    assert!(NEED_BITS <= u8::BITS as usize);
    let mut i = 0;
    while i < NEED_BITS {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        let bit = Needs::ALL[i] as usize;
        assert!(bit == 1 << i, "the needs are not one bit each, in order");
        i += 1;
    }
};

/// Every input.
const ANY_INPUT: u8 = u8::MAX;

/// Return the bit of an input's kind in [`SystemEntry::inputs`].
#[inline]
const fn input_bit(input: Input) -> u8 {
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
    }
}

/// This line, run only when `needs` is met.
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
    }
}

/// Any move (the kind is what a schedule line names).
pub(crate) const MOVE: Input = Input::Move(muscleman_core::GridDir::Up);

/// How many schedule lines the mechanics declare.
const LINES: usize = {
    let mut n = 0;
    let mut m = 0;
    while m < MECHANICS.len() {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        let systems = MECHANICS[m].systems;
        n += systems.len();
        m += 1;
    }
    n
};

/// Every system, in the order a step runs them: the mechanics' lines in
/// registration order, stably sorted by phase.
pub(crate) const SCHEDULE: [SystemEntry; LINES] = {
    let filler = system(Phase::Emit, "", |_| Ok(()));
    let mut table = [filler; LINES];
    let mut n = 0;
    let mut m = 0;
    while m < MECHANICS.len() {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the lengths"
        )]
        let systems = MECHANICS[m].systems;
        let mut s = 0;
        while s < systems.len() {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below the lengths"
            )]
            {
                // Insert after every line of an earlier or equal phase.
                let entry = systems[s];
                let mut at = n;
                while at > 0 && table[at - 1].phase as u8 > entry.phase as u8 {
                    table[at] = table[at - 1];
                    at -= 1;
                }
                table[at] = entry;
            }
            n += 1;
            s += 1;
        }
        m += 1;
    }
    table
};

/// Whether any scheduled system reads the change list.
pub(crate) const TRACK_CHANGES: bool = {
    let mut i = 0;
    let mut any = false;
    while i < SCHEDULE.len() {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        let reads = SCHEDULE[i].reads_changes;
        any |= reads;
        i += 1;
    }
    any
};

/// The needs of the lines that read the change list: a step keeps the list
/// exactly when one of them holds, by the same rule in tests and release.
pub(crate) const REACTIVE: u8 = {
    let mut i = 0;
    let mut needs = 0;
    while i < SCHEDULE.len() {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        let line = SCHEDULE[i];
        if line.reads_changes {
            needs |= line.needs as u8;
        }
        i += 1;
    }
    needs
};

// The schedule runs its phases in order: a compile-time check.
const _: () = {
    let mut i = 1;
    while i < SCHEDULE.len() {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        let (before, after) = (SCHEDULE[i - 1].phase as u8, SCHEDULE[i].phase as u8);
        assert!(before <= after, "the schedule's phases are out of order");
        i += 1;
    }
};

/// Iterate over the systems a step runs, in order, as (phase, system) names.
///
/// # Example
/// ```
/// let systems: Vec<_> = muscleman_sim::systems().collect();
/// assert_eq!(systems.first(), Some(&("player", "walk")));
/// ```
pub fn systems() -> impl Iterator<Item = (&'static str, &'static str)> {
    SCHEDULE.iter().map(|s| (s.phase.name(), s.name))
}

/// The schedule's lines as a bit set (bit `i` is `SCHEDULE[i]`).
type Lines = u32;

// Every line has a bit: a compile-time check.
const _: () = assert!(SCHEDULE.len() <= Lines::BITS as usize);

/// By input kind (the bit index of [`input_bit`]), the lines that act on it.
const ON_INPUT: [Lines; 8] = {
    let mut table = [0; 8];
    let mut k = 0;
    while k < 8 {
        let mut i = 0;
        while i < SCHEDULE.len() {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below the lengths"
            )]
            if SCHEDULE[i].inputs & (1 << k) != 0 {
                table[k] |= 1 << i;
            }
            i += 1;
        }
        k += 1;
    }
    table
};

/// By set of [`Needs`] bits that hold, the lines whose need is among them.
const ON_NEEDS: [Lines; 1 << NEED_BITS] = {
    let mut table = [0; 1 << NEED_BITS];
    let mut met = 0;
    while met < 1 << NEED_BITS {
        let mut i = 0;
        while i < SCHEDULE.len() {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below the lengths"
            )]
            if SCHEDULE[i].needs as usize & met != 0 {
                table[met] |= 1 << i;
            }
            i += 1;
        }
        met += 1;
    }
    table
};

/// Run, in order, every system of [`SCHEDULE`] that acts on the step's
/// input and whose need holds, applying deferred commands after each. The
/// needs are looked at again after each system runs (a grab makes the
/// hands full), so a step visits only the lines it runs.
#[inline]
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let on_input = ON_INPUT
        .get(input_bit(ctx.input).trailing_zeros() as usize)
        .copied()
        .unwrap_or(0);
    let mut todo = on_input & needs_lines(ctx.met());
    while todo != 0 {
        let i = todo.trailing_zeros();
        let Some(entry) = SCHEDULE.get(i as usize) else {
            break;
        };
        (entry.run)(ctx)?;
        if ctx.has_commands() {
            ctx.apply_commands()?;
        }
        // The lines after this one whose needs hold now.
        let later = Lines::MAX.checked_shl(i + 1).unwrap_or(0);
        todo = on_input & needs_lines(ctx.met()) & later;
    }
    Ok(())
}

/// Return the lines whose need is among the `met` bits (every bit of `met`
/// is a [`Needs`], so it indexes the table).
#[inline]
fn needs_lines(met: u8) -> Lines {
    ON_NEEDS.get(usize::from(met)).copied().unwrap_or(0)
}
