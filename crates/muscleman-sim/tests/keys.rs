//! Keys (rules.md §4, "Push chain", key rule): a key at the far end of a
//! chain pushed into the closed door of its colour is spent, and the door
//! opens for good.

mod common;

use common::{assert_history_round_trips, assert_steps, bumped, id_at, story};
use muscleman_sim::TagKind;

#[test]
fn a_key_alone_pushed_into_its_door_opens_it_for_good() {
    const BEFORE: &str = "#@rR #";
    let key = id_at(BEFORE, 2, 0, TagKind::Key);
    let door = id_at(BEFORE, 3, 0, TagKind::Door);
    let player = id_at(BEFORE, 1, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "r", "#-@U #");
    assert_eq!(
        story(&batches[0]),
        [
            format!("key_consumed {key} {door}"),
            format!("door_opened {door}"),
            format!("moved {player}")
        ]
    );
    // The player walks through, and the door stays open behind it.
    let batches = assert_steps(BEFORE, "rrr", "#--U@#");
    assert_eq!(story(&batches[2]), [format!("moved {player}")]);
    assert_steps(BEFORE, "rr", "#--n #");
}

#[test]
fn a_key_at_the_far_end_of_a_chain_opens_its_door_and_the_chain_advances() {
    const BEFORE: &str = "#@$rR #";
    let boxed = id_at(BEFORE, 2, 0, TagKind::Pushable);
    let key = id_at(BEFORE, 3, 0, TagKind::Key);
    let door = id_at(BEFORE, 4, 0, TagKind::Door);
    let player = id_at(BEFORE, 1, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "r", "#-@$U #");
    assert_eq!(
        story(&batches[0]),
        [
            format!("key_consumed {key} {door}"),
            format!("door_opened {door}"),
            format!("moved {boxed}"),
            format!("moved {player}")
        ]
    );
    // The box goes on through the open door, the player after it.
    assert_steps(BEFORE, "rrr", "#---n$#");
}

#[test]
fn a_key_in_the_middle_of_a_chain_unlocks_nothing() {
    let batches = assert_steps("#@r$R #", "r", "#@r$R #");
    assert!(bumped(batches[0].events()), "refused: the far end is a box");
}

#[test]
fn a_key_of_the_wrong_colour_unlocks_nothing() {
    let batches = assert_steps("#@bR #", "r", "#@bR #");
    assert!(bumped(batches[0].events()));
    let batches = assert_steps("#@rB #", "r", "#@rB #");
    assert!(bumped(batches[0].events()));
}

#[test]
fn an_unlocked_door_stays_open_when_its_plates_are_released() {
    const BEFORE: &str = "#U j #";
    let plate = id_at(BEFORE, 3, 0, TagKind::PressurePlate);
    let player = id_at(BEFORE, 3, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "r", "#U p@#");
    assert_eq!(
        story(&batches[0]),
        [format!("moved {player}"), format!("plate_released {plate}")]
    );
}

#[test]
fn a_key_pushed_into_a_door_held_open_walks_in_unspent() {
    // The door is open (its plate is pressed), so the key just moves in.
    const BEFORE: &str = "#@r i#";
    let batches = assert_steps(&format!("#O{}", &BEFORE[1..]), "rr", "#O-@ri#");
    assert!(
        story(&batches[1])
            .iter()
            .all(|e| !e.starts_with("key_consumed")),
        "the key is not spent"
    );
}

#[test]
fn an_unlocked_door_survives_undo_redo_restart_and_save() {
    assert_history_round_trips("#@$rR #", "rr");
}
