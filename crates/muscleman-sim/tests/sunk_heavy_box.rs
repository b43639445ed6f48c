//! A sunk heavy box is walkable (plan Task 14).

mod common;

use common::TestWorld;
use muscleman_core::{EntityRecipe, GridDir, GridPos};
use muscleman_sim::{BlocksMovement, BlocksPush, Pushable, TagKind, Walkable, spawn};

#[test]
fn player_can_walk_onto_a_sunk_heavy_box() {
    let mut t = TestWorld::new().player_at(5, 5);
    let heavy = spawn(&mut t.world, EntityRecipe::HeavyBox, GridPos::new(6, 5)).unwrap();

    // The post-sink state, applied by hand (the sinking rule comes later).
    t.world.remove_tag::<BlocksMovement>(heavy).unwrap();
    t.world.remove_tag::<BlocksPush>(heavy).unwrap();
    t.world.remove_tag::<Pushable>(heavy).unwrap();
    t.world.remove_tag_kind(heavy, TagKind::Sinkable).unwrap();
    t.world.add_tag::<Walkable>(heavy).unwrap();

    t.mv(GridDir::Right);

    assert_eq!(t.player_pos(), GridPos::new(6, 5));
    assert_eq!(t.world.position(heavy).unwrap(), GridPos::new(6, 5));
}

#[test]
fn an_un_sunk_heavy_box_at_the_same_position_blocks_walking() {
    let mut t = TestWorld::new().player_at(5, 5).heavy_box(6, 5, "heavy");
    t.mv(GridDir::Right);

    // The heavy box is pushable and the cell behind is clear, so both move.
    assert_eq!(t.player_pos(), GridPos::new(6, 5));
    assert_eq!(t.pos_of("heavy"), GridPos::new(7, 5));
}
