//! The step schedule: every system, in the order a step runs them.
//!
//! A system is a plain function over one [`StepContext`]. [`SCHEDULE`] lists
//! them by phase (rules.md §4: player action, actors, environment, cleanup,
//! emit); within a phase, in the order of the rules. Adding a mechanic is one
//! file in `systems/` and one line here.
//!
//! Between two systems the step applies the deferred spawns and destroys the
//! first one queued (see [`Commands`](crate::context::Commands)), so every
//! later system sees their result.

use crate::context::StepContext;
use crate::systems::{carry, cleanup, collect, doors, grab, plates, sink, swing, walk};
use crate::world::WorldError;

/// The phases of a step, in order (rules.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Phase {
    /// The player's input: walk, push, grab, drop, swing.
    Player,
    /// Entities with a brain act (none yet).
    #[expect(dead_code, reason = "no actor exists yet")]
    Actors,
    /// Collect, sink, plates, doors: the world answers what moved.
    Environment,
    /// Release what the step used up.
    Cleanup,
    /// Last touches to the batch of events.
    #[expect(dead_code, reason = "no emit rule exists yet")]
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

/// One line of the schedule.
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
}

/// A system that acts on the input and the world as they are.
const fn system(phase: Phase, name: &'static str, run: System) -> SystemEntry {
    SystemEntry {
        phase,
        name,
        run,
        reads_changes: false,
    }
}

/// A system that looks only at what changed in this step (the
/// environment's systems): the step keeps its change list for it.
const fn reacting(phase: Phase, name: &'static str, run: System) -> SystemEntry {
    SystemEntry {
        phase,
        name,
        run,
        reads_changes: true,
    }
}

/// Every system, in the order a step runs them.
pub(crate) const SCHEDULE: &[SystemEntry] = &[
    system(Phase::Player, "walk", walk::run),
    system(Phase::Player, "carry", carry::run),
    system(Phase::Player, "grab", grab::run),
    system(Phase::Player, "swing", swing::run),
    #[cfg(test)]
    reacting(Phase::Environment, "glow", crate::systems::glow::run),
    reacting(Phase::Environment, "collect", collect::run),
    reacting(Phase::Environment, "sink", sink::run),
    reacting(Phase::Environment, "plates", plates::run),
    reacting(Phase::Environment, "doors", doors::run),
    system(Phase::Cleanup, "cleanup", cleanup::run),
];

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

/// Run every system of `schedule` in order, applying deferred commands after
/// each.
#[inline]
pub(crate) fn run(schedule: &[SystemEntry], ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    for entry in schedule {
        (entry.run)(ctx)?;
        if ctx.has_commands() {
            ctx.apply_commands()?;
        }
    }
    Ok(())
}
