//! The view front ends draw from (issue 11, part 5).

mod common;

use common::level_from_ascii;
use muscleman_core::{
    EntityRecipe, EntitySpec, GlobalCounter, GridDir, GridPos, Input, KeyColor, RecipeState,
};
use muscleman_sim::{
    Appearance, Game, Rules, TagKind, World, appearance, spawn, spawn_spec, spec_tags,
};

#[test]
fn every_recipe_the_sim_makes_has_its_own_appearance() {
    use EntityRecipe as R;
    let door = |color, open| Appearance::Door { color, open };
    let plate = |color| Appearance::Plate {
        color,
        pressed: false,
    };
    let cases = [
        (R::Player, Appearance::Player),
        (R::WallStrong, Appearance::WallStrong),
        (R::WallWeak, Appearance::WallWeak),
        (R::WaterCell, Appearance::Water),
        (R::Goal, Appearance::Goal),
        (R::Box, Appearance::Box),
        (R::HeavyBox, Appearance::HeavyBox),
        (R::Hammer, Appearance::Hammer),
        (R::KeyBlue, Appearance::Key(KeyColor::Blue)),
        (R::KeyRed, Appearance::Key(KeyColor::Red)),
        (R::KeyYellow, Appearance::Key(KeyColor::Yellow)),
        (R::KeyGreen, Appearance::Key(KeyColor::Green)),
        (R::DoorBlue, door(Some(KeyColor::Blue), false)),
        (R::DoorRed, door(Some(KeyColor::Red), false)),
        (R::DoorYellow, door(Some(KeyColor::Yellow), false)),
        (R::DoorGreen, door(Some(KeyColor::Green), false)),
        (R::SecretDoor, door(None, false)),
        (R::PressurePlateBlue, plate(Some(KeyColor::Blue))),
        (R::PressurePlateRed, plate(Some(KeyColor::Red))),
        (R::PressurePlateYellow, plate(Some(KeyColor::Yellow))),
        (R::PressurePlateGreen, plate(Some(KeyColor::Green))),
        (R::PressurePlateHeavy, plate(None)),
        (
            R::Apple,
            Appearance::Collectible(GlobalCounter::ApplesEaten),
        ),
        (R::Pear, Appearance::Collectible(GlobalCounter::PearsEaten)),
        (
            R::Cheese,
            Appearance::Collectible(GlobalCounter::CheeseEaten),
        ),
        (R::Coin, Appearance::Collectible(GlobalCounter::Coins)),
    ];
    let implemented = R::ALL.into_iter().filter(|r| r.has_rules()).count();
    assert_eq!(
        cases.len(),
        implemented,
        "every recipe with rules is listed"
    );
    let mut world = World::new();
    for (x, (recipe, looks)) in (0..).zip(cases) {
        let id = spawn(&mut world, recipe, GridPos::new(x, 0)).unwrap();
        assert_eq!(appearance(&world, id), looks, "{recipe}");
    }
    let at = |x| GridPos::new(x, 1);
    let states = [
        (R::HeavyBox, RecipeState::Sunk, Appearance::SunkHeavyBox),
        (
            R::DoorRed,
            RecipeState::Open,
            door(Some(KeyColor::Red), true),
        ),
        (
            R::DoorRed,
            RecipeState::Unlocked,
            door(Some(KeyColor::Red), true),
        ),
        (R::SecretDoor, RecipeState::Open, door(None, true)),
    ];
    for (x, (recipe, state, looks)) in (0..).zip(states) {
        let spec = EntitySpec::new(recipe).with_state(state);
        assert!(spec_tags(&spec).is_some());
        let id = spawn_spec(&mut world, &spec, at(x)).unwrap();
        assert_eq!(appearance(&world, id), looks, "{spec}");
    }
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
