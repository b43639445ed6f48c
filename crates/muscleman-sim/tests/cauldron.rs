//! The cauldron (rules.md §4, Push chain "Key into a cauldron" and
//! Environment step 2 "Brew", invariants 4 and 10): a key at the far end of
//! any push chain of a move goes into a cauldron with room (`PutIn`); two
//! keys brew at once, blue and yellow a green key, any other two a bong.

mod common;

use common::{
    Legend, assert_history_round_trips_in, assert_play_in, assert_steps_in, bumped, id_at_in,
    legend_with, story,
};
use muscleman_core::{GlobalCounter, GridPos, KeyColor, Smashed};
use muscleman_level::{Level, SignalWarning, signal_warnings};
use muscleman_sim::{BREWS, Rules, TagKind};

/// The cauldron letters, over the common test legend.
const CAULDRONS: &Legend = &[
    ('c', "Cauldron"),
    ('K', "Cauldron(KeyBlue)"),
    ('N', "Cauldron(KeyRed)"),
    ('Y', "Cauldron(KeyYellow)"),
    ('W', "Bong(KeyBlue KeyRed)"),
    ('V', "Bong(KeyYellow KeyYellow)"),
    ('M', "Cauldron PressurePlateRed"),
    ('Q', "Cauldron(KeyBlue) PressurePlateRed"),
    ('I', "KeyGreen PressurePlateRed"),
    ('A', "Cauldron(KeyBlue) PressurePlateRed"),
    ('E', "KeyYellow Coin"),
    ('u', "DoorGreen:unlocked"),
    ('s', "Player DoorGreen:unlocked"),
];

fn legend() -> Vec<(char, &'static str)> {
    legend_with(CAULDRONS)
}

fn id(grid: &str, x: i32, y: i32, tag: TagKind) -> muscleman_core::EntityId {
    id_at_in(&legend(), grid, x, y, tag)
}

#[test]
fn a_key_pushed_into_a_cauldron_goes_in_and_the_pusher_follows() {
    const BEFORE: &str = "#@bc #";
    let (key, cauldron) = (
        id(BEFORE, 2, 0, TagKind::Key),
        id(BEFORE, 3, 0, TagKind::Cauldron),
    );
    let player = id(BEFORE, 1, 0, TagKind::Player);
    let batches = assert_steps_in(&legend(), BEFORE, "r", "#-@K #");
    assert_eq!(
        story(&batches[0]),
        [
            format!("put_in {cauldron} {key}"),
            format!("moved {player}")
        ]
    );
    // A chain: the key at the far end goes in, the box takes its cell.
    let batches = assert_steps_in(&legend(), "#@$bc #", "r", "#-@$K #");
    assert_eq!(story(&batches[0]).len(), 3, "put_in, the box, the player");
    // Anything else is stopped as by any blocker.
    let batches = assert_steps_in(&legend(), "#@$c #", "r", "#@$c #");
    assert!(bumped(batches[0].events()));
}

#[test]
fn blue_and_yellow_brew_a_green_key() {
    const BEFORE: &str = "#@bY #";
    let cauldron = id(BEFORE, 3, 0, TagKind::Cauldron);
    let played = assert_play_in(&legend(), &Rules::MUSCLEMAN, BEFORE, "r", "#-@g #");
    let story = story(&played.batches[0]);
    assert_eq!(story.len(), 3, "{story:?}");
    assert!(story[0].starts_with(&format!("put_in {cauldron} ")));
    assert!(
        story[2].starts_with(&format!("brewed {cauldron} ")),
        "{story:?}"
    );
    assert_eq!(played.world.counter(GlobalCounter::GreenKeysMade), 1);
    assert_eq!(played.world.counter(GlobalCounter::BongsMade), 0);
    // Yellow into blue, the other order, brews the same.
    assert_steps_in(&legend(), "#@yK #", "r", "#-@g #");
}

#[test]
fn any_other_two_keys_brew_a_bong_holding_them_in_the_order_they_went_in() {
    let played = assert_play_in(&legend(), &Rules::MUSCLEMAN, "#@rK #", "r", "#-@W #");
    assert_eq!(played.world.counter(GlobalCounter::BongsMade), 1);
    // Two of one colour too.
    assert_steps_in(&legend(), "#@yY #", "r", "#-@V #");
    // The brewed bong smashes back into its keys (BongsBroken).
    let played = assert_play_in(
        &legend(),
        &Rules::MUSCLEMAN,
        "######\n#-@--#\n#-hW-#\n#----#\n######",
        "g[",
        "######\n#-@r-#\n#-hb-#\n#----#\n######",
    );
    assert!(
        played
            .last()
            .iter()
            .any(|e| matches!(e, muscleman_core::SimEvent::Smashed(Smashed { .. })))
    );
    assert_eq!(played.world.counter(GlobalCounter::BongsBroken), 1);
}

#[test]
fn the_brew_comes_after_collecting_and_its_product_keeps_a_plate_pressed() {
    // The player collects the coin under the key it pushed: collect, then brew.
    let batches = assert_steps_in(&legend(), "#@EK #", "r", "#-@g #");
    let kinds: Vec<String> = story(&batches[0])
        .iter()
        .map(|s| s.split(' ').next().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(kinds, ["put_in", "moved", "item_collected", "brewed"]);
    // A cauldron on a plate presses it (loaded so); its product does too,
    // with no event of the plate: the red door it holds open stays open.
    const ON_PLATE: &str = "#@yQ O#";
    let plate = id(ON_PLATE, 3, 0, TagKind::PressurePlate);
    let batches = assert_steps_in(&legend(), ON_PLATE, "r", "#-@I O#");
    assert!(
        !story(&batches[0])
            .iter()
            .any(|s| s.contains(&plate.to_string()) && s.starts_with("plate")),
        "{:?}",
        story(&batches[0])
    );
    // Ids at load: the plate before the cauldron (rules.md §3's order).
    assert!(plate < id(ON_PLATE, 3, 0, TagKind::Cauldron));
}

#[test]
fn every_push_chain_of_a_move_puts_a_key_in_but_no_swing_shove() {
    // Carried forward: the held key goes in, the hands let go.
    let batches = assert_steps_in(&legend(), "#@bc #", "[gr", "#-@K #");
    let last = story(&batches[2]);
    assert!(
        last[0].starts_with("put_in") && last[2].starts_with("grab_released"),
        "{last:?}"
    );
    // Sideways: the item lane's key goes in.
    assert_steps_in(
        &legend(),
        "#####\n#@  #\n#bc #\n#####",
        "gr",
        "#####\n#-@ #\n#-K #\n#####",
    );
    // Backward: the player's lane pushes a key into a cauldron behind.
    let batches = assert_steps_in(&legend(), "#cb@$#", "[gl", "#K@$-#");
    assert!(story(&batches[2])[0].starts_with("put_in"));
    // A swing's shove pushes keys like anything else: blocked by the cauldron.
    let batches = assert_steps_in(
        &legend(),
        "######\n#@   #\n#$bc #\n######",
        "g[",
        "######\n#@   #\n#$bc #\n######",
    );
    assert_eq!(story(&batches[1]), ["swing_blocked via"]);
}

#[test]
fn a_brewed_green_key_opens_the_green_door() {
    assert_steps_in(&legend(), "#@yK G#", "rrr", "#---@u#");
}

#[test]
fn history_and_saves_bring_cauldrons_and_their_contents_back() {
    assert_history_round_trips_in(&legend(), "#@bcrK #\n#   yY #\n#######", "rlddrrl");
    assert_history_round_trips_in(&legend(), "#@rbc #", "rrr");
}

/// Level analysis reads the brew the cauldron declares ([`BREWS`]).
#[test]
fn a_cauldron_with_a_blue_and_a_yellow_key_is_a_source_of_green_keys() {
    let g =
        "legend: c = Cauldron\nlegend: b = KeyBlue\nlegend: y = KeyYellow\nlegend: G = DoorGreen\n";
    // Blue, yellow and a cauldron: the green door has its key, and neither
    // key lacks a use (the cauldron takes it).
    let brewed = Level::parse(&format!("{g}########\n#@byc G#\n########\n")).expect("level");
    assert_eq!(signal_warnings(&brewed, BREWS), []);
    // The blue key already in the cauldron counts too.
    let inside = Level::parse(&format!(
        "{g}legend: e = Cauldron(KeyBlue)\n########\n#@ye  G#\n########\n"
    ))
    .expect("level");
    assert_eq!(signal_warnings(&inside, BREWS), []);
    // Without the yellow key nothing brews green; the blue key still has
    // the cauldron.
    let half = Level::parse(&format!("{g}########\n#@b c G#\n########\n")).expect("level");
    assert_eq!(
        signal_warnings(&half, BREWS),
        [SignalWarning::DoorWithoutOpener {
            color: KeyColor::Green,
            at: GridPos::new(6, 1),
            floor: 1
        }]
    );
    // Without a cauldron, a key with no door of its colour is still a slip.
    let lone = Level::parse(&format!("{g}#######\n#@by  #\n#######\n")).expect("level");
    assert_eq!(
        signal_warnings(&lone, BREWS).len(),
        2,
        "the blue and the yellow key"
    );
}
