//! Moves played back on the board, one a tick: the moves, how far they
//! are played, and how fast.

use std::time::Duration;

use muscleman_sim::Command;

/// The playback speeds, in moves a second; the default is the third.
pub const SPEEDS: [u32; 7] = [2, 5, 10, 20, 40, 80, 160];
const DEFAULT_SPEED: usize = 2;

/// Moves being played back on the board, one per tick.
#[derive(Clone, Debug)]
pub struct Playback {
    /// The commands still to play, in order.
    pub(crate) commands: Vec<Command>,
    /// How many are played.
    pub(crate) done: usize,
    /// Where the moves came from, for the status line.
    pub(crate) what: String,
}

/// The playback, if one runs, and its speed (kept from one to the next).
#[derive(Debug)]
pub(crate) struct Playing {
    /// The moves being played back, if any.
    pub(crate) current: Option<Playback>,
    /// The speed, an index into [`SPEEDS`].
    pub(crate) speed: usize,
}

impl Playing {
    /// No playback, at the default speed.
    pub(crate) fn new() -> Playing {
        Playing {
            current: None,
            speed: DEFAULT_SPEED,
        }
    }

    /// Return the speed in moves a second.
    pub(crate) fn per_second(&self) -> u32 {
        SPEEDS.get(self.speed).copied().unwrap_or(10)
    }

    /// Return the time between two played-back moves.
    pub(crate) fn tick_interval(&self) -> Duration {
        Duration::from_millis(1000 / u64::from(self.per_second().max(1)))
    }

    /// Go `by` speeds faster (slower when negative), within [`SPEEDS`].
    pub(crate) fn change_speed(&mut self, by: isize) {
        let last = SPEEDS.len() - 1;
        self.speed = self.speed.saturating_add_signed(by).min(last);
    }

    /// Start playing `commands` back, described as `what`.
    pub(crate) fn start(&mut self, commands: Vec<Command>, what: &str) {
        self.current = Some(Playback {
            commands,
            done: 0,
            what: what.to_owned(),
        });
    }
}
