//! Swing (rules.md §4, "Swing"): the player starts facing down and grabs
//! the box below it (F). `[` swings counter-clockwise: from facing down to
//! facing right, so V is down-right of the player and T right of it; `]`
//! swings clockwise, to the left.

mod common;

use common::{assert_play, assert_play_with};
use muscleman_core::{
    GridDir, GridPos, MoveCause, SimEvent, SwingBlocked, SwingBlockedReason, Swung,
};
use muscleman_sim::{Rules, TagKind};

fn blocked(game: &common::Played, reason: SwingBlockedReason) {
    assert_eq!(
        game.last(),
        [SimEvent::SwingBlocked(SwingBlocked {
            actor: game.player,
            reason
        })]
    );
    assert_eq!(
        game.facing(),
        GridDir::Down,
        "a blocked swing does not turn"
    );
}

#[test]
fn empty_hands_turn_in_place_without_an_event() {
    let grid = "
        ###
        #@#
        ###
    ";
    let game = assert_play(grid, "[", grid);
    assert_eq!(game.facing(), GridDir::Right);
    assert!(game.last().is_empty());
    let game = assert_play(grid, "]", grid);
    assert_eq!(game.facing(), GridDir::Left);
}

#[test]
fn a_swing_carries_the_item_from_f_past_v_to_t_and_turns() {
    let game = assert_play(
        "
        #####
        # @ #
        # $ #
        #####
        ",
        "g[",
        "
        #####
        # @$#
        #   #
        #####
        ",
    );
    assert_eq!(game.facing(), GridDir::Right);
    assert_eq!(game.moves(), [((2, 2), (3, 1), MoveCause::Swing)]);
    assert_eq!(
        game.last().last(),
        Some(&SimEvent::Swung(Swung {
            player: game.player,
            arc_from: GridPos::new(2, 2),
            arc_via: GridPos::new(3, 2),
            arc_to: GridPos::new(3, 1),
        }))
    );
    assert!(game.holding().is_some(), "still held, now in front");
}

#[test]
fn a_clockwise_swing_goes_the_other_way() {
    let game = assert_play(
        "
        #####
        # @ #
        # $ #
        #####
        ",
        "g]",
        "
        #####
        #$@ #
        #   #
        #####
        ",
    );
    assert_eq!(game.facing(), GridDir::Left);
}

#[test]
fn a_swing_passes_over_a_weak_wall_water_and_a_plate_at_v() {
    for (v, after_v) in [('%', '%'), ('~', '~'), ('p', 'p')] {
        let before = format!("#####\n# @ #\n# ${v}#\n#####");
        let after = format!("#####\n# @$#\n#  {after_v}#\n#####");
        let game = assert_play(&before, "g[", &after);
        assert_eq!(game.facing(), GridDir::Right, "{v}");
    }
}

#[test]
fn a_wall_at_v_blocks_the_swing() {
    let grid = "
        #####
        # @ #
        # $##
        #####
    ";
    blocked(&assert_play(grid, "g[", grid), SwingBlockedReason::Via);
}

#[test]
fn an_unshovable_chain_at_v_blocks_the_swing() {
    let grid = "
        #####
        # @ #
        # $$#
        #####
    ";
    blocked(&assert_play(grid, "g[", grid), SwingBlockedReason::Via);
}

#[test]
fn a_weak_wall_at_t_blocks_the_swing() {
    let grid = "
        #####
        # @%#
        # $ #
        #####
    ";
    blocked(&assert_play(grid, "g[", grid), SwingBlockedReason::To);
}

#[test]
fn a_closed_door_at_t_blocks_the_swing() {
    let grid = "
        #####
        # @R#
        # $ #
        #####
    ";
    blocked(&assert_play(grid, "g[", grid), SwingBlockedReason::To);
}

#[test]
fn the_chain_at_v_is_shoved_along_the_turn() {
    let game = assert_play(
        "
        ######
        # @  #
        # $$ #
        ######
        ",
        "g[",
        "
        ######
        # @$ #
        #   $#
        ######
        ",
    );
    assert_eq!(
        game.moves(),
        [
            ((3, 2), (4, 2), MoveCause::Push),
            ((2, 2), (3, 1), MoveCause::Swing)
        ]
    );
}

#[test]
fn the_chain_at_t_is_shoved_back_along_the_old_facing() {
    let game = assert_play(
        "
        #####
        #   #
        # @$#
        # $ #
        #####
        ",
        "g[",
        "
        #####
        #  $#
        # @$#
        #   #
        #####
        ",
    );
    assert_eq!(
        game.moves(),
        [
            ((3, 2), (3, 1), MoveCause::Push),
            ((2, 3), (3, 2), MoveCause::Swing)
        ]
    );
}

#[test]
fn shoves_at_v_and_t_come_in_that_order_then_the_swing() {
    let game = assert_play(
        "
        ######
        #    #
        # @$ #
        # $$ #
        ######
        ",
        "g[",
        "
        ######
        #  $ #
        # @$ #
        #   $#
        ######
        ",
    );
    assert_eq!(
        game.moves(),
        [
            ((3, 3), (4, 3), MoveCause::Push),
            ((3, 2), (3, 1), MoveCause::Push),
            ((2, 3), (3, 2), MoveCause::Swing)
        ]
    );
    assert!(matches!(game.last().last(), Some(SimEvent::Swung(_))));
}

#[test]
fn max_chain_limits_the_shoves() {
    let grid = "
        #######
        # @   #
        # $$$ #
        #######
    ";
    // Unlimited: the chain of two at V is shoved.
    assert_play(
        grid,
        "g[",
        "
        #######
        # @$  #
        #   $$#
        #######
        ",
    );
    // A chain of one: the two at V are too many.
    let game = assert_play_with(&Rules::MUSCLEMAN.with_max_chain(Some(1)), grid, "g[", grid);
    blocked(&game, SwingBlockedReason::Via);
}

#[test]
fn a_key_shoved_into_its_door_stays_a_key() {
    // No key rule in shoves: the door blocks the chain.
    let grid = "
        #####
        # @ #
        # $rR
        #####
    ";
    blocked(&assert_play(grid, "g[", grid), SwingBlockedReason::Via);
}

#[test]
fn swing_then_move_keeps_the_new_facing() {
    let game = assert_play(
        "
        ######
        # @  #
        # $  #
        ######
        ",
        "g[r",
        "
        ######
        #  @$#
        #    #
        ######
        ",
    );
    assert_eq!(game.facing(), GridDir::Right);
    assert_eq!(game.holding(), Some(game.at(4, 1, TagKind::Pushable)));
}
