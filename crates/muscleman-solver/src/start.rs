//! Where a solve starts, and how a general search's end becomes an
//! outcome: a level's start or a game's position, the fast push search
//! first where it covers the rules (see the crate docs).

use muscleman_level::Level;
use muscleman_sim::{Game, Holding, Trail};

use crate::error::SolveError;
use crate::general;
use crate::options::{
    GiveUpReason, Optimize, Progress, Solution, SolveOptions, SolveOutcome, Stats,
    UnsolvableReason, pushes_are_complete,
};
use crate::portfolio::total;
use crate::problem::Problem;
use crate::solve::solve_with_progress;

/// Solve from `game`'s position if given (played from `level`), else from
/// `level`'s start: see [`solve_level`] and [`solve_game`].
pub(crate) fn solve_from(
    level: &Level,
    game: Option<&Game>,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SolveOutcome, SolveError> {
    crate::error::check_clock(options)?;
    let started = options.now();
    // Two proofs that hold under every rule (see `solve_with_progress`).
    let (goals, boxes) = match game {
        None => general::goals_and_boxes(level),
        Some(game) => general::goals_and_boxes_now(level, game.world()),
    };
    if goals == 0 {
        return Ok(SolveOutcome::Unsolvable {
            reason: UnsolvableReason::NoGoals,
            stats: Stats::default(),
        });
    }
    if boxes < goals {
        return Ok(SolveOutcome::Unsolvable {
            reason: UnsolvableReason::TooFewBoxes { boxes, goals },
            stats: Stats::default(),
        });
    }
    // The fast push search takes a level: the game's position printed as
    // one while nothing is held (its solutions read no Facing), else none.
    let printed;
    let push_level = match game {
        None => Some(level),
        Some(game) if holds(game) => None,
        Some(game) => {
            printed = game.current_level().ok();
            printed.as_ref()
        }
    };
    // The proofs by counting, before any search: they hold under every
    // rule, from the position as printed (see `counting`).
    if let Some(reason) = push_level.and_then(crate::counting::counting_proof) {
        return Ok(SolveOutcome::Unsolvable {
            reason: UnsolvableReason::Counted(reason),
            stats: Stats::default(),
        });
    }
    let mut fast_stats = Stats::default();
    // Without hands the fast search covers every move inside the rectangle
    // and has the whole time and every position; with hands a push-only
    // solution is still valid, so in fast mode it goes first with half the
    // time and half the positions, and only the general search may prove
    // the level unsolvable (or a count optimal: a grab or a swing may save
    // moves and pushes). On an open level the general search goes on past
    // the edge, where the sim has floor.
    let complete = pushes_are_complete(&options.rules);
    if let Some(push_level) = push_level
        && let Ok(problem) = Problem::from_level(push_level)
        && problem.unmodelled().is_none()
        && (complete || options.optimize == Optimize::Fast)
    {
        let mut fast = options.clone();
        if !complete {
            fast.timeout = options.timeout.map(|t| t / 2);
            fast.max_positions = options.max_positions.map(|m| m / 2);
        }
        match solve_with_progress(&problem, &fast, progress)? {
            SolveOutcome::GaveUp {
                reason: GiveUpReason::OpenLevel { .. },
                stats,
            } => fast_stats = stats,
            SolveOutcome::GaveUp {
                reason: GiveUpReason::Timeout | GiveUpReason::Budget | GiveUpReason::PushesOnly,
                stats,
            } if !complete => fast_stats = stats,
            outcome => return Ok(outcome),
        }
    }
    let budget = options
        .timeout
        .map(|t| t.saturating_sub(options.since(started)));
    // The positions the push search expanded count against the budget.
    let mut rest = options.clone();
    rest.max_positions = options.positions_left(fast_stats.expanded);
    let start = game.map(|game| start_of(game, options)).transpose()?;
    let (end, stats) = general::explore(level, start, &rest, true, budget, progress)?;
    finish_general(level, game, options, end, stats, fast_stats, started)
}

/// Turn the general search's end into an outcome: a solution replayed
/// through the sim (from the game's position if given, else from the
/// level's start), a proof, or a reason to give up.
pub(crate) fn finish_general(
    level: &Level,
    game: Option<&Game>,
    options: &SolveOptions,
    end: general::Explored,
    stats: Stats,
    before: Stats,
    started: std::time::Duration,
) -> Result<SolveOutcome, SolveError> {
    let mut stats = total(&[stats, before]);
    stats.elapsed = options.since(started);
    match end {
        general::Explored::Found {
            mut inputs,
            optimal,
        } => {
            if general::moves_by_itself(level) {
                let trail = match game {
                    None => Trail::new(level, options.rules).map_err(|e| SolveError::Level {
                        message: e.to_string(),
                    })?,
                    Some(game) => start_of(game, options)?,
                };
                general::prefer_waits(trail, &mut inputs)?;
            }
            let r = match game {
                None => general::replay_inputs(level, options, &inputs)?,
                Some(game) => {
                    let copy = Game::load(&game.save()).map_err(|e| SolveError::Level {
                        message: format!("the game cannot be copied to replay a solution: {e}"),
                    })?;
                    general::replay_in(copy, &inputs)?
                }
            };
            Ok(SolveOutcome::Solved(Solution {
                moves: r.letters,
                pushes: r.pushes,
                move_count: r.moves,
                optimal,
                stats,
            }))
        }
        general::Explored::Exhausted => Ok(SolveOutcome::Unsolvable {
            reason: UnsolvableReason::Exhausted,
            stats,
        }),
        general::Explored::Bounded { at } => Ok(SolveOutcome::GaveUp {
            reason: GiveUpReason::Bounded {
                at,
                margin: general::MARGIN.unsigned_abs(),
            },
            stats,
        }),
        general::Explored::GaveUp(reason) => Ok(SolveOutcome::GaveUp { reason, stats }),
    }
}

/// Return whether the game's player holds something.
pub(crate) fn holds(game: &Game) -> bool {
    game.world()
        .get::<Holding>(game.player())
        .is_ok_and(|h| h.0.is_some())
}

/// Return a trail that starts from a copy of `game`'s position.
pub(crate) fn start_of(game: &Game, options: &SolveOptions) -> Result<Trail, SolveError> {
    let world = game
        .world()
        .copy_position()
        .map_err(|e| SolveError::Level {
            message: format!("the game's position cannot be copied: {e}"),
        })?;
    Ok(Trail::from_world(world, game.player(), options.rules))
}
