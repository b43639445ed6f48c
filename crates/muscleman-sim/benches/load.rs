//! Load benches: the cost of reading an N×N level's text and making its
//! world, beside the dense baseline reading the same text into its array,
//! and how it grows with the cell count.
//!
//! Run with `cargo bench -p muscleman-sim --bench load`. Groups, for N = 100,
//! 300 and 1000 (a level about a quarter full of walls, boxes, goals and water;
//! see `support::level`):
//!
//! - `load/read_spawn/N`: `Level::parse` of the text, then
//!   `world_from_level` (the whole load a front end does);
//! - `load/read/N`: `Level::parse` alone;
//! - `load/spawn/N`: `world_from_level` of an already parsed level
//!   (`reserve_area` for the whole level, then `spawn` of every entity);
//! - `load/baseline/N`: `Grid::read_xsb`, the same text read straight into a
//!   dense array (the baseline for `read_spawn`).
//!
//! The text is made before the clock starts; each iteration builds one
//! level or world, which is dropped with the clock stopped.

mod baseline;
mod support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use muscleman_level::Level;
use muscleman_sim::world_from_level;

use baseline::Grid;
use support::level;

/// Level sizes for the load.
const LEVEL_SIZES: [i32; 3] = [100, 300, 1000];

/// Time `iters` calls of `make`, dropping each result off the clock.
fn time_each<T>(iters: u64, mut make: impl FnMut() -> T) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let start = Instant::now();
        let made = black_box(make());
        total += start.elapsed();
        drop(made);
    }
    total
}

fn bench_load(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for n in LEVEL_SIZES {
        let desc = level(n);
        let text = desc.to_text();
        let parsed = Level::parse(&text).expect("bench level reads");
        let (world, _) = world_from_level(&parsed).expect("bench level loads");
        assert_eq!(world.len(), desc.entities.len());
        drop(world);
        let grid = Grid::read_xsb(&text, None).expect("baseline reads");
        assert_eq!(grid.player_pos(), desc.player_pos());

        group.bench_with_input(BenchmarkId::new("read_spawn", n), &n, |b, _| {
            b.iter_custom(|iters| {
                time_each(iters, || {
                    let level = Level::parse(black_box(&text)).expect("reads");
                    world_from_level(&level).expect("loads")
                })
            })
        });
        group.bench_with_input(BenchmarkId::new("read", n), &n, |b, _| {
            b.iter_custom(|iters| {
                time_each(iters, || Level::parse(black_box(&text)).expect("reads"))
            })
        });
        group.bench_with_input(BenchmarkId::new("spawn", n), &n, |b, _| {
            b.iter_custom(|iters| {
                time_each(iters, || {
                    world_from_level(black_box(&parsed)).expect("loads")
                })
            })
        });
        group.bench_with_input(BenchmarkId::new("baseline", n), &n, |b, _| {
            b.iter_custom(|iters| {
                time_each(iters, || {
                    Grid::read_xsb(black_box(&text), None).expect("reads")
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_load);
criterion_main!(benches);
