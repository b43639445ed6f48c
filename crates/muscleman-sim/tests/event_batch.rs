//! The event batch (plan Task 3).

use muscleman_core::{
    EntityId, EventBatch, GridPos, MoveCause, Moved, SimEvent, SwingBlocked, SwingBlockedReason,
};

fn moved(id: u32, from: (i32, i32), to: (i32, i32), cause: MoveCause) -> Moved {
    Moved {
        entity: EntityId::new(id, 1),
        from: GridPos::new(from.0, from.1),
        to: GridPos::new(to.0, to.1),
        cause,
    }
}

#[test]
fn add_appends_in_order() {
    let mut b = EventBatch::new();
    b.push(moved(1, (0, 0), (1, 0), MoveCause::Player));
    b.push(moved(2, (5, 5), (5, 6), MoveCause::Push));

    assert_eq!(b.len(), 2);
    let ids: Vec<u32> = b.of::<Moved>().map(|m| m.entity.index()).collect();
    assert_eq!(ids, [1, 2]);
    assert!(matches!(b.events()[0], SimEvent::Moved(m) if m.entity.index() == 1));
}

#[test]
fn of_type_filters_by_concrete_event_type() {
    let mut b = EventBatch::new();
    b.push(moved(1, (0, 0), (1, 0), MoveCause::Player));
    b.push(SwingBlocked {
        actor: EntityId::new(2, 1),
        reason: SwingBlockedReason::Via,
    });
    b.push(moved(3, (2, 2), (3, 2), MoveCause::Push));

    assert_eq!(b.of::<Moved>().count(), 2);
    assert_eq!(b.of::<SwingBlocked>().count(), 1);
    assert_eq!(
        b.of::<SwingBlocked>().next().map(|s| s.reason),
        Some(SwingBlockedReason::Via)
    );
}

#[test]
fn clear_empties_the_batch() {
    let mut b = EventBatch::new();
    b.push(moved(1, (0, 0), (1, 0), MoveCause::Player));
    b.clear();
    assert!(b.is_empty());
    assert_eq!(b.of::<Moved>().count(), 0);
}
