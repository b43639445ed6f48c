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
//! a wall, a wait, under the Muscleman or the Sokoban rules; and with hands
//! (issue 12): a grab, a drop, a strafe, a pull, a forward push through the
//! held box, a swing that shoves at V and T, a free swing, a blocked swing
//! (at V and at T), a swing of the hammer with nothing to strike, a turn in
//! place, and all of these under the Sokoban rules, where they do nothing.
//!
//! The same holds for a warm [`Game`] (issue 17) played through
//! `step_into`, `undo_into` and `redo_into` with one reused batch: pushes,
//! walks, turns and bumps, undone and redone, allocate and free nothing;
//! the only thing that grows is the command log, amortized (a reallocation
//! each time it doubles).
//!
//! A hammer strike is left out of that claim: it destroys the target and
//! spawns its contents, which the ECS stores. The last scenario counts what
//! a warm strike allocates and prints it.

use std::alloc::System;

use muscleman_core::{
    Contents, EntityId, EntityRecipe, EntitySpec, EventBatch, GridDir, GridPos, Input, SimEvent,
};
use muscleman_level::Level;
use muscleman_sim::{Facing, Game, Rules, World, spawn, spawn_spec, step_into, step_with};
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
/// statistics, the steps counted and how many of them did something (had
/// an event other than a sound hint).
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
        // A refused move's bump is a sound, not something done.
        let done = events
            .iter()
            .any(|e| !matches!(e, muscleman_core::SimEvent::SoundHint(_)));
        moved += usize::from(done);
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
    warm_steps_with_hands_allocate_nothing();
    println!("alloc: warm grabs, drops, carries and swings allocate nothing: ok");
    let (rounds, reallocations) = warm_game_steps_undos_and_redos_allocate_nothing();
    println!(
        "alloc: {rounds} warm rounds of Game step_into, undo_into and redo_into allocate \
         nothing; the command log grew with {reallocations} reallocations: ok"
    );
    let (with_contents, empty) = hammer_strike_allocations();
    println!(
        "alloc: {STRIKES} warm hammer strikes of a box holding two things (and pulls): \
         {with_contents:?}; one of a weak wall: {empty:?}"
    );
}

/// Play a game round and round: its moves through `step_into` (pushes,
/// walks, a turn and a bump), everything undone through `undo_into`, redone
/// through `redo_into` and undone again. After two warm rounds, count 50;
/// return the rounds and the reallocations (the command log's doublings).
fn warm_game_steps_undos_and_redos_allocate_nothing() -> (usize, usize) {
    use GridDir::{Down, Left, Right, Up};
    let level = Level::parse("########\n#@ $  .#\n#  $ . #\n#      #\n########\n").unwrap();
    let mut game = Game::new(&level, Rules::SOKOBAN).unwrap();
    let moves = [
        Right, Right, Right, Left, Up, Down, Down, Left, Left, Right, Right, Right, Right, Up,
    ];
    let mut events = EventBatch::new();
    let round = |game: &mut Game, events: &mut EventBatch| {
        for dir in moves {
            game.step_into(Input::Move(dir), events).unwrap();
        }
        let depth = game.undo_depth();
        assert!(depth >= 10, "most moves are undo steps: {depth}");
        for _ in 0..depth {
            game.undo_into(events).unwrap();
            assert!(!events.is_empty(), "an undo moves something back");
        }
        for _ in 0..depth {
            game.redo_into(events).unwrap();
        }
        for _ in 0..depth {
            game.undo_into(events).unwrap();
        }
        assert_eq!(game.undo_depth(), 0);
    };
    round(&mut game, &mut events);
    round(&mut game, &mut events);
    let rounds = 50;
    let log_before = game.commands().len();
    let region = Region::new(GLOBAL);
    for _ in 0..rounds {
        round(&mut game, &mut events);
    }
    let stats = region.change();
    let log_after = game.commands().len();
    // The log doubles as it grows: at most one reallocation per doubling.
    let doublings = (log_after / log_before).ilog2() as usize + 1;
    assert_eq!(
        (stats.allocations, stats.deallocations),
        (0, 0),
        "{rounds} warm rounds allocated: {stats:?}"
    );
    assert!(
        stats.reallocations <= doublings,
        "{rounds} warm rounds reallocated more than the log's {doublings} doublings: {stats:?}"
    );
    (rounds, stats.reallocations)
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

    // `step_with` returns a new batch, which keeps a step's first two
    // events inline: a walk allocates nothing either.
    let region = Region::new(GLOBAL);
    let batch = step_with(&mut world, player, mv(Left), &muscleman).unwrap();
    assert_eq!(batch.len(), 1);
    assert_no_allocation("a walk into a new batch", region.change(), 1);

    // The counter does count: a batch given more events than it keeps
    // inline moves them to the heap.
    let region = Region::new(GLOBAL);
    let mut batch = step_with(&mut world, player, mv(Right), &muscleman).unwrap();
    for event in batch.clone().iter().cycle().take(2) {
        batch.push(*event);
    }
    assert_eq!(batch.len(), 3);
    assert!(region.change().allocations > 0, "the counter saw nothing");
}

/// Build a world from a map: `#` strong wall, `%` weak wall, `$` box, `z`
/// box holding a coin and an apple, `h` hammer, `@` player (facing Down),
/// anything else floor; (0, 0) is the first character of the first row.
fn world_from(map: &[&str]) -> (World, EntityId) {
    let mut world = World::new();
    let height = map.len() as i32;
    let width = map.iter().map(|r| r.len()).max().unwrap() as i32;
    world.reserve_area(GridPos::ZERO, GridPos::new(width - 1, height - 1));
    let mut player = None;
    for (y, row) in map.iter().enumerate() {
        for (x, c) in row.bytes().enumerate() {
            let at = GridPos::new(x as i32, y as i32);
            let recipe = match c {
                b'#' => EntityRecipe::WallStrong,
                b'%' => EntityRecipe::WallWeak,
                b'$' => EntityRecipe::Box,
                b'h' => EntityRecipe::Hammer,
                b'z' => {
                    let contents =
                        Contents::from_slice(&[EntityRecipe::Coin, EntityRecipe::Apple]).unwrap();
                    let spec = EntitySpec::new(EntityRecipe::Box).with_contents(contents);
                    spawn_spec(&mut world, &spec, at).unwrap();
                    continue;
                }
                b'@' => {
                    player = Some(spawn(&mut world, EntityRecipe::Player, at).unwrap());
                    continue;
                }
                _ => continue,
            };
            spawn(&mut world, recipe, at).unwrap();
        }
    }
    (world, player.unwrap())
}

/// Step `inputs` outside any count (to set a scene up).
/// A world of `map` whose player has swung right twice (a half turn in
/// place) and grabbed what it faces then, and the batch that played it.
fn holding(map: &[&str]) -> (World, EntityId, EventBatch) {
    let (mut world, player) = world_from(map);
    let mut events = EventBatch::new();
    let grab = [Input::SwingRight, Input::SwingRight, Input::Grab];
    play(&mut world, player, &grab, &mut events);
    (world, player, events)
}

fn play(world: &mut World, player: EntityId, inputs: &[Input], events: &mut EventBatch) {
    for input in inputs {
        step_into(world, player, *input, &Rules::MUSCLEMAN, events).unwrap();
    }
}

/// Add the counts of `b` to `a`.
fn add(a: &mut stats_alloc::Stats, b: stats_alloc::Stats) {
    a.allocations += b.allocations;
    a.reallocations += b.reallocations;
    a.deallocations += b.deallocations;
    a.bytes_allocated += b.bytes_allocated;
    a.bytes_deallocated += b.bytes_deallocated;
    a.bytes_reallocated += b.bytes_reallocated;
}

/// The boxes a full turn of four `SwingLeft`s moves in the swing station,
/// as (home, where the turn leaves it), relative to the player: the first
/// three swings shove at V and T, the fourth at V (benches/support/mod.rs,
/// `SHOVED`).
const SHOVED: [((i32, i32), (i32, i32)); 4] = [
    ((-1, -1), (-2, -1)),
    ((-1, 0), (-1, 2)),
    ((0, 1), (2, 1)),
    ((1, 0), (1, -2)),
];

fn warm_steps_with_hands_allocate_nothing() {
    use GridDir::{Down, Left, Right, Up};
    use Input::{Drop, Grab, SwingLeft, SwingRight};
    let mv = Input::Move;
    let muscleman = Rules::MUSCLEMAN;

    // Grab and drop the box to the right (turned to face it in place).
    let (mut world, player) = world_from(&["#######", "#     #", "# @$  #", "#     #", "#######"]);
    let mut events = EventBatch::new();
    play(&mut world, player, &[SwingLeft], &mut events);
    assert_eq!(world.get::<Facing>(player).unwrap().0, Right);
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &[Grab, Drop], &mut events);
    assert_no_allocation("grab and drop", stats, steps);
    assert_eq!(moved, steps, "every grab and drop is an event");

    // Holding it: strafe Up and Down, then pull it Left and push it Right.
    play(&mut world, player, &[Grab], &mut events);
    let strafe = [mv(Up), mv(Down)];
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &strafe, &mut events);
    assert_no_allocation("strafe", stats, steps);
    assert_eq!(moved, steps, "every strafe moves both lanes");
    let pull = [mv(Left), mv(Right)];
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &pull, &mut events);
    assert_no_allocation("pull and forward push", stats, steps);
    assert_eq!(moved, steps, "every pull and push moves");
    assert_eq!(world.position(player).unwrap(), GridPos::new(2, 2));

    // A turn in place with empty hands, and every hands input under the
    // Sokoban rules (no-ops).
    play(&mut world, player, &[Drop], &mut events);
    let turns = [SwingLeft, SwingRight];
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &turns, &mut events);
    assert_no_allocation("turns in place", stats, steps);
    assert_eq!(moved, 0, "a turn in place is quiet");
    let sokoban = [Grab, SwingLeft, mv(Up), Drop, SwingRight];
    let (stats, steps, moved) = count(&mut world, player, &Rules::SOKOBAN, &sokoban, &mut events);
    assert_no_allocation("hands under Sokoban rules", stats, steps);
    assert_eq!(moved, 0, "without hands these do nothing (the move bumps)");

    // Swings that shove: a full turn of four SwingLefts in the station,
    // the boxes put back between turns outside the count.
    let station = [
        "#######", "#     #", "# $$  #", "# $@$ #", "#  $  #", "#     #", "#######",
    ];
    let (mut world, player, mut events) = holding(&station);
    let centre = GridPos::new(3, 3);
    let cell = |(dx, dy): (i32, i32)| GridPos::new(centre.x + dx, centre.y + dy);
    let mut total = stats_alloc::Stats::default();
    let mut shoves = 0;
    for round in 0..=STEPS / 4 {
        let region = Region::new(GLOBAL);
        for _ in 0..4 {
            step_into(&mut world, player, SwingLeft, &muscleman, &mut events).unwrap();
            shoves += events.len() - 2;
        }
        if round > 0 {
            add(&mut total, region.change());
        }
        for (home, end) in SHOVED {
            let id = world.index().pushable_at(cell(end)).unwrap();
            world.move_to(id, cell(home)).unwrap();
        }
    }
    assert_no_allocation("swings with shoves", total, STEPS / 4 * 4);
    assert_eq!(shoves, (STEPS / 4 + 1) * 7, "seven shoves a turn");

    // Free swings (nothing at V or T): Left, Right.
    let (mut world, player, mut events) =
        holding(&["#######", "#     #", "#  $  #", "#  @  #", "#######"]);
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &turns, &mut events);
    assert_no_allocation("free swings", stats, steps);
    assert_eq!(moved, steps);

    // Blocked swings: SwingLeft at T (a weak wall), SwingRight at V (a
    // strong wall), then SwingLeft at V behind a box that cannot move.
    let (mut world, player, mut events) =
        holding(&["#######", "#     #", "#  $# #", "# %@  #", "#######"]);
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &turns, &mut events);
    assert_no_allocation("blocked swings", stats, steps);
    assert_eq!(moved, steps, "each gives SwingBlocked");
    assert_eq!(world.get::<Facing>(player).unwrap().0, Up, "none turned");
    let (mut world, player, mut events) = holding(&["#######", "#$$$  #", "#  @  #", "#######"]);
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &[SwingLeft], &mut events);
    assert_no_allocation("swing blocked by a chain", stats, steps);
    assert_eq!(moved, steps);

    // The hammer with nothing to strike swings like anything else.
    let (mut world, player, mut events) =
        holding(&["#######", "#     #", "#  h  #", "#  @  #", "#######"]);
    let (stats, steps, moved) = count(&mut world, player, &muscleman, &turns, &mut events);
    assert_no_allocation("hammer swings with no target", stats, steps);
    assert_eq!(moved, steps);
}

/// Strikes counted by [`hammer_strike_allocations`].
const STRIKES: usize = 32;

/// Count what hammer strikes allocate once warm: facing Right with the
/// hammer, under a row of boxes each holding a coin and an apple, the
/// player strikes the box above it (T of a `SwingLeft`, V being free) and
/// pulls the hammer one cell Left, again and again. Two strikes warm up; the next
/// [`STRIKES`] are counted, with their pulls (which allocate nothing).
/// Then one strike of a weak wall, which spawns nothing. Returns both
/// counts.
fn hammer_strike_allocations() -> (stats_alloc::Stats, stats_alloc::Stats) {
    use Input::{Grab, SwingLeft};
    let n = STRIKES + 2;
    let wall = "#".repeat(n + 5);
    let boxes = format!("# %{}  #", "z".repeat(n));
    let hands = format!("#{}@h#", " ".repeat(n + 1));
    let (mut world, player) = world_from(&[&wall, &boxes, &hands, &wall]);
    let mut events = EventBatch::new();
    // Facing Down: one turn Left faces Right, towards the hammer.
    play(&mut world, player, &[SwingLeft, Grab], &mut events);
    let muscleman = Rules::MUSCLEMAN;
    let strike = |world: &mut World, events: &mut EventBatch| {
        step_into(world, player, SwingLeft, &muscleman, events).unwrap();
        let [SimEvent::Smashed(smashed)] = events.events() else {
            panic!("a strike: {events:?}");
        };
        let spawned = smashed.contents.as_slice().len();
        step_into(
            world,
            player,
            Input::Move(GridDir::Left),
            &muscleman,
            events,
        )
        .unwrap();
        assert_eq!(events.len(), 2, "the pull moves the player and the hammer");
        spawned
    };
    for _ in 0..2 {
        assert_eq!(strike(&mut world, &mut events), 2);
    }
    let region = Region::new(GLOBAL);
    for _ in 0..STRIKES {
        strike(&mut world, &mut events);
    }
    let with_contents = region.change();
    // Now the weak wall is above (T, V being free): it breaks, nothing spawns.
    let region = Region::new(GLOBAL);
    assert_eq!(strike(&mut world, &mut events), 0);
    let empty = region.change();
    (with_contents, empty)
}
