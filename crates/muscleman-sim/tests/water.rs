//! Water (rules.md §4, walk step 2, "Push chain" and Environment phase 2):
//! the player cannot swim, a box floats and stays pushable, a heavy box
//! sinks and fills the water, and a second heavy box stands on the bridge.

mod common;

use common::{assert_history_round_trips, assert_steps, bumped, id_at, story};
use muscleman_sim::TagKind;

#[test]
fn the_player_cannot_swim() {
    let batches = assert_steps("#@~ #", "rr", "#@~ #");
    assert!(
        batches.iter().all(|b| bumped(b.events())),
        "a refused move has no event but its bump"
    );
}

#[test]
fn the_player_cannot_walk_onto_a_floating_box() {
    // The box floats, but the water under it is not filled.
    let batches = assert_steps("#@w #", "r", "#@w #");
    assert!(bumped(batches[0].events()));
}

#[test]
fn a_box_floats_and_a_chain_pushes_it_across_the_water() {
    const BEFORE: &str = "#@$$~ #";
    let near = id_at(BEFORE, 2, 0, TagKind::Pushable);
    let far = id_at(BEFORE, 3, 0, TagKind::Pushable);
    let player = id_at(BEFORE, 1, 0, TagKind::Player);
    // The far box floats onto the water, then the near one pushes it off
    // and floats there in turn; nothing sinks. The player stays ashore.
    let batches = assert_steps(BEFORE, "rrr", "#--@w$#");
    assert_eq!(
        story(&batches[0]),
        [
            format!("moved {far}"),
            format!("moved {near}"),
            format!("moved {player}")
        ]
    );
    assert_eq!(story(&batches[1]), story(&batches[0]));
    assert!(
        bumped(batches[2].events()),
        "the player cannot follow onto water"
    );
}

#[test]
fn a_heavy_box_sinks_and_fills_the_water() {
    const BEFORE: &str = "#@&~ #";
    let heavy = id_at(BEFORE, 2, 0, TagKind::Heavy);
    let player = id_at(BEFORE, 1, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "r", "#-@f #");
    assert_eq!(
        story(&batches[0]),
        [
            format!("moved {heavy}"),
            format!("moved {player}"),
            format!("sank {heavy}")
        ]
    );
    // The filled water is walkable: the player crosses it.
    assert_steps(BEFORE, "rr", "#--W #");
    assert_steps(BEFORE, "rrr", "#--f@#");
}

#[test]
fn a_second_heavy_box_stands_on_the_bridge() {
    const BEFORE: &str = "#@&&~  #";
    let first = id_at(BEFORE, 3, 0, TagKind::Heavy);
    let second = id_at(BEFORE, 2, 0, TagKind::Heavy);
    let player = id_at(BEFORE, 1, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "rr", "#--@M  #");
    assert_eq!(
        story(&batches[0]),
        [
            format!("moved {first}"),
            format!("moved {second}"),
            format!("moved {player}"),
            format!("sank {first}")
        ]
    );
    assert_eq!(
        story(&batches[1]),
        [format!("moved {second}"), format!("moved {player}")],
        "the water is filled: the second heavy box does not sink"
    );
    // It stays pushable and leaves the bridge as it came.
    assert_steps(BEFORE, "rrr", "#---W& #");
}

#[test]
fn a_box_pushed_onto_a_bridge_stands_on_it() {
    assert_steps("#@$f #", "r", "#-@L #");
    assert_steps("#@$f #", "rr", "#--W$#");
}

#[test]
fn a_sunk_box_survives_undo_redo_restart_and_save() {
    assert_history_round_trips("#@&~ #", "rr");
}

#[test]
fn heavy_boxes_that_sink_in_one_step_sink_in_id_order() {
    // rules.md §4: each phase visits entities in ascending id order, so the
    // nearer heavy box (the lower id) sinks first though it arrived last.
    const BEFORE: &str = "#@&w&w #";
    let near = id_at(BEFORE, 2, 0, TagKind::Heavy);
    let far = id_at(BEFORE, 4, 0, TagKind::Heavy);
    assert!(near < far);
    let batches = assert_steps(BEFORE, "r", "#-@f$f$#");
    let sank: Vec<String> = story(&batches[0])
        .into_iter()
        .filter(|line| line.starts_with("sank"))
        .collect();
    assert_eq!(sank, [format!("sank {near}"), format!("sank {far}")]);
}
