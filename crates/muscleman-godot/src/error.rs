//! Why the adapter refused a request.

use muscleman_level::ParseErrors;
use muscleman_sim::{LevelLoadError, SaveError, StepError};

/// Why the adapter refused a request. Nothing changes when it does.
#[derive(Debug, thiserror::Error)]
pub enum AdapterError {
    /// The level text did not read.
    #[error("the level does not read: {0}")]
    Parse(#[from] ParseErrors),
    /// A level file did not read: the terminal's message, every parse
    /// error placed (`NAME:LINE:COL: ...`).
    #[error("{0}")]
    File(String),
    /// The text held no level of that number.
    #[error("no level {number}: the text holds {count}")]
    NoLevel {
        /// The number asked for, from 0.
        number: usize,
        /// How many levels the text holds.
        count: usize,
    },
    /// No built-in collection of that number.
    #[error("no collection {number}: there are {count}")]
    NoCollection {
        /// The number asked for, from 0.
        number: usize,
        /// How many built-in collections there are.
        count: usize,
    },
    /// A level number below 0.
    #[error("no level {0}: levels are numbered from 0")]
    NegativeLevel(i64),
    /// The level read but the sim cannot play it.
    #[error("the level cannot be played: {0}")]
    Load(#[from] LevelLoadError),
    /// The sim refused a step (its world is broken; it is unchanged).
    #[error("the step failed: {0}")]
    Step(#[from] StepError),
    /// A save did not load.
    #[error("the save does not load: {0}")]
    Save(#[from] SaveError),
    /// No level is loaded yet.
    #[error("no level is loaded")]
    NoGame,
    /// An action name the sim does not know.
    #[error("unknown action {0:?}")]
    UnknownAction(String),
    /// A move vector that is not one of the four unit steps.
    #[error("({x}, {y}) is not a direction: use (0, -1), (1, 0), (0, 1) or (-1, 0)")]
    NotADirection {
        /// Its x.
        x: i64,
        /// Its y.
        y: i64,
    },
    /// A MOVES string with a letter that names no command.
    #[error("unknown move {letter:?} at character {at}")]
    BadMove {
        /// The letter.
        letter: char,
        /// Its place in the string, from 0.
        at: usize,
    },
}
