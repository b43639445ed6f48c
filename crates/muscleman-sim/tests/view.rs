//! The view front ends draw from (issue 11, part 5).

mod common;

use common::level_from_ascii;
use muscleman_core::{
    EntityRecipe, EntitySpec, GlobalCounter, GridDir, GridPos, Input, RecipeState,
};
use muscleman_sim::{
    Appearance, Game, Rules, TagKind, World, appearance, recipe_tags, spawn, spawn_spec, spec_tags,
};

#[test]
fn every_recipe_the_sim_makes_has_its_own_appearance() {
    let cases = [
        (EntityRecipe::Player, Appearance::Player),
        (EntityRecipe::WallStrong, Appearance::WallStrong),
        (EntityRecipe::WallWeak, Appearance::WallWeak),
        (EntityRecipe::WaterCell, Appearance::Water),
        (EntityRecipe::Goal, Appearance::Goal),
        (EntityRecipe::Box, Appearance::Box),
        (EntityRecipe::HeavyBox, Appearance::HeavyBox),
    ];
    for (recipe, looks) in cases {
        assert_eq!(appearance(recipe_tags(recipe).unwrap()), looks, "{recipe}");
    }
    let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
    assert_eq!(
        appearance(spec_tags(&sunk).unwrap()),
        Appearance::SunkHeavyBox
    );
}

#[test]
fn an_entity_changed_by_hand_looks_unknown_but_is_drawn() {
    let mut world = World::new();
    let player = spawn(&mut world, EntityRecipe::Player, GridPos::ZERO).unwrap();
    let odd = world.spawn_empty(GridPos::new(3, 0));
    world.add_tag_kind(odd, TagKind::Openable).unwrap();
    let view = muscleman_sim::View::of(&world, player);
    assert_eq!(
        view.cell(GridPos::new(3, 0))[0].appearance,
        Appearance::Unknown
    );
}

#[test]
fn the_view_follows_the_game_with_facing_holding_and_counters() {
    let mut game = Game::new(&level_from_ascii("#@$ .#"), Rules::MUSCLEMAN).unwrap();
    game.step(Input::Move(GridDir::Right)).unwrap();
    let view = game.view();
    let at = |x| {
        view.cell(GridPos::new(x, 0))
            .iter()
            .map(|s| s.appearance)
            .collect::<Vec<_>>()
    };
    assert_eq!(at(2), [Appearance::Player]);
    assert_eq!(at(3), [Appearance::Box]);
    assert_eq!(at(4), [Appearance::Goal]);
    assert_eq!(view.facing(), Some(GridDir::Right));
    assert_eq!(view.holding(), None);
    assert_eq!(view.counters().len(), GlobalCounter::ALL.len());
    assert!(view.counters().iter().all(|(_, n)| *n == 0));
}

#[test]
fn a_cell_lists_its_sprites_in_id_order_and_an_empty_cell_none() {
    let mut world = World::new();
    let player = spawn(&mut world, EntityRecipe::Player, GridPos::new(1, 1)).unwrap();
    let goal = spawn(&mut world, EntityRecipe::Goal, GridPos::new(1, 1)).unwrap();
    let sunk = EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk);
    spawn_spec(&mut world, &sunk, GridPos::new(0, 1)).unwrap();
    let view = muscleman_sim::View::of(&world, player);
    let ids: Vec<_> = view
        .cell(GridPos::new(1, 1))
        .iter()
        .map(|s| s.entity)
        .collect();
    assert_eq!(ids, [player, goal]);
    assert!(view.cell(GridPos::new(5, 5)).is_empty());
    assert_eq!(
        view.bounds(),
        Some((GridPos::new(0, 1), GridPos::new(1, 1)))
    );
}

/// The view draws any position the sim reaches, far off the level too
/// (where printing the level once grew it by thousands of rows).
#[test]
fn a_player_far_off_the_level_is_still_in_the_view() {
    let mut game = Game::new(&level_from_ascii("@ $"), Rules::MUSCLEMAN).unwrap();
    for _ in 0..5_000 {
        game.step(Input::Move(GridDir::Up)).unwrap();
    }
    let view = game.view();
    assert_eq!(
        view.bounds(),
        Some((GridPos::new(0, -5_000), GridPos::new(2, 0)))
    );
    assert_eq!(
        view.cell(GridPos::new(0, -5_000))[0].appearance,
        Appearance::Player
    );
}
