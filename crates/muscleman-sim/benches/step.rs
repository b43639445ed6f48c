//! Step benches: the cost of one warm step through `step_into`, beside the
//! dense-grid baseline doing the same rule (see `baseline/mod.rs`), and how
//! that cost grows with the level size and the push chain length.
//!
//! Run with `cargo bench -p muscleman-sim --bench step`. Groups:
//!
//! - `walk/{sim,baseline}/N`: the player walks Right, Left, Right, ... between
//!   two free cells at the centre of an N×N level (N = 10, 100, 1000) about a
//!   quarter full of walls, boxes, goals and water. One iteration is one step.
//!   `walk/baseline_bare/10` is the baseline without writing events.
//! - `push/{sim,baseline}/N`: the player pushes a chain of N boxes (N = 1, 4,
//!   16, 64, 256) one cell Right. One iteration is one successful push of the
//!   whole chain; after every run of pushes the chain is put back with the
//!   clock stopped (see `support/mod.rs`, "Method").
//! - `strafe/{sim,baseline}/N`: holding the box in front (facing Up), the
//!   player strafes Right; each lane is a chain of N (N = 1, 16): the held
//!   box and N - 1 boxes beside it, the player and N - 1 boxes beside it.
//!   One iteration is one strafe that moves both lanes; runs are put back
//!   with the clock stopped, as for the push.
//! - `swing/{sim,baseline}/turn`: a full turn of four `SwingLeft`s holding a
//!   box, the first three shoving a box at V and one at T, the fourth one at
//!   V (see `support/mod.rs`, "Method", for why no swing pattern shoves
//!   forever). One iteration is one turn, four swings, each on the next of
//!   16 separate worlds; their boxes are put back with the clock stopped.
//! - `swing/{sim,baseline}/free`: `SwingLeft`, `SwingRight`, ... holding a
//!   box with nothing at V or T. One iteration is one swing.
//! - `swing/{sim,baseline}/blocked`: `SwingLeft` into a strong wall at V,
//!   again and again: only `SwingBlocked`. One iteration is one swing.
//!
//! Before a bench is timed, both engines run its input pattern side by side
//! and must give equal events, so the baseline does the sim's work.

mod baseline;
mod support;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use muscleman_core::{GridDir, GridPos, Input};
use muscleman_sim::Rules;

use support::{
    Rig, Station, check_inputs, check_same, corridor, face_up_and_grab, level, reset_corridor_grid,
    reset_corridor_sim, reset_station_grid, reset_station_sim, reset_strafe_grid, reset_strafe_sim,
    strafe_corridor, swing_station, timed_runs,
};

/// Level sizes for the walk.
const LEVEL_SIZES: [i32; 3] = [10, 100, 1000];
/// Chain lengths for the push.
const CHAINS: [i32; 5] = [1, 4, 16, 64, 256];
/// Pushes per run before the chain is put back.
const PUSH_RUN: i32 = 1024;

/// `k` timed steps of one engine on a rig.
type Steps = fn(&mut Rig, u64);

/// Which way the `i`-th walk step goes: Right, Left, Right, ...
#[inline(always)]
fn walk_dir(i: u64) -> GridDir {
    if i & 1 == 0 {
        GridDir::Right
    } else {
        GridDir::Left
    }
}

/// `k` sim walk steps, continuing the Right/Left alternation.
fn sim_walk(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.sim_step(walk_dir(rig.tick));
        rig.tick += 1;
    }
}

/// `k` baseline walk steps, continuing the Right/Left alternation.
fn grid_walk(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.grid_step(walk_dir(rig.grid_tick));
        rig.grid_tick += 1;
    }
}

/// `k` bare baseline walk steps, continuing the Right/Left alternation.
fn grid_walk_bare(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.grid_step_bare(walk_dir(rig.grid_tick));
        rig.grid_tick += 1;
    }
}

/// Build the walk rig for an `n`×`n` level and check both engines agree.
fn walk_rig(n: i32) -> Rig {
    let mut rig = Rig::new(&level(n), Rules::MUSCLEMAN);
    check_same(
        &mut rig,
        &[GridDir::Right, GridDir::Left, GridDir::Right, GridDir::Left],
    );
    rig
}

fn bench_walk(c: &mut Criterion) {
    let mut group = c.benchmark_group("walk");
    for n in LEVEL_SIZES {
        // Built on first use, so a filtered run builds only what it times.
        let mut rig: Option<Rig> = None;
        let mut engines: Vec<(&str, Steps)> = vec![("sim", sim_walk), ("baseline", grid_walk)];
        if n == LEVEL_SIZES[0] {
            engines.push(("baseline_bare", grid_walk_bare));
        }
        for (name, walk) in engines {
            group.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| {
                let rig = rig.get_or_insert_with(|| walk_rig(n));
                b.iter_custom(|iters| timed_runs(rig, iters, u64::MAX, walk, |_, _| {}))
            });
        }
        if let Some(rig) = rig {
            // Each engine is still on its two cells, where its parity says.
            let home = level(n).player_pos();
            let at = |ticks: u64| GridPos::new(home.x + (ticks & 1) as i32, home.y);
            assert_eq!(rig.sim_player_pos(), at(rig.tick));
            assert_eq!(rig.grid.player_pos(), at(rig.grid_tick));
            black_box(&rig.world);
        }
    }
    group.finish();
}

/// `k` sim pushes Right.
fn sim_push(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.sim_step(GridDir::Right);
    }
}

/// `k` baseline pushes Right.
fn grid_push(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.grid_step(GridDir::Right);
    }
}

/// `k` bare baseline pushes Right.
fn grid_push_bare(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.grid_step_bare(GridDir::Right);
    }
}

/// Build the push rig for a chain of `chain` boxes and check both engines
/// agree.
fn push_rig(chain: i32) -> Rig {
    let mut rig = Rig::new(&corridor(chain, PUSH_RUN), Rules::MUSCLEMAN);
    rig.chain = chain;
    check_same(&mut rig, &[GridDir::Right; 3]);
    reset_corridor_sim(&mut rig, 3);
    reset_corridor_grid(&mut rig, 3);
    rig
}

fn bench_push(c: &mut Criterion) {
    let mut group = c.benchmark_group("push");
    for chain in CHAINS {
        let mut rig: Option<Rig> = None;
        let run = PUSH_RUN as u64;
        let mut engines: Vec<(&str, Steps, Steps)> = vec![
            ("sim", sim_push, reset_corridor_sim),
            ("baseline", grid_push, reset_corridor_grid),
        ];
        if chain == CHAINS[0] {
            engines.push(("baseline_bare", grid_push_bare, reset_corridor_grid));
        }
        for (name, push, reset) in engines {
            group.bench_with_input(BenchmarkId::new(name, chain), &chain, |b, _| {
                let rig = rig.get_or_insert_with(|| push_rig(chain));
                b.iter_custom(|iters| timed_runs(rig, iters, run, push, reset))
            });
        }
    }
    group.finish();
}

/// Lane lengths for the strafe.
const LANES: [i32; 2] = [1, 16];
/// Strafes per run before the lanes are put back.
const STRAFE_RUN: i32 = 1024;
/// Separate worlds a run of swing turns goes through before they are put
/// back: each turn is four swings on the next one.
const STATIONS: usize = 16;

/// `k` sim strafes Right.
fn sim_strafe(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.sim_act(Input::Move(GridDir::Right));
    }
}

/// `k` baseline strafes Right.
fn grid_strafe(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.grid_act(Input::Move(GridDir::Right));
    }
}

/// Build the strafe rig for lanes of `lane` and check both engines agree
/// on the grab and on strafes that move both whole lanes.
fn strafe_rig(lane: i32) -> Rig {
    let mut rig = Rig::new(&strafe_corridor(lane, STRAFE_RUN), Rules::MUSCLEMAN);
    rig.chain = lane;
    face_up_and_grab(&mut rig);
    let quiet = check_inputs(&mut rig, &[Input::Move(GridDir::Right); 3]);
    assert_eq!(quiet, 0, "every strafe moves");
    assert_eq!(rig.events.len(), 2 * lane as usize, "both whole lanes move");
    reset_strafe_sim(&mut rig, 3);
    reset_strafe_grid(&mut rig, 3);
    rig
}

fn bench_strafe(c: &mut Criterion) {
    let mut group = c.benchmark_group("strafe");
    for lane in LANES {
        let mut rig: Option<Rig> = None;
        let run = STRAFE_RUN as u64;
        let engines: [(&str, Steps, Steps); 2] = [
            ("sim", sim_strafe, reset_strafe_sim),
            ("baseline", grid_strafe, reset_strafe_grid),
        ];
        for (name, strafe, reset) in engines {
            group.bench_with_input(BenchmarkId::new(name, lane), &lane, |b, _| {
                let rig = rig.get_or_insert_with(|| strafe_rig(lane));
                b.iter_custom(|iters| timed_runs(rig, iters, run, strafe, reset))
            });
        }
    }
    group.finish();
}

/// `k` timed turns of one engine, or putting `k` stations back.
type Turns = fn(&mut [Rig], u64);

/// A full turn: four swings the same way.
const TURN: [Input; 4] = [Input::SwingLeft; 4];

/// Build one station of the turn bench and check both engines agree on a
/// turn: three swings with two shoves, one with one.
fn turn_station() -> Rig {
    let mut rig = Rig::new(&swing_station(Station::Shove), Rules::MUSCLEMAN);
    face_up_and_grab(&mut rig);
    for _ in 0..2 {
        check_inputs(&mut rig, &TURN[..1]);
        assert_eq!(rig.events.len(), 4, "shoves at V and T, the swing, Swung");
        check_inputs(&mut rig, &TURN[1..3]);
        assert_eq!(rig.events.len(), 4);
        check_inputs(&mut rig, &TURN[3..]);
        assert_eq!(rig.events.len(), 3, "a shove at V, the swing, Swung");
        reset_station_sim(&mut rig);
        reset_station_grid(&mut rig);
    }
    rig
}

/// `k` sim turns, one on each of the next `k` stations.
fn sim_turns(rigs: &mut [Rig], k: u64) {
    for rig in rigs.iter_mut().take(k as usize) {
        for input in TURN {
            rig.sim_act(input);
        }
    }
}

/// `k` baseline turns, one on each of the next `k` stations.
fn grid_turns(rigs: &mut [Rig], k: u64) {
    for rig in rigs.iter_mut().take(k as usize) {
        for input in TURN {
            rig.grid_act(input);
        }
    }
}

/// Put the first `k` stations back in the sim.
fn reset_turns_sim(rigs: &mut [Rig], k: u64) {
    rigs.iter_mut().take(k as usize).for_each(reset_station_sim);
}

/// Put the first `k` stations back in the baseline.
fn reset_turns_grid(rigs: &mut [Rig], k: u64) {
    rigs.iter_mut()
        .take(k as usize)
        .for_each(reset_station_grid);
}

/// Which way the `i`-th free swing goes: Left, Right, Left, ...
#[inline(always)]
fn free_swing(i: u64) -> Input {
    if i & 1 == 0 {
        Input::SwingLeft
    } else {
        Input::SwingRight
    }
}

/// `k` sim free swings, continuing the Left/Right alternation.
fn sim_free(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.sim_act(free_swing(rig.tick));
        rig.tick += 1;
    }
}

/// `k` baseline free swings, continuing the Left/Right alternation.
fn grid_free(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.grid_act(free_swing(rig.grid_tick));
        rig.grid_tick += 1;
    }
}

/// `k` sim blocked swings.
fn sim_blocked(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.sim_act(Input::SwingLeft);
    }
}

/// `k` baseline blocked swings.
fn grid_blocked(rig: &mut Rig, k: u64) {
    for _ in 0..k {
        rig.grid_act(Input::SwingLeft);
    }
}

/// Build a station that cycles by itself and check both engines agree on
/// a pull, a forward push, a drop and a grab (which leave it as it was),
/// then on `pattern`, each step giving `events` events.
fn cycling_station(station: Station, pattern: &[Input], events: usize) -> Rig {
    let mut rig = Rig::new(&swing_station(station), Rules::MUSCLEMAN);
    face_up_and_grab(&mut rig);
    let round_trip = [
        Input::Move(GridDir::Down),
        Input::Move(GridDir::Up),
        Input::Drop,
        Input::Grab,
    ];
    assert_eq!(check_inputs(&mut rig, &round_trip), 0, "each step acts");
    for input in pattern {
        check_inputs(&mut rig, std::slice::from_ref(input));
        assert_eq!(rig.events.len(), events, "{station:?} {input:?}");
    }
    rig
}

fn bench_swing(c: &mut Criterion) {
    let mut group = c.benchmark_group("swing");
    let mut rigs: Option<Vec<Rig>> = None;
    let turns: [(&str, Turns, Turns); 2] = [
        ("sim", sim_turns, reset_turns_sim),
        ("baseline", grid_turns, reset_turns_grid),
    ];
    for (name, turn, reset) in turns {
        group.bench_function(BenchmarkId::new(name, "turn"), |b| {
            let rigs = rigs.get_or_insert_with(|| (0..STATIONS).map(|_| turn_station()).collect());
            b.iter_custom(|iters| {
                let run = STATIONS as u64;
                timed_runs(
                    rigs,
                    iters,
                    run,
                    |r: &mut Vec<Rig>, k| turn(r, k),
                    |r, k| reset(r, k),
                )
            })
        });
    }
    let mut free: Option<Rig> = None;
    for (name, swing) in [("sim", sim_free as Steps), ("baseline", grid_free)] {
        group.bench_function(BenchmarkId::new(name, "free"), |b| {
            let rig = free.get_or_insert_with(|| {
                let pattern = [Input::SwingLeft, Input::SwingRight];
                cycling_station(Station::Free, &pattern, 2)
            });
            b.iter_custom(|iters| timed_runs(rig, iters, u64::MAX, swing, |_, _| {}))
        });
    }
    if let Some(rig) = free {
        // Each engine faces where its parity says: Up after an even count.
        let facing = |ticks: u64| {
            if ticks & 1 == 0 {
                GridDir::Up
            } else {
                GridDir::Left
            }
        };
        assert_eq!(rig.sim_facing(), facing(rig.tick));
        assert_eq!(rig.grid.facing(), facing(rig.grid_tick));
    }
    let mut blocked: Option<Rig> = None;
    for (name, swing) in [("sim", sim_blocked as Steps), ("baseline", grid_blocked)] {
        group.bench_function(BenchmarkId::new(name, "blocked"), |b| {
            let rig = blocked.get_or_insert_with(|| {
                cycling_station(Station::Blocked, &[Input::SwingLeft; 2], 1)
            });
            b.iter_custom(|iters| timed_runs(rig, iters, u64::MAX, swing, |_, _| {}))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = support::config();
    targets = bench_walk, bench_push, bench_strafe, bench_swing
}
criterion_main!(benches);
