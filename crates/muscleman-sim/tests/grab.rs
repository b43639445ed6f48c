//! Grab and drop (rules.md §4, "Grab and drop"; §5 invariants 3 and 6).
//! The player starts facing down.

mod common;

use common::{assert_play, assert_play_with};
use muscleman_core::{GrabAttached, GrabReleased, GridDir, SimEvent};
use muscleman_sim::{Rules, TagKind};

#[test]
fn grab_holds_the_liftable_thing_in_front_where_it_stands() {
    let grid = "
        #@#
        #$#
        ###
    ";
    let game = assert_play(grid, "g", grid);
    let boxed = game.at(1, 1, TagKind::Pushable);
    assert_eq!(game.holding(), Some(boxed));
    assert_eq!(
        game.last(),
        [SimEvent::GrabAttached(GrabAttached {
            player: game.player,
            entity: boxed
        })]
    );
}

#[test]
fn a_hammer_and_a_key_can_be_grabbed() {
    for grid in ["#@#\n#h#\n###", "#@#\n#r#\n###"] {
        let game = assert_play(grid, "g", grid);
        assert!(game.holding().is_some(), "{grid}");
    }
}

#[test]
fn grab_is_refused_without_a_liftable_thing_in_front() {
    // A wall, a heavy box, an empty cell, a door: nothing happens, no event.
    for grid in [
        "#@#\n###",
        "#@#\n#&#\n###",
        "#@#\n# #\n###",
        "#@#\n#R#\n###",
    ] {
        let game = assert_play(grid, "g", grid);
        assert_eq!(game.holding(), None, "{grid}");
        assert!(game.last().is_empty(), "{grid}");
        assert_eq!(game.facing(), GridDir::Down);
    }
}

#[test]
fn grab_looks_only_in_front() {
    let grid = "
        #$@$#
        #####
    ";
    let game = assert_play(grid, "g", grid);
    assert_eq!(game.holding(), None);
}

#[test]
fn grab_with_full_hands_changes_nothing() {
    let grid = "
        #@#
        #$#
        ###
    ";
    let game = assert_play(grid, "gg", grid);
    assert!(game.last().is_empty(), "the second grab is refused");
}

#[test]
fn drop_lets_go_and_the_item_stays() {
    let grid = "
        #@#
        #$#
        ###
    ";
    let game = assert_play(grid, "gp", grid);
    let boxed = game.at(1, 1, TagKind::Pushable);
    assert_eq!(game.holding(), None);
    assert_eq!(
        game.last(),
        [SimEvent::GrabReleased(GrabReleased {
            player: game.player,
            entity: boxed
        })]
    );
}

#[test]
fn drop_with_empty_hands_changes_nothing() {
    let grid = "
        #@#
        ###
    ";
    let game = assert_play(grid, "p", grid);
    assert!(game.last().is_empty());
}

#[test]
fn sokoban_rules_have_no_hands_so_grab_drop_and_swings_are_no_ops() {
    let grid = "
        #@ #
        #$ #
        ####
    ";
    let game = assert_play_with(&Rules::SOKOBAN, grid, "g[]p", grid);
    assert_eq!(game.holding(), None);
    assert_eq!(game.facing(), GridDir::Down, "not even a turn");
    assert!(game.batches.iter().all(|b| b.is_empty()));
}

#[test]
fn a_dropped_box_still_pushes_like_any_box() {
    let game = assert_play(
        "
        #@#
        #$#
        # #
        ###
        ",
        "gpd",
        "
        # #
        #@#
        #$#
        ###
        ",
    );
    assert_eq!(game.holding(), None);
}
