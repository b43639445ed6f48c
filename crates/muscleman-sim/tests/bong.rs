//! The bong (rules.md §3, §4 Swing step 2, invariant 10): a thing holding
//! two keys; a hammer smashes it, BongsBroken goes up, its first key takes
//! its cell and the second the first free neighbour (Up, Right, Down, Left:
//! inside the floor's rectangle, nothing that blocks, no unfilled water, no
//! stairs); with none, it is no target.

mod common;

use common::{Legend, assert_play_in, assert_steps_in, id_at_in, legend_with, played_in};
use muscleman_core::{GlobalCounter, SimEvent, Smashed};
use muscleman_sim::TagKind;

/// The bong letters, over the common test legend.
const BONGS: &Legend = &[
    ('v', "Bong(KeyRed KeyBlue)"),
    ('V', "Bong(KeyRed KeyBlue) WaterCell"),
    ('M', "Bong(KeyRed KeyBlue) Goal"),
    ('I', "KeyRed WaterCell"),
];

fn legend() -> Vec<(char, &'static str)> {
    legend_with(BONGS)
}

/// The one `Smashed` of the last step.
fn smashed(events: &[SimEvent]) -> Smashed {
    let found: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            SimEvent::Smashed(s) => Some(*s),
            _ => None,
        })
        .collect();
    match found[..] {
        [s] => s,
        _ => panic!("no single smash in {events:?}"),
    }
}

#[test]
fn a_hammer_smashes_a_bong_its_keys_spill_and_bongs_broken_counts() {
    // `g[`: grab the hammer below, swing it left (towards the right of the
    // screen): V is the bong's cell, its Up neighbour is free.
    const BEFORE: &str = "
        ######
        #-@--#
        #-hv-#
        #----#
        ######
    ";
    let bong = id_at_in(&legend(), BEFORE, 3, 2, TagKind::Smashable);
    let played = assert_play_in(
        &legend(),
        &muscleman_sim::Rules::MUSCLEMAN,
        BEFORE,
        "g[",
        "
        ######
        #-@b-#
        #-hr-#
        #----#
        ######
        ",
    );
    let s = smashed(played.last());
    assert_eq!(s.entity, bong);
    assert_eq!(s.contents.as_slice().len(), 2, "both keys, in order");
    assert!(
        matches!(played.last().last(), Some(SimEvent::Smashed(_))),
        "the counter rises with no event of its own"
    );
    assert_eq!(played.world.counter(GlobalCounter::BongsBroken), 1);
    assert_eq!(
        played.facing(),
        muscleman_core::GridDir::Down,
        "a strike turns nothing"
    );
}

#[test]
fn the_second_key_goes_to_the_first_free_neighbour_up_right_down_left() {
    // Up is a wall: Right.
    assert_steps_in(
        &legend(),
        "######\n#-@##\n#-hv-#\n#----#\n######",
        "g[",
        "######\n#-@##\n#-hrb#\n#----#\n######",
    );
    // Up a wall, Right water (unfilled): Down.
    assert_steps_in(
        &legend(),
        "######\n#-@##\n#-hv~#\n#----#\n######",
        "g[",
        "######\n#-@##\n#-hr~#\n#--b-#\n######",
    );
    // The first key floats on water in the bong's own cell.
    assert_steps_in(
        &legend(),
        "######\n#-@##\n#-hV-#\n#----#\n######",
        "g[",
        "######\n#-@##\n#-hIb#\n#----#\n######",
    );
}

#[test]
fn a_bong_with_no_free_neighbour_is_no_target_and_the_strike_looks_on() {
    // The bong at V: Up a box, Right and Down walls, Left the hammer. As
    // if it were not there, the strike looks at T and smashes the box.
    const BEFORE: &str = "
        #####
        #-@$#
        #-hv#
        #####
    ";
    let boxed = id_at_in(&legend(), BEFORE, 3, 1, TagKind::Openable);
    let played = assert_play_in(
        &legend(),
        &muscleman_sim::Rules::MUSCLEMAN,
        BEFORE,
        "g[",
        "
        #####
        #-@-#
        #-hv#
        #####
        ",
    );
    assert_eq!(smashed(played.last()).entity, boxed);
    assert_eq!(played.world.counter(GlobalCounter::BongsBroken), 0);
    // With nothing at T either, the swing goes on and the bong, shoved
    // into the wall, blocks it.
    let played = assert_play_in(
        &legend(),
        &muscleman_sim::Rules::MUSCLEMAN,
        "#####\n#-@##\n#-hv#\n#####",
        "g[",
        "#####\n#-@##\n#-hv#\n#####",
    );
    assert!(matches!(played.last(), [SimEvent::SwingBlocked(_)]));
}

#[test]
fn a_bong_is_a_thing_that_floats_and_fills_no_goal() {
    // Pushed onto water it floats, and the player cannot follow.
    assert_steps_in(&legend(), "#@v~ #", "rr", "#-@V #");
    let game = played_in(&legend(), "#@M#", "");
    assert!(!game.is_solved(), "a bong on the only goal");
}
