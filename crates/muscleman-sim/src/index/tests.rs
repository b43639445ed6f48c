//! The spatial index's own tests: growth, far cells, id order.

use super::*;

fn id(i: u32) -> EntityId {
    EntityId::new(i, 1)
}

fn tags() -> TagSet {
    TagSet::EMPTY.with(TagKind::Pushable)
}

fn ids_at(index: &SpatialIndex, at: GridPos) -> Vec<EntityId> {
    index.all_at(at).collect()
}

#[test]
fn growing_the_rectangle_keeps_every_entry_and_the_reverse_map() {
    let mut index = SpatialIndex::default();
    let spots = [(0, 0), (3, -2), (-40, 7), (100, 100), (-5, -5)];
    for (i, (x, y)) in spots.iter().enumerate() {
        index.insert(id(i as u32), tags(), GridPos::new(*x, *y));
    }
    for (i, (x, y)) in spots.iter().enumerate() {
        let at = GridPos::new(*x, *y);
        assert_eq!(ids_at(&index, at), [id(i as u32)]);
        assert_eq!(index.position_of(id(i as u32)), Some(at));
    }
    assert_eq!(index.cells().count(), spots.len());
}

#[test]
fn far_cells_go_to_the_sparse_map_and_join_the_rectangle_when_it_grows() {
    let mut index = SpatialIndex::default();
    index.insert(id(1), tags(), GridPos::new(0, 0));
    // Growing with the roomy margin to reach this would pass the cap.
    let far = GridPos::new(0, 200_000);
    index.insert(id(2), tags(), far);
    index.insert(id(3), tags(), far);
    assert!(index.sparse.contains_key(&far));
    assert_eq!(ids_at(&index, far), [id(2), id(3)]);
    assert_eq!(index.position_of(id(2)), Some(far));
    // Reserving exactly the area that holds both fits, and pulls the
    // far cell into the dense rectangle.
    index.reserve_area(GridPos::new(0, 0), far);
    assert!(index.sparse.is_empty());
    assert_eq!(ids_at(&index, far), [id(2), id(3)]);
    assert_eq!(ids_at(&index, GridPos::new(0, 0)), [id(1)]);
    index.remove(id(2), far);
    index.remove(id(3), far);
    assert!(!index.any_at(far));
    assert_eq!(index.cells().count(), 1);
}

#[test]
fn an_emptied_sparse_cell_leaves_the_map() {
    let mut index = SpatialIndex::default();
    index.insert(id(1), tags(), GridPos::new(0, 0));
    let far = GridPos::new(-300_000, 0);
    index.insert(id(2), tags(), far);
    index.remove(id(2), far);
    assert!(index.sparse.is_empty());
    assert_eq!(index.position_of(id(2)), None);
}

#[test]
fn a_cell_keeps_its_entities_in_id_order() {
    let mut index = SpatialIndex::default();
    let at = GridPos::new(1, 1);
    for i in [5, 2, 9, 1] {
        index.insert(id(i), tags(), at);
    }
    assert_eq!(ids_at(&index, at), [id(1), id(2), id(5), id(9)]);
    index.remove(id(5), at);
    index.remove(id(9), at);
    assert_eq!(ids_at(&index, at), [id(1), id(2)]);
    assert_eq!(index.position_of(id(5)), None);
    index.remove(id(1), at);
    assert_eq!(ids_at(&index, at), [id(2)]);
    assert_eq!(index.entries, 1);
}

#[test]
fn removing_from_the_wrong_cell_changes_nothing() {
    let mut index = SpatialIndex::default();
    let at = GridPos::new(1, 1);
    index.insert(id(1), tags(), at);
    index.remove(id(1), GridPos::new(2, 1));
    index.remove(EntityId::new(1, 2), at);
    assert_eq!(ids_at(&index, at), [id(1)]);
    assert_eq!(index.entries, 1);
}

#[test]
fn filing_an_id_again_moves_it() {
    let mut index = SpatialIndex::default();
    let (a, b) = (GridPos::new(1, 1), GridPos::new(2, 1));
    index.insert(id(1), tags(), a);
    index.insert(id(2), tags(), a);
    index.insert(id(1), TagSet::EMPTY, b);
    assert_eq!(ids_at(&index, a), [id(2)]);
    assert_eq!(ids_at(&index, b), [id(1)]);
    assert_eq!(index.locate(id(1)), Some((b, TagSet::EMPTY)));
    assert_eq!(index.entries, 2);
}

#[test]
fn moves_never_grow_a_table() {
    let mut index = SpatialIndex::default();
    index.reserve_area(GridPos::new(0, 0), GridPos::new(99, 0));
    index.insert(id(1), tags(), GridPos::new(0, 0));
    index.insert(id(2), tags(), GridPos::new(1, 0));
    let (dense, nodes) = (index.dense.len(), index.nodes.capacity());
    for x in 1..98 {
        // Far end first, as a push does.
        index.remove(id(2), GridPos::new(x, 0));
        index.insert(id(2), tags(), GridPos::new(x + 1, 0));
        index.remove(id(1), GridPos::new(x - 1, 0));
        index.insert(id(1), tags(), GridPos::new(x, 0));
    }
    assert_eq!(index.dense.len(), dense);
    assert_eq!(index.nodes.capacity(), nodes);
    assert!(index.sparse.is_empty());
    assert_eq!(index.position_of(id(1)), Some(GridPos::new(97, 0)));
    assert_eq!(index.position_of(id(2)), Some(GridPos::new(98, 0)));
    assert_eq!(index.cells().count(), 2);
}

#[test]
fn the_reverse_map_follows_tag_changes() {
    let mut index = SpatialIndex::default();
    let at = GridPos::new(2, 2);
    index.insert(id(1), TagSet::EMPTY, at);
    index.set_tags(id(1), at, tags());
    assert_eq!(index.locate(id(1)), Some((at, tags())));
    assert_eq!(index.tags_of(id(1), at), Some(tags()));
    assert_eq!(index.tagged_at(at).collect::<Vec<_>>(), [(id(1), tags())]);
    // A tag change for an entity that is not there changes nothing.
    index.set_tags(id(1), GridPos::new(0, 0), TagSet::EMPTY);
    assert_eq!(index.locate(id(1)), Some((at, tags())));
}

#[test]
fn a_stale_id_has_no_position() {
    let mut index = SpatialIndex::default();
    index.insert(EntityId::new(3, 1), tags(), GridPos::new(0, 0));
    assert_eq!(index.position_of(EntityId::new(3, 2)), None);
    assert_eq!(index.position_of(EntityId::new(4, 1)), None);
    assert_eq!(index.position_of(NOWHERE), None);
    // The vacant slots below it (the table grew to hold slot 3) match no
    // id of their own, generation 0 or not.
    for slot in 0..3 {
        for generation in 0..2 {
            assert_eq!(index.position_of(EntityId::new(slot, generation)), None);
        }
    }
    assert_eq!(index.position_of(EntityId::new(u32::MAX, 1)), None);
}

#[test]
fn slots_wrap_safely_at_the_edges_of_i32() {
    let mut index = SpatialIndex::default();
    index.insert(id(1), tags(), GridPos::new(i32::MAX, i32::MAX));
    index.insert(id(2), tags(), GridPos::new(i32::MIN, i32::MIN));
    assert_eq!(ids_at(&index, GridPos::new(i32::MAX, i32::MAX)), [id(1)]);
    assert_eq!(ids_at(&index, GridPos::new(i32::MIN, i32::MIN)), [id(2)]);
    assert!(!index.any_at(GridPos::new(i32::MIN, i32::MAX)));
    assert!(!index.any_at(GridPos::new(0, 0)));
}

#[test]
fn a_node_costs_40_bytes() {
    // Id 8, cell 8, 64 tag bits 8, two links 8, its cell's slot 4, and 4
    // of alignment.
    assert_eq!(std::mem::size_of::<Node>(), 40);
}

/// Every node's spot is its cell's slot, or `NONE` for a sparse cell.
fn spots_are_exact(index: &SpatialIndex) {
    for node in index.nodes.iter().filter(|n| n.id != NOWHERE) {
        let want = index.spot(node.at).map_or(NONE, |s| s.0 as u32);
        assert_eq!(
            node.spot, want,
            "the spot of {:?} at {:?}",
            node.id, node.at
        );
    }
}

#[test]
fn a_shift_moves_the_first_the_middle_and_the_last_of_a_cell() {
    let mut index = SpatialIndex::default();
    let (a, b) = (GridPos::new(1, 1), GridPos::new(2, 1));
    for i in [1, 3, 5, 7] {
        index.insert(id(i), tags(), a);
    }
    index.insert(id(4), tags(), b);
    let Some(to) = index.spot(b) else {
        panic!("b is in the dense array");
    };
    for i in [3, 1, 7] {
        assert!(index.shift(id(i), to, b));
    }
    assert_eq!(ids_at(&index, a), [id(5)]);
    assert_eq!(ids_at(&index, b), [id(1), id(3), id(4), id(7)]);
    assert_eq!(index.position_of(id(7)), Some(b));
    spots_are_exact(&index);
    // An id the index does not hold, or holds no longer, moves nothing.
    assert!(!index.shift(EntityId::new(5, 2), to, b));
    assert!(!index.shift(id(9), to, b));
    assert_eq!(ids_at(&index, a), [id(5)]);
    assert_eq!(index.entries, 5);
}

#[test]
fn a_node_knows_its_cell_across_growth_and_the_sparse_map() {
    let mut index = SpatialIndex::default();
    index.insert(id(1), tags(), GridPos::new(0, 0));
    index.insert(id(2), tags(), GridPos::new(0, 0));
    spots_are_exact(&index);
    // Growing the array lays every cell out anew.
    index.insert(id(3), tags(), GridPos::new(-60, 45));
    spots_are_exact(&index);
    let far = GridPos::new(0, 300_000);
    index.insert(id(4), tags(), far);
    spots_are_exact(&index);
    // The head of a cell moves out of it after the growth.
    let to = GridPos::new(1, 0);
    let Some(spot) = index.spot(to) else {
        panic!("(1, 0) is in the dense array");
    };
    assert!(index.shift(id(1), spot, to));
    assert_eq!(ids_at(&index, GridPos::new(0, 0)), [id(2)]);
    assert_eq!(ids_at(&index, to), [id(1)]);
    // A node in a sparse cell is not shifted: its move takes the general
    // path.
    assert!(!index.shift(id(4), spot, to));
    let Some(found) = index.find(id(4)) else {
        panic!("4 is in the index");
    };
    index.relocate_found(found, to);
    assert_eq!(ids_at(&index, to), [id(1), id(4)]);
    assert!(!index.any_at(far));
    spots_are_exact(&index);
}

#[test]
fn a_shift_of_an_entity_alone_into_an_empty_cell_hands_the_heads_over() {
    let mut index = SpatialIndex::default();
    let (a, b, c) = (GridPos::new(1, 1), GridPos::new(2, 1), GridPos::new(3, 1));
    index.insert(id(2), tags(), a);
    let spot = |index: &SpatialIndex, at: GridPos| match index.spot(at) {
        Some(spot) => spot,
        None => panic!("{at:?} is in the dense array"),
    };
    // Alone into an empty cell: the fast case, there and back.
    let to = spot(&index, b);
    assert!(index.shift(id(2), to, b));
    assert!(!index.any_at(a));
    assert_eq!(ids_at(&index, b), [id(2)]);
    assert_eq!(index.position_of(id(2)), Some(b));
    let back = spot(&index, a);
    assert!(index.shift(id(2), back, a));
    assert!(!index.any_at(b));
    assert_eq!(ids_at(&index, a), [id(2)]);
    // Alone into a cell that holds a lower and a higher id: the general
    // link keeps the id order.
    index.insert(id(1), tags(), c);
    index.insert(id(3), tags(), c);
    let into = spot(&index, c);
    assert!(index.shift(id(2), into, c));
    assert!(!index.any_at(a));
    assert_eq!(ids_at(&index, c), [id(1), id(2), id(3)]);
    // With company into an empty cell: the one left behind keeps its
    // cell, whichever end of the list moved.
    for (mover, stays) in [(id(1), [id(2), id(3)]), (id(3), [id(1), id(2)])] {
        index.insert(id(1), tags(), c);
        index.insert(id(2), tags(), c);
        index.insert(id(3), tags(), c);
        let to = spot(&index, b);
        assert!(index.shift(mover, to, b));
        assert_eq!(ids_at(&index, b), [mover]);
        assert_eq!(ids_at(&index, c), stays);
        assert_eq!(index.kinds_at(b), tags());
        index.remove(mover, b);
    }
    spots_are_exact(&index);
    assert_eq!(index.entries, 2);
}

/// A goal's tags: static scenery.
fn scenery() -> TagSet {
    TagSet::of(&[TagKind::Goal, TagKind::Static])
}

/// Every dense cell's static tags are the union of its static list's.
fn fixed_kinds_are_exact(index: &SpatialIndex) {
    assert_eq!(index.statics.len(), index.fixed.len());
    for (slot, (kinds, &head)) in index.statics.iter().zip(&index.fixed).enumerate() {
        assert_eq!(
            *kinds,
            list_kinds(&index.nodes, head),
            "the static tags of slot {slot}"
        );
    }
}

#[test]
fn a_cell_merges_its_static_and_moving_entities_in_id_order() {
    let mut index = SpatialIndex::default();
    let at = GridPos::new(2, 2);
    index.insert(id(4), tags(), at);
    index.insert(id(1), scenery(), at);
    index.insert(id(6), TagSet::EMPTY.with(TagKind::Static), at);
    index.insert(id(3), TagSet::EMPTY, at);
    assert_eq!(ids_at(&index, at), [id(1), id(3), id(4), id(6)]);
    assert_eq!(index.kinds_at(at), scenery().union(tags()));
    assert_eq!(index.static_at(at), Some(id(1)));
    assert_eq!(index.first_with(TagKind::Pushable, at), Some(id(4)));
    let Some(spot) = index.spot(at) else {
        panic!("{at:?} is in the dense array");
    };
    assert_eq!(index.first_in(spot, TagKind::Pushable), Some(id(4)));
    // A static entity with the tag, below the moving one: found first.
    index.insert(id(2), scenery().union(tags()), at);
    assert_eq!(index.first_in(spot, TagKind::Pushable), Some(id(2)));
    assert_eq!(index.cells().count(), 1);
    fixed_kinds_are_exact(&index);
}

#[test]
fn an_entity_alone_among_the_moving_ones_shifts_onto_and_off_a_goal_by_handing_heads_over() {
    let mut index = SpatialIndex::default();
    let (a, b) = (GridPos::new(1, 1), GridPos::new(2, 1));
    index.insert(id(1), scenery(), a);
    index.insert(id(2), scenery(), b);
    index.insert(id(3), tags(), a);
    let Some(to) = index.spot(b) else {
        panic!("{b:?} is in the dense array");
    };
    assert!(index.shift(id(3), to, b));
    // The moving heads changed hands; the static lists did not move.
    assert_eq!(index.dense.get(to.0), Some(&3));
    assert_eq!(ids_at(&index, a), [id(1)]);
    assert_eq!(ids_at(&index, b), [id(2), id(3)]);
    assert_eq!(index.kinds_at(a), scenery());
    assert_eq!(index.kinds_at(b), scenery().union(tags()));
    // A static entity's move is no shift: it is filed again.
    assert!(!index.shift(id(1), to, b));
    let Some(found) = index.find(id(1)) else {
        panic!("1 is in the index");
    };
    index.relocate_found(found, b);
    assert_eq!(ids_at(&index, b), [id(1), id(2), id(3)]);
    assert_eq!(index.kinds_at(a), TagSet::EMPTY);
    spots_are_exact(&index);
    fixed_kinds_are_exact(&index);
}

#[test]
fn a_retag_moves_an_entity_between_its_cells_lists_and_keeps_the_static_tags() {
    let mut index = SpatialIndex::default();
    let at = GridPos::new(0, 0);
    index.insert(id(1), tags(), at);
    index.insert(id(2), scenery(), at);
    // Static now: into the static list.
    index.set_tags(id(1), at, TagSet::EMPTY.with(TagKind::Static));
    assert_eq!(index.static_at(at), Some(id(1)));
    assert_eq!(index.dense.iter().filter(|&&h| h != NONE).count(), 0);
    fixed_kinds_are_exact(&index);
    // A static one retagged within its list.
    index.set_tags(id(2), at, TagSet::EMPTY.with(TagKind::Static));
    assert_eq!(index.kinds_at(at), TagSet::EMPTY.with(TagKind::Static));
    fixed_kinds_are_exact(&index);
    // Back to the moving list; the static tags go with the last of them.
    index.set_tags(id(1), at, tags());
    index.remove(id(2), at);
    assert_eq!(ids_at(&index, at), [id(1)]);
    assert_eq!(index.kinds_at(at), tags());
    assert_eq!(index.static_at(at), None);
    // Growth lays both lists out anew with their tags.
    index.insert(id(3), scenery(), GridPos::new(-70, 50));
    assert_eq!(index.kinds_at(GridPos::new(-70, 50)), scenery());
    assert_eq!(ids_at(&index, at), [id(1)]);
    fixed_kinds_are_exact(&index);
    spots_are_exact(&index);
    assert_eq!(index.tallies().count(TagKind::Static, None), 1);
}
