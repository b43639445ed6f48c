//! The view front ends draw from (issue 11, part 5).

mod common;

use common::level_from_ascii;
use muscleman_core::{
    EntityRecipe, EntitySpec, GlobalCounter, GridDir, GridPos, Input, KeyColor, RecipeState,
};
use muscleman_sim::{
    Appearance, Game, Rules, TagKind, World, appearance, spawn, spawn_spec, spec_tags,
};

/// The kind, colour and shown state of an appearance.
fn look(a: Appearance) -> (&'static str, Option<KeyColor>, &'static str) {
    (a.kind, a.color, a.state)
}

#[test]
fn every_recipe_the_sim_makes_has_its_own_appearance() {
    use EntityRecipe as R;
    let (blue, red, yellow, green) = (
        Some(KeyColor::Blue),
        Some(KeyColor::Red),
        Some(KeyColor::Yellow),
        Some(KeyColor::Green),
    );
    let cases = [
        (R::Player, ("player", None, "")),
        (R::WallStrong, ("wall", None, "")),
        (R::WallWeak, ("weak_wall", None, "")),
        (R::WaterCell, ("water", None, "")),
        (R::Goal, ("goal", None, "")),
        (R::Box, ("box", None, "")),
        (R::HeavyBox, ("heavy_box", None, "")),
        (R::Hammer, ("hammer", None, "")),
        (R::KeyBlue, ("key", blue, "")),
        (R::KeyRed, ("key", red, "")),
        (R::KeyYellow, ("key", yellow, "")),
        (R::KeyGreen, ("key", green, "")),
        (R::DoorBlue, ("door", blue, "")),
        (R::DoorRed, ("door", red, "")),
        (R::DoorYellow, ("door", yellow, "")),
        (R::DoorGreen, ("door", green, "")),
        (R::SecretDoor, ("secret_door", None, "")),
        (R::PressurePlateBlue, ("plate", blue, "")),
        (R::PressurePlateRed, ("plate", red, "")),
        (R::PressurePlateYellow, ("plate", yellow, "")),
        (R::PressurePlateGreen, ("plate", green, "")),
        (R::PressurePlateHeavy, ("heavy_plate", None, "")),
        (R::Apple, ("apple", None, "")),
        (R::Pear, ("pear", None, "")),
        (R::Cheese, ("cheese", None, "")),
        (R::Coin, ("coin", None, "")),
        (R::StairsUp, ("stairs_up", None, "")),
        (R::StairsDown, ("stairs_down", None, "")),
        (R::Duck, ("duck", None, "down")),
        (R::Cauldron, ("cauldron", None, "")),
        (R::Bong, ("bong", None, "")),
        (R::Book, ("book", None, "")),
        (R::Ghost, ("ghost", None, "down")),
    ];
    let implemented = R::ALL
        .into_iter()
        .filter(|r| r.has_rules() && !r.info().demo)
        .count();
    assert_eq!(
        cases.len(),
        implemented,
        "every recipe with rules is listed"
    );
    let mut world = World::new();
    for (x, (recipe, looks)) in (0..).zip(cases) {
        let id = spawn(&mut world, recipe, GridPos::new(x, 0)).unwrap();
        let a = appearance(&world, id);
        assert_eq!(look(a), looks, "{recipe}");
        assert_eq!(a.recipe, Some(recipe));
    }
    let at = |x| GridPos::new(x, 1);
    let states = [
        (
            R::HeavyBox,
            RecipeState::Sunk,
            ("sunk_heavy_box", None, "sunk"),
        ),
        (R::DoorRed, RecipeState::Open, ("door", red, "open")),
        (R::DoorRed, RecipeState::Unlocked, ("door", red, "open")),
        (
            R::SecretDoor,
            RecipeState::Open,
            ("secret_door", None, "open"),
        ),
    ];
    for (x, (recipe, state, looks)) in (0..).zip(states) {
        let spec = EntitySpec::new(recipe).with_state(state);
        assert!(spec_tags(&spec).is_some());
        let id = spawn_spec(&mut world, &spec, at(x)).unwrap();
        assert_eq!(look(appearance(&world, id)), looks, "{spec}");
    }
}

#[test]
fn appearances_carry_counters_layers_and_what_blocks() {
    let mut world = World::new();
    let coin = spawn(&mut world, EntityRecipe::Coin, GridPos::ZERO).unwrap();
    let water = spawn(&mut world, EntityRecipe::WaterCell, GridPos::new(1, 0)).unwrap();
    let wall = spawn(&mut world, EntityRecipe::WallStrong, GridPos::new(2, 0)).unwrap();
    let (coin, water, wall) = (
        appearance(&world, coin),
        appearance(&world, water),
        appearance(&world, wall),
    );
    assert_eq!(coin.counter, Some(GlobalCounter::Coins));
    assert!(water.deep && !water.blocks);
    assert!(wall.blocks && !wall.deep);
    assert!(water.layer < coin.layer && coin.layer < wall.layer);
    assert_eq!(wall.name, "wall");
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
        Appearance::UNKNOWN
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
            .map(|s| s.appearance.kind)
            .collect::<Vec<_>>()
    };
    assert_eq!(at(2), ["player"]);
    assert_eq!(at(3), ["box"]);
    assert_eq!(at(4), ["goal"]);
    assert_eq!(view.facing(), Some(GridDir::Right));
    // What has a Facing gives it in its sprite; the rest none.
    let facings: Vec<_> = (2..=4)
        .flat_map(|x| view.cell(GridPos::new(x, 0)).iter().map(|s| s.facing))
        .collect();
    assert_eq!(facings, [Some(GridDir::Right), None, None]);
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
        view.cell(GridPos::new(0, -5_000))[0].appearance.kind,
        "player"
    );
}

#[test]
fn a_box_on_a_goal_is_marked_and_the_floor_area_stops_at_walls() {
    let game = Game::new(
        &level_from_ascii("######\n#@ *.#\n######\n#    #\n######"),
        Rules::MUSCLEMAN,
    )
    .unwrap();
    let view = game.view();
    let on_goal: Vec<_> = view
        .sprites()
        .iter()
        .filter(|s| s.on_goal)
        .map(|s| (s.appearance.kind, s.at))
        .collect();
    assert_eq!(on_goal, [("box", GridPos::new(3, 1))]);
    let inside = view.inside();
    assert!(inside.contains(&GridPos::new(2, 1)));
    assert!(
        inside.contains(&GridPos::new(5, 1)),
        "the wall beside the floor"
    );
    assert!(
        !inside.contains(&GridPos::new(2, 3)),
        "a room the player cannot reach is no floor"
    );
}

/// What a box holds is in its appearance, whatever the recipe (read from
/// its contents data), so no front end needs the level text to show it;
/// and a state's own words come with it.
#[test]
fn a_box_shows_its_contents_and_a_sunk_heavy_box_its_words() {
    let mut world = World::new();
    let mut contents = muscleman_core::Contents::EMPTY;
    contents.push(EntityRecipe::Apple).expect("room");
    contents.push(EntityRecipe::KeyRed).expect("room");
    let full = spawn_spec(
        &mut world,
        &EntitySpec::new(EntityRecipe::Box).with_contents(contents),
        GridPos::new(0, 0),
    )
    .expect("box");
    let empty = spawn(&mut world, EntityRecipe::Box, GridPos::new(1, 0)).expect("box");
    assert_eq!(
        appearance(&world, full).contents.as_slice(),
        [EntityRecipe::Apple, EntityRecipe::KeyRed]
    );
    assert!(appearance(&world, empty).contents.is_empty());
    let water = spawn(&mut world, EntityRecipe::WaterCell, GridPos::new(2, 0)).expect("water");
    let sunk = spawn_spec(
        &mut world,
        &EntitySpec::new(EntityRecipe::HeavyBox).with_state(RecipeState::Sunk),
        GridPos::new(2, 0),
    )
    .expect("sunk");
    let look = appearance(&world, sunk);
    assert_eq!(look.state, "sunk");
    assert!(look.state_explain.contains("walk over"), "{look:?}");
    assert_eq!(appearance(&world, water).state_explain, "");
    assert!(appearance(&world, water).explain.contains("swim"));
}

#[test]
fn a_recipes_kept_look_is_its_plain_specs_look_for_every_recipe() {
    for recipe in EntityRecipe::ALL {
        let plain = muscleman_sim::spec_appearance(&EntitySpec::new(recipe));
        assert_eq!(
            muscleman_sim::recipe_appearance(recipe),
            plain,
            "{recipe:?}"
        );
    }
    assert!(muscleman_sim::recipe_appearance(EntityRecipe::Duck).is_some());
}
