//! Pushing boxes and chains of boxes (plan Tasks 12–13, rules.md §4 "Push chain").

mod common;

use common::{
    TestWorld, assert_steps, assert_steps_with, bumped, checked_step, dump_without_facing,
    world_from_ascii,
};
use muscleman_core::{EntityId, GridDir, GridPos, Input, MoveCause, Moved};
use muscleman_sim::{Facing, Rules, World};

#[test]
fn pushing_a_box_into_open_cell_moves_both_player_and_box() {
    let mut t = TestWorld::new().player_at(5, 5).boxed(6, 5, "box");
    let batch = t.mv(GridDir::Right);

    assert_eq!(t.player_pos(), GridPos::new(6, 5));
    assert_eq!(t.pos_of("box"), GridPos::new(7, 5));
    assert_eq!(batch.of::<Moved>().count(), 2);
}

#[test]
fn pushing_a_box_into_a_wall_is_blocked() {
    let mut t = TestWorld::new()
        .player_at(5, 5)
        .boxed(6, 5, "box")
        .wall(7, 5);
    t.mv(GridDir::Right);

    assert_eq!(t.player_pos(), GridPos::new(5, 5));
    assert_eq!(t.pos_of("box"), GridPos::new(6, 5));
}

#[test]
fn push_emits_box_moved_with_push_cause() {
    let mut t = TestWorld::new().player_at(5, 5).boxed(6, 5, "box");
    let batch = t.mv(GridDir::Right);

    let boxed = t.id("box");
    assert!(
        batch
            .of::<Moved>()
            .any(|m| m.entity == boxed && m.cause == MoveCause::Push)
    );
}

#[test]
fn pushing_a_heavy_box_works_the_same_as_a_normal_box() {
    let mut t = TestWorld::new().player_at(5, 5).heavy_box(6, 5, "heavy");
    t.mv(GridDir::Right);

    assert_eq!(t.player_pos(), GridPos::new(6, 5));
    assert_eq!(t.pos_of("heavy"), GridPos::new(7, 5));
}

#[test]
fn pushing_a_line_of_two_boxes_moves_both() {
    let mut t = TestWorld::new()
        .player_at(5, 5)
        .boxed(6, 5, "b1")
        .boxed(7, 5, "b2");
    t.mv(GridDir::Right);

    assert_eq!(t.player_pos(), GridPos::new(6, 5));
    assert_eq!(t.pos_of("b1"), GridPos::new(7, 5));
    assert_eq!(t.pos_of("b2"), GridPos::new(8, 5));
}

#[test]
fn pushing_a_line_of_three_boxes_moves_all_three() {
    let mut t = TestWorld::new()
        .player_at(5, 5)
        .boxed(6, 5, "b1")
        .boxed(7, 5, "b2")
        .boxed(8, 5, "b3");
    t.mv(GridDir::Right);

    assert_eq!(t.pos_of("b1"), GridPos::new(7, 5));
    assert_eq!(t.pos_of("b2"), GridPos::new(8, 5));
    assert_eq!(t.pos_of("b3"), GridPos::new(9, 5));
}

#[test]
fn line_blocked_by_wall_at_terminus_does_not_move() {
    let mut t = TestWorld::new()
        .player_at(5, 5)
        .boxed(6, 5, "b1")
        .boxed(7, 5, "b2")
        .wall(8, 5);
    t.mv(GridDir::Right);

    assert_eq!(t.player_pos(), GridPos::new(5, 5));
    assert_eq!(t.pos_of("b1"), GridPos::new(6, 5));
    assert_eq!(t.pos_of("b2"), GridPos::new(7, 5));
}

#[test]
fn line_emits_moved_for_every_pushed_entity() {
    let mut t = TestWorld::new()
        .player_at(5, 5)
        .boxed(6, 5, "b1")
        .boxed(7, 5, "b2");
    let batch = t.mv(GridDir::Right);

    assert_eq!(batch.of::<Moved>().count(), 3);
    assert_eq!(
        batch
            .of::<Moved>()
            .filter(|m| m.cause == MoveCause::Push)
            .count(),
        2
    );
}

#[test]
fn a_chain_pushes_right() {
    assert_steps("@$$ #", "r", "-@$$#");
}

#[test]
fn a_chain_pushes_left() {
    assert_steps("# $$&@", "l", "#$$&@");
}

#[test]
fn a_chain_pushes_up() {
    assert_steps(
        "
        #
        -
        $
        &
        $
        @
        ",
        "u",
        "
        #
        $
        &
        $
        @
        ",
    );
}

#[test]
fn a_chain_pushes_down() {
    assert_steps(
        "
        @
        $
        $
        -
        -
        #
        ",
        "dd",
        "
        -
        -
        @
        $
        $
        #
        ",
    );
}

#[test]
fn mixed_box_and_heavy_box_chains_move_as_one() {
    assert_steps("@&$&$&  #", "rr", "--@&$&$&#");
}

#[test]
fn a_chain_into_a_weak_wall_is_refused() {
    assert_steps("@$&$%", "r", "@$&$%");
}

#[test]
fn a_chain_may_end_on_water_or_a_goal() {
    let mut t = TestWorld::new()
        .player_at(0, 0)
        .boxed(1, 0, "b1")
        .boxed(2, 0, "b2")
        .water(3, 0)
        .wall(5, 0);
    t.mv(GridDir::Right);
    t.mv(GridDir::Right);
    assert_eq!(t.pos_of("b1"), GridPos::new(3, 0));
    assert_eq!(t.pos_of("b2"), GridPos::new(4, 0));
    assert_eq!(t.player_pos(), GridPos::new(2, 0));
}

#[test]
fn a_box_leaves_a_goal_and_the_goal_stays() {
    assert_steps("@*. #", "r", "-+* #");
}

#[test]
fn a_chain_of_fifty_moves_in_one_step() {
    let boxes = "$".repeat(50);
    let before = format!("#@{boxes} #");
    let after = format!("#-@{boxes}#");
    let batches = assert_steps(&before, "r", &after);
    assert_eq!(batches[0].len(), 51);
    // The next push is refused: the chain is against the wall.
    assert_steps(&after, "r", &after);
}

#[test]
fn events_come_far_end_first_then_the_player() {
    let (mut world, player) = world_from_ascii("@$&$ ");
    let at = |x| world.index().pushable_at(GridPos::new(x, 0)).unwrap();
    let (b1, h, b3) = (at(1), at(2), at(3));
    let batch = checked_step(
        &mut world,
        player,
        Input::Move(GridDir::Right),
        &Rules::MUSCLEMAN,
    );

    let order: Vec<(EntityId, i32, i32, MoveCause)> = batch
        .of::<Moved>()
        .map(|m| (m.entity, m.from.x, m.to.x, m.cause))
        .collect();
    assert_eq!(
        order,
        [
            (b3, 3, 4, MoveCause::Push),
            (h, 2, 3, MoveCause::Push),
            (b1, 1, 2, MoveCause::Push),
            (player, 0, 1, MoveCause::Player),
        ]
    );
    assert_eq!(batch.len(), 4);
}

#[test]
fn a_refused_push_changes_nothing_but_facing() {
    let (mut world, player) = world_from_ascii(
        "
        #####
        #.$$#
        # @ #
        #####
        ",
    );
    let mv =
        |world: &mut World, dir| checked_step(world, player, Input::Move(dir), &Rules::MUSCLEMAN);
    // Face right first, so that the refused push below must turn the player.
    mv(&mut world, GridDir::Right);
    mv(&mut world, GridDir::Left);
    let before = dump_without_facing(&world);
    assert!(bumped(mv(&mut world, GridDir::Up).events()));
    assert_eq!(dump_without_facing(&world), before);

    // Now push the pair right into the wall: refused, only facing changes.
    mv(&mut world, GridDir::Left);
    mv(&mut world, GridDir::Up);
    let before = dump_without_facing(&world);
    assert!(bumped(mv(&mut world, GridDir::Right).events()));
    assert_eq!(dump_without_facing(&world), before);
    assert_eq!(world.get::<Facing>(player).unwrap().0, GridDir::Right);
}

#[test]
fn sokoban_rules_refuse_a_chain_of_two() {
    assert_steps_with(&Rules::SOKOBAN, "@$$ #", "r", "@$$ #");
    assert_steps_with(&Rules::SOKOBAN, "@$ $#", "rr", "-@$$#");
}

#[test]
fn max_chain_limits_the_chain_length() {
    let rules = Rules::MUSCLEMAN.with_max_chain(Some(3));
    assert_steps_with(&rules, "@$$$$ ", "r", "@$$$$ ");
    assert_steps_with(&rules, "@$$$ ", "r", "-@$$$");
    let frozen = Rules::MUSCLEMAN.with_max_chain(Some(0));
    assert_steps_with(&frozen, "@$ ", "r", "@$ ");
    assert_steps_with(&frozen, "@ ", "r", "-@");
}

#[test]
fn pushing_across_a_sokoban_level_reaches_the_goal() {
    assert_steps(
        "
        ####
        # .#
        #  ###
        #*@  #
        #  $ #
        #  ###
        ####
        ",
        "dlurrrdllu",
        "
        ####
        # .#
        #$ ###
        #.@  #
        #$   #
        #  ###
        ####
        ",
    );
}

#[test]
fn a_chain_at_the_edge_of_the_grid_is_refused() {
    use muscleman_core::EntityRecipe;
    use muscleman_sim::{World, spawn};

    let mut world = World::new();
    let y = 0;
    let player = spawn(
        &mut world,
        EntityRecipe::Player,
        GridPos::new(i32::MAX - 2, y),
    )
    .unwrap();
    spawn(&mut world, EntityRecipe::Box, GridPos::new(i32::MAX - 1, y)).unwrap();
    spawn(&mut world, EntityRecipe::Box, GridPos::new(i32::MAX, y)).unwrap();
    let batch = checked_step(
        &mut world,
        player,
        Input::Move(GridDir::Right),
        &Rules::MUSCLEMAN,
    );
    assert!(bumped(batch.events()));
    assert_eq!(
        world.position(player).unwrap(),
        GridPos::new(i32::MAX - 2, y)
    );
}
