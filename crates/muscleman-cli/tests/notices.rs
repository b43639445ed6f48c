//! The status line says what a step did that a player should notice (a
//! key into a cauldron, a brew, a door unlocked by its key, a smashed bong
//! and where its keys went, a heavy box sunk, a plate's door, a thing
//! collected, a ghost released), from the step's events, named as the view names things.

mod common;

use common::app_of;
use muscleman_cli::play::App;

/// Press `keys` (letters, `[` `]`), then return the status line's message.
fn said(app: &mut App, keys: &str) -> String {
    common::keys(app, keys);
    app.message().unwrap_or_default().to_owned()
}

#[test]
fn a_key_into_a_cauldron_and_a_brew_are_said() {
    let mut a = app_of(
        "legend: c = Cauldron\nlegend: e = KeyBlue\nlegend: y = KeyYellow\n\
                     #########\n#@e c   #\n#########\n",
    );
    assert_eq!(said(&mut a, "d"), "");
    assert_eq!(said(&mut a, "d"), "The blue key went into the cauldron");
    let mut a =
        app_of("legend: c = Cauldron(KeyBlue)\nlegend: y = KeyYellow\n#######\n#@y c #\n#######\n");
    assert_eq!(
        said(&mut a, "dd"),
        "The cauldron brewed its two keys into a green key"
    );
}

#[test]
fn a_door_unlocked_by_its_key_is_said_once() {
    let mut a = app_of("legend: k = KeyRed\nlegend: d = DoorRed\n#######\n#@kd $.#\n#######\n");
    assert_eq!(
        said(&mut a, "d"),
        "The red key unlocked the red door for good"
    );
}

#[test]
fn a_smashed_bong_says_which_keys_fell_out() {
    let mut a = app_of(
        "legend: t = Hammer\nlegend: o = Bong(KeyRed KeyBlue)\n\
                     ######\n#@t  #\n# o  #\n#  .$#\n######\n",
    );
    assert_eq!(said(&mut a, "[g"), "");
    assert_eq!(
        said(&mut a, "]"),
        "The bong broke: a red key and a blue key fell out"
    );
}

#[test]
fn a_sunk_heavy_box_a_plates_door_and_a_thing_taken_are_said() {
    let mut a = app_of("#######\n#@&~ .#\n#$    #\n#######\n");
    assert_eq!(
        said(&mut a, "d"),
        "The heavy box sank and fills the water: walk over it"
    );
    let mut a = app_of(
        "legend: p = PressurePlateRed\nlegend: r = DoorRed\n\
                     ########\n#@$p r.#\n#      #\n########\n",
    );
    assert_eq!(said(&mut a, "d"), "The red door opened");
    let mut a = app_of("legend: a = Apple\n#######\n#@a$. #\n#######\n");
    assert_eq!(said(&mut a, "d"), "You took the apple");
    // Undo says nothing of the sort.
    assert_eq!(said(&mut a, "z"), "");
}

#[test]
fn a_ghost_released_by_a_pushed_book_or_by_its_own_walk_is_said() {
    // A book pushed into the ghost.
    let mut a = app_of("legend: b = Book\nlegend: g = Ghost\n#########\n#@bg  $.#\n#########\n");
    assert_eq!(said(&mut a, "d"), "The book released the ghost");
    // The ghost walks into a book lying ahead of it.
    let mut a = app_of(
        "legend: b = Book\nlegend: g = Ghost:left\n#########\n#@ b g  #\n#   $.  #\n#########\n",
    );
    assert_eq!(said(&mut a, "."), "");
    assert_eq!(said(&mut a, "."), "The book released the ghost");
    // Undo brings it back and says nothing.
    assert_eq!(said(&mut a, "z"), "");
}
