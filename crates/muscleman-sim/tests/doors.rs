//! Doors (rules.md §4, Environment phase 4, §5 invariant 8 and §6 load
//! rules): a door is open while all the plates of its colour are pressed (a
//! secret door: all the heavy plates), and never closes on anything.

mod common;

use common::{
    assert_history_round_trips, assert_steps, bumped, id_at, story, world_from_ascii,
    world_to_ascii,
};
use muscleman_sim::TagKind;

#[test]
fn a_plate_holds_a_door_open_and_the_door_closes_when_it_is_released() {
    const BEFORE: &str = "#R@$p  #";
    let door = id_at(BEFORE, 1, 0, TagKind::Door);
    let plate = id_at(BEFORE, 4, 0, TagKind::PressurePlate);
    let boxed = id_at(BEFORE, 3, 0, TagKind::Pushable);
    let player = id_at(BEFORE, 2, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "r", "#O-@i  #");
    assert_eq!(
        story(&batches[0]),
        [
            format!("moved {boxed}"),
            format!("moved {player}"),
            format!("plate_pressed {plate}"),
            format!("door_opened {door}")
        ]
    );
    // The player takes the box's place on the plate: the door stays open.
    let batches = assert_steps(BEFORE, "rrr", "#R--p@$#");
    assert_eq!(batches[1].len(), 2, "only the moves");
    assert_eq!(
        story(&batches[2]),
        [
            format!("moved {boxed}"),
            format!("moved {player}"),
            format!("plate_released {plate}"),
            format!("door_closed {door}")
        ]
    );
}

#[test]
fn a_door_held_by_a_box_and_then_the_player_closes_the_first_step_it_is_free() {
    const BEFORE: &str = "#-k-j-#";
    let door = id_at(BEFORE, 2, 0, TagKind::Door);
    let boxed = id_at(BEFORE, 2, 0, TagKind::Pushable);
    let plate = id_at(BEFORE, 4, 0, TagKind::PressurePlate);
    let player = id_at(BEFORE, 4, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "rllllr", "#$R@p-#");
    let moved = |id| format!("moved {id}");
    assert_eq!(
        story(&batches[0]),
        [moved(player), format!("plate_released {plate}")],
        "the box stands in the door: it stays open"
    );
    assert_eq!(
        story(&batches[1]),
        [moved(player), format!("plate_pressed {plate}")],
        "pressed again: the door is already open"
    );
    assert_eq!(
        story(&batches[2]),
        [moved(player), format!("plate_released {plate}")]
    );
    assert_eq!(
        story(&batches[3]),
        [moved(boxed), moved(player)],
        "the box leaves, the player stands in the door"
    );
    assert!(
        bumped(batches[4].events()),
        "the door holds the player: refused, only its bump"
    );
    assert_eq!(
        story(&batches[5]),
        [moved(player), format!("door_closed {door}")]
    );
    // Every step between, the door was open with something in it.
    assert_steps(BEFORE, "rllll", "#$K-p-#");
}

#[test]
fn a_door_opens_only_when_all_the_plates_of_its_colour_are_pressed() {
    const BEFORE: &str = "#R@$p$p #";
    let door = id_at(BEFORE, 1, 0, TagKind::Door);
    let first = id_at(BEFORE, 4, 0, TagKind::PressurePlate);
    let second = id_at(BEFORE, 6, 0, TagKind::PressurePlate);
    let near = id_at(BEFORE, 3, 0, TagKind::Pushable);
    let far = id_at(BEFORE, 5, 0, TagKind::Pushable);
    let player = id_at(BEFORE, 2, 0, TagKind::Player);
    let moved = |id| format!("moved {id}");
    let batches = assert_steps(BEFORE, "r", "#R-@i$p #");
    assert_eq!(
        story(&batches[0]),
        [moved(near), moved(player), format!("plate_pressed {first}")],
        "one plate of two: the door stays shut"
    );
    let batches = assert_steps(BEFORE, "rr", "#O--j$i #");
    assert_eq!(
        story(&batches[1]),
        [
            moved(far),
            moved(near),
            moved(player),
            format!("plate_pressed {second}"),
            format!("door_opened {door}")
        ]
    );
    let batches = assert_steps(BEFORE, "rrr", "#R--p@i$#");
    assert_eq!(
        story(&batches[2]),
        [
            moved(far),
            moved(near),
            moved(player),
            format!("plate_released {first}"),
            format!("door_closed {door}")
        ]
    );
}

#[test]
fn plates_open_only_the_doors_of_their_colour() {
    const BEFORE: &str = "#RB@q #";
    let blue = id_at(BEFORE, 2, 0, TagKind::Door);
    let plate = id_at(BEFORE, 4, 0, TagKind::PressurePlate);
    let player = id_at(BEFORE, 3, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "r", "#RT-C #");
    assert_eq!(
        story(&batches[0]),
        [
            format!("moved {player}"),
            format!("plate_pressed {plate}"),
            format!("door_opened {blue}")
        ]
    );
}

#[test]
fn the_secret_door_opens_behind_a_heavy_plate_only() {
    const BEFORE: &str = "#S@&P #";
    let door = id_at(BEFORE, 1, 0, TagKind::Door);
    let plate = id_at(BEFORE, 4, 0, TagKind::PressurePlate);
    let heavy = id_at(BEFORE, 3, 0, TagKind::Heavy);
    let player = id_at(BEFORE, 2, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "r", "#Q-@J #");
    assert_eq!(
        story(&batches[0]),
        [
            format!("moved {heavy}"),
            format!("moved {player}"),
            format!("plate_pressed {plate}"),
            format!("door_opened {door}")
        ]
    );
    // The player alone on the heavy plate opens nothing.
    let batches = assert_steps("#S@P #", "r", "#S-N #");
    assert_eq!(batches[0].len(), 1);
    // Nor do the red plates.
    let batches = assert_steps("#S@p #", "r", "#S-j #");
    assert_eq!(batches[0].len(), 2, "the move and the press");
}

#[test]
fn a_secret_door_with_no_heavy_plate_stays_shut() {
    let batches = assert_steps("#S@ #", "lr", "#S-@#");
    assert!(bumped(batches[0].events()));
}

fn loaded(grid: &str) -> String {
    world_to_ascii(&world_from_ascii(grid).0)
}

#[test]
fn doors_take_their_state_at_load() {
    assert_eq!(
        loaded("#O@ #"),
        "#R@ #\n",
        "written open, nothing holds it: closed"
    );
    assert_eq!(loaded("#Q@ #"), "#S@ #\n");
    assert_eq!(loaded("#R@i#"), "#O@i#\n", "its plate is pressed: open");
    assert_eq!(loaded("#O@i#"), "#O@i#\n");
    assert_eq!(loaded("#k@ #"), "#k@ #\n", "something stands in it: open");
    assert_eq!(loaded("#K  #"), "#K  #\n");
    assert_eq!(loaded("#U@ #"), "#U@ #\n", "unlocked: open for good");
    assert_eq!(loaded("#S@J#"), "#Q@J#\n", "the heavy plate is pressed");
}

#[test]
fn a_door_held_open_survives_undo_redo_restart_and_save() {
    assert_history_round_trips("#-k-j-#", "rllll");
    assert_history_round_trips("#R@$p  #", "rrr");
}
