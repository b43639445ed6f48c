//! History benches: undo and redo of a push through `muscleman_sim::Game`,
//! and `state_hash`, each beside the dense baseline doing the same
//! (`baseline::History`, `Grid::state_hash`).
//!
//! Run with `cargo bench -p muscleman-sim --bench history`. Groups:
//!
//! - `undo/{sim,baseline}/1`: undo of a step that pushed one box. A game on
//!   a corridor (see `support::corridor`) first pushes the box `RUN` times,
//!   with the clock stopped; then `RUN` undos are timed, then `RUN` redos put
//!   the history back with the clock stopped, and so on. One iteration is
//!   one undo.
//! - `redo/{sim,baseline}/1`: the same with the roles swapped: all `RUN`
//!   pushes are undone first, then the redos are timed and the undos are the
//!   reset. One iteration is one redo (which replays the push).
//! - `state_hash/{sim,baseline}/N`: the hash of a world of N entities
//!   (N = 100, 10,000; see `support::level_with_entities`).
//! - `restart_undo/N`: one restart and its undo after a history of N
//!   commands (`rl` repeated) on `#@  #`: the cost must not grow with N
//!   (rules.md §4; it once replayed the whole history, 1000× a move).
//! - `load/N`: `Game::load` of a save whose history is N commands of
//!   walks, restarts and undos (`rl` and `!z`): loading replays the
//!   history, so this grows linearly with N and no faster.
//!
//! `Game::undo` and `Game::redo` return a new `EventBatch` each, and the
//! game logs every command, so these figures include that allocation (the
//! baseline writes into a reused batch). A fresh game is built for every
//! measurement so the command log stays small.

mod baseline;
mod support;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use muscleman_core::{EventBatch, GridDir, Input};
use muscleman_level::Level;
use muscleman_sim::{Game, Rules, state_hash};

use baseline::{Grid, History};
use support::{LevelDesc, Rig, corridor, level_with_entities, timed_runs};

/// Pushes kept in the history, undone and redone as one run.
const RUN: u64 = 256;

/// A game and a baseline on the same corridor, with `RUN` pushes made.
struct Histories {
    game: Game,
    grid: Grid,
    history: History,
    events: EventBatch,
}

impl Histories {
    fn new(desc: &LevelDesc) -> Self {
        let level = Level::parse(&desc.to_text()).expect("bench level reads");
        let mut game = Game::new(&level, Rules::MUSCLEMAN).expect("game starts");
        let rig = Rig::new(desc, Rules::MUSCLEMAN);
        let mut grid = rig.grid;
        let mut history = History::default();
        let mut events = EventBatch::new();
        for _ in 0..RUN {
            let batch = game.step(Input::Move(GridDir::Right)).expect("push");
            assert!(history.step(&mut grid, GridDir::Right, &mut events));
            assert_eq!(batch.len(), 2, "every bench step pushes one box");
        }
        assert_eq!(game.undo_depth(), RUN as usize);
        Histories {
            game,
            grid,
            history,
            events,
        }
    }

    fn sim_undo(&mut self, k: u64) {
        for _ in 0..k {
            black_box(self.game.undo().expect("undo"));
        }
    }

    fn sim_redo(&mut self, k: u64) {
        for _ in 0..k {
            black_box(self.game.redo().expect("redo"));
        }
    }

    fn grid_undo(&mut self, k: u64) {
        for _ in 0..k {
            black_box(self.history.undo(&mut self.grid, &mut self.events));
            black_box(&self.events);
        }
    }

    fn grid_redo(&mut self, k: u64) {
        for _ in 0..k {
            black_box(self.history.redo(&mut self.grid, &mut self.events));
            black_box(&self.events);
        }
    }
}

fn bench_undo_redo(c: &mut Criterion) {
    let desc = corridor(1, RUN as i32);
    // Undo and redo give the same events in both engines (ids included).
    {
        let mut h = Histories::new(&desc);
        let sim = h.game.undo().expect("undo");
        h.grid_undo(1);
        assert_eq!(sim, h.events, "sim and baseline undo differ");
        let sim = h.game.redo().expect("redo");
        h.grid_redo(1);
        assert_eq!(sim, h.events, "sim and baseline redo differ");
    }

    let mut group = c.benchmark_group("undo");
    group.bench_function(BenchmarkId::new("sim", 1), |b| {
        b.iter_custom(|iters| {
            let mut h = Histories::new(&desc);
            timed_runs(&mut h, iters, RUN, Histories::sim_undo, Histories::sim_redo)
        })
    });
    group.bench_function(BenchmarkId::new("baseline", 1), |b| {
        b.iter_custom(|iters| {
            let mut h = Histories::new(&desc);
            timed_runs(
                &mut h,
                iters,
                RUN,
                Histories::grid_undo,
                Histories::grid_redo,
            )
        })
    });
    group.finish();

    let mut group = c.benchmark_group("redo");
    group.bench_function(BenchmarkId::new("sim", 1), |b| {
        b.iter_custom(|iters| {
            let mut h = Histories::new(&desc);
            h.sim_undo(RUN);
            timed_runs(&mut h, iters, RUN, Histories::sim_redo, Histories::sim_undo)
        })
    });
    group.bench_function(BenchmarkId::new("baseline", 1), |b| {
        b.iter_custom(|iters| {
            let mut h = Histories::new(&desc);
            h.grid_undo(RUN);
            timed_runs(
                &mut h,
                iters,
                RUN,
                Histories::grid_redo,
                Histories::grid_undo,
            )
        })
    });
    group.finish();
}

fn bench_state_hash(c: &mut Criterion) {
    let mut group = c.benchmark_group("state_hash");
    for count in [100usize, 10_000] {
        let desc = level_with_entities(count);
        let rig = Rig::new(&desc, Rules::MUSCLEMAN);
        assert_eq!(rig.world.len(), count);
        group.bench_with_input(BenchmarkId::new("sim", count), &count, |b, _| {
            b.iter(|| state_hash(black_box(&rig.world)))
        });
        group.bench_with_input(BenchmarkId::new("baseline", count), &count, |b, _| {
            b.iter(|| black_box(&rig.grid).state_hash())
        });
    }
    group.finish();
}

/// A game on `#@  #` that has walked `rl` until its history holds `n`
/// commands, with every other 1000 commands a restart and its undo.
fn walked(n: usize) -> Game {
    let level = Level::parse("#@  #\n").expect("a valid level");
    let mut game = Game::new(&level, Rules::MUSCLEMAN).expect("a playable level");
    let (right, left) = (Input::Move(GridDir::Right), Input::Move(GridDir::Left));
    for i in 0..n / 2 {
        if i % 500 == 499 {
            game.restart().expect("a restart");
            game.undo().expect("an undo");
        } else {
            game.step(right).expect("a step");
            game.step(left).expect("a step");
        }
    }
    game
}

fn bench_restart_growth(c: &mut Criterion) {
    let mut group = c.benchmark_group("restart_undo");
    for n in [1_000usize, 100_000] {
        let mut game = walked(n);
        game.step(Input::Move(GridDir::Right)).expect("a step");
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| {
                black_box(game.restart().expect("a restart"));
                black_box(game.undo().expect("an undo"));
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("load");
    group.sample_size(10);
    for n in [10_000usize, 100_000, 1_000_000] {
        let text = walked(n).save();
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| Game::load(black_box(text)).expect("a valid save"))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = support::config();
    targets = bench_undo_redo, bench_state_hash, bench_restart_growth
}
criterion_main!(benches);
