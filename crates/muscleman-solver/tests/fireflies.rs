//! The demonstration actor (`--features demo-glow`): a firefly, neither
//! pushed nor lifted, that flies its way and turns round where it cannot.
//! The solver has no code for it: it searches levels with fireflies from
//! the sim's declarations alone, and its verdicts are a brute-force
//! search's (`tests/reference`). The random levels of `declared.rs` hold
//! fireflies too in this build.
#![cfg(feature = "demo-glow")]

use muscleman_level::Level;
use muscleman_sim::{Command, Game, Rules, Trail};
use muscleman_solver::{Optimize, SolveOptions, SolveOutcome, explore_level, solve_level};

mod common;
mod reference;
use common::parse_level as level;
use reference::{Cost, reference_from};

/// The default options on one thread.
fn options(rules: Rules, optimize: Optimize) -> SolveOptions {
    SolveOptions {
        threads: 1,
        ..common::options(rules, optimize)
    }
}

/// The fewest moves the brute force finds, or `None` for none at all.
fn truth(level: &Level, rules: Rules) -> Option<u32> {
    let trail = Trail::new(level, rules).unwrap_or_else(|e| panic!("{e}"));
    reference_from(trail, Cost::Moves, 20_000)
        .unwrap_or_else(|| panic!("the reference gave up"))
        .fewest
}

/// Search `text` in every mode and check each verdict against the brute
/// force; replay each solution.
fn agrees(text: &str) -> Option<u32> {
    let level = level(text);
    let rules = Rules::MUSCLEMAN;
    let fewest = truth(&level, rules);
    for pruned in [false, true] {
        let outcome = explore_level(&level, &options(rules, Optimize::Fast), pruned)
            .unwrap_or_else(|e| panic!("{e}"));
        match (&outcome, fewest) {
            (SolveOutcome::Solved(s), Some(_)) => {
                let mut game = Game::new(&level, rules).unwrap_or_else(|e| panic!("{e}"));
                for c in s.moves.chars() {
                    let cmd = Command::from_letter(c).unwrap_or_else(|| panic!("letter {c:?}"));
                    game.apply(cmd).unwrap_or_else(|e| panic!("{e}"));
                }
                assert!(game.is_solved(), "the solution does not solve\n{text}");
            }
            (SolveOutcome::Unsolvable { .. }, None) => {}
            _ => panic!("pruned {pruned}: {outcome:?}, the brute force {fewest:?}\n{text}"),
        }
    }
    let optimal =
        solve_level(&level, &options(rules, Optimize::Moves)).unwrap_or_else(|e| panic!("{e}"));
    match optimal {
        SolveOutcome::Solved(s) => assert_eq!(Some(s.move_count), fewest, "{text}"),
        SolveOutcome::Unsolvable { .. } => assert_eq!(fewest, None, "{text}"),
        SolveOutcome::GaveUp { reason, .. } => panic!("gave up: {reason:?}\n{text}"),
    }
    fewest
}

/// A firefly flies across the box's lane: the push must wait for it.
#[test]
fn a_firefly_in_the_way_is_waited_for() {
    let fewest = agrees(
        "legend: f = Firefly:up\n\
         #######\n\
         ##  ###\n\
         #@$ .##\n\
         ### f##\n\
         #######\n",
    );
    assert!(fewest.is_some());
}

/// A firefly that turns round in a cell's corridor blocks it on every
/// other step: two boxes in a row can never both pass, and the search
/// proves it, as the brute force does.
#[test]
fn a_firefly_s_verdicts_are_the_brute_force_s() {
    for text in [
        "legend: f = Firefly:right\n\
         ######\n\
         #@$f.#\n\
         ######\n",
        "legend: f = Firefly\n\
         ######\n\
         #f   #\n\
         #@$ .#\n\
         ######\n",
        "legend: f = Firefly:left\n\
         #######\n\
         #@ $ .#\n\
         #  f  #\n\
         #######\n",
    ] {
        agrees(text);
    }
}
