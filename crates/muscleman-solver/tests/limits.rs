//! The solver's limits come from its caller: a budget of positions and a
//! deadline on a clock the caller supplies, or no clock at all (as in a
//! browser's WebAssembly, which has none). None of these tests reads the
//! machine's clock.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use muscleman_level::{Collection, Level};
use muscleman_solver::{
    Clock, GiveUpReason, Optimize, SolveError, SolveOptions, SolveOutcome, solve_level,
};

/// Options without a clock.
fn clockless(max_positions: Option<u64>) -> SolveOptions {
    SolveOptions {
        clock: None,
        max_positions,
        ..SolveOptions::default()
    }
}

fn builtin(collection: &str, number: usize) -> Level {
    let c = Collection::parse(collection).expect("the built-in levels read");
    c.levels.get(number).cloned().expect("the level exists")
}

/// A level that takes the searches many positions: the last of the
/// Combinations collection (148 for any solution since the landmark
/// guide, more than a million for the fewest moves).
fn hard() -> Level {
    let c = Collection::parse(muscleman_levels::COMBINATIONS).expect("reads");
    c.levels.last().cloned().expect("a level")
}

#[test]
fn a_search_without_a_clock_solves_and_reports_no_time() {
    let level = builtin(muscleman_levels::BUILTIN, 0);
    for optimize in [Optimize::Fast, Optimize::Pushes, Optimize::Moves] {
        let options = SolveOptions {
            optimize,
            ..clockless(None)
        };
        match solve_level(&level, &options).expect("no error") {
            SolveOutcome::Solved(s) => {
                assert!(!s.moves.is_empty());
                assert_eq!(s.stats.elapsed, Duration::ZERO);
                assert!(s.stats.expanded > 0);
            }
            other => panic!("{optimize:?}: {other:?}"),
        }
    }
}

#[test]
fn a_budget_without_a_clock_gives_up_after_exactly_its_positions_the_same_every_time() {
    let level = hard();
    let full = solve_level(&level, &clockless(None)).expect("no error");
    let needed = full.stats().expanded;
    assert!(full.solution().is_some(), "{full:?}");
    assert!(needed > 100, "the level takes {needed} positions");
    for budget in [0, 1, 10, 100, needed / 2] {
        let first = solve_level(&level, &clockless(Some(budget))).expect("no error");
        match &first {
            SolveOutcome::GaveUp {
                reason: GiveUpReason::Budget,
                stats,
            } => assert_eq!(stats.expanded, budget, "budget {budget}"),
            other => panic!("budget {budget}: {other:?}"),
        }
        let again = solve_level(&level, &clockless(Some(budget))).expect("no error");
        assert_eq!(first, again, "budget {budget}");
    }
    // Enough positions: the same solution as without a budget. (Under
    // these rules the push search, which found it, has half the budget,
    // and takes turns of up to 1024 positions, the last turn cut short.)
    let enough = solve_level(&level, &clockless(Some(4 * needed + 4096))).expect("no error");
    assert_eq!(
        enough.solution().map(|s| &s.moves),
        full.solution().map(|s| &s.moves)
    );
}

#[test]
fn a_budget_counts_the_push_search_and_the_general_search_together() {
    // Under Muscleman rules with hands the push search goes first in fast
    // mode, then the general search; the sum stays within the budget.
    for number in 0..4 {
        let level = builtin(muscleman_levels::COMBINATIONS, number);
        let full = solve_level(&level, &clockless(None)).expect("no error");
        let needed = full.stats().expanded;
        if needed < 4 {
            continue;
        }
        let budget = needed - 2;
        let outcome = solve_level(&level, &clockless(Some(budget))).expect("no error");
        assert!(
            outcome.stats().expanded <= budget,
            "level {}: {} positions for a budget of {budget}",
            number + 1,
            outcome.stats().expanded
        );
    }
}

#[test]
fn a_deadline_is_read_from_the_callers_clock() {
    // A clock that moves a millisecond each time it is read: the search
    // gives up when it has read it past the timeout, whatever the machine's
    // time. The fewest moves: a search long enough to read it often.
    let ticks = Arc::new(AtomicU64::new(0));
    let t = Arc::clone(&ticks);
    let options = SolveOptions {
        optimize: Optimize::Moves,
        timeout: Some(Duration::from_millis(20)),
        clock: Some(Clock::new(move || {
            Duration::from_millis(t.fetch_add(1, Ordering::Relaxed))
        })),
        ..SolveOptions::default()
    };
    match solve_level(&hard(), &options).expect("no error") {
        SolveOutcome::GaveUp {
            reason: GiveUpReason::Timeout,
            stats,
        } => assert!(stats.elapsed >= Duration::from_millis(20)),
        other => panic!("{other:?}"),
    }
    assert!(ticks.load(Ordering::Relaxed) > 20);
}

#[test]
fn a_timeout_without_a_clock_is_refused() {
    let options = SolveOptions {
        timeout: Some(Duration::from_secs(1)),
        ..clockless(None)
    };
    let level = builtin(muscleman_levels::BUILTIN, 0);
    assert_eq!(
        solve_level(&level, &options).map(|_| ()),
        Err(SolveError::NoClock)
    );
}
