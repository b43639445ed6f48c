//! Moving while holding (rules.md §4, "Moving while holding"): forward,
//! backward (a pull), sideways (a strafe in two lanes). The player starts
//! facing down and grabs the box below it; moves never change Facing.

mod common;

use common::{assert_play, bumped};
use muscleman_core::{GridDir, GridPos, MoveCause, SimEvent};
use muscleman_sim::TagKind;

#[test]
fn forward_pushes_through_the_held_item_and_its_chain() {
    let game = assert_play(
        "
        #@#
        #$#
        #$#
        # #
        ###
        ",
        "gd",
        "
        # #
        #@#
        #$#
        #$#
        ###
        ",
    );
    assert_eq!(
        game.moves(),
        [
            ((1, 2), (1, 3), MoveCause::Push),
            ((1, 1), (1, 2), MoveCause::Push),
            ((1, 0), (1, 1), MoveCause::Player)
        ]
    );
    assert_eq!(game.facing(), GridDir::Down);
    assert!(game.holding().is_some());
}

#[test]
fn forward_into_a_wall_is_refused() {
    let grid = "
        #@#
        #$#
        ###
    ";
    let game = assert_play(grid, "gd", grid);
    assert!(bumped(game.last()));
}

#[test]
fn backward_pulls_the_item_into_the_cell_the_player_left() {
    let game = assert_play(
        "
        # #
        #@#
        #$#
        ###
        ",
        "gu",
        "
        #@#
        #$#
        # #
        ###
        ",
    );
    assert_eq!(
        game.moves(),
        [
            ((1, 1), (1, 0), MoveCause::Player),
            ((1, 2), (1, 1), MoveCause::Push)
        ]
    );
    assert_eq!(game.facing(), GridDir::Down, "a pull does not turn");
}

#[test]
fn a_pull_into_a_wall_moves_nothing() {
    let grid = "
        ###
        #@#
        #$#
        ###
    ";
    let game = assert_play(grid, "gu", grid);
    assert!(bumped(game.last()));
    assert_eq!(game.facing(), GridDir::Down);
}

#[test]
fn backward_pushes_what_is_behind_the_player_and_the_item_follows() {
    let game = assert_play(
        "
        # #
        #$#
        #@#
        #$#
        ###
        ",
        "gu",
        "
        #$#
        #@#
        #$#
        # #
        ###
        ",
    );
    assert_eq!(
        game.moves(),
        [
            ((1, 1), (1, 0), MoveCause::Push),
            ((1, 2), (1, 1), MoveCause::Player),
            ((1, 3), (1, 2), MoveCause::Push)
        ]
    );
}

#[test]
fn sideways_moves_both_lanes_item_lane_first() {
    let game = assert_play(
        "
        #####
        #@$ #
        #$  #
        #####
        ",
        "gr",
        "
        #####
        # @$#
        # $ #
        #####
        ",
    );
    assert_eq!(
        game.moves(),
        [
            ((1, 2), (2, 2), MoveCause::Push),
            ((2, 1), (3, 1), MoveCause::Push),
            ((1, 1), (2, 1), MoveCause::Player)
        ]
    );
    assert_eq!(game.facing(), GridDir::Down, "a strafe does not turn");
}

#[test]
fn a_strafe_with_one_lane_blocked_moves_nothing() {
    // The item's lane is blocked by a wall; then the player's.
    for grid in [
        "
        #####
        #@  #
        #$# #
        #####
        ",
        "
        #####
        #@# #
        #$  #
        #####
        ",
    ] {
        let game = assert_play(grid, "gr", grid);
        assert!(bumped(game.last()), "{grid}");
    }
}

#[test]
fn the_player_cannot_swim_while_holding() {
    // Backward and sideways into water: refused.
    for (grid, moves) in [
        (
            "
            #~#
            #@#
            #$#
            ###
            ",
            "gu",
        ),
        (
            "
            ####
            #@~#
            #$ #
            ####
            ",
            "gr",
        ),
    ] {
        let game = assert_play(grid, moves, grid);
        assert!(bumped(game.last()), "{grid}");
    }
}

#[test]
fn a_held_box_is_carried_across_water_and_floats() {
    // Strafing along the shore, the box's lane is water: it floats.
    let game = assert_play(
        "
        ####
        #@ #
        #$~#
        ####
        ",
        "gr",
        "
        ####
        # @#
        # w#
        ####
        ",
    );
    let boxed = game.at(2, 2, TagKind::Pushable);
    assert_eq!(game.holding(), Some(boxed));
}

#[test]
fn a_held_key_walked_into_its_door_is_spent_and_the_hands_empty() {
    let game = assert_play(
        "
        #@#
        #r#
        #R#
        ###
        ",
        "gd",
        "
        # #
        #@#
        #U#
        ###
        ",
    );
    let door = game.at(1, 2, TagKind::Door);
    let kinds: Vec<&str> = game.last().iter().map(event_name).collect();
    assert_eq!(
        kinds,
        ["key_consumed", "door_opened", "moved", "grab_released"]
    );
    assert!(matches!(game.last()[0], SimEvent::KeyConsumed(k) if k.door == door));
    assert_eq!(game.holding(), None);
    assert_eq!(
        game.world.position(game.player).ok(),
        Some(GridPos::new(1, 1))
    );
}

fn event_name(e: &SimEvent) -> &'static str {
    match e {
        SimEvent::Moved(_) => "moved",
        SimEvent::KeyConsumed(_) => "key_consumed",
        SimEvent::DoorOpened(_) => "door_opened",
        SimEvent::GrabReleased(_) => "grab_released",
        _ => "other",
    }
}
