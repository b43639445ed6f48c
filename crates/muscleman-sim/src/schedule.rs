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

use crate::context::StepContext;
use crate::line::{ANY_INPUT, MOVE, Phase, SystemEntry, input_bit, system};
use crate::motion::Motion;
use crate::needs::{NEED_BITS, NeedBits};
use crate::registry::{EMITTERS, nth_line, same_name};
use crate::world::WorldError;

/// How many schedule lines the mechanics declare.
const LINES: usize = {
    let mut n = 0;
    while nth_line(n).is_some() {
        n += 1;
    }
    n
};

/// Every system, in the order a step runs them: the mechanics' lines in
/// registration order, stably sorted by phase.
pub(crate) const SCHEDULE: [SystemEntry; LINES] = {
    let filler = system(Phase::Emit, "", |_| Ok(()));
    let mut table = [filler; LINES];
    let mut n = 0;
    while let Some((mechanic, line)) = nth_line(n) {
        // Insert after every line of an earlier or equal phase, with the
        // motions its mechanic declares.
        let mut entry = *line;
        entry.motions |= Motion::bits(mechanic.motions);
        let mut at = n;
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below LINES"
        )]
        {
            while at > 0 && table[at - 1].phase as u8 > entry.phase as u8 {
                table[at] = table[at - 1];
                at -= 1;
            }
            table[at] = entry;
        }
        n += 1;
    }
    table
};

/// The needs of the lines that read the change list: a step keeps the list
/// exactly when one of them holds, by the same rule in tests and release.
pub(crate) const REACTIVE: NeedBits = {
    let mut needs = 0;
    let mut lines: &[SystemEntry] = &SCHEDULE;
    while let [line, more @ ..] = lines {
        if line.reads_changes {
            needs |= line.needs.bit();
        }
        lines = more;
    }
    needs
};

/// Whether any scheduled system reads the change list (every line's need
/// has a bit).
pub(crate) const TRACK_CHANGES: bool = REACTIVE != 0;

// The schedule runs its phases in order: a compile-time check.
const _: () = {
    let mut lines: &[SystemEntry] = &SCHEDULE;
    while let [line, more @ ..] = lines {
        if let [next, ..] = more {
            assert!(
                line.phase as u8 <= next.phase as u8,
                "the schedule's phases are out of order"
            );
        }
        lines = more;
    }
};

/// Iterate over the systems a step runs, in order, as (phase, system) names:
/// the schedule's lines, then the emit hooks (named by their mechanic).
///
/// # Example
/// ```
/// let systems: Vec<_> = muscleman_sim::systems().collect();
/// assert_eq!(systems.first(), Some(&("player", "walk")));
/// ```
pub fn systems() -> impl Iterator<Item = (&'static str, &'static str)> {
    SCHEDULE
        .iter()
        .map(|s| (s.phase.name(), s.name))
        .chain(EMITTERS.iter().map(|(_, name)| (Phase::Emit.name(), *name)))
}

/// Iterate over the phases of a step, in order, by name (rules.md §4:
/// player action, actors, environment, cleanup, emit).
///
/// # Example
/// ```
/// let phases: Vec<_> = muscleman_sim::phases().collect();
/// assert_eq!(phases, ["player", "actors", "environment", "cleanup", "emit"]);
/// ```
pub fn phases() -> impl Iterator<Item = &'static str> {
    Phase::ALL.into_iter().map(Phase::name)
}

/// The schedule's lines as a bit set (bit `i` is `SCHEDULE[i]`).
type Lines = u32;

// Every line has a bit: a compile-time check.
const _: () = assert!(SCHEDULE.len() <= Lines::BITS as usize);

/// Return the lines that act on one of the `inputs` kinds (as
/// [`input_bit`]s) and wait on one of the `needs` (as bits).
const fn lines_on(inputs: u8, needs: NeedBits) -> Lines {
    let mut found = 0;
    let mut i = 0;
    let mut lines: &[SystemEntry] = &SCHEDULE;
    while let [line, more @ ..] = lines {
        if line.inputs & inputs != 0 && line.needs.bit() & needs != 0 {
            found |= 1 << i;
        }
        i += 1;
        lines = more;
    }
    found
}

/// By input kind (the bit index of [`input_bit`]), the lines that act on it.
const ON_INPUT: [Lines; 8] = {
    let mut table = [0; 8];
    let mut k = 0;
    while k < 8 {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        {
            table[k] = lines_on(1 << k, NeedBits::MAX);
        }
        k += 1;
    }
    table
};

/// How many need bits the first table below covers: up to 8, so it stays
/// 256 entries at most.
const LOW_BITS: usize = if NEED_BITS < 8 { NEED_BITS } else { 8 };
/// How many need bits the second table covers: the rest.
const HIGH_BITS: usize = NEED_BITS - LOW_BITS;

// Two tables of 256 entries cover every need: a compile-time check.
const _: () = assert!(NEED_BITS <= 16);

/// By set of the needs whose bits are `shift..shift + bits` that hold (as
/// bits from 0), the lines whose need is among them.
const fn lines_by_needs<const N: usize>(shift: usize) -> [Lines; N] {
    let mut table = [0; N];
    let mut met = 0;
    while met < N {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        {
            // Below `1 << HIGH_BITS` or `1 << LOW_BITS`, shifted within the
            // need bits.
            table[met] = lines_on(ANY_INPUT, (met << shift) as NeedBits);
        }
        met += 1;
    }
    table
}

/// By set of the first [`LOW_BITS`] [`Needs`](crate::needs::Needs) bits
/// that hold, the lines whose need is among them.
const ON_NEEDS_LOW: [Lines; 1 << LOW_BITS] = lines_by_needs(0);
/// The same by set of the other need bits that hold.
const ON_NEEDS_HIGH: [Lines; 1 << HIGH_BITS] = lines_by_needs(LOW_BITS);

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
    let mut met = ctx.met();
    let mut todo = on_input & needs_lines(met);
    while todo != 0 {
        let i = todo.trailing_zeros();
        let Some(entry) = SCHEDULE.get(i as usize) else {
            break;
        };
        #[cfg(debug_assertions)]
        ctx.running(entry.name, entry.motions);
        (entry.run)(ctx)?;
        if ctx.has_commands() {
            ctx.apply_commands()?;
        }
        // The lines after this one whose needs hold now: the same lines
        // unless a need changed (looked up again only then).
        let later = Lines::MAX.checked_shl(i + 1).unwrap_or(0);
        if ctx.met() == met {
            todo &= later;
        } else {
            met = ctx.met();
            todo = on_input & needs_lines(met) & later;
        }
    }
    Ok(())
}

/// By set of [`Needs`](crate::needs::Needs) met, whether a move runs one
/// line of the schedule, the walk, and no other (the emit hooks aside):
/// worked out at compile time, so a step asks it with one read.
pub(crate) const MOVE_RUNS_WALK_ALONE: [bool; 1 << NEED_BITS] = {
    let mut table = [false; 1 << NEED_BITS];
    let mut met = 0;
    while met < table.len() {
        // Below `1 << NEED_BITS`: every need bit fits `NeedBits`.
        let todo = lines_on(input_bit(MOVE), met as NeedBits);
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the lengths"
        )]
        {
            table[met] = todo.count_ones() == 1
                && same_name(SCHEDULE[todo.trailing_zeros() as usize].name, "walk");
        }
        met += 1;
    }
    table
};

/// Return the lines whose need is among the `met` bits (every bit of `met`
/// is a [`Needs`](crate::needs::Needs), so its parts index the tables).
#[inline]
fn needs_lines(met: NeedBits) -> Lines {
    let met = usize::from(met);
    let low = ON_NEEDS_LOW
        .get(met & ((1 << LOW_BITS) - 1))
        .copied()
        .unwrap_or(0);
    let high = ON_NEEDS_HIGH.get(met >> LOW_BITS).copied().unwrap_or(0);
    low | high
}

#[cfg(test)]
mod tests {
    //! The compile-time tables against the same facts worked out plainly at
    //! run time from the mechanics' declarations.

    use super::*;
    use crate::mechanics::MECHANICS;
    use crate::needs::Needs;

    /// What a line is, but its function.
    type Line = (Phase, &'static str, u8, Needs, bool, u8);

    /// The lines as a step runs them, worked out plainly: every mechanic's
    /// lines in registration order, with its motions, stably sorted by phase.
    fn lines() -> Vec<Line> {
        let mut lines: Vec<Line> = MECHANICS
            .iter()
            .flat_map(|m| {
                let motions = m.motions.iter().fold(0, |bits, motion| bits | motion.bit());
                m.systems
                    .iter()
                    .map(move |s| (s.phase, s.name, s.inputs, s.needs, s.reads_changes, motions))
            })
            .collect();
        lines.sort_by_key(|line| line.0);
        lines
    }

    /// The bit set of the lines for which `keep` holds.
    fn lines_where(keep: impl Fn(&Line) -> bool) -> Lines {
        lines()
            .iter()
            .enumerate()
            .filter(|(_, line)| keep(line))
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    #[test]
    fn the_schedule_is_every_line_stably_sorted_by_phase() {
        let schedule: Vec<Line> = SCHEDULE
            .iter()
            .map(|s| {
                (
                    s.phase,
                    s.name,
                    s.inputs,
                    s.needs,
                    s.reads_changes,
                    s.motions,
                )
            })
            .collect();
        assert_eq!(schedule, lines());
        assert_eq!(LINES, lines().len());
    }

    #[test]
    fn the_change_list_is_kept_for_the_needs_of_the_lines_that_read_it() {
        let readers: Vec<Line> = lines().into_iter().filter(|line| line.4).collect();
        assert_eq!(TRACK_CHANGES, !readers.is_empty());
        let needs = readers.iter().fold(0, |bits, line| bits | line.3.bit());
        assert_eq!(REACTIVE, needs);
    }

    #[test]
    fn each_input_kind_runs_the_lines_that_act_on_it() {
        for (k, on_input) in ON_INPUT.iter().enumerate() {
            assert_eq!(*on_input, lines_where(|line| line.2 & 1 << k != 0), "{k}");
        }
    }

    #[test]
    fn each_set_of_needs_met_runs_the_lines_that_need_one_of_them() {
        for met in 0..1 << NEED_BITS {
            let needed = lines_where(|line| line.3.bit() & met != 0);
            assert_eq!(needs_lines(met), needed, "{met:b}");
            let on_move = lines_where(|line| line.2 & input_bit(MOVE) != 0) & needed;
            let walk_alone =
                on_move.count_ones() == 1 && lines()[on_move.trailing_zeros() as usize].1 == "walk";
            assert_eq!(
                MOVE_RUNS_WALK_ALONE[usize::from(met)],
                walk_alone,
                "{met:b}"
            );
        }
    }
}
