//! Cauldrons and bongs are searched over the sim's own steps (the general
//! search): a green key brewed for a green door solves, the solution is
//! replayed in the sim, and a level whose only key gets lost in a brew is
//! proved unsolvable by a complete search.

use muscleman_level::Level;
use muscleman_solver::{SolveOptions, SolveOutcome, UnsolvableReason, solve_level};

fn level(text: &str) -> Level {
    Level::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_green_key_brewed_in_a_cauldron_opens_the_green_door() {
    // Push yellow, then blue, into the cauldron; push the green key into
    // the door; push the box through onto the goal.
    let brew = level(
        "legend: b = KeyBlue\nlegend: y = KeyYellow\nlegend: c = Cauldron\nlegend: G = DoorGreen\n\
         ###########\n#@byc G$ .#\n###########\n",
    );
    match solve_level(&brew, &SolveOptions::default()) {
        Ok(SolveOutcome::Solved(s)) => assert_eq!(s.moves.to_ascii_lowercase(), "rrrrrrr"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_brew_that_makes_no_green_key_is_proved_hopeless() {
    // Red and yellow make a bong, never a green key: the door stays shut.
    let bong = level(
        "legend: r = KeyRed\nlegend: y = KeyYellow\nlegend: c = Cauldron\nlegend: G = DoorGreen\n\
         ###########\n#@ryc G$ .#\n###########\n",
    );
    match solve_level(&bong, &SolveOptions::default()) {
        Ok(SolveOutcome::Unsolvable {
            reason: UnsolvableReason::Exhausted,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
}
