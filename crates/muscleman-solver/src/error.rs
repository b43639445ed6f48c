//! Errors: bad problems, and solutions the sim does not accept.

use muscleman_core::{EntityRecipe, EntitySpec, GridPos};

/// Why a problem cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    /// The level has no rows or no columns.
    #[error("the level is empty")]
    Empty,
    /// The level is too large for the solver (more than 65,000 cells with the
    /// border, or a goal-distance table over 1 GiB).
    #[error("the level is too large ({width}×{height})")]
    TooLarge {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// Something stands outside the level's rectangle.
    #[error("{at} lies outside the level")]
    OutOfBounds {
        /// The cell.
        at: GridPos,
    },
    /// Two things that block movement (walls, boxes, the player) share a cell.
    #[error("two blockers share cell {at}")]
    Overlap {
        /// The cell.
        at: GridPos,
    },
    /// The level has several floors: the push search plays one grid, so
    /// it does not search such a level (the general search, over the sim's
    /// own states, does).
    #[error(
        "the push search plays one floor and this level has {floors}; it is searched over the sim's states instead"
    )]
    Floors {
        /// How many floors the level has.
        floors: usize,
    },
    /// The level has no player.
    #[error("the level has no player")]
    NoPlayer,
    /// The level has a second player.
    #[error("a second player at {at}")]
    TwoPlayers {
        /// Where the second one stands.
        at: GridPos,
    },
    /// The level holds something the solver does not model yet.
    #[error("the solver does not handle {recipe} (at {at})")]
    UnsupportedRecipe {
        /// The recipe.
        recipe: EntityRecipe,
        /// Where it stands.
        at: GridPos,
    },
    /// The level holds a recipe in a state (`HeavyBox:sunk`, an open door)
    /// or a box with contents, which the solver does not model yet.
    #[error("the solver does not handle {spec} (at {at})")]
    UnsupportedSpec {
        /// What the level says.
        spec: EntitySpec,
        /// Where it stands.
        at: GridPos,
    },
    /// The level holds something the push search does not model (water,
    /// [`crate::Unmodelled`]): it has no board or
    /// position, and [`crate::solve`] gives up on it without searching.
    #[error("the search does not model {what} (at {at})")]
    Unmodelled {
        /// What it does not model.
        what: crate::Unmodelled,
        /// The first cell, in reading order, that holds it.
        at: GridPos,
    },
    /// The level text cannot be read (the level crate's errors, with line
    /// and column).
    #[error("{message}")]
    Level {
        /// The level crate's message.
        message: String,
    },
}

/// Why a search failed (not "no solution", which is a [`crate::SolveOutcome`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The problem is not valid.
    #[error(transparent)]
    Problem(#[from] ProblemError),
    /// The level cannot be loaded into the sim, or the sim failed a step of
    /// the search (a bug, reported, never a verdict).
    #[error("{message}")]
    Level {
        /// What went wrong.
        message: String,
    },
    /// The sim did not accept a move of the solution (a solver bug; never printed).
    #[error("replay: move {index} ({input:?}) failed in the sim: {message}")]
    ReplayStep {
        /// 0-based index of the move in the solution.
        index: usize,
        /// The move's letter.
        input: char,
        /// The sim's error.
        message: String,
    },
    /// A move letter that is not one of `udlrUDLR`.
    #[error("replay: move {index} is {input:?}, not one of udlrUDLR")]
    BadMove {
        /// 0-based index.
        index: usize,
        /// The letter.
        input: char,
    },
    /// A timeout was asked for without a clock to measure it
    /// ([`SolveOptions::clock`](crate::SolveOptions::clock) is `None`).
    #[error("a timeout needs a clock, and the options have none")]
    NoClock,
    /// The solution replayed in the sim does not solve the level, or its
    /// pushes do not match its upper-case letters (a solver bug; never printed).
    #[error("replay: the solution does not solve the level in the sim ({detail})")]
    ReplayMismatch {
        /// What differed.
        detail: String,
    },
}

/// Refuse a timeout without a clock to read it on.
pub(crate) fn check_clock(options: &crate::SolveOptions) -> Result<(), SolveError> {
    if options.timeout.is_some() && options.clock.is_none() {
        return Err(SolveError::NoClock);
    }
    Ok(())
}
