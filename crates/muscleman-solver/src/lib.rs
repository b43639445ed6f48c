//! A solver for Muscleman and Sokoban levels.
//!
//! Two searches, one entry point:
//!
//! - [`solve_level`] answers for every level the sim can play, and is what
//!   `muscleman solve` calls. It runs the *fast push search* below where it
//!   covers the rules (under Sokoban rules it covers every move; under
//!   Muscleman rules, in fast mode, a push solution is valid too and is
//!   tried first with half the time), and the *general search* (module
//!   `general`) everywhere else: best-first on an estimate, or A* on the
//!   cost and a lower bound in optimal modes (by cost alone where the
//!   bound is not sound), over the sim's own positions with every input the rules allow
//!   (the four moves, grab, drop, both swings, wait), so water, keys,
//!   doors, collectibles, hammers, pulls and swings, cauldrons and bongs
//!   and every other mechanic are the sim's by construction; a level with
//!   ducks, which walk every step whatever the input, is searched as a
//!   timed puzzle (every duck's cell and facing in the position, waits
//!   stepped, the prunings that assume the world stands still off). Only a complete search of the real rules says
//!   [`SolveOutcome::Unsolvable`]; on an open level the general search is
//!   bounded to the rectangle plus [`MARGIN`] cells and gives up with
//!   [`GiveUpReason::Bounded`] if that bound cut a step.
//! - [`solve`] runs the fast push search alone on a [`Problem`] (the
//!   benchmark harness uses it); it gives up on what it does not model.
//!
//! Both return a [`SolveOutcome`]: a [`Solution`] (MOVES letters, pushes
//! in upper case), a proof that none exists, or why it gave up. Every
//! solution is replayed through the real sim before it is returned; one
//! that does not replay to solved is a [`SolveError`], never a solution.
//!
//! # How the push search searches
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
//!   distance)`, which stays admissible. When a push freezes boxes on goals
//!   (they can never move again), the distances of that state and its
//!   descendants are recomputed with those boxes as walls (still a lower
//!   bound; a goal they shut off makes the matching infinite). With as many
//!   boxes as goals the matching is re-solved incrementally: only the
//!   column of the box a push moved changes, an O(n²) re-augmentation.
//!   The solved matching of each child of the last expansion is kept (its
//!   columns reordered to the child's sorted boxes), so expanding one of
//!   them, as greedy search mostly does next, skips the full O(n³) solve. A
//!   child is looked up in the transposition table before it is bounded or
//!   tested for deadlocks: a duplicate that does not lower a stored cost is
//!   dropped without either (the outcome is the same, only cheaper).
//! - **Deadlocks** (only when boxes and goals are equal in number; a spare
//!   box may rest anywhere): dead squares, found by reverse pulls of a lone
//!   box, are sound under chain rules too, because whatever pushes a box
//!   (the player or the box behind it) stands on the non-wall cell behind
//!   it, exactly the lone-box condition. Freeze deadlocks (a box blocked on
//!   both axes by walls, dead-square pairs or other frozen boxes, one of them
//!   off goal) use box-against-box blocking only under Sokoban rules: with
//!   chains two touching boxes can move together, so there only walls and
//!   dead-square pairs block. Under Sokoban rules an axis is also blocked by
//!   a dead square on one side that the player can never enter: not the
//!   player's cell, and every other neighbour of it a wall or a box of the
//!   frozen group (the box may not go there, and pushing it the other way
//!   needs the player there; in any solution no box of the group is the
//!   first to move). A position where some goal can reach no box
//!   (the matching is infinite) is pruned in every mode.
//! - **PI-corrals** (Sokoban rules; fast and push-optimal modes): an area
//!   the player cannot reach, fenced by boxes each of whose possible pushes
//!   (now or later) goes into the area and can be made now, that still needs
//!   work (an empty goal, or a box off goal). Any solution's first push that
//!   touches the area is then one of the fence pushes available now, and
//!   moving it to the front keeps the solution valid with as many pushes; so
//!   only those pushes are searched, and none means a deadlock. Not used for
//!   move-optimal search (the reordering may add moves) nor under chain rules.
//! - **Tunnel runs** (fast mode only, Sokoban rules, as many boxes as
//!   goals): after a push moves box B from `f` to `e` (direction `d`, the
//!   player now on `f`), while `e` is off goal, both cells beside `e`
//!   across the push are walls, and the next cell `e + d` is free floor with
//!   walls on both sides too, B is pushed on to `e + d` within the same
//!   step (the stored child is the state at the end of the run, its `run`
//!   pushes replayed one by one in the solution). Soundness (the run's
//!   end is solvable whenever the state after the first push S is): in S,
//!   B can move only along `d` (walls beside it) and must move (it is off
//!   goal and every box ends on a goal). Call `x = e + d`; while B is on
//!   `e`, `x` is a dead end whose only open neighbour is `x + d`. So no box
//!   enters `x` before B moves (it could never leave: toward `e` is B, and
//!   the push away needs the player on `e`), and the player on `x` can push
//!   nothing (across are walls, behind it is B, and a box on `x + d` can
//!   only have arrived with the player unable to get back to `x`). Take
//!   any solution from S and its moves α before B first moves. If B first
//!   moves forward (player on `f`, B to `x`), make that push first: α stays
//!   legal, since it never used `x` and `e` is only freed, and ends in the
//!   same position. If B first moves back (the player came round to `x`
//!   through `x + d`, B to `f`), play α without its final walk into `x`
//!   from the run's state, then push B from `x` back to `e` and to `f`: the
//!   cells are free (the solution pushed B into `f`, and nothing else used
//!   `e` or `x`), and the position is the solution's again. Both ways the
//!   first run step keeps a solution, and so does each next step by the
//!   same argument. A run can add pushes (the second case), so optimal
//!   modes do not use it. Under chain rules the player on `x` could push B
//!   and a box beyond as a chain, and with spare boxes B may stay put, so
//!   runs are off there. This shows that a run keeps a solution, not that a
//!   search with runs reaches one: a solvable state keeps a solvable child,
//!   but its solution may need more pushes (the second case), and the
//!   PI-corrals' proof of completeness goes by pushes, so the two together
//!   could in principle go round solvable states without ending. So runs
//!   come with the goal macros (below): a search that took a run and then
//!   runs out of states proves nothing, and a complete search without
//!   runs or macros takes its place; one that never took a run searched
//!   the graph without them, and its exhaustion is a proof. The general
//!   search's tunnel runs (module docs of `general`) prove completeness by
//!   the inputs instead, with no corrals.
//! - **Goal macros** (fast mode only; Sokoban rules, as many boxes as
//!   goals): a goal room is a 4-connected group of goals,
//!   its entrances the floor cells beside it; its packing order comes
//!   from taking the boxes back out of the filled room, fewest pulls first
//!   (the last out is packed first). A push that leaves a box on a room's
//!   cell or entrance takes it on, in the same step, to the room's first
//!   empty goal in that order, along the fewest pushes inside the room.
//!   This drops the push's other continuations, so a search that uses
//!   macros is not complete: when it runs out of states it proves nothing,
//!   and a complete weighted search (`g + 2h`, no macros and no tunnel
//!   runs) takes its place and its turns; only that one's exhaustion is a
//!   proof.
//! - **Search**: A* with ties broken toward deeper nodes for
//!   [`Optimize::Pushes`] and [`Optimize::Moves`] (the bound is consistent,
//!   so the first solved node taken off the open list is optimal). For
//!   [`Optimize::Fast`], a portfolio of two searches: greedy best-first on
//!   the bound (newest first among equals) and weighted A* (`g + 2h`), both
//!   with goal macros where the level has a goal room (see above for what
//!   replaces one that runs out of states). With `threads` 1 they take
//!   turns on one thread (one slice of expansions each), so runs are
//!   deterministic; with 2 or more
//!   they run side by side and the first to finish wins (the answer may then
//!   differ from run to run). Each gets half of `memory_mb`. Optimal modes
//!   run one search on one thread.
//! - **The Sokoban sub-game** (fast mode, one thread, chain rules): the
//!   same two searches also run on the level under Sokoban rules, in turns
//!   with the others (each search then a quarter of `memory_mb`). A
//!   Sokoban move (a walk onto a free cell, a push of one box onto a free
//!   cell) does the same under chain rules, so a solution of the sub-game
//!   is one of the level (it is replayed under the real rules like any
//!   other), found with the Sokoban search's stronger prunings; a
//!   sub-game search that runs out just stops (a chain push may be
//!   needed), so it never proves anything. Microban 144 under Muscleman
//!   rules: timed out in 10 s, now 0.4 s.
//! - **Unsolvable** is reported only when a complete search has exhausted
//!   its state space on an enclosed level under rules where pushing is the only way
//!   to move a box ([`pushes_are_complete`]: classic Sokoban rules, which
//!   refuse grab, drop and the swings); every pruning rule above is sound,
//!   so that is a proof (see below for open levels). Under Muscleman rules
//!   the player may also grab, pull and swing boxes, which this search does
//!   not model: an exhausted search there is [`GiveUpReason::PushesOnly`],
//!   while push solutions it finds stay valid and are returned.
//!
//! # What the push search does not model
//! Water (the player cannot swim, heavy boxes sink), keys, doors, pressure
//! what else its recipe's declaration says it does not model
//! ([`Unmodelled`]). A problem holding any
//! of them is never searched by [`solve`], which gives up with
//! [`GiveUpReason::Unmodelled`], naming the first such cell
//! ([`Problem::unmodelled`]), unless a trivial proof below holds;
//! [`solve_level`] searches it with the general search.
//!
//! # Level edges and goals
//! Cells outside the level's rectangle are walls to the solver, but the
//! sim's grid is unbounded, with floor beyond the level's edge. So a proof
//! needs an enclosed level: [`Problem::boundary`] is
//! [`Boundary::Enclosed`] when walls keep the player and every box it can
//! move off the rectangle's edge ([`Boundary`] gives the exact definition
//! and why it is enough). On an open level a solution found is
//! still printed (it is replayed in the sim like any other), but an
//! exhausted search is [`SolveOutcome::GaveUp`] with
//! [`GiveUpReason::OpenLevel`], never [`SolveOutcome::Unsolvable`].
//!
//! A level without goals is never solved (rules.md §7): it is reported
//! [`UnsolvableReason::NoGoals`]; fewer boxes than goals is
//! [`UnsolvableReason::TooFewBoxes`]. Both are proofs on open levels, under
//! every rule and whatever else the level holds: no rule makes a goal or a
//! box (smashing and sinking only take boxes away).
//!
//! # Counting proofs
//! Before any search, [`solve_level`] (and `muscleman check`, as a
//! designer warning) tries the proofs of [`counting_proof`], read from the
//! level and the sim's declarations alone: a goal no box can ever reach
//! (walled off, or behind a door that never opens: no key and no plate of
//! its colour, more heavy plates than heavy boxes for a secret door), fewer
//! boxes than goals where the player can ever go, and a door a goal lies
//! behind whose every key is inside a box the goals all need
//! ([`UnsolvableReason::Counted`]). Each is proved there from one lemma
//! (nothing ever happens outside the cells the player can reach past
//! strong walls and doors shut for good), sound under every rule; a
//! property test holds each verdict against the brute-force reference.
//!
//! # Ties
//! [`Optimize::Moves`] returns, among the solutions with the fewest moves,
//! one with the fewest pushes, then the fewest inputs; [`Optimize::Pushes`]
//! the fewest moves among the fewest pushes, then the fewest inputs. The
//! general search compares a path's cost in that order (module `general`,
//! "Order"), and the push search's move-optimal A* compares moves, then
//! pushes. Each tie is proved where the position's key holds what it
//! counts: in moves mode the pushes always (the key holds the player's
//! cell); in pushes mode the moves wherever the key holds the player's
//! cell, not its free region (the general search files a region as one
//! position in push-optimal search on one floor where nothing moves by
//! itself and no plate or collectible answers a step, and the push search
//! always does, with PI-corrals): there the moves are those of the path
//! kept, and the queue orders by the pushes alone, as it did before the
//! ties (ordering by a tie it cannot prove costs positions for nothing).
//! The inputs are the kept path's where the general search files positions
//! that differ only in the player's Facing as one (empty hands, nothing
//! moving by itself): a turn there may cost up to two swings more. The
//! general search orders each layer of the mode's count by a lower bound
//! on the first tie too where one is sound (the pushes left in moves mode,
//! the moves left in pushes mode: `general/bound`, the same bounds the
//! other mode's A* reads): a bound on that count for any way on bounds it
//! for the cheapest way on in the mode's order, so A*'s priority stays
//! admissible in that order and the first solved position taken off is
//! still the cheapest, ties included.
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

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod board;
mod boundary;
mod counted;
mod counting;
mod error;
mod game;
mod general;
mod hungarian;
mod moves;
mod options;
mod portfolio;
mod position;
mod problem;
mod reach;
mod replay;
mod search;
mod solve;
mod start;

pub use boundary::Boundary;
pub use counted::{Cell, Counted, Shut, ShutDoor};
pub use counting::counting_proof;
pub use error::{ProblemError, SolveError};
pub use game::{explore_game, lower_bound, solve_game, solve_game_with_progress};
pub use general::MARGIN;
pub use options::{
    Clock, GiveUpReason, Optimize, Progress, Solution, SolveOptions, SolveOutcome, Stats,
    Unmodelled, UnsolvableReason, pushes_are_complete,
};
pub use position::{Position, Push};
pub use problem::{
    BoxKind, CollectionLevel, MAX_PADDED_CELLS, Problem, WallKind, parse_collection,
};
pub use reach::{Prunings, Reach};
pub use replay::{Replay, replay};
pub use solve::{solve, solve_with_progress};

use muscleman_level::Level;

use start::{finish_general, solve_from};

/// Solve `level` under `options`, whatever it holds: the fast push search
/// where it covers the rules, the general search over the sim's positions
/// where it does not; see the crate docs.
///
/// # Example
/// ```
/// use muscleman_level::Level;
/// use muscleman_solver::{SolveOptions, SolveOutcome, solve_level};
///
/// // A swing: grab the box below, swing it a quarter turn onto the goal.
/// let level = Level::parse("#####\n#@ .#\n#$  #\n#####")?;
/// match solve_level(&level, &SolveOptions::default())? {
///     SolveOutcome::Solved(s) => assert!(s.moves.contains('g')),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_level(level: &Level, options: &SolveOptions) -> Result<SolveOutcome, SolveError> {
    solve_level_with_progress(level, options, &mut |_| {})
}

/// Like [`solve_level`], calling `progress` about twice a second while it searches.
pub fn solve_level_with_progress(
    level: &Level,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SolveOutcome, SolveError> {
    solve_from(level, None, options, progress)
}

/// Solve `level` with the general search alone, its prunings on or off
/// (the property test compares the two; the fast push search is not run).
#[doc(hidden)]
pub fn explore_level(
    level: &Level,
    options: &SolveOptions,
    prune: bool,
) -> Result<SolveOutcome, SolveError> {
    crate::error::check_clock(options)?;
    let started = options.now();
    let (end, stats) = general::explore(level, None, options, prune, options.timeout, &mut |_| {})?;
    finish_general(level, None, options, end, stats, Stats::default(), started)
}
