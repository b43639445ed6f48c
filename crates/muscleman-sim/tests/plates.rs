//! Pressure plates (rules.md §4, Environment phase 3, and §6 load rules): a
//! plate is pressed while something that blocks movement stands on it, the
//! player included; a heavy plate only by something heavy.

mod common;

use common::{assert_steps, id_at, story, world_from_ascii};
use muscleman_core::GridPos;
use muscleman_sim::TagKind;

fn is_pressed(grid: &str, x: i32) -> bool {
    let (world, _) = world_from_ascii(grid);
    let plate = id_at(grid, x, 0, TagKind::PressurePlate);
    world.tags(plate).unwrap().contains(TagKind::Pressed)
}

#[test]
fn the_player_presses_a_plate_and_releases_it_on_leaving() {
    const BEFORE: &str = "#@p #";
    let plate = id_at(BEFORE, 2, 0, TagKind::PressurePlate);
    let player = id_at(BEFORE, 1, 0, TagKind::Player);
    // A plate with no door: it is pressed and released all the same.
    let batches = assert_steps(BEFORE, "rr", "#-p@#");
    assert_eq!(
        story(&batches[0]),
        [format!("moved {player}"), format!("plate_pressed {plate}")]
    );
    assert_eq!(
        story(&batches[1]),
        [format!("moved {player}"), format!("plate_released {plate}")]
    );
}

#[test]
fn a_pushed_box_presses_a_plate() {
    const BEFORE: &str = "#@$p #";
    let plate = id_at(BEFORE, 3, 0, TagKind::PressurePlate);
    let boxed = id_at(BEFORE, 2, 0, TagKind::Pushable);
    let player = id_at(BEFORE, 1, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "r", "#-@i #");
    assert_eq!(
        story(&batches[0]),
        [
            format!("moved {boxed}"),
            format!("moved {player}"),
            format!("plate_pressed {plate}")
        ]
    );
}

#[test]
fn a_plate_stays_pressed_when_the_player_takes_the_box_s_place() {
    const BEFORE: &str = "#@i #";
    let boxed = id_at(BEFORE, 2, 0, TagKind::Pushable);
    let player = id_at(BEFORE, 1, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "r", "#-j$#");
    assert_eq!(
        story(&batches[0]),
        [format!("moved {boxed}"), format!("moved {player}")],
        "still pressed: no event"
    );
}

#[test]
fn keys_and_hammers_press_plates() {
    assert_steps("#@rp #", "r", "#-@l #");
    assert_steps("#@hp #", "r", "#-@m #");
}

#[test]
fn a_heavy_plate_is_pressed_only_by_a_heavy_box() {
    const BEFORE: &str = "#@P #";
    // The player is not heavy.
    let batches = assert_steps(BEFORE, "r", "#-N #");
    assert_eq!(batches[0].len(), 1, "only the move");
    const HEAVY: &str = "#@&P #";
    let plate = id_at(HEAVY, 3, 0, TagKind::PressurePlate);
    let heavy = id_at(HEAVY, 2, 0, TagKind::Heavy);
    let player = id_at(HEAVY, 1, 0, TagKind::Player);
    let batches = assert_steps(HEAVY, "rr", "#--N&#");
    assert_eq!(
        story(&batches[0]),
        [
            format!("moved {heavy}"),
            format!("moved {player}"),
            format!("plate_pressed {plate}")
        ]
    );
    assert_eq!(
        story(&batches[1]),
        [
            format!("moved {heavy}"),
            format!("moved {player}"),
            format!("plate_released {plate}")
        ]
    );
}

#[test]
fn a_box_does_not_press_a_heavy_plate() {
    let (mut world, player) = world_from_ascii("#@$P #");
    let plate = world
        .index()
        .first_with(TagKind::PressurePlate, GridPos::new(3, 0))
        .unwrap();
    let batch = common::checked_step(
        &mut world,
        player,
        muscleman_core::Input::Move(muscleman_core::GridDir::Right),
        &muscleman_sim::Rules::MUSCLEMAN,
    );
    assert_eq!(batch.len(), 2, "two moves, no press");
    assert!(!world.tags(plate).unwrap().contains(TagKind::Pressed));
    assert!(
        world
            .index()
            .pushable_at(GridPos::new(3, 0))
            .is_some_and(|b| world.tags(b).is_ok_and(|t| !t.contains(TagKind::Heavy)))
    );
}

#[test]
fn plates_take_their_state_at_load() {
    assert!(is_pressed("#@i#", 2), "a box on it");
    assert!(is_pressed("#j #", 1), "the player on it");
    assert!(is_pressed("#@J#", 2), "a heavy box on a heavy plate");
    assert!(!is_pressed("#N #", 1), "the player on a heavy plate");
    assert!(!is_pressed("#@p#", 2), "nothing on it");
}
