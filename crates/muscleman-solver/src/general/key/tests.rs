//! The dead cells and the keys, on small levels.

use super::*;

fn dead(text: &str) -> Vec<(i32, i32)> {
    dead_with(text, false)
}

fn dead_with(text: &str, hands: bool) -> Vec<(i32, i32)> {
    let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let cells = DeadCells::unreachable(&level, hands);
    let mut out = Vec::new();
    for y in -2..i32::try_from(level.height()).unwrap_or(0) + 2 {
        for x in -2..i32::try_from(level.width()).unwrap_or(0) + 2 {
            if cells.contains(GridPos::new(x, y)) {
                out.push((x, y));
            }
        }
    }
    out
}

#[test]
fn dead_cells_are_those_no_push_brings_to_a_goal() {
    // The top row reaches the goal from all but its far corner; nothing
    // ever pushes a box up out of the bottom row.
    let text = "######\n#.  @#\n#    #\n######\n";
    assert_eq!(dead(text), vec![(4, 1), (1, 2), (2, 2), (3, 2), (4, 2)]);
}

#[test]
fn the_floor_past_an_open_edge_is_live() {
    // Closed, the cell beside the goal is a corner; open, a box there
    // can be pushed off the edge (floor to the sim) or back to the goal
    // from beyond it.
    assert_eq!(dead("####\n#.@#\n####\n"), vec![(2, 1)]);
    assert_eq!(dead("####\n#.@ \n####\n"), Vec::<(i32, i32)>::new());
}

#[test]
fn with_hands_a_box_is_pulled_out_of_corners_but_not_out_of_a_closet() {
    // Without hands the corners and the bottom row are dead; with hands
    // a box there is pulled or carried out. The closet at (6, 2) opens
    // only up, onto a corridor that turns at once: nothing pushes the
    // box out (no cell below), nothing pulls it (no cell above the
    // corridor), carries and swings need a cell beside it.
    let text = "########\n#.  @ ##\n#     ##\n########\n";
    assert_eq!(
        dead(text),
        vec![(5, 1), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]
    );
    assert_eq!(dead_with(text, true), Vec::<(i32, i32)>::new());
    let closet = "########\n#.@    #\n###### #\n########\n";
    assert_eq!(dead_with(closet, true), vec![(6, 2)]);
    let level = Level::parse(closet).unwrap_or_else(|e| panic!("{e}"));
    assert!(DeadCells::sound(&level, true));
    // Two floors: stairs could take a held box to the other one.
    let two_floors = "#####\n#@$.#\n#####\nfloor: 2\n#####\n#   #\n#####\n";
    let level = Level::parse(two_floors).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(level.floor_count(), 2);
    assert!(!DeadCells::sound(&level, true));
    assert!(DeadCells::sound(&level, false));
}

#[test]
fn only_strong_walls_count() {
    // A weak wall may be smashed, water filled, a door opened: floor.
    let text = "legend: D = DoorRed\n#######\n#.%~D@#\n#######\n";
    assert_eq!(dead(text), vec![(5, 1)]);
}

/// The key of `text`'s start and of its position after `waits` waits,
/// written by the key writer of `keyed`'s start with the player's Facing
/// keyed as `facing`.
fn keys_after(keyed: &str, text: &str, waits: usize, facing: FacingKey) -> Vec<u32> {
    let rules = muscleman_sim::Rules::MUSCLEMAN;
    let writer_level = Level::parse(keyed).unwrap_or_else(|e| panic!("{e}"));
    let writer_trail =
        muscleman_sim::Trail::new(&writer_level, rules).unwrap_or_else(|e| panic!("{e}"));
    let writer = KeyWriter::new(
        &writer_level,
        writer_trail.world(),
        writer_trail.player(),
        DeadCells::default(),
        facing,
    );
    let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let mut trail = muscleman_sim::Trail::new(&level, rules).unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..waits {
        trail
            .step(muscleman_core::Input::Wait)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let (mut key, mut boxes) = (Vec::new(), Vec::new());
    writer.write(trail.world(), None, &mut key, &mut boxes);
    key
}

#[test]
fn positions_that_differ_only_in_a_duck_s_facing_have_different_keys() {
    // A duck shut in a closet only turns; the same level with the duck
    // facing another way is, id for id, the same world but for that
    // Facing. Whatever the player's Facing is keyed as, the keys differ.
    let down = "legend: d = Duck\n#####\n#@$.#\n#####\n#d###\n#####\n";
    let left = down.replace("Duck", "Duck:left");
    for facing in [FacingKey::Always, FacingKey::Never, FacingKey::Holding] {
        assert_eq!(
            keys_after(down, down, 0, facing),
            keys_after(down, down, 0, facing)
        );
        assert_ne!(
            keys_after(down, down, 0, facing),
            keys_after(down, &left, 0, facing)
        );
        // One wait turns the shut-in duck from down to left: the key of
        // the duck that starts facing left; that one, after a wait,
        // faces up: another key.
        assert_eq!(
            keys_after(down, down, 1, facing),
            keys_after(down, &left, 0, facing)
        );
        assert_ne!(
            keys_after(down, down, 1, facing),
            keys_after(down, &left, 1, facing)
        );
    }
    // Where the level brews (a cauldron: entities may be spawned), after a
    // brew the key writes every entity with its id, a duck's Facing too.
    let brew = "legend: d = Duck\nlegend: c = Cauldron(KeyBlue)\nlegend: y = KeyYellow\n\
                #######\n#@yc .#\n#  $  #\n#######\n#d#####\n#######\n";
    let turned = brew.replace("Duck", "Duck:up");
    let pushed = |text: &str| {
        let rules = muscleman_sim::Rules::MUSCLEMAN;
        let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let mut trail = muscleman_sim::Trail::new(&level, rules).unwrap_or_else(|e| panic!("{e}"));
        let start = Level::parse(brew).unwrap_or_else(|e| panic!("{e}"));
        let origin = muscleman_sim::Trail::new(&start, rules).unwrap_or_else(|e| panic!("{e}"));
        let writer = KeyWriter::new(
            &start,
            origin.world(),
            origin.player(),
            DeadCells::default(),
            FacingKey::Never,
        );
        // The yellow key pushed into the cauldron: a green key is brewed.
        trail
            .step(muscleman_core::Input::Move(GridDir::Right))
            .unwrap_or_else(|e| panic!("{e}"));
        let (mut key, mut boxes) = (Vec::new(), Vec::new());
        writer.write(trail.world(), None, &mut key, &mut boxes);
        (key, trail.world().len(), origin.world().len())
    };
    let (a, after, before) = pushed(brew);
    assert_ne!(after, before, "the brew spawned nothing");
    let (b, _, _) = pushed(&turned);
    assert_eq!(a.first(), Some(&1), "written in the spawned form");
    assert_ne!(a, b);
}
