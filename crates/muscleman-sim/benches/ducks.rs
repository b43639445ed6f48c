//! Actors bench: the actors phase costs in proportion to the actors (ducks,
//! ghosts), never to the level's area (rules.md §4: "the actors phase
//! visits the actors, not the level").
//!
//! Run with `cargo bench -p muscleman-sim --bench ducks`. Groups
//! `duck_step/{small_1,large_1,large_1000}` and `ghost_step/...` (the
//! same cases with ghosts): one iteration is one step in which the player
//! waits and every duck walks a cell or turns and quacks, every ghost
//! walks a cell or turns around.
//!
//! - `small_1`: a 10×10 walled room with one duck.
//! - `large_1`: a 1000×1000 walled room with one duck.
//! - `large_1000`: the same room with 1,000 ducks (ghosts).
//!
//! `small_1` and `large_1` should be within 30% of each other (the area
//! does not count), and `large_1000` about 1,000 times the duck's part of
//! `large_1` (a step without ducks costs the rest: see `step`).
//!
//! `DUCKS_PROFILE=NAME:N` runs `N` steps of one case (`small_1`,
//! `large_1`, `large_1000`; `ghost_large_1000` and so on with ghosts)
//! without criterion, for callgrind, whose instruction counts do not
//! depend on the machine's load.

mod rig;

use rig::Rig;

use criterion::{BenchmarkId, Criterion, criterion_group};
use muscleman_core::{EntityRecipe as R, EntitySpec, GridPos, Input, RecipeState};
use muscleman_level::Level;

/// A walled room of `size`×`size` with the player at (1, 1) and `ducks`
/// actors of recipe `actor` two cells apart from (3, 3), row after row,
/// facing every way in turn.
fn level(size: usize, ducks: usize, actor: R) -> Level {
    let mut level = Level::new(size, size).expect("the level fits");
    let at = |x: usize, y: usize| {
        GridPos::new(
            i32::try_from(x).expect("x fits"),
            i32::try_from(y).expect("y fits"),
        )
    };
    for i in 0..size {
        for (x, y) in [(i, 0), (i, size - 1), (0, i), (size - 1, i)] {
            let _ = level.set_cell(at(x, y), [R::WallStrong]);
        }
    }
    level.add(at(1, 1), R::Player).expect("the player fits");
    let per_row = (size - 4) / 2;
    let ways = [
        RecipeState::Up,
        RecipeState::Right,
        RecipeState::Down,
        RecipeState::Left,
    ];
    for i in 0..ducks {
        let duck = EntitySpec::new(actor).with_state(ways[i % 4]);
        level
            .add(at(3 + 2 * (i % per_row), 3 + 2 * (i / per_row)), duck)
            .expect("a duck fits");
    }
    level
}

/// The cases: name, room size, ducks.
const CASES: [(&str, usize, usize); 3] = [
    ("small_1", 10, 1),
    ("large_1", 1000, 1),
    ("large_1000", 1000, 1000),
];

fn duck_step(c: &mut Criterion) {
    let mut group = c.benchmark_group("duck_step");
    for (name, size, ducks) in CASES {
        let mut rig = Rig::new(&level(size, ducks, R::Duck));
        rig.step_with(Input::Wait);
        assert_eq!(rig.events.len(), ducks, "each duck walks or quacks once");
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| rig.step_with(Input::Wait))
        });
    }
    group.finish();
}

fn ghost_step(c: &mut Criterion) {
    let mut group = c.benchmark_group("ghost_step");
    for (name, size, ghosts) in CASES {
        let mut rig = Rig::new(&level(size, ghosts, R::Ghost));
        rig.step_with(Input::Wait);
        // Every ghost walks but the ones facing the wall above, which turn
        // around silently.
        assert!(rig.events.len() * 4 >= ghosts * 3, "the ghosts walk");
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| rig.step_with(Input::Wait))
        });
    }
    group.finish();
}

criterion_group!(benches, duck_step, ghost_step);

/// Run the benches, or with `DUCKS_PROFILE=NAME:N` exactly `N` steps of
/// case `NAME` (after loading and one checked step), for callgrind.
fn main() {
    if let Ok(spec) = std::env::var("DUCKS_PROFILE") {
        let (name, n) = spec.split_once(':').unwrap_or((spec.as_str(), "1000"));
        let n: u64 = n.parse().expect("DUCKS_PROFILE=NAME:N");
        let (case_name, actor) = match name.strip_prefix("ghost_") {
            Some(case) => (case, R::Ghost),
            None => (name, R::Duck),
        };
        let (_, size, ducks) = CASES
            .into_iter()
            .find(|(case, _, _)| *case == case_name)
            .expect("DUCKS_PROFILE names a case");
        let mut rig = Rig::new(&level(size, ducks, actor));
        for _ in 0..n {
            rig.step_with(Input::Wait);
        }
        println!("{n} steps of {name}");
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
