//! A solver for Muscleman and Sokoban levels.
//!
//! [`solve`] searches a [`Problem`] under [`SolveOptions`] and returns a
//! [`SolveOutcome`]: a [`Solution`] (LURD moves, pushes in upper case), a
//! proof that none exists, or a limit that stopped it. Every solution is
//! replayed through the real sim (`muscleman_sim::step_with`) before it is
//! returned; one that does not replay to solved is a [`SolveError`], never a
//! solution.
//!
//! # How it searches
//! - **States** are push-level: the sorted box cells plus the player's
//!   region, named by its smallest cell (in moves mode, the exact player
//!   cell). A Zobrist hash keys a transposition table whose bytes, with the
//!   node arena and the open list, are counted against `memory_mb`.
//! - **Successors** are every push the player can reach ([`Position::pushes`]
//!   exposes the same function; a property test holds it and the step
//!   function against the sim). A push moves the maximal chain of boxes in
//!   front of the player when it is at most `max_chain` long and the cell
//!   beyond is not a wall; one push counts as one push whatever the chain's
//!   length, and only the nearest box's cell empties and the cell beyond the
//!   far end fills.
//! - **Lower bound**: a minimum-cost matching (Hungarian method) of goals to
//!   boxes on lone-box push distances. Under Sokoban rules each push moves
//!   one box one cell, so the matching is admissible. Under chain rules one
//!   push may move `k` boxes, so optimal modes use
//!   `max(ceil(matching / k_max), max over goals of the nearest box's
//!   distance)`, which stays admissible.
//! - **Deadlocks** (only when boxes and goals are equal in number; a spare
//!   box may rest anywhere): dead squares, found by reverse pulls of a lone
//!   box, are sound under chain rules too, because whatever pushes a box
//!   (the player or the box behind it) stands on the non-wall cell behind
//!   it, exactly the lone-box condition. Freeze deadlocks (a box blocked on
//!   both axes by walls, dead-square pairs or other frozen boxes, one of them
//!   off goal) use box-against-box blocking only under Sokoban rules: with
//!   chains two touching boxes can move together, so there only walls and
//!   dead-square pairs block. A position where some goal can reach no box
//!   (the matching is infinite) is pruned in every mode.
//! - **Search**: A* with ties broken toward deeper nodes for
//!   [`Optimize::Pushes`] and [`Optimize::Moves`] (the bound is consistent,
//!   so the first solved node taken off the open list is optimal); greedy
//!   best-first on the bound for [`Optimize::Fast`].
//! - **Threads**: the search is single-threaded for now; `threads` is
//!   accepted and ignored, so runs are deterministic.
//!
//! # Level edges and goals
//! Cells outside the level's rectangle are walls to the solver; the sim's
//! grid is unbounded, so on open levels ([`Problem::is_enclosed`] is false)
//! "unsolvable" means unsolvable inside the rectangle. A level without goals
//! is never solved (rules.md §7): it is reported
//! [`UnsolvableReason::NoGoals`]; fewer boxes than goals is
//! [`UnsolvableReason::TooFewBoxes`].
//!
//! # Example
//! ```
//! use muscleman_sim::Rules;
//! use muscleman_solver::{Optimize, Problem, SolveOptions, SolveOutcome, solve};
//!
//! let level = Problem::from_xsb("#######\n#@ $ .#\n#######")?;
//! let opts = SolveOptions { rules: Rules::SOKOBAN, optimize: Optimize::Pushes, ..Default::default() };
//! match solve(&level, &opts)? {
//!     SolveOutcome::Solved(s) => assert_eq!(s.moves, "rRR"),
//!     other => panic!("{other:?}"),
//! }
//! # Ok::<(), muscleman_solver::SolveError>(())
//! ```

mod board;
mod error;
mod hungarian;
mod moves;
mod options;
mod position;
mod problem;
mod replay;
mod search;

pub use error::{ProblemError, SolveError};
pub use options::{
    GiveUpReason, Optimize, Progress, Solution, SolveOptions, SolveOutcome, Stats, UnsolvableReason,
};
pub use position::{Position, Push};
pub use problem::{
    BoxKind, CollectionLevel, MAX_PADDED_CELLS, Problem, WallKind, parse_collection,
};
pub use replay::{Replay, replay};

use board::Board;
use search::{Search, SearchEnd};

/// Search `problem` under `options`; see the crate docs.
pub fn solve(problem: &Problem, options: &SolveOptions) -> Result<SolveOutcome, SolveError> {
    solve_with_progress(problem, options, &mut |_| {})
}

/// Like [`solve`], calling `progress` about twice a second while it searches.
pub fn solve_with_progress(
    problem: &Problem,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SolveOutcome, SolveError> {
    let board = Board::new(problem, &options.rules)?;
    if problem.goals.is_empty() {
        return Ok(SolveOutcome::Unsolvable {
            reason: UnsolvableReason::NoGoals,
            stats: Stats::default(),
        });
    }
    if problem.boxes.len() < problem.goals.len() {
        return Ok(SolveOutcome::Unsolvable {
            reason: UnsolvableReason::TooFewBoxes {
                boxes: problem.boxes.len(),
                goals: problem.goals.len(),
            },
            stats: Stats::default(),
        });
    }
    let mut search = Search::new(&board, options);
    let end = search.run(progress);
    let stats = search.stats;
    match end {
        SearchEnd::Found { moves, optimal } => {
            let r = replay(problem, &options.rules, &moves)?;
            if !r.solved {
                return Err(SolveError::ReplayMismatch {
                    detail: format!("after {} moves the level is not solved", r.moves),
                });
            }
            Ok(SolveOutcome::Solved(Solution {
                pushes: r.pushes,
                move_count: r.moves,
                moves,
                optimal,
                stats,
            }))
        }
        SearchEnd::Exhausted => Ok(SolveOutcome::Unsolvable {
            reason: UnsolvableReason::Exhausted,
            stats,
        }),
        SearchEnd::GaveUp(reason) => Ok(SolveOutcome::GaveUp { reason, stats }),
    }
}
