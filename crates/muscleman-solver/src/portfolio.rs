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
use std::time::Instant;

use crate::board::Board;
use crate::options::{GiveUpReason, Optimize, Progress, SolveOptions, Stats};
use crate::search::{Search, SearchEnd, Strategy};

/// Expansions per slice when searches take turns.
const SLICE: u64 = 1024;

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

/// Run the searches the options call for (see the module docs).
pub(crate) fn run_searches(
    board: &Board,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> (SearchEnd, Stats) {
    let start = Instant::now();
    let limit = options.memory_mb.saturating_mul(1 << 20);
    let strategies: &[Strategy] = match options.optimize {
        Optimize::Fast => &[Strategy::Greedy, Strategy::Weighted(2)],
        Optimize::Pushes | Optimize::Moves => &[Strategy::AStar],
    };
    let macros = options.optimize == Optimize::Fast;
    let share = limit / strategies.len() as u64;
    let halt = AtomicBool::new(false);
    if options.threads >= 2 && strategies.len() >= 2 {
        return run_parallel(board, options, strategies, share, &halt, start, progress);
    }
    let mut searches: Vec<Search> = strategies
        .iter()
        .map(|s| Search::new(board, options, *s, macros, share, None, start))
        .collect();
    for s in &mut searches {
        if let Some(end) = s.start() {
            let stats = s.stats;
            return (end, stats);
        }
    }
    // Counters of searches replaced by a complete one.
    let mut spent: Vec<Stats> = Vec::new();
    let all = |searches: &[Search], spent: &[Stats]| -> Stats {
        let mut v: Vec<Stats> = searches.iter().map(|s| s.stats).collect();
        v.extend_from_slice(spent);
        total(&v)
    };
    let mut last = Instant::now();
    loop {
        for i in 0..searches.len() {
            // Equal turns: with goal macros the weighted search solves as
            // many levels as the greedy one (it had one turn in four).
            let budget = SLICE;
            let Some(search) = searches.get_mut(i) else {
                continue;
            };
            match search.advance(budget) {
                Some(SearchEnd::Exhausted) if !search.complete() => {
                    // Proves nothing: a complete search takes its place,
                    // unless one runs already.
                    spent.push(search.stats);
                    let mut fallback =
                        Search::new(board, options, FALLBACK, false, share, None, start);
                    if let Some(end) = fallback.start() {
                        return (end, all(&searches, &spent));
                    }
                    *search = fallback;
                }
                Some(end) => return (end, all(&searches, &spent)),
                None => {}
            }
        }
        // Two complete searches of the same kind would do the same work.
        if searches.len() > 1 && searches.iter().all(Search::complete) {
            let mut kinds: Vec<Strategy> = Vec::new();
            searches.retain(|s| {
                let dup = kinds.contains(&s.strategy());
                kinds.push(s.strategy());
                !dup
            });
        }
        if last.elapsed().as_millis() >= 500 {
            last = Instant::now();
            progress(&Progress {
                stats: all(&searches, &spent),
                bound: searches.first().map_or(0, |s| s.bound_now()),
            });
        }
    }
}

/// Run each strategy on its own thread; the first to end stops the others.
fn run_parallel(
    board: &Board,
    options: &SolveOptions,
    strategies: &[Strategy],
    share: u64,
    halt: &AtomicBool,
    start: Instant,
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
        let mut s = Search::new(board, options, strategy, true, share, Some(halt), start);
        if let Some(end) = s.start() {
            finish(i, end, s.stats);
            return;
        }
        let mut last = Instant::now();
        loop {
            match s.advance(SLICE) {
                // An incomplete search's exhaustion proves nothing: a
                // complete search takes its place on this thread.
                Some(SearchEnd::Exhausted) if !s.complete() => {
                    s = Search::new(board, options, FALLBACK, false, share, Some(halt), start);
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
            if last.elapsed().as_millis() >= 500 {
                last = Instant::now();
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
