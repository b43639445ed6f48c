//! Walking (plan Task 11 and rules.md §4 "Walk").

mod common;

use common::{TestWorld, assert_steps, bumped};
use muscleman_core::{EntityRecipe, GridDir, GridPos, Input, MoveCause, Moved};
use muscleman_sim::{Facing, Game, Rules, StepError, World, spawn, step, step_with};

#[test]
fn walking_into_open_cell_succeeds_and_emits_moved() {
    let mut t = TestWorld::new().player_at(5, 5);
    let batch = t.mv(GridDir::Right);

    assert_eq!(t.player_pos(), GridPos::new(6, 5));
    let moved: Vec<&Moved> = batch.of::<Moved>().collect();
    assert_eq!(moved.len(), 1);
    assert_eq!(moved[0].to, GridPos::new(6, 5));
    assert_eq!(moved[0].cause, MoveCause::Player);
}

#[test]
fn walking_into_wall_is_a_no_op() {
    let mut t = TestWorld::new().player_at(5, 5).wall(6, 5);
    let batch = t.mv(GridDir::Right);

    assert_eq!(t.player_pos(), GridPos::new(5, 5));
    assert_eq!(batch.of::<Moved>().count(), 0);
}

#[test]
fn walking_into_weak_wall_is_blocked_for_player() {
    let mut t = TestWorld::new().player_at(5, 5).weak_wall(6, 5);
    t.mv(GridDir::Right);
    assert_eq!(t.player_pos(), GridPos::new(5, 5));
}

#[test]
fn walking_in_each_cardinal_direction_works() {
    let mut t = TestWorld::new().player_at(5, 5);
    t.mv(GridDir::Right);
    assert_eq!(t.player_pos(), GridPos::new(6, 5));
    t.mv(GridDir::Down);
    assert_eq!(t.player_pos(), GridPos::new(6, 6));
    t.mv(GridDir::Left);
    assert_eq!(t.player_pos(), GridPos::new(5, 6));
    t.mv(GridDir::Up);
    assert_eq!(t.player_pos(), GridPos::new(5, 5));
}

#[test]
fn wait_input_emits_no_movement() {
    let mut t = TestWorld::new().player_at(5, 5);
    let batch = t.step(Input::Wait);

    assert_eq!(t.player_pos(), GridPos::new(5, 5));
    assert_eq!(batch.of::<Moved>().count(), 0);
}

#[test]
fn goals_are_walked_over_but_water_stops_the_player() {
    assert_steps(
        "
        @.~
        ",
        "rrr",
        "
        -+~
        ",
    );
}

#[test]
fn facing_turns_even_when_the_move_is_blocked() {
    let mut t = TestWorld::new().player_at(1, 1).wall(1, 0);
    assert_eq!(t.world.get::<Facing>(t.player).unwrap().0, GridDir::Down);
    let batch = t.mv(GridDir::Up);

    assert!(bumped(batch.events()), "a refused move only bumps");
    assert_eq!(t.player_pos(), GridPos::new(1, 1));
    assert_eq!(t.world.get::<Facing>(t.player).unwrap().0, GridDir::Up);
}

#[test]
fn facing_follows_every_move() {
    let mut t = TestWorld::new().player_at(0, 0);
    for dir in [GridDir::Right, GridDir::Down, GridDir::Left, GridDir::Up] {
        t.mv(dir);
        assert_eq!(t.world.get::<Facing>(t.player).unwrap().0, dir);
    }
}

#[test]
fn stepping_something_that_is_not_a_player_is_an_error() {
    let mut w = World::new();
    let boxed = spawn(&mut w, EntityRecipe::Box, GridPos::new(0, 0)).unwrap();
    assert_eq!(
        step(&mut w, boxed, Input::Wait),
        Err(StepError::NotAPlayer(boxed))
    );
    let player = spawn(&mut w, EntityRecipe::Player, GridPos::new(3, 0)).unwrap();
    w.destroy(player).unwrap();
    assert!(matches!(
        step(&mut w, player, Input::Move(GridDir::Left)),
        Err(StepError::World(_))
    ));
    assert_eq!(w.position(boxed).unwrap(), GridPos::new(0, 0));
}

/// `Game`'s fast walk writes the player's move before it looks at the cell
/// ahead and takes it back when the walk does not go (`walk::walk_free`,
/// `MOVE_FIRST`); the world's own step writes it last. Both must report
/// the same events: walks, a goal crossed, walls, a push, a push onto a
/// goal, a push blocked by a wall and by a second box, and a wait, in a
/// level where a move runs the walk alone (no water, plates or actors).
#[test]
fn game_steps_report_what_the_world_step_reports() {
    let grid = "
        #########
        #-@-$-.-#
        #-#---$-#
        #---$-$-#
        #---.---#
        #########
    ";
    let level = common::level_from_ascii(grid);
    for rules in [Rules::MUSCLEMAN, Rules::SOKOBAN] {
        let mut game = Game::new(&level, rules).unwrap();
        let (mut world, player) = common::world_from_ascii(grid);
        for (i, input) in common::inputs("lldrrrurrrddlluldrrdrrrllluuw")
            .into_iter()
            .enumerate()
        {
            let ours = game.step(input).unwrap();
            let theirs = step_with(&mut world, player, input, &rules).unwrap();
            assert_eq!(ours, theirs, "input {i} ({input:?}) under {rules:?}");
            assert_eq!(
                game.world().position(player).unwrap(),
                world.position(player).unwrap()
            );
        }
        assert!(game.stats().pushes > 0, "the walk pushed under {rules:?}");
    }
}
