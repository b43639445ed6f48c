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
//!
//! Before a bench is timed, both engines run its input pattern side by side
//! and must give equal events, so the baseline does the sim's work.

mod baseline;
mod support;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use muscleman_core::{GridDir, GridPos};
use muscleman_sim::Rules;

use support::{
    Rig, check_same, corridor, level, reset_corridor_grid, reset_corridor_sim, timed_runs,
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

criterion_group! {
    name = benches;
    config = support::config();
    targets = bench_walk, bench_push
}
criterion_main!(benches);
