//! The actors phase with two kinds of actor (`--features demo-glow`: the
//! demonstration firefly beside the duck): one pass, in id order whatever
//! the recipe, each actor seeing what earlier ones did (rules.md §4).
#![cfg(feature = "demo-glow")]

mod common;

use common::{Legend, assert_steps_in, id_at_in, legend_with};
use muscleman_core::{MoveCause, Moved};
use muscleman_sim::TagKind;

/// The actors' letters, over the common test legend.
const ACTORS: &Legend = &[
    ('s', "Duck:right"),
    ('x', "Duck:left"),
    ('A', "Duck:up"),
    ('f', "Firefly:right"),
    ('g', "Firefly:left"),
    ('F', "Firefly"),
];

fn legend() -> Vec<(char, &'static str)> {
    legend_with(ACTORS)
}

#[test]
fn the_earlier_actor_takes_the_cell_both_want_whatever_its_recipe() {
    // The duck comes first (read first, so the lower id): it takes the
    // middle cell, and the firefly, blocked, turns round.
    const DUCK_FIRST: &str = "
        #######
        #@s g #
        #######
    ";
    let duck = id_at_in(&legend(), DUCK_FIRST, 2, 1, TagKind::Brain);
    let firefly = id_at_in(&legend(), DUCK_FIRST, 4, 1, TagKind::Brain);
    assert!(duck < firefly);
    let batches = assert_steps_in(
        &legend(),
        DUCK_FIRST,
        "w",
        "
        #######
        #@ sf #
        #######
    ",
    );
    let moved: Vec<_> = batches
        .iter()
        .flat_map(|b| b.of::<Moved>().map(|m| (m.entity, m.cause)))
        .collect();
    assert_eq!(moved, [(duck, MoveCause::Brain)]);
    // The firefly first: it takes the cell, and the duck turns clockwise.
    assert_steps_in(
        &legend(),
        "
        #######
        #@f x #
        #######
    ",
        "w",
        "
        #######
        #@ fA #
        #######
    ",
    );
}

#[test]
fn a_firefly_flies_over_water_and_turns_round_silently_at_a_wall() {
    assert_steps_in(
        &legend(),
        "
        ######
        #@ f #
        #~~~ #
        ######
    ",
        "ww",
        "
        ######
        #@  g#
        #~~~ #
        ######
    ",
    );
}
