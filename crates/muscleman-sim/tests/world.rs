//! The world wrapper (plan Task 6).

use muscleman_core::{EntityId, GridDir, GridPos};
use muscleman_sim::{
    BlocksMovement, ComponentKind, Facing, Holding, Position, Pushable, World, WorldError,
};

#[test]
fn spawn_creates_entity_with_position() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(2, 3));

    assert!(w.has::<Position>(id).unwrap());
    assert_eq!(w.get::<Position>(id).unwrap().0, GridPos::new(2, 3));
}

#[test]
fn add_tag_attaches_tag_to_entity() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(0, 0));
    w.add_tag::<BlocksMovement>(id).unwrap();

    assert!(w.has_tag::<BlocksMovement>(id).unwrap());
}

#[test]
fn remove_tag_detaches_tag() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(0, 0));
    w.add_tag::<BlocksMovement>(id).unwrap();
    w.remove_tag::<BlocksMovement>(id).unwrap();

    assert!(!w.has_tag::<BlocksMovement>(id).unwrap());
}

#[test]
fn set_overwrites_component_value() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(0, 0));
    w.set(id, Position(GridPos::new(7, 8))).unwrap();

    assert_eq!(w.get::<Position>(id).unwrap().0, GridPos::new(7, 8));
    assert_eq!(
        w.index().all_at(GridPos::new(7, 8)).collect::<Vec<_>>(),
        [id]
    );
}

#[test]
fn destroy_removes_entity() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(0, 0));
    w.destroy(id).unwrap();

    assert!(!w.is_alive(id));
}

#[test]
fn operations_on_a_dead_entity_return_no_such_entity() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(0, 0));
    w.destroy(id).unwrap();

    let dead = Err(WorldError::NoSuchEntity(id));
    assert_eq!(w.destroy(id), dead);
    assert_eq!(w.has::<Position>(id), Err(WorldError::NoSuchEntity(id)));
    assert_eq!(w.get::<Position>(id), Err(WorldError::NoSuchEntity(id)));
    assert_eq!(w.set(id, Facing(GridDir::Up)), dead);
    assert_eq!(w.remove::<Facing>(id), Err(WorldError::NoSuchEntity(id)));
    assert_eq!(w.has_tag::<Pushable>(id), Err(WorldError::NoSuchEntity(id)));
    assert_eq!(w.add_tag::<Pushable>(id), dead);
    assert_eq!(w.remove_tag::<Pushable>(id), dead);
    assert_eq!(
        w.move_to(id, GridPos::new(1, 0)),
        Err(WorldError::NoSuchEntity(id))
    );
    assert_eq!(
        w.get::<Position>(EntityId::new(99, 1)),
        Err(WorldError::NoSuchEntity(EntityId::new(99, 1)))
    );
}

#[test]
fn a_reused_slot_does_not_revive_a_stale_id() {
    let mut w = World::new();
    let old = w.spawn_empty(GridPos::new(0, 0));
    w.destroy(old).unwrap();
    let new = w.spawn_empty(GridPos::new(1, 1));

    assert_eq!(new.index(), old.index());
    assert_ne!(new, old);
    assert!(!w.is_alive(old));
    assert!(w.is_alive(new));
}

#[test]
fn missing_component_is_a_typed_error() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(0, 0));

    assert_eq!(
        w.get::<Holding>(id),
        Err(WorldError::MissingComponent {
            entity: id,
            component: ComponentKind::Holding
        })
    );
    assert_eq!(w.remove::<Holding>(id), Ok(None));
}

#[test]
fn removing_position_takes_the_entity_out_of_the_index() {
    let mut w = World::new();
    let id = w.spawn_empty(GridPos::new(4, 4));
    assert_eq!(
        w.remove::<Position>(id),
        Ok(Some(Position(GridPos::new(4, 4))))
    );

    assert!(!w.index().any_at(GridPos::new(4, 4)));
    assert!(w.move_to(id, GridPos::new(1, 1)).is_err());
    w.set(id, Position(GridPos::new(2, 2))).unwrap();
    assert_eq!(
        w.index().all_at(GridPos::new(2, 2)).collect::<Vec<_>>(),
        [id]
    );
    w.validate().unwrap();
}

#[test]
fn ids_are_handed_out_deterministically() {
    let make = || {
        let mut w = World::new();
        let a = w.spawn_empty(GridPos::new(0, 0));
        let b = w.spawn_empty(GridPos::new(1, 0));
        w.destroy(a).unwrap();
        let c = w.spawn_empty(GridPos::new(2, 0));
        (b, c, w.entities())
    };
    assert_eq!(make(), make());
}
