//! The spatial index against a simple model: a map from entity to cell and
//! tags, driven side by side with a `World` through random spawns, moves,
//! tag changes, position removals, destroys and area reservations, near the
//! origin and far from it (where the index keeps cells in its sparse map
//! and grows its dense rectangle over them). After every operation the
//! cell queries must agree with the model; at the end, the whole index.

use std::collections::BTreeMap;

use muscleman_core::{EntityId, GridPos};
use muscleman_sim::{Position, TagKind, TagSet, World};
use proptest::prelude::*;

/// One operation; entities are named by their rank among the live ones.
#[derive(Clone, Debug)]
enum Op {
    Spawn(GridPos, TagSet),
    Move(usize, GridPos),
    SetTags(usize, TagSet),
    RemovePosition(usize),
    SetPosition(usize, GridPos),
    Destroy(usize),
    Reserve(GridPos, GridPos),
}

/// Positions: mostly a small area, so cells fill up and share entities,
/// sometimes far away or at the edges of `i32`.
fn pos() -> impl Strategy<Value = GridPos> {
    prop_oneof![
        8 => (-6i32..6, -6i32..6).prop_map(|(x, y)| GridPos::new(x, y)),
        // Far enough along one axis that growing the dense rectangle there
        // with its roomy margin would pass its cap, so the cell goes to the
        // sparse map, yet near enough that reserving exactly the area fits.
        1 => (-2i32..=2, -2i32..2, any::<bool>()).prop_map(|(far, near, across)| {
            if across {
                GridPos::new(far * 250_000, near)
            } else {
                GridPos::new(near, far * 250_000)
            }
        }),
        1 => prop::sample::select(vec![i32::MIN, -1, 0, 1, i32::MAX])
            .prop_flat_map(|x| (Just(x), prop::sample::select(vec![i32::MIN, 0, i32::MAX])))
            .prop_map(|(x, y)| GridPos::new(x, y)),
    ]
}

/// Tag sets the index answers queries by, without `BlocksMovement` and
/// `WaterCell`: any number of these may share a cell (`World::validate`
/// allows one blocker a cell and one walkable thing on water, rules of the
/// game, not of the index).
fn tags() -> impl Strategy<Value = TagSet> {
    let kinds = vec![
        TagKind::Pushable,
        TagKind::Static,
        TagKind::Goal,
        TagKind::Heavy,
        TagKind::Walkable,
    ];
    prop::sample::subsequence(kinds, 0..=3).prop_map(|t| TagSet::of(&t))
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (pos(), tags()).prop_map(|(p, t)| Op::Spawn(p, t)),
        4 => (any::<usize>(), pos()).prop_map(|(k, p)| Op::Move(k, p)),
        2 => (any::<usize>(), tags()).prop_map(|(k, t)| Op::SetTags(k, t)),
        1 => any::<usize>().prop_map(Op::RemovePosition),
        1 => (any::<usize>(), pos()).prop_map(|(k, p)| Op::SetPosition(k, p)),
        2 => any::<usize>().prop_map(Op::Destroy),
        1 => (pos(), pos()).prop_map(|(a, b)| Op::Reserve(a, b)),
    ]
}

/// The model: every live entity, where it stands (if anywhere), its tags.
type Model = BTreeMap<EntityId, (Option<GridPos>, TagSet)>;

/// Pick the `k`-th live entity (wrapping), if any lives.
fn pick(model: &Model, k: usize) -> Option<EntityId> {
    let n = model.len();
    (n > 0).then(|| model.keys().nth(k % n).copied()).flatten()
}

fn apply(world: &mut World, model: &mut Model, op: &Op) {
    match *op {
        Op::Spawn(p, t) => {
            let id = world.spawn_tagged(p, t);
            assert!(
                model.insert(id, (Some(p), t)).is_none(),
                "id {id} reused while live"
            );
        }
        Op::Move(k, p) => {
            if let Some(id) = pick(model, k) {
                let result = world.move_to(id, p);
                let entry = model.get_mut(&id).expect("picked from the model");
                match entry.0 {
                    // Only the stairs take an entity to another floor.
                    Some(from) if !muscleman_sim::same_band(from, p) => {
                        assert!(
                            matches!(result, Err(muscleman_sim::WorldError::LeftFloor { .. })),
                            "moved {id} off its floor"
                        );
                    }
                    Some(from) => {
                        assert_eq!(result.ok(), Some(from));
                        entry.0 = Some(p);
                    }
                    None => assert!(result.is_err(), "moved an entity that stands nowhere"),
                }
            }
        }
        Op::SetTags(k, t) => {
            if let Some(id) = pick(model, k) {
                world.set_tags(id, t).expect("a live entity");
                model.get_mut(&id).expect("picked from the model").1 = t;
            }
        }
        Op::RemovePosition(k) => {
            if let Some(id) = pick(model, k) {
                world.remove::<Position>(id).expect("a live entity");
                model.get_mut(&id).expect("picked from the model").0 = None;
            }
        }
        Op::SetPosition(k, p) => {
            if let Some(id) = pick(model, k) {
                world.set(id, Position(p)).expect("a live entity");
                model.get_mut(&id).expect("picked from the model").0 = Some(p);
            }
        }
        Op::Destroy(k) => {
            if let Some(id) = pick(model, k) {
                world.destroy(id).expect("a live entity");
                model.remove(&id);
            }
        }
        // Growing the dense rectangle (when it fits under the cap) moves
        // far cells into it; the model does not change.
        Op::Reserve(a, b) => world.reserve_area(a, b),
    }
}

/// The model's occupied cells, row by row, each with its entities in id order.
fn model_cells(model: &Model) -> BTreeMap<(i32, i32), Vec<(EntityId, TagSet)>> {
    let mut cells: BTreeMap<(i32, i32), Vec<(EntityId, TagSet)>> = BTreeMap::new();
    for (&id, &(at, t)) in model {
        if let Some(at) = at {
            cells.entry((at.y, at.x)).or_default().push((id, t));
        }
    }
    cells
}

/// Check the per-cell queries on every occupied cell and its right-hand
/// neighbour, and where each entity stands.
fn check_cells(world: &World, model: &Model) -> Result<(), TestCaseError> {
    let cells = model_cells(model);
    let index = world.index();
    for &(y, x) in cells.keys() {
        for probe in [GridPos::new(x, y), GridPos::new(x.wrapping_add(1), y)] {
            let expect = cells
                .get(&(probe.y, probe.x))
                .map_or(&[][..], |l| l.as_slice());
            prop_assert_eq!(index.tagged_at(probe).collect::<Vec<_>>(), expect);
            prop_assert_eq!(index.any_at(probe), !expect.is_empty());
            let union = expect
                .iter()
                .fold(TagSet::EMPTY, |all, (_, t)| all.union(*t));
            prop_assert_eq!(index.kinds_at(probe), union);
            let first = |tag: TagKind| expect.iter().find(|(_, t)| t.contains(tag)).map(|e| e.0);
            prop_assert_eq!(index.pushable_at(probe), first(TagKind::Pushable));
            prop_assert_eq!(index.static_at(probe), first(TagKind::Static));
        }
    }
    for (&id, &(at, _)) in model {
        prop_assert_eq!(world.position(id).ok(), at);
    }
    Ok(())
}

/// Check the whole index: `cells()` lists exactly the model's cells, row by
/// row, and `World::validate` passes (it walks the whole index too).
fn check_all(world: &World, model: &Model) -> Result<(), TestCaseError> {
    world
        .validate()
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let got: Vec<(GridPos, Vec<(EntityId, TagSet)>)> = world
        .index()
        .cells()
        .map(|(at, ids)| (at, ids.tagged().collect()))
        .collect();
    let want: Vec<(GridPos, Vec<(EntityId, TagSet)>)> = model_cells(model)
        .into_iter()
        .map(|((y, x), list)| (GridPos::new(x, y), list))
        .collect();
    prop_assert_eq!(got, want);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_index_agrees_with_a_map_of_entities(ops in prop::collection::vec(op(), 1..120)) {
        let mut world = World::new();
        let mut model = Model::new();
        for op in &ops {
            apply(&mut world, &mut model, op);
            check_cells(&world, &model)?;
        }
        // Walking the whole dense rectangle (up to the cap's 8 Mi cells
        // after a far reservation) after every step would be slow: once a case.
        check_all(&world, &model)?;
    }
}
