//! Floors and stairs (rules.md §4 "Floors" and environment step 0): each
//! test is a level before and after, every floor written out, with the
//! invariants checked after every step.

mod common;

use common::{assert_invariants, checked_step, dump, inputs};
use muscleman_core::{EntityId, GridPos, LevelTransition, SimEvent};
use muscleman_level::Level;
use muscleman_sim::{
    Command, Game, Rules, TagKind, World, level_from_world, state_hash, world_from_level,
};

/// The legend of every level here.
const LEGEND: &str = "\
legend: u = StairsUp
legend: d = StairsDown
legend: U = Player StairsUp
legend: D = Player StairsDown
legend: k = KeyRed
legend: R = DoorRed
legend: O = DoorRed:open
legend: p = PressurePlateRed
legend: B = Box StairsDown
legend: N = DoorRed:unlocked
";

fn level(text: &str) -> Level {
    let text = format!("{LEGEND}{}", text.trim_start_matches('\n'));
    Level::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Play `moves` on `before`, checking every step, assert the world reads
/// `after` (every floor), and return the world, the player and the events.
fn play(before: &str, moves: &str, after: &str) -> (World, EntityId, Vec<Vec<SimEvent>>) {
    let start = level(before);
    let (mut world, player) = world_from_level(&start).unwrap();
    assert_invariants(&world);
    let batches = inputs(moves)
        .into_iter()
        .map(|input| {
            checked_step(&mut world, player, input, &Rules::MUSCLEMAN)
                .iter()
                .cloned()
                .collect()
        })
        .collect();
    let now = level_from_world(&world, &start).unwrap();
    let expected = level(after);
    assert!(
        now == expected,
        "after {moves:?}\n--- expected\n{}--- actual\n{}",
        expected.to_text(),
        now.to_text()
    );
    (world, player, batches)
}

/// The id of the entity with `tag` at `(x, y)` of floor `floor` in `text`.
fn id_on(text: &str, floor: u32, x: i32, y: i32, tag: TagKind) -> EntityId {
    let (world, _) = world_from_level(&level(text)).unwrap();
    let at = muscleman_sim::world_cell(floor, GridPos::new(x, y));
    world
        .index()
        .tagged_at(at)
        .find(|(_, t)| t.contains(tag))
        .map(|(id, _)| id)
        .unwrap_or_else(|| panic!("no {tag} at {floor}:({x}, {y})"))
}

fn transitions(batch: &[SimEvent]) -> Vec<LevelTransition> {
    batch
        .iter()
        .filter_map(|e| match e {
            SimEvent::LevelTransition(t) => Some(*t),
            _ => None,
        })
        .collect()
}

const TWO: &str = "
floor:
#####
#@u #
#####
floor:
#####
# d #
#####
";

#[test]
fn the_player_climbs_up_and_comes_back_down() {
    let up = "
floor:
#####
# u #
#####
floor:
#####
# D #
#####
";
    let (world, player, batches) = play(TWO, "r", up);
    let stairs = id_on(TWO, 1, 2, 1, TagKind::StairsUp);
    assert_eq!(
        transitions(&batches[0]),
        [LevelTransition {
            player,
            stairs,
            carried: None,
            from_floor: 1,
            to_floor: 2,
        }]
    );
    assert_eq!(world.place(player), Ok((2, GridPos::new(2, 1))));
    // Arriving is not entering: a wait stays; off and on again goes down.
    let (_, _, batches) = play(TWO, "rw", up);
    assert!(transitions(&batches[1]).is_empty());
    let (_, _, batches) = play(
        TWO,
        "rrl",
        "
floor:
#####
# U #
#####
floor:
#####
# d #
#####
",
    );
    assert_eq!(transitions(&batches[2])[0].to_floor, 1);
}

#[test]
fn each_floor_keeps_its_own_cells() {
    // A wall on floor 2 stands where floor 1 is open: floor 1 walks past.
    play(
        "
floor:
######
#@ u #
######
floor:
######
###d #
######
",
        "r",
        "
floor:
######
# @u #
######
floor:
######
###d #
######
",
    );
}

#[test]
fn a_held_key_goes_upstairs_to_its_door() {
    let before = "
floor:
########
#@k u  #
########
floor:
########
#   d R#
########
";
    // Push the key along, grab it, walk it up, then into its door.
    let (world, player, batches) = play(
        before,
        "rgrr",
        "
floor:
########
#   u  #
########
floor:
########
#   DkR#
########
",
    );
    let key = id_on(before, 1, 2, 1, TagKind::Key);
    let t = transitions(&batches[3]);
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].carried, Some(key));
    assert_eq!(world.place(key), Ok((2, GridPos::new(5, 1))));
    assert_eq!(
        world.get::<muscleman_sim::Holding>(player).unwrap().0,
        Some(key)
    );
    let (_, _, batches) = play(
        before,
        "rgrrr",
        "
floor:
########
#   u  #
########
floor:
########
#   d@N#
########
",
    );
    let door = id_on(before, 2, 6, 1, TagKind::Door);
    assert!(
        batches[4]
            .iter()
            .any(|e| matches!(e, SimEvent::DoorOpened(d) if d.door == door))
    );
}

#[test]
fn an_item_with_no_room_upstairs_is_let_go_and_the_player_climbs_alone() {
    let before = "
floor:
########
#@k u  #
########
floor:
########
#   d$ #
########
";
    let (world, player, batches) = play(
        before,
        "rgrr",
        "
floor:
########
#   uk #
########
floor:
########
#   D$ #
########
",
    );
    let key = id_on(before, 1, 2, 1, TagKind::Key);
    let last = &batches[3];
    let released = last
        .iter()
        .position(|e| matches!(e, SimEvent::GrabReleased(r) if r.entity == key));
    let climbed = last
        .iter()
        .position(|e| matches!(e, SimEvent::LevelTransition(_)));
    assert!(released < climbed, "let go first: {last:?}");
    assert_eq!(transitions(last)[0].carried, None);
    assert_eq!(world.get::<muscleman_sim::Holding>(player).unwrap().0, None);
}

#[test]
fn blocked_stairs_leave_the_player_on_them_still_holding() {
    let before = "
floor:
########
#@k u  #
########
floor:
########
#   B  #
########
";
    let (world, player, batches) = play(
        before,
        "rgrr",
        "
floor:
########
#   Uk #
########
floor:
########
#   B  #
########
",
    );
    assert!(transitions(&batches[3]).is_empty());
    let key = id_on(before, 1, 2, 1, TagKind::Key);
    assert_eq!(
        world.get::<muscleman_sim::Holding>(player).unwrap().0,
        Some(key)
    );
}

#[test]
fn a_key_spent_in_the_move_is_not_carried() {
    // Holding the key at F, the player walks onto the stairs as the key
    // opens its door beyond: the key is gone, the player climbs alone and
    // cleanup empties its hands after the transition.
    let before = "
floor:
#######
#@k uR#
#######
floor:
#######
#   d #
#######
";
    let (world, player, batches) = play(
        before,
        "rgrr",
        "
floor:
#######
#   uN#
#######
floor:
#######
#   D #
#######
",
    );
    let last = &batches[3];
    assert_eq!(transitions(last)[0].carried, None);
    let climbed = last
        .iter()
        .position(|e| matches!(e, SimEvent::LevelTransition(_)));
    let released = last
        .iter()
        .position(|e| matches!(e, SimEvent::GrabReleased(_)));
    assert!(climbed < released, "{last:?}");
    assert_eq!(world.get::<muscleman_sim::Holding>(player).unwrap().0, None);
}

#[test]
fn a_plate_on_one_floor_opens_a_door_on_another() {
    let before = "
floor:
######
#@$p #
######
floor:
######
#  R #
######
";
    let door = id_on(before, 2, 3, 1, TagKind::Door);
    let (_, _, batches) = play(
        before,
        "r",
        "
legend: i = Box PressurePlateRed
floor:
######
# @i #
######
floor:
######
#  O #
######
",
    );
    assert!(
        batches[0]
            .iter()
            .any(|e| matches!(e, SimEvent::DoorOpened(d) if d.door == door))
    );
}

#[test]
fn undo_redo_restart_and_saves_cross_floors_exactly() {
    let start = level(
        "
floor:
########
#@k u  #
########
floor:
########
#   d  #
########
",
    );
    let mut game = Game::new(&start, Rules::MUSCLEMAN).unwrap();
    let state = |g: &Game| (g.state_hash(), dump(g.world()));
    let initial = state(&game);
    for c in "rgrrrl".chars() {
        game.apply(Command::from_letter(c).unwrap()).unwrap();
        assert_invariants(game.world());
    }
    // Up with the key, and back down with it. Saved upstairs, the player
    // and the key say their floor and their floor's own cells.
    let mut upstairs = Game::new(&start, Rules::MUSCLEMAN).unwrap();
    for c in "rgrrr".chars() {
        upstairs.apply(Command::from_letter(c).unwrap()).unwrap();
    }
    let save = upstairs.save();
    assert!(save.contains("\"level_member\":2"), "{save}");
    assert!(save.contains("\"position\":[5,1]"), "{save}");
    let loaded = Game::load(&save).unwrap();
    assert_eq!(state(&loaded), state(&upstairs), "saved upstairs");
    assert_eq!(loaded.player_floor(), 2);
    assert_eq!(game.player_floor(), 1);
    assert_eq!(game.view().player_floor(), 1);
    assert!(game.view().all_sprites().iter().any(|s| s.floor == 2));
    let end = state(&game);
    let loaded = Game::load(&game.save()).unwrap();
    assert_eq!(state(&loaded), end, "save and load");
    while game.undo_depth() > 0 {
        game.undo().unwrap();
        assert_invariants(game.world());
    }
    assert_eq!(state(&game), initial, "undo everything");
    assert_eq!(state_hash(game.world()), initial.0);
    while game.redo_depth() > 0 {
        game.redo().unwrap();
    }
    assert_eq!(state(&game), end, "redo everything");
    game.restart().unwrap();
    assert_eq!(state(&game), initial, "restart");
    game.undo().unwrap();
    assert_eq!(state(&game), end, "undo the restart");
}

#[test]
fn a_swing_upstairs_reports_its_floors_own_cells() {
    let before = "
floor:
#######
#@k u #
#######
floor:
#######
#   d #
#     #
#######
";
    let (world, player, batches) = play(
        before,
        "rgrr]",
        "
floor:
#######
#   u #
#######
floor:
#######
#   D #
#   k #
#######
",
    );
    let swung = batches[4]
        .iter()
        .find_map(|e| match e {
            SimEvent::Swung(s) => Some(*s),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        (swung.arc_from, swung.arc_via, swung.arc_to),
        (GridPos::new(5, 1), GridPos::new(5, 2), GridPos::new(4, 2))
    );
    assert_eq!(world.place(player), Ok((2, GridPos::new(4, 1))));
}

#[test]
fn each_floor_has_its_rectangle_fixed_at_load() {
    // Walls, water, goals and stairs make a floor's rectangle; boxes and
    // weak walls do not.
    let (world, _) = world_from_level(&level(
        "
floor:
-----
-#@u-
-----
floor:
--$%-
---d-
-----
",
    ))
    .unwrap();
    let rects: Vec<_> = world.floors().iter().map(|f| f.rect).collect();
    assert_eq!(
        rects,
        [
            Some((GridPos::new(1, 1), GridPos::new(3, 1))),
            Some((GridPos::new(3, 1), GridPos::new(3, 1))),
        ]
    );
    assert_eq!(world.floor_count(), 2);
    assert!(world.floors()[0].contains(GridPos::new(2, 1)));
    assert!(!world.floors()[1].contains(GridPos::new(2, 0)));
}

#[test]
fn undo_takes_a_climb_back_with_the_moves_alone() {
    // Undo reports the cells moved back (`Moved`, cause Undo); the floor it
    // takes back is no move (rules.md §4 History). A restart reports every
    // entity whose cell or floor differs.
    let mut game = Game::new(&level(TWO), Rules::MUSCLEMAN).unwrap();
    let player = game.player();
    game.apply(Command::from_letter('r').unwrap()).unwrap();
    assert_eq!(game.player_floor(), 2);
    let undone = game.undo().unwrap();
    let moves: Vec<_> = undone.of::<muscleman_core::Moved>().collect();
    assert_eq!(moves.len(), 1, "{undone:?}");
    assert_eq!(
        (moves[0].entity, moves[0].from, moves[0].to),
        (player, GridPos::new(2, 1), GridPos::new(1, 1))
    );
    assert_eq!(game.player_floor(), 1);
    let start = "
floor:
#####
#-U-#
#####
floor:
#####
#-d-#
#####
";
    let mut game = Game::new(&level(start), Rules::MUSCLEMAN).unwrap();
    for c in "rl".chars() {
        game.apply(Command::from_letter(c).unwrap()).unwrap();
    }
    // Stepping off and on again climbs: the player stands on floor 2, in
    // the cell it started in on floor 1.
    assert_eq!(game.player_floor(), 2);
    let restarted = game.restart().unwrap();
    let moves: Vec<_> = restarted.of::<muscleman_core::Moved>().collect();
    assert_eq!(moves.len(), 1, "{restarted:?}");
    assert_eq!(
        (moves[0].from, moves[0].to),
        (GridPos::new(2, 1), GridPos::new(2, 1))
    );
    assert_eq!(game.player_floor(), 1);
}

/// Invariant 9: stairs are paired, and the world's check says when not.
#[test]
fn unpaired_stairs_break_the_floors_invariant() {
    use muscleman_core::{EntityRecipe, GridPos};
    let mut world = muscleman_sim::World::new();
    muscleman_sim::spawn(&mut world, EntityRecipe::StairsUp, GridPos::new(1, 1)).unwrap();
    assert!(
        world.validate_environment().is_err(),
        "no stairs down above"
    );
    let above = muscleman_sim::world_cell(2, GridPos::new(1, 1));
    muscleman_sim::spawn(&mut world, EntityRecipe::StairsDown, above).unwrap();
    assert_eq!(world.validate_environment(), Ok(()));
}
