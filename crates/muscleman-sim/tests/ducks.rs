//! Ducks and the actors phase (rules.md §4, "Actors phase: ducks"): every
//! step, whatever the input, each duck the player does not hold walks one
//! cell its way inside its floor's rectangle (swimming, never pushing), or
//! turns clockwise and quacks when it cannot; it presses coloured plates,
//! is pushed and carried like a box, and its Facing is state.

mod common;

use common::{
    Legend, assert_history_round_trips_in, assert_play_in, assert_steps_in, id_at_in, legend_with,
    level_from_ascii_in, played_in, story,
};
use muscleman_core::{EntityRecipe, GridDir, GridPos, Input, MoveCause, Moved, SimEvent};
use muscleman_level::Level;
use muscleman_sim::{Facing, Game, Rules, TagKind};

/// The duck letters, over the common test legend.
const DUCKS: &Legend = &[
    ('d', "Duck"),
    ('A', "Duck:up"),
    ('s', "Duck:right"),
    ('x', "Duck:left"),
    ('X', "WaterCell Duck:right"),
    ('z', "WaterCell Duck"),
    ('F', "Duck:right PressurePlateRed"),
    ('V', "Duck:right PressurePlateHeavy"),
    ('M', "Duck Goal"),
];

fn legend() -> Vec<(char, &'static str)> {
    legend_with(DUCKS)
}

fn duck(grid: &str, x: i32, y: i32) -> String {
    format!("moved {}", id_at_in(&legend(), grid, x, y, TagKind::Brain))
}

fn quack(grid: &str, x: i32, y: i32) -> String {
    format!("quack {}", id_at_in(&legend(), grid, x, y, TagKind::Brain))
}

#[test]
fn a_duck_walks_every_step_whatever_the_input_and_turns_and_quacks_when_blocked() {
    const BEFORE: &str = "
        #######
        #@ s  #
        #######
    ";
    let player = format!(
        "moved {}",
        id_at_in(&legend(), BEFORE, 1, 1, TagKind::Player)
    );
    // A wait, a grab of nothing, a turn in place, a walk.
    let batches = assert_steps_in(
        &legend(),
        BEFORE,
        "wg]r",
        "
        #######
        #-@  x#
        #######
        ",
    );
    let (walks, quacks) = (duck(BEFORE, 3, 1), quack(BEFORE, 3, 1));
    assert_eq!(story(&batches[0]), std::slice::from_ref(&walks));
    assert_eq!(story(&batches[1]), [walks]);
    assert_eq!(
        story(&batches[2]),
        std::slice::from_ref(&quacks),
        "the wall: it turns down"
    );
    assert_eq!(story(&batches[3]), [player, quacks], "the player first");
    let moved: Vec<_> = batches[0].of::<Moved>().map(|m| m.cause).collect();
    assert_eq!(moved, [MoveCause::Brain]);
}

#[test]
fn a_duck_swims_never_pushes_and_never_sinks() {
    const BEFORE: &str = "
        #######
        #@ s~$#
        #######
    ";
    let batches = assert_steps_in(
        &legend(),
        BEFORE,
        "ww",
        "
        #######
        #@  z$#
        #######
        ",
    );
    assert_eq!(story(&batches[1]), [quack(BEFORE, 3, 1)], "the box stays");
}

#[test]
fn a_duck_stays_inside_its_floor_s_rectangle() {
    // The gap in the right wall is inside the rectangle; beyond it is not.
    let batches = assert_steps_in(
        &legend(),
        "
        #####
        #@ s
        #####
        ",
        "www",
        "
        #####
        #@  x
        #####
        ",
    );
    assert_eq!(batches[0].of::<Moved>().count(), 1);
    assert_eq!(batches[1].of::<Moved>().count(), 0, "outside: it turns");
    // A level with no wall, water, goal or stairs has no rectangle: its
    // ducks only turn, round and round.
    let batches = assert_steps_in(&legend(), "@ s", "wwww", "@ s");
    assert!(batches.iter().all(|b| b.of::<Moved>().count() == 0));
}

#[test]
fn ducks_act_in_id_order_and_see_the_moves_of_earlier_ones() {
    // Facing right, the first is blocked by the second, which has not moved yet.
    const RIGHT: &str = "
        #######
        #@ ss #
        #######
    ";
    let batches = assert_steps_in(
        &legend(),
        RIGHT,
        "w",
        "
        #######
        #@ d s#
        #######
        ",
    );
    assert_eq!(story(&batches[0]), [quack(RIGHT, 3, 1), duck(RIGHT, 4, 1)]);
    // Facing left, the second walks into the cell the first just left.
    const LEFT: &str = "
        #######
        #@ xx #
        #######
    ";
    let batches = assert_steps_in(
        &legend(),
        LEFT,
        "w",
        "
        #######
        #@xx  #
        #######
        ",
    );
    assert_eq!(story(&batches[0]), [duck(LEFT, 3, 1), duck(LEFT, 4, 1)]);
}

#[test]
fn a_duck_presses_coloured_plates_not_heavy_ones_before_the_environment_answers() {
    const BEFORE: &str = "
        ########
        #@ sp R#
        ########
    ";
    let plate = id_at_in(&legend(), BEFORE, 4, 1, TagKind::PressurePlate);
    let door = id_at_in(&legend(), BEFORE, 6, 1, TagKind::Door);
    let batches = assert_steps_in(
        &legend(),
        BEFORE,
        "www",
        "
        ########
        #@  pdR#
        ########
        ",
    );
    assert_eq!(
        story(&batches[0]),
        [
            duck(BEFORE, 3, 1),
            format!("plate_pressed {plate}"),
            format!("door_opened {door}")
        ]
    );
    assert_eq!(
        story(&batches[1]),
        [
            duck(BEFORE, 3, 1),
            format!("plate_released {plate}"),
            format!("door_closed {door}")
        ]
    );
    assert_eq!(
        story(&batches[2]),
        [quack(BEFORE, 3, 1)],
        "the door is shut"
    );
    // Mid-way the duck stands on the plate and the door is open.
    assert_steps_in(&legend(), BEFORE, "w", "########\n#@  F O#\n########");
    // A duck is not heavy.
    let batches = assert_steps_in(&legend(), "#@ sP #", "w", "#@  V #");
    assert_eq!(batches[0].len(), 1, "only the walk");
}

#[test]
fn a_held_duck_waits_and_a_dropped_one_walks_in_the_same_step() {
    const BEFORE: &str = "
        #####
        #@  #
        #A  #
        #####
    ";
    let batches = assert_steps_in(
        &legend(),
        BEFORE,
        "gwpw",
        "
        #####
        #@  #
        #-s #
        #####
        ",
    );
    assert_eq!(batches[0].len(), 1, "the grab: the duck keeps its facing");
    assert!(batches[1].is_empty(), "held: a wait changes nothing");
    // Dropped, it walks at once: the player blocks it, so it turns.
    assert!(matches!(
        batches[2].events(),
        [SimEvent::GrabReleased(_), SimEvent::SoundHint(_)]
    ));
    assert_eq!(story(&batches[3]), [duck(BEFORE, 1, 2)]);
}

#[test]
fn a_duck_is_pushed_and_carried_like_a_box() {
    const PUSHED: &str = "#@d  #";
    let batches = assert_steps_in(&legend(), PUSHED, "r", "#-@x #");
    let player = format!(
        "moved {}",
        id_at_in(&legend(), PUSHED, 1, 0, TagKind::Player)
    );
    // Pushed, then on its own (no rectangle row below: it turns).
    assert_eq!(
        story(&batches[0]),
        [duck(PUSHED, 2, 0), player, quack(PUSHED, 2, 0)]
    );
    // Carried sideways: held, it does not walk.
    let batches = assert_steps_in(
        &legend(),
        "
        #####
        #@  #
        #d  #
        #####
        ",
        "gr",
        "
        #####
        #-@ #
        #-d #
        #####
        ",
    );
    let causes: Vec<_> = batches[1].of::<Moved>().map(|m| m.cause).collect();
    assert_eq!(causes, [MoveCause::Push, MoveCause::Player]);
}

#[test]
fn every_input_runs_the_actors_phase_sokoban_no_ops_included() {
    // Under Sokoban rules grab and the swings do nothing; the duck walks.
    let played = assert_play_in(&legend(), &Rules::SOKOBAN, "#@ s  #", "g[]", "#@   d#");
    assert!(
        played
            .batches
            .iter()
            .all(|b| b.of::<Moved>().all(|m| m.cause == MoveCause::Brain))
    );
}

#[test]
fn a_refused_move_bumps_last_after_the_ducks_and_the_environment() {
    const BEFORE: &str = "#@#sp #";
    let plate = id_at_in(&legend(), BEFORE, 4, 0, TagKind::PressurePlate);
    let player = id_at_in(&legend(), BEFORE, 1, 0, TagKind::Player);
    let batches = assert_steps_in(&legend(), BEFORE, "r", "#@# F #");
    assert_eq!(
        story(&batches[0]),
        [
            duck(BEFORE, 3, 0),
            format!("plate_pressed {plate}"),
            format!("bump {player}")
        ]
    );
}

#[test]
fn a_duck_counts_on_no_goal_and_its_ids_come_after_what_shares_its_cell() {
    let game = played_in(&legend(), "#@M#", "");
    assert!(!game.is_solved(), "a duck on the only goal");
    // Ids within a cell follow rules.md §3's table: the plate, then the duck.
    let plate = id_at_in(&legend(), "#@F #", 2, 0, TagKind::PressurePlate);
    let duck = id_at_in(&legend(), "#@F #", 2, 0, TagKind::Brain);
    assert!(plate < duck);
    let water = id_at_in(&legend(), "#@X #", 2, 0, TagKind::WaterCell);
    assert!(water < id_at_in(&legend(), "#@X #", 2, 0, TagKind::Brain));
}

#[test]
fn with_a_free_duck_every_step_is_an_undo_step_and_history_restores_facings() {
    const GRID: &str = "
        ######
        #@ s #
        #  $ #
        ######
    ";
    let mut game = played_in(&legend(), GRID, "www");
    assert_eq!(game.undo_depth(), 3, "three waits, three undo steps");
    let duck = id_at_in(&legend(), GRID, 3, 1, TagKind::Brain);
    let facing = |g: &Game| g.world().get::<Facing>(duck).unwrap().0;
    // A step right, a turn at the wall, a step down.
    assert_eq!(facing(&game), GridDir::Down);
    game.undo().unwrap();
    assert_eq!(facing(&game), GridDir::Down);
    game.undo().unwrap();
    assert_eq!(facing(&game), GridDir::Right, "undo turns it back");
    assert_history_round_trips_in(&legend(), GRID, "wwrrdlzzywg]r");
}

#[test]
fn a_duck_s_facing_prints_saves_and_shows_in_the_view() {
    let mut game = played_in(&legend(), "#@ s#", "w");
    let text = game.current_level().unwrap().to_text();
    assert!(
        text.contains("= Duck\n"),
        "facing down prints plain: {text}"
    );
    game.step(Input::Wait).unwrap();
    let text = game.current_level().unwrap().to_text();
    assert!(text.contains("= Duck:left\n"), "{text}");
    // Print then read gives the same duck, facing included.
    let again = Game::new(&Level::parse(&text).unwrap(), Rules::MUSCLEMAN).unwrap();
    assert_eq!(
        again.state_hash(),
        Game::new(&game.current_level().unwrap(), Rules::MUSCLEMAN)
            .unwrap()
            .state_hash()
    );
    let view = game.view();
    let sprite = view
        .sprites()
        .iter()
        .find(|s| s.appearance.kind == "duck")
        .unwrap();
    assert_eq!(
        (sprite.facing, sprite.appearance.state),
        (Some(GridDir::Left), "left")
    );
    let loaded = Game::load(&game.save()).unwrap();
    assert_eq!(loaded.state_hash(), game.state_hash());
    assert!(
        game.save().contains("\"facing\":\"left\""),
        "{}",
        game.save()
    );
}

#[test]
fn a_duck_walks_over_stairs_and_rides_them_only_when_carried() {
    let level = Level::parse(
        "legend: u = StairsUp\nlegend: D = StairsDown\nlegend: s = Duck:right\n\
         #######\n#@ su #\n#     #\n#######\nfloor:\n#######\n#   D #\n#     #\n#######\n",
    )
    .unwrap();
    let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
    let duck = game
        .view()
        .sprites()
        .iter()
        .find(|s| s.appearance.kind == "duck")
        .map(|s| s.entity)
        .unwrap();
    game.step(Input::Wait).unwrap();
    assert_eq!(
        game.world().place(duck).unwrap(),
        (1, GridPos::new(4, 1)),
        "on the stairs"
    );
    game.step(Input::Wait).unwrap();
    assert_eq!(game.world().place(duck).unwrap(), (1, GridPos::new(5, 1)));
    // Carried onto the stairs, it goes up with the player.
    let level = Level::parse(
        "legend: u = StairsUp\nlegend: D = StairsDown\nlegend: s = Duck:right\n\
         #######\n# @u  #\n# s   #\n#######\nfloor:\n#######\n#  D  #\n#     #\n#######\n",
    )
    .unwrap();
    let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
    for input in [Input::Grab, Input::Move(GridDir::Right)] {
        game.step(input).unwrap();
    }
    let duck = game.world().index().first_with(
        TagKind::Brain,
        muscleman_sim::world_cell(2, GridPos::new(3, 2)),
    );
    assert!(duck.is_some(), "the duck is upstairs, below the player");
    assert_eq!(game.player_floor(), 2);
}

#[test]
fn a_level_of_ducks_loads_from_its_legend_states() {
    let level = level_from_ascii_in(&legend(), "#@Asxd#");
    let game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
    let facings: Vec<_> = game
        .view()
        .sprites()
        .iter()
        .filter_map(|s| (s.appearance.recipe == Some(EntityRecipe::Duck)).then_some(s.facing))
        .collect();
    assert_eq!(
        facings,
        [
            Some(GridDir::Up),
            Some(GridDir::Right),
            Some(GridDir::Left),
            Some(GridDir::Down)
        ]
    );
}
