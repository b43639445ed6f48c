//! The designer set (`benches/designer.txt`, issue 27): rooms a designer
//! would draw, kept as benchmark data for the general search. Every level
//! is within the set's bounds (8×6 to 14×10, 3 to 6 boxes, heavy boxes
//! counted), and its stored solution (`benches/designer-solutions.txt`)
//! plays to solved through a `muscleman_sim::Game` under Muscleman rules,
//! solved only after its last step.

mod common;

use muscleman_core::{EntityRecipe, RecipeState};
use muscleman_level::Level;
use muscleman_solver::{SolveOptions, SolveOutcome, solve_level};

const SET: &str = include_str!("../benches/designer.txt");
const SOLUTIONS: &str = include_str!("../benches/designer-solutions.txt");

fn set() -> Vec<Level> {
    common::set_levels("designer.txt", SET)
}

/// The solutions, in order.
fn solutions() -> Vec<(usize, &'static str)> {
    common::set_solutions(SOLUTIONS)
}

#[test]
fn the_set_has_twenty_levels_in_its_bounds_and_a_solution_for_each_in_order() {
    let levels = set();
    assert!(levels.len() >= 20, "{} levels", levels.len());
    let numbers: Vec<usize> = solutions().iter().map(|(n, _)| *n).collect();
    assert_eq!(numbers, (1..=levels.len()).collect::<Vec<_>>());
    for (i, level) in levels.iter().enumerate() {
        let title = level.title().unwrap_or("?");
        let (w, h) = (level.width(), level.height());
        assert!(
            (8..=14).contains(&w) && (6..=10).contains(&h),
            "level {} ({title}) is {w}×{h}",
            i + 1
        );
        let boxes = level
            .entities()
            .filter(|(_, s)| {
                s.recipe == EntityRecipe::Box
                    || (s.recipe == EntityRecipe::HeavyBox && s.state != Some(RecipeState::Sunk))
            })
            .count();
        assert!(
            (3..=6).contains(&boxes),
            "level {} ({title}) has {boxes} boxes",
            i + 1
        );
    }
}

#[test]
fn the_issue_s_room_is_in_the_set() {
    let room = "###########\n#@ $  #   #\n# a $ B $ #\n#  $  #  .#\n# .   # ..#\n###########";
    assert!(SET.contains(room));
}

#[test]
fn every_stored_solution_plays_to_solved_in_the_sim() {
    common::every_solution_plays_to_solved(&set(), &solutions());
}

/// The issue's room, where the breadth-first search ran out of memory
/// after 5.7 M positions: the guided search solves it in a few thousand
/// (680 when this test was written; the count is deterministic).
#[test]
fn the_guided_search_solves_the_issue_s_room() {
    let levels = set();
    let room = levels.first().unwrap_or_else(|| panic!("an empty set"));
    let options = SolveOptions {
        timeout: Some(std::time::Duration::from_secs(60)),
        ..SolveOptions::default()
    };
    match solve_level(room, &options) {
        Ok(SolveOutcome::Solved(s)) => {
            assert!(s.stats.expanded < 10_000, "{} positions", s.stats.expanded);
            assert!(s.stats.reach.guided);
        }
        other => panic!("{other:?}"),
    }
}
