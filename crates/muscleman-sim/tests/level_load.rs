//! Loading levels with states and contents: what the sim plays is loaded as
//! rules.md §3 says, everything else is refused at its cell.

use muscleman_core::{EntityRecipe as R, EntitySpec, GridDir, GridPos, Input, RecipeState};
use muscleman_level::Level;
use muscleman_sim::{
    Command, Game, LevelLoadError, Rules, TagKind, level_from_world, step, world_from_level,
};

fn sunk() -> EntitySpec {
    EntitySpec::new(R::HeavyBox).with_state(RecipeState::Sunk)
}

const BRIDGE: &str = "legend: a = WaterCell HeavyBox:sunk\n#####\n#@a #\n#####\n";

#[test]
fn a_sunk_heavy_box_loads_walkable() {
    let level = Level::parse(BRIDGE).unwrap();
    let (mut world, player) = world_from_level(&level).unwrap();
    world.validate().unwrap();
    let at = GridPos::new(2, 1);
    let ids: Vec<_> = world.index().all_at(at).collect();
    assert_eq!(ids.len(), 2, "water and the heavy box");
    // Spawned in canonical order: the water first, then the heavy box.
    let heavy = ids[1];
    let tags = world.tags(heavy).unwrap();
    for gone in [
        TagKind::BlocksMovement,
        TagKind::BlocksPush,
        TagKind::Pushable,
        TagKind::Sinkable,
    ] {
        assert!(!tags.contains(gone), "{gone:?}");
    }
    assert!(tags.contains(TagKind::Walkable));
    assert!(tags.contains(TagKind::Heavy));

    step(&mut world, player, Input::Move(GridDir::Right)).unwrap();
    assert_eq!(world.position(player).unwrap(), at);
    assert_eq!(world.position(heavy).unwrap(), at, "the bridge stays");
    world.validate().unwrap();
}

#[test]
fn a_sunk_heavy_box_prints_back() {
    let level = Level::parse(BRIDGE).unwrap();
    let (world, _) = world_from_level(&level).unwrap();
    let printed = level_from_world(&world, &level).unwrap();
    assert_eq!(printed, level);
    assert_eq!(printed.to_text(), BRIDGE);
}

#[test]
fn a_game_walks_over_the_bridge_and_prints_it() {
    let text = "legend: f = WaterCell HeavyBox:sunk\nlegend: g = WaterCell HeavyBox:sunk HeavyBox\n#@fg #\n";
    let level = Level::parse(text).unwrap();
    let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
    // Onto the bridge, then push the heavy box off the second one.
    for _ in 0..2 {
        game.apply(Command::Step(Input::Move(GridDir::Right)))
            .unwrap();
    }
    let now = game.current_level().unwrap();
    assert_eq!(
        now.to_text(),
        "legend: a = WaterCell HeavyBox:sunk\nlegend: b = Player WaterCell HeavyBox:sunk\n# ab&#\n"
    );
    assert_eq!(now.cell(GridPos::new(3, 0))[2], sunk());
    game.apply(Command::Restart).unwrap();
    assert_eq!(game.current_level().unwrap(), level);
}

#[test]
fn what_the_sim_does_not_play_is_refused_at_its_cell() {
    let cases = [
        ("Hammer", EntitySpec::new(R::Hammer)),
        ("KeyRed", EntitySpec::new(R::KeyRed)),
        ("DoorBlue", EntitySpec::new(R::DoorBlue)),
        (
            "DoorRed:open",
            EntitySpec::new(R::DoorRed).with_state(RecipeState::Open),
        ),
        (
            "doorgreen:unlocked",
            EntitySpec::new(R::DoorGreen).with_state(RecipeState::Unlocked),
        ),
        ("SecretDoor", EntitySpec::new(R::SecretDoor)),
        (
            "PressurePlateYellow",
            EntitySpec::new(R::PressurePlateYellow),
        ),
        ("PressurePlateHeavy", EntitySpec::new(R::PressurePlateHeavy)),
        ("Apple", EntitySpec::new(R::Apple)),
        ("Pear", EntitySpec::new(R::Pear)),
        ("Cheese", EntitySpec::new(R::Cheese)),
        ("Coin", EntitySpec::new(R::Coin)),
        (
            "Box(Apple)",
            EntitySpec::new(R::Box)
                .with_contents(muscleman_core::Contents::from_slice(&[R::Apple]).unwrap()),
        ),
    ];
    for (name, spec) in cases {
        let text = format!("; {name}\nlegend: x = {name}\n####\n#@ x#\n####\n");
        let level = Level::parse(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
        let at = GridPos::new(3, 1);
        assert_eq!(
            world_from_level(&level).err(),
            Some(LevelLoadError::NotSupported { spec, at }),
            "{name}"
        );
        assert_eq!(level.source_position(at), Some((4, 4)), "{name}");
        assert!(Game::new(&level, Rules::MUSCLEMAN).is_err(), "{name}");
    }
}

#[test]
fn the_first_refused_thing_in_reading_order_is_reported() {
    // A row after a `|` starts at its own column; a row with run lengths
    // gives its first column for every cell.
    let cases = [
        (
            "legend: k = KeyBlue\nlegend: c = Coin\n5#|#@kc#|5#\n",
            (3, 6),
        ),
        (
            "legend: k = KeyBlue\nlegend: c = Coin\n6#|#@kc2#|6#\n",
            (3, 4),
        ),
    ];
    for (text, position) in cases {
        let level = Level::parse(text).unwrap();
        let e = world_from_level(&level).unwrap_err();
        let at = GridPos::new(2, 1);
        assert_eq!(
            e,
            LevelLoadError::NotSupported {
                spec: EntitySpec::new(R::KeyBlue),
                at
            }
        );
        assert_eq!(level.source_position(at), Some(position), "{text}");
        assert_eq!(
            e.to_string(),
            "KeyBlue at (2, 1) is not supported by the simulation yet"
        );
    }
}
