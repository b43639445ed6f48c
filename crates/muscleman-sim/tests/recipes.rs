//! Recipes (plan Task 8 and rules.md §3).

use muscleman_core::{EntityRecipe, GridDir, GridPos};
use muscleman_sim::{
    BlocksMovement, BlocksPush, Facing, Goal, Heavy, Holding, LevelMember, Liftable, Openable,
    Player, Pushable, Static, TagKind, TagSet, WallStrong, World, is_implemented, recipe_of,
    recipe_tags, spawn,
};

fn spawn_one(recipe: EntityRecipe) -> (World, muscleman_core::EntityId) {
    let mut w = World::new();
    let id = spawn(&mut w, recipe, GridPos::new(1, 1)).unwrap();
    (w, id)
}

#[test]
fn player_recipe_attaches_expected_tags() {
    let (w, id) = spawn_one(EntityRecipe::Player);

    assert!(w.has_tag::<Player>(id).unwrap());
    assert!(w.has_tag::<BlocksMovement>(id).unwrap());
    assert!(w.has_tag::<BlocksPush>(id).unwrap());
    assert!(w.has::<Holding>(id).unwrap());
    assert_eq!(w.get::<Holding>(id).unwrap().0, None);
    assert_eq!(w.get::<Facing>(id).unwrap().0, GridDir::Down);
}

#[test]
fn wall_strong_recipe_has_movement_and_push_blocking_and_static() {
    let (w, id) = spawn_one(EntityRecipe::WallStrong);

    assert!(w.has_tag::<BlocksMovement>(id).unwrap());
    assert!(w.has_tag::<BlocksPush>(id).unwrap());
    assert!(w.has_tag::<WallStrong>(id).unwrap());
    assert!(w.has_tag::<Static>(id).unwrap());
}

#[test]
fn wall_weak_recipe_blocks_movement_only() {
    let (w, id) = spawn_one(EntityRecipe::WallWeak);

    assert!(w.has_tag::<BlocksMovement>(id).unwrap());
    assert!(!w.has_tag::<BlocksPush>(id).unwrap());
    assert!(w.tags(id).unwrap().contains(TagKind::WallWeak));
    assert!(w.has_tag::<Static>(id).unwrap());
}

#[test]
fn water_cell_recipe_has_no_blockers() {
    let (w, id) = spawn_one(EntityRecipe::WaterCell);

    assert!(!w.has_tag::<BlocksMovement>(id).unwrap());
    assert!(!w.has_tag::<BlocksPush>(id).unwrap());
    assert!(w.tags(id).unwrap().contains(TagKind::WaterCell));
    assert!(w.has_tag::<Static>(id).unwrap());
}

#[test]
fn box_recipe_is_pushable_liftable_and_blocking() {
    let (w, id) = spawn_one(EntityRecipe::Box);

    assert!(w.has_tag::<BlocksMovement>(id).unwrap());
    assert!(w.has_tag::<BlocksPush>(id).unwrap());
    assert!(w.has_tag::<Pushable>(id).unwrap());
    assert!(w.has_tag::<Liftable>(id).unwrap());
    assert!(w.tags(id).unwrap().contains(TagKind::Smashable));
    assert!(w.has_tag::<Openable>(id).unwrap());
    assert!(!w.has_tag::<Static>(id).unwrap());
}

#[test]
fn heavy_box_recipe_is_heavy_pushable_sinkable_not_liftable() {
    let (w, id) = spawn_one(EntityRecipe::HeavyBox);

    assert!(w.has_tag::<BlocksMovement>(id).unwrap());
    assert!(w.has_tag::<BlocksPush>(id).unwrap());
    assert!(w.has_tag::<Pushable>(id).unwrap());
    assert!(w.has_tag::<Heavy>(id).unwrap());
    assert!(w.tags(id).unwrap().contains(TagKind::Sinkable));
    assert!(!w.has_tag::<Liftable>(id).unwrap());
}

#[test]
fn goal_recipe_is_static_and_blocks_nothing() {
    let (w, id) = spawn_one(EntityRecipe::Goal);

    assert!(w.has_tag::<Goal>(id).unwrap());
    assert!(w.has_tag::<Static>(id).unwrap());
    assert!(!w.has_tag::<BlocksMovement>(id).unwrap());
    assert!(!w.has_tag::<BlocksPush>(id).unwrap());
}

/// rules.md §3, row by row: the exact tag set of every recipe.
#[test]
fn every_recipe_has_exactly_the_tags_of_the_rule_book() {
    let table: [(EntityRecipe, &[TagKind]); 9] = [
        (
            EntityRecipe::Player,
            &[
                TagKind::Player,
                TagKind::BlocksMovement,
                TagKind::BlocksPush,
            ],
        ),
        (
            EntityRecipe::WallStrong,
            &[
                TagKind::BlocksMovement,
                TagKind::BlocksPush,
                TagKind::WallStrong,
                TagKind::Static,
            ],
        ),
        (
            EntityRecipe::WallWeak,
            &[TagKind::BlocksMovement, TagKind::WallWeak, TagKind::Static],
        ),
        (
            EntityRecipe::WaterCell,
            &[TagKind::WaterCell, TagKind::Static],
        ),
        (
            EntityRecipe::Box,
            &[
                TagKind::BlocksMovement,
                TagKind::BlocksPush,
                TagKind::Pushable,
                TagKind::Liftable,
                TagKind::Openable,
                TagKind::Smashable,
            ],
        ),
        (
            EntityRecipe::HeavyBox,
            &[
                TagKind::BlocksMovement,
                TagKind::BlocksPush,
                TagKind::Pushable,
                TagKind::Heavy,
                TagKind::Sinkable,
            ],
        ),
        (EntityRecipe::Goal, &[TagKind::Goal, TagKind::Static]),
        (
            EntityRecipe::StairsUp,
            &[TagKind::StairsUp, TagKind::Static],
        ),
        (
            EntityRecipe::StairsDown,
            &[TagKind::StairsDown, TagKind::Static],
        ),
    ];
    for (recipe, tags) in table {
        let (w, id) = spawn_one(recipe);
        assert_eq!(w.tags(id).unwrap(), TagSet::of(tags), "{recipe}");
        assert_eq!(recipe_of(&w, id), Some(recipe));
        let components: Vec<_> = w.components(id).unwrap().iter().map(|c| c.kind()).collect();
        // Position; the player adds Facing and Holding. Every entity is on
        // floor 1, which is no component (LevelMember is read from where it
        // stands, rules.md §4 Floors).
        let expected = if recipe == EntityRecipe::Player { 3 } else { 1 };
        assert_eq!(components.len(), expected, "{recipe}: {components:?}");
        assert_eq!(w.level_of(id), Ok(LevelMember(1)), "{recipe}");
    }
}

#[test]
fn every_recipe_of_the_plan_is_played_since_rule_book_4() {
    for recipe in EntityRecipe::ALL {
        assert!(is_implemented(recipe), "{recipe}");
        assert!(recipe_tags(recipe).is_some(), "{recipe}");
    }
}

#[test]
fn book_and_ghost_have_exactly_the_tags_of_the_rule_book() {
    let (w, book) = spawn_one(EntityRecipe::Book);
    let book_tags = [
        TagKind::Book,
        TagKind::BlocksMovement,
        TagKind::BlocksPush,
        TagKind::Pushable,
        TagKind::Liftable,
    ];
    assert_eq!(w.tags(book).unwrap(), TagSet::of(&book_tags));
    assert_eq!(w.components(book).unwrap().len(), 1, "position only");
    let (w, ghost) = spawn_one(EntityRecipe::Ghost);
    let ghost_tags = [
        TagKind::Brain,
        TagKind::Ghost,
        TagKind::BlocksMovement,
        TagKind::BlocksPush,
    ];
    assert_eq!(w.tags(ghost).unwrap(), TagSet::of(&ghost_tags));
    assert_eq!(w.get::<Facing>(ghost).unwrap().0, GridDir::Down);
    assert_eq!(w.components(ghost).unwrap().len(), 2, "position and facing");
}
