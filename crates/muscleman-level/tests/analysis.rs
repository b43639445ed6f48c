//! Level analysis: the open edge and the warnings about doors and keys.

use muscleman_core::{Brew, EntityRecipe, GridPos, KeyColor};
use muscleman_level::{Level, SignalWarning, open_edge, signal_warnings};

fn level(text: &str) -> Level {
    Level::parse(text).unwrap_or_else(|e| panic!("{e:?}"))
}

fn p(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

#[test]
fn an_open_level_is_found_at_its_first_edge_cell() {
    assert_eq!(open_edge(&level("  $ . @\n")), Some(p(0, 0)));
    assert_eq!(open_edge(&level("#####\n#@$.#\n#####\n")), None);
    // A gap in the wall on the right.
    assert_eq!(open_edge(&level("#####\n#@$. \n#####\n")), Some(p(4, 1)));
    // Weak walls close a level too; boxes and goals do not.
    assert_eq!(open_edge(&level("%%%%%\n%@$.%\n%%%%%\n")), None);
    assert_eq!(open_edge(&level("##$##\n#@ .#\n#####\n")), Some(p(2, 0)));
}

#[test]
fn an_edge_the_player_cannot_reach_leaves_the_level_closed() {
    // Floor on the edge, outside the walls around the player.
    assert_eq!(open_edge(&level("####$\n#@.#.\n#####\n")), None);
    // A gap: the first edge cell reached in reading order is the top right.
    assert_eq!(open_edge(&level("####$\n#@. .\n#####\n")), Some(p(4, 0)));
}

#[test]
fn doors_nothing_opens_and_keys_nothing_needs_are_named_at_the_first_of_each() {
    let text = "\
legend: r = KeyRed
legend: b = DoorBlue
legend: c = DoorBlue
legend: s = SecretDoor
legend: g = DoorGreen
legend: h = PressurePlateGreen
legend: y = Box(KeyYellow)
legend: z = DoorYellow
#########
#@r b c s#
#g h y z #
#########
";
    let warnings = signal_warnings(&level(text), &[]);
    assert_eq!(
        warnings,
        [
            SignalWarning::DoorWithoutOpener {
                color: KeyColor::Blue,
                at: p(4, 1),
                floor: 1,
            },
            SignalWarning::KeyWithoutDoor {
                color: KeyColor::Red,
                at: p(2, 1),
                floor: 1,
            },
            SignalWarning::SecretDoorWithoutPlate {
                at: p(8, 1),
                floor: 1,
            },
        ]
    );
    let said: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            "no key and no plate opens the blue door",
            "the red key has no red door to open",
            "no heavy plate opens the secret door",
        ]
    );
    assert_eq!(
        warnings.iter().map(SignalWarning::at).collect::<Vec<_>>(),
        [p(4, 1), p(2, 1), p(8, 1)]
    );
}

#[test]
fn an_unlocked_door_needs_no_key_and_a_heavy_plate_opens_the_secret_door() {
    let text = "\
legend: d = DoorRed:unlocked
legend: s = SecretDoor
legend: h = PressurePlateHeavy
#######
#@d s h#
#######
";
    assert_eq!(signal_warnings(&level(text), &[]), []);
}

#[test]
fn keys_plates_and_doors_count_on_every_floor() {
    // The key upstairs opens the door downstairs; the yellow key on floor 2
    // has no door, and the green plate on floor 3 opens nothing.
    let text = "\
legend: d = DoorRed
legend: k = KeyRed
legend: y = KeyYellow
legend: g = PressurePlateGreen
#@d#
floor:
 k y
floor: Top
g
";
    let warnings = signal_warnings(&level(text), &[]);
    assert_eq!(
        warnings,
        [
            SignalWarning::KeyWithoutDoor {
                color: KeyColor::Yellow,
                at: p(3, 0),
                floor: 2,
            },
            SignalWarning::PlateWithoutDoor {
                color: Some(KeyColor::Green),
                at: p(0, 0),
                floor: 3,
            }
        ]
    );
    assert_eq!(warnings[0].floor(), 2);
    assert_eq!(
        warnings[1].to_string(),
        "the green plate opens nothing: no green door"
    );
}

#[test]
fn every_floor_is_looked_at_from_its_stairs() {
    use muscleman_level::open_edge_on;
    let two = |upper: &str| {
        level(&format!(
            "legend: u = StairsUp\nlegend: d = StairsDown\n#####\n#@ u#\n#####\nfloor:\n{upper}"
        ))
    };
    assert_eq!(open_edge_on(&two("#####\n#  d#\n#####\n")), None);
    assert_eq!(
        open_edge_on(&two("#####\n#  d \n#####\n")),
        Some((2, p(4, 1)))
    );
    // A floor-1 gap comes first.
    let gap = level(
        "legend: u = StairsUp\nlegend: d = StairsDown\n#####\n @ u#\n#####\nfloor:\n#####\n#  d \n#####\n",
    );
    assert_eq!(open_edge_on(&gap), Some((1, p(0, 1))));
    // The player upstairs: floor 1 is reached from its stairs.
    let up = level(
        "legend: u = StairsUp\nlegend: D = StairsDown Player\n#####\n   u#\n#####\nfloor:\n#####\n#  D#\n#####\n",
    );
    assert_eq!(open_edge_on(&up), Some((1, p(0, 1))));
}

/// What a container brews is the sim's to declare (its cauldron's, tested
/// with the sim); the analysis reads any brew it is given, here one made up.
#[test]
fn a_container_holding_both_keys_it_brews_is_a_source_of_the_key_they_make() {
    let brew = Brew {
        container: EntityRecipe::Box,
        from: [EntityRecipe::KeyRed, EntityRecipe::KeyBlue],
        makes: EntityRecipe::KeyYellow,
    };
    let g = "legend: r = KeyRed\nlegend: b = KeyBlue\nlegend: Y = DoorYellow\n";
    let both = level(&format!("{g}########\n#@rb$ Y#\n########\n"));
    assert_eq!(signal_warnings(&both, &[brew]), []);
    assert_eq!(
        signal_warnings(&both, &[]).len(),
        3,
        "without the brew: the door and both keys"
    );
    let half = level(&format!("{g}########\n#@r $ Y#\n########\n"));
    assert_eq!(
        signal_warnings(&half, &[brew]),
        [SignalWarning::DoorWithoutOpener {
            color: KeyColor::Yellow,
            at: p(6, 1),
            floor: 1
        }]
    );
}
