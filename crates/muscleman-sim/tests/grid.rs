//! Grid positions and directions (plan Task 1).

use muscleman_core::{GridDir, GridPos};

#[test]
fn grid_pos_addition_offsets_components() {
    let p = GridPos::new(2, 3) + GridDir::Right.offset();
    assert_eq!(p, GridPos::new(3, 3));
}

#[test]
fn grid_pos_subtraction_inverts_addition() {
    let a = GridPos::new(5, 5);
    let b = GridPos::new(2, 1);
    assert_eq!(a - b, GridPos::new(3, 4));
    assert_eq!(a - b + b, a);
}

#[test]
fn grid_dir_offsets_are_cardinal() {
    assert_eq!(GridDir::Up.offset(), GridPos::new(0, -1));
    assert_eq!(GridDir::Down.offset(), GridPos::new(0, 1));
    assert_eq!(GridDir::Left.offset(), GridPos::new(-1, 0));
    assert_eq!(GridDir::Right.offset(), GridPos::new(1, 0));
}

#[test]
fn grid_dir_rotate_right_cycles_clockwise() {
    assert_eq!(GridDir::Up.rotate_right(), GridDir::Right);
    assert_eq!(GridDir::Right.rotate_right(), GridDir::Down);
    assert_eq!(GridDir::Down.rotate_right(), GridDir::Left);
    assert_eq!(GridDir::Left.rotate_right(), GridDir::Up);
}

#[test]
fn grid_dir_rotate_left_cycles_counterclockwise() {
    assert_eq!(GridDir::Up.rotate_left(), GridDir::Left);
    assert_eq!(GridDir::Left.rotate_left(), GridDir::Down);
    assert_eq!(GridDir::Down.rotate_left(), GridDir::Right);
    assert_eq!(GridDir::Right.rotate_left(), GridDir::Up);
}

#[test]
fn direction_order_is_up_right_down_left() {
    assert_eq!(
        GridDir::ALL,
        [GridDir::Up, GridDir::Right, GridDir::Down, GridDir::Left]
    );
    for d in GridDir::ALL {
        assert_eq!(d.rotate_left().rotate_right(), d);
        assert_eq!(d.opposite().offset() + d.offset(), GridPos::ZERO);
    }
}

#[test]
fn step_saturates_at_the_edge_of_the_grid() {
    let edge = GridPos::new(i32::MAX, i32::MIN);
    assert_eq!(edge.step(GridDir::Right), edge);
    assert_eq!(edge.step(GridDir::Up), edge);
}
