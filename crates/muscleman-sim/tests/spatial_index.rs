//! The spatial index (plan Task 7).

use muscleman_core::GridPos;
use muscleman_sim::{BlocksMovement, BlocksPush, Pushable, Static, World};

#[test]
fn spawn_indexes_entity_by_position() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(3, 4));
    assert_eq!(
        w.index().all_at(GridPos::new(3, 4)).collect::<Vec<_>>(),
        [id]
    );
}

#[test]
fn move_relocates_entity_in_index() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(1, 1));
    w.move_to(id, GridPos::new(2, 1)).unwrap();

    assert_eq!(w.index().all_at(GridPos::new(1, 1)).count(), 0);
    assert_eq!(
        w.index().all_at(GridPos::new(2, 1)).collect::<Vec<_>>(),
        [id]
    );
}

#[test]
fn destroy_removes_entity_from_index() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(5, 5));
    w.destroy(id).unwrap();

    assert_eq!(w.index().all_at(GridPos::new(5, 5)).count(), 0);
}

#[test]
fn any_at_returns_true_when_cell_has_entity() {
    let mut w = World::new();
    w.spawn_empty(GridPos::new(0, 0));
    assert!(w.index().any_at(GridPos::new(0, 0)));
    assert!(!w.index().any_at(GridPos::new(1, 0)));
}

#[test]
fn has_tag_at_returns_true_when_any_entity_in_cell_has_tag() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(0, 0));
    w.add_tag::<BlocksMovement>(id).unwrap();
    assert!(w.index().has_tag_at::<BlocksMovement>(GridPos::new(0, 0)));
    assert!(!w.index().has_tag_at::<BlocksPush>(GridPos::new(0, 0)));
}

#[test]
fn pushable_at_returns_the_unique_pushable_in_cell() {
    let mut w = World::new();
    let boxed = w.spawn_empty(GridPos::new(2, 2));
    let wall = w.spawn_empty(GridPos::new(2, 2));
    w.add_tag::<Pushable>(boxed).unwrap();
    w.add_tag::<Static>(wall).unwrap();

    assert_eq!(w.index().pushable_at(GridPos::new(2, 2)), Some(boxed));
    assert_eq!(w.index().pushable_at(GridPos::new(0, 0)), None);
    assert_eq!(w.index().static_at(GridPos::new(2, 2)), Some(wall));
}

#[test]
fn a_cell_lists_its_entities_in_id_order_whatever_the_history() {
    let mut w = World::new();
    let a = w.spawn_empty(GridPos::new(0, 0));
    let b = w.spawn_empty(GridPos::new(1, 0));
    let c = w.spawn_empty(GridPos::new(0, 0));
    w.move_to(a, GridPos::new(1, 0)).unwrap();
    w.move_to(a, GridPos::new(0, 0)).unwrap();
    w.move_to(b, GridPos::new(0, 0)).unwrap();

    assert_eq!(
        w.index().all_at(GridPos::new(0, 0)).collect::<Vec<_>>(),
        [a, b, c]
    );
}

#[test]
fn tag_changes_are_seen_by_cell_queries() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(0, 0));
    w.add_tag::<Pushable>(id).unwrap();
    assert!(w.index().has_tag_at::<Pushable>(GridPos::new(0, 0)));
    w.remove_tag::<Pushable>(id).unwrap();
    assert!(!w.index().has_tag_at::<Pushable>(GridPos::new(0, 0)));
    w.validate().unwrap();
}

#[test]
fn far_away_and_negative_cells_are_indexed() {
    let mut w = World::new();
    let spots = [
        GridPos::new(0, 0),
        GridPos::new(-5, -7),
        GridPos::new(100_000, 3),
        GridPos::new(i32::MIN, i32::MAX),
        GridPos::new(i32::MAX, i32::MIN),
    ];
    let ids: Vec<_> = spots.iter().map(|p| w.spawn_empty(*p)).collect();
    for (p, id) in spots.iter().zip(&ids) {
        assert_eq!(w.index().all_at(*p).collect::<Vec<_>>(), [*id], "at {p}");
    }
    w.move_to(ids[2], GridPos::new(1, 0)).unwrap();
    assert_eq!(w.index().all_at(GridPos::new(100_000, 3)).count(), 0);
    assert_eq!(
        w.index().all_at(GridPos::new(1, 0)).collect::<Vec<_>>(),
        [ids[2]]
    );
    w.validate().unwrap();
}

#[test]
fn cells_iterate_row_by_row() {
    let mut w = World::new();
    let a = w.spawn_empty(GridPos::new(3, 1));
    let b = w.spawn_empty(GridPos::new(0, 2));
    let c = w.spawn_empty(GridPos::new(9, 0));
    let order: Vec<Vec<_>> = w.index().cells().map(|(_, ids)| ids.collect()).collect();
    assert_eq!(order, [vec![c], vec![a], vec![b]]);
}

#[test]
fn far_cells_take_their_row_by_row_place_among_the_near_ones() {
    let mut w = World::new();
    let spots = [
        (0, 0),
        (1, 1),
        (-300_000, 1),
        (500_000, 0),
        (0, -400_000),
        (2, 1),
    ];
    let ids: Vec<_> = spots
        .iter()
        .map(|&(x, y)| w.spawn_empty(GridPos::new(x, y)))
        .collect();
    let got: Vec<(GridPos, Vec<_>)> = w
        .index()
        .cells()
        .map(|(at, ids)| (at, ids.collect()))
        .collect();
    let mut want: Vec<(GridPos, Vec<_>)> = spots
        .iter()
        .zip(&ids)
        .map(|(&(x, y), &id)| (GridPos::new(x, y), vec![id]))
        .collect();
    want.sort_by_key(|(at, _)| (at.y, at.x));
    assert_eq!(got, want);
}
