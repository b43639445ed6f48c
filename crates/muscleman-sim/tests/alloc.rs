//! Warm steps allocate nothing (issue 6, "Allocations").
//!
//! This test binary installs a counting global allocator (`stats_alloc`, since
//! the workspace forbids `unsafe` and a `GlobalAlloc` impl needs it), so it
//! is its own binary, and it runs without the libtest harness
//! (`harness = false`): the allocator counts every thread, and the harness's
//! own bookkeeping thread allocates while a test runs, which made the count
//! depend on scheduling. Here `main` is the only thread; a failure panics and
//! the binary exits non-zero, which `cargo test` reports.
//!
//! "Warm" means: the world is built, and the caller's [`EventBatch`] has
//! already held a step's events once, so its buffer is big enough. From then
//! on, `step_into` must not allocate, reallocate or free, whatever the step:
//! a walk, a push of one box or of a long chain, a refused push, a bump into
//! a wall, a wait, under the Muscleman or the Sokoban rules.

use std::alloc::System;

use muscleman_core::{EntityId, EntityRecipe, EventBatch, GridDir, GridPos, Input};
use muscleman_sim::{Rules, World, spawn, step_into, step_with};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Warm steps run per scenario.
const STEPS: usize = 1000;

/// A walled room `width` × 5 with the player at (2, 2) and boxes at the
/// given cells of row 2.
fn room(width: i32, boxes: &[i32]) -> (World, EntityId) {
    let mut world = World::new();
    world.reserve_area(GridPos::new(0, 0), GridPos::new(width - 1, 4));
    let mut player = None;
    for y in 0..5 {
        for x in 0..width {
            let at = GridPos::new(x, y);
            if x == 0 || y == 0 || x == width - 1 || y == 4 {
                spawn(&mut world, EntityRecipe::WallStrong, at).unwrap();
            } else if y == 2 && x == 2 {
                player = Some(spawn(&mut world, EntityRecipe::Player, at).unwrap());
            } else if y == 2 && boxes.contains(&x) {
                spawn(&mut world, EntityRecipe::Box, at).unwrap();
            } else if (x + y) % 7 == 0 {
                spawn(&mut world, EntityRecipe::Goal, at).unwrap();
            }
        }
    }
    (world, player.unwrap())
}

/// Run `pattern` round and round: twice to warm up, then whole rounds for
/// at least `STEPS` steps, counted. Return the counted allocation
/// statistics, the steps counted and how many of them moved something.
fn count(
    world: &mut World,
    player: EntityId,
    rules: &Rules,
    pattern: &[Input],
    events: &mut EventBatch,
) -> (stats_alloc::Stats, usize, usize) {
    for input in pattern.iter().cycle().take(pattern.len() * 2) {
        step_into(world, player, *input, rules, events).unwrap();
    }
    let steps = pattern.len() * STEPS.div_ceil(pattern.len());
    let mut moved = 0;
    let region = Region::new(GLOBAL);
    for input in pattern.iter().cycle().take(steps) {
        step_into(world, player, *input, rules, events).unwrap();
        moved += usize::from(!events.is_empty());
    }
    (region.change(), steps, moved)
}

fn assert_no_allocation(name: &str, stats: stats_alloc::Stats, steps: usize) {
    assert_eq!(
        (stats.allocations, stats.reallocations, stats.deallocations),
        (0, 0, 0),
        "{name}: {steps} warm steps allocated: {stats:?}"
    );
}

fn main() {
    warm_steps_through_step_into_allocate_nothing();
    println!("alloc: warm steps through step_into allocate nothing: ok");
}

fn warm_steps_through_step_into_allocate_nothing() {
    use GridDir::{Down, Left, Right, Up};
    let mv = Input::Move;
    let muscleman = Rules::MUSCLEMAN;

    // A walk: Right, Left between two free cells.
    let (mut world, player) = room(12, &[]);
    let mut events = EventBatch::new();
    let walk = [mv(Right), mv(Left)];
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &walk, &mut events);
    assert_no_allocation("walk", stats, steps);
    assert_eq!(moved, steps, "every walk step moves");

    // A push of one box two cells Right (over a goal), round it through
    // row 1, and two pushes Left to bring it home; then the player goes home.
    let (mut world, player) = room(12, &[3]);
    let mut events = EventBatch::new();
    let round_trip = [
        mv(Right), // box 3 -> 4, player 2 -> 3
        mv(Right), // box 4 -> 5 (a goal cell), player 3 -> 4
        mv(Up),
        mv(Right),
        mv(Right),
        mv(Down), // player at (6, 2)
        mv(Left), // box 5 -> 4
        mv(Left), // box 4 -> 3, player at (4, 2)
        mv(Up),
        mv(Left),
        mv(Left),
        mv(Down), // player home at (2, 2)
    ];
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &round_trip, &mut events);
    assert_no_allocation("push of one box", stats, steps);
    assert_eq!(moved, steps, "every step of the round trip moves");
    assert_eq!(world.position(player).unwrap(), GridPos::new(2, 2));

    // A chain of 16 boxes, out and back the same way.
    let chain: Vec<i32> = (3..19).collect();
    let (mut world, player) = room(24, &chain);
    let mut events = EventBatch::new();
    let mut long_trip = vec![mv(Right), mv(Up)]; // chain 3..19 -> 4..20
    long_trip.extend([mv(Right); 17]);
    long_trip.extend([mv(Down), mv(Left), mv(Up)]); // chain back to 3..19
    long_trip.extend([mv(Left); 17]);
    long_trip.push(mv(Down)); // player home at (2, 2)
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &long_trip, &mut events);
    assert_no_allocation("push of a chain of 16", stats, steps);
    assert_eq!(moved, steps, "every step of the long trip moves");
    assert_eq!(world.position(player).unwrap(), GridPos::new(2, 2));

    // Refused steps: a chain of 4 against the wall, a bump into the wall, a
    // wait (and the walks between them).
    let (mut world, player) = room(8, &[3, 4, 5, 6]);
    let mut events = EventBatch::new();
    let refused = [mv(Right), mv(Left), mv(Left), mv(Right), Input::Wait];
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &refused, &mut events);
    assert_no_allocation("refused steps", stats, steps);
    assert_eq!(
        moved,
        steps * 2 / 5,
        "only the two walks of five steps move"
    );

    // A push refused by the Sokoban rules (a chain of 4, max_chain 1).
    let (stats, steps, moved) = count(
        &mut world,
        player,
        &Rules::SOKOBAN,
        &[mv(Right)],
        &mut events,
    );
    assert_no_allocation("refused Sokoban push", stats, steps);
    assert_eq!(moved, 0);

    // The counter does count: `step_with` returns a new batch, which
    // allocates when the step emits an event.
    let region = Region::new(GLOBAL);
    let batch = step_with(&mut world, player, mv(Left), &muscleman).unwrap();
    assert_eq!(batch.len(), 1);
    assert!(region.change().allocations > 0, "the counter saw nothing");
}
