//! The fast push search's entry points: [`solve`] and
//! [`solve_with_progress`] on a [`Problem`] (see the crate docs).

use muscleman_sim::Rules;

use crate::board::{self, Board};
use crate::boundary::Boundary;
use crate::error::SolveError;
use crate::options::{
    GiveUpReason, Progress, Solution, SolveOptions, SolveOutcome, Stats, UnsolvableReason,
    pushes_are_complete,
};
use crate::portfolio::{self, run_searches};
use crate::problem::Problem;
use crate::replay::replay;
use crate::search::SearchEnd;

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
    crate::error::check_clock(options)?;
    problem.check()?;
    // Two proofs hold under every rule and whatever else the level holds,
    // so they come before giving up on what the search does not model. No
    // goals: a level without goals is never solved (rules.md §4). Fewer boxes
    // than goals: no rule makes a box (a smashed box's contents are keys,
    // hammers and collectibles; a sunk heavy box counts on no goal), while
    // smashing and sinking only take boxes away, so some goal stays empty.
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
    // What the push search does not model changes what moves
    // are legal and what solves a level: a push search over such a level
    // could print a false solution or a false proof, so it is not run.
    if let Some((what, at)) = problem.unmodelled() {
        return Ok(SolveOutcome::GaveUp {
            reason: GiveUpReason::Unmodelled { what, at },
            stats: Stats::default(),
        });
    }
    if board::table_bytes(problem) > options.memory_mb.saturating_mul(1 << 20) {
        return Ok(SolveOutcome::GaveUp {
            reason: GiveUpReason::Memory,
            stats: Stats::default(),
        });
    }
    let board = Board::new(problem, &options.rules)?;
    let sub = if portfolio::sub_game(&board, options) {
        Some(Board::new(problem, &Rules::SOKOBAN)?)
    } else {
        None
    };
    let (end, stats) = run_searches(&board, sub.as_ref(), options, progress);
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
        SearchEnd::Exhausted => match problem.boundary() {
            // Beyond the edge the sim has floor the search never tried.
            Boundary::Open { edge } => Ok(SolveOutcome::GaveUp {
                reason: GiveUpReason::OpenLevel { edge },
                stats,
            }),
            // Under rules with grabbing, pulling and swings, boxes move in
            // ways this search never tried: running out of pushes proves
            // nothing.
            Boundary::Enclosed if !pushes_are_complete(&options.rules) => {
                Ok(SolveOutcome::GaveUp {
                    reason: GiveUpReason::PushesOnly,
                    stats,
                })
            }
            Boundary::Enclosed => Ok(SolveOutcome::Unsolvable {
                reason: UnsolvableReason::Exhausted,
                stats,
            }),
        },
        SearchEnd::GaveUp(reason) => Ok(SolveOutcome::GaveUp { reason, stats }),
    }
}
