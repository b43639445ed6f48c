//! The hammer strike (rules.md §4, "Swing", step 2): the player starts
//! facing down holding the hammer below it; `[` swings towards the right,
//! so V is down-right of the player and T right of it.

mod common;

use common::assert_play;
use muscleman_core::{GridDir, SimEvent};
use muscleman_sim::appearance;

#[test]
fn the_hammer_smashes_a_box_at_v_and_its_contents_appear_in_order() {
    let game = assert_play(
        "
        #####
        # @ #
        # hz#
        #####
        ",
        "g[",
        "
        #####
        # @ #
        # hE#
        #####
        ",
    );
    let [SimEvent::Smashed(smashed)] = game.last() else {
        panic!("one Smashed event: {:?}", game.last());
    };
    let ids = smashed.contents.as_slice();
    assert_eq!(ids.len(), 2, "a coin, then an apple");
    let looks: Vec<_> = ids
        .iter()
        .map(|id| appearance(&game.world, *id).counter)
        .collect();
    assert_eq!(
        looks,
        [
            Some(muscleman_core::GlobalCounter::Coins),
            Some(muscleman_core::GlobalCounter::ApplesEaten)
        ]
    );
    assert!(!game.world.is_alive(smashed.entity));
    assert_eq!(game.facing(), GridDir::Down, "the strike ends the swing");
    assert!(game.holding().is_some(), "the hammer stays in hand at F");
}

#[test]
fn the_hammer_breaks_a_weak_wall_at_t_when_v_is_free() {
    let game = assert_play(
        "
        #####
        # @%#
        # h #
        #####
        ",
        "g[",
        "
        #####
        # @ #
        # h #
        #####
        ",
    );
    assert!(matches!(game.last(), [SimEvent::Smashed(s)] if s.contents.as_slice().is_empty()));
}

#[test]
fn v_comes_before_t() {
    assert_play(
        "
        #####
        # @$#
        # h$#
        #####
        ",
        "g[",
        "
        #####
        # @$#
        # h #
        #####
        ",
    );
}

#[test]
fn a_wall_at_v_shields_t_and_blocks_the_swing() {
    let grid = "
        #####
        # @%#
        # h##
        #####
    ";
    let game = assert_play(grid, "g[", grid);
    assert!(matches!(game.last(), [SimEvent::SwingBlocked(_)]));
}

#[test]
fn with_nothing_to_strike_the_hammer_swings_like_anything_else() {
    let game = assert_play(
        "
        #####
        # @ #
        # h #
        #####
        ",
        "g[",
        "
        #####
        # @h#
        #   #
        #####
        ",
    );
    assert_eq!(game.facing(), GridDir::Right);
    assert!(matches!(game.last().last(), Some(SimEvent::Swung(_))));
}

#[test]
fn a_box_that_is_not_in_the_arc_is_safe() {
    let grid = "
        ######
        # @  #
        # h $#
        ######
    ";
    let game = assert_play(grid, "g[", "######\n# @h #\n#   $#\n######");
    assert!(
        !game
            .last()
            .iter()
            .any(|e| matches!(e, SimEvent::Smashed(_)))
    );
}
