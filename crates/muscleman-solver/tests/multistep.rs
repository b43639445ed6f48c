//! The multi-step levels (`benches/multistep.txt`, issue 43): designer-size
//! levels of rule book 3 where something must happen before a goal can be
//! filled (a key fetched from the attic, a bong smashed for its key, a
//! bridge sunk and a climb, each before a brew). Every level is within
//! designer size (up to 12×10, one to three floors), its stored solution
//! (`benches/multistep-solutions.txt`) plays to solved through a
//! `muscleman_sim::Game` under Muscleman rules, solved only after its last
//! step, and the guided search solves each within a budget of positions
//! (deterministic: one thread, the same count on every run).

mod common;

use muscleman_level::Level;
use muscleman_solver::{SolveOptions, SolveOutcome, solve_level};

const SET: &str = include_str!("../benches/multistep.txt");
const SOLUTIONS: &str = include_str!("../benches/multistep-solutions.txt");

fn set() -> Vec<Level> {
    common::set_levels("multistep.txt", SET)
}

/// The solutions, in order.
fn solutions() -> Vec<(usize, &'static str)> {
    common::set_solutions(SOLUTIONS)
}

#[test]
fn three_levels_of_designer_size_each_with_a_solution_in_order() {
    let levels = set();
    assert_eq!(levels.len(), 3);
    let numbers: Vec<usize> = solutions().iter().map(|(n, _)| *n).collect();
    assert_eq!(numbers, [1, 2, 3]);
    for (i, level) in levels.iter().enumerate() {
        let title = level.title().unwrap_or("?");
        for floor in level.floors() {
            let (w, h) = (floor.width(), floor.height());
            assert!(w <= 12 && h <= 10, "level {} ({title}) is {w}×{h}", i + 1);
        }
        assert!(
            (1..=3).contains(&level.floor_count()),
            "level {} ({title}) has {} floors",
            i + 1,
            level.floor_count()
        );
    }
    assert_eq!(levels.first().map(Level::floor_count), Some(3));
}

#[test]
fn every_stored_solution_plays_to_solved_in_the_sim() {
    common::every_solution_plays_to_solved(&set(), &solutions());
}

/// Before the landmark guide each gave up at 10 s after 300,000 to
/// 1,500,000 positions (BENCHMARKS.md, issue 43); with it each is solved
/// in a few thousand at most.
#[test]
fn the_landmark_guide_solves_each_within_a_budget_of_positions() {
    for (i, level) in set().iter().enumerate() {
        let options = SolveOptions {
            max_positions: Some(50_000),
            ..SolveOptions::default()
        };
        match solve_level(level, &options) {
            Ok(SolveOutcome::Solved(s)) => assert!(s.stats.reach.guided, "level {}", i + 1),
            other => panic!("level {}: {other:?}", i + 1),
        }
    }
}
