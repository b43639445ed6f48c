//! The landmarks found and what they cost, on small levels.

use muscleman_core::{GridDir, Input};
use muscleman_level::Level;
use muscleman_sim::{Rules, Trail};

use super::{Kind, Landmarks, STEP};
use crate::general::facts::Facts;

fn landmarks(text: &str) -> (Landmarks, Trail) {
    let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let facts = Facts::of(&level);
    let trail = Trail::new(&level, Rules::MUSCLEMAN).unwrap_or_else(|e| panic!("{e}"));
    (Landmarks::new(&level, facts.min, facts.max), trail)
}

/// The red door before the goal is a landmark, the blue door in its
/// alcove (on no way) is none; the key brought nearer costs less, and
/// the door opened costs nothing.
#[test]
fn a_key_door_before_the_goal_is_a_landmark_and_costs_less_as_the_key_comes() {
    let (mut l, mut trail) = landmarks(
        "legend: r = KeyRed\nlegend: R = DoorRed\nlegend: B = DoorBlue\n\
         ##########\n#@ r   R.#\n#B $   ###\n##########",
    );
    let kinds: Vec<Kind> = l.marks.iter().map(|m| m.kind).collect();
    assert_eq!(
        kinds,
        [Kind::Coloured(muscleman_core::EntityRecipe::DoorRed)]
    );
    let start = l.cost(trail.world());
    assert_eq!(start.steps, STEP + 4);
    assert!(start.blocks_goals, "a key door opens for good");
    let right = Input::Move(GridDir::Right);
    for _ in 0..2 {
        trail.step(right).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(l.cost(trail.world()).steps, STEP + 3);
    for _ in 0..3 {
        trail.step(right).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(l.cost(trail.world()), super::Cost::default());
}

/// Boxes float: water on the way to the goals counts only as the way
/// to what the player must reach, so on a ferry it costs nothing.
#[test]
fn water_before_the_goals_alone_costs_nothing() {
    let (mut l, trail) = landmarks("#######\n#@ $~.#\n#######");
    assert_eq!(
        l.marks.iter().map(|m| m.kind).collect::<Vec<_>>(),
        [Kind::Water]
    );
    assert_eq!(l.cost(trail.world()), super::Cost::default());
}

/// A door plates hold open is a landmark that does not hold the boxes
/// back (they may have to wait by it); a weak wall is one that does.
#[test]
fn plates_hold_a_door_open_and_a_weak_wall_opens_for_good() {
    let (mut l, trail) = landmarks(
        "legend: p = PressurePlateRed\nlegend: R = DoorRed\n\
         #########\n#@ $ p R.#\n#  $    ##\n#########",
    );
    let c = l.cost(trail.world());
    assert!(c.steps > STEP && !c.blocks_goals, "{c:?}");
    let (mut l, trail) = landmarks("legend: h = Hammer\n#########\n#@h $ %.#\n#########");
    let c = l.cost(trail.world());
    assert!(c.steps > STEP && c.blocks_goals, "{c:?}");
}
