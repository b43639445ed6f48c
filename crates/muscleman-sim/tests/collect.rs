//! Collectibles (rules.md §4, Environment phase 1): the player collects what
//! lies in the cell it enters; pushed things pass over collectibles.

mod common;

use common::{assert_history_round_trips, assert_steps, id_at, played, story};
use muscleman_core::GlobalCounter;
use muscleman_sim::TagKind;

#[test]
fn the_player_collects_a_coin() {
    const BEFORE: &str = "#@o #";
    let coin = id_at(BEFORE, 2, 0, TagKind::Collectible);
    let player = id_at(BEFORE, 1, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "rr", "#--@#");
    assert_eq!(
        story(&batches[0]),
        [
            format!("moved {player}"),
            format!("item_collected {coin} coins")
        ]
    );
    assert_eq!(story(&batches[1]), [format!("moved {player}")]);
    let game = played(BEFORE, "rr");
    assert_eq!(game.world().counter(GlobalCounter::Coins), 1);
}

#[test]
fn every_collectible_in_the_cell_is_collected_in_id_order() {
    const BEFORE: &str = "#@E #";
    let (world, _) = common::world_from_ascii(BEFORE);
    let mut items: Vec<_> = world
        .index()
        .all_at(muscleman_core::GridPos::new(2, 0))
        .collect();
    items.sort();
    let batches = assert_steps(BEFORE, "r", "#-@ #");
    let counters: Vec<_> = items
        .iter()
        .map(|id| {
            let counter = world.get::<muscleman_sim::Collects>(*id).unwrap().0;
            format!("item_collected {id} {}", counter.name())
        })
        .collect();
    assert_eq!(story(&batches[0])[1..], counters[..]);
    let game = played(BEFORE, "r");
    assert_eq!(game.world().counter(GlobalCounter::Coins), 1);
    assert_eq!(game.world().counter(GlobalCounter::ApplesEaten), 1);
}

#[test]
fn each_kind_raises_its_own_counter() {
    let game = played("#@aeco#", "rrrr");
    let counters: Vec<_> = game.world().counters().filter(|(_, n)| *n > 0).collect();
    assert_eq!(
        counters,
        [
            (GlobalCounter::Coins, 1),
            (GlobalCounter::ApplesEaten, 1),
            (GlobalCounter::PearsEaten, 1),
            (GlobalCounter::CheeseEaten, 1)
        ]
    );
}

#[test]
fn a_pushed_box_passes_over_a_coin_and_the_player_collects_it_after() {
    const BEFORE: &str = "#@$o #";
    let coin = id_at(BEFORE, 3, 0, TagKind::Collectible);
    let boxed = id_at(BEFORE, 2, 0, TagKind::Pushable);
    let player = id_at(BEFORE, 1, 0, TagKind::Player);
    let batches = assert_steps(BEFORE, "r", "#-@u #");
    assert_eq!(
        story(&batches[0]),
        [format!("moved {boxed}"), format!("moved {player}")],
        "the box does not collect"
    );
    let batches = assert_steps(BEFORE, "rr", "#--@$#");
    assert_eq!(
        story(&batches[1]),
        [
            format!("moved {boxed}"),
            format!("moved {player}"),
            format!("item_collected {coin} coins")
        ]
    );
}

#[test]
fn pushed_keys_hammers_and_heavy_boxes_pass_over_coins() {
    assert_steps("#@ro #", "r", "#-@I #");
    assert_steps("#@ho #", "r", "#-@H #");
    assert_steps("#@&o #", "r", "#-@D #");
}

#[test]
fn a_coin_the_player_stands_on_at_the_start_is_not_collected_until_it_enters_again() {
    // The player did not enter the cell in a step: nothing is collected.
    let batches = assert_steps("#t #", "w", "#t #");
    assert!(batches[0].is_empty());
    let game = played("#t #", "r");
    assert_eq!(game.world().counter(GlobalCounter::Coins), 0);
    let game = played("#t #", "rl");
    assert_eq!(
        game.world().counter(GlobalCounter::Coins),
        1,
        "it came back"
    );
}

#[test]
fn a_collected_coin_survives_undo_redo_restart_and_save() {
    assert_history_round_trips("#@o$o #", "rrr");
}
