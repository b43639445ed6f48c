//! Floors bench: a step on a level of ten floors costs what a step on a
//! level of one floor does (rules.md §4 "Floors": every rule works within
//! one floor, and the world keeps each floor in its own band of rows, with
//! its own dense part of the spatial index).
//!
//! Run with `cargo bench -p muscleman-sim --bench floors`. One iteration is
//! one step; the player walks right and left in turn.
//!
//! - `floor_step/walk/1`: a 20×20 room, the only floor.
//! - `floor_step/walk/10`: the same room ten times, the player on floor 10
//!   (every floor above the first is looked up past floor 1's rectangle).
//! - `floor_step/stairs/10`: on floor 5 of the ten, in turn up the stairs,
//!   off them, down again and off: half the steps change floor.
//!
//! The walks should be within 10% of each other.
//!
//! `FLOORS_PROFILE=NAME:N` runs `N` steps of one case (`walk_1`,
//! `walk_10`, `stairs_10`) instead, for callgrind (BENCHMARKS.md).

mod rig;

use rig::Rig;

use criterion::{BenchmarkId, Criterion, criterion_group};
use muscleman_core::LevelTransition;
use muscleman_level::Level;

/// A level of `floors` floors, each a 20×20 walled room with a few boxes;
/// the player on floor `player` at (5, 5). With `stairs`, stairs at (6, 5)
/// join floors 1 and 2, 3 and 4, ... (up on the odd floor, down on the
/// even one).
fn level(floors: usize, player: usize, stairs: bool) -> Level {
    let mut text = String::from("legend: u = StairsUp\nlegend: d = StairsDown\n");
    for f in 1..=floors {
        text.push_str(&format!("floor: F{f}\n"));
        for y in 0..20 {
            for x in 0..20 {
                let c = if x == 0 || y == 0 || x == 19 || y == 19 {
                    '#'
                } else if (x, y) == (5, 5) && f == player {
                    '@'
                } else if (x, y) == (6, 5) && stairs && f % 2 == 1 && f < floors {
                    'u'
                } else if (x, y) == (6, 5) && stairs && f % 2 == 0 {
                    'd'
                } else if x % 4 == 2 && y % 4 == 2 && y > 8 {
                    '$'
                } else {
                    ' '
                };
                text.push(c);
            }
            text.push('\n');
        }
    }
    Level::parse(&text).expect("the bench level reads")
}

fn floor_step(c: &mut Criterion) {
    let mut group = c.benchmark_group("floor_step");
    for floors in [1, 10] {
        let mut rig = Rig::new(&level(floors, floors, false));
        rig.shuttle();
        assert!(rig.events.of::<LevelTransition>().next().is_none());
        group.bench_function(BenchmarkId::new("walk", floors), |b| {
            b.iter(|| rig.shuttle())
        });
    }
    let mut rig = Rig::new(&level(10, 5, true));
    rig.shuttle();
    assert_eq!(rig.events.of::<LevelTransition>().count(), 1, "up");
    rig.shuttle();
    rig.shuttle();
    assert_eq!(rig.events.of::<LevelTransition>().count(), 1, "down");
    rig.shuttle();
    group.bench_function(BenchmarkId::new("stairs", 10), |b| b.iter(|| rig.shuttle()));
    group.finish();
}

criterion_group!(benches, floor_step);

/// Run the benches, or with `FLOORS_PROFILE=NAME:N` exactly `N` steps of
/// case `NAME` (after loading and its checked first steps), for callgrind.
fn main() {
    if let Ok(spec) = std::env::var("FLOORS_PROFILE") {
        let (name, n) = spec.split_once(':').unwrap_or((spec.as_str(), "10000"));
        let n: u64 = n.parse().expect("FLOORS_PROFILE=NAME:N");
        let mut rig = match name {
            "walk_1" => Rig::new(&level(1, 1, false)),
            "walk_10" => Rig::new(&level(10, 10, false)),
            "stairs_10" => Rig::new(&level(10, 5, true)),
            other => panic!("unknown FLOORS_PROFILE case {other}"),
        };
        for _ in 0..n {
            rig.shuttle();
        }
        println!("{n} steps of {name}");
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
