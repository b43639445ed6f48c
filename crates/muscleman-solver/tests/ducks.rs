//! A level with something that moves by itself (a duck) is never searched
//! until the solver knows waits and ducks: no false proof, no false
//! solution; the two proofs that need no search still hold.

use muscleman_core::{EntityRecipe, GridPos};
use muscleman_level::Level;
use muscleman_sim::{Game, Rules};
use muscleman_solver::{
    GiveUpReason, SolveOptions, SolveOutcome, UnsolvableReason, solve_game, solve_level,
};

fn level(text: &str) -> Level {
    Level::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_level_with_a_duck_gives_up_at_the_duck() {
    // Solvable by hand (push the box right), but the duck walks meanwhile.
    let text = "legend: d = Duck\nfloor:\n#######\n#@$ .##\n#######\nfloor:\n#####\n# d #\n#####\n";
    let outcome = solve_level(&level(text), &SolveOptions::default());
    match outcome {
        Ok(SolveOutcome::GaveUp {
            reason: GiveUpReason::MovesByItself { recipe, floor, at },
            ..
        }) => assert_eq!(
            (recipe, floor, at),
            (EntityRecipe::Duck, 2, GridPos::new(2, 1))
        ),
        other => panic!("{other:?}"),
    }
    // From a game's position too (the hint).
    let game = Game::new(&level(text), Rules::MUSCLEMAN).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        solve_game(&game, &SolveOptions::default()),
        Ok(SolveOutcome::GaveUp {
            reason: GiveUpReason::MovesByItself { .. },
            ..
        })
    ));
}

#[test]
fn a_duck_level_without_goals_or_boxes_enough_is_still_proved() {
    let no_goals = level("legend: d = Duck\n#####\n#@$d#\n#####\n");
    assert!(matches!(
        solve_level(&no_goals, &SolveOptions::default()),
        Ok(SolveOutcome::Unsolvable {
            reason: UnsolvableReason::NoGoals,
            ..
        })
    ));
    let too_few = level("legend: d = Duck\n######\n#@.d.#\n######\n");
    assert!(matches!(
        solve_level(&too_few, &SolveOptions::default()),
        Ok(SolveOutcome::Unsolvable {
            reason: UnsolvableReason::TooFewBoxes { .. },
            ..
        })
    ));
}
