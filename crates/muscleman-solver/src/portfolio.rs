//! The searches a solve runs and how they share the time: one A* in
//! optimal modes; in fast mode a greedy and a weighted (w = 2) search,
//! taking turns on one thread (deterministic; a slice of expansions
//! each) or side by side on two threads.
//!
//! In fast mode both use goal macros where the level has a goal room,
//! which makes them incomplete: one that runs out of states proves
//! nothing, and gives its place (its memory and its turns) to a complete
//! weighted search, whose exhaustion is the proof.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::board::Board;
use crate::options::{GiveUpReason, Optimize, Progress, SolveOptions, Stats};
use crate::search::{Limits, Search, SearchEnd, Strategy};

/// Expansions per slice when searches take turns.
const SLICE: u64 = 1024;

/// How often progress is reported, on the options' clock (never without one).
const REPORT_EVERY: Duration = Duration::from_millis(500);

/// The complete search that takes an incomplete one's place.
const FALLBACK: Strategy = Strategy::Weighted(2);

/// Add up the counters of several searches.
pub(crate) fn total(stats: &[Stats]) -> Stats {
    let mut t = Stats::default();
    for s in stats {
        t.expanded += s.expanded;
        t.generated += s.generated;
        t.stored += s.stored;
        t.memory_bytes += s.memory_bytes;
        t.depth = t.depth.max(s.depth);
        t.initial_bound = t.initial_bound.max(s.initial_bound);
        t.elapsed = t.elapsed.max(s.elapsed);
        t.reach = t.reach.max(s.reach);
    }
    t
}

/// Run the searches the options call for (see the module docs). `sub` is
/// the same level under Sokoban rules, searched beside `board` in fast mode
/// under chain rules (see [`sub_game`]).
pub(crate) fn run_searches(
    board: &Board,
    sub: Option<&Board>,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> (SearchEnd, Stats) {
    let start = options.now();
    let limit = options.memory_mb.saturating_mul(1 << 20);
    let strategies: &[Strategy] = match options.optimize {
        Optimize::Fast => &[Strategy::Greedy, Strategy::Weighted(2)],
        Optimize::Pushes | Optimize::Moves => &[Strategy::AStar],
    };
    let macros = options.optimize == Optimize::Fast;
    let halt = AtomicBool::new(false);
    if options.threads >= 2 && strategies.len() >= 2 {
        let share = limit / strategies.len() as u64;
        // Each thread's search has its share of the positions.
        let positions = options.max_positions.map(|m| m / strategies.len() as u64);
        let shares = Limits {
            bytes: share,
            positions,
        };
        return run_parallel(board, options, strategies, shares, &halt, start, progress);
    }
    // Each search with whether it is of the sub-game.
    let mut plan: Vec<(&Board, Strategy, bool)> =
        strategies.iter().map(|s| (board, *s, false)).collect();
    if let Some(sub) = sub {
        plan.extend(strategies.iter().map(|s| (sub, *s, true)));
    }
    let share = limit / plan.len() as u64;
    let limits = Limits {
        bytes: share,
        positions: options.max_positions,
    };
    let mut searches: Vec<(Search, bool)> = plan
        .iter()
        .map(|(b, s, is_sub)| {
            (
                Search::new(b, options, *s, macros, limits, None, start),
                *is_sub,
            )
        })
        .collect();
    let mut i = 0;
    while i < searches.len() {
        let Some((s, is_sub)) = searches.get_mut(i) else {
            break;
        };
        match s.start() {
            // The sub-game's end proves nothing but a solution.
            Some(SearchEnd::Found { moves, .. }) if *is_sub => {
                let stats = s.stats;
                return (
                    SearchEnd::Found {
                        moves,
                        optimal: false,
                    },
                    stats,
                );
            }
            Some(_) if *is_sub => {
                searches.remove(i);
                continue;
            }
            Some(end) => {
                let stats = s.stats;
                return (end, stats);
            }
            None => i += 1,
        }
    }
    // Counters of searches replaced by a complete one, or dropped.
    let mut spent: Vec<Stats> = Vec::new();
    let all = |searches: &[(Search, bool)], spent: &[Stats]| -> Stats {
        let mut v: Vec<Stats> = searches.iter().map(|(s, _)| s.stats).collect();
        v.extend_from_slice(spent);
        total(&v)
    };
    let mut last = options.now();
    loop {
        let mut i = 0;
        while i < searches.len() {
            // Equal turns: with goal macros the weighted search solves as
            // many levels as the greedy one (it had one turn in four). The
            // budget of positions is the searches' together: a turn takes
            // at most what is left of it.
            let left = options.positions_left(all(&searches, &spent).expanded);
            if left == Some(0) {
                return (
                    SearchEnd::GaveUp(GiveUpReason::Budget),
                    all(&searches, &spent),
                );
            }
            let budget = left.map_or(SLICE, |l| l.min(SLICE));
            let Some((search, is_sub)) = searches.get_mut(i) else {
                break;
            };
            let is_sub = *is_sub;
            match search.advance(budget) {
                Some(SearchEnd::Found { moves, .. }) if is_sub => {
                    return (
                        SearchEnd::Found {
                            moves,
                            optimal: false,
                        },
                        all(&searches, &spent),
                    );
                }
                // A sub-game search that ran out of states or memory proves
                // nothing: the others go on without it.
                Some(SearchEnd::Exhausted | SearchEnd::GaveUp(GiveUpReason::Memory)) if is_sub => {
                    spent.push(search.stats);
                    searches.remove(i);
                    continue;
                }
                Some(SearchEnd::Exhausted) if !search.complete() => {
                    // Proves nothing: a complete search takes its place,
                    // unless one runs already.
                    spent.push(search.stats);
                    let mut fallback =
                        Search::new(board, options, FALLBACK, false, limits, None, start);
                    if let Some(end) = fallback.start() {
                        return (end, all(&searches, &spent));
                    }
                    *search = fallback;
                }
                Some(end) => return (end, all(&searches, &spent)),
                None => {}
            }
            i += 1;
        }
        // Two complete searches of the same kind would do the same work.
        if searches.len() > 1 && searches.iter().all(|(s, _)| s.complete()) {
            let mut kinds: Vec<(Strategy, bool)> = Vec::new();
            searches.retain(|(s, is_sub)| {
                let kind = (s.strategy(), *is_sub);
                let dup = kinds.contains(&kind);
                kinds.push(kind);
                !dup
            });
        }
        if options.since(last) >= REPORT_EVERY {
            last = options.now();
            progress(&Progress {
                stats: all(&searches, &spent),
                bound: searches.first().map_or(0, |(s, _)| s.bound_now()),
            });
        }
    }
}

/// Whether to search the level under Sokoban rules beside its own chain
/// rules: in fast mode, on one thread, when one push may move more than
/// one box. Every Sokoban move of a level the push search models (a walk
/// onto a free cell, a push of one box onto a free cell) does the same
/// under chain rules (a chain of one box), so a solution of the sub-game
/// is one of the level, replayed under the real rules like any other; and
/// the sub-game has the Sokoban search's stronger prunings (PI-corrals,
/// box-against-box freezes, tunnel runs, goal macros). Its exhaustion
/// proves nothing (a chain push may be needed), so a sub-game search that
/// runs out just stops.
pub(crate) fn sub_game(board: &Board, options: &SolveOptions) -> bool {
    board.max_chain > 1 && options.optimize == Optimize::Fast && options.threads < 2
}

/// Run each strategy on its own thread; the first to end stops the others.
fn run_parallel(
    board: &Board,
    options: &SolveOptions,
    strategies: &[Strategy],
    shares: Limits,
    halt: &AtomicBool,
    start: Duration,
    progress: &mut dyn FnMut(&Progress),
) -> (SearchEnd, Stats) {
    let first: Mutex<Option<SearchEnd>> = Mutex::new(None);
    let stats: Mutex<Vec<Stats>> = Mutex::new(vec![Stats::default(); strategies.len()]);
    let finish = |i: usize, end: SearchEnd, st: Stats| {
        if let Ok(mut s) = stats.lock()
            && let Some(slot) = s.get_mut(i)
        {
            *slot = st;
        }
        // A search stopped by another's finish has nothing to say.
        if halt.swap(true, Ordering::SeqCst) {
            return;
        }
        if let Ok(mut f) = first.lock() {
            *f = Some(end);
        }
    };
    let run = |i: usize, strategy: Strategy, progress: &mut dyn FnMut(&Progress)| {
        let mut s = Search::new(board, options, strategy, true, shares, Some(halt), start);
        if let Some(end) = s.start() {
            finish(i, end, s.stats);
            return;
        }
        let mut last = options.now();
        loop {
            match s.advance(SLICE) {
                // An incomplete search's exhaustion proves nothing: a
                // complete search takes its place on this thread.
                Some(SearchEnd::Exhausted) if !s.complete() => {
                    s = Search::new(board, options, FALLBACK, false, shares, Some(halt), start);
                    if let Some(end) = s.start() {
                        finish(i, end, s.stats);
                        return;
                    }
                }
                Some(end) => {
                    finish(i, end, s.stats);
                    return;
                }
                None => {}
            }
            if options.since(last) >= REPORT_EVERY {
                last = options.now();
                if let Ok(mut all) = stats.lock()
                    && let Some(slot) = all.get_mut(i)
                {
                    *slot = s.stats;
                    progress(&Progress {
                        stats: total(&all),
                        bound: s.bound_now(),
                    });
                }
            }
        }
    };
    std::thread::scope(|scope| {
        for (i, strategy) in strategies.iter().enumerate().skip(1) {
            let run = &run;
            scope.spawn(move || run(i, *strategy, &mut |_| {}));
        }
        if let Some(s) = strategies.first() {
            run(0, *s, progress);
        }
    });
    let end = first
        .into_inner()
        .ok()
        .flatten()
        .unwrap_or(SearchEnd::GaveUp(GiveUpReason::Cancelled));
    let all = stats.into_inner().unwrap_or_default();
    (end, total(&all))
}
